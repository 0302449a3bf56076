/* dfs_impl.h — the depth-first search's stack, shared by its strategies:
 * plain DFS and Twophase (search/seq/dfs.c) and Improviso (search/seq/improviso.c).
 * Private to search/. */
#ifndef DSPIN_DFS_IMPL_H
#define DSPIN_DFS_IMPL_H
#include "seq.h"
#include "onstack.h"

typedef struct SRec {            /* a successor as kept on the stack (64 bytes) */
	Move mv;                     /* in the parent's positions */
	int16_t tpid, trv_pid;       /* the trail's pids (mv's with process symmetry off) */
	int16_t tgone_top, tgone_n;  /* and the deaths it stands for (vm.h) */
	int32_t atomic_pid;
	int32_t len;
	int32_t alen;                /* aux bytes follow the key */
	int16_t err;
	int8_t skip;                 /* not explored (a run-time error: the step did not
	                              * happen; a reduction left it out) */
	int8_t ip_seen;              /* Improviso: visited in this phase 1 before */
	int8_t hashed;               /* hash is set (not for a step that stays inside
	                              * an atomic sequence: see Dfs.lazy_hash) */
	int8_t pre;                  /* in the store when its parent was expanded:
	                              * matched without a visit (prelook; kept
	                              * only for its error) */
	int8_t pm_dinc;              /* prelook: the greatest depth over the parent's */
	int32_t pm_n;                /* of the pm_n successors found in the store just
	                              * before this one (not kept), matched when
	                              * it is reached */
	uint64_t hash;               /* state_hash of the key, computed on expansion */
} SRec;

/* the move as a trail records it: the process symmetry layer renames the
 * pids (vm/next.h's tmv), nothing else */
static inline Move trail_move(const SRec *rec)
{
	Move m = rec->mv;
	m.pid = rec->tpid;
	m.rv_pid = rec->trv_pid;
	m.gone_top = rec->tgone_top;
	m.gone_n = rec->tgone_n;
	return m;
}

#define PAD8(n) (((size_t)(n) + 7) & ~(size_t)7)
#define SREC PAD8(sizeof(SRec))   /* records are 8-aligned in the arena */

typedef struct Frame {
	/* 8-byte fields first, then 4, then 1 (104 bytes): the compact stack
	 * keeps a Frame only for the frames of its window, the others as
	 * Cold; Twophase's and Improviso's fields are beside it (TpFrame) */
	size_t state_off;            /* this frame's state bytes (frame_bytes); its
	                              * aux bytes follow at state_off + PAD8(len).
	                              * Compact stack: its delta on Dfs.sv */
	size_t succ_off;             /* first successor record */
	size_t cur_off;              /* record of successor `next` */
	uint64_t hash;
	long depth;
	Move in;
	int len, alen;               /* key and aux bytes (vm/next.h) */
	int nsucc, next;
	int atomic_pid;
	int nerr;                    /* successors that raised an error */
	int pm_tail;                 /* the plain search's prelook: successors found in the
	                              * store after the last record kept, matched when
	                              * the frame is popped (pop) */
	uint8_t unstored;            /* inside an atomic sequence: not in the store */
	uint8_t stored;              /* stored frames are in the on-stack set */
	uint8_t hashed;              /* hash is known (from its SRec, or dfs_enter) */
	uint8_t pm_tail_dinc;        /* their greatest depth over the frame's */
	uint8_t dropped;             /* compact stack: its successor block was dropped
	                              * (it came back from Cold): expand it again */
} Frame;

/* Twophase's and Improviso's part of frame i, Dfs.tp[i] (see
 * visit_twophase, visit_improviso): the plain search has none, so its
 * frames are smaller without them and a deep stack takes less memory
 * (bench/RESULTS.md, "The figures behind the code") */
typedef struct TpFrame {
	long tp_start;               /* frame that began this phase 1 (the state x) */
	size_t cm_off;               /* moves of the chain collapsed into this frame */
	size_t ip_keys;              /* Improviso, at x: where its phase 1's keys begin in Dfs.ipkey */
	int tp_pid;                  /* next process phase 1 examines here */
	int tp_cpid;                 /* what the phase-1 child inherits, with tp_clist, tp_csave */
	int cm_len;
	uint8_t tp_list, tp_save;    /* in phase 1's list / to be stored after it */
	uint8_t tp_atomic;           /* continues an atomic sequence: never stored */
	uint8_t tp_phase2;           /* expanded fully: children begin new phase 1s */
	uint8_t tp_inset;            /* its hash is in Dfs.tplist */
	uint8_t tp_clist;
	uint8_t tp_csave;
} TpFrame;

/* A frame of the compact stack below its window (Dfs.floor): what is left
 * once its successor block is dropped, a fraction of a Frame, for stacks
 * of millions of frames (bench/RESULTS.md, "The figures behind the code").
 * Its state is its delta on
 * Dfs.sv; the move into it is not kept: a trail asks the parent's
 * expansion again (successor next - 1). */
typedef struct Cold {
	size_t state_off;
	int32_t nsucc, next;
	int32_t len, alen;
	int32_t depth;               /* push refuses a deeper frame (DEPTH_MAX) */
	int16_t atomic_pid;
	uint8_t unstored;
} Cold;
#define DEPTH_MAX INT32_MAX

typedef struct Dfs {
	VM *vm;
	const SearchOpts *o;
	const struct DfsStrategy *strat;   /* plain, Twophase or Improviso */
	SearchResult *r;
	Store st;
	Ctx *c;
	Frame *fr; long nfr, capfr;
	TpFrame *tp;                 /* Twophase and Improviso: beside fr[] (capfr of them) */
	uint8_t *ar; size_t arn, arcap;
	SuccBuf sb;
	OnStack onstack;
	OnStack tplist;              /* Twophase: hashes of the list states on the stack */
	Move *cm; size_t ncm, capcm; /* Twophase: moves of collapsed chains */
	OnStack ipset;               /* Improviso: the states each phase 1 on the stack visited */
	uint64_t *ipkey; size_t nipkey, capipkey;  /* the same keys, in order, to forget them */
	int stop;
	int oom;                     /* out of memory: the search stops, incomplete */
	int lazy_hash;               /* plain DFS without a proviso: a state inside an
	                              * atomic sequence is hashed only if it is stored
	                              * (its successors mostly continue the sequence,
	                              * and such states are never stored or looked up) */
	/* The compact stack (plain DFS without a proviso, as lazy_hash).
	 * Successor blocks are kept only for the frames from `floor` up, the
	 * window, at most about arlimit bytes of them; fr[] holds only the
	 * window's frames (frame_at), the frames below it are Cold records
	 * (cold[0..floor)), and one of them expands its state again when the
	 * search comes back to it (search/seq/dfs.c, evict, reexpand).  Only the
	 * top frame's state is whole (cur); each frame keeps on sv the XOR of
	 * its state with its parent's, the words that differ (delta_push), so
	 * that popping a frame gives its parent's state back (pan undoes each
	 * move; dspin's moves are not undoable, their differences are).
	 * Without the compact stack a deep search keeps every frame's
	 * successors whole; with it, the frames below the window keep a
	 * delta each instead of a whole state
	 * (bench/RESULTS.md, "The figures behind the code"). */
	int compact;
	int prelook;                 /* successors looked up in the store together at
	                              * expansion (dfs.c, expand_prelook): the exact
	                              * store, lazy_hash's searches, not compact */
	uint64_t *plh; int *pli; int plcap;   /* its hashes, and the successor each
	                              * record kept is (-1: none, a count) */
	int plk;                     /* records in pli after the last expansion, or -1 */
	int hint_valid, hint_use;    /* the first successor kept: where its lookup */
	size_t hint_off, hint_slot, hint_n;  /* ended (store_has_slot), the store's size then */
	uint8_t *sv; size_t svn, svcap;
	uint8_t *cur; size_t curcap;  /* the top frame's state: key, aux, zeros after */
	uint8_t *scr;                /* rebuilding the states below the top (curcap bytes) */
	SuccBuf tsb;                 /* a trail's expansions (d->sb may still be read) */
	Cold *cold; long capcold;
	long floor;
	size_t arlimit;
	unsigned long long reexpanded;
	double t0, last_progress;
} Dfs;

/* frame f's TpFrame (Twophase and Improviso, which never have the compact stack) */
static inline TpFrame *tpf(const Dfs *d, const Frame *f)
{
	return &d->tp[f - d->fr];
}

/* frame i (>= floor: without the compact stack, every frame) */
static inline Frame *frame_at(const Dfs *d, long i)
{
	return &d->fr[i - d->floor];
}

static inline Frame *top_frame(const Dfs *d)
{
	return &d->fr[d->nfr - 1 - d->floor];
}

/* the frame's state bytes (its key; aux PAD8(len) bytes on).  On the
 * compact stack only the top frame's state is there. */
static inline uint8_t *frame_bytes(const Dfs *d, const Frame *f)
{
	return d->compact ? d->cur : d->ar + f->state_off;
}

/* the frame's state as the interface takes it (compact: the top's) */
static inline SState frame_state(const Dfs *d, const Frame *f)
{
	const uint8_t *b = frame_bytes(d, f);
	SState ss = { b, f->len, b + PAD8(f->len), f->alen, f->atomic_pid };
	return ss;
}

/* A strategy of the depth-first search: the plain search (dfs.c),
 * Twophase (twophase.c), Improviso (improviso.c).  visit takes one step on
 * the top frame (0: the search stops); tp_frames: a TpFrame is kept beside
 * every frame; child (may be NULL) sets up a pushed child's fields from its
 * parent's; pop (may be NULL) runs before the top frame goes. */
typedef struct DfsStrategy {
	int (*visit)(Dfs *d);
	int tp_frames;
	void (*child)(Dfs *d, const Frame *par, Frame *ch, const SRec *rec);
	void (*pop)(Dfs *d, const Frame *f);
} DfsStrategy;
extern const DfsStrategy DFS_PLAIN, DFS_TWOPHASE, DFS_IMPROVISO;

/* dfs.c's steps, for the strategies in other files */
int dfs_enter(Dfs *d, Frame *f);
int dfs_expand(Dfs *d, int *from_atomic);
void dfs_report_move_error(Dfs *d, SRec *rec, int i);
void dfs_report_state_errors(Dfs *d, int n);
void dfs_progress(Dfs *d);
int dfs_store_list(Dfs *d, const Frame *top);
void dfs_collapse(Dfs *d, long base);
/* Twophase's and Improviso's entry (dfs.c): successors, or one of these */
#define TP_MATCHED (-2)
int tp_open(Dfs *d, int *from_atomic);

#endif
