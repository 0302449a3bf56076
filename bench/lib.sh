# bench/lib.sh — what the bench scripts share (sourced, not run):
# finding dspin and SPIN, a scratch directory with a private copy of
# dspin, the models named on the command line with pan generated for
# each, timed runs, the best of the repetitions, the states a run
# stored, and the line that says when and on what machine.
#
#   . "$(dirname "$0")/lib.sh"
#   bench_args HELP_LAST "$@"    # -r N (REPS), -h; the models left in ARGS[]
#   bench_setup TAG              # WORK, DSPIN_RUN, REV, START; checks tools
#   build_pan() { ... }          # compile pan.c in the current directory
#   bench_models ARG...          # names[], files[], flags[], nm; runs spin -a
#                                # and build_pan in $WORK/m$i for each model
#   timed TOOL I R CMD...        # one timed run in $WORK/m$I:
#                                # TOOL.R.time ("secs kb user sys"), TOOL.R.out
#   best TOOL I                  # "secs kb rep cpu" of the fastest of REPS
#                                # runs (cpu: user + sys seconds)
#   stored FILE                  # states stored (summed over pan -DNCORE's lines;
#                                # dspin -json's states_stored)
#   machine_line LOAD0 LOAD1     # date, CPUs, RAM, load averages
#
# A model argument is FILE or FILE:FLAGS, FLAGS being space-separated
# -D options given to both spin -a and dspin.  The models are copied into
# the scratch directory (trails go there), so they must be flat: no
# #include of a file beside them.
# Environment: DSPIN (default: build/dspin next to bench/), BENCH_KEEP=1
# keeps the scratch directory.

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
ROOT=$(dirname "$HERE")
DSPIN=${DSPIN:-$ROOT/build/dspin}

# bench_args HELP_LAST "$@": -r N sets REPS; -h or a bad option prints
# lines 2..HELP_LAST of the script (its header) and exits 2.  The
# arguments left (the models) are ARGS[]: callers `set -- "${ARGS[@]}"`.
bench_args() {
	local last=$1 o
	shift
	OPTIND=1
	while getopts "r:h" o; do
		case $o in
		r) REPS=$OPTARG ;;
		*) sed -n "2,${last}p" "$0"; exit 2 ;;
		esac
	done
	shift $((OPTIND - 1))
	ARGS=("$@")
}

bench_setup() {
	[ -x "$DSPIN" ] || { echo "$0: $DSPIN is not executable (build first, or set DSPIN)" >&2; exit 2; }
	command -v spin >/dev/null || { echo "$0: spin not found" >&2; exit 2; }
	[ -x /usr/bin/time ] || { echo "$0: /usr/bin/time not found (apt-get install time)" >&2; exit 2; }
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/dspin-$1.XXXXXX")
	if [ -z "${BENCH_KEEP:-}" ]; then trap 'rm -rf "$WORK"' EXIT; else echo "scratch: $WORK" >&2; fi
	# a private copy: the build directory may be rebuilt while this runs
	cp "$DSPIN" "$WORK/dspin" && DSPIN_RUN=$WORK/dspin
	REV=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
	[ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no 2>/dev/null)" ] && REV="$REV+local changes"
	START=$(date -u '+%Y-%m-%d %H:%M UTC')
}

bench_models() {
	names=() files=() flags=()
	local i=0 arg f fl n d
	for arg in "$@"; do
		f=${arg%%:*}; fl=""
		[ "$arg" != "$f" ] && fl=${arg#*:}
		[ -f "$f" ] || { echo "$0: no model $f" >&2; exit 2; }
		f=$(cd "$(dirname "$f")" && pwd -P)/$(basename "$f")
		n=$(basename "$f" .pml); [ -n "$fl" ] && n="$n $fl"
		d=$WORK/m$i; mkdir -p "$d"
		# a copy, so that trails are written in the scratch directory
		cp "$f" "$d/" && f=$d/$(basename "$f")
		names[i]=$n files[i]=$f flags[i]=$fl
		echo "compiling pan for $n ..." >&2
		# shellcheck disable=SC2086
		if ! (cd "$d" && spin -o1 -o2 -o3 -a $fl "$f" >spin.out 2>&1 && build_pan >gcc.out 2>&1); then
			echo "$0: building pan for $n failed, see $d" >&2; exit 2
		fi
		i=$((i + 1))
	done
	nm=$i
}

timed() {
	local tool=$1 i=$2 r=$3 d=$WORK/m$2
	shift 3
	(cd "$d" && /usr/bin/time -f '%e %M %U %S' -o "$tool.$r.time" "$@" >"$tool.$r.out" 2>&1)
	echo "  rep $r $tool ${names[i]}: $(tail -1 "$d/$tool.$r.time") (load $(cut -d' ' -f1 /proc/loadavg))" >&2
}

best() {
	local d=$WORK/m$2 r
	for ((r = 1; r <= REPS; r++)); do
		tail -1 "$d/$1.$r.time" | awk -v r=$r '{ print $1, $2, r, $3 + $4 }'
	done | sort -n -k1,1 | head -1
}

stored() {
	if grep -q '"states_stored"' "$1"; then
		sed -n 's/.*"states_stored":\([0-9]*\).*/\1/p' "$1"
	else
		awk '/states, stored/ { s += $1; n++ } END { if (n) print s }' "$1"
	fi
}

machine_line() {
	echo "$START; $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1);" \
		"$(awk '/MemTotal/ { printf "%.0f GB RAM", $2 / 1048576 }' /proc/meminfo); load average $1 before, $2 after"
	echo "SPIN: $(spin -V 2>&1 | head -1); gcc $(gcc -dumpversion); dspin: $DSPIN (source $REV)"
}
