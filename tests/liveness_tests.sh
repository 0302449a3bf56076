#!/bin/bash
# liveness_tests.sh DSPIN — cycle detection (-a acceptance, -l non-progress)
# must give SPIN's verdict (pan -a / pan -l, compiled -DNOREDUCE, -DNP for
# -l) on SPIN's examples and on models of our own with never claims,
# accept and progress labels; unreduced, and with the partial-order
# reduction (-por=static: the nested DFS reduces with -l and ltl formulas,
# refuses and searches unreduced otherwise), with heap symmetry, and with
# process symmetry (-sym=proc, heap,proc; with -f the fairness counter
# follows the permutation).  A cycle found under process symmetry must
# replay with -t and return to the state where it started.
DSPIN=$(readlink -f "$1")
ROOT=$(cd "$(dirname "$0")" && pwd)
EX=/usr/share/doc/spin/examples/Examples
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
. "$ROOT/pan_lib.sh"  # pan_compile: pan from the cache (docs/testing.md, "The pan cache")
pass=0; fail=0
# replays DIR MODEL FLAG: the trail in DIR replays to its end, and a cycle
# returns to the state where it started, passes an accepting state and,
# under -f, is weakly fair (-t checks both)
replays() {
	local out rc; out=$( cd "$1" && "$DSPIN" "$3" -t "$2" 2>&1 ); rc=$?
	# exit 1: the replay showed the trail's error (the cycle below)
	[ "$rc" = 1 ] && echo "$out" | grep -q '^dspin: error reproduced at step' || return 1
	! echo "$out" | grep -q 'START OF CYCLE' || { echo "$out" | grep -q 'the cycle returns to the state where it started' &&
		echo "$out" | grep -q 'the cycle passes an accepting state' && ! echo "$out" | grep -q 'NOT weakly fair'; }
}
# pan_for MODEL [-DNP]: $TMP/w/pan, pan for MODEL (already in $TMP/w/m.pml),
# compiled once per model and -DNP and kept: check() runs each model up to
# four times (-a, -l, with and without -f), and compiling pan.c was most of
# this test's time; across runs, pan_compile's cache (tests/pan_lib.sh)
pan_for() {
	local key; key=$(printf '%s %s' "$1" "$2" | md5sum | cut -c1-16)
	if [ ! -x "$TMP/pan/$key" ]; then
		mkdir -p "$TMP/pan"
		( cd "$TMP/w" && spin -a m.pml >/dev/null 2>&1 && pan_compile "$TMP/pan/$key" -w -DNOREDUCE -DNFAIR=4 $2 ) || return 1
	fi
	cp "$TMP/pan/$key" "$TMP/w/pan"
}
check() {  # model flag [-f]
	local f=$1 fl=$2 fair=$3 name; name=$(basename "$f")
	if [ "$fl" = -l ] && grep -q '^ *never' "$f"; then echo "skip $name -l (has its own never claim)"; return; fi
	rm -rf "$TMP/w"; mkdir "$TMP/w"; cp "$f" "$TMP/w/m.pml"
	pan_for "$f" "$([ "$fl" = -l ] && echo -DNP)" || { echo "skip $name (spin)"; return; }
	local se de
	se=$( cd "$TMP/w" && timeout 60 ./pan "$fl" $fair -m1000000 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
	de=$( cd "$TMP/w" && timeout 60 "$DSPIN" -q -sym=none -por=none "$fl" $fair m.pml 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
	local dr; dr=$( cd "$TMP/w" && timeout 60 "$DSPIN" -q -sym=heap -por=static "$fl" $fair m.pml 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
	name="$name $fair"
	local sv dv
	sv=$([ "${se:-0}" -gt 0 ] && echo error || echo ok); dv=$([ "${de:-x}" = x ] && echo crash || ([ "$de" -gt 0 ] && echo error || echo ok))
	local rv; rv=$([ "${dr:-x}" = x ] && echo crash || ([ "$dr" -gt 0 ] && echo error || echo ok))
	[ "$rv" = "$dv" ] || dv="$dv(reduced:$rv)"
	# an error found must come with a trail that replays
	if [ "$sv" = "$dv" ] && [ "$dv" = error ] && ! replays "$TMP/w" m.pml "$fl"; then
		echo "FAIL $name $fl: the trail does not replay"; fail=$((fail + 1)); return
	fi
	# process symmetry, with and without the reduction (the last run's
	# trail is replayed: a cycle returns to where it started)
	local sy
	for sy in "proc none" "heap,proc static" "proc static"; do
		[ "$sv" = "$dv" ] || break
		local pe; pe=$( cd "$TMP/w" && timeout 60 "$DSPIN" -q -sym=${sy% *} -por=${sy#* } "$fl" $fair m.pml 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
		local pv; pv=$([ "${pe:-x}" = x ] && echo crash || ([ "$pe" -gt 0 ] && echo error || echo ok))
		[ "$pv" = "$dv" ] || dv="$dv(sym=$sy:$pv)"
	done
	if [ "$sv" = "$dv" ]; then
		if [ "$dv" = error ] && ! replays "$TMP/w" m.pml "$fl"; then
			echo "FAIL $name $fl: the -sym=proc trail does not replay"; fail=$((fail + 1)); return
		fi
		echo "ok $name $fl $sv"; pass=$((pass + 1))
	else echo "FAIL $name $fl spin=$sv dspin=$dv"; fail=$((fail + 1)); fi
}
for f in "$ROOT"/models/live/*.pml; do check "$f" -a; check "$f" -l; check "$f" -a -f; check "$f" -l -f; done
for f in peterson.pml abp.pml pathfinder.pml hajek.pml loops.pml leader0.pml Book_1991/p99.pml Book_1991/p102.pml Book_1991/p123.pml Book_1991/p312.pml Exercises/ex_4.pml Exercises/ex_5.pml; do
	[ -e "$EX/$f" ] || continue
	check "$EX/$f" -a; check "$EX/$f" -l
done
# weak fairness decides these: loops.pml has a non-progress cycle only
# without fairness; SPIN's train.pml formulas need it
for f in loops.pml peterson.pml abp.pml Exercises/ex_5.pml; do
	[ -e "$EX/$f" ] || continue
	check "$EX/$f" -a -f; check "$EX/$f" -l -f
done
# ltl formulas: dspin -a -N NAME (unreduced) and -ltl NAME (reduced, the
# older spelling) against pan -a -N NAME
checkltl() {  # model name
	local f=$1 n=$2 name; name="$(basename "$f"):$n"
	rm -rf "$TMP/w"; mkdir "$TMP/w"; cp "$f" "$TMP/w/m.pml"
	pan_for "$f" "" || { echo "skip $name (spin)"; return; }
	local se de sv dv
	se=$( cd "$TMP/w" && timeout 60 ./pan -a $3 -N "$n" -m1000000 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
	de=$( cd "$TMP/w" && timeout 60 "$DSPIN" -q -sym=none -por=none -a $3 -N "$n" m.pml 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
	local dr; dr=$( cd "$TMP/w" && timeout 60 "$DSPIN" -q -sym=heap -por=static -a $3 -ltl "$n" m.pml 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
	name="$name $3"
	sv=$([ "${se:-0}" -gt 0 ] && echo error || echo ok); dv=$([ "${de:-x}" = x ] && echo crash || ([ "$de" -gt 0 ] && echo error || echo ok))
	local rv; rv=$([ "${dr:-x}" = x ] && echo crash || ([ "$dr" -gt 0 ] && echo error || echo ok))
	[ "$rv" = "$dv" ] || dv="$dv(reduced:$rv)"
	if [ "$sv" = "$dv" ]; then echo "ok $name -a $sv"; pass=$((pass + 1))
	else echo "FAIL $name -a spin=$sv dspin=$dv"; fail=$((fail + 1)); fi
}
for f in "$ROOT"/models/live/ltl_*.pml; do
	for n in $(grep -o '^ltl *[A-Za-z_0-9]*' "$f" | awk '{print $2}'); do checkltl "$f" "$n"; done
done
for n in p1 p2 p3; do checkltl "$ROOT/models/live/ltl_basic.pml" "$n" -f; done

# SPIN's Examples with ltl formulas or never claims (models/live/examples/LIST):
# pan's verdict, for each formula by name, from dspin -sym=none -por=none
# and from dspin with the default reductions; an error's trail replays
verdict() { sed -n 's/.*errors: \([0-9]*\).*/\1/p' | { read -r e; [ -z "$e" ] && echo crash || { [ "$e" -gt 0 ] && echo error || echo ok; }; }; }
while read -r model flags; do
	case "$model" in ''|'#'*) continue;; esac
	case "$model" in spin/*|examples/*) f="$ROOT/models/${model/#examples/live/examples}";; *) f="$EX/$model";; esac
	[ -e "$f" ] || { echo "skip $model (not found)"; continue; }
	rm -rf "$TMP/w"; mkdir "$TMP/w"; cp "$f" "$TMP/w/m.pml"
	( cd "$TMP/w" && spin -a m.pml >/dev/null 2>&1 && pan_compile pan -w -DNOREDUCE -DNFAIR=4 ) || { echo "FAIL $model (spin)"; fail=$((fail + 1)); continue; }
	names=$(sed -n 's/^[ \t]*ltl[ \t]\{1,\}\([A-Za-z_][A-Za-z_0-9]*\).*/\1/p' "$f" | sort -u)
	for n in ${names:-.}; do
		N=(); [ "$n" = . ] || N=(-N "$n")
		sv=$( cd "$TMP/w" && timeout 120 ./pan $flags "${N[@]}" -m1000000 2>&1 | verdict )
		dv=$( cd "$TMP/w" && timeout 120 "$DSPIN" -q -sym=none -por=none $flags "${N[@]}" m.pml 2>&1 | verdict )
		rv=$( cd "$TMP/w" && timeout 120 "$DSPIN" -q $flags "${N[@]}" m.pml 2>&1 | verdict )
		name="$model${N[1]:+:${N[1]}} [$flags]"
		if [ "$sv" != "$dv" ] || [ "$sv" != "$rv" ]; then
			echo "FAIL $name pan=$sv dspin=$dv default=$rv"; fail=$((fail + 1))
		elif [ "$sv" = error ] && ! replays "$TMP/w" m.pml "${flags%% *}"; then
			echo "FAIL $name: the trail does not replay"; fail=$((fail + 1))
		else echo "ok $name $sv"; pass=$((pass + 1)); fi
	done
done < "$ROOT/models/live/examples/LIST"

# Process symmetry with three identical processes (issue 14): each line is
# the verdict, a model and its flags (the verdict is SPIN's for the .pml models, which
# check() above also compares with pan; the unreduced one for .dpml).  Every
# -sym x -por mode the nested DFS runs must give it, store no more states
# than -sym=none -por=none, and -sym=proc strictly fewer (counts with -e:
# the whole graph, not the way to the first cycle); a cycle's trail must
# replay and return to where it started.  docs/liveness.md has the figures.
while read -r verdict model flags; do
	[ -n "$model" ] || continue
	name="$model [$flags]"
	rm -rf "$TMP/w"; mkdir "$TMP/w"; cp "$ROOT/models/live/$model" "$TMP/w/"
	ref=$( cd "$TMP/w" && "$DSPIN" -q -e -json -sym=none -por=none $flags "$model" 2>/dev/null )
	[[ $ref =~ \"states_stored\":([0-9]+) ]] || { echo "FAIL $name: no result"; fail=$((fail + 1)); continue; }
	rst=${BASH_REMATCH[1]}
	bad=
	for cfg in none/none proc/none proc/static heap,proc/none heap,proc/static heap,proc/si; do
		out=$( cd "$TMP/w" && "$DSPIN" -q -e -json -sym=${cfg%/*} -por=${cfg#*/} $flags "$model" 2>/dev/null )
		[[ $out =~ \"states_stored\":([0-9]+) ]] || { bad="$bad $cfg:crash"; continue; }
		st=${BASH_REMATCH[1]}
		[[ $out =~ \"errors\":([0-9]+) ]]
		v=$([ "${BASH_REMATCH[1]}" -gt 0 ] && echo error || echo ok)
		[ "$v" = "$verdict" ] || bad="$bad $cfg:$v"
		[ "$st" -le "$rst" ] || bad="$bad $cfg:$st>$rst states"
		[ "$cfg" != proc/none ] || [ "$st" -lt "$rst" ] || bad="$bad proc/none:$st not below $rst"
		if [ "$v" = error ] && [ "${cfg%/*}" != none ]; then
			( cd "$TMP/w" && "$DSPIN" -q -sym=${cfg%/*} -por=${cfg#*/} $flags "$model" >/dev/null 2>&1 )
			replays "$TMP/w" "$model" "${flags%% *}" || bad="$bad $cfg:trail"
		fi
	done
	if [ -z "$bad" ]; then echo "ok $name $verdict (-sym=none $rst states)"; pass=$((pass + 1))
	else echo "FAIL $name:$bad"; fail=$((fail + 1)); fi
done <<'EOF'
error sym3_fair_np.pml -l
error sym3_fair_np.pml -l -f
error sym3_starve_np.pml -l
ok sym3_starve_np.pml -l -f
ok sym3_starve_np.pml -a -f
error sym3_lock_ltl.pml -a
ok sym3_lock_ltl.pml -a -f
error sym3_idle_ltl.pml -a
error sym3_idle_ltl.pml -a -f
error sym3_heap_fair.dpml -l
error sym3_heap_fair.dpml -l -f
ok sym3_heap_fair.dpml -a -f
error sym3_heap_starve.dpml -l
ok sym3_heap_starve.dpml -l -f
ok sym3_heap_starve.dpml -a -f
ok fair_rv_clients.pml -l -f
error fair_rv_clients.pml -l
EOF

# -e goes on after an error: the reduction must not make a move that fails
# stand for the whole expansion, or what follows it goes unreported
# (models/sym/por_error_only.pml: the division by zero and the acceptance cycle,
# as the unreduced search reports them)
rm -rf "$TMP/e"; mkdir "$TMP/e"; cp "$ROOT/models/sym/por_error_only.pml" "$TMP/e/m.pml"
for cfg in none/none heap/static heap/si; do
	out=$( cd "$TMP/e" && "$DSPIN" -a -e -json -sym=${cfg%/*} -por=${cfg#*/} m.pml 2>/dev/null )
	if grep -q '"error_kinds":\[.*"acceptance cycle"' <<<"$out" && grep -q '"error_kinds":\["division by zero' <<<"$out"; then
		echo "ok por_error_only.pml -a -e $cfg: both kinds"; pass=$((pass + 1))
	else echo "FAIL por_error_only.pml -a -e $cfg: $(grep -o '"error_kinds":.*' <<<"$out" | head -c 300)"; fail=$((fail + 1)); fi
done

# random ltl formulas: dspin's translation, simplified and not, against
# SPIN's (tests/ltl_random.sh)
out=$(bash "$ROOT/ltl_random.sh" "$DSPIN")
echo "$out" | grep '^FAIL'
[[ $(echo "$out" | tail -1) =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]] || { echo "FAIL ltl_random.sh: no result"; fail=$((fail + 1)); }
echo "ltl_random.sh: ${BASH_REMATCH[1]:-0} random formula checks agree with pan, ${BASH_REMATCH[2]:-?} do not"
pass=$((pass + ${BASH_REMATCH[1]:-0})); fail=$((fail + ${BASH_REMATCH[2]:-0}))

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
