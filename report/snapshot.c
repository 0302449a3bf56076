/* snapshot.c — one state as the report's JSON object (report.h):
 *   {"g": vars, "p": [{"pid","name","line","end","v": vars,"f": [{"fn","v"}]}],
 *    "c": [{"id","name","cap","m": [message text],"r": [objects]}],
 *    "h": [{"id","cls","f": vars}]}
 * A variable is [name, value text, ref]: ref is -1 for a value that is no
 * reference, 0 for null, else the object's number.  Arrays and records are
 * flattened into one entry per element (x[2], r.f).  Channels are named
 * after the first variable that holds them; a channel field of an object
 * is listed too ("Node#2.lock"), so the page can follow its messages. */
#include "report.h"
#include <stdlib.h>
#include <string.h>

typedef struct Snap {
	VM *vm;
	FILE *f;
	State s;
	int first;                       /* no comma before the next entry */
	char owner[96];                  /* "" for globals, "P:1." for a process's */
	char chan_name[MAXCHAN + 1][96]; /* by channel id, "" unnamed */
} Snap;

static void sep(Snap *sn)
{
	if (!sn->first)
		fputc(',', sn->f);
	sn->first = 0;
}

/* one message of channel spec cs: its fields, comma separated */
static void msg_text(VM *vm, const ChanSpec *cs, const uint8_t *msg, char *out, size_t n)
{
	size_t k = 0;
	out[0] = 0;
	for (int i = 0; i < cs->nfields && k < n; i++) {
		int32_t v = vm_load(msg + cs->foff[i], cs->ftypes[i], 32);
		const char *nm = cs->ftypes[i] == TY_MTYPE ? mtype_name(vm->m, cs->fmtg ? cs->fmtg[i] : 0, v) : NULL;
		const char *comma = i ? "," : "";
		if (nm)
			k += (size_t)snprintf(out + k, n - k, "%s%s", comma, nm);
		else if (cs->ftypes[i] == TY_REF)
			k += (size_t)snprintf(out + k, n - k, v ? "%s#%d" : "%snull", comma, v);
		else
			k += (size_t)snprintf(out + k, n - k, "%s%d", comma, v);
	}
}

/* an embedded channel's contents on one line, as the page writes every
 * channel's (report/dom.js chanText) and dspin -t prints them: "[1,2][3]",
 * "empty" for none */
static void chan_text(VM *vm, const ChanSpec *cs, const uint8_t *cb, char *out, size_t n)
{
	size_t k = 0;
	out[0] = 0;
	if (!cb[2])
		snprintf(out, n, "empty");
	for (int i = 0; i < cb[2] && k + 4 < n; i++) {
		char msg[128];
		msg_text(vm, cs, cb + CHDR + i * cs->msgsize, msg, sizeof msg);
		k += (size_t)snprintf(out + k, n - k, "[%s]", msg);
	}
}

static void put_var(Snap *sn, const char *name, const Var *v, const uint8_t *a)
{
	char text[512];
	int ref = -1;
	if (v->kind == TY_REF) {
		ref = *a;
		if (ref)
			snprintf(text, sizeof text, "%s#%d", v->rec->name, ref);
		else
			snprintf(text, sizeof text, "null");
	} else if (v->kind == TY_CHAN && v->chan && v->scope == SC_FIELD)
		chan_text(sn->vm, v->chan, a, text, sizeof text);
	else {
		int32_t val = vm_load(a, v->kind, v->bits);
		const char *nm = v->kind == TY_MTYPE ? mtype_name(sn->vm->m, v->mtg, val) : NULL;
		snprintf(text, sizeof text, "%s", nm ? nm : "");
		if (!nm)
			snprintf(text, sizeof text, "%d", val);
		if (v->kind == TY_CHAN && val > 0 && val <= MAXCHAN && !sn->chan_name[val][0])
			snprintf(sn->chan_name[val], sizeof sn->chan_name[val], "%.40s%.50s", sn->owner, name);
	}
	sep(sn);
	fputc('[', sn->f);
	json_text(sn->f, name);
	fputc(',', sn->f);
	json_text(sn->f, text);
	fprintf(sn->f, ",%d]", ref);
}

/* the variables vs of a block at base, every element of arrays and
 * records, their names after prefix */
static void put_vars(Snap *sn, const char *prefix, Var **vs, int n, const uint8_t *base)
{
	for (int i = 0; i < n; i++) {
		const Var *v = vs[i];
		if (!strncmp(v->name, "_call", 5))
			continue;
		int count = v->arrlen ? v->arrlen : 1;
		for (int k = 0; k < count; k++) {
			char name[256];
			const uint8_t *a = base + v->offset + k * v->elemsize;
			if (v->arrlen)
				snprintf(name, sizeof name, "%s%s[%d]", prefix, v->name, k);
			else
				snprintf(name, sizeof name, "%s%s", prefix, v->name);
			if (v->kind == TY_RECORD) {
				strncat(name, ".", sizeof name - strlen(name) - 1);
				put_vars(sn, name, v->rec->fields, v->rec->nfields, a);
			} else
				put_var(sn, name, v, a);
		}
	}
}

static void open_list(Snap *sn, const char *key)
{
	fprintf(sn->f, "],\"%s\":[", key);
	sn->first = 1;
}

static void put_proc(Snap *sn, int pid)
{
	VM *vm = sn->vm;
	const uint8_t *b = sn->s.b;
	Proctype *pt = sv_proc(vm, &sn->s, pid);
	int pc = sv_pc(&sn->s, pid);
	int ended = !sv_depth(&sn->s, pid) && pc == pt->code->endloc;
	fprintf(sn->f, "%s{\"pid\":%d,\"name\":", pid ? "," : "", pid);
	json_text(sn->f, pt->name);
	fprintf(sn->f, ",\"line\":%d,\"end\":%d,\"v\":[", sv_code(vm, &sn->s, pid)->locs[pc].pos.line, ended);
	sn->first = 1;
	snprintf(sn->owner, sizeof sn->owner, "%s:%d.", pt->name, pid);
	put_vars(sn, "", pt->locals, pt->nlocals, b + sn->s.poff[pid] + PHDR);
	fprintf(sn->f, "],\"f\":[");
	int off = sn->s.poff[pid] + PHDR + pt->localsize;
	for (int d = 0; d < b[sn->s.poff[pid] + 3]; d++) {
		Proctype *fn = vm->m->funcs[b[off]];
		fprintf(sn->f, "%s{\"fn\":\"%s%s%s\",\"v\":[", d ? "," : "", fn->cls ? fn->cls->name : "", fn->cls ? "." : "", fn->name);
		sn->first = 1;
		put_vars(sn, "", fn->locals, fn->nlocals, b + off + FHDR);
		fprintf(sn->f, "]}");
		off += FHDR + fn->localsize;
	}
	fprintf(sn->f, "]}");
}

/* one channel: its messages, and the objects they refer to */
static void put_chan(Snap *sn, int id, const char *name, const ChanSpec *cs, const uint8_t *cb)
{
	sep(sn);
	fprintf(sn->f, "{\"id\":%d,\"name\":", id);
	json_text(sn->f, name);
	fprintf(sn->f, ",\"cap\":%d,\"m\":[", cs->cap);
	for (int i = 0; i < cb[2]; i++) {
		char msg[256];
		msg_text(sn->vm, cs, cb + CHDR + i * cs->msgsize, msg, sizeof msg);
		fputs(i ? "," : "", sn->f);
		json_text(sn->f, msg);
	}
	fprintf(sn->f, "],\"r\":[");
	int n = 0;
	for (int i = 0; i < cb[2]; i++)
		for (int k = 0; k < cs->nfields; k++) {
			const uint8_t *a = cb + CHDR + i * cs->msgsize + cs->foff[k];
			if (cs->ftypes[k] == TY_REF && *a)
				fprintf(sn->f, "%s%d", n++ ? "," : "", *a);
		}
	fprintf(sn->f, "]}");
}

/* the channel fields of live objects, after the declared channels */
static void put_object_chans(Snap *sn)
{
	const uint8_t *b = sn->s.b;
	for (int o = 0; o < sn->s.nslot; o++) {
		const uint8_t *ob = b + sn->s.hoff[o];
		if (ob[0] == FREE_SLOT)
			continue;
		Record *r = sn->vm->m->records[ob[0]];
		for (int i = 0; i < r->nfields; i++) {
			Var *v = r->fields[i];
			if (v->kind != TY_CHAN || !v->chan)
				continue;
			for (int k = 0; k < (v->arrlen ? v->arrlen : 1); k++) {
				char name[256];
				int slot = v->chanslot + k;
				snprintf(name, sizeof name, v->arrlen ? "%s#%d.%s[%d]" : "%s#%d.%s", r->name, o + 1, v->name, k);
				put_chan(sn, CHAN_OBJ + o * CHAN_SLOTS + slot, name, v->chan, ob + 1 + r->chanoffs[slot]);
			}
		}
	}
}

void report_snapshot(VM *vm, const uint8_t *b, int len, FILE *f)
{
	Snap *sn = calloc(1, sizeof *sn);
	if (!sn) {
		fprintf(f, "null");
		return;
	}
	sn->vm = vm;
	sn->f = f;
	sn->s.b = (uint8_t *)b;
	sv_index(vm->m, &sn->s);
	(void)len;
	fprintf(f, "{\"g\":[");
	sn->first = 1;
	put_vars(sn, "", vm->m->globals, vm->m->nglobals, b + GOFF);
	open_list(sn, "p");
	for (int pid = 0; pid < sn->s.nproc; pid++)
		put_proc(sn, pid);
	open_list(sn, "c");
	for (int c = 0; c < sn->s.nchan; c++) {
		const uint8_t *cb = b + sn->s.coff[c];
		char name[128];
		snprintf(name, sizeof name, "%s", sn->chan_name[c + 1][0] ? sn->chan_name[c + 1] : "");
		if (!name[0])
			snprintf(name, sizeof name, "chan %d", c + 1);
		put_chan(sn, c + 1, name, vm->m->chanspecs[cb[0]], cb);
	}
	put_object_chans(sn);
	open_list(sn, "h");
	for (int o = 0; o < sn->s.nslot; o++) {
		const uint8_t *ob = b + sn->s.hoff[o];
		if (ob[0] == FREE_SLOT)
			continue;
		Record *r = vm->m->records[ob[0]];
		sep(sn);
		fprintf(f, "{\"id\":%d,\"cls\":", o + 1);
		json_text(f, r->name);
		fprintf(f, ",\"f\":[");
		sn->first = 1;
		put_vars(sn, "", r->fields, r->nfields, ob + 1);
		fprintf(f, "]}");
		sn->first = 0;
	}
	fprintf(f, "]}");
	free(sn);
}
