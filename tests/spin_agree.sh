#!/usr/bin/env bash
# spin_agree.sh DSPIN [MODELDIR]
#
# Checks that dspin agrees with SPIN state-for-state on every model listed
# in MODELDIR/LIST (default: tests/models/spin next to this script).
#
# LIST format: one model per line, "file.pml [extra -D flags] [-noclaim]
# [-N NAME] [-claim [-verdict]]"; the -D/-U/-I flags are given to both
# spin and dspin; -noclaim compares the system without its never claims or
# ltl formulas (pan compiled with -DNOCLAIM, dspin -noclaim); -N NAME
# chooses a claim or formula in both (pan -N NAME). -claim compares pan's
# default run with the claim (an ltl formula's too) against dspin's plain
# run: pan is compiled without -DSAFETY and runs without -c0, dspin without
# -e, so both stop at the first error (a claim's assertion in pan, its end
# in dspin); the error counts (0 or 1) are compared, and the states stored
# when neither found an error. -verdict (with -claim): the error counts
# only, where the products differ (the LIST says why). Blank lines and
# '#' comments allowed.
# Each tool runs in a scratch directory on a copy of the model; files a
# model #includes must be MODELDIR/*.h (they are copied along).
#
# For each entry:
#   SPIN:  spin -o1 -o2 -o3 -a FLAGS model.pml
#          gcc -O2 -DNOREDUCE -DSAFETY -w -o pan pan.c
#          ./pan -m$SPIN_AGREE_PAN_DEPTH -c0     (default -m1000000)
#   dspin: DSPIN -sym=none -por=none -e FLAGS model.pml
# and compares "N states, stored" and "errors: N" from both outputs
# (with -claim: pan without -DSAFETY and -c0, dspin without -e, above).
# -c0 makes pan count every error instead of stopping at the first one.
# A pan run reporting "max search depth too small" or "Search not
# completed" is a corpus bug (FAIL), so a truncated or aborted search is
# never mistaken for SPIN's answer. (The deepest corpus model needs ~12k
# steps; -m10000000 would work as well but costs ~0.7 s of page zeroing for
# the 460 MB DFS stack on every model.)
#
# Prints "ok NAME stored=N errors=E" or "FAIL NAME spin: ... dspin: ..."
# (plus indented detail lines) per entry, in LIST order, then the line
# "N passed, M failed". Exit status 0 iff nothing failed.
#
# Environment knobs (all optional):
#   SPIN_AGREE_JOBS=2        parallel jobs
#   SPIN_AGREE_TIMEOUT=120   seconds allowed for each dspin run
#   SPIN_AGREE_MEM_MB=4096   virtual memory limit (ulimit -v) for each dspin
#                            run, so a state explosion cannot take the machine
#                            down; every corpus model needs far less
#   SPIN_AGREE_FILTER=REGEX  only run LIST lines matching this ERE
#   SPIN_AGREE_PAN_DEPTH=N   pan -m value (max search depth), default 1000000
#   SPIN_AGREE_CACHE=DIR     where SPIN's numbers are cached, keyed by the
#                            md5 of spin -V, the -m value, the flags and the
#                            preprocessed model text (so edits to a model or
#                            its headers invalidate it). Default:
#                            ${XDG_CACHE_HOME:-~/.cache}/dspin/spin_agree;
#                            SPIN_AGREE_CACHE=off disables caching. Without a
#                            cache the SPIN side costs ~1 s of gcc per model.
#   SPIN_AGREE_KEEP=1        keep the scratch directory (printed at the end)

set -u

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 DSPIN [MODELDIR]" >&2
	exit 2
fi

DSPIN=$1
if [[ "$DSPIN" == */* ]]; then
	if [ ! -x "$DSPIN" ]; then
		echo "$0: $DSPIN is not executable" >&2
		exit 2
	fi
	DSPIN=$(cd "$(dirname "$DSPIN")" && pwd -P)/$(basename "$DSPIN")
elif ! command -v "$DSPIN" >/dev/null 2>&1; then
	echo "$0: $DSPIN not found" >&2
	exit 2
fi

MODELDIR=${2:-$(dirname "$0")/models/spin}
if [ ! -f "$MODELDIR/LIST" ]; then
	echo "$0: no LIST in $MODELDIR" >&2
	exit 2
fi
MODELDIR=$(cd "$MODELDIR" && pwd -P)

for tool in spin gcc timeout; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "$0: $tool not found" >&2
		exit 2
	fi
done

# pan_compile: pan from the cache (docs/testing.md, "The pan cache"); the
# workers below are bash -c, hence the exports
. "$(dirname "$0")/pan_lib.sh"
export -f pan_compile _pan_key _pan_trim _pan_small; export _PAN_SPIN_V

JOBS=${SPIN_AGREE_JOBS:-2}
TIMEOUT=${SPIN_AGREE_TIMEOUT:-120}
MEM_MB=${SPIN_AGREE_MEM_MB:-4096}
FILTER=${SPIN_AGREE_FILTER:-}
PAN_DEPTH=${SPIN_AGREE_PAN_DEPTH:-1000000}
CACHE=${SPIN_AGREE_CACHE-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/dspin/spin_agree}
if [ "$CACHE" = off ]; then
	CACHE=
fi
if [ -n "$CACHE" ]; then
	if mkdir -p "$CACHE" 2>/dev/null; then
		CACHE=$(cd "$CACHE" && pwd -P)
	else
		echo "$0: cannot create cache dir $CACHE, not caching" >&2
		CACHE=
	fi
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/spin_agree.XXXXXX") || exit 2
XPID=
cleanup() {
	if [ -n "$XPID" ]; then kill "$XPID" 2>/dev/null; fi
	if [ "${SPIN_AGREE_KEEP:-0}" = 1 ]; then
		echo "scratch directory kept: $WORK" >&2
	else
		rm -rf "$WORK"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Collect the entries: strip comments and surrounding blanks.
n=0
while IFS= read -r line || [ -n "$line" ]; do
	line=${line%%#*}
	line=$(echo "$line" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
	[ -z "$line" ] && continue
	if [ -n "$FILTER" ] && ! echo "$line" | grep -Eq -- "$FILTER"; then
		continue
	fi
	n=$((n + 1))
	printf '%s\n' "$line" > "$WORK/$n.entry"
done < "$MODELDIR/LIST"

if [ $n -eq 0 ]; then
	echo "0 passed, 0 failed"
	exit 0
fi

SPIN_VERSION=$(spin -V 2>&1 | head -1)
export DSPIN MODELDIR WORK TIMEOUT MEM_MB CACHE SPIN_VERSION PAN_DEPTH

# last "N states, stored" / "errors: N" in a file (empty if absent)
get_stored() {
	grep -E '^ *[0-9]+ states, stored' "$1" 2>/dev/null | tail -1 | awk '{print $1}'
}
get_errors() {
	grep -oE 'errors: [0-9]+' "$1" 2>/dev/null | tail -1 | awk '{print $2}'
}

# spin_numbers MODEL DIR FLAGS... : prints "stored errors" or "ERR reason"
spin_numbers() {
	local model=$1 dir=$2; shift 2
	local key=
	if [ -n "$CACHE" ]; then
		key=$( { echo "spin_agree cache v2"; echo "$SPIN_VERSION"; echo "-m$PAN_DEPTH $*";
			if [ -n "$PAN_CFLAGS$PAN_RUNFLAGS" ]; then echo "pan flags: $PAN_CFLAGS / $PAN_RUNFLAGS"; fi;
			if [ -z "$PAN_C0" ]; then echo "pan default run: $PAN_SAFETY"; fi;
			gcc -std=gnu99 -E -P -x c "$@" "$model" 2>&1; } \
			| md5sum | awk '{print $1}')
		if [ -s "$CACHE/$key" ]; then
			cat "$CACHE/$key"
			return
		fi
	fi
	mkdir -p "$dir"
	if ! (cd "$dir" && spin -o1 -o2 -o3 -a "$@" "$(basename "$model")") > "$dir/spin.out" 2>&1; then
		echo "ERR spin -a failed: $(tail -2 "$dir/spin.out" | tr '\n' ' ')"
		return
	fi
	if ! (cd "$dir" && pan_compile pan -O2 -DNOREDUCE $PAN_SAFETY $PAN_CFLAGS -w) > "$dir/gcc.out" 2>&1; then
		echo "ERR gcc pan.c failed: $(tail -2 "$dir/gcc.out" | tr '\n' ' ')"
		return
	fi
	(cd "$dir" && ./pan -m"$PAN_DEPTH" $PAN_C0 $PAN_RUNFLAGS) > "$dir/pan.out" 2>&1
	local rc=$?
	if grep -q 'max search depth too small' "$dir/pan.out"; then
		echo "ERR pan: max search depth too small (corpus bug)"
		return
	fi
	# with -c0 errors never stop pan, so this means an aborted search
	# (VECTORSZ too small, too many processes, ...): a corpus bug.
	# Without -c0 (-claim) pan says so after its first error too.
	if grep -q 'Search not completed' "$dir/pan.out" \
	   && { [ -n "$PAN_C0" ] || [ "$(get_errors "$dir/pan.out")" = 0 ]; }; then
		echo "ERR pan: search not completed (corpus bug): $(grep -m1 '^pan:' "$dir/pan.out")"
		return
	fi
	local s e
	s=$(get_stored "$dir/pan.out")
	e=$(get_errors "$dir/pan.out")
	if [ -z "$s" ] || [ -z "$e" ]; then
		echo "ERR pan exit $rc, no statistics: $(tail -2 "$dir/pan.out" | tr '\n' ' ')"
		return
	fi
	if [ -n "$key" ]; then
		echo "$s $e" > "$CACHE/$key.$$" && mv -f "$CACHE/$key.$$" "$CACHE/$key"
	fi
	echo "$s $e"
}

run_one() {
	local idx=$1 line file name model res
	local -a flags
	line=$(cat "$WORK/$idx.entry")
	read -r -a flags <<< "$line"
	file=${flags[0]}
	flags=("${flags[@]:1}")
	# -noclaim: pan -DNOCLAIM against dspin -noclaim; the rest go to both
	local -a cpp=() dextra=()
	local PAN_CFLAGS= PAN_RUNFLAGS= PAN_SAFETY=-DSAFETY PAN_C0=-c0 f next= keep=-e verdict=
	for f in "${flags[@]}"; do
		if [ "$next" = N ]; then PAN_RUNFLAGS="-N $f"; dextra+=(-N "$f"); next=
		elif [ "$f" = -N ]; then next=N
		elif [ "$f" = -noclaim ]; then PAN_CFLAGS=-DNOCLAIM; dextra+=(-noclaim)
		elif [ "$f" = -claim ]; then PAN_SAFETY= PAN_C0= keep=
		elif [ "$f" = -verdict ]; then verdict=1
		else cpp+=("$f"); fi
	done
	name=$file
	if [ ${#flags[@]} -gt 0 ]; then
		name="$file[$(IFS=,; echo "${flags[*]}")]"
	fi
	model=$MODELDIR/$file
	res=$WORK/$idx.res

	if [ ! -f "$model" ]; then
		echo "FAIL $name (no such model file)" > "$res.tmp"
		mv "$res.tmp" "$res"
		return
	fi

	# Both tools get a private copy of the model (plus MODELDIR/*.h for
	# #include) in their scratch dir: dspin writes model.pml.trail next
	# to the model, which must not land in MODELDIR.
	local sd=$WORK/$idx.spin dd=$WORK/$idx.dspin
	mkdir -p "$sd" "$dd"
	cp "$model" "$sd/" && cp "$model" "$dd/" || return
	if compgen -G "$MODELDIR/*.h" > /dev/null; then
		cp "$MODELDIR"/*.h "$sd/" && cp "$MODELDIR"/*.h "$dd/"
	fi

	local sp ss se
	sp=$(PAN_CFLAGS=$PAN_CFLAGS PAN_RUNFLAGS=$PAN_RUNFLAGS PAN_SAFETY=$PAN_SAFETY PAN_C0=$PAN_C0 \
		spin_numbers "$sd/$file" "$sd" "${cpp[@]}")
	if [[ "$sp" == ERR* ]]; then
		ss=? se=?
	else
		read -r ss se <<< "$sp"
	fi

	local rc ds de why=
	# (the outer 2>/dev/null swallows bash's own "Segmentation fault" notice)
	{ (cd "$dd" || exit 99; ulimit -v $((MEM_MB * 1024)) 2>/dev/null
	   exec timeout -k 5 "$TIMEOUT" "$DSPIN" -sym=none -por=none $keep \
		"${cpp[@]}" "${dextra[@]}" "$file") > "$dd/out" 2> "$dd/err" < /dev/null; } 2>/dev/null
	rc=$?
	ds=$(get_stored "$dd/out")
	de=$(get_errors "$dd/out")
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		why="dspin timed out after ${TIMEOUT}s"
	elif [ $rc -gt 128 ]; then
		why="dspin killed by signal $((rc - 128))"
	elif [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
		why="dspin exit status $rc"
	elif [ -z "$ds" ] || [ -z "$de" ]; then
		why="dspin printed no 'states, stored' / 'errors:' line (exit $rc)"
	elif [ "${DSPIN_NATIVE:-}" = on ] && grep -q 'warning: native code' "$dd/err"; then
		# ctest runs this with the flat guards compiled (tests/CMakeLists.txt):
		# a fallback to the interpreter would pass and test nothing of it
		why="the native code failed: $(grep -m1 'warning: native code' "$dd/err")"
	fi

	{
		# -claim: the first error ends both searches where their
		# claims differ (an assertion in pan's, an end in dspin's);
		# -verdict: the products differ
		local counts=1
		if [ -z "$keep" ] && { [ -n "$verdict" ] || [ "$se" != 0 ]; }; then counts=; fi
		if [[ "$sp" != ERR* ]] && [ -z "$why" ] && [ "$se" = "$de" ] \
		   && { [ -z "$counts" ] || [ "$ss" = "$ds" ]; }; then
			if [ -n "$counts" ]; then echo "ok $name stored=$ss errors=$se"
			else echo "ok $name errors=$se (pan stored=$ss, dspin stored=$ds: not compared)"; fi
		else
			echo "FAIL $name spin: stored=$ss errors=$se dspin: stored=${ds:-?} errors=${de:-?}"
			if [[ "$sp" == ERR* ]]; then
				echo "    spin: ${sp#ERR }"
			fi
			if [ -n "$why" ]; then
				echo "    $why"
				if [ -s "$dd/err" ]; then
					tail -n 5 "$dd/err" | sed 's/^/    | /'
				fi
			fi
		fi
	} > "$res.tmp"
	mv "$res.tmp" "$res"
}
export -f get_stored get_errors spin_numbers run_one

seq 1 $n | xargs -P "$JOBS" -I{} bash -c 'run_one "$1"' _ {} &
XPID=$!

passed=0
failed=0
for idx in $(seq 1 $n); do
	while [ ! -e "$WORK/$idx.res" ]; do
		if ! kill -0 "$XPID" 2>/dev/null; then
			[ -e "$WORK/$idx.res" ] && break
			echo "FAIL $(awk '{print $1}' "$WORK/$idx.entry") (worker died)" > "$WORK/$idx.res"
			break
		fi
		sleep 0.1
	done
	cat "$WORK/$idx.res"
	if head -1 "$WORK/$idx.res" | grep -q '^ok '; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
done
wait "$XPID" 2>/dev/null
XPID=

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
