#!/usr/bin/env bash
# bench/ab.sh [-r REPS] [-m "MODES"] OLD NEW [MODEL ...]
#
# Two builds of dspin side by side: the level-by-level searches of a
# refactoring's before (OLD) and after (NEW), on the same models in one
# run, unreduced (-sym=none -por=none) and with the default reductions:
#
#   DSPIN -q -json -sym=none -por=none -bfs | -cores=2 model
#   mpirun -np 2 DSPIN -q -json -sym=none -por=none -dist model
#   DSPIN -q -json -bfs model   (the default -sym and -por)
#
# The two builds' runs alternate, and the round is repeated REPS times
# (default 5).  The table gives each build's fastest and median wall time,
# the spread of OLD's runs ((slowest - fastest) / fastest: the noise), and
# NEW/OLD of the fastest; the states each stored must agree, or the row is
# marked '!'.  MODES (default "bfs cores dist bfs-red") picks the columns.
# Default models: bench/models/leader.pml and bench/models/petersonN4.pml.
# The machine must be otherwise idle: the load average is printed before
# and after.
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
REPS=5
MODES="bfs cores dist bfs-red"
while getopts "r:m:h" o; do
	case $o in
	r) REPS=$OPTARG ;;
	m) MODES=$OPTARG ;;
	*) sed -n '2,20p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { sed -n '2,20p' "$0"; exit 2; }
OLD=$1 NEW=$2
shift 2
[ $# -gt 0 ] || set -- "$HERE/models/leader.pml" "$HERE/models/petersonN4.pml"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/dspin-ab.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cp "$OLD" "$WORK/old" && cp "$NEW" "$WORK/new" || exit 2
MPIRUN=(mpirun --allow-run-as-root --oversubscribe --bind-to none --mca btl self,vader -np 2)

run() {   # BUILD MODE MODEL: "secs stored"
	local b=$WORK/$1 mode=$2 m=$3 t0 t1 out
	case $mode in
	bfs) set -- "$b" -q -json -n -sym=none -por=none -bfs "$m" ;;
	cores) set -- "$b" -q -json -n -sym=none -por=none -cores=2 "$m" ;;
	dist) set -- "${MPIRUN[@]}" "$b" -q -json -n -sym=none -por=none -dist "$m" ;;
	bfs-red) set -- "$b" -q -json -n -bfs "$m" ;;
	esac
	t0=$(date +%s.%N)
	out=$(cd "$WORK" && "$@" 2>/dev/null </dev/null)
	t1=$(date +%s.%N)
	echo "$(echo "$t1 - $t0" | bc) $(echo "$out" | sed -n 's/.*"states_stored":\([0-9]*\).*/\1/p' | head -1)"
}

stats() {   # FILE: "min median max" of its first column
	sort -n "$1" | awk '{v[NR]=$1} END {printf "%.3f %.3f %.3f", v[1], v[int((NR+1)/2)], v[NR]}'
}

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# OLD $OLD; NEW $NEW; $REPS rounds"
printf '| %-14s | %-7s | %10s | %8s | %8s | %8s | %8s | %7s | %s\n' model mode states "OLD min" "OLD med" "NEW min" "NEW med" "spread" "NEW/OLD"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for m in "$@"; do
	m=$(cd "$(dirname "$m")" && pwd -P)/$(basename "$m")
	for mode in $MODES; do
		: > "$WORK/t.old"; : > "$WORK/t.new"
		so="" sn=""
		for r in $(seq "$REPS"); do
			read -r t s < <(run old "$mode" "$m"); echo "$t" >> "$WORK/t.old"; so=$s
			read -r t s < <(run new "$mode" "$m"); echo "$t" >> "$WORK/t.new"; sn=$s
		done
		read -r omin omed omax < <(stats "$WORK/t.old")
		read -r nmin nmed nmax < <(stats "$WORK/t.new")
		mark=""; [ "$so" = "$sn" ] || mark=" ! ($sn)"
		printf '| %-14s | %-7s | %10s | %8s | %8s | %8s | %8s | %6.1f%% | %.3f%s\n' "$(basename "$m" .pml)" "$mode" "$so" \
			"$omin" "$omed" "$nmin" "$nmed" "$(echo "($omax - $omin) * 100 / $omin" | bc -l)" "$(echo "$nmin / $omin" | bc -l)" "$mark"
	done
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
