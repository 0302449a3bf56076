#!/usr/bin/env bash
# bench/mutex_sym.sh — process symmetry on SPIN's mutual-exclusion
# examples (issue 12, item 2; docs/symmetry.md, "Instances that read
# _pid"): states stored by dspin without and with -sym=proc, and why a
# proctype is left out where it is.
#
#   bash bench/mutex_sym.sh            (DSPIN: default build/dspin)
#   DSPIN_BEFORE=/path/to/old/dspin bash bench/mutex_sym.sh
#
# Columns: `-sym=none -por=none`, `-sym=proc -por=none` (and the same
# with DSPIN_BEFORE, a dspin built before the change, when given),
# their ratio, `-sym=none -por=static`, `-sym=proc -por=static`, seconds of
# the -sym=proc -por=none run, and the summary's process symmetry line for
# the proctype that reads _pid.  "-": no result within 120 s.
set -u
HERE=$(cd "$(dirname "$0")" && pwd -P)
ROOT=$(dirname "$HERE")
DSPIN=${DSPIN:-$ROOT/build/dspin}
BEFORE=${DSPIN_BEFORE:-}

# model (relative to the root) : flags : label
MODELS=(
	"tests/models/spin/peterson.pml::Examples/peterson.pml (Peterson, 2)"
	"tests/models/spin/bakery.pml:-noclaim:LTL/bakery.pml (Lamport's bakery, 2)"
	"tests/models/spin/ex_3a.pml::Exercises/ex_3a.pml (Hyman, 2)"
	"tests/models/spin/ex_3b.pml::Exercises/ex_3b.pml (Peterson, 2, ends)"
	"tests/models/spin/ex_3c.pml::Exercises/ex_3c.pml (faulty, 2)"
	"tests/models/spin/manna_pnueli.pml::manna_pnueli.pml (central server, 2)"
	"bench/models/manna_pnueli_N.pml:-DN=4:manna_pnueli.pml with 4 clients"
	"bench/models/manna_pnueli_N.pml:-DN=6:manna_pnueli.pml with 6 clients"
	"bench/models/manna_pnueli_N.pml:-DN=8:manna_pnueli.pml with 8 clients"
	"tests/models/spin/petersonN_3.pml:-noclaim:LTL/petersonN.pml (filter lock, 3)"
)

run() {   # dspin opts... -> "states seconds"
	local bin=$1; shift
	local t0 t1 out n
	t0=$(date +%s.%N)
	out=$(cd "$ROOT" && timeout 120 "$bin" -q -json "$@" </dev/null 2>/dev/null)
	t1=$(date +%s.%N)
	n=$(printf '%s' "$out" | sed -n 's/.*"states_stored":\([0-9]*\).*/\1/p')
	[ -n "$n" ] || n=-
	echo "$n $(echo "$t1 - $t0" | bc | sed 's/^\./0./' | cut -c1-5)"
}

head="| model | none/none |"
[ -n "$BEFORE" ] && head="$head proc/none before |"
head="$head proc/none | factor | none/static | proc/static | s (proc/none) | process symmetry |"
echo "$head"
echo "$head" | sed 's/|[^|]*/| --- /g; s/ --- $//'
for m in "${MODELS[@]}"; do
	file=${m%%:*}; rest=${m#*:}; flags=${rest%%:*}; label=${rest#*:}
	# shellcheck disable=SC2086
	read -r a _ <<< "$(run "$DSPIN" -sym=none -por=none $flags "$file")"
	row="| $label | $a |"
	if [ -n "$BEFORE" ]; then
		# shellcheck disable=SC2086
		read -r b _ <<< "$(run "$BEFORE" -sym=proc -por=none $flags "$file")"
		row="$row $b |"
	fi
	# shellcheck disable=SC2086
	read -r p ps <<< "$(run "$DSPIN" -sym=proc -por=none $flags "$file")"
	# shellcheck disable=SC2086
	read -r c _ <<< "$(run "$DSPIN" -sym=none -por=static $flags "$file")"
	# shellcheck disable=SC2086
	read -r d _ <<< "$(run "$DSPIN" -sym=proc -por=static $flags "$file")"
	f=-
	[ "$a" != - ] && [ "$p" != - ] && f=$(echo "scale=1; $a / $p" | bc)x
	# the line about the first proctype that reads _pid (or the first line)
	# shellcheck disable=SC2086
	why=$(cd "$ROOT" && timeout 120 "$DSPIN" -sym=proc -por=none -m1 $flags "$file" 2>&1 </dev/null | grep 'process symmetry:' | grep -v 'server\|gate' | head -1 | sed 's/^[[:space:]]*process symmetry: //; s/|/\\|/g')
	echo "$row $p | $f | $c | $d | $ps | $why |"
done
