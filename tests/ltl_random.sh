#!/bin/bash
# ltl_random.sh DSPIN [COUNT] [SEED] — the translation of ltl formulas
# (lang/ltl.c) against SPIN's: COUNT random formulas (default 25, from
# SEED, default 1) over three propositions, each checked with -a on three
# small models (a loop, processes that terminate, a deadlock) by pan -a -N
# (spin's own translation, cc -DNOREDUCE) and by dspin -a -N with the
# simplified automaton (-sym=none -por=none, and the default reductions)
# and with the tableau's automaton as it is (-ltl-nosimplify): all
# four verdicts must be equal.  The loop model also runs with -a -f.  And
# every model without -a, pan's default run against dspin's plain run
# (the claim's end: docs/liveness.md, "ltl formulas in a plain run"):
# there a verdict depends on which states of the automaton are seen to
# accept every continuation, so the claims need not agree, and the check
# is that every error dspin reports is one (pan -a finds a violation
# too), with either automaton, and that dspin finds every error pan's
# default run finds.
# Prints "N passed, M failed"; called by liveness_tests.sh.
DSPIN=$(readlink -f "$1")
COUNT=${2:-25}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
. "$(dirname "$0")/pan_lib.sh"  # pan_compile: pan from the cache (docs/testing.md, "The pan cache")
pass=0; fail=0
ATOMS=("(x == 1)" "(y == 1)" "(x > y)")
# a linear congruential generator of our own: $RANDOM is reseeded in
# subshells, and the formulas must be the same on every run
S=$(( ${3:-1} ))
rnd() { S=$(( (S * 1103515245 + 12345) % 2147483648 )); R=$(( (S / 65536) % $1 )); }
# gen DEPTH: a random formula in SPIN's syntax, in G
gen() {
	local d=$1 op a
	rnd 100
	if [ "$d" -le 0 ] || [ $R -lt 25 ]; then
		rnd 20
		if [ $R -eq 0 ]; then G=true; elif [ $R -eq 1 ]; then G=false
		elif [ $R -lt 5 ]; then rnd 3; G="!${ATOMS[R]}"
		else rnd 3; G="${ATOMS[R]}"; fi
		return
	fi
	local ops=("[]" "<>" "!" "&&" "||" "->" "U" "W" "V" "<->" "U" "[]" "<>")
	rnd ${#ops[@]}; op=${ops[R]}
	gen $((d - 1)); a=$G
	case $op in
	"[]"|"<>"|"!") G="$op($a)" ;;
	*) gen $((d - 1)); G="($a $op $G)" ;;
	esac
}
FORMULAS=()
for ((i = 0; i < COUNT; i++)); do
	gen 4
	# SPIN's translator does not end on some formulas: those are left out
	if timeout 5 spin -f "!($G)" >/dev/null 2>&1; then FORMULAS+=("$G")
	else echo "skip { $G }: spin -f does not translate it within 5 seconds"; fi
done

MODELS=(
'byte x; bit y;
active proctype A() { do :: x < 3 -> x++ :: x > 0 -> x-- :: y = 1 - y od }'
'byte x; bit y;
active proctype A() { do :: x < 2 -> x++ :: x == 2 -> break od; y = 1 }
active proctype B() { do :: y == 0 -> x = 0 :: y == 1 -> break od }'
'byte x, y;
active proctype A() { x = 1; if :: y = 1 :: y = 2; x = 3 fi; x = 2; y == 3 }
active proctype B() { do :: x == 1 -> y = 0 :: x != 1 -> break od; x = 0 }'
)
verdict() { sed -n 's/.*errors: \([0-9]*\).*/\1/p' | { read -r e; [ -z "$e" ] && echo crash || { [ "$e" -gt 0 ] && echo error || echo ok; }; }; }
for mi in "${!MODELS[@]}"; do
	w="$TMP/m$mi"; mkdir "$w"
	{ echo "${MODELS[$mi]}"; for i in "${!FORMULAS[@]}"; do echo "ltl f$i { ${FORMULAS[$i]} }"; done; } > "$w/m.pml"
	( cd "$w" && timeout 120 spin -a m.pml >/dev/null 2>&1 && pan_compile pan -w -DNOREDUCE ) || { echo "FAIL model $mi: spin or cc"; fail=$((fail + 1)); continue; }
	modes=(-a)
	[ "$mi" = 0 ] && modes+=("-a -f")
	modes+=("")
	for mode in "${modes[@]}"; do
		for i in "${!FORMULAS[@]}"; do
			sv=$( cd "$w" && timeout 30 ./pan $mode -N "f$i" 2>&1 | verdict )
			dv=$( cd "$w" && timeout 30 "$DSPIN" -q -sym=none -por=none $mode -N "f$i" m.pml 2>&1 | verdict )
			uo=$( cd "$w" && timeout 30 "$DSPIN" -ltl-nosimplify -q -sym=none -por=none $mode -N "f$i" m.pml 2>&1 )
			uv=$(echo "$uo" | verdict)
			# the tableau's automaton can outgrow a claim's bound (32767
			# locations) where the simplified one does not
			[ "$uv" = crash ] && echo "$uo" | grep -q 'locations, at most' && uv=$sv
			rv=$( cd "$w" && timeout 30 "$DSPIN" -q $mode -N "f$i" m.pml 2>&1 | verdict )
			if [ -z "$mode" ]; then
				av=$( cd "$w" && timeout 30 ./pan -a -N "f$i" 2>&1 | verdict )
				good=1
				[ "$dv" = "$rv" ] || good=
				[ "$sv" = error ] && [ "$dv" != error ] && good=
				for v in "$dv" "$uv"; do
					[ "$v" = crash ] && good=
					[ "$v" = error ] && [ "$av" != error ] && good=
				done
				if [ -n "$good" ]; then pass=$((pass + 1))
				else
					echo "FAIL model $mi plain f$i { ${FORMULAS[$i]} }: pan=$sv (-a $av) dspin=$dv unsimplified=$uv default=$rv"
					fail=$((fail + 1))
				fi
				continue
			fi
			if [ "$sv" = "$dv" ] && [ "$sv" = "$uv" ] && [ "$sv" = "$rv" ]; then pass=$((pass + 1))
			else
				echo "FAIL model $mi ${mode:-plain} f$i { ${FORMULAS[$i]} }: pan=$sv dspin=$dv unsimplified=$uv default=$rv"
				fail=$((fail + 1))
			fi
		done
	done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
