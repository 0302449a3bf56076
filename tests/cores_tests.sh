#!/bin/bash
# cores_tests.sh DSPIN — the multi-core search (-cores=N, search/par/par.c)
# against one core, on the SPIN corpus and the dynamic and symmetry
# corpora.  For each model, with -e (so that every error is counted and
# the whole state space is searched):
#   unreduced (-sym=none -por=none): -cores=2 gives the depth-first
#     search's counts (states stored and matched, transitions, atomic
#     steps, errors) and exit status; on the SPIN corpus those are pan's
#     (tests/spin_agree.sh checks the depth-first search against pan);
#   the default reductions (-sym=heap -por=si) and -sym=heap,proc
#     -por=static: -cores=2 and -cores=3 give -bfs's counts on one core
#     (the level proviso makes them independent of the workers' order);
# and without -e, with the default reductions: -cores=2 gives one core's
# verdict, and an error's trail replays (-t) to the error.
# A selection, to stay within a minute: every model of the dynamic and
# symmetry corpora and every third of the SPIN corpus; the unreduced run
# is left out on the few models that take a second or more on one core
# (BIG; bench/cores.sh measures large models).  Resource limits of the
# model (exit 3) are results to compare like the others.
. "$(dirname "$0")/corpus_lib.sh"
counts() {
	grep -E 'errors:|states, stored|states, matched|transitions|atomic steps' "$1" | sed 's/depth reached [0-9]*, //'
}
# same LABEL REFERENCE-FLAGS -- FLAGS: the two runs' exit and counts agree
same() {
	local label=$1; shift
	local ref=() par=()
	while [ "$1" != -- ]; do ref+=("$1"); shift; done
	shift
	par=("$@")
	( cd "$TMP" && timeout 20 "$DSPIN" -q "${ref[@]}" m.pml > ref.out 2>&1 ); local r0=$?
	echo "$r0" > "$TMP/ref.rc"
	case $r0 in 0|1|3) ;; *) skipped="$skipped [$label] exit $r0"; return ;; esac
	( cd "$TMP" && timeout 60 "$DSPIN" -q "${par[@]}" m.pml > par.out 2>&1 ); local r1=$?
	if [ "$r1" != "$r0" ]; then msg="$msg [$label] exit $r1, one core $r0;"; return; fi
	[ "$(counts "$TMP/par.out")" = "$(counts "$TMP/ref.out")" ] ||
		msg="$msg [$label] counts $(counts "$TMP/par.out" | tr -s ' \n\t' ' ') differ from one core's $(counts "$TMP/ref.out" | tr -s ' \n\t' ' ');"
}
BIG=" dyn/private_chains.dpml spin/cambridge.pml spin/pftp.pml-noclaim spin/sort.pml spin/leader_hp.pml-DN=6 spin/book_p337.pml spin/book_p347.pml spin/dtp.pml "
nth=0
check() {   # name model flags...
	local name=$1 model=$2; shift 2
	if [[ $name == spin/* ]]; then
		nth=$((nth + 1))
		[ $((nth % 3)) = 1 ] || return 0
	fi
	stage "$model"
	msg= skipped=
	[[ $BIG == *" $name "* ]] || same unreduced -e -sym=none -por=none "$@" -- -e -sym=none -por=none -cores=2 "$@"
	same default -e -bfs "$@" -- -e -cores=2 "$@"
	local r0=$(cat "$TMP/ref.rc")
	same heap,proc -e -bfs -sym=heap,proc -por=static "$@" -- -e -cores=3 -sym=heap,proc -por=static "$@"
	# the verdict (that of -bfs -e: exit 1 iff an error) and the trail,
	# stopping at the first error
	rm -f "$TMP/m.pml.trail"
	if [ "$r0" -le 1 ]; then
		( cd "$TMP" && timeout 60 "$DSPIN" -q -cores=2 "$@" m.pml > two.out 2>&1 ); local r1=$?
		[ "$r1" = "$r0" ] || msg="$msg [verdict] exit $r1, one core $r0;"
		if [ "$r1" = 1 ]; then
			if [ ! -e "$TMP/m.pml.trail" ]; then msg="$msg [trail] none written;"
			else
				( cd "$TMP" && timeout 20 "$DSPIN" -t "$@" m.pml > replay.out 2>&1 ); local rrc=$?
				if [ "$rrc" != 1 ] || ! grep -q '^dspin: error reproduced at step' "$TMP/replay.out"; then
					msg="$msg [trail] does not reproduce the error;"
				fi
			fi
		fi
	fi
	if [ -z "$msg" ]; then echo "ok $name${skipped:+ (skipped$skipped)}"; pass=$((pass + 1))
	else echo "FAIL $name$msg"; fail=$((fail + 1)); fi
}
each_model check - dyn sym
# what the multi-core search refuses: a usage error, not a weaker search
stage "$ROOT/models/sym/por_safe_choice.pml"
for bad in "-cores=2 -a" "-cores=2 -l" "-cores=2 -compress=tree" "-cores=2 -hc" "-cores=2 -bitstate" "-cores=65" "-cores=0" "-cores=99999999999"; do
	( cd "$TMP" && "$DSPIN" $bad m.pml > /dev/null 2>&1 ); r=$?
	if [ "$r" = 2 ]; then echo "ok $bad refused"; pass=$((pass + 1)); else echo "FAIL $bad: exit $r"; fail=$((fail + 1)); fi
done
# Twophase is a depth-first strategy: the multi-core search says so and
# runs the static reduction
( cd "$TMP" && "$DSPIN" -q -cores=2 -por=twophase m.pml > out 2> err ); r=$?
if [ "$r" = 1 ] && grep -q 'Twophase is a depth-first safety strategy; -cores uses the static reduction' "$TMP/err"; then
	echo "ok -cores=2 -por=twophase warns"; pass=$((pass + 1))
else echo "FAIL -cores=2 -por=twophase: exit $r, $(cat "$TMP/err")"; fail=$((fail + 1)); fi
# which reason an incomplete search gives: the first one met, except
# that the memory bound outranks the others; -cores=2 gives the one
# -bfs gives on one core, and the one named in each model's comment
reason() { ( cd "$TMP" && "$DSPIN" -q -json "$@" m.pml 2>/dev/null ) | sed -n 's/.*"incomplete_reason":"\([a-z ]*\).*/\1/p'; }
for c in "cut_then_bound.pml:-m 8:depth bound" "cut_then_memory.pml:-M 1 -m 35:memory bound"; do
	IFS=: read -r m fl want <<<"$c"
	stage "$ROOT/models/cores/$m"
	one=$(reason -bfs $fl); two=$(reason -cores=2 $fl)
	if [ "$one" = "$want" ] && [ "$two" = "$want" ]; then echo "ok $m $fl: $want"; pass=$((pass + 1))
	else echo "FAIL $m $fl: -bfs '$one', -cores=2 '$two', not '$want'"; fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
