#!/bin/bash
# native_tests.sh DSPIN — the compiled guards (vm/native.c, -native=on)
# against the interpreter (-native=off) on the whole corpus
# (docs/testing.md, "Native code against the interpreter").
#
# 1. Every model of tests/models (models/spin/LIST and every directory)
#    and bench/broad, in three searches (the model's own flags; -sym=none
#    -por=none; and by the name's length one of -bfs, -por=twophase,
#    -cores=2, -symbolic), -a too on models/live: the two runs' JSON
#    summaries must be equal but for time, memory and the native fields
#    (states, matched, transitions, atomic steps, errors, depth, the
#    first error), their exit status equal, and their trails equal byte
#    for byte.  A model with flat code must have run with some of it
#    compiled ("compiled" > 0 in the JSON): a native run that quietly fell
#    back to the interpreter would pass the comparison and test nothing.
# 2. The cache: a second run of a model loads the object ("from the
#    cache"), a damaged object is compiled again, and a compiler that does
#    not exist is a warning, the interpreter and the same verdict.
set -u
DSPIN=$(realpath "$1")
ROOT=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# part 1 uses the user's cache, as the other suites do (they compile the
# same models into it: a corpus compiled cold here was 500 cc runs, most
# of this test's 130 s); part 2 its own, fresh
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# the job list: NAME MODEL FLAGS...
jobs=$T/jobs
: > "$jobs"
while read -r f flags; do
	case "$f" in ''|'#'*) continue ;; esac
	# (no blank at the end: xargs -L would join the next line)
	echo "spin/$f $ROOT/models/spin/$f${flags:+ $flags}" >> "$jobs"
done < "$ROOT/models/spin/LIST"
for f in "$ROOT"/models/*/*.pml "$ROOT"/models/*/*.dpml "$ROOT"/../bench/broad/*.pml; do
	[ -e "$f" ] || continue
	case "$f" in */models/spin/*) continue ;; esac
	flags=$(sed -n 's|^// FLAGS: ||p' "$f" | head -1)
	echo "$(basename "$(dirname "$f")")/$(basename "$f") $f${flags:+ $flags}" >> "$jobs"
done

# one model: its comparisons, a line "FAIL ..." for each difference and
# "N compiled" for the count of native functions of its first run
cat > "$T/one.sh" <<'EOF'
DSPIN=$1 T=$2 name=$3 model=$4; shift 4
d=$(mktemp -d "$T/run.XXXXXX")
cp "$model" "$d/m.pml"; cp "$(dirname "$model")"/*.h "$d/" 2>/dev/null
norm() { sed -e 's/"native":{[^}]*}//' -e 's/"\(elapsed_s\|states_per_s\|memory_mb\|cpu_s\|peak_rss_mb\|wait_s\)":[0-9.e+-]*//g' -e 's/"memory_bound[a-z_]*":[a-z0-9]*//g'; }
modes=("" "-sym=none -por=none")
# one more search on each model, by the name's length (time): the
# breadth-first search, Twophase, two cores (with -c0, and its counts
# only: where the workers stop at a first error, and which error that is,
# depends on their timing), the symbolic search; -a on the liveness models
case $((${#name} % 4)) in
0) modes+=("-bfs") ;;
1) modes+=("-por=twophase") ;;
2) modes+=("-cores=2 -c0") ;;
3) modes+=("-symbolic") ;;
esac
case $name in live/*) modes+=("-a") ;; esac
for mode in "${modes[@]}"; do
	# (5 s for the symbolic search: the channel models it is slow on,
	# cambridge, sched, snoopy, would spend 2 min of CI's time timing out)
	tl=20; [ "$mode" = -symbolic ] && tl=5
	# shellcheck disable=SC2086
	for nat in off on; do
		rm -f "$d/m.pml.trail"
		(cd "$d" && timeout $tl "$DSPIN" "-native=$nat" "$@" $mode -json m.pml > "$d/$nat.json" 2> "$d/$nat.err"); echo $? > "$d/$nat.rc"
		[ -e "$d/m.pml.trail" ] && mv "$d/m.pml.trail" "$d/$nat.trail" || rm -f "$d/$nat.trail"
	done
	# too long for this test (a symbolic search on a channel model can be)
	{ [ "$(cat "$d/off.rc")" = 124 ] || [ "$(cat "$d/on.rc")" = 124 ]; } && continue
	if [ "$(cat "$d/off.rc")" != "$(cat "$d/on.rc")" ]; then
		echo "FAIL $name $* $mode: exit $(cat "$d/on.rc") native, $(cat "$d/off.rc") interpreted"; continue
	fi
	if [ "$mode" = "-cores=2 -c0" ]; then
		# the counts (deterministic); the depth and which error a worker
		# meets first are not (the first to store a state is its parent)
		cnt() { grep -o '"\(states_stored\|states_matched\|transitions\|errors\)":[0-9]*' "$1" | tr '\n' ' '; }
		[ "$(cnt "$d/off.json")" = "$(cnt "$d/on.json")" ] || echo "FAIL $name $* $mode: counts differ: $(cnt "$d/off.json") / $(cnt "$d/on.json")"
		continue
	fi
	if [ "$(norm < "$d/off.json")" != "$(norm < "$d/on.json")" ]; then
		echo "FAIL $name $* $mode: summaries differ:"; diff <(norm < "$d/off.json" | tr , '\n') <(norm < "$d/on.json" | tr , '\n') | head -6; continue
	fi
	if [ "$mode" != "-cores=2 -c0" ] && { [ -e "$d/off.trail" ] || [ -e "$d/on.trail" ]; }; then
		cmp -s "$d/off.trail" "$d/on.trail" || echo "FAIL $name $* $mode: the trails differ"
	fi
	if [ -z "$mode" ]; then
		c=$(grep -o '"native":{[^}]*}' "$d/on.json" | sed -n 's/.*"flat_code":\([0-9]*\),"compiled":\([0-9]*\),.*/\1 \2/p')
		read -r nflat ncomp <<< "$c"
		if [ -n "$c" ] && [ "$nflat" -gt 0 ] && [ "$ncomp" = 0 ]; then
			echo "FAIL $name: $nflat flat guards, none compiled: $(grep -o '"how":"[^"]*"' "$d/on.json")"
		fi
		echo "${ncomp:-0} compiled"
	fi
done
rm -rf "$d"
EOF
out=$(xargs -P 2 -L 1 bash "$T/one.sh" "$DSPIN" "$T" < "$jobs")
nm=$(wc -l < "$jobs")
nfn=$(grep ' compiled$' <<< "$out" | awk '{ s += $1 } END { print s + 0 }')
nwith=$(grep ' compiled$' <<< "$out" | awk '$1 > 0' | wc -l)
grep '^FAIL\|^[<>]' <<< "$out"
fail=$((fail + $(grep -c '^FAIL' <<< "$out")))
echo "native_tests: $nm models, $nwith with native code ($nfn functions), 3-4 searches each"
[ "$nwith" -gt 100 ] || bad "only $nwith models ran native code"

# 2. the cache
export XDG_CACHE_HOME=$T/cache
m=$ROOT/../bench/broad/peg.pml
rm -rf "$XDG_CACHE_HOME"
o1=$("$DSPIN" -native=on -q "$m" 2>&1); o2=$("$DSPIN" -native=on -q "$m" 2>&1)
[[ $o1 == *"machine code (compiled by cc in"* ]] || bad "first run: not compiled: $(grep native <<< "$o1")"
[[ $o2 == *"machine code (from the cache)"* ]] || bad "second run: not from the cache: $(grep native <<< "$o2")"
# peg's do chooses among 60 compiled guards: a location function
[[ $("$DSPIN" -native=on -json "$m") =~ \"location_functions\":([0-9]+) ]] && [ "${BASH_REMATCH[1]}" -gt 0 ] \
	|| bad "peg: no location function"
for so in "$XDG_CACHE_HOME"/dspin/native/*.so; do : > "$so"; done
o3=$("$DSPIN" -native=on -q "$m" 2>&1)
[[ $o3 == *"machine code (compiled by cc in"* ]] || bad "an emptied object is not compiled again: $(grep native <<< "$o3")"
# cut short inside its segments: dlopen takes it, its first call would
# die of SIGBUS; the seal sends it to the compiler again (found by review)
for so in "$XDG_CACHE_HOME"/dspin/native/*.so; do truncate -s 4200 "$so"; done
o3=$("$DSPIN" -native=on -q "$m" 2>&1); rc=$?
[ $rc = 0 ] && [[ $o3 == *"machine code (compiled by cc in"* ]] || bad "an object cut short: exit $rc, $(grep native <<< "$o3")"
# a cache directory others may write to is not used
chmod 777 "$XDG_CACHE_HOME/dspin/native"
o3=$("$DSPIN" -native=on -q "$m" 2>&1); rc=$?
[ $rc = 0 ] && [[ $o3 == *"is not this user's alone"* ]] || bad "a world-writable cache: exit $rc, $(grep native <<< "$o3")"
chmod 700 "$XDG_CACHE_HOME/dspin/native"
o4=$(DSPIN_CC=/nonexistent/cc XDG_CACHE_HOME=$T/other "$DSPIN" -native=on -q "$m" 2>&1); rc=$?
[ $rc = 0 ] && [[ $o4 == *"warning: native code: cannot run the C compiler"* ]] && [[ $o4 == *"296358 states, stored"* ]] \
	|| bad "a missing compiler: exit $rc, $(grep -i 'native\|stored' <<< "$o4" | tr '\n' ' ')"
# -native=off: nothing tried, nothing said
o5=$("$DSPIN" -native=off -q "$m" 2>&1)
[[ $o5 != *"native code"* ]] || bad "-native=off still says: $(grep native <<< "$o5")"
echo "native_tests: $fail failure(s)"
[ $fail = 0 ]
