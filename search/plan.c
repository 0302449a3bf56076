/* plan.c — see plan.h.  Every decision about which search runs with which
 * layers is here, with its reason: the command only parses and prints.
 * (docs/architecture.md, "One plan"; the reductions' own eligibility rules
 * stay in reduce/ and heap/, which the plan asks.) */
#include "plan.h"
#include "../heap/heap.h"
#include "../reduce/por.h"
#include "sym/sym.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const NAMES[NSEARCH] = { "depth-first search", "Twophase", "Improviso", "-bfs", "-a/-l (nested DFS)", "-cores (parallel BFS)", "-dist (distributed BFS)", "-dist -a/-l (OWCTY)", "-symbolic (BDD)" };

const char *search_name(SearchKind se)
{
	return se >= 0 && se < NSEARCH ? NAMES[se] : "?";
}

static void note(Plan *p, int always, const char *fmt, const char *a, const char *b)
{
	if (p->nnotes >= PLAN_MAXNOTES)
		return;
	snprintf(p->notebuf[p->nnotes], sizeof p->notebuf[0], fmt, a, b);
	p->notes[p->nnotes] = p->notebuf[p->nnotes];
	p->always[p->nnotes++] = always;
}

/* why partial-order reduction cannot run under the nested search (or
 * OWCTY) for this property, or NULL (docs/liveness.md) */
static const char *por_refused_cycles(VM *vm, const PlanOpts *o, const Plan *p)
{
	const Model *m = vm->m;
	if (o->fair)
		return "weak fairness is not preserved by the reduction";
	if (!m->never || (o->accept == 1 && vm_proc_accept(vm)))
		return "accept labels in the processes are not a claim whose visible moves dspin knows";
	if (!p->claim_si)
		return "a hand-written never claim may not be stutter-invariant (an ltl formula is)";
	/* OWCTY keeps a level and a choice per system state of a stored node
	 * (docs/distributed.md, "Partial-order reduction under OWCTY") */
	if (p->so.kind == SEARCH_OWCTY && p->so.cache_backedge)
		return "-cache=backedge leaves nodes unstored, with no level or choice to keep";
	if (p->so.kind == SEARCH_OWCTY && p->proc_on)
		return "under process symmetry OWCTY expands each node with the identities of its own first arrival, not one set per system state as the nested search does, and one choice per system state is not shown sound with that";
	return NULL;
}

/* what every search takes from the options as they are */
static void common_opts(const PlanOpts *o, SearchOpts *so)
{
	so->keep_going = o->keep_going;
	so->numbered = o->numbered;
	so->max_errors = o->max_errors;
	so->max_depth = o->depth;
	so->mem_limit = (size_t)o->mem_mb << 20;
	so->mem_default = o->mem_default;
	so->quiet = o->quiet || o->json;
	so->trail_path = o->compare_row ? NULL : o->trail_path;   /* -compare writes no trails */
	so->trail_opts = o->trail_opts;
}

/* the unreached-code report's marks, then the stack sp describes.  Every
 * worker of this process shares the marks; under -dist each rank marks
 * its own, and the search merges them into rank 0's */
static void build_stack(VM *vm, const PlanOpts *o, Plan *p, StackSpec *sp)
{
	SearchOpts *so = &p->so;
	p->nreached = !o->compare_row && !o->no_unreached ? (size_t)vm->prog->ntrans + 1 : 0;
	p->reached = p->nreached ? calloc(p->nreached, 1) : NULL;
	sp->reached = p->reached;
	so->reached = p->reached;
	so->nreached = p->nreached;
	so->stack = stack_build(vm, sp);
}

/* -symbolic on a model of its fragment: the plain stack (the VM, -E's
 * layer, -deadvars'), no reduction (issue 39: symbolic Improviso is to
 * come); a reduction asked for by name is said to be left out */
static int plan_symbolic(VM *vm, const PlanOpts *o, int plan_only, Plan *p)
{
	SearchOpts *so = &p->so;
	so->kind = SEARCH_SYM;
	so->cores = 1;
	so->sym_chain = o->sym_chain;
	so->sym_sift = o->sym_sift;
	p->ends_off = o->no_ends;
	so->ends_off = p->ends_off;
	p->sym_ran = "none";
	p->por_ran = p->por_head = "none";
	if (strstr(o->sym, "proc") && !o->compare_row)
		note(p, 0, "process symmetry does not run under -symbolic; searching without it", NULL, NULL);
	/* -por=improviso: the static classification as a layer that only
	 * answers safe_group (no ample sets), as for the explicit Improviso */
	if (!strcmp(o->por, "improviso")) {
		p->pt = por_table(vm, POR_STATIC, NULL);
		p->nsafe = por_table_nsafe(p->pt);
		so->improviso = p->nsafe > 0;
		if (so->improviso) {
			p->pormode = POR_STATIC;
			p->por_ran = p->por_head = "improviso";
		}
	} else if (o->por_given && strcmp(o->por, "none") && !o->compare_row)
		note(p, 0, "-por=%s does not run under -symbolic (-por=improviso does); searching without partial-order reduction", o->por, NULL);
	if (plan_only)
		return 0;
	StackSpec sp = { .deadvars = o->deadvars, .no_ends = p->ends_off, .por = so->improviso ? p->pt : NULL, .por_ample = 0 };
	build_stack(vm, o, p, &sp);
	return 0;
}

int plan_make(VM *vm, const PlanOpts *o, int plan_only, Plan *p, const char **err)
{
	const Model *m = vm->m;
	memset(p, 0, sizeof *p);
	*err = NULL;
	SearchOpts *so = &p->so;
	int bfs = o->bfs, dist = o->dist;
	common_opts(o, so);
	if (o->symbolic) {
		p->sym_refused = sym_refused(m);
		if (p->sym_refused && !o->compare_row)
			note(p, 1, "-symbolic left out: the model has %s, outside the symbolic fragment; the explicit search runs", p->sym_refused, NULL);
		else if (!p->sym_refused)
			return plan_symbolic(vm, o, plan_only, p);
	}
	so->accept = o->accept;
	if (o->fair && !o->accept) { *err = "-f (weak fairness) goes with -a or -l"; return -1; }
	if (o->accept && o->bfs) {
		note(p, 1, "-a/-l need the depth-first search; -bfs ignored", NULL, NULL);
		bfs = 0;
	}
	if (o->accept && !strcmp(o->cache, "none")) {
		*err = "-cache=none does not go with -a/-l: the nested search must store states to end (-cache=backedge stores fewest)";
		return -1;
	}
	so->cache_backedge = o->accept && !strcmp(o->cache, "backedge");
	so->store_mode = o->compress ? STORE_TREE : o->store_mode;
	so->wbits = o->wbits;
	so->progress = !o->quiet && !o->json;
	so->cores = o->cores;
	so->dfs_window = o->dfs_window;
	int pormode = !strcmp(o->por, "none") ? POR_NONE : !strcmp(o->por, "si") ? POR_SI : POR_STATIC;
	int twophase = !strcmp(o->por, "twophase");
	int improviso = !strcmp(o->por, "improviso");
	if ((twophase || improviso) && (bfs || so->accept || so->cores > 1 || dist)) {
		if (!o->compare_row)
			note(p, 0, "%s is a depth-first safety strategy; %s uses the static reduction",
			     twophase ? "Twophase" : "Improviso", dist ? "-dist" : so->cores > 1 ? "-cores" : bfs ? "-bfs" : "-a/-l");
		twophase = improviso = 0;
	}
	/* pan -e's numbered trails come from the searches that keep a path
	 * to every state (the depth-first, nested and breadth-first ones) */
	if (o->keep_going && (dist || so->cores > 1) && !o->compare_row && !o->json)
		note(p, 0, "-e with %s writes the first error's trail only (the depth-first, nested and breadth-first searches write one per error)",
		     dist ? "-dist" : "-cores", NULL);
	so->kind = so->accept ? (dist ? SEARCH_OWCTY : SEARCH_NDFS) : dist ? SEARCH_DIST : so->cores > 1 ? SEARCH_PAR
		: bfs ? SEARCH_BFS : twophase ? SEARCH_TWOPHASE : improviso ? SEARCH_IMPROVISO : SEARCH_DFS;
	p->heap_canonical = strstr(o->sym, "heap") != NULL;
	/* an object's channel id that became data: no renumbering (issue 37) */
	p->heap_refused = p->heap_canonical && m->has_heap ? heap_symmetry_refused(m) : NULL;
	if (p->heap_refused)
		p->heap_canonical = 0;
	p->heap_ran = p->heap_canonical && m->has_heap;
	/* symmetric independence holds modulo the heap permutation only */
	if (pormode == POR_SI && !p->heap_ran)
		pormode = POR_STATIC;
	if (strstr(o->sym, "proc"))
		p->ps = procsym_analyze_for(vm, p->heap_canonical, so->accept != 0);
	p->proc_on = p->ps && p->ps->any;
	/* An ltl formula's claim is stutter-invariant, and the nested search
	 * (-a) may reduce under it: the reduction keeps a run stutter-
	 * equivalent to each, so an accepting cycle is kept.  A plain run
	 * asks instead whether the claim reaches its end, and a run
	 * stutter-equivalent to one that does need not take the automaton
	 * there (not shown for dspin's automata): there the claim observes
	 * every move, as a hand-written one does */
	p->claim_si = o->accept == 2 || (o->ltl_claim && o->accept == 1);
	if (pormode != POR_NONE && o->accept)
		p->por_refused = por_refused_cycles(vm, o, p);
	if (pormode != POR_NONE && p->por_refused) {
		/* the default -por=si says nothing; an explicit one is warned */
		if (!o->compare_row && o->por_given)
			note(p, 0, "partial-order reduction is not available with %s: %s; searching without it", search_name(p->so.kind), p->por_refused);
		pormode = POR_NONE;
	}
	p->pormode = pormode;
	if (pormode != POR_NONE) {
		p->pt = por_table(vm, pormode, p->proc_on ? p->ps : NULL);
		p->nsafe = por_table_nsafe(p->pt);
	}
	/* no invalid end states with -E, and, as pan (which checks them only
	 * without a_cycles), under -a on the processes' accept labels */
	int accept_stutter = !m->never && o->accept == 1 && vm_proc_accept(vm);
	p->ends_off = accept_stutter || (!m->never && (o->no_ends || (o->accept == 1 && o->claim_accept)));
	if (p->nsafe > 0 && twophase) so->twophase = !strcmp(o->cache, "all") ? 1 : !strcmp(o->cache, "backedge") ? 2 : 3;
	so->improviso = p->nsafe > 0 && improviso;
	/* no safe location: Twophase and Improviso are the plain search */
	if ((p->so.kind == SEARCH_TWOPHASE && !so->twophase) || (p->so.kind == SEARCH_IMPROVISO && !so->improviso))
		so->kind = SEARCH_DFS;
	p->por_ran_static = p->nsafe > 0 && !twophase && !improviso;
	const char *stat = pormode == POR_SI ? "si" : "static";
	p->por_ran = so->twophase == 1 ? "twophase cache=all" : so->twophase == 2 ? "twophase cache=backedge"
		: so->twophase == 3 ? "twophase cache=none" : so->improviso ? "improviso"
		: p->por_ran_static ? stat : "none";
	if (so->cache_backedge)
		p->por_ran = p->por_ran_static ? (pormode == POR_SI ? "si cache=backedge" : "static cache=backedge") : "none cache=backedge";
	/* the reduction that ran, not the one asked for: -por=twophase under
	 * -a or -bfs runs the static one (issue 40) */
	p->por_head = so->twophase ? "twophase" : so->improviso ? "improviso" : p->por_ran_static ? stat : "none";
	/* heap symmetry without objects, or process symmetry without
	 * interchangeable processes, is no reduction at all */
	p->sym_ran = p->heap_ran ? (p->proc_on ? "heap,proc" : "heap") : (p->proc_on ? "proc" : "none");
	if (plan_only)
		return 0;
	/* the stack: semantics, then the reductions (vm/next.h) */
	StackSpec sp = { .heap_canonical = p->heap_canonical, .deadvars = o->deadvars, .ps = p->proc_on ? p->ps : NULL,
		.no_stutter = o->accept == 2, .no_ends = p->ends_off, .accept_stutter = accept_stutter,
		.claim_stutter_invariant = p->claim_si, .fair = o->fair, .por = p->nsafe > 0 ? p->pt : NULL,
		.por_ample = !twophase && !improviso };
	build_stack(vm, o, p, &sp);
	return 0;
}

int plan_run(VM *vm, Plan *p, SearchResult *r)
{
	return search_run(vm, &p->so, r);
}

void plan_free(Plan *p)
{
	free(p->reached);
	p->reached = NULL;
}

void plan_describe(const Plan *p, const PlanOpts *o, FILE *f)
{
	const SearchOpts *so = &p->so;
	const char *store = so->store_mode == STORE_TREE ? "exact, tree-compressed" : so->store_mode == STORE_HC ? "hash compaction (64-bit fingerprints)"
		: so->store_mode == STORE_BITSTATE ? "bitstate" : "exact";
	fprintf(f, "dspin: plan: %s", search_name(p->so.kind));
	if (p->so.kind == SEARCH_PAR) fprintf(f, ", %d cores", so->cores);
	fprintf(f, "; store %s", store);
	if (so->mem_limit) fprintf(f, ", at most %ld MB", o->mem_mb);
	if (so->max_depth) fprintf(f, "; depth bound %ld", so->max_depth);
	fprintf(f, "\ndspin: plan: the next-state stack, top first:");
	for (const Layer *l = so->stack; l; l = l->below)
		fprintf(f, " %s%s", l->name ? l->name : "?", l->below ? " ->" : "");
	fprintf(f, "\ndspin: plan: sym=%s por=%s", p->sym_ran, p->por_ran);
	if (p->pt) fprintf(f, " (%d safe location%s)", p->nsafe, p->nsafe == 1 ? "" : "s");
	if (p->heap_refused) fprintf(f, "; heap symmetry left out: %s", p->heap_refused);
	if (p->por_refused) fprintf(f, "; partial-order reduction left out: %s", p->por_refused);
	fputc('\n', f);
}
