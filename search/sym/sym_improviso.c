/* sym_improviso.c — `dspin -symbolic -por=improviso` (issue 39): Lerda,
 * Sinha & Theobald, "Symbolic Model Checking of Software"
 * (../shared/papers/improviso-symbolic-por.md), Fig. 4 "Pseudo-code of
 * the Improviso algorithm", over the relations sym.c learns, with the
 * corrections of ../shared/designs/symbolic.md section 2.6 and the rules
 * of dspin's explicit Improviso (search/seq/improviso.c, docs/por.md),
 * so that both reduce by the same argument.
 *
 * Phase 1's relation for process p (Fig. 4's TransitionRelationPhase1[I])
 * is the union, over p's groups whose location has no move into an
 * atomic sequence, of rel_g restricted to Safe_g: the states where p is
 * safe (section 3.4: every transition of p at its location independent
 * of every other process's, invisible; dropping the determinism).  Safe_g
 * is the group's location where ns_safe_scope says "always", nothing
 * where it says "never", and otherwise learned like a relation: one
 * ns_safe_group call per projection onto every byte but the channels'
 * messages (sym.c, learn_safe).
 *
 * Phase 1 (lines 4-34), processes from the highest position down:
 *
 *   for each process I:                      (a round)
 *     while Frontier is not empty:
 *       Image := TR1[I](Frontier)
 *       Next  := Next + (Image & Stack)          line 19
 *              + (Frontier - dom TR1[I])         correction (a): a state I
 *                                                 cannot move goes on too
 *       Frontier := Image - Stack;  Stack := Stack + Frontier
 *     Frontier := Next
 *
 * Correction (c), dspin's rule for 3.5's fixpoint (docs/por.md,
 * "Departure from Fig. 4"): after a round, a state where some process
 * has a phase-1 move to a state not in Stack begins another round, at
 * the highest such process; the others go to phase 2.  (Fig. 4 begins
 * another round from all of them whenever anything moved, which explores
 * every combination of the processes' local cycles.)  Each extra round
 * adds a state to Stack, so phase 1 ends.
 *
 * Correction (d): Visited takes Stack at the end of phase 1, and the
 * states phase 2 finds are not added to it before their phase 1 (Fig. 4
 * adds them at line 41, and line 32 then removes a phase 1 that did not
 * move from the frontier: its state is never expanded fully).  Phase 2
 * expands fully (every group) the end states that are not in Visited;
 * its successors not in Visited are the next phase 1's frontier and
 * Stack.  Invalid end states are checked on phase 2's states (a state
 * without a move is always an end state of its phase 1).
 *
 * Why it is sound: docs/por.md's argument for the explicit Improviso
 * (ample sets C0-C2 from safety; proviso (P): every branch of phase 1
 * ends at a fully expanded state or at one stored before, along explored
 * moves that leave the others' transitions enabled) uses no order of
 * exploration, only what this loop keeps: a state's moves in phase 1 are
 * all of one safe process's, a successor in Stack goes on to the lower
 * processes, and every end state is fully expanded or visited before.
 * The counts may differ from the explicit search's (its Stack is a
 * depth-first phase 1's, this one a set), the verdicts may not.
 *
 * After each phase the visited set is offered to sym_sift, for the
 * attach order as the other searches (it had none before:
 * philosophers(10) 3.7 s -> 0.22 s; leader_all(5) beyond 400 s -> 192
 * with the channels attached; but snoopy.pml 13.6 s -> 52.9 s), and
 * inside phase 1 Stack after each process's fixpoint (2026-12-04: the
 * order had come after the whole of a first phase, which ran again with
 * it: leader_all(4) 3.8 -> 2.8 s, leader_all(5) 192 -> 70 s, snoopy
 * 52.9 -> 30.9 s, petersonN4 14.7 -> 5.3 s).  Phase 1's sets do not
 * depend on the order, so the restart's comparison at the same count of
 * asks compares like sets, as in the breadth-first search.
 *
 * Errors are found while relations are learned, as in the breadth-first
 * search; the trail is a shortest path inside the states reached
 * (sym_improviso_levels), so that sym_trail.c's way back works. */
#include "sym_impl.h"
#include <stdlib.h>

static void or_into(BDD *dst, BDD v)
{
	sym_keep(dst, bdd_or(*dst, v));
}

/* Fig. 4's TR1[p] applied to F: the successors (referenced) and the
 * states of F that have such a move (*from, referenced) */
static BDD img1(Sym *s, int p, BDD F, BDD *from)
{
	BDD next = bdd_addref(bddfalse);
	*from = bdd_addref(bddfalse);
	for (int i = 0; i < s->ng; i++) {
		Group *g = s->g[i];
		if (g->p != p || !g->p1)
			continue;
		BDD x = bdd_addref(bdd_and(F, g->safe));
		if (x != bddfalse) {
			BDD mv = bdd_addref(bdd_and(x, g->dom));
			or_into(from, mv);
			bdd_delref(mv);
			BDD c = sym_group_image(s, g, x);
			or_into(&next, c);
			bdd_delref(c);
		}
		bdd_delref(x);
	}
	return next;
}

/* the states of F where p has a phase-1 move to a state outside stack;
 * referenced.  Per group: its image of F first, and only if some of it
 * is outside stack (the rare case: the round's end states mostly lead
 * back into it) the preimage of that part, renamed to D's next
 * variables (renaming all of not-stack instead took 40% of leader
 * election's time) */
static BDD fresh_by(Sym *s, int p, BDD F, BDD stack)
{
	BDD out = bdd_addref(bddfalse);
	for (int i = 0; i < s->ng; i++) {
		Group *g = s->g[i];
		if (g->p != p || !g->p1)
			continue;
		BDD x = bdd_addref(bdd_and(F, g->safe));
		if (x != bddfalse) {
			BDD img = sym_group_image(s, g, x);
			BDD out_of = bdd_addref(bdd_apply(img, stack, bddop_diff));
			bdd_delref(img);
			if (out_of != bddfalse) {
				if (!g->c2n) {
					g->c2n = bdd_newpair();
					sym_pairs_c2n(s, g->c2n, g->bytes, g->nbytes);
				}
				/* as successors: D's bytes at their next variables */
				BDD ns = bdd_addref(bdd_replace(out_of, g->c2n));
				BDD pre = bdd_addref(bdd_appex(g->rel, ns, bddop_and, g->nxtcube));
				bdd_delref(ns);
				BDD here = bdd_addref(bdd_and(pre, x));
				bdd_delref(pre);
				or_into(&out, here);
				bdd_delref(here);
			}
			bdd_delref(out_of);
		}
		bdd_delref(x);
	}
	return out;
}

static int going(Sym *s)
{
	return sym_bdd_ok(s) && !s->stop && !s->grow;
}

/* one phase 1 from F: its Stack (referenced), the end states for phase 2
 * into *ends (referenced) */
static BDD phase1(Sym *s, BDD F, BDD *ends)
{
	int n = s->l.pmax;
	BDD stack = bdd_addref(F);
	*ends = bdd_addref(bddfalse);
	BDD *start = calloc((size_t)n, sizeof *start);
	if (!start) {
		sym_fail(s, "%s", "out of memory");
		return stack;
	}
	for (int p = 0; p < n; p++)
		start[p] = bddfalse;
	start[n - 1] = bdd_addref(F);
	for (int more = 1; more && going(s);) {
		BDD down = bdd_addref(bddfalse);
		for (int p = n - 1; p >= 0 && going(s); p--) {
			BDD cur = bdd_addref(bdd_or(down, start[p]));
			bdd_delref(start[p]);
			start[p] = bddfalse;
			sym_keep(&down, bddfalse);
			while (cur != bddfalse && going(s)) {
				sym_learn_proc(s, p, cur, 1);
				if (!going(s))
					break;
				BDD from;
				BDD img = img1(s, p, cur, &from);
				s->st->levels++;
				s->level++;
				BDD again = bdd_addref(bdd_and(img, stack));
				or_into(&down, again);
				bdd_delref(again);
				BDD still = bdd_addref(bdd_apply(cur, from, bddop_diff));
				or_into(&down, still);
				bdd_delref(still);
				bdd_delref(from);
				sym_keep(&cur, bdd_apply(img, stack, bddop_diff));
				bdd_delref(img);
				or_into(&stack, cur);
				or_into(&s->reach, cur);
				sym_peak(s);
			}
			bdd_delref(cur);
			/* the order, also inside phase 1 (after each process's
			 * fixpoint, as the chained search asks): asked only after
			 * the phase, leader_all(4)'s attach order came after all
			 * of its first phase and ran the search again */
			if (going(s))
				sym_sift(s, stack);
		}
		/* the round's end states: another round for those with a move
		 * to a state not in Stack, from their highest such process */
		more = 0;
		BDD taken = bdd_addref(bddfalse);
		for (int p = n - 1; p >= 0 && going(s); p--) {
			/* (the higher processes have not seen the states handed down) */
			sym_learn_proc(s, p, down, 1);
			if (!going(s))
				break;
			BDD f = fresh_by(s, p, down, stack);
			start[p] = bdd_addref(bdd_apply(f, taken, bddop_diff));
			bdd_delref(f);
			if (start[p] != bddfalse) {
				more = 1;
				or_into(&taken, start[p]);
			}
		}
		sym_keep(&down, bdd_apply(down, taken, bddop_diff));
		bdd_delref(taken);
		or_into(ends, down);
		bdd_delref(down);
	}
	for (int p = 0; p < n; p++)
		bdd_delref(start[p]);
	free(start);
	return stack;
}

void sym_improviso(Sym *s, BDD init, BDD *Vout)
{
	BDD V = bdd_addref(bddfalse);
	BDD F = bdd_addref(init);
	sym_keep(&s->reach, init);
	while (F != bddfalse && going(s)) {
		s->st->phases++;
		BDD ends;
		BDD stack = phase1(s, F, &ends);
		/* phase 2: the end states not visited before, expanded fully */
		BDD P = bdd_addref(bdd_apply(ends, V, bddop_diff));
		bdd_delref(ends);
		or_into(&V, stack);
		bdd_delref(stack);
		sym_keep(&F, bddfalse);
		if (going(s))
			sym_groups_of_frontier(s, P);
		if (going(s) && !s->o->ends_off)
			sym_check_ends(s, P);
		if (going(s)) {
			BDD img = sym_image(s, P);
			s->st->levels++;
			s->level++;
			sym_keep(&F, bdd_apply(img, V, bddop_diff));
			bdd_delref(img);
			or_into(&s->reach, F);
		}
		bdd_delref(P);
		sym_peak(s);
		if (going(s))
			sym_sift(s, V);
	}
	bdd_delref(F);
	*Vout = V;
}
