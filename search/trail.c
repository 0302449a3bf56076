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
	(void)vm;
	FILE *f = fopen(path, "w");
	if (!f) { fprintf(stderr, "dspin: cannot write trail '%s'\n", path); return -1; }
	fprintf(f, "# dspin trail 1\n# error: %s\n", err);
	for (int i = 0; i < n; i++)
		fprintf(f, "%d %d %d %d %d\n", mv[i].pid, mv[i].tid, mv[i].rv_pid, mv[i].rv_tid, mv[i].sel);
	fclose(f);
	return 0;
}

/* Re-execute a trail silently; the final state goes to buf (MAXSTATE bytes). */
int trail_final_state(VM *vm, const char *path, uint8_t *buf, int *len)
{
	FILE *f = fopen(path, "r");
	if (!f) return -1;
	State s0;
	vm_initial(vm, &s0, buf);
	*len = s0.len;
	SuccBuf sb; memset(&sb, 0, sizeof sb);
	char line[512];
	int ok = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#') continue;
		int pid, tid, rp, rt, sel;
		if (sscanf(line, "%d %d %d %d %d", &pid, &tid, &rp, &rt, &sel) != 5 || tid >= vm->prog->ntrans || tid < -1) { ok = -1; break; }
		Move mv = { (int16_t)pid, (int16_t)rp, tid, rt, sel };
		if (!vm_apply(vm, buf, *len, &mv, &sb)) { ok = -1; break; }
		if (sb.v[0].err != ERR_RUNTIME) { memcpy(buf, sb.v[0].b, sb.v[0].len); *len = sb.v[0].len; }
	}
	fclose(f);
	succbuf_free(&sb);
	return ok;
}

int trail_replay(VM *vm, const char *path, FILE *out)
{
	FILE *f = fopen(path, "r");
	if (!f) { fprintf(stderr, "dspin: cannot open trail '%s'\n", path); return 2; }
	char line[512];
	char err[600] = "";
	uint8_t *cur = malloc(MAXSTATE);
	State s0;
	vm_initial(vm, &s0, cur);
	int len = s0.len;
	SuccBuf sb; memset(&sb, 0, sizeof sb);
	int step = 0, ok = 1;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#') {
			if (!strncmp(line, "# error: ", 9)) { snprintf(err, sizeof err, "%s", line + 9); err[strcspn(err, "\n")] = 0; }
			continue;
		}
		Move mv;
		int pid, tid, rp, rt, sel;
		if (sscanf(line, "%d %d %d %d %d", &pid, &tid, &rp, &rt, &sel) != 5) { fprintf(stderr, "dspin: malformed trail line: %s", line); ok = 0; break; }
		if (tid >= vm->prog->ntrans || tid < -1) { fprintf(stderr, "dspin: trail does not belong to this model\n"); ok = 0; break; }
		mv.pid = (int16_t)pid; mv.tid = tid; mv.rv_pid = (int16_t)rp; mv.rv_tid = rt; mv.sel = sel;
		step++;
		vm_print_move(vm, &mv, step, out);
		if (!vm_apply(vm, cur, len, &mv, &sb)) {
			fprintf(out, "dspin: trail step %d cannot be replayed (the model changed?)\n", step);
			ok = 0; break;
		}
		Succ *s = &sb.v[0];
		if (s->err) fprintf(out, "dspin: %s\n", s->errmsg);
		if (s->err != ERR_RUNTIME) { memcpy(cur, s->b, s->len); len = s->len; }
	}
	fclose(f);
	if (ok && !strcmp(err, "invalid end state")) {
		/* check the claim: no process can move, and not all are at an end */
		SuccBuf all; memset(&all, 0, sizeof all);
		int fa;
		int n = vm_successors(vm, cur, len, -1, &all, &fa);
		if (n == 0 && !vm_valid_end(vm, cur, len)) fprintf(out, "dspin: replay reached the invalid end state\n");
		else fprintf(out, "dspin: replay did NOT reach an invalid end state\n");
		succbuf_free(&all);
	}
	if (ok) {
		if (err[0]) fprintf(out, "dspin: error: %s\n", err);
		fprintf(out, "final state after %d steps:\n", step);
		vm_print_state(vm, cur, len, out);
	}
	succbuf_free(&sb);
	free(cur);
	return ok ? 0 : 2;
}
