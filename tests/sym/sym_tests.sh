#!/bin/bash
# sym_tests.sh DSPIN — `dspin -symbolic` against the explicit search
# (docs/testing.md, "The symbolic search against the explicit one").
#
# 1. Every model of tests/sym/models.txt: the symbolic search's exit
#    status must be the explicit `-sym=none -por=none` search's (whose
#    counts tests/spin_agree.sh holds to pan's), and with no error the
#    reachable states must equal the explicit search's stored states.
#    When it finds an error, its trail must replay with `dspin -t` to that
#    error (exit 1, "error reproduced"), and the same trail without its
#    moves must not (exit 5): a replay that reproduces whatever it is
#    given proves nothing.
# 2. The options: -E against the explicit -E, -m against -bfs -m (the same
#    states below the bound, exit 3), -M that the node table outgrows
#    (exit 3, "memory bound"), a model outside the fragment (the explicit
#    search runs, and says why), and the combinations refused (exit 2).
set -u
DSPIN=$(realpath "$1")
cd "$(dirname "$0")/../.." || exit 2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0 n=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
field() {   # field NAME JSON
	[[ $2 =~ \"$1\":(\"[^\"]*\"|[^,}]*) ]] && echo "${BASH_REMATCH[1]}"
}

# check_models EVERY CMP OPTIONS...: every EVERY-th model of
# tests/sym/models.txt under `dspin -symbolic OPTIONS`: the explicit
# unreduced search's exit status; its reachable states equal to the
# explicit search's stored states (CMP eq) or never more (le); when it
# finds an error, a trail that replays to it (exit 1, "error reproduced")
# and, cut of its moves, does not (exit 5).  Sets n, the models checked.
# The explicit runs are made once a model (EXPL, ERC).
declare -A EXPL ERC
check_models() {
	local every=$1 cmp=$2 k=0 m e erc s src out rc
	shift 2
	local o="-symbolic${*:+ $*}"
	n=0
	while read -r m; do
		case $m in ''|'#'*) continue ;; esac
		k=$((k + 1)); [ $(((k - 1) % every)) = 0 ] || continue
		n=$((n + 1))
		cp "$m" "$T/m.pml"
		if [ -z "${EXPL[$m]+x}" ]; then
			EXPL[$m]=$(cd "$T" && "$DSPIN" -sym=none -por=none -json m.pml 2>/dev/null); ERC[$m]=$?
		fi
		e=${EXPL[$m]} erc=${ERC[$m]}
		rm -f "$T/m.pml.trail"
		s=$(cd "$T" && "$DSPIN" -symbolic "$@" -json m.pml 2>/dev/null); src=$?
		if [ "$src" != "$erc" ]; then bad "$m: $o exit $src, explicit $erc"; continue; fi
		if [ "$erc" = 0 ]; then
			if [ "$cmp" = eq ] && [ "$(field states_stored "$s")" != "$(field states_stored "$e")" ]; then
				bad "$m: $o $(field states_stored "$s") states, explicit $(field states_stored "$e")"; continue
			fi
			if [ "$cmp" = le ] && [ "$(field states_stored "$s")" -gt "$(field states_stored "$e")" ]; then
				bad "$m: $o $(field states_stored "$s") states, more than unreduced $(field states_stored "$e")"; continue
			fi
		fi
		[ "$src" = 1 ] || continue
		if [ ! -s "$T/m.pml.trail" ]; then bad "$m: $o found $(field first_error "$s") and wrote no trail"; continue; fi
		out=$(cd "$T" && "$DSPIN" -t m.pml 2>&1); rc=$?
		if [ "$rc" != 1 ] || [[ $out != *'error reproduced at step'* ]]; then
			bad "$m: the $o trail to $(field first_error "$s") does not replay (exit $rc): $(tail -1 <<< "$out")"; continue
		fi
		grep '^#' "$T/m.pml.trail" > "$T/cut.trail"
		(cd "$T" && "$DSPIN" -replay cut.trail m.pml > /dev/null 2>&1); rc=$?
		[ "$rc" = 5 ] || bad "$m: the $o trail without its moves replays with exit $rc, not 5"
	done < tests/sym/models.txt
}

check_models 1 eq
echo "sym_tests: $n models of tests/sym/models.txt"
# -por=improviso (search/sym/sym_improviso.c): the unreduced exit
# status, never more states than the unreduced search
check_models 1 le -por=improviso
echo "sym_tests: $n models with -por=improviso"
# -order=chain: the same reachable states, on every other model (time);
# without the random walks that guess the first bits
# (search/sym/sym_probe.c), so that the corpus's bits grow by restarts
# here as the other passes do not
DSPIN_SYM_NO_PROBE=1 check_models 2 eq -order=chain
echo "sym_tests: $n models with -order=chain, no probe"
# the paper's figures (Lerda, Sinha & Theobald, Tables 1 and 2; Fig. 3-b):
# Best(N) 2N+1, Worst(N) 2^(N+1) - 1 (15 for N = 3; 2,097,151 for N = 20,
# printed 2,097,150), Fig. 3-b 13 -- by hand from the models, as their
# headers count them
for want in best:3:7 best:7:15 best:20:41 worst:3:15 worst:10:2047 worst:20:2097151; do
	IFS=: read -r name nn count <<< "$want"
	s=$("$DSPIN" -symbolic -por=improviso -json -DN=$nn bench/models/symbolic/$name.pml 2>/dev/null)
	[ "$(field states_stored "$s")" = "$count" ] || bad "-por=improviso $name($nn): $(field states_stored "$s") states, the paper's $count"
done
# reordered variables (the attach order; -sift): philosophers(8), whose
# visited set passes 10,000 nodes, 3^8 = 6,561 states (each philosopher
# thinking, holding one fork or two; the model's header), counted by
# levels after the reordering
for o in "" -sift; do
	s=$("$DSPIN" -symbolic $o -json -DN=8 bench/models/symbolic/philosophers.pml 2>/dev/null)
	[ "$(field states_stored "$s")" = 6561 ] && [ "$(field reorderings "$s")" -ge 1 ] ||
		bad "philosophers(8) -symbolic $o: $(field states_stored "$s") states, $(field reorderings "$s") reorderings; 6561 and at least 1 wanted"
done
s=$("$DSPIN" -symbolic -por=improviso -json tests/models/cli/improviso_fig3b.pml 2>/dev/null)
[ "$(field states_stored "$s")" = 13 ] || bad "-por=improviso Fig. 3-b: $(field states_stored "$s") states, the paper's 13"

# -E: the explicit -E's verdict and count (philosophers3 deadlocks)
for m in tests/sym/models/philosophers3.pml tests/models/spin/corner_deadlock.pml; do
	e=$("$DSPIN" -E -sym=none -por=none -json "$m" 2>/dev/null); erc=$?
	s=$("$DSPIN" -E -symbolic -json "$m" 2>/dev/null); src=$?
	[ "$src" = "$erc" ] && [ "$(field states_stored "$s")" = "$(field states_stored "$e")" ] ||
		bad "-E $m: -symbolic exit $src, $(field states_stored "$s") states; explicit exit $erc, $(field states_stored "$e")"
done
# -e and -cN: invalid end states counted as the explicit search counts
# them, past the 20 reported one by one (many_ends.pml: 27 by hand)
m=tests/sym/models/many_ends.pml
for o in -e -c25 -c5; do
	e=$("$DSPIN" $o -sym=none -por=none -json $m 2>/dev/null); erc=$?
	s=$("$DSPIN" $o -symbolic -json $m 2>/dev/null); src=$?
	want=${o#-c}; [ "$o" = -e ] && want=27
	[ "$src" = 1 ] && [ "$erc" = 1 ] && [ "$(field errors "$s")" = "$want" ] && [ "$(field errors "$e")" = "$want" ] ||
		bad "$o $m: -symbolic exit $src, $(field errors "$s") errors; explicit exit $erc, $(field errors "$e"); want $want"
done
# a failing move is a move: one error under -e, not an invalid end too
for o in -symbolic "-symbolic -por=improviso" "-symbolic -order=chain"; do
	s=$("$DSPIN" $o -e -json tests/sym/models/runtime_err_end.pml 2>/dev/null)
	[ "$(field errors "$s")" = 1 ] || bad "$o -e runtime_err_end.pml: $(field errors "$s") errors, 1 wanted"
done
# significant bits (search/sym/sym_vars.c): bits_grow.pml's counter
# needs 1, 2, 4 and 8 bits, each a restart (without the random walks
# that would guess them: search/sym/sym_probe.c); the error met after them is
# printed once (the final run's lines), its count the explicit search's
# states, and its trail replays (the model is in models.txt too)
m=tests/sym/models/bits_grow.pml
for o in "" -order=chain -por=improviso; do
	out=$(cd "$T" && DSPIN_SYM_NO_PROBE=1 "$DSPIN" -symbolic $o -e "$OLDPWD/$m" 2>/dev/null)
	s=$(DSPIN_SYM_NO_PROBE=1 "$DSPIN" -symbolic $o -e -json $m 2>/dev/null)
	lines=$(grep -c '^dspin: assertion violated' <<< "$out")
	[ "$(field restarts "$s")" -ge 4 ] 2>/dev/null && [ "$lines" = "$(field errors "$s")" ] && [ "$lines" -ge 1 ] ||
		bad "-symbolic $o -e $m: $lines error lines, $(field errors "$s") errors, $(field restarts "$s") restarts (4 or more wanted)"
done
# with the walks: the counter's bits are guessed, fewer restarts, the
# same error and count
for o in "" -por=improviso; do
	s=$("$DSPIN" -symbolic $o -e -json $m 2>/dev/null)
	s2=$(DSPIN_SYM_NO_PROBE=1 "$DSPIN" -symbolic $o -e -json $m 2>/dev/null)
	[ "$(field restarts "$s")" -lt "$(field restarts "$s2")" ] && [ "$(field probe_steps "$s")" -gt 0 ] &&
	[ "$(field probe_steps "$s2")" = 0 ] && [ "$(field errors "$s")" = "$(field errors "$s2")" ] &&
	[ "$(field states_stored "$s")" = "$(field states_stored "$s2")" ] ||
		bad "-symbolic $o -e $m, walks against none: restarts $(field restarts "$s") / $(field restarts "$s2"), probe steps $(field probe_steps "$s") / $(field probe_steps "$s2"), errors $(field errors "$s") / $(field errors "$s2"), states $(field states_stored "$s") / $(field states_stored "$s2")"
done
# the walks go deeper than -m and past the first error; what the search
# reports is its own: -m 5's unreached code as -bfs -m 5's, and the
# process cells it needs at its first error (2; the walks had made 252,
# and -M 10 then ended the run without the error)
u() { [[ $1 =~ \"unreached\":(\[[^]]*\]) ]] && echo "${BASH_REMATCH[1]}"; }
s=$("$DSPIN" -symbolic -m 5 -json tests/sym/models/walk_past_depth.pml 2>/dev/null)
s2=$("$DSPIN" -bfs -sym=none -por=none -m 5 -json tests/sym/models/walk_past_depth.pml 2>/dev/null)
[ -n "$(u "$s")" ] && [ "$(u "$s")" = "$(u "$s2")" ] ||
	bad "walk_past_depth.pml -m 5: -symbolic unreached $(u "$s"), -bfs $(u "$s2")"
s=$("$DSPIN" -symbolic -M 10 -json tests/sym/models/walk_past_error.pml 2>/dev/null); src=$?
[ "$src" = 1 ] && [ "$(field process_cells "$s")" = 2 ] ||
	bad "walk_past_error.pml -M 10: exit $src, $(field process_cells "$s") process cells; 1 and 2 wanted"
m=tests/sym/models/bits_grow.pml
s=$("$DSPIN" -symbolic -E -A -json $m 2>/dev/null)
s2=$("$DSPIN" -sym=none -por=none -E -A -json $m 2>/dev/null)
[ "$(field states_stored "$s")" = "$(field states_stored "$s2")" ] ||
	bad "-symbolic -E -A $m: $(field states_stored "$s") states, explicit $(field states_stored "$s2")"
# -m: the breadth-first search's states below the bound
m=tests/sym/models/counters.pml
for d in 1 5 12; do
	e=$("$DSPIN" -bfs -m $d -sym=none -por=none -json $m 2>/dev/null); erc=$?
	s=$("$DSPIN" -symbolic -m $d -json $m 2>/dev/null); src=$?
	[ "$src" = 3 ] && [ "$erc" = 3 ] && [ "$(field states_stored "$s")" = "$(field states_stored "$e")" ] &&
	[ "$(field incomplete_reason "$s")" = '"depth bound"' ] ||
		bad "-m $d: -symbolic exit $src, $(field states_stored "$s") states; -bfs exit $erc, $(field states_stored "$e")"
done
# -M: a node table that cannot hold the search (bench's sort needs far more than 1 MB)
s=$("$DSPIN" -symbolic -M 1 -json bench/models/sort.pml 2>/dev/null); src=$?
[ "$src" = 3 ] && [ "$(field incomplete_reason "$s")" = '"memory bound"' ] ||
	bad "-M 1: exit $src, incomplete_reason $(field incomplete_reason "$s")"
# outside the fragment: the explicit search, and the reason
m=tests/models/dyn/procsym_kept_death.dpml
out=$("$DSPIN" -symbolic -sym=none -por=none -heap=6 $m 2>&1); rc=$?
e=$("$DSPIN" -sym=none -por=none -heap=6 -json $m 2>/dev/null); erc=$?
[ "$rc" = "$erc" ] && [[ $out == *'-symbolic left out: the model has classes and references'* ]] &&
[[ $out == *'-symbolic: left out: the model has classes and references'* ]] ||
	bad "outside the fragment: exit $rc (explicit $erc): $(head -3 <<< "$out")"
# refused combinations
for o in -bfs -cores=2 -a -l -compare -hc -bitstate -compress=tree "-dump-states $T/d" "-por=improviso -m 5" "-order=chain -m 5" "-order=chain -por=improviso" -order=dfs; do
	"$DSPIN" -symbolic $o tests/sym/models/counters.pml > /dev/null 2>&1; rc=$?
	[ "$rc" = 2 ] || bad "-symbolic $o: exit $rc, not 2"
done
echo "sym_tests: $fail failed"
[ "$fail" = 0 ]
