#!/bin/bash
# sym_tests.sh DSPIN — differential test of the reductions.
# For every model of the SPIN corpus and the dynamic corpus, each of
# -sym=heap, -sym=proc, -sym=heap,proc (with -por=none), -por=static,
# -sym=heap -por=si, -sym=heap,proc -por=si, Twophase with each
# -cache (-sym=none/-cache=all, heap,proc/backedge, heap/none), Improviso
# (-sym=none, -sym=heap,proc), and the
# breadth-first search with static POR (-sym=none, -sym=heap,proc; its
# "already in the store" proviso) must give the verdict of
# -sym=none (exit status 0/1) and, when no error is found (the search is
# then complete), never store more states.  When an error
# is found under process symmetry, the trail (written with the
# permutations unwound) must replay without symmetry and reproduce the
# error at its last step.
. "$(dirname "$0")/corpus_lib.sh"
check() {   # name model flags...
	local name=$1 model=$2; shift 2
	stage "$model"
	( cd "$TMP" && timeout 60 "$DSPIN" -q -sym=none -por=none "$@" m.pml > none.out 2>&1 ); local rc0=$?
	local s0; s0=$(stored "$TMP/none.out")
	[ "$rc0" -le 1 ] || { echo "skip $name (exit $rc0 without reduction)"; return; }
	local msg=""
	for mode in heap/none proc/none heap,proc/none none/static heap/si heap,proc/si \
	            none/twophase:all heap,proc/twophase:backedge heap/twophase:none \
	            none/improviso heap,proc/improviso \
	            none/static+bfs heap,proc/static+bfs; do
		local search=""
		[[ $mode == *+bfs ]] && { search=-bfs; mode=${mode%+bfs}; }
		local sym=${mode%/*} pc=${mode#*/} por cache=all
		por=${pc%:*}; [[ $pc == *:* ]] && cache=${pc#*:}
		( cd "$TMP" && timeout 60 "$DSPIN" -q -sym=$sym -por=$por -cache=$cache $search "$@" m.pml > red.out 2>&1 ); local rc=$?
		local s; s=$(stored "$TMP/red.out")
		if [ "$rc" != "$rc0" ]; then msg="$msg -sym=$sym -por=$por $search exit $rc vs $rc0;"
		elif [ "$rc0" = 0 ] && [ -n "$s" ] && [ -n "$s0" ] && [ "$s" -gt "$s0" ]; then msg="$msg -sym=$sym -por=$por $search stores $s > $s0;"
		fi
		if [ "$rc" = 1 ] && [ "$mode" != heap/none ]; then
			( cd "$TMP" && "$DSPIN" -sym=none -t "$@" m.pml > replay.out 2>&1 )
			# the replay prints the failing step's error ("dspin: <message>")
			# or confirms the invalid end state, besides the header line
			local steps; steps=$(grep -c '^dspin: ' "$TMP/replay.out")
			if grep -q 'cannot be replayed\|did NOT reach' "$TMP/replay.out" || [ "$steps" -lt 2 ]; then
				msg="$msg -sym=$sym -por=$por $search trail does not reproduce the error;"
			fi
		fi
	done
	if [ -z "$msg" ]; then echo "ok $name none=$s0"; pass=$((pass + 1)); else echo "FAIL $name$msg"; fail=$((fail + 1)); fi
}
each_model check - dyn sym
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
