#!/usr/bin/env bash
# bench/run.sh [-r REPS] [MODEL[:SPACE-SEPARATED -D FLAGS] ...]
#
# Unreduced safety verification, SPIN against dspin, on the same models.
#
#   SPIN:  spin -o1 -o2 -o3 -a FLAGS model.pml
#          gcc -O2 -DNOREDUCE -DSAFETY -w -o pan pan.c    (not timed)
#          ./pan -m10000000                                (timed)
#   dspin: DSPIN -sym=none -por=none -q FLAGS model.pml    (timed)
#
# Each timed run is wrapped in `/usr/bin/time -f '%e %M'` (wall seconds and
# peak resident set size in KB). The runs are interleaved (SPIN model 1,
# dspin model 1, SPIN model 2, ...) and the whole round is repeated REPS
# times (default 3); the table shows the fastest wall time of each tool and
# the peak RSS of that run. States are the "states, stored" of each tool;
# if they differ the table shows both and marks the row with '!'.
#
# Columns: model, states, SPIN s, dspin s, dspin/SPIN time ratio, the
# same for CPU seconds (user + sys) of those runs, SPIN MB,
# dspin MB, dspin/SPIN memory ratio (MB = peak RSS / 1024), and bytes of
# peak RSS per stored state for both. pan's RSS includes two fixed blocks
# that do not depend on the state count: its DFS stack for -m10000000
# (~458 MB, zeroed on start) and its hash table (-w24 default, 128 MB); the
# last column gives SPIN's bytes per state without them (from pan's own
# "memory used for ..." lines), for a fairer comparison of the state store.
#
# Default models (all agree state-for-state between SPIN and dspin, and take
# SPIN 2-30 s): bench/models/sort.pml, bench/models/leader.pml and
# bench/models/petersonN4.pml -- copies of SPIN's examples, see their first
# lines.
#
# Environment: DSPIN (default: build/dspin next to this directory),
# BENCH_KEEP=1 keeps the scratch directory.

. "$(dirname "$0")/lib.sh"
REPS=3

bench_args 32 "$@"
set -- "${ARGS[@]}"
if [ $# -eq 0 ]; then
	set -- "$HERE/models/sort.pml" "$HERE/models/leader.pml" "$HERE/models/petersonN4.pml"
fi
bench_setup bench
build_pan() { gcc -O2 -DNOREDUCE -DSAFETY -w -o pan pan.c; }
bench_models "$@"

# run TOOL INDEX REP: one timed run, leaves $d/TOOL.REP.{out,time}
run() {
	if [ "$1" = spin ]; then
		timed spin "$2" "$3" ./pan -m10000000
	else
		# shellcheck disable=SC2086
		timed dspin "$2" "$3" "$DSPIN_RUN" -sym=none -por=none -q ${flags[$2]} "${files[$2]}"
	fi
}

load0=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= REPS; r++)); do
	for ((i = 0; i < nm; i++)); do
		run spin $i $r
		run dspin $i $r
	done
done

load1=$(cut -d' ' -f1-3 /proc/loadavg)
machine_line "$load0" "$load1"
echo
printf '| %-22s | %11s | %7s | %7s | %5s | %7s | %7s | %5s | %8s | %8s | %5s | %9s | %10s | %10s |\n' \
	model states "SPIN s" "dspin s" ratio "SPIN cpu" "dsp cpu" ratio "SPIN MB" "dspin MB" ratio "SPIN B/st" "dspin B/st" "SPIN B/st*"
printf '|%s|\n' "------------------------|-------------|---------|---------|-------|---------|---------|-------|----------|----------|-------|-----------|------------|------------"
for ((i = 0; i < nm; i++)); do
	d=$WORK/m$i
	read -r ss sk sr sc <<<"$(best spin $i)"
	read -r ds dk dr dc <<<"$(best dspin $i)"
	sst=$(stored "$d/spin.$sr.out"); dst=$(stored "$d/dspin.$dr.out")
	states=$sst; [ "$sst" != "$dst" ] && states="$sst/$dst!"
	# pan's fixed blocks: DFS stack and hash table, in MB
	fixed=$(awk '/memory used for (DFS stack|hash table)/ { s += $1 } END { print s + 0 }' "$d/spin.$sr.out")
	awk -v n="${names[i]}" -v st="$states" -v ss="$ss" -v ds="$ds" -v sk="$sk" -v dk="$dk" -v sc="$sc" -v dc="$dc" \
	    -v sst="$sst" -v dst="$dst" -v fx="$fixed" 'BEGIN {
		sst = sst + 0; dst = dst + 0
		printf "| %-22s | %11s | %7.2f | %7.2f | %5.2f | %7.2f | %7.2f | %5.2f | %8.1f | %8.1f | %5.2f | %9.0f | %10.0f | %10.0f |\n",
			n, st, ss, ds, (ss > 0 ? ds / ss : 0), sc, dc, (sc > 0 ? dc / sc : 0), sk / 1024, dk / 1024, (sk > 0 ? dk / sk : 0),
			(sst ? sk * 1024 / sst : 0), (dst ? dk * 1024 / dst : 0),
			(sst ? (sk * 1024 - fx * 1048576) / sst : 0)
	}'
done
echo
echo "ratio = dspin / SPIN (below 1: dspin faster or smaller). cpu = user + sys seconds of the fastest run."
echo "B/st = peak RSS bytes per stored state."
echo "SPIN B/st* = the same without pan's fixed DFS stack (-m10000000) and hash table (-w24)."
echo "Best of $REPS interleaved runs; pan compile time excluded."
