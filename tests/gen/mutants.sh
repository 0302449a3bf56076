#!/bin/bash
# mutants.sh — does the random-program driver catch broken reductions?
#
#   tests/gen/mutants.sh [-s SEEDS] [-j N] [-g GEN] [-F FEATURES] [-c] [NAME...]
#
# Each mutant below is one deliberate bug in a reduction: a check removed
# that a past bug or a paper says is needed.  For each, the script builds
# dspin with the bug (in a scratch copy of the committed tree), runs the
# driver on SEEDS (default 1-400) in the configurations the bug can affect,
# and reports how many programs the driver failed ("caught") — a mutant
# caught by 0 seeds is a blind spot of the generator.  -g uses another
# generator binary (default: the committed one, built with the mutants).
# -F passes generator features to the driver (-F rules: every program one
# of the rules programs, the shapes the procsym_wait_*, procsym_nr_bad,
# heap_chan_id and pid_wrap64 mutants were written against; -F rules-heap,
# rules-si, rules-dead, rules-claim, rules-pid, rules-nr: one kind, the
# places of docs/testing-history.md's "Reach of every analysis", for the heap_*,
# si_*, deadvars_*, claim_remote_*, procsym_pid_* and procsym_passable /
# procsym_escape_both mutants).
# Mutants whose configuration field is "symbolic" break dspin -symbolic
# (search/sym): the driver runs them with -Y only -F flat (programs inside
# the symbolic fragment, the symbolic check only) and "checked" counts the
# programs the symbolic check ran on.
# -c also runs the hand-written corpus checks (tests/sym_tests.sh,
# tests/dyn_tests.sh, tests/liveness_tests.sh, tests/model_tests.sh,
# tests/native_tests.sh and
# tests/deadvars_tests.sh) on each mutant and says whether they fail.  Not part of ctest
# (minutes, not seconds); results are recorded in docs/testing.md (how) and
# docs/testing-history.md (what each set caught).
#
# A mutant that cannot be applied (its pattern no longer matches the source)
# is reported as "stale" and makes the script exit 1, so the list is kept
# in step with the code.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SEEDS=1-400
JOBS=$(nproc 2>/dev/null || echo 2)
GEN= CORPUS=0 FEATURES=
while getopts "s:j:g:F:c" o; do
	case $o in s) SEEDS=$OPTARG ;; j) JOBS=$OPTARG ;; g) GEN=$(readlink -f "$OPTARG") ;; F) FEATURES=$OPTARG ;; c) CORPUS=1 ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))

# NAME ~ FILE ~ perl substitution ~ driver -C regex ~ what the bug is
MUTANTS=$(cat <<'EOF'
chan_exclusive~reduce/por_chan.c~s/for \(int y = 0; y < s->nproc; y\+\+\) \{/for (int y = 0; y < 0; y++) {/~none_static_all~a send or receive is safe even when another process can reach the same channel
chan_length~reduce/por_chan.c~s/if \(recv \? len == 0 : len >= cap\) return 0;//~none_static_all~a send or receive is safe whatever the channel's length
remote_refs~reduce/por.c~s/return access_find\(all, A_ALLPROCS, NULL\) \|\| access_find\(all, A_REMOTE, pt\);/return access_find(all, A_ALLPROCS, NULL);/~none_static_all~remote references P[i]:x and P[i]\@L do not make P's moves visible (bug 3)
proviso~reduce/layer_por.c~s/if \(!c->proviso \|\| c->proviso\(c->proviso_arg, sc->b, sc->len\)\)/if (!c->proviso)/~none_static_all~no in-stack proviso (Holzmann & Peled's cycle condition)
twophase_atomic~search/seq/twophase.c~s/if \(mine == 1 && !into_atomic\)/if (mine == 1)/~none_twophase_all~Twophase counts a move into an atomic sequence as deterministic (bug 2)
calls_safe~reduce/por.c~s/if \(access_private\(a\) \|\| \(t->si && si_private\(a\)\)\)/if (access_private(a) || (t->si \&\& si_private(a)) || (tr->st \&\& (tr->st->k == S_CALL || tr->st->k == S_RETURN)))/~none_static_all~calls and returns are safe (a hoisted call reads shared state after its guard did; frames share the bounded state vector)
procsym_pid~reduce/procsym.c~s/if \(access_find\(at->own\[pt->index\], A_PID, NULL\)\)\n\t\treturn "reads _pid";\n//~^proc_none_all~process symmetry takes instances that read _pid as interchangeable
procsym_remote~reduce/procsym.c~s/if \(access_find\(at->model, A_REMOTE, pt\)\)\n\t\treturn "is named by a remote reference";\n//~^proc_none_all~process symmetry takes instances named by P[i]:x as interchangeable
procsym_terminate~reduce/procsym.c~s/if \(can_terminate\(pt\)\)\n/if (0)\n/~^proc_none_all~process symmetry takes instances that can terminate as interchangeable
procsym_before~reduce/procsym.c~s/return initial_only\(at, q\) && \(!c->active \|\| q->index < c->index\);/return 1;/~proc_none_all~pid observers and _nr_pr readers created after a terminating instance are ignored
procsym_self_nr~reduce/procsym.c~s/if \(access_find\(at->reach\[c->index\], A_NRPR, NULL\)\)\n\t\treturn "can terminate, and reads/if (0)\n\t\treturn "can terminate, and reads/~proc_none_all~a terminating proctype that reads _nr_pr itself stays interchangeable
procsym_stretch~reduce/procsym_canon.c~s/if \(j < n && \(ps->eligible\[pt\] \|\| !ps->terminating\)\)/if (j < n)/~proc_none_all~with terminating instances the pc-sort moves instances across processes that are not interchangeable (init could die too early)
procsym_gone~search/trail.c~s/for \(int k = 0; k < mv\[i\]\.gone_n; k\+\+\)/for (int k = 0; k < 0; k++)/~proc_none_all~trails leave out the deaths the unreduced run takes after a representative removed finished instances
por_finish~reduce/por.c~s/if \(t->ps && t->ps->terminating && t->nr_disabled && o/if (0 \&\& o/~proc_static_all~the step that finishes (and removes) an interchangeable instance is safe for POR whatever reads _nr_pr
por_nr_guard~reduce/por.c~s/return reads && \(other \|\| l->has_escape\);/return 0;/~proc_static_all~an _nr_pr alone-guard with an else or escape beside it counts as enable-only for POR
heap_chan_rewrite~heap/gc.c~s/(\t+)(root\(g, cb \+ CHDR)/$1if (!g->rewrite) $2/~^heap_none_all~canonical heap numbering does not rewrite references inside channel messages
heap_field_rewrite~heap/gc.c~s/for \(int i = 0; \(a = edge\(vm, tmp \+ n, i, &is_chan\)\); i\+\+\) rewrite_edge\(&g, a, is_chan\);//~^heap_none_all~canonical heap numbering does not rewrite references between objects
heap_global_rewrite~heap/gc.c~s/\tblock\(g, s->b \+ GOFF, /\tif (!g->rewrite) block(g, s->b + GOFF, /~^heap_none_all~canonical heap numbering does not rewrite references in global variables (rules programs heap)
heap_local_rewrite~heap/gc.c~s/\t\tblock\(g, s->b \+ s->poff\[pid\] \+ PHDR, /\t\tif (!g->rewrite) block(g, s->b + s->poff[pid] + PHDR, /~^heap_none_all~canonical heap numbering does not rewrite references in process locals (parameters, run arguments, received messages, returned values; rules programs heap)
heap_frame_rewrite~heap/gc.c~s/\t\t\tblock\(g, s->b \+ off \+ FHDR, /\t\t\tif (!g->rewrite) block(g, s->b + off + FHDR, /~^heap_none_all~canonical heap numbering does not rewrite references in the frames of called functions (locals and parameters; rules programs heap function-local, parameter)
heap_frame_mark~heap/gc.c~s/for \(int d = 0; d < s->b\[s->poff\[pid\] \+ 3\]; d\+\+\) \{/for (int d = 0; d < 0; d++) {/~^heap_none_all~the collector's roots leave out call frames: an object only a called function holds is collected (rules programs heap function-local, parameter, return)
heap_objmsg_rewrite~heap/gc.c~s/i\+\+\) rewrite_edge\(&g, a, is_chan\);/i++) if (i < vm->m->records[tmp[n]]->nrefoffs + vm->m->records[tmp[n]]->nchanrefoffs) rewrite_edge(\&g, a, is_chan);/~^heap_none_all~canonical heap numbering rewrites an object's fields but not the references in messages queued in its own channels (rules programs heap object-channel)
heap_chanid_rewrite~heap/gc.c~s/\tif \(c < CHAN_OBJ\) return;\n/\treturn;\n/~^heap_none_all~canonical heap numbering leaves the ids of object channels held in chan variables alone (rules programs heap chan-id)
heap_array_refs~lang/check/layout.c~s/int cnt = v->arrlen \? v->arrlen : 1;/int cnt = 1;/~^heap_none_all~only the first element of an array of references (or of typedefs holding them) is a root or an edge: the others are neither marked nor renumbered (rules programs heap global-array, local-array, typedef gr[1])
heap_typedef_refs~lang/check/layout.c~s/else if \(v->kind == TY_RECORD\) collect\(/else if (0) collect(/~^heap_none_all~references inside typedef variables are no roots (neither marked nor renumbered; rules programs heap typedef)
pos_localinit~lang/access.c~s/an\.init\[i\] = initialisers\(m, m->ptypes\[i\]\);/an.init[i] = new_access();/~none_static_all~the access analysis skips proctypes' local initialisers (the hole of issue 11)
pos_funcinit~lang/access.c~s/an\.finit\[i\] = initialisers\(m, m->funcs\[i\]\);/an.finit[i] = new_access();/~none_static_all~the access analysis skips functions' local initialisers
pos_globalinit~lang/access.c~s/\t\tadd_expr\(t->globals, m, m->globals\[i\]->init, USE_READ\);/\t\t(void)0;/~none_static_all~the access analysis skips global initialisers (evaluated before any process exists)
pos_provided~lang/access.c~s/if \(!pt->is_func && pt->provided\)/if (0)/; s/\t\tadd_expr\(t->own\[i\], m, m->ptypes\[i\]->provided, USE_COND\);\n//~none_static_all~the access analysis skips provided clauses
pos_runarg~lang/access.c~s/(\tdefault:\n\t\tvisit_expr\(v, e->a, USE_READ\);)/\tcase E_RUN:\n\t\treturn;\n$1/~none_static_all~the visitor skips run arguments
pos_callarg~lang/access.c~s/(\tdefault:\n\t\tvisit_expr\(v, e->a, USE_READ\);)/\tcase E_CALL:\n\t\treturn;\n$1/~none_static_all~the visitor skips call arguments
pos_unless~lang/access.c~s/(\tAccess \*a = new_access\(\);\n)(\tif \(t->dstep\) \{)/$1\tif (t->escape) { *slot = a; return a; }\n$2/~none_static_all~the access analysis skips unless escapes
pos_atomic~lang/access.c~s/(\tAccess \*a = new_access\(\);\n)(\tif \(t->dstep\) \{)/$1\tif (t->atomic_id) { *slot = a; return a; }\n$2/~none_static_all~the access analysis skips the statements of atomic sequences
pos_dstep~lang/access.c~s/for \(int l = 0; l < k->nlocs; l\+\+\)\n(\t+)for \(int i = 0; i < k->locs\[l\]\.nt; i\+\+\)\n(\t+)access_union\(a, trans_access/for (int l = 0; l < 0; l++)\n$1for (int i = 0; i < k->locs[l].nt; i++)\n$2access_union(a, trans_access/~none_static_all~the access analysis skips d_step bodies
pos_index~lang/access.c~s/(\tcase E_VAR:\n)\t\tvisit_expr\(v, e->a, index_use\(use\)\);\n/$1/~none_static_all~the visitor skips array indices
pos_sendarg~lang/access.c~s/for \(int i = 0; i < s->nargs; i\+\+\)\n(\t\t)visit_expr\(v, s->args\[i\], arg_use/for (int i = 0; s->k != S_SEND && i < s->nargs; i++)\n$1visit_expr(v, s->args[i], arg_use/~none_static_all~the visitor skips the arguments of a send
si_owned~reduce/por.c~s/if \(o->x\.err \|\| ref <= 0 \|\| ref > o->x\.s->nslot \|\| o->owner\[ref\] != o->pid \+ 1\)/if (0)/~_si_~heap-local independence takes every object as the mover's (no ownership check)
si_global_owner~heap/gc.c~s/\tg->tag = OWN_SHARED;\n\tblock\(g, s->b \+ GOFF/\tg->tag = OWN_SHARED;\n\tif (!g->owner) block(g, s->b + GOFF/~_si_~heap-local independence: globals are no roots of the ownership walk, so an object a global also reaches stays its process's (rules programs si global, global-array, typedef, shared-field, object-channel)
si_chan_owner~heap/gc.c~s/(\t+)(root\(g, cb \+ CHDR)/$1if (!g->owner) $2/~_si_~heap-local independence: a reference queued in a channel does not make its object shared (rules programs si buffered, frame)
si_two_owners~heap/gc.c~s/g->owner\[o\] = g->owner\[o\] \? OWN_SHARED : want;/g->owner[o] = want;/~_si_~heap-local independence: an object two processes reach is owned by the last one walked instead of shared (rules programs si rendezvous, run-argument)
si_frame_owner~heap/gc.c~s/for \(int d = 0; d < s->b\[s->poff\[pid\] \+ 3\]; d\+\+\) \{/for (int d = 0; !g->owner \&\& d < s->b[s->poff[pid] + 3]; d++) {/~_si_~heap-local independence: the ownership walk leaves out call frames, so an object another process holds only in a called function stays the mover's (rules programs si frame)
si_field_owner~heap/gc.c~s/\tif \(!enter\(g, 0, ref\)\) return;/\tif (!enter(g, 0, ref) || g->owner) return;/~_si_~heap-local independence: ownership does not follow fields and object channels, so an object a shared object points to stays its holder's (rules programs si shared-field, object-channel)
bfs_proviso~search/seq/bfs.c~s/return lv <= b->level;/return 0;/~none_static_all~the breadth-first search offers no proviso (an ample set may close a cycle; the level proviso of search/bfs.c)
chan_else~reduce/por_chan.c~s/has_else \|\| t->escape \|\| t->dstep \|\| ct->inside\[/t->escape || t->dstep || ct->inside[/~none_static_all~a send or receive with an else beside it does not count as a test of its channel (its enabledness is observed)
chan_unless~reduce/por_chan.c~s/has_else \|\| t->escape \|\| t->dstep \|\| ct->inside\[/has_else || t->dstep || ct->inside[/~none_static_all~a channel access in an unless escape does not count as a test of its channel
chan_dstep~reduce/por_chan.c~s/has_else \|\| t->escape \|\| t->dstep \|\| ct->inside\[/has_else || t->escape || ct->inside[/~none_static_all~a channel access inside a d_step does not count as a test of its channel
guard_exclusive~reduce/por_chan.c~s/\t\tif \(others_reach\(ct, s, pid, cid, recv \? SITE_R : SITE_W\)\)\n\t\t\treturn 0;\n//~none_static_all~a guard on nempty/nfull is stable even when another process can still receive from or send to the channel
guard_polarity~reduce/por_chan.c~s/int p = pos && e->k == E_BIN && \(e->op == OP_AND \|\| e->op == OP_OR\);/int p = pos;/~none_static_all~a negated channel test counts with the polarity of the positive one (a send can falsify !nempty(q))
guard_private~reduce/por_chan.c~s/return e->var && e->var->scope == SC_LOCAL && !e->var->in_func && expr_private\(e->a\);/return e->var && expr_private(e->a);/~none_static_all~a guard's conjunct over global variables counts as private (another process can make it true)
timeout_conjunct~reduce/por_chan.c~s/if \(e->k == E_BIN && e->op == OP_AND\)\n\t\treturn timeout_conjunct/if (e->k == E_BIN \&\& (e->op == OP_AND || e->op == OP_OR))\n\t\treturn timeout_conjunct/~none_static_all~a guard with timeout in a disjunct is taken as never enabled while its process has a move
atomic_steps~reduce/layer_por.c~s/if \(!\(cls & IN_SEQUENCE\)\) \{/if (0) {/~none_static_all~a move into an atomic sequence is an ample set even when a later step of the sequence is unsafe
atomic_end~reduce/layer_por.c~s/\t\t\t\t\task_hook\(c, v, u, t->err\);/\t\t\t\t\tv->off++;/~none_static_all~the proviso is not asked about the states where an atomic sequence taken as one move ends
death_spawn~reduce/por_chan.c~s/\tif \(others_reach\(ct, s, pid, 0, 0\)\)\n\t\treturn 0;\n//~none_static_all~a process's death is safe even when another process can still run a process (its pid would differ) or call
death_nr_pr~reduce/por.c~s/t->death = !t->nr_disabled && /t->death = /~none_static_all~a process's death is safe even when something reads _nr_pr in a way a death can disable
run_safe~lang/access.c~s/if \(a->v\[i\]\.kind != A_LOCAL && a->v\[i\]\.kind != A_PID\)/if (a->v[i].kind != A_LOCAL \&\& a->v[i].kind != A_PID \&\& a->v[i].kind != A_RUN)/~none_static_all~process creation is a private move (SPIN 6.5.2 counts a run with local initialisers as safe; runs by different processes give the new processes other pids in the other order: tests/models/sym/por_run_order.pml)
si_sequence~reduce/layer_por.c~s/return SAFE_HERE \| \(por_loc_heap\(cf->t, loc\) \? 0 : IN_SEQUENCE\);/return SAFE_HERE | IN_SEQUENCE;/~_si_~steps safe only by symmetric independence go into atomic sequences taken as one move (the heap bound is then met differently)
por_plain_claim~reduce/layer_por.c~s/w->plain = !below_is\(l, "claim"\) && !below_is\(l, "fair"\);/w->plain = 1;/~none_static_all~under a never claim the POR layer uses SPIN's weak safety proviso and takes atomic sequences as one move
improviso_first~search/seq/improviso.c~s/\toff = f->succ_off;\n\tfor \(int i = 0; i < n; i\+\+\) \{\n\t\tSRec \*rec = \(SRec \*\)\(d->ar \+ off\);\n\t\tif \(rec->mv\.pid != q\)\n/\tint taken = 0;\n\toff = f->succ_off;\n\tfor (int i = 0; i < n; i++) {\n\t\tSRec *rec = (SRec *)(d->ar + off);\n\t\tif (rec->mv.pid != q || taken++)\n/~_improviso_~Improviso's phase 1 takes only the first move of a safe process with several (3.4 without backtracking)
improviso_fixpoint_unsafe~search/seq/improviso.c~s/if \(!ns_safe_group\(d->c, ss, pid\)\)/if (!want_fresh \&\& !ns_safe_group(d->c, ss, pid))/; s/\t\tf->tp_pid = q;\n/\t\treturn ip_take(d, f, n, q) ? 1 : ip_phase2(d, f, n, 0);\n/~_improviso_~Improviso's fixpoint (3.5) takes a process that is not safe
improviso_revisit_cut~search/seq/improviso.c~s/(rec->ip_seen = \(int8_t\)os_has\(&d->ipset, key\);)/$1\n\t\t\trec->skip = rec->ip_seen;/~_improviso_~Improviso drops a phase-1 move to a state the phase visited instead of handing the state on (the ignoring problem)
improviso_atomic~search/seq/improviso.c~s/if \(!mine \|\| into_atomic\)/if (!mine)/~_improviso_~Improviso's phase 1 takes moves into atomic sequences (Twophase's bug 2)
improviso_collapse~search/seq/improviso.c~s/dfs_collapse\(d, collapse_base\(d\)\);/dfs_collapse(d, d->fr[d->nfr - 1].tp_start);/~_improviso_~phase 2 collapses the phase-1 chain from where phase 1 began, dropping the branches still to try
fair_follow~vm/layer_fair.c~s/int p = j < sc->alen \? pos\[sc->aux\[j\]\] : -1;/int p = j < np ? j : -1;/~^proc_none_all~weak fairness under process symmetry: the served mask and the awaited process are not carried through the permutation (Iosif 4.1)
ndfs_trail_ids~search/seq/ndfs.c~s/f->smv\[i\]\.pid = path_pid\(f, s->tmv\.pid\);/f->smv[i].pid = s->mv.pid;/~^proc_none_all~nested-DFS trails name the mover by its position in the representative, not by creation pid
backedge_nested~search/seq/ndfs.c~s/\t\t\} else\n\t\t\td->r->revisits\+\+;/\t\t} else\n\t\t\tcontinue;/~_backedge~-cache=backedge: the nested search takes a successor it does not store as visited instead of exploring it again
ndfs_proviso~search/seq/ndfs.c~s/return !pay \|\| get_choice\(pay\) != NS_FULL \+ 2;/return 0;/~none_static_all~the nested DFS offers no cycle proviso (tests/models/live/por_selfloop.pml, por_twocycle.pml)
ndfs_proviso_self~search/seq/ndfs.c~s/return !pay \|\| get_choice\(pay\) != NS_FULL \+ 2;/return pay \&\& get_choice(pay) >= 2;/~none_static_all~the nested DFS's proviso does not count the state being decided, so an ample self-loop is taken (live/por_selfloop.pml)
claim_remote_at~vm/layer_claim.c~s/if \(access_find\(obs, A_REMOTE_AT, loc\) \|\|\n\s*\(t->to >= 0 && t->to < k->nlocs && access_find\(obs, A_REMOTE_AT, &k->locs\[t->to\]\)\)\)/if (0)/~none_static_all~a claim's P[i]\@L does not make moves into or out of L visible (live/por_remote_at.pml)
claim_remote_var~vm/layer_claim.c~s/if \(it->kind == A_REMOTE_VAR && \(access_find\(a, A_LOCAL, it->obj\) & \x7eAM_READ\)\)/if (0)/~none_static_all~a claim's P[i]:x does not make writes of x visible (live/por_remote_var.pml)
claim_np~vm/layer_claim.c~s/int np = access_find\(obs, A_NP, NULL\) != 0;/int np = 0;/~none_static_all~under -l, moves into or out of a progress label are invisible to the reduction (the np_ claim's observation ignored)
claim_inside~reduce/por_inside.c~s/if \(in_seq\[l\] && \(all \|\| may_block\(ct, &ks, &k->locs\[l\], in\[l\]\)\)\)/if (0)/~none_static_all~the accesses inside atomic sequences are not observed: another process's safe receive, send or step to a rendezvous partner decides unseen whether a sequence blocks halfway, where the claim and the other processes see the state (live/por_atomic_block_*.pml, sym/por_atomic_block_watch.pml; the generator's atomblock programs)
inside_facts~reduce/por_inside.c~s/return \(in\.ne >> k\) & 1;/return 1;/~none_static_all~por_inside.c takes every receive inside an atomic sequence as unable to block (its not-empty facts ignored), so a receive another process's send feeds is not observed (sym/por_atomic_block_watch.pml; atomblock programs that receive)
procsym_pid_arrays~reduce/procsym_canon.c~s/ps->pid_lo && i < ps->nparr;/ps->pid_lo \&\& i < 0;/~^proc_none_all~process symmetry moves the instances of a class that reads _pid but not the elements of the arrays they index by pid (flag[_pid]); the generator's pidarr programs (15% of the seeds) catch it, and so do the corpus (-c, tests/models/sym/pid_*.pml) and the orbit oracle
ltl_sim_accept~lang/ltl.c~s/sim\[\(size_t\)a \* lx->ns \+ b\] = !lx->as\[a\]\.dead && !lx->as\[b\]\.dead && \(!lx->as\[a\]\.acc \|\| lx->as\[b\]\.acc\);/sim[(size_t)a * lx->ns + b] = !lx->as[a].dead && !lx->as[b].dead;/~^none_static_all~ltl claims: direct simulation ignores acceptance, so an accepting state merges with one that is not (the driver cannot see it, dspin is its own reference: tests/ltl_random.sh in liveness_tests.sh, -c, compares with pan)
deadvars_escape~reduce/deadvars.c~s/const Trans \*t = lc->t\[j\];/const Trans *t = lc->t[j]; if (t->escape) continue;/~^none_static_all$~dead variables: the unless escapes' guards are not reads of the locations they guard (tests/models/dead/escape_reads.pml)
deadvars_dstep_def~reduce/deadvars.c~s/\(it->mode & AM_WRITE\) && !t->dstep && /(it->mode \& AM_WRITE) \&\& /~^none_static_all$~dead variables: a d_step's write defines the variable even when it runs on one branch only (dead/dstep_no_def.pml)
deadvars_remote~reduce/deadvars.c~s/if \(!pt->is_func && access_find\(at->model, A_REMOTE, pt\)\) return 0;//~^none_static_all$~dead variables: locals named by remote references P[i]:x are reset too (dead/remote_reads.pml)
deadvars_array~reduce/deadvars.c~s/!t->dstep && !v->arrlen && /!t->dstep \&\& /~^none_static_all$~dead variables: writing one element defines the whole array (dead/array_element_write.pml)
deadvars_call~reduce/deadvars.c~s/keep\[w\] = through\(ud \+ \(size_t\)\(first\[l\] \+ j\) \* 2 \* W, after, always, W, w\);/keep[w] = always[w] | (after ? after[w] \& \x7e(ud + (size_t)(first[l] + j) * 2 * W)[W + w] : 0);/~^none_static_all$~dead variables: a pending call keeps only what is live after it, not what its return reads (the index of its target: dead/call_frames.dpml)
deadvars_refs~reduce/deadvars.c~s/if \(heapish && keep_refs\) continue;//~^none_static_all$~dead variables: references are reset without heap symmetry too, so slots are reused in another order and more states are stored (driver seeds 33 and 41)
deadvars_record~reduce/deadvars.c~s/ && v->kind != TY_RECORD\)\n\t\t\tdef/)\n\t\t\tdef/~^none_static_all$~dead variables: writing one field defines the whole record (rules programs dead record-field-def)
procsym_wait_bound~reduce/procsym.c~s/if \(\(op == OP_EQ && k <= bound\) \|\| \(op == OP_LE && k <= bound\) \|\| \(op == OP_LT && k <= \(long\)bound \+ 1\)\)/if (op == OP_EQ || op == OP_LE || op == OP_LT)/~^proc_none_all~a guard that waits on _nr_pr keeps terminating proctypes symmetric whatever its bound (rules programs nr wait-too-many)
procsym_wait_any~reduce/procsym.c~s/\tif \(nr->k != E_NRPR \|\| c->k != E_CONST\)\n\t\treturn NULL;\n/\tif (nr->k != E_NRPR)\n\t\treturn NULL;\n\tif (c)\n\t\treturn nr;\n/~^proc_none_all~any comparison of _nr_pr standing as a statement counts as a guard that waits (rules programs nr greater, wait-too-many)
procsym_nr_bad~reduce/procsym.c~s/\tns->bad = 1;\n//~^proc_none_all~a read of _nr_pr other than by a waiting guard (assert, assignment, provided, beside else) never makes terminating proctypes ineligible (rules programs nr assert, assign, provided, greater)
procsym_passable~reduce/procsym.c~s/for \(int j = 0; j < loc->nt && other; j\+\+\)\n(\t+)if \(loc->t\[j\]->st && !listed\(ns->passable/for (int j = 0; j < loc->nt \&\& 0; j++)\n$1if (loc->t[j]->st \&\& !listed(ns->passable/~^proc_none_all~an _nr_pr guard beside else counts as a guard that waits where the if's option is copied to a location without the else (rules programs nr if-else)
procsym_escape_both~reduce/procsym.c~s/ && !is_escape\(k, t->st\) && / \&\& /; s/for \(int j = 0; j < loc->nt && other; j\+\+\)\n(\t+)if \(loc->t\[j\]->st && !listed\(ns->passable/for (int j = 0; j < loc->nt \&\& 0; j++)\n$1if (loc->t[j]->st \&\& !listed(ns->passable/~^proc_none_all~an unless escape's _nr_pr guard shaped like a wait counts as one (is_escape and passable_guards both broken: each alone keeps the rule; rules programs nr unless, the wait-shaped escape)
procsym_pid_escape~reduce/procsym_pid.c~s/\twalk_stmt\(v, s->esc\);/\t(void)0;/~^proc_none_all~the _pid analysis does not look into unless escapes (rules programs pid unless)
procsym_pid_label~reduce/procsym_pid.c~s/\twalk_stmt\(v, s->sub\);/\t(void)0;/~^proc_none_all~the _pid analysis does not look at labelled statements and unless bodies (rules programs pid guard, atomic, unless: end0: before the use)
procsym_pid_body~reduce/procsym_pid.c~s/for \(int i = 0; i < s->nbody; i\+\+\)\n\t\twalk_stmt\(v, s->body\[i\]\);/for (int i = 0; i < 0; i++)\n\t\twalk_stmt(v, s->body[i]);/~^proc_none_all~the _pid analysis does not look into sequences, atomic and d_step bodies (every rules pid program but the provided and local-initialiser ones)
procsym_pid_provided~reduce/procsym_pid.c~s/\twalk_expr\(v, pt->provided, USE_COND\);\n\twalk_stmt/\twalk_stmt/~^proc_none_all~the _pid analysis does not look at provided clauses (rules programs pid provided)
procsym_pid_funcs~reduce/procsym_pid.c~s/for \(int i = 0; i < m->nfuncs; i\+\+\)\n\t\twalk_code\(&v, m->funcs\[i\]\);/for (int i = 0; i < 0; i++)\n\t\twalk_code(\&v, m->funcs[i]);/~^proc_none_all~the _pid analysis does not look into functions, so a pid array read there with a constant index keeps the class (rules programs pid function)
procsym_pid_vals~reduce/procsym_canon.c~s/for \(int i = 0; ps->pid_lo && i < ps->npval; i\+\+\)/for (int i = 0; ps->pid_lo \&\& i < 0; i++)/~^proc_none_all~process symmetry moves the instances of a class that reads _pid but leaves the variables that hold pids (turn = _pid) unmapped (pidarr programs with turn)
trail_repro_any~search/trail.c~s/(\tint step = run_trail\(vm, plain, path, cur, &len, out, err, sizeof err, &repro, &at\);\n)/$1\trepro = 1;\n/~none_static_all~dspin -t says "error reproduced" and exits 1 whatever the replay did (the driver's cut trails: a trail without its moves must not reproduce)
heap_chan_id~heap/gc.c~s/if \(!m->chan_data\.line\)\n\t\treturn NULL;/return NULL;/~^heap_none_all~heap symmetry is kept when an object's channel id flows into non-channel data (rules programs chan int, arith, byte-send, less)
pid_wrap64~reduce/procsym_pid.c~s/static int32_t eval_at\(const PidAna \*a, const Expr \*e, int pid, int \*ok\)\n/static int64_t eval_at(const PidAna *a, const Expr *e, int pid, int *ok)\n/; s/int32_t x = eval_at\(a, e->a, pid, ok\), y = eval_at\(a, e->b, pid, ok\);/int64_t x = eval_at(a, e->a, pid, ok), y = eval_at(a, e->b, pid, ok);\n\t\tswitch (e->op) { case OP_ADD: return x + y; case OP_SUB: return x - y; case OP_LT: return x < y; case OP_GT: return x > y; default: break; }/~^proc_~process symmetry folds _pid expressions in 64 bits, as before issue 37: _pid + 2147483647 > 0 is the same for every pid (rules programs pid)
sym_remote~search/sym/sym_bytes.c~s/(case A_REMOTE: case A_REMOTE_AT: case A_REMOTE_VAR:\n)\t\t\tmark_procs\(s, in\);\n/$1/~symbolic~-symbolic: a group's bytes leave out the process cells a remote reference P[i]:x, P[i]\@L reads (a missed read, which the internal check cannot see: a relation learned on one projection is applied where the read differs)
sym_whole~search/sym/sym_bytes.c~s/(default:   \/\* timeout, enabled, _last, np_, priorities, the heap, calls \*\/\n)\t\t\tmark\(in, 0, s->l\.width\);\n/$1/~symbolic~-symbolic: timeout, enabled(), pc_value() and _last do not make a group's bytes the whole vector (missed reads of every process)
sym_rv_unchecked~search/sym/sym_bytes.c~s/\t\t\tif \(has_rendezvous\(s->m\)\)\n\t\t\t\tmark\(in, 0, s->l\.width\);\n//~symbolic~-symbolic: a rendezvous send's group leaves out the receiver's cell and the globals it writes (a missed write: the internal check ends the search incomplete, which the driver fails; before the split of sym.c the mutant turned the check off too)
symimp_handon~search/sym/sym_improviso.c~s/or_into\(&down, again\);//~symbolic~-symbolic -por=improviso: a phase-1 successor already in Stack is dropped instead of handed on to the lower processes (Fig. 4 line 19)
symimp_keep~search/sym/sym_improviso.c~s/or_into\(&down, still\);//~symbolic~-symbolic -por=improviso: a state the process cannot move in phase 1 is dropped instead of going on to the next process (the design's correction a)
symimp_unsafe~search/sym/sym.c~s/g->p1 = g->scope != NS_SAFE_NEVER;/g->p1 = s->improviso; g->scope = NS_SAFE_ALWAYS;/~symbolic~-symbolic -por=improviso: phase 1 takes every process, safe or not
sym_frozen_all~search/sym/sym_bytes.c~s/return mine && !\(access_find\(s->acc->own\[pt->index\], A_LOCAL, v\) & AM_WRITE\);/return mine;/~symbolic~-symbolic: every scalar local taken as frozen (its global array indices refined though the local changes)
native_le~vm/native.c~s/case OP_LE: cmp = "<=";/case OP_LE: cmp = "<";/~none_static_all~-native: <= compiled as < (the driver's native check, every seed)
native_bit~vm/native.c~s/\(uint8_t\)\(\(%s\) & 1\)/(uint8_t)(%s)/~none_static_all~-native: a store to a bit or bool does not truncate to 0/1
native_idx~vm/native.c~s/if \(\(uint32_t\)t%d >= %uu\) return %d;/if ((uint32_t)t%d > %uu) return %d;/~none_static_all~-native: an index one past the end of an array is read (a bounds check off by one)
native_div~vm/native.c~s/\\tif \(t%d == 0\) return %d;\\n//~none_static_all~-native: a / or % by zero is not given up (the machine code divides: SIGFPE)
sym_chan_any~search/sym/sym_bytes.c~s/\tif \(frozen_expr\(s, pt, e\)\)\n\t\treturn 1;\n\tif \(e->k != E_VAR/\tif (e->k == E_VAR)\n\t\treturn 1;\n\tif (e->k != E_VAR/~symbolic~-symbolic: a channel named by any variable, written or not, is refined to the witness's channel (a missed read: tests/sym/models/frozen_chan.pml catches it)
symch_frontier~search/sym/sym.c~s/\t\t\t\tkeep\(&nw, bdd_or\(nw, img\)\);\n//~symbolic~-symbolic -order=chain: a process's new states join the visited set but not the next iteration's frontier (never learned or expanded by the processes before it)
symch_last~search/sym/sym.c~s/for \(int k = 0; k < s->l\.pmax && !s->stop/for (int k = 0; k < s->l.pmax - 1 \&\& !s->stop/~symbolic~-symbolic -order=chain: each iteration leaves out the last process of its order (bottom or top of the variable order, alternating)
EOF
)

scratch=$(mktemp -d "${TMPDIR:-/tmp}/dspin_mutants.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
(cd "$root" && git archive HEAD) | tar -x -C "$scratch"
cmake -S "$scratch" -B "$scratch/b" -DCMAKE_BUILD_TYPE=Release >/dev/null || exit 2
cmake --build "$scratch/b" -j "$JOBS" --target dspin dspin_gen dspin_heap_oracle >/dev/null || exit 2
cp "$scratch/b/tests/dspin_gen" "$scratch/b/tests/dspin_heap_oracle" "$scratch/"
[ -n "$GEN" ] && cp "$GEN" "$scratch/dspin_gen"

rc=0
printf '%-22s %8s  %s\n' mutant caught "checked (driver -C), what is broken"
while IFS='~' read -r name file subst configs what; do
	[ -z "$name" ] && continue
	if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
	cp "$scratch/$file" "$scratch/$file.orig"
	perl -0pi -e "$subst" "$scratch/$file"
	if cmp -s "$scratch/$file" "$scratch/$file.orig"; then
		printf '%-22s %8s  %s\n' "$name" stale "pattern not found in $file"; rc=1
		continue
	fi
	# the oracle is built with the mutant too: its brute-force numbering
	# (its own rewriting of every reference) then checks the mutated
	# heap/gc.c as it would a real bug there; built without it, as
	# before 2026-12-02, it checked the unmutated library and caught
	# nothing
	if ! cmake --build "$scratch/b" -j "$JOBS" --target dspin dspin_heap_oracle >/dev/null 2>&1; then
		printf '%-22s %8s  %s\n' "$name" stale "does not compile"; rc=1
	else
		# the heap oracle checks -sym=heap only: a third of the run's time
		# spent for nothing on the other mutants
		oracle=
		case $configs in *heap*) oracle=$scratch/b/tests/dspin_heap_oracle ;; esac
		# the liveness mutants are run with the driver's -a and -a -f checks too
		live=no
		case $name in backedge_* | fair_* | ndfs_* | claim_* | por_plain_claim) live=yes ;; esac
		if [ "$configs" = symbolic ]; then
			out=$(bash "$here/driver.sh" -j "$JOBS" -n -L no -Y only -F "flat${FEATURES:+,$FEATURES}" -d "$scratch/b/dspin" \
				-g "$scratch/dspin_gen" -o "" -f "$scratch/failures" $SEEDS 2>&1)
		else
		out=$(bash "$here/driver.sh" -j "$JOBS" -n -L $live ${FEATURES:+-F "$FEATURES"} -C "$configs" -d "$scratch/b/dspin" \
			-g "$scratch/dspin_gen" -o "$oracle" -f "$scratch/failures" $SEEDS 2>&1)
		fi
		# seeds, not FAIL lines: a regex with several configurations fails a seed once each
		caught=$(printf '%s\n' "$out" | grep '^FAIL ' | cut -d' ' -f2 | sort -u | grep -c .)
		total=$(printf '%s\n' "$out" | tail -1 | sed -E 's/driver: ([0-9]+) programs.*checked: safety ([0-9]+).*/\2/')
		# (the symbolic check: failed seeds count as checked, as safety's do)
		[ "$configs" = symbolic ] && total=$(( $(printf '%s\n' "$out" | sed -nE 's/^driver: -symbolic: ([0-9]+) checked.*/\1/p') + caught ))
		first=$(printf '%s\n' "$out" | grep -m1 '^FAIL ' | cut -d' ' -f2)
		# every failing seed, to compare with the unmutated build's failures
		seeds=$(printf '%s\n' "$out" | grep '^FAIL ' | cut -d' ' -f2 | sort -nu | tr '\n' ' ')
		corp=
		if [ "$CORPUS" = 1 ]; then
			corp="corpus: "
			for t in sym_tests dyn_tests liveness_tests model_tests deadvars_tests native_tests; do
				if bash "$root/tests/$t.sh" "$scratch/b/dspin" > "$scratch/$t.out" 2>&1; then corp="$corp$t passes, "
				else corp="$corp$t FAILS ($(grep -c '^FAIL' "$scratch/$t.out")), "; fi
			done
		fi
		printf '%-22s %8s  %s\n' "$name" "$caught/$total" "$corp$configs${first:+, first seed $first}: $what${seeds:+ [seeds: ${seeds% }]}"
	fi
	mv "$scratch/$file.orig" "$scratch/$file"
	touch "$scratch/$file"
done <<< "$MUTANTS"
exit $rc
