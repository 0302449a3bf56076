#!/usr/bin/env bash
# bench/modes.sh [-r REPS] [MODEL[:SPACE-SEPARATED -D FLAGS] ...]
#
# SPIN and dspin side by side in each storage and search mode (issue 16,
# item 5), unreduced (pan -DNOREDUCE -DSAFETY; dspin -sym=none -por=none):
#
#   mode       pan compiled with                dspin
#   plain      (nothing)                        (nothing)
#   cores=2    -DNCORE=2 -DMEMLIM=8000          -cores=2
#   collapse   -DCOLLAPSE                       -compress=tree
#   hc         -DHC4                            -hc
#   bitstate   -DBITSTATE, run with -w27        -bitstate (-w 27 by default)
#
# pan runs with -mDEPTH, DEPTH twice the depth dspin reaches (at least
# 10000; see broad.sh).  The ten runs of a model are interleaved and the
# round repeated REPS times (default 1); for each mode and tool the table
# gives the fastest wall time, its peak RSS (MB), the states stored (pan
# -DNCORE: summed over its cores) and peak RSS bytes per state, and dspin's
# time and peak as a fraction of pan's in the same mode.  The lossy modes
# may store fewer states than the others; each tool's count is shown.
#
# Default models: bench/broad/cambridge.pml, sort.pml and manna8.pml
# (0.66 to 1.25 million states: short runs, the machine is shared).
. "$(dirname "$0")/lib.sh"
REPS=1
bench_args 23 "$@"
set -- "${ARGS[@]}"
[ $# -gt 0 ] || set -- "$HERE/broad/cambridge.pml" "$HERE/broad/sort.pml" "$HERE/broad/manna8.pml"
bench_setup modes
MODES=(plain cores=2 collapse hc bitstate)
PANDEF=("" "-DNCORE=2 -DMEMLIM=8000" "-DCOLLAPSE" "-DHC4" "-DBITSTATE")
PANRUN=("" "" "" "" "-w27")
DSPINOPT=("" "-cores=2" "-compress=tree" "-hc" "-bitstate")
build_pan() {
	local k
	for ((k = 0; k < ${#MODES[@]}; k++)); do
		# shellcheck disable=SC2086
		gcc -O2 -DNOREDUCE -DSAFETY ${PANDEF[k]} -w -o "pan$k" pan.c || return 1
	done
}
bench_models "$@"
depth=()
for ((i = 0; i < nm; i++)); do
	# shellcheck disable=SC2086
	dp=$("$DSPIN_RUN" -sym=none -por=none -q ${flags[i]} "${files[i]}" 2>&1 |
		sed -n 's/.*depth reached \([0-9]*\).*/\1/p' | head -1)
	depth[i]=$(( ${dp:-5000000} * 2 > 10000 ? ${dp:-5000000} * 2 : 10000 ))
	rm -f "${files[i]}.trail"
done

load0=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= REPS; r++)); do
	for ((i = 0; i < nm; i++)); do
		for ((k = 0; k < ${#MODES[@]}; k++)); do
			# shellcheck disable=SC2086
			timed "p$k" $i $r "./pan$k" -m${depth[i]} ${PANRUN[k]}
			# shellcheck disable=SC2086
			timed "d$k" $i $r "$DSPIN_RUN" -sym=none -por=none -q ${DSPINOPT[k]} ${flags[i]} "${files[i]}"
		done
	done
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)

machine_line "$load0" "$load1"
echo
printf '| %-10s | %-9s | %7s | %7s | %10s | %6s | %7s | %7s | %10s | %6s | %9s | %9s |\n' \
	model mode "pan s" "pan MB" "pan states" "B/st" "dspin s" "dsp MB" "dsp states" "B/st" "time/pan" "peak/pan"
printf '|%s|\n' "------------|-----------|--------:|--------:|-----------:|-------:|--------:|--------:|-----------:|-------:|----------:|----------:"
for ((i = 0; i < nm; i++)); do
	d=$WORK/m$i
	for ((k = 0; k < ${#MODES[@]}; k++)); do
		read -r ps pk pr _ <<<"$(best "p$k" $i)"
		read -r ds dk dr _ <<<"$(best "d$k" $i)"
		pn=$(stored "$d/p$k.$pr.out"); dn=$(stored "$d/d$k.$dr.out")
		awk -v m="${names[i]}" -v mode="${MODES[k]}" -v ps="$ps" -v pk="$pk" -v pn="${pn:-0}" \
		    -v ds="$ds" -v dk="$dk" -v dn="${dn:-0}" 'BEGIN {
			printf "| %-10s | %-9s | %7.2f | %7.0f | %10d | %6.0f | %7.2f | %7.0f | %10d | %6.0f | %9.2f | %9.2f |\n",
				m, mode, ps, pk / 1024, pn, (pn ? pk * 1024 / pn : 0), ds, dk / 1024, dn, (dn ? dk * 1024 / dn : 0),
				(ps > 0 ? ds / ps : 0), (pk > 0 ? dk / pk : 0)
		}'
	done
done
echo
echo "Best of $REPS interleaved run(s); pan compile time excluded; MB: peak RSS; B/st: peak RSS bytes per stored state."
