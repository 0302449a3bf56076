#!/bin/bash
# liveness_tests.sh DSPIN — cycle detection (-a acceptance, -l non-progress)
# must give SPIN's verdict (pan -a / pan -l, compiled -DNOREDUCE, -DNP for
# -l) on SPIN's examples and on models of our own with never claims,
# accept and progress labels; unreduced, and with the partial-order
# reduction (-por=static: the nested DFS reduces with -l and ltl formulas,
# refuses and searches unreduced otherwise), and with heap symmetry.
DSPIN=$(readlink -f "$1")
ROOT=$(cd "$(dirname "$0")" && pwd)
EX=/usr/share/doc/spin/examples/Examples
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
check() {  # model flag [-f]
	local f=$1 fl=$2 fair=$3 name; name=$(basename "$f")
	if [ "$fl" = -l ] && grep -q '^ *never' "$f"; then echo "skip $name -l (has its own never claim)"; return; fi
	rm -rf "$TMP/w"; mkdir "$TMP/w"; cp "$f" "$TMP/w/m.pml"
	( cd "$TMP/w" && spin -a m.pml >/dev/null 2>&1 && gcc -w -DNOREDUCE -DNFAIR=4 $([ "$fl" = -l ] && echo -DNP) -o pan pan.c ) || { echo "skip $name (spin)"; return; }
	local se de
	se=$( cd "$TMP/w" && timeout 60 ./pan "$fl" $fair -m1000000 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
	de=$( cd "$TMP/w" && timeout 60 "$DSPIN" -q -sym=none -por=none "$fl" $fair m.pml 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
	local dr; dr=$( cd "$TMP/w" && timeout 60 "$DSPIN" -q -sym=heap -por=static "$fl" $fair m.pml 2>&1 | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
	name="$name $fair"
	local sv dv
	sv=$([ "${se:-0}" -gt 0 ] && echo error || echo ok); dv=$([ "${de:-x}" = x ] && echo crash || ([ "$de" -gt 0 ] && echo error || echo ok))
	local rv; rv=$([ "${dr:-x}" = x ] && echo crash || ([ "$dr" -gt 0 ] && echo error || echo ok))
	[ "$rv" = "$dv" ] || dv="$dv(reduced:$rv)"
	if [ "$sv" = "$dv" ]; then
		# an error found must come with a trail that replays
		if [ "$dv" = error ] && ! ( cd "$TMP/w" && "$DSPIN" "$fl" -t m.pml 2>&1 | grep -q '^final state' ); then
			echo "FAIL $name $fl: the trail does not replay"; fail=$((fail + 1)); return
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
	( cd "$TMP/w" && spin -a m.pml >/dev/null 2>&1 && gcc -w -DNOREDUCE -DNFAIR=4 -o pan pan.c ) || { echo "skip $name (spin)"; return; }
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
for f in "$ROOT"/models/live/ltl_*.pml "$EX"/LTL/bakery.pml "$EX"/LTL/diskhead.pml "$EX"/LTL/ltl_always_eventually.pml \
	 "$EX"/LTL/ltl_example.pml "$EX"/LTL/petersonN.pml "$EX"/LTL/train.pml "$EX"/LTL/zune.pml "$EX"/LTL/pftp.pml; do
	[ -e "$f" ] || continue
	for n in $(grep -o '^ltl *[A-Za-z_0-9]*' "$f" | awk '{print $2}'); do checkltl "$f" "$n"; done
done
for n in c1 c2 c3 c5 c7; do checkltl "$EX/LTL/train.pml" "$n" -f; done
for n in p1 p2 p3; do checkltl "$ROOT/models/live/ltl_basic.pml" "$n" -f; done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
