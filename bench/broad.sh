#!/usr/bin/env bash
# bench/broad.sh [-r REPS] [MODEL[:SPACE-SEPARATED -D FLAGS] ...]
#
# Single-core speed on a broad set (issue 16, item 4): SPIN's pan against
# dspin, unreduced, every error counted, on each model:
#
#   spin -o1 -o2 -o3 -a FLAGS model.pml
#   gcc -O2 -DNOREDUCE -DSAFETY -w -o pan pan.c      (not timed)
#   ./pan -mDEPTH -c0                                 (timed)
#   dspin -sym=none -por=none -c0 -q FLAGS model.pml   (timed; native code
#                                      from the cache the untimed run made)
#   dspin -native=off ... the same                     (timed: "interp")
#   dspin ... with an empty cache: compiling counted   (timed: "cold")
#
# DEPTH is twice the depth dspin reaches in an untimed run first (at least
# 10000): pan allocates and clears its DFS stack for -m whole, which with
# -m10000000 costs it about half a second on every model; a row where pan
# still runs out of depth is marked 'm!'.
# The two runs of a model are interleaved and the round repeated REPS
# times (default 3); the table gives each tool's fastest wall time, the
# ratio dspin/pan, and the geometric mean of the ratios; the CPU seconds
# (user + sys) of those runs too, less sensitive to the machine's load.  Both tools must
# store the same states (dspin follows SPIN's semantics state for state):
# a row where they differ is marked '!' and the script exits 1.  Targets:
# a geometric mean of at most 1.0 and no model above 1.5.
#
# Default models: bench/broad/*.pml (see the first lines of each).
. "$(dirname "$0")/lib.sh"
REPS=3
bench_args 25 "$@"
set -- "${ARGS[@]}"
[ $# -gt 0 ] || set -- "$HERE"/broad/*.pml
bench_setup broad
build_pan() { gcc -O2 -DNOREDUCE -DSAFETY -w -o pan pan.c; }
bench_models "$@"
depth=()
for ((i = 0; i < nm; i++)); do
	# shellcheck disable=SC2086
	dp=$("$DSPIN_RUN" -sym=none -por=none -c0 -q ${flags[i]} "${files[i]}" 2>&1 |
		sed -n 's/.*depth reached \([0-9]*\).*/\1/p' | head -1)
	depth[i]=$(( ${dp:-5000000} * 2 > 10000 ? ${dp:-5000000} * 2 : 10000 ))
	rm -f "${files[i]}.trail"
done

load0=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= REPS; r++)); do
	for ((i = 0; i < nm; i++)); do
		timed pan $i $r ./pan -m${depth[i]} -c0
		# shellcheck disable=SC2086
		timed dspin $i $r "$DSPIN_RUN" -sym=none -por=none -c0 -q ${flags[i]} "${files[i]}"
		# shellcheck disable=SC2086
		timed interp $i $r "$DSPIN_RUN" -native=off -sym=none -por=none -c0 -q ${flags[i]} "${files[i]}"
		# shellcheck disable=SC2086
		timed cold $i $r env XDG_CACHE_HOME="$WORK/cold.$i.$r" "$DSPIN_RUN" -sym=none -por=none -c0 -q ${flags[i]} "${files[i]}"
	done
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)

machine_line "$load0" "$load1"
echo
printf '| %-14s | %10s | %7s | %7s | %7s | %7s | %7s | %7s | %7s | %7s | %7s | %7s | %7s |\n' model states errors "pan s" "dspin s" ratio \
	"pan cpu" "dsp cpu" ratio "interp s" ratio "cold s" ratio
printf '|%s|\n' "----------------|-----------:|--------:|--------:|--------:|--------:|--------:|--------:|--------:|---------:|--------:|--------:|--------:"
bad=0
for ((i = 0; i < nm; i++)); do
	d=$WORK/m$i
	read -r ps _ pr pc <<<"$(best pan $i)"
	read -r ds _ dr dc <<<"$(best dspin $i)"
	read -r is _ ir _ <<<"$(best interp $i)"
	read -r cs _ _ _ <<<"$(best cold $i)"
	pst=$(stored "$d/pan.$pr.out"); dst=$(stored "$d/dspin.$dr.out")
	st=$pst
	[ "$pst" = "$dst" ] || { st="$pst/$dst!"; bad=1; }
	[ "$(stored "$d/interp.$ir.out")" = "$dst" ] || { st="$st i!"; bad=1; }
	grep -q 'max search depth too small' "$d/pan.$pr.out" && { st="$st m!"; bad=1; }
	err=$(awk '/errors:/ { for (k = 1; k < NF; k++) if ($k == "errors:") print $(k + 1); exit }' "$d/pan.$pr.out")
	printf '| %-14s | %10s | %7s | %7.2f | %7.2f | %7.2f | %7.2f | %7.2f | %7.2f | %8.2f | %7.2f | %7.2f | %7.2f |\n' "${names[i]}" "$st" "$err" \
		"$ps" "$ds" "$(awk -v a="$ds" -v b="$ps" 'BEGIN { print (b > 0 ? a / b : 0) }')" \
		"$pc" "$dc" "$(awk -v a="$dc" -v b="$pc" 'BEGIN { print (b > 0 ? a / b : 0) }')" \
		"$is" "$(awk -v a="$is" -v b="$ps" 'BEGIN { print (b > 0 ? a / b : 0) }')" \
		"$cs" "$(awk -v a="$cs" -v b="$ps" 'BEGIN { print (b > 0 ? a / b : 0) }')"
	echo "$ds $ps $dc $pc $is $cs" >>"$WORK/ratios"
done
awk '{ if ($2 > 0 && $4 > 0) { s += log($1 / $2); c += log($3 / $4); i += log($5 / $2); k += log($6 / $2); n++; if ($1 / $2 > w) w = $1 / $2 } }
	END { printf "\ngeometric mean of dspin/pan over %d models: %.2f wall (worst %.2f), %.2f CPU; interpreted (-native=off) %.2f wall; cold cache (compiling counted) %.2f wall\n", n, exp(s / n), w, exp(c / n), exp(i / n), exp(k / n) }' "$WORK/ratios"
echo "Best of $REPS interleaved runs; pan compile time excluded; errors: pan's count (-c0)."
exit $bad
