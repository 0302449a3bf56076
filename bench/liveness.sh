#!/usr/bin/env bash
# bench/liveness.sh — acceptance cycles (-a) with partial-order reduction,
# dspin against pan on SPIN's LTL examples (issue 14's target: -a with
# POR within 1.5x of pan's -a with its reduction).  One markdown row per
# model and formula:
#
#   bash bench/liveness.sh            (DSPIN: default build/dspin)
#
# pan: `spin -a` with SPIN's defaults (statement merging, dead variable
# elimination), `gcc -O2` (its reduction on) and `-DNOREDUCE`, run
# `./pan -a -m1000000 [-N name]`; its count is "visited" (both searches of
# the nested DFS; "stored" where it prints no visited).  dspin:
# `-a [-N name]` with the default reductions (-sym=heap -por=si), the
# same with -deadvars (what SPIN's default has), and `-sym=none
# -por=none`; its count is "states, stored" (both searches).  ratio:
# dspin default / pan reduced, and dspin -deadvars / pan reduced.  The
# verdict column is pan's; a row with an error compares searches that
# stop at different places (each tool's first cycle), so only the rows
# marked ok are the target's.  Seconds: the dspin default run and pan's
# reduced run (wall, one run each).  "-": no result within 120 s.
set -u
HERE=$(cd "$(dirname "$0")" && pwd -P)
ROOT=$(dirname "$HERE")
DSPIN=${DSPIN:-$ROOT/build/dspin}
EX=/usr/share/doc/spin/examples/Examples
T=120

# model (Examples-relative, or spin/NAME, examples/NAME as in
# tests/models/live/examples/LIST) : formula names (space-separated, "."
# for the one claim)
ROWS=(
	"Exercises/ex_3a.pml:."
	"LTL/bakery.pml:."
	"LTL/diskhead.pml:."
	"LTL/mobile1.pml:."
	"LTL/mobile2.pml:."
	"LTL/pftp.pml:p1 p3"
	"LTL/salesman1.pml:."
	"LTL/train.pml:c1 c2 c5 c6"
	"LTL/zune.pml:."
	"examples/ex_6_2.pml:."
	"spin/leader_3.pml:p0 p1 p2"
	"spin/petersonN_3.pml:."
)

[ -x "$DSPIN" ] || { echo "$0: $DSPIN is not executable (build first, or set DSPIN)" >&2; exit 2; }
command -v spin >/dev/null || { echo "$0: spin not found" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/dspin-live.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cp "$DSPIN" "$WORK/dspin"
REV=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no 2>/dev/null)" ] && REV="$REV+local changes"

# pan's count: visited if printed, else stored
pan_count() { sed -n 's/^ *\([0-9]*\) states, stored\( (\([0-9]*\) visited)\)\{0,1\}.*/\1 \3/p' | awk 'NR == 1 { print ($2 != "" ? $2 : $1) }'; }
dspin_count() { sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' | head -1; }
errors() { sed -n 's/.*errors: \([0-9]*\).*/\1/p' | head -1; }
secs() { /usr/bin/time -f %e -o "$1" "${@:2}"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || a == "-" || b == "-" || b == 0) print "-"; else printf "%.2f", a / b }'; }

echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC'), dspin $REV, $(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg)"
echo
echo "| model | formula | verdict | pan -DNOREDUCE | pan | dspin none/none | dspin | dspin -deadvars | dspin / pan | -deadvars / pan | s dspin | s pan |"
echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
i=0
for row in "${ROWS[@]}"; do
	model=${row%%:*} names=${row#*:}
	case "$model" in
	spin/*) f="$ROOT/tests/models/$model" ;;
	examples/*) f="$ROOT/tests/models/live/$model" ;;
	*) f="$EX/$model" ;;
	esac
	[ -f "$f" ] || { echo "| $model | | not found | | | | | | | | | |"; continue; }
	d=$WORK/m$i; i=$((i + 1)); mkdir -p "$d"; cp "$f" "$d/m.pml"
	if ! (cd "$d" && spin -a m.pml >/dev/null 2>&1 && gcc -O2 -w -o pan pan.c && gcc -O2 -w -DNOREDUCE -o pan_nr pan.c); then
		echo "| $model | | pan does not build | | | | | | | | | |"; continue
	fi
	for n in $names; do
		N=(); [ "$n" = . ] || N=(-N "$n")
		(cd "$d" && secs ps timeout $T ./pan -a -m1000000 "${N[@]}" >pan.out 2>&1)
		(cd "$d" && timeout $T ./pan_nr -a -m1000000 "${N[@]}" >pan_nr.out 2>&1)
		(cd "$d" && secs ds timeout $T "$WORK/dspin" -a "${N[@]}" m.pml >d.out 2>&1)
		(cd "$d" && timeout $T "$WORK/dspin" -a -deadvars "${N[@]}" m.pml >dd.out 2>&1)
		(cd "$d" && timeout $T "$WORK/dspin" -a -sym=none -por=none "${N[@]}" m.pml >dn.out 2>&1)
		p=$(pan_count <"$d/pan.out"); pn=$(pan_count <"$d/pan_nr.out")
		dv=$(dspin_count <"$d/d.out"); dd=$(dspin_count <"$d/dd.out"); dn=$(dspin_count <"$d/dn.out")
		e=$(errors <"$d/pan.out")
		v=-; [ -n "$e" ] && { [ "$e" -gt 0 ] && v=error || v=ok; }
		fname=$n; [ "$n" = . ] && fname="(one)"
		echo "| $model | $fname | $v | ${pn:--} | ${p:--} | ${dn:--} | ${dv:--} | ${dd:--} | $(ratio "$dv" "$p") | $(ratio "$dd" "$p") | $(cat "$d/ds" 2>/dev/null | tail -1) | $(cat "$d/ps" 2>/dev/null | tail -1) |"
	done
done
