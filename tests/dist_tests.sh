#!/bin/bash
# dist_tests.sh DSPIN [all|live] — the distributed search (-dist over MPI,
# search/dist/dist.c) against the sequential search run in the same test, on
# the SPIN, dynamic and symmetry corpora.  For each model, with -e (every
# error counted, the whole state space searched):
#   unreduced (-sym=none -por=none), mpirun -np 2: the depth-first
#     search's counts (states stored and matched, transitions, atomic
#     steps, errors) and exit; on the SPIN corpus those are pan's
#     (tests/spin_agree.sh checks the depth-first search against pan);
#   the default reductions (-sym=heap -por=si, with the level proviso's
#     questions to other ranks), -np 3 oversubscribed: -bfs's counts;
#   on the symmetry corpus also -sym=heap,proc -por=static, -np 2: -bfs's;
#   in each of these also the unreached-code report (every rank's marks
#     merged on rank 0), line for line;
# and without -e, -np 2, on the models where -bfs finds an error: the
# same verdict, and the trail (rebuilt from parent links spread over the
# ranks) replays with -t to the error; on the symmetry corpus also with
# -sym=heap,proc on 3 ranks.  Then a liveness selection (OWCTY, -a/-l,
# also with -cache=backedge) against the nested search (with -e -json,
# where neither runs partial-order reduction, also the unreached-code
# report), and the refusals (exit 2).
# mpirun costs about 0.4 s a start, so by default a selection: every
# tenth model of the SPIN corpus, every fourth of the dynamic one, every
# fifth of the symmetry one, and the unreduced run left out on the
# models that take a second or more (BIG); `all` runs every model.
. "$(dirname "$0")/corpus_lib.sh"
ALL=${2:-}     # all: every model; live: only the liveness selection and the refusals
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
MPIRUN=(mpirun --oversubscribe --bind-to none --mca mpi_yield_when_idle 1 --mca btl self,vader --mca pml ob1 --mca odls_base_sigkill_timeout 0)
counts() {
	grep -E '^State-vector|^ *[0-9]+ (states, stored|states, matched|transitions|atomic steps)' "$1" | sed 's/depth reached [0-9]*, //'
}
# the unreached-code report of a summary (pan's "unreached in proctype")
unreached() { sed -n '/^unreached in/,/^elapsed time/p' "$1" | grep -v '^elapsed time'; }
# same LABEL NP REFERENCE-FLAGS -- FLAGS: the sequential run and the
# distributed one on NP ranks agree on exit, counts and the unreached-code
# report (-e: the report follows the summary)
same() {
	local label=$1 np=$2; shift 2
	local ref=() dist=()
	while [ "$1" != -- ]; do ref+=("$1"); shift; done
	shift
	dist=("$@")
	( cd "$TMP" && timeout 20 "$DSPIN" "${ref[@]}" m.pml > ref.out 2>&1 ); local r0=$?
	echo "$r0" > "$TMP/ref.rc"
	case $r0 in 0|1|3) ;; *) skipped="$skipped [$label] exit $r0"; return ;; esac
	( cd "$TMP" && timeout 60 "${MPIRUN[@]}" -np "$np" "$DSPIN" -dist "${dist[@]}" m.pml < /dev/null > dist.out 2>&1 ); local r1=$?
	# timeout's 124: the run did not end in time, which says nothing of
	# its answer (a loaded machine): reported as such, not as a wrong exit
	if [ "$r1" = 124 ]; then msg="$msg [$label] TIMEOUT: -dist did not end within 60 s (not a wrong answer; the sequential run exited $r0);"; return; fi
	if [ "$r1" != "$r0" ]; then msg="$msg [$label] exit $r1, sequential $r0;"; return; fi
	[ "$(counts "$TMP/dist.out")" = "$(counts "$TMP/ref.out")" ] ||
		msg="$msg [$label] counts $(counts "$TMP/dist.out" | tr -s ' \n\t' ' ') differ from the sequential $(counts "$TMP/ref.out" | tr -s ' \n\t' ' ');"
	local u0; u0=$(unreached "$TMP/ref.out")
	[ -n "$u0" ] && [ "$(unreached "$TMP/dist.out")" = "$u0" ] ||
		msg="$msg [$label] unreached-code report: $(diff <(echo "$u0") <(unreached "$TMP/dist.out") | grep -m2 '^[<>]' | tr -s ' \n\t' ' ')(< sequential, > -dist);"
}
# verdict_trail NP FLAGS: without -e, exit 1 on NP ranks, and the trail
# replays with -t to the error
verdict_trail() {
	local np=$1; shift
	rm -f "$TMP/m.pml.trail"
	( cd "$TMP" && timeout 60 "${MPIRUN[@]}" -np "$np" "$DSPIN" -q -dist "$@" m.pml < /dev/null > two.out 2>&1 ); local r1=$?
	[ "$r1" = 1 ] || { msg="$msg [verdict $*] exit $r1, sequential 1;"; return; }
	if [ ! -e "$TMP/m.pml.trail" ]; then msg="$msg [trail $*] none written;"; return; fi
	( cd "$TMP" && timeout 20 "$DSPIN" -t "$@" m.pml > replay.out 2>&1 ); local rrc=$?
	if [ "$rrc" != 1 ] || ! grep -q '^dspin: error reproduced at step' "$TMP/replay.out"; then
		msg="$msg [trail $*] does not reproduce the error;"
	fi
}
BIG=" dyn/private_chains.dpml spin/cambridge.pml spin/pftp.pml-noclaim spin/sort.pml spin/leader_hp.pml-DN=6 spin/book_p337.pml spin/book_p347.pml spin/dtp.pml "
declare -A nth
check() {   # name model flags...
	local name=$1 model=$2 dir=${1%%/*}; shift 2
	local every=10
	case $dir in dyn) every=4;; sym) every=5;; esac
	nth[$dir]=$(( ${nth[$dir]:-0} + 1 ))
	[ -n "$ALL" ] || [ $(( ${nth[$dir]} % every )) = 1 ] || [ "$every" = 1 ] || return 0
	stage "$model"
	msg= skipped=
	[[ -z "$ALL" && $BIG == *" $name "* ]] || same unreduced 2 -e -sym=none -por=none "$@" -- -e -sym=none -por=none "$@"
	same default 3 -e -bfs "$@" -- -e "$@"
	local r0=$(cat "$TMP/ref.rc")
	[ "$dir" != sym ] || same heap,proc 2 -e -bfs -sym=heap,proc -por=static "$@" -- -e -sym=heap,proc -por=static "$@"
	# the verdict, stopping at the first error, and the trail; on the
	# symmetry corpus also under process symmetry (the trail's moves are
	# found again from the states and their original identities)
	if [ "$r0" = 1 ]; then
		verdict_trail 2 "$@"
		[ "$dir" != sym ] || verdict_trail 3 -sym=heap,proc "$@"
	fi
	if [ -z "$msg" ]; then echo "ok $name${skipped:+ (skipped$skipped)}"; pass=$((pass + 1))
	else echo "FAIL $name$msg"; fail=$((fail + 1)); fi
}
[ "$ALL" = live ] || each_model check - dyn sym
# liveness: OWCTY under -dist -a/-l (search/dist/dist_owcty.c) against the
# nested search on one process, run in the same test.  Without -e: the
# same exit, and the trail (a stem from parent links, a cycle from pred
# links) replays with -t, a cycle returning to where it started; with -e
# -json: the same set of error kinds, and where that is one kind, the same
# first error without -e (with several, which comes first depends on the
# order of the search).  Models with and without cycles, with heap
# objects (the .dpml), weak fairness, process symmetry.
kinds() { grep -o '"error_kinds":\[[^]]*\]' "$1" | tr -d '[]"' | sed 's/error_kinds://' | tr ',' '\n' | sort | tr '\n' ','; }
# -json's unreached-code report (the field before the last), and the
# partial-order reduction that ran
unreached_json() { sed -n 's/.*,"unreached":\(.*\),"exit":[0-9]*}$/\1/p' "$1"; }
por_ran() { grep -o '"algorithm":"[^"]*"' "$1" | grep -o 'por=[a-z]*'; }
live() {   # NP MODEL FLAGS... (DX: flags for the -dist runs only)
	local np=$1 f=$2; shift 2
	local name="live $(basename "$f") $* ${DX:-}np $np" m=
	stage "$f"
	( cd "$TMP" && timeout 30 "$DSPIN" "$@" m.pml > ref.out 2>&1 ); local r0=$?
	( cd "$TMP" && rm -f m.pml.trail && timeout 60 "${MPIRUN[@]}" -np "$np" "$DSPIN" -dist ${DX:-} "$@" m.pml < /dev/null > dist.out 2>&1 ); local r1=$?
	if [ "$r0" = 124 ] || [ "$r1" = 124 ]; then
		echo "FAIL $name: TIMEOUT: the $([ "$r0" = 124 ] && echo sequential || echo -dist) run did not end in time (not a wrong answer)"; fail=$((fail + 1)); return
	fi
	[ "$r1" = "$r0" ] || m="$m exit $r1, sequential $r0;"
	local k0 k1
	k0=$(grep -m1 -o '^dspin: .* (at depth' "$TMP/ref.out"); k1=$(grep -m1 -o '^dspin: .* (at depth' "$TMP/dist.out")
	if [ "$r1" = 1 ]; then
		( cd "$TMP" && timeout 20 "$DSPIN" "$@" -t m.pml > replay.out 2>&1 ); local rrc=$?
		if [ "$rrc" != 1 ] || ! grep -q '^dspin: error reproduced at step' "$TMP/replay.out" || grep -q 'cannot be replayed\|does NOT return\|did NOT' "$TMP/replay.out"; then
			m="$m the trail does not replay;"
		elif [[ $k1 == *cycle* ]] && ! grep -q 'the cycle returns to the state where it started' "$TMP/replay.out"; then
			m="$m the trail has no cycle;"
		fi
	fi
	( cd "$TMP" && timeout 30 "$DSPIN" -e -json "$@" m.pml > ref.json 2>/dev/null
	  timeout 60 "${MPIRUN[@]}" -np "$np" "$DSPIN" -dist ${DX:-} -e -json "$@" m.pml < /dev/null > dist.json 2>/dev/null )
	local ks0 ks1; ks0=$(kinds "$TMP/ref.json"); ks1=$(kinds "$TMP/dist.json")
	[ "$ks0" = "$ks1" ] || m="$m error kinds $ks1, sequential $ks0;"
	[ "$k0" = "$k1" ] || [[ $ks0 == *,*,* ]] || m="$m first error '$k1', sequential '$k0';"
	# the report: the same nodes are expanded when neither search
	# reduces (with the reduction, OWCTY's level proviso and the nested
	# search's stack proviso may expand different sets)
	if [ "$(por_ran "$TMP/ref.json")" = por=none ] && [ "$(por_ran "$TMP/dist.json")" = por=none ]; then
		local u0; u0=$(unreached_json "$TMP/ref.json")
		[ -n "$u0" ] && [ "$u0" != null ] && [ "$(unreached_json "$TMP/dist.json")" = "$u0" ] ||
			m="$m unreached $(unreached_json "$TMP/dist.json"), sequential $u0;"
	fi
	if [ -z "$m" ]; then echo "ok $name (exit $r1)"; pass=$((pass + 1)); else echo "FAIL $name:$m"; fail=$((fail + 1)); fi
}
L=$ROOT/models/live
live 2 "$L/accept_cycle.pml" -a
live 3 "$L/claim_holds.pml" -a
live 3 "$L/ltl_basic.pml" -a -sym=proc
live 2 "$L/claim_end.pml" -a
live 2 "$L/progress_starve.pml" -l
live 3 "$L/sym3_lock_ltl.pml" -a -sym=heap,proc
live 2 "$L/sym3_lock_ltl.pml" -a -f -sym=proc
live 3 "$L/sym3_heap_starve.dpml" -l -sym=heap,proc
live 2 "$L/sym3_heap_fair.dpml" -l -f
live 2 "$L/sym3_heap_fair.dpml" -a -f -sym=heap,proc
live 3 "$ROOT/models/spin/hajek.pml" -l
# -cache=backedge under -dist: the thesis's store-or-not OWCTY
# (search/dist/dist_owcty.c), against the nested search storing every state;
# trails from parent and pred links that skip unstored states, found
# again on rank 0.  With and without cycles, -l, -f, process symmetry,
# assertions met in stored and in unstored states (backedge_assert's
# K = 1 and 9 fail in unstored ones), and a ring whose cycle runs through
# unstored states (backedge_ring)
DX="-cache=backedge "
live 2 "$L/accept_cycle.pml" -a
live 3 "$L/claim_holds.pml" -a
live 3 "$L/ltl_basic.pml" -a -sym=proc
live 2 "$L/claim_end.pml" -a
live 2 "$L/progress_starve.pml" -l
live 3 "$L/sym3_lock_ltl.pml" -a -f -sym=proc
live 2 "$L/sym3_lock_ltl.pml" -a -sym=heap,proc
live 3 "$L/sym3_heap_fair.dpml" -l -f
live 2 "$L/sym3_heap_fair.dpml" -a -f -sym=heap,proc
live 2 "$ROOT/models/spin/hajek.pml" -l -f
for k in 1 2 9; do live 3 "$ROOT/models/dist/backedge_assert.pml" -a -DK=$k; done
live 2 "$ROOT/models/dist/backedge_ring.pml" -a
live 3 "$ROOT/models/dist/backedge_ring.pml" -a -DM=9
live 2 "$ROOT/models/dist/backedge_ring.pml" -a -f -DM=3
DX=
# and it stores no more than OWCTY with every state (here fewer)
stage "$L/sym3_heap_fair.dpml"
( cd "$TMP" && timeout 60 "${MPIRUN[@]}" -np 2 "$DSPIN" -dist -e -l -f m.pml < /dev/null > all.out 2>&1
  timeout 60 "${MPIRUN[@]}" -np 2 "$DSPIN" -dist -e -l -f -cache=backedge m.pml < /dev/null > be.out 2>&1 )
sa=$(stored "$TMP/all.out"); sb=$(stored "$TMP/be.out")
if [ -n "$sb" ] && [ -n "$sa" ] && [ "$sb" -lt "$sa" ]; then echo "ok backedge stores $sb of $sa"; pass=$((pass + 1))
else echo "FAIL backedge stores '$sb', every state '$sa'"; fail=$((fail + 1)); fi
# the unreached-code report where partial-order reduction and a depth
# bound leave code unexplored: an expansion made again with the proviso's
# answers leaves no marks (the model says how), -bfs's report on 2 and 3
# ranks
stage "$ROOT/models/dist/unreached_por_depth.pml"
for np in 2 3; do
	msg= skipped=
	same "np $np" "$np" -e -bfs -m 6 -- -e -m 6
	if [ -z "$msg$skipped" ]; then echo "ok unreached_por_depth -m 6 np $np"; pass=$((pass + 1))
	else echo "FAIL unreached_por_depth -m 6 np $np:$msg$skipped"; fail=$((fail + 1)); fi
done
# limits that once crashed or misled (tests/models/dist/*.pml say how):
# a node over 65,535 bytes under -dist -a ends incomplete (exit 3, named);
# -f with 255 processes is a resource bound, by one process and by OWCTY,
# where 254 find the fair cycle
limit() {   # NAME EXIT PATTERN COMMAND...
	local name=$1 want=$2 pat=$3; shift 3
	( cd "$TMP" && rm -f m.pml.trail && timeout 100 "$@" m.pml < /dev/null > lim.out 2>&1 ); local r=$?
	if [ "$r" = "$want" ] && grep -q "$pat" "$TMP/lim.out"; then echo "ok $name"; pass=$((pass + 1))
	else echo "FAIL $name: exit $r (want $want, '$pat')"; fail=$((fail + 1)); fi
}
stage "$ROOT/models/dist/vector_limit.pml"
limit "vector_limit -a np 2" 3 'too large for -dist' "${MPIRUN[@]}" -np 2 "$DSPIN" -dist -a
limit "vector_limit -a -f np 3" 3 'too large for -dist' "${MPIRUN[@]}" -np 3 "$DSPIN" -dist -a -f
stage "$ROOT/models/dist/fair_255.pml"
limit "fair_255 -a -f" 3 'at most 254 processes' "$DSPIN" -a -f
limit "fair_255 -a -f np 2" 3 'at most 254 processes' "${MPIRUN[@]}" -np 2 "$DSPIN" -dist -a -f
limit "fair_255 -a -f -sym=proc np 2" 3 'at most 254 processes' "${MPIRUN[@]}" -np 2 "$DSPIN" -dist -a -f -sym=proc
limit "fair_255 N=254 -a -f" 1 'acceptance cycle' "$DSPIN" -DN=254 -a -f
limit "fair_255 N=254 -a -f np 2" 1 'acceptance cycle' "${MPIRUN[@]}" -np 2 "$DSPIN" -dist -DN=254 -a -f
# -M on one rank stops where -bfs stops (the same count, exit 3): the
# tables' early doubling at a level's end (search/dist/dist.c) is off under a
# memory bound, where it had taken room the records needed
stage "$ROOT/models/spin/dtp.pml"
( cd "$TMP" && timeout 20 "$DSPIN" -bfs -e -sym=none -por=none -M 34 m.pml > ref.out 2>&1; echo $? > ref.rc
  timeout 60 "${MPIRUN[@]}" -np 1 "$DSPIN" -dist -e -sym=none -por=none -M 34 m.pml < /dev/null > dist.out 2>&1; echo $? > dist.rc )
if [ "$(cat "$TMP/ref.rc")" = 3 ] && [ "$(cat "$TMP/dist.rc")" = 3 ] && [ "$(counts "$TMP/dist.out")" = "$(counts "$TMP/ref.out")" ]; then
	echo "ok dtp -M 34 np 1"; pass=$((pass + 1))
else echo "FAIL dtp -M 34 np 1: exit $(cat "$TMP/dist.rc") (-bfs $(cat "$TMP/ref.rc")), $(counts "$TMP/dist.out" | tr -s ' \n\t' ' ') against $(counts "$TMP/ref.out" | tr -s ' \n\t' ' ')"; fail=$((fail + 1)); fi
# what the distributed search refuses: a usage error, before MPI starts
stage "$ROOT/models/sym/por_safe_choice.pml"
for bad in "-dist -a -m 100" "-dist -compress=tree" "-dist -hc" "-dist -bitstate" "-dist -cores=2" "-dist -compare" "-dist -simulate" "-dist -t" "-dist -report r.html" "-dist -dump-states d"; do
	( cd "$TMP" && "$DSPIN" $bad m.pml > /dev/null 2> err ); r=$?
	if [ "$r" = 2 ] && grep -q 'is not available with it' "$TMP/err"; then echo "ok $bad refused"; pass=$((pass + 1)); else echo "FAIL $bad: exit $r"; fail=$((fail + 1)); fi
done
# started without mpirun: one rank (an MPI singleton), the -bfs counts
( cd "$TMP" && timeout 20 "$DSPIN" -q -e -bfs m.pml > ref.out 2>&1; timeout 60 "$DSPIN" -q -e -dist m.pml > dist.out 2>&1 )
if [ "$(counts "$TMP/dist.out")" = "$(counts "$TMP/ref.out")" ] && grep -q '1 ranks (MPI)' "$TMP/dist.out"; then
	echo "ok singleton"; pass=$((pass + 1))
else echo "FAIL singleton: $(counts "$TMP/dist.out" | tr -s ' \n\t' ' ')"; fail=$((fail + 1)); fi
# -json's per_rank on 3 ranks: one entry a rank, their states adding up
# to what -bfs stores, every time a number (cpu_s, and wait_s: the time
# a rank waited for the others, >= 0)
( cd "$TMP" && timeout 60 "${MPIRUN[@]}" -np 3 "$DSPIN" -dist -e -json m.pml < /dev/null > dist.json 2>/dev/null )
pr=$(grep -o '"per_rank":\[[^]]*\]' "$TMP/dist.json" | grep -o '{[^}]*}')
want=$(counts "$TMP/ref.out" | sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p')
got=$(echo "$pr" | sed -n 's/.*"states":\([0-9]*\),.*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
nr=$(echo "$pr" | grep -c '"cpu_s":[0-9.]*,"wait_s":[0-9][0-9.]*}$')
if [ "$(echo "$pr" | grep -c .)" = 3 ] && [ "$nr" = 3 ] && [ -n "$want" ] && [ "$got" = "$want" ]; then
	echo "ok per_rank np 3"; pass=$((pass + 1))
else echo "FAIL per_rank np 3: $nr of 3 entries with cpu_s and wait_s, states $got, -bfs $want"; fail=$((fail + 1)); fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
