/* trail.c — writing and replaying error trails.
 * A trail is a text file: a header line, then one move per line
 * "pid tid rv_pid rv_tid sel".  Replay re-executes the moves from the
 * initial state and prints each step as `spin -t -p` would, then the final
 * values of globals, locals and channels. */
#include "search.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int trail_write(VM *vm, const char *path, const Move *mv, int n, const char *err)
{
	return trail_write_cycle(vm, path, mv, n, err, -1);
}

/* cycle >= 0: the moves from index cycle on form the accepting cycle */
int trail_write_cycle(VM *vm, const char *path, const Move *mv, int n, const char *err, int cycle)
{
	(void)vm;
	FILE *f = fopen(path, "w");
	if (!f) { fprintf(stderr, "dspin: cannot write trail '%s'\n", path); return -1; }
	fprintf(f, "# dspin trail 1\n# error: %s\n", err);
	for (int i = 0; i < n; i++) {
		if (i == cycle) fprintf(f, "# cycle starts here\n");
		fprintf(f, "%d %d %d %d %d %d\n", mv[i].pid, mv[i].tid, mv[i].rv_pid, mv[i].rv_tid, mv[i].sel, mv[i].claim);
	}
	fclose(f);
	return 0;
}

/* Re-execute a trail from the initial state into buf (MAXSTATE bytes).
 * With out, every step is printed, with the error a step raised; err
 * receives the error named in the header.  Returns the number of steps, or
 * -1 when the trail is malformed or does not fit the model. */
/* the successor of (b, len) by move mv, as the only record of out; 0 if
 * no successor matches.  All successors are generated (no atomic control
 * assumed: the atomic process's moves are among them) and compared. */
static int apply_move(Ctx *c, const uint8_t *b, int len, const Move *mv, SuccBuf *out)
{
	SState ss = { b, len, NULL, 0, -1 };
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

static int run_trail(VM *vm, const Layer *plain, const char *path, uint8_t *buf, int *len, FILE *out, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) { fprintf(stderr, "dspin: cannot open trail '%s'\n", path); return -1; }
	Ctx *c = ns_ctx_new(plain, vm);
	SuccBuf sb; memset(&sb, 0, sizeof sb);
	if (!c || ns_initial(c, &sb) != 1) { fclose(f); ns_ctx_free(c); succbuf_free(&sb); return -1; }
	memcpy(buf, sb.v[0].b, (size_t)sb.v[0].len);
	*len = sb.v[0].len;
	char line[512];
	int step = 0;
	if (err) err[0] = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#') {
			if (out && !strncmp(line, "# cycle", 7)) fprintf(out, "  <<<<< START OF CYCLE >>>>>\n");
			if (err && !strncmp(line, "# error: ", 9)) { snprintf(err, errlen, "%s", line + 9); err[strcspn(err, "\n")] = 0; }
			continue;
		}
		int pid, tid, rp, rt, sel, claim = 0;
		int nf = sscanf(line, "%d %d %d %d %d %d", &pid, &tid, &rp, &rt, &sel, &claim);
		if (nf < 5) { fprintf(stderr, "dspin: malformed trail line: %s", line); step = -1; break; }
		if (tid >= vm->prog->ntrans || tid < -1 || claim < 0 || claim > vm->prog->ntrans) { fprintf(stderr, "dspin: trail does not belong to this model\n"); step = -1; break; }
		Move mv = { (int16_t)pid, (int16_t)rp, tid, rt, sel, claim };
		step++;
		if (out) vm_print_move(vm, &mv, step, out);
		if (!apply_move(c, buf, *len, &mv, &sb)) {
			if (out) fprintf(out, "dspin: trail step %d cannot be replayed (the model changed?)\n", step);
			step = -1; break;
		}
		Succ *s = &sb.v[0];
		if (s->err && out) fprintf(out, "dspin: %s\n", s->errmsg);
		if (s->err != ERR_RUNTIME) { memcpy(buf, s->b, s->len); *len = s->len; }
	}
	if (step >= 0 && err && !strcmp(err, "invalid end state")) {
		/* check the claim: no process can move, and not all are at an end */
		SState ss = { buf, *len, NULL, 0, -1 };
		int n = ns_next_all(c, &ss, &sb);
		if (n == 0 && !ns_valid_end(c, &ss)) fprintf(out, "dspin: replay reached the invalid end state\n");
		else fprintf(out, "dspin: replay did NOT reach an invalid end state\n");
	}
	fclose(f);
	succbuf_free(&sb);
	ns_ctx_free(c);
	return step;
}

int trail_final_state(VM *vm, const Layer *plain, const char *path, uint8_t *buf, int *len)
{
	return run_trail(vm, plain, path, buf, len, NULL, NULL, 0) < 0 ? -1 : 0;
}

int trail_replay(VM *vm, const Layer *plain, const char *path, FILE *out)
{
	char err[600];
	uint8_t *cur = malloc(MAXSTATE);
	int len;
	int step = run_trail(vm, plain, path, cur, &len, out, err, sizeof err);
	if (step >= 0) {
		if (err[0]) fprintf(out, "dspin: error: %s\n", err);
		fprintf(out, "final state after %d steps:\n", step);
		vm_print_state(vm, cur, len, out);
	}
	free(cur);
	return step >= 0 ? 0 : 2;
}

void result_note_error(SearchResult *r, const char *msg)
{
	r->errors++;
	for (int i = 0; i < r->nkinds; i++) if (!strcmp(r->kinds[i], msg)) return;
	if (r->nkinds == MAXKINDS) { r->kinds_full = 1; return; }
	snprintf(r->kinds[r->nkinds++], sizeof r->kinds[0], "%s", msg);
}
