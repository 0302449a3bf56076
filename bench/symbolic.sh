#!/usr/bin/env bash
# bench/symbolic.sh [-s] [-t SECONDS] [-M MB] [MODEL[:N,N,...] ...]
#
# Explicit and symbolic search side by side (issue 39, item 5): for each
# model and each N, in one run,
#
#   SPIN      spin -o1 -o2 -o3 -a -DN=n model.pml
#             gcc -O2 -DNOREDUCE -DSAFETY -DMEMLIM=MB -w -o pan pan.c (not timed)
#             ./pan -mDEPTH                       (DEPTH: twice dspin's depth)
#   explicit  dspin -sym=none -por=none -q -json -M MB -DN=n model.pml
#   expl. Two dspin -sym=none -por=twophase -q -json -M MB -DN=n model.pml
#   expl. Imp dspin -sym=none -por=improviso -q -json -M MB -DN=n model.pml
#   symbolic  dspin -symbolic -q -json -DN=n model.pml
#   sym. chain dspin -symbolic -order=chain -q -json -DN=n model.pml
#   sym. Imp  dspin -symbolic -por=improviso -q -json -DN=n model.pml
#
# and a markdown table on stdout: states stored, seconds and MB of each
# (of the explicit Twophase and Improviso runs the states only),
# the BDD's final and peak node counts for the symbolic runs when dspin's
# JSON gives them ("bdd_nodes", "bdd_peak_nodes"), the expected unreduced
# count where one is known (the model's header says where it comes from),
# and the Improviso paper's figures beside them (NuSMV unreduced,
# NuSMV-Improviso, PV, SPIN with its reduction: Tables 1, 2 and 4 of
# ../shared/papers/improviso-symbolic-por.md).  dspin's seconds and MB
# are its JSON's "elapsed_s" (the search) and "memory_mb" (dspin's own
# accounting of what the search allocated, not the resident size:
# docs/output.md); pan's are /usr/bin/time's wall seconds and peak RSS of
# ./pan (compilation not timed; the RSS includes pan's default
# 2^24-slot hash table, about 128 MB, and its stack for -mDEPTH), so the
# two MB columns do not compare on small models.
#
# Cells: "timeout" when the run did not end within the time limit (-t,
# default 60 s, per run, via timeout); "incomplete" when it ended on a
# bound (exit 3: -M, default 2000 MB, for dspin's explicit runs and
# pan's MEMLIM); "n/a" when dspin refused the run (exit 2: an option it
# does not have, such as -symbolic before the symbolic search is on the
# command line, or a model outside the symbolic fragment); "-" not run: an
# N marked large (below) is run symbolically only.  A count followed by
# "e" is that of a run that found an error and stopped there (pan and
# dspin stop at the first error alike, so their counts still compare).
# SPIN's and dspin's explicit unreduced counts must agree (dspin follows
# SPIN state for state): a row where they differ is marked "!" and the
# script exits 1.
#
# -s runs the small N values only (those where the explicit searches
# finish), the default every N.  A model argument is FILE (run once,
# without -DN) or FILE:N,N,... with N values; an N written with a
# trailing + (20+) is large: only the symbolic columns run.  Default:
# the models of bench/models/symbolic/ (best, worst, leader_all,
# philosophers, ring) at the N values below, and the models of
# bench/models and bench/broad that the symbolic search's fragment takes
# (no never claims or ltl formulas, objects, functions or priorities:
# everything there but leader_ltl.pml; errors.pml, made for -e, is left
# out, and so are the duplicates bench/broad/sort.pml and leader4.pml).
# Environment: DSPIN (default build/dspin next to bench/), BENCH_KEEP=1
# keeps the scratch directory.
. "$(dirname "$0")/lib.sh"
TLIM=60
MEM=2000
SMALL=
while getopts "st:M:h" o; do
	case $o in
	s) SMALL=1 ;;
	t) TLIM=$OPTARG ;;
	M) MEM=$OPTARG ;;
	*) sed -n '2,55p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
S=$HERE/models/symbolic
if [ $# -eq 0 ]; then
	set -- "$S/best.pml:3,7,10,20+" "$S/worst.pml:3,7,10,20+,100+" \
		"$S/leader_all.pml:2,3,4,5+" \
		"$S/philosophers.pml:5,8,10,14,20+,30+,50+" "$S/ring.pml:4,6,8,10,14+,20+" \
		"$HERE/models/sort.pml" "$HERE/models/leader.pml" \
		"$HERE/models/petersonN4.pml" "$HERE/broad/manna8.pml" \
		"$HERE/broad/bubble.pml" "$HERE/broad/cambridge.pml" \
		"$HERE/broad/dtp.pml" "$HERE/broad/peg.pml" "$HERE/broad/pftp.pml" \
		"$HERE/broad/philo.pml" "$HERE/broad/puzzle8.pml" \
		"$HERE/broad/sched.pml" "$HERE/broad/sortnet.pml"
fi
bench_setup symbolic
LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)

# The expected unreduced count of MODEL at N, where the model's header
# gives a formula.
expected() {
	case $1 in
	best|worst|philosophers)
		# exact while it fits a 64-bit integer (3^39 does), else 3 digits
		if [ "$2" -le 39 ]; then echo $((3 ** $2)); else awk -v n="$2" 'BEGIN { printf "%.3e\n", 3 ^ n }'; fi ;;
	*) echo "" ;;
	esac
}

# The Improviso paper's figures for MODEL at N: "NuSMV Improviso PV SPIN"
# (Table 1 and 2 for Best and Worst, Table 4 for leader election with all
# identifier assignments; N/A where the paper says so, "" where it has
# no row).  Its leader model is not H&P's (see leader_all.pml), so the
# leader figures are for reading beside, not for equality.
paper() {
	case $1:$2 in
	best:7) echo "2,187 15 15 2,187" ;;
	best:20) echo "3,486,780,000 41 41 N/A" ;;
	worst:3) echo "27 15 27 15" ;;
	worst:20) echo "3,486,780,000 2,097,150 N/A 2,097,150" ;;
	worst:100) echo "N/A 2.54E+30 N/A N/A" ;;
	leader_all:2) echo "187 119 139 119" ;;
	leader_all:3) echo "5,602 2,566 3,298 2,566" ;;
	leader_all:4) echo "473,173 135,173 167,173 135,173" ;;
	leader_all:5) echo "N/A 7,699,370 N/A N/A" ;;
	*) echo "" ;;
	esac
}

# json FILE FIELD: the value of a numeric JSON field, or nothing.
json() {
	sed -n "s/.*\"$2\":\([-0-9.eE+]*\).*/\1/p" "$1" | head -1
}

# dspin_run TAG OPTIONS...: one dspin run in $d, leaves TAG.out and sets
# R_CELL ("states s MB" or a status word) and R_NODES ("final/peak").
dspin_run() {
	local tag=$1 rc st
	shift
	# shellcheck disable=SC2086
	(cd "$d" && timeout "$TLIM" "$DSPIN_RUN" -q -json "$@" $fl "$model" >"$tag.out" 2>"$tag.err" </dev/null)
	rc=$?
	st=$(json "$d/$tag.out" states_stored)
	R_NODES=
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		R_CELL=timeout
	elif [ $rc -eq 2 ] || [ -z "$st" ]; then
		R_CELL=n/a
	elif [ $rc -eq 3 ]; then
		R_CELL=incomplete
	else
		[ $rc -eq 1 ] && st="$st e"
		R_CELL="$st $(json "$d/$tag.out" elapsed_s) $(json "$d/$tag.out" memory_mb)"
		local nodes peak
		nodes=$(json "$d/$tag.out" bdd_nodes)
		peak=$(json "$d/$tag.out" bdd_peak_nodes)
		[ -n "$nodes$peak" ] && R_NODES="${nodes:-?}/${peak:-?}"
	fi
	echo "  $tag $name N=${n:--}: $R_CELL (load $(cut -d' ' -f1 /proc/loadavg))" >&2
}

# pan_run DEPTH: spin -a, gcc and ./pan in $d; sets R_CELL.
pan_run() {
	local rc st
	# shellcheck disable=SC2086
	if ! (cd "$d" && spin -o1 -o2 -o3 -a $fl "$model" >spin.out 2>&1 &&
		gcc -O2 -DNOREDUCE -DSAFETY -DMEMLIM="$MEM" -w -o pan pan.c >gcc.out 2>&1); then
		R_CELL=n/a
		echo "  pan $name N=${n:--}: building pan failed, see $d" >&2
		return
	fi
	(cd "$d" && timeout "$TLIM" /usr/bin/time -f '%e %M' -o pan.time ./pan -m"$1" >pan.out 2>&1 </dev/null)
	rc=$?
	st=$(awk '/states, stored/ { print $1 }' "$d/pan.out")
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		R_CELL=timeout
	elif [ -z "$st" ]; then
		R_CELL=n/a
	elif grep -q -E 'out of memory|max search depth too small' "$d/pan.out"; then
		R_CELL=incomplete
	else
		grep -q -E 'errors: [1-9]' "$d/pan.out" && st="$st e"
		R_CELL="$st $(tail -1 "$d/pan.time" | awk '{ printf "%s %.1f", $1, $2 / 1024 }')"
	fi
	echo "  pan $name N=${n:--}: $R_CELL (load $(cut -d' ' -f1 /proc/loadavg))" >&2
}

# cell "states s MB" -> "states | s | MB", a status word -> "word | | "
cell() {
	case $1 in
	*" "*" "*)
		# shellcheck disable=SC2086
		set -- $1
		if [ "$2" = e ]; then echo "$1 e | $3 | $4"; else echo "$1 | $2 | $3"; fi ;;
	*) echo "$1 | | " ;;
	esac
}

# the states of a cell ("123" or "123 e") or its status word
states() {
	case $1 in
	*" e "*) echo "${1%% *} e" ;;
	*) echo "${1%% *}" ;;
	esac
}

# first word of a cell: the count, if there is one
count() {
	case $1 in
	[0-9]*) echo "${1%% *}" ;;
	*) echo "" ;;
	esac
}

echo "| model | N | expected | SPIN states | s | MB | explicit states | s | MB |" \
	"expl. Twophase | expl. Improviso | symbolic states | s | MB | nodes | sym. chain | s | MB | sym. Improviso | s | MB | nodes |" \
	"paper NuSMV | paper Improviso | paper PV | paper SPIN |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |" \
	"---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
bad=0
i=0
for arg in "$@"; do
	file=${arg%%:*}
	ns=
	[ "$arg" != "$file" ] && ns=${arg#*:}
	[ -f "$file" ] || { echo "$0: no model $file" >&2; exit 2; }
	name=$(basename "$file" .pml)
	for n in $(echo "${ns:-_}" | tr ',' ' '); do
		large=
		case $n in *+) large=1; n=${n%+} ;; esac
		[ -n "$large" ] && [ -n "$SMALL" ] && continue
		[ "$n" = _ ] && n=
		fl=
		[ -n "$n" ] && fl="-DN=$n"
		d=$WORK/m$i
		i=$((i + 1))
		mkdir -p "$d"
		cp "$file" "$d/" && model=$d/$(basename "$file")
		spin_c=- expl_c=- imp_c=- two_c=-
		if [ -z "$large" ]; then
			dspin_run explicit -sym=none -por=none -M "$MEM"
			expl_c=$R_CELL
			dp=$(json "$d/explicit.out" depth_reached)
			dp=${dp:-5000000}
			dspin_run improviso -sym=none -por=improviso -M "$MEM"
			imp_c=$(states "$R_CELL")
			dspin_run twophase -sym=none -por=twophase -M "$MEM"
			two_c=$(states "$R_CELL")
			pan_run $((dp * 2 > 10000 ? dp * 2 : 10000))
			spin_c=$R_CELL
		fi
		dspin_run symbolic -symbolic
		sym_c=$R_CELL sym_n=$R_NODES
		dspin_run symchain -symbolic -order=chain
		chain_c=$R_CELL
		dspin_run symimp -symbolic -por=improviso
		simp_c=$R_CELL simp_n=$R_NODES
		mark=
		a=$(count "$spin_c")
		b=$(count "$expl_c")
		if [ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ]; then
			mark=" !"
			bad=1
		fi
		read -r p0 p1 p2 p3 < <(paper "$name" "$n")
		echo "| $name$mark | ${n:--} | $(expected "$name" "$n") | $(cell "$spin_c") | $(cell "$expl_c") |" \
			"$two_c | $imp_c | $(cell "$sym_c") | $sym_n | $(cell "$chain_c") | $(cell "$simp_c") | $simp_n |" \
			"${p0:-} | ${p1:-} | ${p2:-} | ${p3:-} |"
	done
done
LOAD1=$(cut -d' ' -f1-3 /proc/loadavg)
echo
echo "$(machine_line "$LOAD0" "$LOAD1"); time limit $TLIM s per run, -M $MEM"
exit $bad
