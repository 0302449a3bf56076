/* summary.c — see summary.h.  The text follows pan's summary line for line
 * where pan has one (docs/output.md compares them); the JSON line has one
 * key per figure (docs/output.md, "-json"). */
#include "summary.h"
#include "report.h"
#include "unreached.h"
#include "../reduce/reduce.h"
#include <math.h>

int summary_exit_code(const SearchResult *r)
{
	return r->errors ? 1 : r->incomplete ? 3 : 0;
}

/* the search stopped at an error (the first, or -cN's): not complete */
static int stopped_at_error(const PlanOpts *o, const SearchResult *r)
{
	return r->errors && (!o->keep_going || (o->max_errors && r->errors >= o->max_errors));
}

/* the symbolic search's count: exact below 2^64, as the BDD counts it above */
static void print_count(FILE *f, const char *fmt_small, const char *fmt_big, long double n)
{
	if (n < 18446744073709551616.0L)
		fprintf(f, fmt_small, (unsigned long long)n);
	else
		fprintf(f, fmt_big, n);
}

static double rate_of(const SearchResult *r)
{
	return r->secs > 0 ? r->stored / r->secs : 0;
}

void summary_json(FILE *f, const Summary *s)
{
	const Plan *p = s->p;
	const PlanOpts *o = s->o;
	const SearchResult *r = s->r;
	const Model *m = s->vm->m;
	const SearchOpts *so = &p->so;
	int dist = p->so.kind == SEARCH_DIST || p->so.kind == SEARCH_OWCTY;
	fprintf(f, "{\"model\":"); json_text(f, o->file);
	int symb = p->so.kind == SEARCH_SYM;
	fprintf(f, ",\"sym\":\"%s\",\"por\":\"%s\",\"search\":\"%s\",\"cores\":%d", o->sym, o->por,
	        symb ? "symbolic" : o->bfs || o->cores > 1 || o->dist ? "bfs" : "dfs", o->cores);
	if (o->symbolic)
		fprintf(f, ",\"symbolic_refused\":"), p->sym_refused ? json_text(f, p->sym_refused) : (void)fprintf(f, "null");
	if (symb) {
		const SymStats *y = &r->sym;
		fprintf(f, ",\"levels\":%d,\"bdd_nodes\":%d,\"bdd_peak_nodes\":%d,\"relation_nodes\":%d,\"groups\":%d,\"projections_learned\":%ld,\"witness_expansions\":%ld,\"layout\":{\"process_cells\":%d,\"channel_cells\":%d,\"bytes\":%d}",
		        y->levels, y->nodes, y->peak_nodes, y->rel_nodes, y->groups, y->learned, y->next_calls, y->pmax, y->kmax, y->width);
		if (so->improviso)
			fprintf(f, ",\"improviso_phases\":%d,\"safe_calls\":%ld", y->phases, y->safe_calls);
		fprintf(f, ",\"reorderings\":%d,\"significant_bits\":%d,\"restarts\":%d,\"probe_steps\":%ld", y->sifts, y->vars / 2, y->restarts, y->probe_steps);
	}
	if (dist) {
		fprintf(f, ",\"ranks\":%d,\"per_rank\":[", r->nranks);
		for (int i = 0; r->ranks && i < r->nranks; i++)
			fprintf(f, "%s{\"rank\":%d,\"states\":%llu,\"messages\":%llu,\"states_sent\":%llu,\"states_not_resent\":%llu,\"peak_rss_mb\":%.1f,\"elapsed_s\":%.3f,\"cpu_s\":%.3f,\"wait_s\":%.3f}",
			        i ? "," : "", i, (unsigned long long)r->ranks[i].stored, (unsigned long long)r->ranks[i].messages,
			        (unsigned long long)r->ranks[i].sent_states, (unsigned long long)r->ranks[i].not_resent,
			        r->ranks[i].peak_mb, r->ranks[i].secs, r->ranks[i].cpu_secs, r->ranks[i].wait_secs);
		fprintf(f, "]");
	}
	/* what ran, as opposed to what was asked: si falls back to the
	 * static reduction, and -cache only means something to twophase.
	 * Scripts that try every option (tests/gen/driver.sh) use it to
	 * run each distinct algorithm once. */
	fprintf(f, ",\"cache\":\"%s\",\"algorithm\":\"sym=%s por=%s%s\"", o->cache, p->sym_ran, p->por_ran, o->deadvars ? " deadvars" : "");
	fprintf(f, ",\"deadvars\":%s", o->deadvars ? "true" : "false");
	const NativeInfo *ni = &s->vm->native;
	fprintf(f, ",\"native\":{\"tried\":%s,\"flat_code\":%d,\"compiled\":%d,\"location_functions\":%d,\"compile_s\":%.3f,\"how\":", ni->tried ? "true" : "false",
	        ni->candidates, ni->compiled, ni->nloc, ni->compile_secs);
	json_text(f, ni->tried ? ni->how : "-native=off");
	fprintf(f, "}");
	/* the never claim line's "+ (ltl NAME)" */
	fprintf(f, ",\"claim\":");
	if (!m->never) fprintf(f, "null");
	else if (o->accept == 2) fprintf(f, "\"non-progress\"");
	else {
		char cl[600];
		snprintf(cl, sizeof cl, "%s%s%s", o->claim_name ? o->claim_kind : "never", o->claim_name ? " " : "", o->claim_name ? o->claim_name : "");
		json_text(f, cl);
	}
	if (p->ps) {
		fprintf(f, ",\"symmetric_proctypes\":[");
		int first = 1;
		for (int i = 0; i < m->nptypes; i++) if (p->ps->eligible[i]) { fprintf(f, "%s", first ? "" : ","); json_text(f, m->ptypes[i]->name); first = 0; }
		fprintf(f, "]");
	}
	fprintf(f, ",\"state_vector_bytes\":%d,\"depth_reached\":%ld,\"errors\":%d", r->max_vec, r->depth, r->errors);
	fprintf(f, ",\"states_stored\":");
	if (symb)
		print_count(f, "%llu", "%.17Lg", r->sym.states);
	else
		fprintf(f, "%llu", (unsigned long long)r->stored);
	fprintf(f, ",\"states_matched\":%llu,\"transitions\":%llu,\"atomic_steps\":%llu",
	        (unsigned long long)r->matched,
	        (unsigned long long)r->transitions, (unsigned long long)r->atomic_steps);
	fprintf(f, ",\"max_objects\":%d,\"heap_renumbered\":%llu,\"procs_permuted\":%llu,\"por_reduced_states\":%llu",
	        r->stats.max_objects, r->stats.heap_renumbered, r->stats.procs_permuted,
	        (unsigned long long)(so->twophase || so->improviso ? r->por_reduced : r->stats.por_reduced));
	fprintf(f, ",\"memory_mb\":%.3f,\"elapsed_s\":%.3f,\"states_per_s\":%.0f", r->mem / 1048576.0, r->secs, rate_of(r));
	fprintf(f, ",\"memory_bound_mb\":%ld,\"memory_bound_default\":%s", o->mem_mb, o->mem_default ? "true" : "false");
	fprintf(f, ",\"storage\":\"%s\"", o->compress ? "tree" : o->store_mode == STORE_HC ? "hc" : o->store_mode == STORE_BITSTATE ? "bitstate" : "exact");
	fprintf(f, ",\"store_mb\":%.3f,\"bytes_per_state\":%.2f", r->store_bytes / 1048576.0,
	        r->stored ? (double)r->store_bytes / (double)r->stored : 0.0);
	if (o->store_mode == STORE_HC) fprintf(f, ",\"expected_collisions\":%.6g", r->omission);
	if (o->store_mode == STORE_BITSTATE)
		fprintf(f, ",\"bitstate_bits\":%d,\"hash_factor\":%.3f,\"omission_probability\":%.6g", o->wbits,
		        r->stored ? ldexp(1.0, o->wbits) / (double)r->stored : 0.0, r->omission);
	int stopped = stopped_at_error(o, r);
	fprintf(f, ",\"complete\":%s,\"incomplete_reason\":", r->incomplete || stopped ? "false" : "true");
	if (r->incomplete == 3) json_text(f, r->bound_msg);
	else fprintf(f, "%s", r->incomplete == 1 ? "\"depth bound\"" : r->incomplete == 2 ? "\"memory bound\"" : stopped ? (o->keep_going ? "\"stopped at the -cN error\"" : "\"stopped at the first error\"") : "null");
	fprintf(f, ",\"first_error\":"); if (r->errors) json_text(f, r->first_error); else fprintf(f, "null");
	fprintf(f, ",\"error_kinds\":[");
	for (int i = 0; i < r->nkinds; i++) { if (i) fprintf(f, ","); json_text(f, r->kinds[i]); }
	fprintf(f, "]%s", r->kinds_full ? ",\"error_kinds_full\":true" : "");
	fprintf(f, ",\"trail\":"); if (r->trail_written) json_text(f, s->trail); else fprintf(f, "null");
	fprintf(f, ",\"unreached\":");
	if (!p->reached || stopped || unreached_json(s->vm, p->reached, f) < 0) fprintf(f, "null");
	fprintf(f, ",\"exit\":%d}\n", summary_exit_code(r));
}

/* the reductions and checks that ran: the lines under "search for:" */
static void text_head(FILE *f, const Summary *s)
{
	const Plan *p = s->p;
	const PlanOpts *o = s->o;
	const SearchResult *r = s->r;
	const Model *m = s->vm->m;
	const SearchOpts *so = &p->so;
	int dist = p->so.kind == SEARCH_DIST || p->so.kind == SEARCH_OWCTY;
	fprintf(f, "\n(dspin %s)\n", DSPIN_VERSION);
	if (p->so.kind == SEARCH_SYM) {
		fprintf(f, "%s statespace search for:  -symbolic -por=%s\n", r->incomplete ? "Partial" : "Full", p->por_head);
		fprintf(f, "\tsymbolic: BDDs (BuDDy), %s; a relation per process location, learned from the explicit next-state function\n",
		        so->improviso ? "Improviso's two phases (images of one safe process at a time, then of all)"
		        : so->sym_chain ? "chained images (-order=chain: each process's on the set grown by the ones before)" : "breadth-first images");
	} else
	fprintf(f, "%s statespace search for:  -sym=%s -por=%s%s\n", r->incomplete ? "Partial" : "Full",
	        p->heap_canonical ? (p->proc_on ? "heap,proc" : "heap") : (p->proc_on ? "proc" : "none"), p->por_head, o->bfs || o->cores > 1 ? " -bfs" : "");
	if (o->cores > 1) fprintf(f, "\t%d cores: breadth-first by levels, one lock-free state table\n", o->cores);
	if (dist) fprintf(f, "\t%d ranks (MPI): %s, states partitioned by hash\n", r->nranks,
	                  o->accept ? "OWCTY (breadth-first passes)" : "breadth-first by levels");
	if (p->sym_refused) fprintf(f, "\t-symbolic: left out: the model has %s (docs/symbolic.md)\n", p->sym_refused);
	const NativeInfo *ni = &s->vm->native;
	if (ni->tried && ni->compiled)
		fprintf(f, "\tnative code: %d of %d flat guards and assignments as machine code (%s)\n", ni->compiled, ni->candidates, ni->how);
	else if (ni->tried && ni->candidates)
		fprintf(f, "\tnative code: none, the interpreter runs every guard (%s)\n", ni->how);
	if (p->heap_refused) fprintf(f, "\theap symmetry: left out: %s\n", p->heap_refused);
	if (p->ps) procsym_report(s->vm, p->ps, f);
	if (o->deadvars) fprintf(f, "\tdead variable elimination: %s\n", deadvars_ranges(so->stack) ? "locals reset where dead" : "no proctype takes part");
	int nsafe = p->nsafe;
	if (so->twophase) fprintf(f, "\tpartial-order reduction: Twophase, -cache=%s, %d safe location%s\n", o->cache, nsafe, nsafe == 1 ? "" : "s");
	if (so->cache_backedge) fprintf(f, "\t%s: -cache=backedge (a state is stored only when reached from a greater one)\n",
	                                dist ? "OWCTY" : "nested search");
	if (so->improviso) fprintf(f, "\tpartial-order reduction: Improviso, %d safe location%s\n", nsafe, nsafe == 1 ? "" : "s");
	if (p->por_ran_static) fprintf(f, "\tpartial-order reduction: %d safe location%s%s\n", nsafe, nsafe == 1 ? "" : "s",
	                               por_one_process(s->vm) ? " (one process: nothing to reduce, every state fully expanded)" : "");
	else if (p->por_refused) fprintf(f, "\tpartial-order reduction: not with %s: %s\n", search_name(p->so.kind), p->por_refused);
	else if (p->pormode != POR_NONE && !so->twophase && !so->improviso) fprintf(f, "\tpartial-order reduction: no safe locations\n");
	/* which claim ran, as pan's "never claim + (NAME)" */
	if (!m->never) fprintf(f, "\tnever claim\t\t- (none)\n");
	else if (o->accept == 2) fprintf(f, "\tnever claim\t\t+ (non-progress)\n");
	else if (o->claim_name) fprintf(f, "\tnever claim\t\t+ (%s %s)\n", o->claim_kind, o->claim_name);
	else fprintf(f, "\tnever claim\t\t+ (never)\n");
	fprintf(f, "\tassertion violations\t%s\n", o->no_asserts ? "- (disabled by -A flag)" : "+");
	if (o->accept) fprintf(f, "\t%s cycles\t+ (fairness %s)\n", o->accept == 2 ? "non-progress" : "acceptance", o->fair ? "enabled" : "disabled");
	fprintf(f, "\tinvalid end states\t%s\n\trun-time errors\t\t+\n\n", m->never ? "- (disabled by never claim)"
	        : !p->ends_off ? "+" : o->no_ends ? "- (disabled by -E flag)" : "- (disabled by -a on accept labels, as pan)");
}

/* the end of the summary, for every search: the unreached code, the
 * time, why the search is incomplete, the trail */
static void text_tail(FILE *f, const Summary *s);

/* -symbolic's counts (pan has no such lines) */
static void symbolic_text(FILE *f, const Summary *s)
{
	const SearchResult *r = s->r;
	const SymStats *y = &r->sym;
	fprintf(f, "Fixed state vector %d byte (%d process cells, %d channel cells; %d significant bits), %s %d, errors: %d\n",
	        y->width, y->pmax, y->kmax, y->vars / 2, s->p->so.improviso ? "images" : s->p->so.sym_chain ? "iterations" : "levels", y->levels, r->errors);
	if (y->restarts)
		fprintf(f, "%9d restarts (a larger layout, more bits for a byte, or the attach order)\n", y->restarts);
	fprintf(f, "%9ld macro-steps of random walks for the first bits\n", y->probe_steps);
	if (s->p->so.improviso)
		fprintf(f, "%9d Improviso phases (phase 1, then phase 2), %ld states asked whether a process is safe\n", y->phases, y->safe_calls);
	print_count(f, "%9llu states, reachable (counted on the BDD, exactly)\n", "%9.6Lg states, reachable (counted on the BDD; exact to 64 bits)\n", y->states);
	fprintf(f, "%9d BDD nodes of the reachable set\n%9d BDD nodes in use at most\n", y->nodes, y->peak_nodes);
	if (y->sifts)
		fprintf(f, "%9d variable reorderings (%s)\n", y->sifts, s->p->so.sym_sift ? "-sift: sifting" : "the attach order");
	fprintf(f, "%9d BDD nodes in the learned relations (%d transition groups)\n", y->rel_nodes, y->groups);
	fprintf(f, "%9ld projections learned, %ld witnesses expanded\n", y->learned, y->next_calls);
	fprintf(f, "%9.3f BDD node table at most (Mbyte)\n", r->mem / 1048576.0);
	if (s->o->mem_mb)
		fprintf(f, "%9ld MB memory bound on the node table%s\n", s->o->mem_mb, s->o->mem_default ? " (the default: 3/4 of this machine's memory; -M N sets another, -M 0 none)" : " (-M)");
	text_tail(f, s);
}

void summary_text(FILE *f, const Summary *s)
{
	const Plan *p = s->p;
	const PlanOpts *o = s->o;
	const SearchResult *r = s->r;
	const Model *m = s->vm->m;
	const SearchOpts *so = &p->so;
	text_head(f, s);
	if (so->kind == SEARCH_SYM) {
		symbolic_text(f, s);
		return;
	}
	fprintf(f, "State-vector %d byte, depth reached %ld, errors: %d\n", r->max_vec, r->depth, r->errors);
	fprintf(f, "%9llu states, stored\n", (unsigned long long)r->stored);
	fprintf(f, "%9llu states, matched\n", (unsigned long long)r->matched);
	fprintf(f, "%9llu transitions (= stored+matched%s)\n", (unsigned long long)r->transitions, so->cache_backedge ? "+explored again" : "");
	fprintf(f, "%9llu atomic steps\n", (unsigned long long)r->atomic_steps);
	fprintf(f, "%9.3f memory usage (Mbyte)\n", r->mem / 1048576.0);
	if (o->mem_mb)
		fprintf(f, "%9ld MB memory bound%s\n", o->mem_mb, o->mem_default ? " (the default: 3/4 of this machine's memory; -M N sets another, -M 0 none)" : " (-M)");
	/* (OWCTY sends every successor: no "not sent again") */
	for (int i = 0; r->ranks && i < r->nranks; i++) {
		fprintf(f, "\trank %d: %llu states, %llu messages (%llu states sent", i,
		        (unsigned long long)r->ranks[i].stored, (unsigned long long)r->ranks[i].messages,
		        (unsigned long long)r->ranks[i].sent_states);
		if (!o->accept)
			fprintf(f, ", %llu not sent again", (unsigned long long)r->ranks[i].not_resent);
		fprintf(f, "), peak resident %.1f Mbyte, %.3g s CPU, %.3g s waiting\n", r->ranks[i].peak_mb, r->ranks[i].cpu_secs, r->ranks[i].wait_secs);
	}
	if (m->has_heap) fprintf(f, "%9d objects in the largest heap\n", r->stats.max_objects);
	if (p->heap_canonical && m->has_heap) fprintf(f, "%9llu successors renumbered by heap symmetry\n", r->stats.heap_renumbered);
	if (p->proc_on) fprintf(f, "%9llu successors reordered by process symmetry\n", r->stats.procs_permuted);
	if (p->por_ran_static) fprintf(f, "%9llu states expanded with one process (partial-order reduction)\n", r->stats.por_reduced);
	if (so->twophase) fprintf(f, "%9llu deterministic phase-1 steps (Twophase)\n", (unsigned long long)r->por_reduced);
	if (so->improviso) fprintf(f, "%9llu phase-1 states expanded with one process (Improviso)\n", (unsigned long long)r->por_reduced);
	if (so->cache_backedge) fprintf(f, "%9llu states explored again without being stored (-cache=backedge)\n", (unsigned long long)r->revisits);
	text_tail(f, s);
}

static void text_tail(FILE *f, const Summary *s)
{
	const Plan *p = s->p;
	const PlanOpts *o = s->o;
	const SearchResult *r = s->r;
	/* as pan: not when the search stopped at an error */
	if (p->reached && !o->quiet && !stopped_at_error(o, r)) {
		fprintf(f, "\n");
		unreached_print(s->vm, p->reached, f);
	}
	fprintf(f, "\nelapsed time %.3g seconds\n", r->secs);
	if (r->secs > 0) fprintf(f, "states per second %.0f\n", rate_of(r));
	if (r->incomplete == 1) fprintf(f, "dspin: search incomplete: depth bound -m %ld reached\n", o->depth);
	if (r->incomplete == 2 && o->mem_mb && !o->mem_default) fprintf(f, "dspin: search incomplete: memory bound -M %ld MB reached\n", o->mem_mb);
	if (r->incomplete == 2 && o->mem_mb && o->mem_default)
		fprintf(f, "dspin: search incomplete: memory bound of %ld MB reached (the default: 3/4 of this machine's memory; -M N sets another, -M 0 none)\n", o->mem_mb);
	if (r->incomplete == 2 && !o->mem_mb) fprintf(f, "dspin: search incomplete: out of memory\n");
	if (o->compress)
		fprintf(f, "tree compression: store %.3f Mbyte, %.1f bytes per state (every state kept exactly)\n",
		        r->store_bytes / 1048576.0, r->stored ? (double)r->store_bytes / (double)r->stored : 0.0);
	if (o->store_mode == STORE_HC)
		fprintf(f, "hash compaction: 64-bit fingerprints; expected fingerprint collisions %.3g (each may hide states)\n", r->omission);
	if (o->store_mode == STORE_BITSTATE)
		fprintf(f, "bitstate: 2^%d bits, %d per state; hash factor %.1f (SPIN: best if > 100); a new state was taken as visited with probability %.3g at the end\n",
		        o->wbits, BITSTATE_K, r->stored ? ldexp(1.0, o->wbits) / (double)r->stored : 0.0, r->omission);
	if (r->bound_msg[0]) fprintf(f, "dspin: search incomplete: %s (a resource limit, not an error: the moves that needed more were not explored%s)\n",
	                             r->bound_msg, r->errors || !r->trail_written ? "" : "; the trail leads to the first");
	if (r->errors && r->trail_written) fprintf(f, "dspin: wrote %s\n", s->trail);
}
