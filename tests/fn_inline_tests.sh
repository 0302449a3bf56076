#!/bin/bash
# fn_inline_tests.sh DSPIN — functions and methods against SPIN, through
# hand-inlined twins.
#
# SPIN has no functions, so each tests/models/fn/NAME.dpml (a call made
# inside atomic, end/accept/progress labels inside functions and methods)
# has a twin NAME.pml that pan can check: the same model with every call
# inlined by hand, by one rule (written out in atomic_lost_update.pml):
# the call step is a `skip`, the body follows with the callee's locals
# as the process's, and the return is a d_step that assigns the value
# and zeroes those locals.  A call pushes a frame in one step and a
# return pops it in one, and a popped frame leaves nothing behind, so
# the twin's states are the function version's one for one (where a
# frame is, the twin's pc is inside the inlined body) and pan's count is
# the one dspin must store.  The oracle is pan's, never dspin's own.
#
# Each NAME.dpml says:
#   // MODE: safety | -a | -l
#   // COUNT: same     (safety: pan -c0 and dspin -e -sym=none -por=none
#                       store as many states and count as many errors)
#           | verdict  (-a/-l: pan's nested search counts its states its
#                       own way, with the claim and the second search's
#                       bit, so only the verdicts are compared, as in
#                       tests/liveness_tests.sh)
# and for each the checks are:
#   safety: pan (spin -o1 -o2 -o3 -a, -DNOREDUCE -DSAFETY, -c0) against
#     dspin -e -sym=none -por=none (errors, and with COUNT: same states
#     stored); pan's verdict from every reduction (-compare, exit 0/1 as
#     pan, never 4), breadth-first (-compare -bfs), -cores=2, -deadvars,
#     -compress=tree, and, when mpirun is installed, -dist on two ranks;
#     an error's trail replays;
#   -a / -l: pan -a / -l (-DNOREDUCE, -DNP for -l), with and without -f,
#     against dspin -sym=none -por=none and -compare (every symmetry, with
#     and without the reduction), and -dist (OWCTY) when mpirun is there.
# Then NAME_refused.dpml models (no twin) must be refused: exit 2 and the
# `file:line:col: error:` of their `// ERROR:` line.
DSPIN=$(readlink -f "${1:?usage: fn_inline_tests.sh DSPIN}")
DIR=$(cd "$(dirname "$0")/models/fn" && pwd)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/dspin_fn.XXXXXX"); trap 'rm -rf "$TMP"' EXIT
. "$(dirname "$0")/pan_lib.sh"  # pan_compile: pan from the cache (docs/testing.md, "The pan cache")
pass=0; fail=0
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
MPIRUN=(mpirun --oversubscribe --bind-to none --mca mpi_yield_when_idle 1 --mca btl self,vader --mca pml ob1 --mca odls_base_sigkill_timeout 0)
have_mpi=0; command -v mpirun >/dev/null 2>&1 && have_mpi=1

stored() { sed -n 's/^ *\([0-9][0-9]*\) states, stored.*/\1/p' "$1" | head -1; }
errors() { sed -n 's/.*errors: \([0-9][0-9]*\).*/\1/p' "$1" | head -1; }
verdict() { local e; e=$(errors "$1"); [ -z "$e" ] && echo none || { [ "$e" -gt 0 ] && echo error || echo ok; }; }
# a -compare run's verdict from its exit: 0 no error, 1 an error, else
# (4: two reductions disagree, 3: incomplete, 2: refused) what it was
cverdict() { case $1 in 0) echo ok ;; 1) echo error ;; *) echo "exit$1" ;; esac; }

for f in "$DIR"/*.dpml; do
	name=$(basename "$f" .dpml)
	case $name in *_refused) continue ;; esac
	twin=$DIR/$name.pml
	mode=$(sed -n 's#^// MODE: *##p' "$f" | head -1)
	count=$(sed -n 's#^// COUNT: *##p' "$f" | head -1)
	if [ ! -f "$twin" ] || [ -z "$mode" ] || [ -z "$count" ]; then
		echo "FAIL $name: needs $name.pml and // MODE: and // COUNT: lines"; fail=$((fail + 1)); continue
	fi
	w=$TMP/$name; mkdir -p "$w"; cp "$twin" "$w/m.pml"; cp "$f" "$w/m.dpml"
	why=
	if [ "$mode" = safety ]; then
		( cd "$w" && spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1 && pan_compile pan -O2 -w -DNOREDUCE -DSAFETY &&
		  timeout 60 ./pan -m1000000 -c0 > pan.out 2>&1 ) || { echo "FAIL $name: spin/pan failed on the twin"; fail=$((fail + 1)); continue; }
		ps=$(stored "$w/pan.out"); pe=$(errors "$w/pan.out"); pv=$(verdict "$w/pan.out")
		( cd "$w" && timeout 60 "$DSPIN" -e -sym=none -por=none m.dpml > d.out 2>&1 )
		ds=$(stored "$w/d.out"); de=$(errors "$w/d.out")
		[ "$de" = "$pe" ] || why="$why dspin -e errors ${de:-none}, pan -c0 $pe;"
		[ "$count" != same ] || [ "$ds" = "$ps" ] || why="$why dspin stored ${ds:-none}, pan $ps;"
		( cd "$w" && timeout 60 "$DSPIN" -q -compare m.dpml > c.out 2>&1 ); cv=$(cverdict $?)
		[ "$cv" = "$pv" ] || why="$why -compare $cv;"
		( cd "$w" && timeout 60 "$DSPIN" -q -compare -bfs m.dpml > cb.out 2>&1 ); cv=$(cverdict $?)
		[ "$cv" = "$pv" ] || why="$why -compare -bfs $cv;"
		for o in -cores=2 -deadvars -compress=tree; do
			( cd "$w" && timeout 60 "$DSPIN" -q $o m.dpml > p.out 2>&1 )
			[ "$(verdict "$w/p.out")" = "$pv" ] || why="$why $o $(verdict "$w/p.out");"
		done
		if [ $have_mpi = 1 ]; then
			( cd "$w" && timeout 60 "${MPIRUN[@]}" -np 2 "$DSPIN" -q -dist m.dpml < /dev/null > x.out 2>&1 )
			[ "$(verdict "$w/x.out")" = "$pv" ] || why="$why -dist $(verdict "$w/x.out");"
		fi
		if [ "$pv" = error ]; then
			rm -f "$w/m.dpml.trail"
			( cd "$w" && timeout 60 "$DSPIN" -q -sym=none -por=none m.dpml >/dev/null 2>&1;
			  "$DSPIN" -t m.dpml > r.out 2>&1; [ $? = 1 ] && grep -q '^dspin: error reproduced at step' r.out ) || why="$why the trail does not reproduce its error;"
		fi
		shown="pan stored=$ps errors=$pe"
	else
		pv=
		for fair in "" -f; do
			( cd "$w" && spin -o1 -o2 -o3 -a m.pml >/dev/null 2>&1 &&
			  pan_compile pan -O2 -w -DNOREDUCE -DNFAIR=4 $([ "$mode" = -l ] && echo -DNP) &&
			  timeout 60 ./pan "$mode" $fair -m1000000 > pan.out 2>&1 ) || { why="$why spin/pan failed on the twin;"; break; }
			v=$(verdict "$w/pan.out"); pv="$pv$v$fair "
			( cd "$w" && timeout 60 "$DSPIN" -q -sym=none -por=none "$mode" $fair m.dpml > d.out 2>&1 )
			[ "$(verdict "$w/d.out")" = "$v" ] || why="$why dspin $mode $fair $(verdict "$w/d.out"), pan $v;"
			( cd "$w" && timeout 60 "$DSPIN" -q -compare "$mode" $fair m.dpml > c.out 2>&1 ); cv=$(cverdict $?)
			[ "$cv" = "$v" ] || why="$why -compare $mode $fair $cv;"
			if [ $have_mpi = 1 ]; then
				( cd "$w" && timeout 60 "${MPIRUN[@]}" -np 2 "$DSPIN" -q -dist "$mode" $fair m.dpml < /dev/null > x.out 2>&1 )
				[ "$(verdict "$w/x.out")" = "$v" ] || why="$why -dist $mode $fair $(verdict "$w/x.out");"
			fi
			if [ "$v" = error ]; then
				rm -f "$w/m.dpml.trail"
				( cd "$w" && timeout 60 "$DSPIN" -q -sym=none -por=none "$mode" $fair m.dpml >/dev/null 2>&1;
				  "$DSPIN" "$mode" -t m.dpml > r.out 2>&1; [ $? = 1 ] && grep -q '^dspin: error reproduced at step' r.out ) || why="$why the $mode $fair trail does not reproduce its error;"
			fi
		done
		shown="pan $mode: $pv"
	fi
	if [ -z "$why" ]; then echo "ok $name ($shown)"; pass=$((pass + 1))
	else echo "FAIL $name ($shown):$why"; fail=$((fail + 1)); fi
done

for f in "$DIR"/*_refused.dpml; do
	[ -e "$f" ] || continue
	name=$(basename "$f" .dpml)
	want=$(sed -n 's#^// ERROR: *##p' "$f" | head -1)
	cp "$f" "$TMP/$name.dpml"
	out=$( cd "$TMP" && timeout 10 "$DSPIN" "$name.dpml" 2>&1 ); rc=$?
	if [ $rc = 2 ] && [ -n "$want" ] && grep -qF -- "$name.dpml:$want" <<<"$out"; then echo "ok $name"; pass=$((pass + 1))
	else echo "FAIL $name: exit $rc, expected 2 and '$name.dpml:$want'; got: $(head -c 300 <<<"$out")"; fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
