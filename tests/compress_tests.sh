#!/bin/bash
# compress_tests.sh DSPIN — -compress=tree keeps every state exactly, so a
# search with it must be the same search as with the plain store: on the
# SPIN corpus, the dynamic and symmetry corpora and models/compress, the
# summary's counts (states stored and matched, transitions, atomic steps,
# depth, errors) and the exit code are equal, and an error's trail is the
# same file, byte for byte, and replays.  Every search that uses the
# store: the depth-first search with the default reductions and
# unreduced, -e, Twophase (which looks states up before it stores them),
# the breadth-first search (its queue is the store), and the nested search
# (-a, -l; its reduction's choices live in the store) on the liveness
# models.  And the compact stack against the whole stack (same_stack).
#
# Which models (the suite's time; docs/testing.md, "The long corpus
# tests"): the store and the compact stack see byte vectors, so what
# tells models apart here is how their vectors vary, not the language
# features that make them vary.  All of the dynamic corpus (objects
# allocated and collected: vectors that grow and shrink), the symmetry
# corpus (processes created at run time and dying, channels, process
# symmetry's aux bytes), models/compress (a vector of more than 255
# words) and the liveness models (the nested search's stores and its
# choice byte); every other model of the SPIN corpus (by position in the
# walk: the first, third, ...), flat Promela whose vectors keep one
# length or a few, the half kept still with models of 250,000 states
# and more whose tables grow many times (dtp.pml, book_p347.pml).  Left
# out: cambridge.pml (1.25 million states), and book_p330.pml and
# spin/remote_label_in_local_init.pml, copies of book_p329.pml and
# sym/por_remote_label_in_local_init.pml.  dyn/private_chains.dpml runs
# with -DK=2 (367,408 states unreduced, not 8.9 million: a fifth of the
# test's time).  Mutants of search/store/tree.c and of the compact stack that
# the whole corpus catches are caught by the selection too
# (docs/testing.md).
. "$(dirname "$0")/corpus_lib.sh"
counts() {
	grep -E 'errors:|states, stored|states, matched|transitions|atomic steps' "$1"
}
# (Each run has a CPU limit, not `timeout`: one process less per run,
# and a loaded machine does not cut a run short.)
same() {    # label flags... (in $TMP, on m.pml): appends to msg
	local label=$1; shift
	rm -f "$TMP"/m.pml.trail "$TMP"/exact.trail
	exact_of=
	( cd "$TMP" && ulimit -t 30 && exec "$DSPIN" "$@" m.pml > exact.out 2>&1 ); local r0=$?
	# 0 no error, 1 an error, 3 incomplete (a resource bound of the model):
	# all are results to compare; running out of time is not
	case $r0 in 0|1|3) ;; *) skipped="$skipped [$label] exit $r0"; return ;; esac
	[ -e "$TMP/m.pml.trail" ] && mv "$TMP/m.pml.trail" "$TMP/exact.trail"
	exact_of="$r0 $*"   # exact.out and exact.trail: for same_stack
	( cd "$TMP" && ulimit -t 120 && exec "$DSPIN" -compress=tree "$@" m.pml > tree.out 2>&1 ); local rt=$?
	[ "$rt" = "$r0" ] || { msg="$msg [$label] exit $rt, plain store $r0;"; return; }
	[ "$(counts "$TMP/tree.out")" = "$(counts "$TMP/exact.out")" ] ||
		msg="$msg [$label] counts $(counts "$TMP/tree.out" | tr -s ' \n' ' ') differ from $(counts "$TMP/exact.out" | tr -s ' \n' ' ');"
	grep -q 'tree compression: .* bytes per state' "$TMP/tree.out" || msg="$msg [$label] no bytes per state;"
	if [ -e "$TMP/exact.trail" ]; then
		cmp -s "$TMP/exact.trail" "$TMP/m.pml.trail" || { msg="$msg [$label] another trail;"; return; }
		# -t exits 1 only when the replay shows the trail's error
		( cd "$TMP" && ulimit -t 60 && "$DSPIN" -t "$@" m.pml > replay.out 2>&1; [ $? = 1 ] && grep -q '^dspin: error reproduced at step' replay.out ) ||
			msg="$msg [$label] the trail does not replay;"
	fi
}
# The compact stack (search/seq/dfs.c; the search without a proviso) keeps
# only the top state whole and the others as differences, drops the
# successors of all but the top frames and writes a trail by expanding
# the states on the path again.  -dfs-window=1 drops every frame's
# but the top's (each frame is expanded again, each state below the top
# rebuilt), =0 turns the compact stack off: the same counts, exit code
# and trail file, byte for byte.  A state rebuilt wrong expands to other
# successors (other counts, or dspin's internal error), a move rebuilt
# wrong writes another trail.  The whole stack's run is the plain store's
# run of `same` just before with the same flags when there was one: with
# the plain store and no -M, -hc or -bitstate the stack is whole without
# -dfs-window=0 too (search/seq/dfs.c, search_dfs), so that run would be
# the same run again.
same_stack() {    # label flags... (in $TMP, on m.pml): appends to msg
	local label=$1; shift
	local r0
	rm -f "$TMP"/m.pml.trail
	if [ -n "$exact_of" ] && [ "${exact_of#* }" = "$*" ] &&
	   [[ " $* " != *" -M"* && " $* " != *" -hc "* && " $* " != *" -bitstate "* ]]; then
		r0=${exact_of%% *}
	else
		rm -f "$TMP"/exact.trail
		( cd "$TMP" && ulimit -t 30 && exec "$DSPIN" -dfs-window=0 "$@" m.pml > exact.out 2>&1 ); r0=$?
		case $r0 in 0|1|3) ;; *) skipped="$skipped [$label] exit $r0"; return ;; esac
		[ -e "$TMP/m.pml.trail" ] && mv "$TMP/m.pml.trail" "$TMP/exact.trail"
	fi
	( cd "$TMP" && ulimit -t 120 && exec "$DSPIN" -dfs-window=1 -compress=tree "$@" m.pml > tree.out 2>&1 ); local rt=$?
	[ "$rt" = "$r0" ] || { msg="$msg [$label] exit $rt, whole stack $r0;"; return; }
	[ "$(counts "$TMP/tree.out")" = "$(counts "$TMP/exact.out")" ] ||
		msg="$msg [$label] counts $(counts "$TMP/tree.out" | tr -s ' \n' ' ') differ from $(counts "$TMP/exact.out" | tr -s ' \n' ' ');"
	if [ -e "$TMP/exact.trail" ]; then
		cmp -s "$TMP/exact.trail" "$TMP/m.pml.trail" || msg="$msg [$label] another trail;"
	elif [ -e "$TMP/m.pml.trail" ]; then
		msg="$msg [$label] a trail the whole stack does not write;"
	fi
}
check() {   # name model flags...
	local name=$1 model=$2; shift 2
	stage "$model"
	case $name in dyn/private_chains.dpml) set -- "$@" -DK=2 ;; esac
	msg= skipped=
	same dfs -q "$@"
	same unreduced -q -sym=none -por=none "$@"
	same_stack "stack unreduced" -q -sym=none -por=none "$@"
	same bfs -q -bfs "$@"
	same twophase -q -por=twophase "$@"
	same keep-going -q -e "$@"
	same_stack "stack -por=none -e" -q -por=none -e "$@"
	if [ -z "$msg" ]; then echo "ok $name${skipped:+ (skipped$skipped)}"; pass=$((pass + 1))
	else echo "FAIL $name$msg"; fail=$((fail + 1)); fi
}
nspin=0
pick() {    # name model flags...: check on every other model of the SPIN corpus
	if [[ $1 == spin/* ]]; then
		nspin=$((nspin + 1))
		[ $((nspin % 2)) = 1 ] || return 0
	fi
	check "$@"
}
each_model pick "cambridge.pml book_p330.pml remote_label_in_local_init.pml" dyn sym compress
for f in "$ROOT"/models/live/*.pml; do
	stage "$f"
	msg= skipped=
	same "-a" -q -a
	same "-a -f" -q -a -f
	grep -q '^ *never' "$f" || same "-l" -q -l
	same "-a unreduced" -q -sym=none -por=none -a
	if [ -z "$msg" ]; then echo "ok live/$(basename "$f")"; pass=$((pass + 1))
	else echo "FAIL live/$(basename "$f")$msg"; fail=$((fail + 1)); fi
done
# a store too small: the memory bound ends the search as without compression
stage "$ROOT/models/spin/$(sed -n 's/^\(eratosthenes.pml\).*/\1/p' "$ROOT/models/spin/LIST")"
( cd "$TMP" && "$DSPIN" -q -compress=tree -sym=none -por=none -M 1 m.pml > tree.out 2>&1 )
if grep -q 'memory bound' "$TMP/tree.out" || grep -q 'Full statespace' "$TMP/tree.out"; then echo "ok -M with -compress=tree"; pass=$((pass + 1))
else echo "FAIL -M with -compress=tree: $(tail -3 "$TMP/tree.out")"; fail=$((fail + 1)); fi
# -compress=tree with a lossy mode, or a value it does not know: a usage error
for bad in "-compress=tree -hc" "-compress=tree -bitstate" "-compress=zip"; do
	( cd "$TMP" && "$DSPIN" $bad m.pml > /dev/null 2>&1 ); r=$?
	if [ "$r" = 2 ]; then echo "ok $bad refused"; pass=$((pass + 1)); else echo "FAIL $bad: exit $r"; fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
