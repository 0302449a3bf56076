/* print.c — human-readable states and steps, for trails and simulation. */
#include "vm.h"
#include <string.h>



static void print_val(VM *vm, FILE *f, TypeKind k, int mtg, int32_t v)
{
	const char *nm = k == TY_MTYPE ? mtype_name(vm->m, mtg, v) : NULL;
	if (nm) fprintf(f, "%s", nm);
	else fprintf(f, "%d", v);
}

/* message field k of channel type cs: a reference as the heap lists it
 * (`Msg#3`, `null`), not as a bare number (issue 40) */
static void print_field(VM *vm, FILE *f, const ChanSpec *cs, int k, int32_t v)
{
	if (cs->ftypes[k] != TY_REF) {
		print_val(vm, f, cs->ftypes[k], cs->fmtg ? cs->fmtg[k] : 0, v);
		return;
	}
	if (!v)
		fprintf(f, "null");
	else
		fprintf(f, "%s#%d", cs->fcls && cs->fcls[k] ? cs->fcls[k]->name : "object", v);
}

/* released: v belongs to a finished process whose references the
 * collector released (heap/gc.c, drop_finished_refs): a reference shows
 * as released, not as a null it never held */
static void print_var(VM *vm, FILE *f, const char *prefix, Var *v, const uint8_t *base, int released)
{
	int n = v->arrlen ? v->arrlen : 1;
	for (int i = 0; i < n; i++) {
		const uint8_t *a = base + v->offset + i * v->elemsize;
		char name[256];
		if (v->arrlen) snprintf(name, sizeof name, "%s%s[%d]", prefix, v->name, i);
		else snprintf(name, sizeof name, "%s%s", prefix, v->name);
		if (v->kind == TY_RECORD) {
			char pre[300]; snprintf(pre, sizeof pre, "%s.", name);
			for (int j = 0; j < v->rec->nfields; j++) print_var(vm, f, pre, v->rec->fields[j], a, released);
			continue;
		}
		fprintf(f, "\t%s = ", name);
		if (v->kind == TY_REF) { if (*a) fprintf(f, "%s#%d", v->rec->name, *a); else fprintf(f, "%s", released ? "released (the process ended)" : "null"); }
		else print_val(vm, f, v->kind, v->mtg, vm_load(a, v->kind, v->bits));
		fputc('\n', f);
	}
}

void vm_print_state(VM *vm, const uint8_t *b, int len, FILE *f)
{
	State s; s.b = (uint8_t *)b; (void)len;
	sv_index(vm->m, &s);
	Model *m = vm->m;
	fprintf(f, "global variables:\n");
	for (int i = 0; i < m->nglobals; i++) print_var(vm, f, "", m->globals[i], b + GOFF, 0);
	for (int pid = 0; pid < s.nproc; pid++) {
		Proctype *pt = sv_proc(vm, &s, pid);
		int pc = sv_pc(&s, pid);
		Code *code = sv_code(vm, &s, pid);
		Loc *l = &code->locs[pc];
		int ended = !sv_depth(&s, pid) && pc == pt->code->endloc;
		fprintf(f, "process %d (%s) at line %d%s:\n", pid, pt->name, l->pos.line, ended ? " (terminated)" : "");
		for (int i = 0; i < pt->nlocals; i++)
			/* the front end's own locals (_callN, _forN, _lazyN, _priority) */
			if (!pt->locals[i]->hidden || pt->locals[i]->name[0] != '_')
				print_var(vm, f, "", pt->locals[i], b + s.poff[pid] + PHDR, ended && pt->refs_dead_at_end);
		int off = s.poff[pid] + PHDR + pt->localsize;
		for (int d = 0; d < b[s.poff[pid] + 3]; d++) {
			Proctype *fn = m->funcs[b[off]];
			fprintf(f, "  in call %d: %s%s%s()\n", d + 1, fn->cls ? fn->cls->name : "", fn->cls ? "." : "", fn->name);
			for (int i = 0; i < fn->nlocals; i++)
				if (strncmp(fn->locals[i]->name, "_call", 5))
					print_var(vm, f, "", fn->locals[i], b + off + FHDR, 0);
			off += FHDR + fn->localsize;
		}
	}
	for (int c = 0; c < s.nchan; c++) {
		const uint8_t *cb = b + s.coff[c];
		ChanSpec *cs = m->chanspecs[cb[0]];
		fprintf(f, "channel %d (capacity %d): ", c + 1, cs->cap);
		int n = cb[2];
		if (!n) fprintf(f, "empty");
		for (int i = 0; i < n; i++) {
			const uint8_t *msg = cb + CHDR + i * cs->msgsize;
			fputc('[', f);
			for (int k = 0; k < cs->nfields; k++) {
				if (k) fputc(',', f);
				print_field(vm, f, cs, k, vm_load(msg + cs->foff[k], cs->ftypes[k], 32));
			}
			fputc(']', f);
		}
		fputc('\n', f);
	}
	if (s.nslot) fprintf(f, "heap:\n");
	for (int o = 0; o < s.nslot; o++) {
		const uint8_t *ob = b + s.hoff[o];
		if (ob[0] == FREE_SLOT) continue;
		Record *r = m->records[ob[0]];
		fprintf(f, "\t%s#%d {", r->name, o + 1);
		for (int i = 0; i < r->nfields; i++) {
			Var *v = r->fields[i];
			int n = v->arrlen ? v->arrlen : 1;
			for (int k = 0; k < n; k++) {
				const uint8_t *a = ob + 1 + v->offset + k * v->elemsize;
				fprintf(f, "%s %s", i || k ? "," : "", v->name);
				if (v->arrlen) fprintf(f, "[%d]", k);
				fprintf(f, " = ");
				if (v->kind == TY_REF) { if (*a) fprintf(f, "%s#%d", v->rec->name, *a); else fprintf(f, "null"); }
				else if (v->kind == TY_RECORD) fprintf(f, "{...}");
				else if (v->kind == TY_CHAN && v->chan) {
					ChanSpec *cs = v->chan;
					fprintf(f, "chan[");
					for (int mi = 0; mi < a[2]; mi++) {
						const uint8_t *msg = a + CHDR + mi * cs->msgsize;
						fprintf(f, "%s(", mi ? " " : "");
						for (int fi = 0; fi < cs->nfields; fi++) {
							fprintf(f, "%s", fi ? "," : "");
							print_field(vm, f, cs, fi, vm_load(msg + cs->foff[fi], cs->ftypes[fi], 32));
						}
						fprintf(f, ")");
					}
					fprintf(f, "]");
				}
				else print_val(vm, f, v->kind, v->mtg, vm_load(a, v->kind, v->bits));
			}
		}
		fprintf(f, " }\n");
	}
}

const char *vm_trans_text(const Trans *t)
{
	if (!t) return "-end-";
	if (t->dstep) return "d_step {...}";
	if (t->st && t->st->text) return t->st->text;
	return "?";
}

void vm_print_move(VM *vm, const Move *mv, int step, FILE *f)
{
	Program *p = vm->prog;
	if (mv->claim) {
		Trans *c = p->trans[mv->claim - 1];
		fprintf(f, "%4d:\tclaim     %s:%d\t[%s]\n", step, c->st && c->st->pos.file ? c->st->pos.file : "?",
			c->st ? c->st->pos.line : 0, vm_trans_text(c));
	}
	if (mv->pid < 0) { fprintf(f, "%4d:\t(no process can move)\n", step); return; }
	if (mv->tid < 0) {
		fprintf(f, "%4d:\tproc %2d terminates\n", step, mv->pid);
		return;
	}
	Trans *t = p->trans[mv->tid];
	Proctype *pt = t->owner;
	const Stmt *st = t->st;
	fprintf(f, "%4d:\tproc %2d (%s) %s:%d\t[%s]", step, mv->pid, pt->name,
		st && st->pos.file ? st->pos.file : "?", st ? st->pos.line : 0, vm_trans_text(t));
	if (st && st->k == S_SELECT) fprintf(f, " = %d", mv->sel);
	fputc('\n', f);
	if (mv->rv_pid >= 0 && mv->rv_tid >= 0) {
		Trans *r = p->trans[mv->rv_tid];
		Proctype *rt = r->owner;
		fprintf(f, "%4d:\tproc %2d (%s) %s:%d\t[%s]\n", step, mv->rv_pid, rt->name,
			r->st->pos.file ? r->st->pos.file : "?", r->st->pos.line, vm_trans_text(r));
	}
}

/* The heap and its roots as a Graphviz graph: one box per live object with
 * its scalar fields, one ellipse per root variable that holds a reference,
 * an edge per non-null reference. */
static void dot_refs(VM *vm, FILE *f, const char *from, Var **vs, int n, const uint8_t *base, int is_root)
{
	for (int i = 0; i < n; i++) {
		Var *v = vs[i];
		if (v->kind != TY_REF) continue;
		int cnt = v->arrlen ? v->arrlen : 1;
		for (int k = 0; k < cnt; k++) {
			int ref = base[v->offset + k * v->elemsize];
			char label[300];
			if (v->arrlen) snprintf(label, sizeof label, "%s[%d]", v->name, k); else snprintf(label, sizeof label, "%s", v->name);
			if (is_root) {
				fprintf(f, "  \"%s.%s\" [shape=ellipse,label=\"%s%s%s\"];\n", from, label, from, *from ? "." : "", label);
				if (ref) fprintf(f, "  \"%s.%s\" -> obj%d;\n", from, label, ref);
			} else if (ref) fprintf(f, "  %s -> obj%d [label=\"%s\"];\n", from, ref, label);
		}
	}
	(void)vm;
}

void vm_write_dot(VM *vm, const uint8_t *b, int len, FILE *f)
{
	State s; s.b = (uint8_t *)b; (void)len;
	sv_index(vm->m, &s);
	Model *m = vm->m;
	fprintf(f, "digraph heap {\n  node [fontname=\"monospace\"];\n");
	dot_refs(vm, f, "", m->globals, m->nglobals, b + GOFF, 1);
	for (int pid = 0; pid < s.nproc; pid++) {
		Proctype *pt = sv_proc(vm, &s, pid);
		char from[64]; snprintf(from, sizeof from, "%s:%d", pt->name, pid);
		dot_refs(vm, f, from, pt->locals, pt->nlocals, b + s.poff[pid] + PHDR, 1);
		int off = s.poff[pid] + PHDR + pt->localsize;
		for (int d = 0; d < b[s.poff[pid] + 3]; d++) {
			Proctype *fn = m->funcs[b[off]];
			char fr[128]; snprintf(fr, sizeof fr, "%s:%d/%s#%d", pt->name, pid, fn->name, d + 1);
			dot_refs(vm, f, fr, fn->locals, fn->nlocals, b + off + FHDR, 1);
			off += FHDR + fn->localsize;
		}
	}
	for (int o = 0; o < s.nslot; o++) {
		const uint8_t *ob = b + s.hoff[o];
		if (ob[0] == FREE_SLOT) continue;
		Record *r = m->records[ob[0]];
		fprintf(f, "  obj%d [shape=box,label=\"%s#%d", o + 1, r->name, o + 1);
		for (int i = 0; i < r->nfields; i++) {
			Var *v = r->fields[i];
			if (v->kind == TY_REF || v->kind == TY_RECORD || v->kind == TY_CHAN || v->arrlen) continue;
			fprintf(f, "\\n%s = %d", v->name, vm_load(ob + 1 + v->offset, v->kind, v->bits));
		}
		fprintf(f, "\"];\n");
		char from[32]; snprintf(from, sizeof from, "obj%d", o + 1);
		dot_refs(vm, f, from, r->fields, r->nfields, ob + 1, 0);
	}
	fprintf(f, "}\n");
}
