#!/usr/bin/env bash
# bench/table1.sh [-t SECONDS] [-M MB] [INSTANCE ...]
#
# Iosif's Table 1 ("Symmetry reduction criteria for software model
# checking", section 6, Table 1 "Experimental Results";
# ../shared/papers/iosif-symmetry-reduction-criteria-dspin.md) next to
# dspin's columns on programs/table1_list.dpml, programs/table1_btree.dpml
# (insert-only updaters) and programs/table1_btree_del.dpml (updaters that
# insert and delete) (docs/benchmarks.md describes the models and compares
# the counts).
#
# For every instance, states stored and seconds of
#   -      dspin -sym=none     -por=none
#   SI     dspin -sym=heap     -por=si     (symmetric independence needs heap
#                                           symmetry in dspin; see below)
#   SR     dspin -sym=heap,proc -por=none
#   SI+SR  dspin -sym=heap,proc -por=si
#   best   the fewest states among those and -sym=heap,proc -por=static
# each as `dspin -q -json`, parsing "states_stored" and "elapsed_s".  A run
# that does not finish within the time limit (-t, default 600 s, via
# timeout) or ends incomplete (a bound such as -M was hit, exit 3) prints
# "-".  The paper's figures (dSPIN, 2001) are constants below; its "-"
# column is dSPIN with SPIN's standard partial-order reduction and no
# symmetry, dspin's "-" here has no reduction at all.
#
# dspin's SI: -por=si on top of -sym=none runs the static reduction (the
# symmetric independence of allocations holds modulo the heap permutation,
# docs/por.md), so the SI column is measured with -sym=heap: it includes
# heap symmetry, unlike the paper's.
#
# Instances: list:L, btree:N,K,D (insert-only updaters), btree_del:N,K,D
# (updaters that insert and delete), btree_pre:N,K,D (the same with
# -DPREALLOC: the split node allocated before locking) and updaters:L,N
# (programs/list_updaters.dpml: N updaters that end, a monitor, init
# waiting for them; process symmetry's idiom, issue 37) (default: list:6
# list:7 list:8 list:10 list:12 btree:2,4,3 btree:2,4,4 btree_del:2,4,3
# btree_pre:2,4,3 updaters:2,2 updaters:3,3, which finish in seconds to half a minute per run;
# list:16's unreduced run and every run of btree:3,4,3 and btree:2,4,5
# exceed -M 4000 within two minutes, docs/benchmarks.md).  To add an
# instance of another kind: a case in paper() for its figures (if the
# paper has them) and one in the loop below naming the model and its -D
# flags.  btree_del and btree_pre rows are set against the paper's B-tree
# row with the same (N,K,D).
# Environment: DSPIN (default build/dspin next to this directory).

set -u
HERE=$(cd "$(dirname "$0")" && pwd -P)
ROOT=$(dirname "$HERE")
DSPIN=${DSPIN:-$ROOT/build/dspin}
TLIM=600
MEM=4000

while getopts "t:M:h" o; do
	case $o in
	t) TLIM=$OPTARG ;;
	M) MEM=$OPTARG ;;
	*) sed -n '2,42p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- list:6 list:7 list:8 list:10 list:12 btree:2,4,3 btree:2,4,4 btree_del:2,4,3 btree_pre:2,4,3 updaters:2,2 updaters:3,3
[ -x "$DSPIN" ] || { echo "$0: $DSPIN is not executable (build first, or set DSPIN)" >&2; exit 2; }

# A private copy: the build directory may be rebuilt while this runs.
WORK=$(mktemp -d "${TMPDIR:-/tmp}/dspin-table1.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cp "$DSPIN" "$WORK/dspin"

# The paper's Table 1: SI+SR SR SI - (states; "-" = not given there).
paper() {
	case $1 in
	list:6) echo "24075 24075 1.31133e+06 1.31133e+06" ;;
	list:7) echo "42338 42338 >2.e+06 >2.e+06" ;;
	btree:2,4,3|btree_del:2,4,3|btree_pre:2,4,3) echo "3027 18773 3027 766842" ;;
	btree:2,4,4|btree_del:2,4,4|btree_pre:2,4,4) echo "32998 142371 >1.e+06 >1.e+06" ;;
	*) echo "- - - -" ;;
	esac
}

# run MODEL SYM POR FLAGS... -> "states seconds" or "- -"
run() {
	local m=$1 s=$2 p=$3 out st el rc
	shift 3
	out=$(cd "$WORK" && timeout "$TLIM" ./dspin -q -json -M "$MEM" -sym="$s" -por="$p" "$@" "$m" 2>/dev/null)
	rc=$?
	st=$(printf '%s' "$out" | grep -o '"states_stored": *[0-9]*' | grep -o '[0-9]*$')
	el=$(printf '%s' "$out" | grep -o '"elapsed_s": *[0-9.]*' | grep -o '[0-9.]*$')
	if [ $rc -ne 0 ] || [ -z "$st" ]; then echo "- -"; else echo "$st $el"; fi
}

printf '%-15s | %11s %8s %11s %11s | %9s %7s | %9s %7s | %9s %7s | %9s %7s | %9s %s\n' \
	instance "p:SI+SR" "p:SR" "p:SI" "p:-" "-" s "SI" s "SR" s "SI+SR" s best mode
for inst in "$@"; do
	case $inst in
	list:*) model=$ROOT/programs/table1_list.dpml; flags="-DL=${inst#list:}" ;;
	btree:*)
		IFS=, read -r n k d <<<"${inst#btree:}"
		model=$ROOT/programs/table1_btree.dpml; flags="-DN=$n -DK=$k -DD=$d" ;;
	btree_del:*)
		IFS=, read -r n k d <<<"${inst#btree_del:}"
		model=$ROOT/programs/table1_btree_del.dpml; flags="-DN=$n -DK=$k -DD=$d" ;;
	btree_pre:*)
		IFS=, read -r n k d <<<"${inst#btree_pre:}"
		model=$ROOT/programs/table1_btree_del.dpml; flags="-DN=$n -DK=$k -DD=$d -DPREALLOC" ;;
	updaters:*)
		# N identical updaters that end, a monitor, init waiting
		# (_nr_pr == 2): dSPIN's ordered-list shape for process symmetry
		# (issue 37; not in the paper's table)
		IFS=, read -r l n <<<"${inst#updaters:}"
		model=$ROOT/programs/list_updaters.dpml; flags="-DL=$l -DN=${n:-2}" ;;
	*) echo "$0: bad instance $inst (list:L, btree:N,K,D, btree_del:N,K,D, btree_pre:N,K,D or updaters:L,N)" >&2; exit 2 ;;
	esac
	# shellcheck disable=SC2086
	{
		read -r a0 t0 < <(run "$model" none none $flags)
		read -r a1 t1 < <(run "$model" heap si $flags)
		read -r a2 t2 < <(run "$model" heap,proc none $flags)
		read -r a3 t3 < <(run "$model" heap,proc si $flags)
		read -r a4 t4 < <(run "$model" heap,proc static $flags)
	}
	best=- bmode=
	for c in "$a0 -sym=none/-por=none" "$a1 heap/si" "$a2 heap,proc/none" "$a3 heap,proc/si" "$a4 heap,proc/static"; do
		set -- $c
		[ "$1" = - ] && continue
		if [ "$best" = - ] || [ "$1" -lt "$best" ]; then best=$1 bmode=$2; fi
	done
	read -r p0 p1 p2 p3 < <(paper "$inst")
	printf '%-15s | %11s %8s %11s %11s | %9s %7s | %9s %7s | %9s %7s | %9s %7s | %9s %s\n' \
		"$inst" "$p0" "$p1" "$p2" "$p3" "$a0" "$t0" "$a1" "$t1" "$a2" "$t2" "$a3" "$t3" "$best" "$bmode"
done
