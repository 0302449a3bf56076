#!/bin/bash
# sym_tests.sh DSPIN — differential test of the reductions.
# For every model of the SPIN corpus and the dynamic corpus, each of
# -sym=heap, -sym=proc, -sym=heap,proc (with -por=none), -por=static,
# -sym=heap -por=si, -sym=heap,proc -por=si, Twophase with each
# -cache (-sym=none/-cache=all, heap,proc/backedge, heap/none), Improviso
# (-sym=none, -sym=heap,proc), and the
# breadth-first search with static POR (-sym=none, -sym=heap,proc; its
# "stored at a level no deeper" proviso) must give the verdict of
# -sym=none (exit status 0/1) and, when no error is found (the search is
# then complete), never store more states.  When an error
# is found under process symmetry, the trail (written with the
# permutations unwound) must replay without symmetry and reproduce the
# error at its last step.
#
# What runs where (the suite's time; docs/testing.md, "The long
# corpus tests"):
#  - Every depth-first configuration runs on every model: they are the
#    reductions' code paths (POR's safety rules, symmetry, Twophase's and
#    Improviso's searches), and many mutants of tests/gen/mutants.sh are
#    caught by one to three models only.
#  - The two -bfs rows run on every model of models/sym (written for the
#    reductions' rules, the proviso's among them: por_ignoring*.pml,
#    atomic_loop.pml) and on every other model (by position in the walk,
#    the first, third, ...) of the SPIN and dynamic corpora.  They check
#    one thing the depth-first rows do not, the breadth-first search's
#    level proviso; the static POR under them is the same layer the
#    depth-first none/static row checks on every model.
#  - Left out as copies: book_p330.pml (book_p329.pml but for its first
#    comment line) and spin/remote_label_in_local_init.pml (the same file
#    as sym/por_remote_label_in_local_init.pml).
#  - dyn/private_chains.dpml runs with -DK=2 (chains of 2 nodes: 367,408
#    states unreduced instead of 8,858,716, which made it a sixth of the
#    test's time): the same code, heap-local independence under -por=si
#    (1,102 and 461 states), where the chains stay private until published.
. "$(dirname "$0")/corpus_lib.sh"
nmodel=0
check() {   # name model flags...
	local name=$1 model=$2; shift 2
	nmodel=$((nmodel + 1))
	stage "$model"
	case $name in dyn/private_chains.dpml) set -- "$@" -DK=2 ;; esac
	local bfs_rows=
	[[ $name == sym/* ]] || [ $((nmodel % 2)) = 1 ] && bfs_rows="none/static+bfs heap,proc/static+bfs"
	# (a CPU limit, not `timeout`: one process less per run, and a loaded
	# machine does not cut a run short)
	( cd "$TMP" && ulimit -t 60 && exec "$DSPIN" -q -sym=none -por=none "$@" m.pml > none.out 2>&1 ); local rc0=$?
	local s0; s0=$(stored "$TMP/none.out")
	[ "$rc0" -le 1 ] || { echo "skip $name (exit $rc0 without reduction)"; return; }
	local msg=""
	for mode in heap/none proc/none heap,proc/none none/static heap/si heap,proc/si \
	            none/twophase:all heap,proc/twophase:backedge heap/twophase:none \
	            none/improviso heap,proc/improviso $bfs_rows; do
		local search=""
		[[ $mode == *+bfs ]] && { search=-bfs; mode=${mode%+bfs}; }
		local sym=${mode%/*} pc=${mode#*/} por cache=all
		por=${pc%:*}; [[ $pc == *:* ]] && cache=${pc#*:}
		( cd "$TMP" && ulimit -t 60 && exec "$DSPIN" -q -sym=$sym -por=$por -cache=$cache $search "$@" m.pml > red.out 2>&1 ); local rc=$?
		local s; s=$(stored "$TMP/red.out")
		if [ "$rc" != "$rc0" ]; then msg="$msg -sym=$sym -por=$por $search exit $rc vs $rc0;"
		elif [ "$rc0" = 0 ] && [ -n "$s" ] && [ -n "$s0" ] && [ "$s" -gt "$s0" ]; then msg="$msg -sym=$sym -por=$por $search stores $s > $s0;"
		fi
		if [ "$rc" = 1 ] && [ "$mode" != heap/none ]; then
			( cd "$TMP" && exec "$DSPIN" -sym=none -t "$@" m.pml > replay.out 2>&1 ); local rrc=$?
			# exit 1 and "error reproduced": the unreduced replay raised the
			# trail's error at its last step (before issue 37 this check
			# counted two "dspin: " lines, which every replay prints)
			if [ "$rrc" != 1 ] || ! grep -q '^dspin: error reproduced at step' "$TMP/replay.out"; then
				msg="$msg -sym=$sym -por=$por $search trail does not reproduce the error;"
			fi
		fi
	done
	if [ -z "$msg" ]; then echo "ok $name none=$s0"; pass=$((pass + 1)); else echo "FAIL $name$msg"; fail=$((fail + 1)); fi
}
each_model check "book_p330.pml remote_label_in_local_init.pml" dyn sym
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
