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
. "$(dirname "$0")/corpus_lib.sh"
counts() {
	grep -E 'errors:|states, stored|states, matched|transitions|atomic steps' "$1"
}
same() {    # label flags... (in $TMP, on m.pml): appends to msg
	local label=$1; shift
	rm -f "$TMP"/m.pml.trail "$TMP"/exact.trail
	( cd "$TMP" && timeout 30 "$DSPIN" "$@" m.pml > exact.out 2>&1 ); local r0=$?
	# 0 no error, 1 an error, 3 incomplete (a resource bound of the model):
	# all are results to compare; a timeout is not
	case $r0 in 0|1|3) ;; *) skipped="$skipped [$label] exit $r0"; return ;; esac
	[ -e "$TMP/m.pml.trail" ] && mv "$TMP/m.pml.trail" "$TMP/exact.trail"
	( cd "$TMP" && timeout 120 "$DSPIN" -compress=tree "$@" m.pml > tree.out 2>&1 ); local rt=$?
	[ "$rt" = "$r0" ] || { msg="$msg [$label] exit $rt, plain store $r0;"; return; }
	[ "$(counts "$TMP/tree.out")" = "$(counts "$TMP/exact.out")" ] ||
		msg="$msg [$label] counts $(counts "$TMP/tree.out" | tr -s ' \n' ' ') differ from $(counts "$TMP/exact.out" | tr -s ' \n' ' ');"
	grep -q 'tree compression: .* bytes per state' "$TMP/tree.out" || msg="$msg [$label] no bytes per state;"
	if [ -e "$TMP/exact.trail" ]; then
		cmp -s "$TMP/exact.trail" "$TMP/m.pml.trail" || { msg="$msg [$label] another trail;"; return; }
		( cd "$TMP" && timeout 60 "$DSPIN" -t "$@" m.pml 2>&1 | grep -q '^final state' ) ||
			msg="$msg [$label] the trail does not replay;"
	fi
}
# The compact stack (search/dfs.c; the search without a proviso) keeps
# only the top state whole and the others as differences, drops the
# successors of all but the top frames and writes a trail by expanding
# the states on the path again.  DSPIN_DFS_WINDOW=1 drops every frame's
# but the top's (each frame is expanded again, each state below the top
# rebuilt), =0 turns the compact stack off: the same counts, exit code
# and trail file, byte for byte.  A state rebuilt wrong expands to other
# successors (other counts, or dspin's internal error), a move rebuilt
# wrong writes another trail.
same_stack() {    # label flags... (in $TMP, on m.pml): appends to msg
	local label=$1; shift
	rm -f "$TMP"/m.pml.trail "$TMP"/exact.trail
	( cd "$TMP" && DSPIN_DFS_WINDOW=0 timeout 30 "$DSPIN" "$@" m.pml > exact.out 2>&1 ); local r0=$?
	case $r0 in 0|1|3) ;; *) skipped="$skipped [$label] exit $r0"; return ;; esac
	[ -e "$TMP/m.pml.trail" ] && mv "$TMP/m.pml.trail" "$TMP/exact.trail"
	( cd "$TMP" && DSPIN_DFS_WINDOW=1 timeout 120 "$DSPIN" -compress=tree "$@" m.pml > tree.out 2>&1 ); local rt=$?
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
	msg= skipped=
	same dfs -q "$@"
	same unreduced -q -sym=none -por=none "$@"
	same bfs -q -bfs "$@"
	same twophase -q -por=twophase "$@"
	same keep-going -q -e "$@"
	same_stack "stack unreduced" -q -sym=none -por=none "$@"
	same_stack "stack -por=none -e" -q -por=none -e "$@"
	if [ -z "$msg" ]; then echo "ok $name${skipped:+ (skipped$skipped)}"; pass=$((pass + 1))
	else echo "FAIL $name$msg"; fail=$((fail + 1)); fi
}
each_model check cambridge.pml dyn sym compress
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
