#!/usr/bin/env bash
# bench/compress.sh [-r REPS] [MODEL[:SPACE-SEPARATED -D FLAGS] ...]
#
# Exact state compression, SPIN against dspin, unreduced, on the same
# models (issue 16, item 2):
#
#   pan            spin -o1 -o2 -o3 -a; gcc -O2 -DNOREDUCE -DSAFETY; ./pan -m10000000
#   pan COLLAPSE   the same compiled with -DCOLLAPSE (SPIN's exact compression)
#   dspin          dspin -sym=none -por=none -json
#   dspin tree     dspin -sym=none -por=none -compress=tree -json
#
# Each run is wrapped in `/usr/bin/time -f '%e %M'` (wall seconds, peak
# RSS); the four runs of a model are interleaved and the round repeated
# REPS times (default 1); the table shows each tool's fastest run.
# Columns: states stored; wall seconds; peak RSS in MB; peak RSS bytes per
# state; the store's bytes per state (pan: "actual memory usage for
# states" plus its hash table; dspin: the store's own count, -json
# bytes_per_state); peak RSS and time as a fraction of plain pan's.
# pan's peak includes its DFS stack for -m10000000 and its -w24 hash
# table; dspin's includes its DFS stack, which grows with the depth.
#
# Default models: bench/models/petersonN4.pml, sort.pml, leader.pml.
# Environment: DSPIN (default: build/dspin), BENCH_KEEP=1 keeps the
# scratch directory.

. "$(dirname "$0")/lib.sh"
REPS=1

bench_args 27 "$@"
set -- "${ARGS[@]}"
if [ $# -eq 0 ]; then
	set -- "$HERE/models/petersonN4.pml" "$HERE/models/sort.pml" "$HERE/models/leader.pml"
fi
bench_setup compress
build_pan() {
	gcc -O2 -DNOREDUCE -DSAFETY -w -o pan pan.c &&
	gcc -O2 -DNOREDUCE -DSAFETY -DCOLLAPSE -w -o collapse pan.c
}
bench_models "$@"

TOOLS=(pan collapse dspin tree)
LABEL=("pan" "pan -DCOLLAPSE" "dspin" "dspin -compress=tree")

# run TOOL INDEX REP: one timed run, leaves $d/TOOL.REP.{out,time}
run() {
	local tool=$1 i=$2 r=$3
	case $tool in
	pan|collapse) timed "$tool" "$i" "$r" "./$tool" -m10000000 ;;
	# shellcheck disable=SC2086
	dspin) timed "$tool" "$i" "$r" "$DSPIN_RUN" -sym=none -por=none -json ${flags[i]} "${files[i]}" ;;
	# shellcheck disable=SC2086
	tree) timed "$tool" "$i" "$r" "$DSPIN_RUN" -sym=none -por=none -compress=tree -json ${flags[i]} "${files[i]}" ;;
	esac
}

load0=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= REPS; r++)); do
	for ((i = 0; i < nm; i++)); do
		for t in "${TOOLS[@]}"; do run "$t" $i $r; done
	done
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)

# store_bps TOOL FILE STATES: the store's bytes per state
store_bps() {
	case $1 in
	pan|collapse) awk -v n="$3" '/actual memory usage for states/ { s += $1 } /memory used for hash table/ { s += $1 }
		END { printf "%.1f", n ? s * 1048576 / n : 0 }' "$2" ;;
	*) sed -n 's/.*"bytes_per_state":\([0-9.]*\).*/\1/p' "$2" ;;
	esac
}

machine_line "$load0" "$load1"
echo
printf '| %-12s | %-20s | %11s | %7s | %8s | %9s | %10s | %8s | %8s |\n' \
	model tool states "wall s" "peak MB" "peak B/st" "store B/st" "time/pan" "peak/pan"
printf '|%s|\n' "--------------|----------------------|-------------|---------|----------|-----------|------------|----------|----------"
for ((i = 0; i < nm; i++)); do
	d=$WORK/m$i
	read -r ps pk _ <<<"$(best pan $i)"
	for ((k = 0; k < ${#TOOLS[@]}; k++)); do
		t=${TOOLS[k]}
		read -r s kb r _ <<<"$(best "$t" $i)"
		n=$(stored "$d/$t.$r.out")
		b=$(store_bps "$t" "$d/$t.$r.out" "${n:-0}")
		awk -v m="${names[i]}" -v t="${LABEL[k]}" -v n="${n:-?}" -v s="$s" -v kb="$kb" -v b="${b:-?}" -v ps="$ps" -v pk="$pk" 'BEGIN {
			printf "| %-12s | %-20s | %11s | %7.2f | %8.1f | %9.1f | %10s | %8.2f | %8.2f |\n",
				m, t, n, s, kb / 1024, (n + 0 ? kb * 1024 / n : 0), b, (ps > 0 ? s / ps : 0), (pk > 0 ? kb / pk : 0)
		}'
	done
done
echo
echo "Best of $REPS interleaved run(s); pan compile time excluded. B/st = bytes per stored state."
