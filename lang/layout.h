/* layout.h — the constants of the state vector's layout (vm/vm.h draws
 * it): its limits, which the checker enforces on the model as it lays out
 * the variables (lang/check/layout.c), and the sizes of its headers.  Shared by
 * lang/ and vm/, and kept here, below both, so that the front end needs
 * nothing from the VM. */
#ifndef DSPIN_LAYOUT_H
#define DSPIN_LAYOUT_H
#include "ast.h"
#include <stdint.h>
#include <string.h>

/* Limits of the state layout.  Each is either checked on the model before
 * the search (lang/check/layout.c, lang/check/check.c, `file:line:col: error:`) or, where only a run
 * can reach it, raised as a run-time error by the VM; docs/language.md
 * ("Limits") lists them. */
#define MAXPROC 255     /* live processes: [u8 nproc], pids 0..254 */
#define MAXCHAN 255     /* channels created by declarations: [u8 nchan] */
#define MAXSTATE 65535  /* bytes in a state vector */
#define MAXFIELDS 255   /* fields of a channel's message, arguments of a send or receive */
#define MAXPARAMS 255   /* parameters of a proctype or function (a method's `this` included) */
#define MAXTYPES 256    /* proctypes, functions, channel types: indexed by a u8 */
#define MAXCLASSES 255  /* records that `new` allocates: [u8 class], 0xFF marks a free slot */
#define MAXLOCS 65535   /* locations in one proctype's or function's code: [u16 pc] */
#define MAXSELECT 65536 /* values of one select range: each is a successor */
#define GOFF 4          /* globals start */
#define MAXOBJ 255
#define CHAN_OBJ 256    /* channel ids >= CHAN_OBJ: channel fields of objects */
#define CHAN_SLOTS 16   /* id = CHAN_OBJ + (location-1)*CHAN_SLOTS + channel field slot */
#define FREE_SLOT 0xFF
#define PHDR 4          /* process header: type, pc, call depth */
#define FHDR 3          /* call frame header: function, call transition */
#define CHDR 3          /* channel header: spec, creator, len */
/* the most bytes one block of the state may take: the globals, a process's
 * or a call's locals, an object, a channel (the whole state: MAXSTATE) */
#define STATE_BLOCK_MAX 60000

/* A variable's value in its bytes, by type: the one definition, used by
 * the VM (vm_load, vm_store) and by the record images (layout.c).  A
 * store truncates to the type, as pan's C assignment does. */
static inline int32_t layout_load(const uint8_t *a, TypeKind k, int bits)
{
	switch (k) {
	case TY_SHORT: { int16_t v; memcpy(&v, a, 2); return v; }
	case TY_CHAN: { uint16_t v; memcpy(&v, a, 2); return v; }
	case TY_INT: { int32_t v; memcpy(&v, a, 4); return v; }
	case TY_UNSIGNED:
		if (bits <= 8) return a[0];
		if (bits <= 16) { uint16_t v; memcpy(&v, a, 2); return v; }
		{ uint32_t v; memcpy(&v, a, 4); return (int32_t)v; }
	default: return a[0];
	}
}

static inline void layout_store(uint8_t *a, TypeKind k, int bits, int32_t v)
{
	switch (k) {
	case TY_BIT: case TY_BOOL: a[0] = (uint8_t)(v & 1); break;
	case TY_SHORT: { int16_t s = (int16_t)v; memcpy(a, &s, 2); break; }
	case TY_CHAN: { uint16_t s = (uint16_t)v; memcpy(a, &s, 2); break; }
	case TY_INT: memcpy(a, &v, 4); break;
	case TY_UNSIGNED: {
		uint32_t u = bits >= 32 ? (uint32_t)v : ((uint32_t)v & ((1u << bits) - 1));
		if (bits <= 8) a[0] = (uint8_t)u;
		else if (bits <= 16) { uint16_t s = (uint16_t)u; memcpy(a, &s, 2); }
		else memcpy(a, &u, 4);
		break;
	}
	default: a[0] = (uint8_t)v; break;
	}
}

#endif
