#!/bin/bash
# driver.sh — differential testing of every reduction against the unreduced
# search, on programs from dspin_gen (issue 6).  See docs/testing.md.
#
#   driver.sh [options] SEEDS...        SEEDS: numbers or ranges A-B
#     -d DSPIN     the dspin binary            (default build/dspin)
#     -g GEN       the generator               (default build/tests/dspin_gen)
#     -o ORACLE    the heap-symmetry oracle    (default build/tests/dspin_heap_oracle; "" = off)
#     -f DIR       where shrunk failures go    (default tests/gen/failures)
#     -j N         seeds checked in parallel   (default: number of CPUs)
#     -s STATES    skip programs whose unreduced search stores more (default 40000)
#     -r STATES    run the oracle up to this many unreduced states (default 20000)
#     -t SECS      per-run time limit          (default 10)
#     -M MB        memory bound of the first unreduced run; programs that hit
#                  it are skipped as too big (default 5, about 50,000 states)
#     -F FEATURES  passed to the generator as --features=FEATURES
#     -L WHICH     liveness: "yes" (default) also checks -a and -a -f on the
#                  program with the generator's ltl formula (dspin_gen --ltl),
#                  "no" skips that, "only" checks nothing else
#     -C REGEX     run only the configurations matching REGEX (grep -E on
#                  names like heap,proc_twophase_backedge), e.g. -C twophase
#     -T REGEX     replay the trails of the configurations matching REGEX
#                  (default: all of them; -T '' replays none)
#     -P N         also run the distributed search (-dist, mpirun -np 2) on
#                  every Nth seed (default 0: never; 1: every seed), also
#                  under -a and -a -f (OWCTY) when liveness is checked,
#                  -a also with the default reductions (partial-order
#                  reduction under OWCTY where it runs)
#     -A N         check liveness (-L) on every Nth seed only, counting
#                  from 1: the seeds s with s % N == 1 % N (default 1)
#     -N N         non-progress cycles: unless -L no, on every Nth seed
#                  (the seeds s with s % N == 2 % N; default 2, 0: never)
#                  also check -l and -l -f on the program (without the
#                  formula) with `progress_np: skip;` put after one of its
#                  statements (tests/gen/progress.awk)
#     -R N         on a program with an error, replay the trails of one
#                  configuration in N (those at positions i of the safety
#                  list with (i + seed) % N == 0: each configuration on
#                  every Nth seed; default 1, all of them)
#     -Y WHICH     the symbolic search (dspin -symbolic, search/sym): "yes"
#                  also checks it after the safety checks, "only" runs the
#                  unreduced reference and the symbolic check and nothing
#                  else of safety (liveness as -L says), "no" (default)
#                  leaves it out.  See "The symbolic check" below.
#     -y STATES    run the symbolic check only on programs whose unreduced
#                  search stores at most this many (default 5000: the
#                  symbolic search learns its relations one projection at a
#                  time and takes seconds on a few thousand states)
#     -V only      the compiled next-state code (vm/native.c) only: the
#                  unreduced reference and its -native=off twin, nothing
#                  else of safety (liveness as -L says; a soak of the
#                  native check, issue 41: `-V only -L no`)
#     -n           do not shrink failures
#     -k           keep the generated programs (in the work directory)
#
# For each seed: the unreduced run is `dspin -sym=none -por=none -c0 -heap=6`
# (-c0: -e's count of every error without its numbered trails, whose
# creation, up to a thousand files a run, was most of the suite's system
# time: ext4 allocating inodes among the ones just deleted);
# every other -sym x -por (x -cache for twophase) combination must give the
# same exit status and error presence, and never store more states.  The
# unreduced search with -native=off (interpreted: the others compile the
# flat guards to machine code) and
# with -compress=tree (states kept exactly, compressed)
# must give the same exit status, errors and error kinds, and store
# exactly the same number of states; so must the unreduced search with
# -cores=2, and with the default reductions -cores=2 must give -bfs's
# exit, errors, kinds and count.  -deadvars (dead locals reset), on the
# unreduced search and with -sym=heap,proc -por=si, must give the
# unreduced exit, error presence and kinds, never store more, and its
# first error's trail must replay.  The
# oracle's brute-force count must equal the -sym=heap -por=none count.
# When the program has an error, each distinct reduced configuration's
# first error (a run without -e) must come with a trail that `dspin -t`
# replays, on the unreduced semantics, to that same error, and the same
# trail with its moves cut off must replay to "not reproduced" (exit 5).
# The symbolic check (-Y yes or only): `dspin -symbolic -e` on the
# program (without -e's companion options: -heap=6 only) must run the
# symbolic search (JSON "search":"symbolic", "symbolic_refused":null:
# with -F containing flat, a program it refuses or leaves to the explicit
# search is a failure, otherwise a skip), and then store exactly the
# unreduced run's states, with its exit status, error presence and error
# kinds; when the program has an error, the symbolic run without -e must
# write a trail that `dspin -t` replays to its error and that, cut,
# replays with exit 5 (trail_ok).  A symbolic run that ends incomplete
# for time (twice -t, in wall-clock seconds: see SYMPRE), memory or its
# layout's limits is a skip, counted
# (sym=skip(...)); one that ends on its "internal check" (a move that
# wrote outside its group's bytes) is a failure.  Failures are shrunk
# like the others and written to DIR/seedNsym.dpml.  Then
# `dspin -symbolic -por=improviso -e` (symbolic_improviso): the unreduced
# exit and error presence, never more states, and its trail replays and,
# cut, does not (symimp=...; DIR/seedNsymimp.dpml).  Then
# `dspin -symbolic -order=chain -e` (symbolic_exact): exactly what the
# plain symbolic run must give (symch=...; DIR/seedNsymch.dpml).
# A disagreement is shrunk (line-based delta debugging) and written to
# DIR/seedN.dpml with both results in a comment.  Exit 1 if any failed.
set -u
# every run compiles the flat guards (the default, -native=on; each
# program once, cached), but native()'s, which interprets
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ "${1:-}" != --one ]; then
DSPIN=$root/build/dspin
GEN=$root/build/tests/dspin_gen
ORACLE=$root/build/tests/dspin_heap_oracle
FAILDIR=$here/failures
JOBS=$(nproc 2>/dev/null || echo 2)
MAXST=40000
ORMAX=20000
TLIM=10
FEATURES=
SHRINK=1
KEEP=0
HEAP=-heap=6
BASEMB=5
LIVE=yes
CFILTER=
TREPLAY=.
DISTEVERY=0
LIVEEVERY=1
NPEVERY=2
TRAILEVERY=1
SYMB=no
SYMMAX=5000
NATB=no
fi

if [ "${1:-}" != --one ]; then
	while getopts "d:g:o:f:j:s:r:t:F:M:L:C:T:P:A:N:R:Y:y:V:nk" opt; do
		case $opt in
		d) DSPIN=$OPTARG ;; g) GEN=$OPTARG ;; o) ORACLE=$OPTARG ;;
		f) FAILDIR=$OPTARG ;; j) JOBS=$OPTARG ;; s) MAXST=$OPTARG ;;
		r) ORMAX=$OPTARG ;; t) TLIM=$OPTARG ;; F) FEATURES=$OPTARG ;; M) BASEMB=$OPTARG ;;
		L) LIVE=$OPTARG ;; C) CFILTER=$OPTARG ;; T) TREPLAY=$OPTARG ;;
		P) DISTEVERY=$OPTARG ;; A) LIVEEVERY=$OPTARG ;; N) NPEVERY=$OPTARG ;; R) TRAILEVERY=$OPTARG ;;
		Y) SYMB=$OPTARG ;; y) SYMMAX=$OPTARG ;; V) NATB=$OPTARG ;;
		n) SHRINK=0 ;; k) KEEP=1 ;;
		*) sed -n '2,59p' "$0" >&2; exit 2 ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# -gt 0 ] || { sed -n '2,59p' "$0" >&2; exit 2; }
	# dspin catches SIGXCPU (the Boehm collector's thread-suspend signal:
	# its SigCgt has 24 and 30), so `ulimit -t` does not stop it, the
	# kernel only raises the soft limit a second at a time; the symbolic
	# runs, which can take minutes, get a wall-clock bound instead
	SYMPRE="timeout -k 2 $((TLIM * 2))"
	case $SYMB in yes|only|no) ;; *) echo "driver: -Y yes, only or no" >&2; exit 2 ;; esac
	for f in "$DSPIN" "$GEN"; do [ -x "$f" ] || { echo "driver: $f not found (build first)" >&2; exit 2; }; done
	[ -z "$ORACLE" ] || [ -x "$ORACLE" ] || { echo "driver: $ORACLE not found" >&2; exit 2; }
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/dspin_gen.XXXXXX")
	# snapshot the binaries: others may rebuild them while we run
	cp "$DSPIN" "$WORK/dspin" && DSPIN=$WORK/dspin
	cp "$GEN" "$WORK/gen" && GEN=$WORK/gen
	[ -z "$ORACLE" ] || { cp "$ORACLE" "$WORK/oracle" && ORACLE=$WORK/oracle; }
	# Every -sym x -por x -cache combination (-cache: Twophase's selective
	# caching; with -a, the nested search's -cache=backedge), but each
	# distinct algorithm once: dspin's JSON "algorithm" names what ran
	# (si and twophase fall back to static while they are not
	# implemented; with -a -f, POR is off), found by
	# probe runs on a model with two symmetric, never-ending processes.
	# Configurations are joined with '_' in the lists.
	printf 'class C { byte v }\nC r;\nactive [2] proctype P() { byte x; do :: x < 2 -> x++ :: else -> x = 0; r = new C od }\nltl p { [] <> (_nr_pr > 0) }\n' > "$WORK/probe.pml"
	# configs FLAGS: the distinct configurations under these mode flags
	configs() {
		local list= seen= sym pc por cache out
		for sym in none heap proc heap,proc; do
			for pc in none/all none/backedge static/all si/all si/backedge twophase/all twophase/backedge twophase/none improviso/all; do
				por=${pc%/*} cache=${pc#*/}
				# the nested search must store states: dspin refuses -cache=none with -a, -l
				case "$1:$cache" in -a*:none|-l*:none) continue ;; esac
				out=$("$DSPIN" -sym=$sym -por=$por -cache=$cache $1 -json "$WORK/probe.pml" 2>/dev/null)
				[[ $out =~ \"algorithm\":\"([^\"]*)\" ]] || { echo "driver: no algorithm in dspin -json output" >&2; exit 2; }
				case $seen in *"|${BASH_REMATCH[1]}|"*) continue ;; esac
				seen="$seen|${BASH_REMATCH[1]}|"
				# the first one is the reference, -sym=none -por=none
				[ "$sym/$por/$cache" = none/none/all ] && continue
				[ -z "$CFILTER" ] || echo "${sym}_${por}_${cache}" | grep -Eq "$CFILTER" || continue
				list="$list ${sym}_${por}_${cache}"
			done
		done
		echo "$list"
	}
	CONFIG_LIST=$(configs "") && LIVE_LIST=$(configs "-a") && FAIR_LIST=$(configs "-a -f") || exit 2
	NP_LIST=$(configs "-l") && NPF_LIST=$(configs "-l -f") || exit 2
	echo "driver: safety configurations:$CONFIG_LIST" >&2
	[ "$LIVE" = no ] || echo "driver: -a configurations:$LIVE_LIST; -a -f:$FAIR_LIST" >&2
	[ "$NPEVERY" = 0 ] || echo "driver: -l configurations:$NP_LIST; -l -f:$NPF_LIST" >&2
	export LIVE LIVE_LIST FAIR_LIST NP_LIST NPF_LIST
	export SYMB NATB SYMMAX SYMPRE DISTEVERY LIVEEVERY NPEVERY TRAILEVERY BASEMB DSPIN GEN ORACLE FAILDIR MAXST ORMAX TLIM FEATURES SHRINK WORK HEAP CONFIG_LIST TREPLAY
	mkdir -p "$FAILDIR"
	for a in "$@"; do
		case $a in
		*-*) seq "${a%-*}" "${a#*-}" ;;
		*) echo "$a" ;;
		esac
	done | xargs -P "$JOBS" -n 1 bash "$0" --one > "$WORK/results"
	ok=$(grep -c '^ok ' "$WORK/results"); skip=$(grep -c '^skip ' "$WORK/results")
	fail=$(grep -c '^FAIL ' "$WORK/results"); orc=$(grep -c ' oracle=ok' "$WORK/results")
	ntr=$(grep -c ' trails=ok' "$WORK/results"); ntree=$(grep -c ' tree=ok' "$WORK/results")
	nnat=$(grep -c ' native=ok' "$WORK/results"); nnatfn=$(grep -o ' native=ok([0-9]*' "$WORK/results" | awk -F'(' '$2 > 0' | wc -l)
	ncores=$(grep -c ' cores=ok' "$WORK/results"); ndist=$(grep -c ' dist=ok' "$WORK/results"); ndlive=$(grep -c ' dist-a=ok' "$WORK/results"); ndfair=$(grep -c ' dist-a-f=ok' "$WORK/results"); ndpor=$(grep -c ' dist-a-por=ok' "$WORK/results"); ndead=$(grep -c ' dead=ok' "$WORK/results")
	nsafe=$(grep -c ' safety=ok' "$WORK/results"); nlive=$(grep -c ' -a=ok' "$WORK/results"); nfair=$(grep -c ' -a-f=ok' "$WORK/results")
	nnp=$(grep -c ' -l=ok' "$WORK/results"); nnpf=$(grep -c ' -l-f=ok' "$WORK/results")
	nsym=$(grep -c ' sym=ok' "$WORK/results"); nsymbig=$(grep -c ' sym=skip(big' "$WORK/results")
	nsymtime=$(grep -c ' sym=skip(time' "$WORK/results"); nsyminc=$(grep -c ' sym=skip(incomplete' "$WORK/results")
	nsymout=$(grep -c ' sym=skip(outside' "$WORK/results"); nsymtr=$(grep -c ' sym=ok([^)]*trail' "$WORK/results")
	nsymimp=$(grep -c ' symimp=ok' "$WORK/results"); nsymch=$(grep -c ' symch=ok' "$WORK/results"); nsymchtr=$(grep -c ' symch=ok([^)]*trail' "$WORK/results")
	grep '^FAIL ' "$WORK/results"
	[ "$SYMB" = no ] || echo "driver: -symbolic: $nsym checked (trails replayed $nsymtr), skipped $((nsymbig + nsymtime + nsyminc + nsymout)): $nsymbig over $SYMMAX states, $nsymtime out of time, $nsyminc incomplete, $nsymout outside the fragment; -por=improviso $nsymimp checked, -order=chain $nsymch (trails replayed $nsymchtr)"
	echo "driver: $((ok + skip + fail)) programs: $ok clean (checked: safety $nsafe; -native=off against on $nnat ($nnatfn with native code); -compress=tree $ntree; -cores=2 $ncores; -dist $ndist, -dist -a $ndlive (reduced $ndpor), -dist -a -f $ndfair; -deadvars $ndead; trails replayed $ntr; heap oracle $orc; -a $nlive; -a -f $nfair; -l $nnp; -l -f $nnpf), $skip skipped (too big or timed out), $fail failed"
	[ "$KEEP" = 1 ] && echo "driver: programs kept in $WORK" || rm -rf "$WORK"
	[ "$fail" = 0 ]
	exit
fi

# ---------------------------------------------------------------- one seed
seed=$2
ulimit -S -t "$TLIM"   # per process: every dspin run gets TLIM CPU seconds
dir=$WORK/s$seed
mkdir -p "$dir"
prog=$dir/seed$seed.dpml

read -r -a CONFIGS <<< "$CONFIG_LIST"

# run FILE SYM POR CACHE -> RC ST ER (ST/ER empty if no JSON result)
run() {
	local out
	# one fork per run: the CPU limit (ulimit -t, set once per seed below)
	# replaces a `timeout` process, and the absolute path a `cd` (the trail
	# is written next to the model either way)
	local pre=${RUNPRE:-}
	[ "${XOPT:-}" = -symbolic ] && pre=$SYMPRE
	out=$($pre "$DSPIN" -sym="$2" -por="$3" -cache="$4" -c0 $HEAP ${MODE:-} ${XOPT:-} ${SYMORD:-} -json "$1" 2>/dev/null)
	RC=$?
	[ "$RC" = 152 ] && RC=124     # SIGXCPU: out of time
	[ "$RC" = 137 ] && [ -n "$pre" ] && RC=124   # timeout's KILL
	ST= ER= FE= CO=
	[[ $out =~ \"complete\":(true|false) ]] && CO=${BASH_REMATCH[1]}
	[[ $out =~ \"states_stored\":([0-9]+) ]] && ST=${BASH_REMATCH[1]}
	[[ $out =~ \"errors\":([0-9]+) ]] && ER=${BASH_REMATCH[1]}
	[[ $out =~ \"first_error\":(\"[^\"]*\"|null) ]] && FE=${BASH_REMATCH[1]}
	DALG=; [[ $out =~ \"algorithm\":\"([^\"]*)\" ]] && DALG=${BASH_REMATCH[1]}
	NFLAT=0 NCOMP=0
	[[ $out =~ \"flat_code\":([0-9]+),\"compiled\":([0-9]+) ]] && NFLAT=${BASH_REMATCH[1]} NCOMP=${BASH_REMATCH[2]}
	SRCH= SREF= IRS=
	if [ "${XOPT:-}" = -symbolic ]; then
		[[ $out =~ \"search\":\"([^\"]*)\" ]] && SRCH=${BASH_REMATCH[1]}
		[[ $out =~ \"symbolic_refused\":(\"[^\"]*\"|null) ]] && SREF=${BASH_REMATCH[1]}
		[[ $out =~ \"incomplete_reason\":(\"[^\"]*\"|null) ]] && IRS=${BASH_REMATCH[1]}
	fi
	kinds_of "$out"
}

valid() { [ "$RC" = 0 -o "$RC" = 1 ] && [ -n "$ST" ]; }

# kinds_of JSON: KI = the distinct error messages, sorted and joined by
# '|', or '?' when dspin left some out (more than it keeps)
kinds_of() {
	KI='?'
	[[ $1 == *'"error_kinds_full":true'* ]] && return
	[[ $1 =~ \"error_kinds\":\[(.*)\](,\"error_kinds_full\":true)?,\"trail\": ]] || return
	local a=${BASH_REMATCH[1]} x i
	KI=
	[ -n "$a" ] || return
	# split at "," and sort by insertion, in bash: a sed|sort|tr pipeline
	# per run was a third of a soak's CPU time
	a=${a#\"}; a=${a%\"}
	local -a k=()
	while [[ $a == *'","'* ]]; do k+=("${a%%'","'*}"); a=${a#*'","'}; done
	k+=("$a")
	for ((i = 1; i < ${#k[@]}; i++)); do
		x=${k[i]}
		local j=$((i - 1))
		while ((j >= 0)) && [[ ${k[j]} > $x ]]; do k[j + 1]=${k[j]}; j=$((j - 1)); done
		k[j + 1]=$x
	done
	for x in "${k[@]}"; do KI+="$x|"; done
}

# check FILE KIND CONFIG: does the disagreement KIND (verdict|count|oracle)
# for CONFIG hold on FILE?  Sets DESC.
check() {
	local f=$1 kind=$2 cfg=$3
	run "$f" none none all
	valid || return 1
	local brc=$RC bst=$ST ber=$ER bfe=$FE bki=$KI
	if [ "$kind" = oracle ]; then
		local o
		o=$(cd "$(dirname "$f")" && timeout $((TLIM * 3)) "$ORACLE" $HEAP "$(basename "$f")" 2>/dev/null)
		[ $? = 1 ] || return 1
		DESC="heap oracle: $o"
		return 0
	fi
	if [[ $kind == sym-* || $kind == symimp-* || $kind == symch-* ]]; then
		local spor=none so=
		[[ $kind == symimp-* ]] && spor=improviso
		[[ $kind == symch-* ]] && so=-order=chain
		SYMORD=$so XOPT=-symbolic run "$f" none $spor all
		if [ "$kind" = sym-internal ] || [ "$kind" = symch-internal ]; then
			[ "$RC" = 3 ] && [[ $IRS == *"internal check"* ]] || return 1
		else
			valid && [ "$CO" = true ] && [ "$SRCH" = symbolic ] || return 1
		fi
		case $kind in
		sym-count|symch-count) [ "$ST" != "$bst" ] || return 1 ;;
		symimp-count) [ "$ST" -gt "$bst" ] || return 1 ;;
		sym-verdict|symimp-verdict|symch-verdict) [ "$RC" != "$brc" ] || [ $(( ${ER:-0} > 0 )) != $(( ${ber:-0} > 0 )) ] || return 1 ;;
		sym-errors|symch-errors) [ "$KI" != '?' ] && [ "$bki" != '?' ] && [ "$KI" != "$bki" ] || return 1 ;;
		sym-trail|symimp-trail|symch-trail) [ "$brc" = 1 ] || return 1; SYMORD=$so XOPT=-symbolic trail_ok "$f" none $spor all && return 1 ;;
		esac
		DESC="$kind: -sym=none -por=none: exit $brc, errors $ber, stored $bst, first error $bfe, kinds $bki; -symbolic${so:+ $so} -por=$spor: exit $RC, errors $ER, stored $ST, first error $FE, kinds $KI$([ "${IRS:-null}" = null ] || echo ", incomplete: $IRS")"
		[[ $kind == *-trail ]] && DESC="$DESC; $TDESC"
		return 0
	fi
	if [ "$kind" = trail ]; then
		[ "$brc" = 1 ] || return 1
		trail_ok "$f" $cfg && return 1
		DESC="trail: -sym=none -por=none: exit $brc, first error $bfe; -sym=${cfg%% *} -por=$(echo "$cfg" | cut -d' ' -f2) -cache=${cfg##* }: $TDESC"
		return 0
	fi
	run "$f" $cfg
	valid || return 1
	if [ "$kind" = verdict ]; then
		[ "$RC" != "$brc" ] || [ $(( ${ER:-0} > 0 )) != $(( ${ber:-0} > 0 )) ] || return 1
	elif [ "$kind" = errors ]; then
		[ "$KI" != '?' ] && [ "$bki" != '?' ] && [ "$KI" != "$bki" ] || return 1
	else
		[ "$ST" -gt "$bst" ] && { [ -z "${MODE:-}" ] || [ "${ber:-0}" = 0 ]; } || return 1
	fi
	DESC="$kind${MODE:+ [$MODE]}: -sym=none -por=none: exit $brc, errors $ber, stored $bst, first error $bfe, kinds $bki; -sym=${cfg%% *} -por=$(echo "$cfg" | cut -d' ' -f2) -cache=${cfg##* }: exit $RC, errors $ER, stored $ST, first error $FE, kinds $KI"
	return 0
}

# line-based delta debugging: remove chunks of lines while check holds
shrink() {
	local f=$1 kind=$2 cfg=$3 cand=$dir/cand.dpml
	local n=2 len
	len=$(wc -l < "$f")
	while [ "$len" -gt 1 ]; do
		local chunk=$(( (len + n - 1) / n )) i=0 removed=0
		while [ $((i * chunk)) -lt "$len" ]; do
			awk -v a=$((i * chunk + 1)) -v b=$(((i + 1) * chunk)) 'NR < a || NR > b' "$f" > "$cand"
			if check "$cand" "$kind" "$cfg"; then
				mv "$cand" "$f"; removed=1; break
			fi
			i=$((i + 1))
		done
		len=$(wc -l < "$f")
		if [ $removed = 1 ]; then
			[ $n -gt 2 ] && n=$((n - 1))
		else
			[ $n -ge "$len" ] && break
			n=$((n * 2)); [ $n -gt "$len" ] && n=$len
		fi
	done
	check "$f" "$kind" "$cfg"
}

report_fail() {
	local kind=$1 cfg=$2 desc0=$3
	local m=${MODE:-}; m=${m// /}
	[[ $kind == sym-* ]] && m=${m}sym
	[[ $kind == symimp-* ]] && m=${m}symimp
	[[ $kind == symch-* ]] && m=${m}symch
	local out=$FAILDIR/seed$seed$m.dpml
	cp "$prog" "$dir/orig.dpml"
	local desc=$desc0
	if [ "$SHRINK" = 1 ]; then
		cp "$prog" "$dir/min.dpml"
		shrink "$dir/min.dpml" "$kind" "$cfg" && desc=$DESC
	else cp "$prog" "$dir/min.dpml"; fi
	{
		echo "/* dspin_gen differential failure, seed $seed${FEATURES:+, --features=$FEATURES}"
		echo " * original: $desc0"
		echo " * shrunk:   $desc"
		if [[ $kind == sym* ]] && [ -n "${DSPIN_SYM_NO_PROBE:-}" ]; then echo " * (the symbolic runs with DSPIN_SYM_NO_PROBE=1)"; fi
		if [ "$kind" = oracle ]; then echo " * reproduce: dspin_heap_oracle $HEAP F */"
		elif [[ $kind == sym-* ]]; then echo " * reproduce: dspin -sym=none -por=none -e $HEAP -json F; dspin -symbolic -e $HEAP -json F; dspin -symbolic $HEAP F && dspin -t F */"
		elif [[ $kind == symch-* ]]; then echo " * reproduce: dspin -sym=none -por=none -e $HEAP -json F; dspin -symbolic -order=chain -e $HEAP -json F; dspin -symbolic -order=chain $HEAP F && dspin -t F */"
		elif [[ $kind == symimp-* ]]; then echo " * reproduce: dspin -sym=none -por=none -e $HEAP -json F; dspin -symbolic -por=improviso -e $HEAP -json F; dspin -symbolic -por=improviso $HEAP F && dspin -t F */"
		elif [ "$kind" = trail ]; then echo " * reproduce: dspin -sym=${cfg%% *} -por=$(echo "$cfg" | cut -d' ' -f2) -cache=${cfg##* } $HEAP F; dspin -t F */"; else
		echo " * reproduce: dspin -sym=none -por=none -e $HEAP ${MODE:-} -json F; dspin -sym=${cfg%% *} -por=$(echo "$cfg" | cut -d' ' -f2) -cache=${cfg##* } -e $HEAP ${MODE:-} -json F */"; fi
		cat "$dir/min.dpml"
	} > "$out"
	echo "FAIL $seed $kind [${MODE:+$MODE }$cfg] $desc -> $out"
}

# check_list LIST BRC BST BER: the reduced configurations of PROG
# against LIST (configurations a_b_c) under MODE: the reduced runs must give
# the reference's verdict (exit brc, errors ber) and store at most bst
# states.  All of them run in one `dspin -compare` process, which runs each
# distinct algorithm once; if that process dies (crash, CPU limit), each
# configuration is run on its own to find the culprit.  Exits on a failure.
check_list() {
	local list=$1 brc=$2 bst=$3 ber=$4 cfg spec= out line n=0
	RAN=
	for cfg in $list; do spec="$spec${spec:+:}${cfg//_//}"; n=$((n + 1)); done
	[ -n "$spec" ] || return 0
	out=$(ulimit -S -t $((TLIM * n)); "$DSPIN" -compare="$spec" -c0 $HEAP ${MODE:-} -json "$prog" 2>/dev/null)
	case $? in
	0|1|3|4)
		while IFS= read -r line; do
			[[ $line =~ \"sym\":\"([^\"]*)\",\"por\":\"([^\"]*)\".*\"cache\":\"([^\"]*)\" ]] || continue
			cfg="${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]}"
			ST= ER= FE= RC=
			[[ $line =~ \"states_stored\":([0-9]+) ]] && ST=${BASH_REMATCH[1]}
			[[ $line =~ \"errors\":([0-9]+) ]] && ER=${BASH_REMATCH[1]}
			[[ $line =~ \"first_error\":(\"[^\"]*\"|null) ]] && FE=${BASH_REMATCH[1]}
			kinds_of "$line"
			[[ $line =~ \"exit\":([0-9]+) ]] && RC=${BASH_REMATCH[1]}
			judge "$cfg" "$brc" "$bst" "$ber"
			RAN="$RAN ${cfg// /_}"
		done <<< "$out"
		return 0 ;;
	esac
	for cfg in $list; do
		RAN="$RAN $cfg"
		cfg=${cfg//_/ }
		run "$prog" $cfg
		judge "$cfg" "$brc" "$bst" "$ber"
	done
}

# trail_ok FILE SYM POR CACHE: the configuration's first error (no -e)
# comes with a trail, and `dspin -t` replays it to that error.  Sets TDESC.
trail_ok() {
	local td=$dir/trail out rc err
	mkdir -p "$td"
	cp "$1" "$td/m.dpml"; rm -f "$td/m.dpml.trail"
	# (in the directory: the error names the model as the replay will)
	local pre=
	[ "${XOPT:-}" = -symbolic ] && pre=$SYMPRE
	out=$(cd "$td" && $pre "$DSPIN" -sym="$2" -por="$3" -cache="$4" $HEAP ${XOPT:-} ${SYMORD:-} -json m.dpml 2>/dev/null); rc=$?
	[ "$rc" = 137 ] && [ -n "$pre" ] && rc=124
	if [ "$rc" != 1 ] || [ ! -s "$td/m.dpml.trail" ]; then
		TDESC="without -e: exit $rc and $([ -s "$td/m.dpml.trail" ] || echo no )trail"; return 1
	fi
	# (the error's line, and the replay's lines below, read in bash: a
	# sed, a head and a grep per trail were processes for nothing)
	local line
	err=
	while IFS= read -r line; do
		[[ $line == '# error: '* ]] && { err=${line#'# error: '}; break; }
	done < "$td/m.dpml.trail"
	# -t exits 1 only when the replay itself shows the trail's error
	out=$(cd "$td" && "$DSPIN" -t m.dpml 2>&1); rc=$?
	if [ "$rc" != 1 ] || [[ $out != *$'\n''dspin: error reproduced at step '* ]]; then
		TDESC="the trail to \"$err\" does not reproduce it (exit $rc): $(grep -m1 -E 'cannot be replayed|does not|did NOT|malformed|cannot open' <<< "$out" || tail -1 <<< "$out")"; return 1
	fi
	if [ "$err" = "invalid end state" ]; then
		line='dspin: replay reached the invalid end state'
	else
		line="dspin: $err"
	fi
	if [[ $'\n'$out$'\n' != *$'\n'"$line"$'\n'* ]]; then
		TDESC="the trail replays without reaching \"$err\""
		return 1
	fi
	# the replay checks itself: the same trail without its moves ends in
	# the initial state, where no error is (an error needs a move; a
	# trail with no moves is not cut), so -t must say it did not
	# reproduce the error (exit 5), or its "reproduced" proves nothing
	local hdr= moves=0
	while IFS= read -r line; do
		if [[ $line == '#'* ]]; then hdr+=$line$'\n'; else moves=1; fi
	done < "$td/m.dpml.trail"
	[ "$moves" = 1 ] || return 0
	cp "$td/m.dpml" "$td/cut.dpml"
	printf '%s' "$hdr" > "$td/cut.dpml.trail"
	out=$(cd "$td" && "$DSPIN" -t cut.dpml 2>&1); rc=$?
	[ "$rc" = 5 ] && return 0
	TDESC="the trail to \"$err\" without its moves replays with exit $rc, not 5 (not reproduced): $(tail -1 <<< "$out")"
	return 1
}

# trails: the trail of every distinct configuration that ran (RAN) and
# matches TREPLAY, for a program with an error; with -R N, of those at
# positions i of CONFIG_LIST with (i + seed) % N == 0.  Exits on a failure.
trails() {
	local c n=0 i
	for c in $RAN; do
		if [ "${TRAILEVERY:-1}" -gt 1 ]; then
			for ((i = 0; i < ${#CONFIGS[@]}; i++)); do [ "${CONFIGS[i]}" = "$c" ] && break; done
			[ $(((i + seed) % TRAILEVERY)) = 0 ] || continue
		fi
		[ "$TREPLAY" = . ] || echo "$c" | grep -Eq "$TREPLAY" || continue
		if ! trail_ok "$prog" ${c//_/ }; then
			local d0=$TDESC
			check "$prog" trail "${c//_/ }" && d0=$DESC
			report_fail trail "${c//_/ }" "$d0"; exit 0
		fi
		n=$((n + 1))
	done
	TAG="$TAG trails=ok($n)"
}

# judge CFG BRC BST BER: the checks on one reduced run (RC ST ER FE set)
judge() {
	local cfg=$1 brc=$2 bst=$3 ber=$4
	if ! valid; then
		echo "FAIL $seed run [${MODE:+$MODE }$cfg]: exit $RC (unreduced: exit $brc, $bst states)"; exit 0
	fi
	if [ "$RC" != "$brc" ] || [ $(( ${ER:-0} > 0 )) != $(( ${ber:-0} > 0 )) ]; then
		check "$prog" verdict "$cfg"; report_fail verdict "$cfg" "$DESC"; exit 0
	fi
	# With -a, a nested search stops at the cycle it finds (-e goes on
	# from there), so how many states the nested searches store after an
	# error depends on the order of the outer search: counts are compared
	# when no error was found, where both searches are complete and the
	# reduced product graph is a subgraph of the full one (generator seeds
	# 102 and 400995: static stores more than unreduced after cycles).
	if [ "$ST" -gt "$bst" ] && { [ -z "${MODE:-}" ] || [ "${ber:-0}" = 0 ]; }; then
		check "$prog" count "$cfg"; report_fail count "$cfg" "$DESC"; exit 0
	fi
	# every kind of error found without reduction is found with it, and
	# no other (a reduction may reach fewer error states, not fewer kinds)
	if [ "$KI" != '?' ] && [ "$BKI" != '?' ] && [ "$KI" != "$BKI" ]; then
		check "$prog" errors "$cfg"; report_fail errors "$cfg" "$DESC"; exit 0
	fi
}

# part NAME LIST: the reference run of PROG under MODE, then its checks
# against LIST.  Prints nothing and adds NAME=ok(...) to TAG, or
# NAME=skip(...) and sets BIG (returning 1) when the program is too big;
# on a failure prints the FAIL line and exits.
part() {
	local name=$1 list=$2 sfx=${MODE// /}
	# the first unreduced run has a memory bound so that big programs are skipped fast
	XOPT="-M $BASEMB" run "$prog" none none all
	if [ "$RC" = 124 ] || [ "$RC" = 3 ] || [ "$CO" = false ]; then TAG="$TAG $name=skip(timeout/incomplete)"; BIG=1; return 1; fi
	if ! valid; then
		cp "$prog" "$FAILDIR/seed$seed$sfx.dpml"
		echo "FAIL $seed invalid${MODE:+ [$MODE]}: the generated program is rejected (exit $RC) -> $FAILDIR/seed$seed$sfx.dpml"
		exit 0
	fi
	if [ "$ST" -gt "$MAXST" ]; then TAG="$TAG $name=skip(big:$ST)"; BIG=1; return 1; fi
	BST=$ST BRC=$RC BKI=$KI BER=$ER BFE=$FE BNFLAT=$NFLAT BNCOMP=$NCOMP
	check_list "$list" "$RC" "$ST" "$ER"
	TAG="$TAG $name=ok($BST states, exit $BRC)"
	if [ -z "${MODE:-}" ] && [ "$BRC" = 1 ] && [ -n "$TREPLAY" ]; then trails; fi
}

# -compress=tree keeps every state exactly: the unreduced search with it
# is the unreduced search (after part: BST BRC BER BKI).  Exits on a failure.
compressed() {
	XOPT=-compress=tree run "$prog" none none all
	if ! valid || [ "$RC" != "$BRC" ] || [ "$ST" != "$BST" ] || [ "$ER" != "$BER" ] || [ "$KI" != "$BKI" ]; then
		cp "$prog" "$FAILDIR/seed${seed}tree.dpml"
		echo "FAIL $seed tree [-sym=none -por=none -compress=tree]: exit $RC, stored $ST, errors $ER, kinds $KI; without it: exit $BRC, stored $BST, errors $BER, kinds $BKI -> $FAILDIR/seed${seed}tree.dpml"
		exit 0
	fi
	TAG="$TAG tree=ok"
}

# -native=off (vm/native.c): the unreduced search interpreted is the
# unreduced search with the flat guards compiled to machine code, the
# default (after part: BST BRC BER BKI, the first error BFE, and BNFLAT
# BNCOMP: the compiled run must have had native code where the program
# has flat code).  Exits on a failure.
native() {
	local bfe=$BFE
	if [ "$BNFLAT" -gt 0 ] && [ "$BNCOMP" = 0 ]; then
		# a run that fell back to the interpreter passes the comparison
		# and tests nothing
		echo "FAIL $seed native: $BNFLAT flat guards and assignments, none compiled"
		exit 0
	fi
	XOPT=-native=off run "$prog" none none all
	if ! valid || [ "$RC" != "$BRC" ] || [ "$ST" != "$BST" ] || [ "$ER" != "$BER" ] || [ "$KI" != "$BKI" ] || [ "$FE" != "$bfe" ]; then
		cp "$prog" "$FAILDIR/seed${seed}native.dpml"
		echo "FAIL $seed native [-sym=none -por=none]: interpreted (-native=off): exit $RC, stored $ST, errors $ER, kinds $KI, first $FE; compiled: exit $BRC, stored $BST, errors $BER, kinds $BKI, first $bfe -> $FAILDIR/seed${seed}native.dpml"
		exit 0
	fi
	TAG="$TAG native=ok($BNCOMP)"
}

# -cores=2 (search/par/par.c): unreduced, the unreduced depth-first search's
# exit, states, errors and kinds (after part: BST BRC BER BKI); with the
# default reductions, -bfs's on one core (the same level proviso).
# Exits on a failure.
multicore() {
	XOPT=-cores=2 run "$prog" none none all
	cores_same unreduced "$BRC" "$BST" "$BER" "$BKI"
	XOPT=-bfs run "$prog" heap si all
	if valid; then
		local rc=$RC st=$ST er=$ER ki=$KI
		XOPT=-cores=2 run "$prog" heap si all
		cores_same "-sym=heap -por=si" "$rc" "$st" "$er" "$ki"
	fi
	TAG="$TAG cores=ok"
}
cores_same() {   # what rc stored errors kinds (of one core), against the last run
	if ! valid || [ "$RC" != "$2" ] || [ "$ST" != "$3" ] || [ "$ER" != "$4" ] || [ "$KI" != "$5" ]; then
		cp "$prog" "$FAILDIR/seed${seed}cores.dpml"
		echo "FAIL $seed cores [$1 -cores=2]: exit $RC, stored $ST, errors $ER, kinds $KI; one core: exit $2, stored $3, errors $4, kinds $5 -> $FAILDIR/seed${seed}cores.dpml"
		exit 0
	fi
}

# how distributed() and distributed_live() start mpirun
DIST_MPIRUN="mpirun --oversubscribe --bind-to none --mca mpi_yield_when_idle 1 --mca pml ob1 --mca btl self,vader --mca odls_base_sigkill_timeout 0 -np 2"

# -dist (search/dist/dist.c) under mpirun -np 2, on every DISTEVERYth seed:
# unreduced, the unreduced depth-first search's exit, states, errors and
# kinds (after part: BST BRC BER BKI); with the default reductions (the
# level proviso's questions asked of other ranks), -bfs's.  Exits on a
# failure.
distributed() {
	[ "${DISTEVERY:-0}" -gt 0 ] && [ $((seed % DISTEVERY)) = 0 ] || return 0
	local mpi=$DIST_MPIRUN
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	dist_run "$mpi" none none all
	dist_same unreduced "$BRC" "$BST" "$BER" "$BKI"
	XOPT=-bfs run "$prog" heap si all
	if valid; then
		local rc=$RC st=$ST er=$ER ki=$KI
		dist_run "$mpi" heap si all
		dist_same "-sym=heap -por=si" "$rc" "$st" "$er" "$ki"
	fi
	TAG="$TAG dist=ok"
}
# -dist -a (OWCTY, search/dist/dist_owcty.c) under mpirun -np 2, on every
# DISTEVERYth seed, under MODE (-a or -a -f): unreduced and with
# -sym=heap,proc, each with every state stored and with -cache=backedge
# (the thesis's store-or-not OWCTY), the unreduced nested search's exit
# and error kinds (after part: BRC BKI; the error counts differ, the
# nested search counts one per seed); -cache=backedge never stores more
# than the same -sym with every state stored.  Exits on a failure.
distributed_live() {
	[ "${DISTEVERY:-0}" -gt 0 ] && [ $((seed % DISTEVERY)) = 0 ] || return 0
	local mpi=$DIST_MPIRUN
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	local cfg m=${MODE// /} all= unr=
	for cfg in "none none all" "none none backedge" "heap,proc si all" "heap,proc si backedge" "heap si all"; do
		dist_run "$mpi" $cfg
		local more=
		[[ $cfg == *backedge ]] && [ -n "$all" ] && [ "$CO" = true ] && [ "${ST:-0}" -gt "$all" ] && more=" stored $ST, more than $all with every state stored;"
		# the default reductions: partial-order reduction under OWCTY
		# (one choice per system state, dist_owcty.c) where it runs
		# (an ltl claim, no -f), never more nodes than unreduced
		[ "$cfg" = "heap si all" ] && [ -n "$unr" ] && [ "$CO" = true ] && [ "${ST:-0}" -gt "$unr" ] && more=" stored $ST, more than $unr unreduced;"
		[ "$cfg" = "none none all" ] && unr=$ST
		if ! valid || [ "$RC" != "$BRC" ] || [ "$KI" != "$BKI" ] || [ -n "$more" ]; then
			cp "$prog" "$FAILDIR/seed${seed}dist$m.dpml"
			echo "FAIL $seed dist [$MODE -sym=${cfg%% *} -cache=${cfg##* } -dist, mpirun -np 2]: exit $RC, kinds $KI;$more sequential unreduced: exit $BRC, kinds $BKI -> $FAILDIR/seed${seed}dist$m.dpml"
			exit 0
		fi
		# the bound for -cache=backedge (which runs unreduced: POR is
		# refused with it under -dist) is the run before it only when
		# that one ran unreduced too (with process symmetry that finds
		# no interchangeable processes POR runs there); else the
		# unreduced count
		[[ $cfg == *backedge ]] || { all=$ST; [[ $DALG == *por=none* ]] || all=$unr; }
	done
	TAG="$TAG dist$m=ok"
	[ -z "$DALG" ] || [[ $DALG == *por=none* ]] || TAG="$TAG dist$m-por=ok"
}
# dist_run MPIRUN SYM POR CACHE: a -dist run; when mpirun gave no output
# at all (it can drop rank 0's output when it aborts a job whose rank
# exited 1: search/dist/dist.c's dist_exit), once more
dist_run() {
	local mpi=$1; shift
	RUNPRE=$mpi XOPT=-dist run "$prog" "$@" < /dev/null
	if [ -z "$ST" ] && [ "$RC" = 1 ]; then
		RUNPRE=$mpi XOPT=-dist run "$prog" "$@" < /dev/null
		TAG="$TAG dist-retried"
	fi
}
dist_same() {   # what rc stored errors kinds (sequential), against the last run
	if ! valid || [ "$RC" != "$2" ] || [ "$ST" != "$3" ] || [ "$ER" != "$4" ] || [ "$KI" != "$5" ]; then
		cp "$prog" "$FAILDIR/seed${seed}dist.dpml"
		echo "FAIL $seed dist [$1 -dist, mpirun -np 2]: exit $RC, stored $ST, errors $ER, kinds $KI; sequential: exit $2, stored $3, errors $4, kinds $5 -> $FAILDIR/seed${seed}dist.dpml"
		exit 0
	fi
}

# -deadvars (reduce/deadvars.c) merges states that differ only in dead
# locals: with it, the unreduced search and the default reductions give
# the unreduced exit, error presence and kinds and never store more (after
# part: BST BRC BER BKI), and the first error's trail replays.  Exits on a
# failure.
deadvars() {
	local cfg
	for cfg in "none none all" "heap,proc si all"; do
		XOPT=-deadvars run "$prog" $cfg
		if ! valid || [ "$RC" != "$BRC" ] || [ $(( ${ER:-0} > 0 )) != $(( ${BER:-0} > 0 )) ] || [ "$ST" -gt "$BST" ] \
		   || { [ "$KI" != '?' ] && [ "$BKI" != '?' ] && [ "$KI" != "$BKI" ]; }; then
			cp "$prog" "$FAILDIR/seed${seed}dead.dpml"
			echo "FAIL $seed deadvars [-sym=${cfg%% *} -por=$(echo "$cfg" | cut -d' ' -f2) -deadvars]: exit $RC, stored $ST, errors $ER, kinds $KI; unreduced without it: exit $BRC, stored $BST, errors $BER, kinds $BKI -> $FAILDIR/seed${seed}dead.dpml"
			exit 0
		fi
	done
	if [ "$BRC" = 1 ] && ! XOPT=-deadvars trail_ok "$prog" heap,proc si all; then
		cp "$prog" "$FAILDIR/seed${seed}dead.dpml"
		echo "FAIL $seed deadvars trail [-sym=heap,proc -por=si -deadvars]: $TDESC -> $FAILDIR/seed${seed}dead.dpml"
		exit 0
	fi
	TAG="$TAG dead=ok"
}

# -symbolic (search/sym, docs/symbolic.md) against the unreduced search
# (after part: BST BRC BER BKI): the same states, exit, error presence and
# kinds, and its first error's trail replays; then -por=improviso, and
# -order=chain as the plain run.  See the header.  Exits on a failure.
symbolic() {
	if [ "$BST" -gt "$SYMMAX" ]; then TAG="$TAG sym=skip(big:$BST)"; return; fi
	# odd seeds without the random walks that guess the first bits
	# (search/sym/sym_probe.c): their bits grow by restarts
	if [ $((seed % 2)) = 1 ]; then export DSPIN_SYM_NO_PROBE=1; else unset DSPIN_SYM_NO_PROBE; fi
	symbolic_exact sym "" symbolic || return
	symbolic_improviso
	symbolic_exact symch -order=chain "symbolic chain"
}

# symbolic_exact KIND ORDER NAME: `-symbolic ORDER` must store exactly
# the unreduced states, with its exit, error presence and kinds, and a
# trail that replays (and, cut, does not); failures are of kind KIND-...
# (the tag KIND=... too), reported as NAME.  Returns 1 on a skip, exits
# on a failure.
symbolic_exact() {
	local kp=$1 ord=$2 cfg=$3
	SYMORD=$ord XOPT=-symbolic run "$prog" none none all
	# (first: a run killed on time wrote no JSON at all)
	if [ "$RC" = 124 ]; then TAG="$TAG $kp=skip(time)"; return 1; fi
	if [ "$SRCH" != symbolic ] || [ "$SREF" != null ]; then
		if [[ ,$FEATURES, == *,flat,* ]]; then
			cp "$prog" "$FAILDIR/seed${seed}$kp.dpml"
			echo "FAIL $seed $kp-refused [-symbolic $ord]: a flat program ran \"search\":\"$SRCH\", symbolic_refused $SREF (exit $RC) -> $FAILDIR/seed${seed}$kp.dpml"
			exit 0
		fi
		TAG="$TAG $kp=skip(outside:$SREF)"; return 1
	fi
	if [ "$RC" = 3 ] && [[ $IRS == *"internal check"* ]]; then
		check "$prog" $kp-internal symbolic; report_fail $kp-internal "$cfg" "$DESC"; exit 0
	fi
	if [ "$RC" = 3 ] || [ "$CO" = false ]; then
		case $IRS in *time*) TAG="$TAG $kp=skip(time)" ;; *) TAG="$TAG $kp=skip(incomplete:${IRS//[ \"]/_})" ;; esac
		return 1
	fi
	if ! valid; then
		echo "FAIL $seed run [-symbolic $ord]: exit $RC (unreduced: exit $BRC, $BST states)"; exit 0
	fi
	local k=
	if [ "$RC" != "$BRC" ] || [ $(( ${ER:-0} > 0 )) != $(( ${BER:-0} > 0 )) ]; then k=$kp-verdict
	elif [ "$ST" != "$BST" ]; then k=$kp-count
	elif [ "$KI" != '?' ] && [ "$BKI" != '?' ] && [ "$KI" != "$BKI" ]; then k=$kp-errors; fi
	if [ -n "$k" ]; then
		local d0="$k: -sym=none -por=none: exit $BRC, errors $BER, stored $BST, kinds $BKI; -symbolic $ord: exit $RC, errors $ER, stored $ST, first error $FE, kinds $KI"
		check "$prog" $k symbolic && d0=$DESC
		report_fail $k "$cfg" "$d0"; exit 0
	fi
	local tr=
	if [ "$BRC" = 1 ]; then
		if ! SYMORD=$ord XOPT=-symbolic trail_ok "$prog" none none all; then
			[[ $TDESC == "without -e: exit 124 "* ]] && { TAG="$TAG $kp=skip(time)"; return 1; }
			local d0="$kp-trail: $TDESC"
			check "$prog" $kp-trail symbolic && d0=$DESC
			report_fail $kp-trail "$cfg" "$d0"; exit 0
		fi
		tr=", trail"
	fi
	TAG="$TAG $kp=ok($ST states$tr)"
}

# -symbolic -por=improviso (search/sym/sym_improviso.c): the unreduced
# exit and error presence, never more states, and its trail replays (and,
# cut, does not).  Exits on a failure.
symbolic_improviso() {
	XOPT=-symbolic run "$prog" none improviso all
	if [ "$RC" = 124 ]; then TAG="$TAG symimp=skip(time)"; return; fi
	if [ "$RC" = 3 ] && [[ $IRS == *"internal check"* ]]; then
		echo "FAIL $seed symimp-internal [-symbolic -por=improviso]: $IRS"; exit 0
	fi
	if [ "$RC" = 3 ] || [ "$CO" = false ]; then TAG="$TAG symimp=skip(incomplete)"; return; fi
	if ! valid; then
		echo "FAIL $seed run [-symbolic -por=improviso]: exit $RC (unreduced: exit $BRC, $BST states)"; exit 0
	fi
	local k=
	if [ "$RC" != "$BRC" ] || [ $(( ${ER:-0} > 0 )) != $(( ${BER:-0} > 0 )) ]; then k=symimp-verdict
	elif [ "$ST" -gt "$BST" ]; then k=symimp-count; fi
	if [ -n "$k" ]; then
		local d0="$k: -sym=none -por=none: exit $BRC, errors $BER, stored $BST; -symbolic -por=improviso: exit $RC, errors $ER, stored $ST, first error $FE"
		check "$prog" $k symbolic && d0=$DESC
		report_fail $k "symbolic improviso" "$d0"; exit 0
	fi
	local tr=
	if [ "$BRC" = 1 ]; then
		if ! XOPT=-symbolic trail_ok "$prog" none improviso all; then
			[[ $TDESC == "without -e: exit 124 "* ]] && { TAG="$TAG symimp=skip(time)"; return; }
			local d0="symimp-trail: $TDESC"
			check "$prog" symimp-trail symbolic && d0=$DESC
			report_fail symimp-trail "symbolic improviso" "$d0"; exit 0
		fi
		tr=", trail"
	fi
	TAG="$TAG symimp=ok($ST states$tr)"
}

# The safety checks, then the heap oracle's count.
safety() {
	MODE=
	if [ "$SYMB" = only ] || [ "$NATB" = only ]; then
		TREPLAY= part ref "" || return
		native
		[ "$SYMB" != only ] || symbolic
		return
	fi
	part safety "$CONFIG_LIST" || return
	compressed
	native
	multicore
	distributed
	deadvars
	if [ -n "$ORACLE" ] && [ "$BST" -le "$ORMAX" ]; then
		local o orc
		o=$(cd "$dir" && timeout $((TLIM * 3)) "$ORACLE" $HEAP "$(basename "$prog")" 2>/dev/null); orc=$?
		case $orc in
		0) TAG="$TAG oracle=ok" ;;
		1) report_fail oracle "sym=heap" "heap oracle: $o"; exit 0 ;;
		*) TAG="$TAG oracle=skip" ;;
		esac
	fi
	[ "$SYMB" != yes ] || symbolic
}

TAG=
if [ "$LIVE" != only ]; then
	"$GEN" "$seed" ${FEATURES:+--features=$FEATURES} > "$prog"
	safety
fi
if [ "$LIVE" != no ] && [ $((seed % ${LIVEEVERY:-1})) = $((1 % ${LIVEEVERY:-1})) ]; then
	prog=$dir/seed${seed}ltl.dpml
	"$GEN" "$seed" --ltl ${FEATURES:+--features=$FEATURES} > "$prog"
	BIG=0
	MODE="-a"; part -a "$LIVE_LIST" && distributed_live
	# weak fairness multiplies the states by up to N+1: no use trying
	if [ "$BIG" = 0 ]; then MODE="-a -f"; part -a-f "$FAIR_LIST" && distributed_live; else TAG="$TAG -a-f=skip(-a too big)"; fi
fi
# non-progress cycles: the program without the formula, with one progress
# label put after a statement of a process (progress.awk; a label never
# starts an option, where dspin refuses it, nor stands in a d_step)
if [ "$LIVE" != no ] && [ "${NPEVERY:-0}" -gt 0 ] && [ $((seed % NPEVERY)) = $((2 % NPEVERY)) ]; then
	np=$dir/seed${seed}np.dpml
	[ -f "$dir/seed$seed.dpml" ] || "$GEN" "$seed" ${FEATURES:+--features=$FEATURES} > "$dir/seed$seed.dpml"
	ncand=$(awk -v pass=1 -f "$here/progress.awk" "$dir/seed$seed.dpml")
	if [ "${ncand:-0}" -gt 0 ]; then
		awk -v pass=2 -v want=$((seed % ncand)) -f "$here/progress.awk" "$dir/seed$seed.dpml" > "$np"
		prog=$np BIG=0
		MODE="-l"; part -l "$NP_LIST"
		if [ "$BIG" = 0 ]; then MODE="-l -f"; part -l-f "$NPF_LIST"; else TAG="$TAG -l-f=skip(-l too big)"; fi
	fi
fi
case $TAG in
*=ok*) echo "ok $seed$TAG" ;;
*) echo "skip $seed$TAG" ;;
esac
rm -rf "$dir"
