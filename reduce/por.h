/* por.h — static partial-order reduction (Holzmann & Peled, "An
 * Improvement in Formal Verification", Fig. 1e "Reduced Expansion Step").
 *
 * A transition is safe when it touches only its own process's variables
 * (locals and call-frame locals, no heap, no channels, no globals, no
 * process count, no timeout): it is then independent of every transition
 * of every other process and invisible to assertions elsewhere.  In a
 * state where some process sits at a location whose transitions are all
 * safe and can move, only that process's moves are explored, unless the
 * reduction proviso objects (layer_por.c; docs/por.md).  Some transitions
 * are safe in some states only: sends, receives and guards on channels no
 * other process can still touch in a conflicting way (por_chan.c), and a
 * process's death.
 *
 * With -por=si (symmetric independence, Iosif section 5) a process's
 * writes of its own reference locals, including `x = new C`, count as safe
 * too when heap symmetry is on: allocations and the garbage they leave
 * commute modulo heap symmetry (Lemma 4). */
#ifndef DSPIN_POR_H
#define DSPIN_POR_H
#include "../vm/next.h"

enum { POR_NONE, POR_STATIC, POR_SI };

/* The static dependency information of POR: each location's class,
 * computed once from the access sets (lang/access.h) and kept apart from
 * the compiled program, indexed by Loc.gid.  Immutable after por_table
 * returns, so search workers share it. */
typedef struct PorTable PorTable;
/* ps: the process symmetry the search runs with (NULL: none); a step that
 * finishes an instance it removes at once is not safe */
struct ProcSym;
PorTable *por_table(VM *vm, int mode, const struct ProcSym *ps);  /* GC-allocated, like the model */
int por_table_nsafe(const PorTable *t);           /* locations that are not unsafe */
/* 0 unsafe, else POR_SAFE with POR_CHAN when some transition is a
 * conditionally safe send, receive or guard (por_loc_cond_holds decides
 * in a state), POR_OWNED when some touches object fields (heap-local
 * independence under -por=si: por_loc_owned decides in a state), and
 * POR_DEATH at a process's closing brace, where its move is its death
 * (por_death_holds decides in a state) */
enum { POR_SAFE = 1, POR_CHAN = 2, POR_OWNED = 4, POR_DEATH = 8 };
int por_loc_class(const PorTable *t, const Loc *loc);
/* is some transition at loc safe only by symmetric or heap-local
 * independence (-por=si: it allocates, stores a reference or touches an
 * object)? */
int por_loc_heap(const PorTable *t, const Loc *loc);
/* are the objects the POR_OWNED transitions at loc touch all owned by
 * process pid in s?  (owner: heap_owners of s) */
int por_loc_owned(const PorTable *t, VM *vm, State *s, int pid, const Loc *loc, const uint8_t *owner);
/* do the conditions of the conditionally safe transitions at loc (where
 * process pid is, class 2) hold in state s? */
int por_loc_cond_holds(const PorTable *t, VM *vm, const State *s, int pid, const Loc *loc);
/* has some transition at loc a guard with a timeout conjunct (safe only
 * where its process has another move, layer_por.c)? */
int por_loc_timeout(const PorTable *t, const Loc *loc);
/* may process pid, at its closing brace in s, die as the ample set? */
int por_death_holds(const PorTable *t, const State *s, int pid);

/* The layer (reduce/layer_por.c): with ample = 1 the reduced expansion
 * of Fig. 1e with the search's proviso hook; with ample = 0 it only answers
 * safe_group (Twophase's classification). */
Layer *layer_por(VM *vm, const PorTable *t, int ample);
/* Does the model never have a second process?  The ample layer then
 * expands every state fully, without the proviso (layer_por.c) */
int por_one_process(const VM *vm);

/* por_chan.c, for por.c: conditionally safe sends and receives */
typedef struct ChanTable ChanTable;
ChanTable *chan_table(const Program *p);
/* can this send or receive be safe, depending on the state? */
int chan_cond_trans(const ChanTable *ct, const Trans *t);
/* is t's guard one with a timeout conjunct? */
int chan_trans_timeout(const ChanTable *ct, const Trans *t);
/* is it safe in state s, where process pid is about to take it? */
int chan_cond_holds(const ChanTable *ct, VM *vm, const State *s, int pid, const Trans *t);
/* can no other process of s still create a process, call a function or
 * reach an access to a channel that process pid created? */
int chan_death_holds(const ChanTable *ct, const State *s, int pid);
/* does transition t lead to a send or receive on a channel that may be a
 * rendezvous, in a program where some such access is observed? */
int chan_enables_observed(const ChanTable *ct, const Trans *t);
/* for por_inside.c: a channel expression whose value is fixed for its
 * process's life; one that may denote a rendezvous channel; the access
 * sets */
int chan_stable_expr(const ChanTable *ct, const Expr *e);
int chan_maybe_rendezvous(const ChanTable *ct, const Expr *e);
struct AccessTable;
const struct AccessTable *ct_access(const ChanTable *ct);
/* por_inside.c: by Loc.gid, the locations inside an atomic sequence where
 * its process may block (every location of a function) */
unsigned char *por_inside(const ChanTable *ct, const Program *p);
#endif
