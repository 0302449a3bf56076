#!/usr/bin/env bash
# bench/dist.sh [-r REPS] [-n "NP..."] [-b] [-p] [MODEL[:SPACE-SEPARATED -D FLAGS] ...]
#
# The distributed search (issue 18, item 4; docs/distributed.md) on one
# machine: the sequential depth-first search and -bfs against
# `mpirun -np K dspin -dist` for K in NP (default "1 2 3"; more ranks than
# cores run oversubscribed), on the same models, unreduced
# (-sym=none -por=none), one rank per process:
#
#   dspin -sym=none -por=none -q [-bfs] FLAGS model.pml
#   mpirun --oversubscribe --bind-to none --mca mpi_yield_when_idle 1 \
#          --mca pml ob1 --mca btl self,vader \
#          -np K dspin -dist -sym=none -por=none -json FLAGS model.pml
#
# Runs are interleaved and the round repeated REPS times (default 1); the
# table gives, for each, the fastest wall time (mpirun's start included),
# the peak resident memory (the sequential runs: GNU time's; -dist: the
# largest of the ranks', as each rank measures it with getrusage), the
# states stored (equal in every column, or the row says DIFFER), and for
# -dist the batches sent by all ranks; in brackets the CPU time (user +
# system, of mpirun and every rank): on a machine that other jobs load, a
# wall-time speed-up needs cores that are free, the CPU time shows the
# work.  Then np1/np2 (the issue's target: >= 1.5) of the fastest runs
# and of the median ones (the machine's speed varies from run to run by
# 10-30%, more than the changes measured), and np2's largest rank
# against the depth-first search's memory
# (target: <= 60%).  The load average is printed before and after: the
# machine is shared.
#
# Default models: bench/models/leader.pml (5.4 million states) and
# bench/models/petersonN4.pml (12.6 million).
#
# Liveness: a model whose FLAGS have -a or -l (e.g. "leader_ltl.pml:-a -N p0")
# runs the nested search as dfs, no -bfs, and OWCTY under -dist; the
# states column is OWCTY's (the product's nodes; the nested search stores
# its second search's states too, in brackets), and the row says DIFFER
# when an exit status differs from the nested search's.
#
# -b: on the liveness rows also OWCTY with -cache=backedge (the seed
# thesis's store-or-not order, search/dist/dist_owcty.c) for each K in NP,
# columns bK: wall (cpu) time, the largest rank's peak memory, the states
# stored in all and by the largest rank, and the expansions of states not
# stored (the exploration's: transitions - stored - matched).  Every -dist
# column gives the largest rank's states stored (/rank).
#
# -p: on every row also the nested search (pdfs) and each -dist run
# (pnpK) with partial-order reduction, -sym=none -por=si (under -dist -a:
# one choice per system state, search/dist/dist_owcty.c); their states
# columns are their own.
#
# Environment: DSPIN (default: build/dspin next to this directory).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
DSPIN=${DSPIN:-$HERE/../build/dspin}
DSPIN=$(readlink -f "$DSPIN")
REPS=1
NPS="1 2 3"
BACKEDGE=
PORCOLS=
while getopts "r:n:bph" o; do
	case $o in
	r) REPS=$OPTARG ;;
	n) NPS=$OPTARG ;;
	b) BACKEDGE=1 ;;
	p) PORCOLS=1 ;;
	*) sed -n '2,48p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- "$HERE/models/leader.pml" "$HERE/models/petersonN4.pml"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
MPIRUN=(mpirun --oversubscribe --bind-to none --mca mpi_yield_when_idle 1 --mca pml ob1 --mca btl self,vader --mca odls_base_sigkill_timeout 0)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
declare -A best cpu mem states msgs ex rankmax again times
json() { sed -n "s/.*\"$2\":\\([0-9.]*\\).*/\\1/p" "$1" | head -1; }
# run TOOL MODEL-INDEX: one timed run; TOOL: dfs bfs np1 np2 ...
run() {
	local tool=$1 i=$2 secs c out=$TMP/out por=-por=none
	case $tool in p*) por=-por=si; tool=${tool#p} ;; esac
	local key=${1}
	case $tool in
	dfs|bfs)
		local extra=(); [ "$tool" = bfs ] && extra=(-bfs)
		# shellcheck disable=SC2086
		/usr/bin/time -f '%e %U %S %M' -o "$TMP/time" "$DSPIN" -sym=none $por -json "${extra[@]}" ${flags[i]} "${files[i]}" > "$out" 2>/dev/null
		mem[$key,$i]=$(( $(tail -1 "$TMP/time" | cut -d' ' -f4) / 1024 ))
		;;
	np*|b*)
		local be=() k=${tool#np}
		case $tool in b*) be=(-cache=backedge); k=${tool#b} ;; esac
		# CPU time: mpirun's and its ranks' (they are its children)
		# shellcheck disable=SC2086
		/usr/bin/time -f '%e %U %S %M' -o "$TMP/time" "${MPIRUN[@]}" -np "$k" "$DSPIN" -dist -sym=none $por "${be[@]}" -json ${flags[i]} "${files[i]}" < /dev/null > "$out" 2>/dev/null
		mem[$key,$i]=$(grep -o '"peak_rss_mb":[0-9.]*' "$out" | cut -d: -f2 | sort -n | tail -1 | cut -d. -f1)
		msgs[$key,$i]=$(grep -o '"messages":[0-9]*' "$out" | cut -d: -f2 | paste -sd+ | bc)
		rankmax[$key,$i]=$(grep -o '"states":[0-9]*' "$out" | cut -d: -f2 | sort -n | tail -1)
		again[$key,$i]=$(( $(json "$out" transitions) - $(json "$out" states_stored) - $(json "$out" states_matched) ))
		;;
	esac
	# (GNU time writes a line before its own when the exit status is not 0)
	secs=$(tail -1 "$TMP/time" | cut -d' ' -f1)
	c=$(tail -1 "$TMP/time" | awk '{ printf "%.2f", $2 + $3 }')
	states[$key,$i]=$(json "$out" states_stored)
	ex[$key,$i]=$(json "$out" exit)
	times[$key,$i]="${times[$key,$i]:-} $secs"
	if [ -z "${best[$key,$i]:-}" ] || [ "$(echo "$secs < ${best[$key,$i]}" | bc)" = 1 ]; then
		best[$key,$i]=$secs
		cpu[$key,$i]=$c
	fi
}
# the median of the arguments
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
files=() flags=() names=() live=()
for m in "$@"; do
	f=${m%%:*}; fl=; [ "$f" != "$m" ] && fl=${m#*:}
	files+=("$(readlink -f "$f")"); flags+=("$fl"); names+=("$(basename "$f")${fl:+ $fl}")
	case " $fl " in *" -a "*|*" -l "*) live+=(1) ;; *) live+=("") ;; esac
done
nm=${#files[@]}
tools="dfs bfs"
for n in $NPS; do tools="$tools np$n"; done
[ -z "$BACKEDGE" ] || for n in $NPS; do tools="$tools b$n"; done
[ -z "$PORCOLS" ] || { tools="$tools pdfs"; for n in $NPS; do tools="$tools pnp$n"; done; }
load0=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 1; r <= REPS; r++)); do
	for ((i = 0; i < nm; i++)); do
		for t in $tools; do
			[ "$t" = bfs ] && [ -n "${live[i]}" ] && continue
			case $t in b[0-9]*) [ -n "${live[i]}" ] || continue ;; esac
			run "$t" "$i"
		done
	done
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)
echo "dspin $("$DSPIN" --version | cut -d' ' -f2), $(date -u +'%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $load0 before, $load1 after; best of $REPS"
echo
head="| model | states |"
sep="| --- | ---: |"
for t in $tools; do
	case $t in np*) head="$head $t s (cpu) | $t MB/rank | $t states/rank | $t batches |"; sep="$sep ---: | ---: | ---: | ---: |" ;;
	pdfs) head="$head $t states | $t s (cpu) | $t MB |"; sep="$sep ---: | ---: | ---: |" ;;
	pnp*) head="$head $t states | $t s (cpu) | $t MB/rank | $t states/rank |"; sep="$sep ---: | ---: | ---: | ---: |" ;;
	b[0-9]*) head="$head $t s (cpu) | $t MB/rank | $t states | $t states/rank | $t again |"; sep="$sep ---: | ---: | ---: | ---: | ---: |" ;;
	*) head="$head $t s (cpu) | $t MB |"; sep="$sep ---: | ---: |" ;; esac
done
echo "$head np1/np2 | np1/np2 median | np2 rank/dfs MB |"
echo "$sep ---: | ---: | ---: |"
for ((i = 0; i < nm; i++)); do
	ref=dfs; [ -n "${live[i]}" ] && ref=np${NPS%% *}
	row="| ${names[i]} | ${states[$ref,$i]}${live[i]:+ (${states[dfs,$i]})} |"
	for t in $tools; do
		if [ -z "${best[$t,$i]:-}" ]; then
			case $t in np*|pnp*) row="$row - | - | - | - |" ;; b[0-9]*) row="$row - | - | - | - | - |" ;; pdfs) row="$row - | - | - |" ;; *) row="$row - | - |" ;; esac
			continue
		fi
		case $t in p*)
			[ "${ex[$t,$i]}" = "${ex[dfs,$i]}" ] || row="$row DIFFER (exit ${ex[$t,$i]})"
			row="$row ${states[$t,$i]} | $(printf %.2f "${best[$t,$i]}") (${cpu[$t,$i]}) | ${mem[$t,$i]} |"
			case $t in pnp*) row="$row ${rankmax[$t,$i]} |" ;; esac
			continue ;;
		esac
		case $t in b[0-9]*) ;; *)
			# equal, or the nested search's own count on a liveness row
			{ [ "${states[$t,$i]}" = "${states[$ref,$i]}" ] || { [ "$t" = dfs ] && [ -n "${live[i]}" ]; }; } ||
				row="$row DIFFER (${states[$t,$i]})" ;;
		esac
		[ "${ex[$t,$i]}" = "${ex[dfs,$i]}" ] || row="$row DIFFER (exit ${ex[$t,$i]})"
		row="$row $(printf %.2f "${best[$t,$i]}") (${cpu[$t,$i]}) | ${mem[$t,$i]} |"
		case $t in
		np*) row="$row ${rankmax[$t,$i]} | ${msgs[$t,$i]} |" ;;
		b[0-9]*) row="$row ${states[$t,$i]} | ${rankmax[$t,$i]} | ${again[$t,$i]} |" ;;
		esac
	done
	sp=-; spm=-; frac=-
	if [ -n "${best[np1,$i]:-}" ] && [ -n "${best[np2,$i]:-}" ]; then
		sp=$(echo "scale=2; ${best[np1,$i]} / ${best[np2,$i]}" | bc)
		spm=$(echo "scale=2; $(median ${times[np1,$i]}) / $(median ${times[np2,$i]})" | bc)
		frac=$(echo "scale=0; 100 * ${mem[np2,$i]} / ${mem[dfs,$i]}" | bc)%
	fi
	echo "$row $sp | $spm | $frac |"
done
