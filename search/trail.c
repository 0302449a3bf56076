/* trail.c — writing and replaying error trails.
 * A trail is a text file: header lines (the format, the error, the options
 * that shape the state space), then one move per line
 * "pid tid rv_pid rv_tid sel claim".  Replay re-executes the moves from the
 * initial state and prints each step as `spin -t -p` would, then the final
 * values of globals, locals and channels. */
#include "search.h"
#include "expand.h"
#include "../heap/heap.h"
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

int trail_write(const SearchOpts *o, const Move *mv, int n, const char *err)
{
	return trail_write_cycle(o, mv, n, err, -1);
}

int trail_write_numbered(const SearchOpts *o, int num, const Move *mv, int n, const char *err)
{
	return trail_write_numbered_cycle(o, num, mv, n, err, -1);
}

int trail_write_numbered_cycle(const SearchOpts *o, int num, const Move *mv, int n, const char *err, int cycle)
{
	char path[4200];
	size_t len = strlen(o->trail_path);
	if (len > 6 && !strcmp(o->trail_path + len - 6, ".trail"))
		len -= 6;
	snprintf(path, sizeof path, "%.*s%d.trail", (int)len, o->trail_path, num);
	SearchOpts so = *o;
	so.trail_path = path;
	return trail_write_cycle(&so, mv, n, err, cycle);
}

/* cycle >= 0: the moves from index cycle on form the accepting cycle */
/* A cycle of representatives under process symmetry can close with the
 * interchangeable processes' identities permuted: t[x] is the identity
 * that x's position holds after one turn (from: the identities at the
 * cycle's start, to: at its end, np positions).  Its order is the number
 * of turns that end where the cycle began in the unreduced state space
 * (1 when it is too large to write out, above 60). */
static int cycle_renaming(uint8_t *t, const uint8_t *from, const uint8_t *to, int np)
{
	uint8_t cur[MAXPROC + 1];
	for (int x = 0; x <= MAXPROC; x++)
		t[x] = (uint8_t)x;
	for (int j = 0; j < np; j++)
		t[from[j]] = to[j];
	for (int x = 0; x < np; x++)
		cur[x] = t[x];
	for (int k = 1; k <= 60; k++) {
		int id = 1;
		for (int x = 0; x < np && id; x++)
			id = cur[x] == x;
		if (id)
			return k;
		for (int x = 0; x < np; x++)
			cur[x] = t[cur[x]];
	}
	return 1;
}

int trail_cycle_turns(const uint8_t *from, const uint8_t *to, int np)
{
	uint8_t t[MAXPROC + 1];
	return cycle_renaming(t, from, to, np);
}

int trail_unwind_cycle(Move *mv, int n, int cycle, const uint8_t *from, const uint8_t *to, int np)
{
	uint8_t t[MAXPROC + 1];
	int k = cycle_renaming(t, from, to, np), len = n - cycle;
	for (int r = 1; r < k; r++)
		for (int i = 0; i < len; i++) {
			Move *m = &mv[n];
			*m = mv[n - len];
			if (m->pid >= 0 && m->pid < np)
				m->pid = t[m->pid];
			if (m->rv_pid >= 0 && m->rv_pid < np)
				m->rv_pid = t[m->rv_pid];
			n++;
		}
	return n;
}

int trail_write_cycle(const SearchOpts *o, const Move *mv, int n, const char *err, int cycle)
{
	FILE *f = fopen(o->trail_path, "w");
	if (!f) { fprintf(stderr, "dspin: cannot write trail '%s'\n", o->trail_path); return -1; }
	fprintf(f, "# dspin trail 1\n# error: %s\n", err);
	if (o->trail_opts && o->trail_opts[0])
		fprintf(f, "# options: %s\n", o->trail_opts);
	for (int i = 0; i < n; i++) {
		if (i == cycle) fprintf(f, "# cycle starts here\n");
		fprintf(f, "%d %d %d %d %d %d\n", mv[i].pid, mv[i].tid, mv[i].rv_pid, mv[i].rv_tid, mv[i].sel, mv[i].claim);
		/* deaths the search's representative made at once (vm.h) */
		for (int k = 0; k < mv[i].gone_n; k++)
			fprintf(f, "%d -1 -1 -1 0 0\n", mv[i].gone_top - k);
	}
	fclose(f);
	return 0;
}

/* Re-execute a trail from the initial state into buf (MAXSTATE bytes).
 * With out, every step is printed, with the error a step raised; err
 * receives the error named in the header.  Returns the number of steps, or
 * -1 when the trail is malformed or does not fit the model. */
/* the successor of (b, len) by move mv, as the only record of out; 0 if
 * no successor matches.  apid is the process holding atomic control, as
 * the search had it (the previous move's successor): inside an atomic
 * sequence the never claim does not move, so the same move pairs with
 * another claim step there. */
static int apply_move(Ctx *c, const uint8_t *b, int len, int apid, const Move *mv, SuccBuf *out)
{
	SState ss = { b, len, NULL, 0, apid };
	int n = ns_next_all(c, &ss, out);
	for (int i = 0; i < n; i++) {
		const Move *m = &out->v[i].tmv;
		if (m->pid == mv->pid && m->tid == mv->tid && m->rv_pid == mv->rv_pid &&
		    m->rv_tid == mv->rv_tid && m->sel == mv->sel && m->claim == mv->claim) {
			out->v[0] = out->v[i];
			out->n = 1;
			return 1;
		}
	}
	return 0;
}

/* What a replayed cycle shows: that it passes an accepting state (of the
 * claim, -l's non-progress claim, or a process's accept label), and,
 * for a trail of -f, that it is weakly fair: no process is enabled in
 * every state of the cycle without moving in it (enabled as the fairness
 * layer counts it, vm_proc_enabled).  The search promises both; the
 * replay checks them instead of trusting it. */
typedef struct CycleCheck {
	int on, accepting, minproc;
	unsigned char enabled[MAXPROC], moved[MAXPROC];
} CycleCheck;

static void cycle_begin(CycleCheck *k)
{
	k->on = 1;
	k->accepting = 0;
	k->minproc = MAXPROC;
	memset(k->enabled, 1, sizeof k->enabled);
	memset(k->moved, 0, sizeof k->moved);
}

/* state (b, len) on the cycle, left by move mv (in positions) */
static void cycle_state(CycleCheck *k, Ctx *c, VM *vm, const uint8_t *b, int len, int apid, const Move *mv)
{
	SState ss = { b, len, NULL, 0, apid };
	k->accepting |= ns_accepting(c, &ss) != 0;
	int n = b[0] < MAXPROC ? b[0] : MAXPROC;
	if (n < k->minproc)
		k->minproc = n;
	for (int p = 0; p < n; p++)
		k->enabled[p] &= vm_proc_enabled(vm, b, p) != 0;
	if (mv->pid >= 0 && mv->pid < MAXPROC)
		k->moved[mv->pid] = 1;
	if (mv->rv_pid >= 0 && mv->rv_pid < MAXPROC)
		k->moved[mv->rv_pid] = 1;
}

/* prints what the cycle shows; returns 1 when it is the cycle the trail
 * claims (accepting, and weakly fair for a trail of -f) */
static int cycle_report(const CycleCheck *k, const char *path, FILE *out)
{
	fprintf(out, "dspin: the cycle passes %s\n", k->accepting ? "an accepting state" : "NO accepting state");
	char opts[4096];
	if (trail_options(path, opts, sizeof opts) < 0)
		return k->accepting;
	int fair = 0;
	for (char *t = strtok(opts, " "); t; t = strtok(NULL, " "))
		fair |= !strcmp(t, "-f");
	if (!fair)
		return k->accepting;
	for (int p = 0; p < k->minproc; p++)
		if (k->enabled[p] && !k->moved[p]) {
			fprintf(out, "dspin: the cycle is NOT weakly fair: process %d is enabled throughout and never moves\n", p);
			return 0;
		}
	fprintf(out, "dspin: the cycle is weakly fair\n");
	return k->accepting;
}

/* Replays the trail at path into buf; returns the number of steps, -1
 * when it cannot be read or replayed.  err receives the error the trail
 * records; *repro (when not NULL) whether the replay itself shows it: the
 * same error raised by the last step, no move and no valid end for an
 * invalid end state, a cycle back to its start through an accepting state
 * (weakly fair under -f) for a cycle.  A replay that shows something else
 * proves nothing, and says so (issue 37). */
/* Is the state (b, blen) the cycle's start (a, alen)?  Equal bytes, or,
 * with objects, the same state once both heaps are numbered canonically:
 * a cycle the search closed on heap-symmetric states goes round the
 * unreduced model with its objects in other slots each time, and is still
 * a cycle there (found by review, issue 37: `accept: do :: t = new Box;
 * a = t; t = null od` did not "return" replayed with -sym=none). */
static int cycle_closes(VM *vm, const uint8_t *a, int alen, const uint8_t *b, int blen)
{
	if (alen == blen && !memcmp(a, b, (size_t)alen))
		return 1;
	if (!vm->m->has_heap)
		return 0;
	State *sa = malloc(sizeof *sa), *sb = malloc(sizeof *sb);
	uint8_t *x = malloc(MAXSTATE), *y = malloc(MAXSTATE);
	int same = 0;
	if (sa && sb && x && y) {
		memcpy(x, a, (size_t)alen);
		memcpy(y, b, (size_t)blen);
		sa->b = x;
		sb->b = y;
		sv_index(vm->m, sa);
		sv_index(vm->m, sb);
		heap_collect(vm, sa, 1, NULL, NULL);
		heap_collect(vm, sb, 1, NULL, NULL);
		same = sa->len == sb->len && !memcmp(x, y, (size_t)sa->len);
	}
	free(sa); free(sb); free(x); free(y);
	return same;
}

static int run_trail(VM *vm, const Layer *plain, const char *path, uint8_t *buf, int *len, FILE *out, char *err, size_t errlen, int *repro, int *err_step)
{
	char last[600] = "";        /* the error the last step raised, if any */
	int moved_after = 0;        /* a step after it that is not a death */
	int cycle_ok = 0, end_ok = 0;
	int atomic_run = 0;         /* the moves at the end that kept atomic control */
	FILE *f = fopen(path, "r");
	if (!f) { fprintf(stderr, "dspin: cannot open trail '%s'\n", path); return -1; }
	Ctx *c = ns_ctx_new(plain, vm);
	SuccBuf sb; memset(&sb, 0, sizeof sb);
	if (!c || ns_initial(c, &sb) != 1) { fclose(f); ns_ctx_free(c); succbuf_free(&sb); return -1; }
	memcpy(buf, sb.v[0].b, (size_t)sb.v[0].len);
	*len = sb.v[0].len;
	char line[512];
	int step = 0;
	if (sb.v[0].err) {
		/* an initialiser's run-time error: the trail has no moves */
		snprintf(last, sizeof last, "%s", sb.v[0].errmsg);
		if (err_step)
			*err_step = 0;
		if (out)
			fprintf(out, "dspin: %s (in the initial state)\n", sb.v[0].errmsg);
	}
	uint8_t *start = NULL;      /* the state where the cycle starts */
	int start_len = 0, apid = -1;
	CycleCheck cyc = { 0 };
	if (err) err[0] = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#') {
			if (!strncmp(line, "# cycle", 7) && !start && (start = malloc((size_t)*len + 1))) {
				memcpy(start, buf, (size_t)*len);
				start_len = *len;
				cycle_begin(&cyc);
			}
			if (out && !strncmp(line, "# cycle", 7)) fprintf(out, "  <<<<< START OF CYCLE >>>>>\n");
			if (err && !strncmp(line, "# error: ", 9)) { snprintf(err, errlen, "%s", line + 9); err[strcspn(err, "\n")] = 0; }
			continue;
		}
		int pid, tid, rp, rt, sel, claim = 0;
		int nf = sscanf(line, "%d %d %d %d %d %d", &pid, &tid, &rp, &rt, &sel, &claim);
		if (nf < 5) { fprintf(stderr, "dspin: malformed trail line: %s", line); step = -1; break; }
		if (tid >= vm->prog->ntrans || tid < -1 || claim < 0 || claim > vm->prog->ntrans) { fprintf(stderr, "dspin: trail does not belong to this model\n"); step = -1; break; }
		Move mv = { (int16_t)pid, (int16_t)rp, tid, rt, sel, claim, 0, 0 };
		step++;
		if (out) vm_print_move(vm, &mv, step, out);
		if (!apply_move(c, buf, *len, apid, &mv, &sb)) {
			if (out) fprintf(out, "dspin: trail step %d cannot be replayed (the model changed?)\n", step);
			step = -1; break;
		}
		Succ *s = &sb.v[0];
		atomic_run = s->atomic_pid >= 0 && !s->err ? atomic_run + 1 : 0;
		if (cyc.on)
			cycle_state(&cyc, c, vm, buf, *len, apid, &s->mv);
		if (s->err && out) fprintf(out, "dspin: %s\n", s->errmsg);
		/* with process symmetry the finishing step's removal of the
		 * instance follows as a death move (tid -1) of its own */
		if (s->err) {
			snprintf(last, sizeof last, "%s", s->errmsg);
			moved_after = 0;
			if (err_step)
				*err_step = step;
		} else if (mv.tid != -1)
			moved_after = 1;
		if (s->err != ERR_RUNTIME && s->err != ERR_BOUND) { memcpy(buf, s->b, s->len); *len = s->len; apid = s->atomic_pid; }
	}
	/* a cycle must end where it started (with process symmetry the trail
	 * goes around it until the processes are back in their places) */
	if (step >= 0 && start && out) {
		int back = cycle_closes(vm, start, start_len, buf, *len);
		fprintf(out, "dspin: the cycle %s to the state where it started\n", back ? "returns" : "does NOT return");
		cycle_ok = cycle_report(&cyc, path, out) && back;
	}
	free(start);
	if (step >= 0 && err && !strcmp(err, "invalid end state")) {
		/* check the claim: no process can move, and not all are at an end */
		SState ss = { buf, *len, NULL, 0, apid };
		int n = ns_next_all(c, &ss, &sb);
		end_ok = n == 0 && !ns_valid_end(c, &ss);
		if (out) fprintf(out, end_ok ? "dspin: replay reached the invalid end state\n" : "dspin: replay did NOT reach an invalid end state\n");
	}
	/* the level-by-level searches' chain bound (search/expand.h): the
	 * trail's last EXPAND_MAXCHAIN moves all keep one atomic sequence
	 * going, and the bound is the move after them */
	int chain = err && !strncmp(err, EXPAND_CHAIN_BOUND, strlen(EXPAND_CHAIN_BOUND));
	int chain_ok = step >= 0 && chain && atomic_run >= EXPAND_MAXCHAIN;
	if (step >= 0 && out && chain)
		fprintf(out, chain_ok ? "dspin: replay reached an atomic sequence %d moves long\n" : "dspin: replay did NOT reach an atomic sequence %d moves long\n", EXPAND_MAXCHAIN);
	if (repro) {
		if (err && !strcmp(err, "invalid end state"))
			*repro = end_ok;
		else if (chain)
			*repro = chain_ok;
		else if (start)
			*repro = cycle_ok;
		else
			*repro = err && err[0] && last[0] && !moved_after && !strcmp(last, err);
	}
	fclose(f);
	succbuf_free(&sb);
	ns_ctx_free(c);
	return step;
}

int trail_final_state(VM *vm, const Layer *plain, const char *path, uint8_t *buf, int *len)
{
	return run_trail(vm, plain, path, buf, len, NULL, NULL, 0, NULL, NULL) < 0 ? -1 : 0;
}

int trail_replay(VM *vm, const Layer *plain, const char *path, FILE *out)
{
	char err[600];
	uint8_t *cur = malloc(MAXSTATE);
	int len, repro = 0, at = 0;
	if (!cur)
		return 2;
	int step = run_trail(vm, plain, path, cur, &len, out, err, sizeof err, &repro, &at);
	if (step >= 0) {
		fprintf(out, "final state after %d steps:\n", step);
		vm_print_state(vm, cur, len, out);
		fprintf(out, "dspin: the trail says: %s\n", err[0] ? err : "(no error recorded)");
		if (repro)
			fprintf(out, "dspin: error reproduced at step %d: %s\n", at && at <= step ? at : step, err);
		else
			fprintf(out, "dspin: the replay did NOT reproduce the trail's error (exit %d)\n", TRAIL_NOT_REPRODUCED);
	}
	free(cur);
	return step < 0 ? 2 : repro ? 1 : TRAIL_NOT_REPRODUCED;
}

/* the options line of a trail's header into buf ("" if none); -1 when
 * the trail cannot be read */
int trail_options(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	if (!f) return -1;
	char line[4096];
	buf[0] = 0;
	while (fgets(line, sizeof line, f) && line[0] == '#')
		if (!strncmp(line, "# options: ", 11)) {
			snprintf(buf, size, "%s", line + 11);
			buf[strcspn(buf, "\n")] = 0;
			break;
		}
	fclose(f);
	return 0;
}

int result_note_bound(SearchResult *r, const char *msg)
{
	if (r->bound_msg[0])
		return 0;
	snprintf(r->bound_msg, sizeof r->bound_msg, "%s", msg);
	if (!r->incomplete)
		r->incomplete = 3;
	return !r->trail_written;
}

void result_note_error(SearchResult *r, const char *msg)
{
	r->errors++;
	/* kinds are kept cut to their slot's size: compare what is kept (a long
	 * message, e.g. with a long path, was added again at every error) */
	for (int i = 0; i < r->nkinds; i++) if (!strncmp(r->kinds[i], msg, sizeof r->kinds[0] - 1)) return;
	if (r->nkinds == MAXKINDS) { r->kinds_full = 1; return; }
	snprintf(r->kinds[r->nkinds++], sizeof r->kinds[0], "%s", msg);
}

ErrorReport result_report_error(SearchResult *r, const SearchOpts *o, const char *msg, long depth)
{
	ErrorReport e = { 0, 0, 0 };
	result_note_error(r, msg);
	if (r->errors == 1) {
		snprintf(r->first_error, sizeof r->first_error, "%s", msg);
		e.first = 1;
	}
	if (!o->quiet && r->errors <= 20)
		printf("dspin: %s (at depth %ld)\n", msg, depth);
	/* -e: one numbered trail per error, the first 1000 (as pan -e; pan
	 * -c0 and -cN write none, and dspin's neither: writing 1000 trails
	 * of bench/broad/errors.pml's 16,256 errors took three quarters of
	 * its run, 2026-12-03) */
	if (o->numbered && r->errors <= TRAIL_NUMBERED_MAX)
		e.numbered = r->errors;
	e.stop = !o->keep_going || (o->max_errors && r->errors >= o->max_errors);
	return e;
}

/* trail_walk: the trail's steps handed one by one to fn, for the HTML
 * report (report/).  A move line is checked against the model before it
 * is applied; the state a run-time error stopped is the state before it. */
int trail_walk(VM *vm, const Layer *plain, const char *path, TrailStepFn fn, void *arg, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "dspin: cannot open trail '%s'\n", path);
		return -1;
	}
	Ctx *c = ns_ctx_new(plain, vm);
	SuccBuf sb = { 0 };
	uint8_t *cur = malloc(MAXSTATE);
	TrailStep ts = { 0, NULL, cur, 0, NULL, 0 };
	char line[512];
	int apid = -1;
	err[0] = 0;
	if (!c || !cur || ns_initial(c, &sb) != 1)
		ts.step = -1;
	else {
		ts.len = sb.v[0].len;
		memcpy(cur, sb.v[0].b, (size_t)ts.len);
		ts.err = sb.v[0].err ? sb.v[0].errmsg : NULL;
		fn(arg, &ts);
		ts.err = NULL;
	}
	while (ts.step >= 0 && fgets(line, sizeof line, f)) {
		if (!strncmp(line, "# error: ", 9)) {
			snprintf(err, errlen, "%.*s", (int)strcspn(line + 9, "\n"), line + 9);
			continue;
		}
		if (!strncmp(line, "# cycle", 7))
			ts.cycle = 1;
		if (line[0] == '#')
			continue;
		int v[6] = { 0, 0, 0, 0, 0, 0 };
		int fields = sscanf(line, "%d %d %d %d %d %d", v, v + 1, v + 2, v + 3, v + 4, v + 5);
		Move mv = { (int16_t)v[0], (int16_t)v[2], v[1], v[3], v[4], v[5], 0, 0 };
		int fits = fields >= 5 && v[1] >= -1 && v[1] < vm->prog->ntrans && v[5] >= 0 && v[5] <= vm->prog->ntrans;
		if (!fits || !apply_move(c, cur, ts.len, apid, &mv, &sb)) {
			fprintf(stderr, "dspin: trail step %d does not fit the model: %s", ts.step + 1, line);
			ts.step = -1;
			break;
		}
		Succ *s = &sb.v[0];
		if (s->err != ERR_RUNTIME && s->err != ERR_BOUND) {
			memcpy(cur, s->b, (size_t)s->len);
			ts.len = s->len;
			apid = s->atomic_pid;
		}
		ts.step++;
		ts.mv = &mv;
		ts.err = s->err ? s->errmsg : NULL;
		fn(arg, &ts);
		ts.cycle = 0;
	}
	fclose(f);
	succbuf_free(&sb);
	ns_ctx_free(c);
	free(cur);
	return ts.step;
}

double search_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

