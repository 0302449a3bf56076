#!/usr/bin/env bash
# model_tests.sh DSPIN
#
# Command-line level checks of the dspin binary: exit codes, diagnostics,
# trails and replay, JSON output, BFS, -e, simulation against `spin -T`, the
# preprocessor, and the fuzzer's reproducers (tests/models/bad/fuzz_*.pml).
# Models live in tests/models/cli/ (next to this script).
#
# Prints "ok NAME" or "FAIL NAME ..." per check, then "N passed, M failed".
# Exit status 0 iff nothing failed.
#
# Expected numbers come from hand counts (explained in the models) or from
# SPIN 6.5.2 (spin -o1 -o2 -o3, pan -DNOREDUCE -DSAFETY -c0).  When `spin`
# and gcc are installed (tests/tools/spinstates), the -e and simulation
# checks also ask SPIN itself; otherwise they use the recorded numbers or
# are skipped (reported as "ok NAME # skipped: ...").

set -u

if [ $# -ne 1 ]; then
	echo "usage: $0 DSPIN" >&2
	exit 2
fi
DSPIN=$1
if [[ "$DSPIN" == */* ]]; then
	DSPIN=$(cd "$(dirname "$DSPIN")" && pwd -P)/$(basename "$DSPIN")
fi
if ! command -v "$DSPIN" >/dev/null 2>&1; then
	echo "$0: $DSPIN not found" >&2
	exit 2
fi

HERE=$(cd "$(dirname "$0")" && pwd -P)
TMP=$(mktemp -d "${TMPDIR:-/tmp}/dspin_model_tests.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# work on copies: a search that finds an error writes MODEL.trail next to
# the model, and nothing may be written into the source tree
cp -r "$HERE/models/cli" "$TMP/cli"
mkdir -p "$TMP/bad"
cp "$HERE"/models/bad/*.pml "$TMP/bad/" 2>/dev/null
M=$TMP/cli
BAD=$TMP/bad

# every dspin run is bounded: a hang is a failure, not a stuck test suite
TO=${MODEL_TESTS_TIMEOUT:-10}
SPINSTATES=${SPINSTATES:-$HERE/tools/spinstates}

npass=0
nfail=0
ok()   { echo "ok $1"; npass=$((npass + 1)); }
fail() { local n=$1; shift; echo "FAIL $n $*"; nfail=$((nfail + 1)); }

# run NAME ARGS...: runs dspin, sets $rc, $out (stdout) and $err (stderr)
run() {
	local name=$1; shift
	# (in a subshell whose stderr is dropped, so that bash's own "Segmentation
	# fault" job message does not clutter the report; the crash is reported
	# by the check through the exit status)
	rc=$( { timeout "$TO" "$DSPIN" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"; echo $?; } 2>/dev/null )
	out=$(cat "$TMP/$name.out")
	err=$(cat "$TMP/$name.err")
}

# expect_rc NAME WANT: checks the last run's exit status
expect_rc() {
	if [ "$rc" -eq "$2" ]; then ok "$1"; else fail "$1" "exit status $rc, expected $2; stderr: $(head -c 300 <<<"$err")"; fi
}

# what a sanitizer build (cmake -DDSPIN_SANITIZE=ON) prints on a bug
SANITIZER_RE='Sanitizer|runtime error:'

stored_of() { sed -n 's/^ *\([0-9][0-9]*\) states, stored.*/\1/p' <<<"$1" | head -1; }
errors_of() { sed -n 's/.*errors: \([0-9][0-9]*\).*/\1/p' <<<"$1" | head -1; }

# ------------------------------------------------------------ exit codes

run exit0 -sym=none -por=none "$M/ok.pml"
expect_rc exit_0_no_error 0
if [ "$(stored_of "$out")" = 4 ]; then ok ok_stored_4; else fail ok_stored_4 "stored=$(stored_of "$out"), expected 4 (hand count)"; fi

cp "$M/assert_fail.pml" "$TMP/exit1.pml"
run exit1 -sym=none -por=none "$TMP/exit1.pml"
expect_rc exit_1_error_found 1

# -json's error_kinds holds each distinct message once, also when it is
# longer than the slot that keeps it (a long path: it used to be added
# again at every error found with -e)
longdir="$TMP/a_directory_with_a_long_name_so_that_the_run_time_error_message_is_longer_than_its_slot_in_the_result"
mkdir -p "$longdir"
printf 'byte i;\nactive [3] proctype P() { byte a[2]; i = _pid; a[i] = 1 }\n' > "$longdir/m.pml"
run long_kinds -sym=none -por=none -e -json "$longdir/m.pml"
# the message appears twice: first_error, and once in error_kinds
nk=$(grep -o 'array index out of bounds' <<<"$out" | wc -l)
if [ "$rc" = 1 ] && [ "$nk" = 2 ]; then ok long_error_kinds_once
else fail long_error_kinds_once "exit $rc, the message appears $nk times in: $(head -c 600 <<<"$out")"; fi

run exit2_syntax "$M/syntax_error.pml"
expect_rc exit_2_syntax_error 2

run exit2_option -no-such-option "$M/ok.pml"
expect_rc exit_2_unknown_option 2

run exit2_nofile "$TMP/does_not_exist.pml"
expect_rc exit_2_missing_file 2

run exit2_noarg -m
expect_rc exit_2_option_without_value 2

run exit2_badnum -m abc "$M/ok.pml"
expect_rc exit_2_bad_number 2

run exit2_nomodel
expect_rc exit_2_no_model 2

run exit3 -sym=none -por=none -m 3 "$M/deep.pml"
expect_rc exit_3_depth_bound 3
run exit3b -sym=none -por=none -m3 "$M/deep.pml"
expect_rc exit_3_depth_bound_joined 3
# the bound is not hit when it is deep enough (deep.pml has depth 6)
run exit0_deep -sym=none -por=none -m 100 "$M/deep.pml"
expect_rc exit_0_depth_bound_not_hit 0

# ------------------------------------------------------------ diagnostics

run diag_syntax "$M/syntax_error.pml"
if grep -Eq "syntax_error\.pml:5:[0-9]+: error:" <<<"$err"; then ok syntax_error_line; else fail syntax_error_line "no 'syntax_error.pml:5:COL: error:' in: $err"; fi
if grep -q "syntax_error\.pml:5:10: error:" <<<"$err"; then ok syntax_error_column; else fail syntax_error_column "expected column 10: $err"; fi
if [ -z "$out" ] || ! grep -q "states, stored" <<<"$out"; then ok syntax_error_no_search; else fail syntax_error_no_search "a search ran: $out"; fi

# refused OKNAME RUNNAME MODEL REGEX: dspin exits 2 with a diagnostic
# matching REGEX (grep) on stderr
refused() {
	run "$2" "$3"
	if [ "$rc" -eq 2 ] && grep -q "$4" <<<"$err"; then ok "$1"
	else fail "$1" "rc=$rc, expected '$4' in: $err"; fi
}

# SPIN users' flags (issue 40): pan's -c0 counts every error as -e does
# (multi_error.pml: pan -c0 finds 5), spin's -p is accepted, a bare -I no
# longer takes the model's name as its directory, pan's -i is refused
# with what to use instead
mkdir -p "$TMP/c0"; cp "$M/multi_error.pml" "$TMP/c0/m.pml"
run pan_c0 -sym=none -por=none -c0 "$TMP/c0/m.pml"
if [ "$rc" -eq 1 ] && grep -q 'errors: 5' <<<"$out"; then ok pan_c0_counts_all; else fail pan_c0_counts_all "rc=$rc: $(grep errors <<<"$out")"; fi
# -c0 writes no numbered trails (pan -c0 writes none; 1000 of them were
# three quarters of bench/broad/errors.pml's run) ...
nt=$(ls "$TMP/c0"/m.pml[0-9]*.trail 2>/dev/null | wc -l)
[ "$nt" = 0 ] && ok c0_no_numbered_trails || fail c0_no_numbered_trails "-c0 wrote $nt numbered trails"
# ... -e writes one per error, as pan -e (m.pml1.trail ... m.pml5.trail:
# pan -c0's 5 errors), and -tN replays each to its error
( cd "$TMP/c0" && timeout "$TO" "$DSPIN" -sym=none -por=none -e m.pml >/dev/null 2>&1 )
nt=$(ls "$TMP/c0"/m.pml[0-9]*.trail 2>/dev/null | wc -l); nrep=0
for k in 1 2 3 4 5; do ( cd "$TMP/c0" && timeout "$TO" "$DSPIN" -t$k m.pml 2>&1 | grep -q 'error reproduced'; exit "${PIPESTATUS[0]}" ); [ $? = 1 ] && nrep=$((nrep + 1)); done
if [ "$nt" = 5 ] && [ "$nrep" = 5 ] && cmp -s "$TMP/c0/m.pml.trail" "$TMP/c0/m.pml1.trail"; then ok numbered_trails_replay
else fail numbered_trails_replay "$nt numbered trails, $nrep reproduced"; fi
# the same under -bfs and -a (the nested search, an acceptance cycle among
# the errors): as many numbered trails as errors, each reproduced
numbered() {   # NAME MODEL FLAGS...: -e FLAGS writes one trail per error
	local name=$1 model=$2; shift 2
	rm -rf "$TMP/$name"; mkdir -p "$TMP/$name"; cp "$model" "$TMP/$name/m.pml"
	local ne; ne=$( cd "$TMP/$name" && timeout "$TO" "$DSPIN" -e "$@" m.pml 2>/dev/null | sed -n 's/.*errors: \([0-9]*\).*/\1/p' )
	local n; n=$(ls "$TMP/$name"/m.pml[0-9]*.trail 2>/dev/null | wc -l)
	local rep=0 k
	for ((k = 1; k <= n; k++)); do ( cd "$TMP/$name" && timeout "$TO" "$DSPIN" -t$k m.pml >/dev/null 2>&1 ); [ $? = 1 ] && rep=$((rep + 1)); done
	if [ -n "$ne" ] && [ "$ne" -ge 2 ] && [ "$n" = "$ne" ] && [ "$rep" = "$n" ]; then ok "$name"
	else fail "$name" "errors $ne, $n numbered trails, $rep reproduced"; fi
}
numbered numbered_trails_bfs "$M/multi_error.pml" -bfs -sym=none -por=none
numbered numbered_trails_nested "$HERE/models/sym/por_error_only.pml" -a -sym=none
( cd "$TMP/c0" && timeout "$TO" "$DSPIN" -t -p m.pml >p.out 2>&1 ); rc=$?
if [ "$rc" -eq 1 ] && grep -q 'error reproduced' "$TMP/c0/p.out"; then ok spin_p_accepted; else fail spin_p_accepted "rc=$rc"; fi
run bare_I_model -I "$M/multi_error.pml"
if [ "$rc" -eq 2 ] && grep -q 'dspin: -I needs its argument attached' <<<"$err" && ! grep -q 'no proctype' <<<"$err"; then ok bare_I_names_itself; else fail bare_I_names_itself "rc=$rc: $err"; fi
run pan_i -i "$M/multi_error.pml"
if [ "$rc" -eq 2 ] && grep -q -- '-bfs finds a shortest counterexample' <<<"$err" && ! grep -q '^usage' <<<"$err"; then ok pan_i_refused_with_advice; else fail pan_i_refused_with_advice "rc=$rc: $err"; fi

# an initialiser that fails names itself, and, the model's run-time error
# in the initial state, is a verification error at depth 0 with a trail of
# no moves that -t reproduces at step 0, and -simulate reports (issue 40;
# spin -a dies of SIGFPE on this model, so the verdict is the hand one)
printf 'byte x;\nactive proctype p() { int y = 5 / x; skip }\n' > "$TMP/divinit.pml"
rm -f "$TMP/divinit.pml.trail"
run divinit "$TMP/divinit.pml"
if [ "$rc" -eq 1 ] && grep -q "^dspin: division by zero in the initialiser of 'y' at .*divinit.pml:2:33 (at depth 0)" <<<"$out" &&
   [ "$(errors_of "$out")" = 1 ] && [ -s "$TMP/divinit.pml.trail" ]; then ok init_error_names_initialiser
else fail init_error_names_initialiser "rc=$rc: $err $out"; fi
run divinit_replay -t "$TMP/divinit.pml"
if [ "$rc" -eq 1 ] && grep -q "^dspin: error reproduced at step 0: division by zero in the initialiser of 'y'" <<<"$out"; then ok init_error_trail_reproduced
else fail init_error_trail_reproduced "rc=$rc: $out"; fi
run divinit_sim -simulate "$TMP/divinit.pml"
if [ "$rc" -eq 1 ] && grep -q "division by zero in the initialiser of 'y'.*(in the initial state)" <<<"$out"; then ok init_error_simulate
else fail init_error_simulate "rc=$rc: $out"; fi

# an inline's statements read as written, arguments substituted without
# stray spaces (issue 40: `cur .locked = false`)
mkdir -p "$TMP/inl"
printf 'class Node { bool locked; }\nNode n;\ninline unlock(cur) { cur.locked = false }\ninline held(c) { !c.locked }\nactive proctype p() { n = new Node; n.locked = true; unlock(n); held(n); assert(false) }\n' > "$TMP/inl/m.dpml"
( cd "$TMP/inl" && timeout "$TO" "$DSPIN" m.dpml >/dev/null 2>&1; timeout "$TO" "$DSPIN" -t m.dpml > t.out 2>&1 )
if grep -qF '[n.locked = false]' "$TMP/inl/t.out" && grep -qF '[!n.locked]' "$TMP/inl/t.out"; then ok inline_text_as_written
else fail inline_text_as_written "$(grep -F 'locked' "$TMP/inl/t.out" | head -3)"; fi

# references inside channels print as the heap lists them (issue 40)
mkdir -p "$TMP/chref"
printf 'class Msg { byte v }\nchan c = [2] of { Msg, byte };\nactive proctype p() { Msg a; a = new Msg; c!a, 1; c!null, 2; assert(false) }\n' > "$TMP/chref/m.dpml"
rp=$(cd "$TMP/chref" && timeout "$TO" "$DSPIN" -q m.dpml >/dev/null 2>&1; timeout "$TO" "$DSPIN" -t m.dpml 2>/dev/null); rrc=$?
if [ "$rrc" -eq 1 ] && grep -qxF 'channel 1 (capacity 2): [Msg#1,1][null,2]' <<<"$rp"; then ok channel_refs_print_as_objects
else fail channel_refs_print_as_objects "exit $rrc: $(grep channel <<<"$rp")"; fi

# calls whose hoisting would change the meaning are rejected with a position
refused call_in_guard_rejected diag_call_guard "$M/call_in_guard.dpml" "call_in_guard\.dpml:6:[0-9]*: error: call to 'get' in a guard"
# a call on the right of || runs only when the left side is false: x is
# null, so get() is never called and there is no error (issue 15, item 3)
run call_after_oror -sym=none -por=none "$M/call_after_oror.dpml"
if [ "$rc" = 0 ] && grep -q "errors: 0" <<<"$out"; then ok call_after_oror_lowered
else fail call_after_oror_lowered "rc=$rc $(head -c 300 <<<"$err")"; fi
refused lazy_too_many_rejected diag_lazy_many "$M/lazy_too_many.dpml" "lazy_too_many\.dpml:3:15: error: too many calls under && / || / ( -> : ) in one statement"

# for over something that is neither array nor channel; a message field
# that is a record declaring a channel
# a global used before its declaration, as SPIN rejects it; DPML's
# functions and methods may use one declared after them
refused global_after_use_rejected diag_global_after_use "$M/global_after_use.pml" "global_after_use\.pml:5:23: error: 'x' is used before its declaration"
refused global_after_init_rejected diag_global_after_init "$M/global_after_init.pml" "global_after_init\.pml:4:10: error: 'x' is used before its declaration"
refused global_after_same_decl_rejected diag_global_after_same "$M/global_after_same_decl.pml" "global_after_same_decl\.pml:4:9: error: 'b' is used before its declaration"
run global_after_fn -sym=none -por=none "$M/global_after_fn.dpml"
if [ "$rc" -eq 0 ] && [ "$(errors_of "$out")" = 0 ]; then ok global_after_fn_accepted
else fail global_after_fn_accepted "rc=$rc: $(head -c 300 <<<"$err")"; fi
refused for_in_scalar_rejected diag_for_scalar "$M/for_in_scalar.pml" "for_in_scalar\.pml:4:12: error: for (x in ...) needs an array or a channel"
refused msg_record_chan_rejected diag_msg_rec_chan "$M/msg_record_chan.pml" "msg_record_chan\.pml:4:[0-9]*: error: 'R' declares a channel"
# -a on a state of 65,535 bytes: its key (the state and the atomic byte)
# does not fit the stores' two-byte length; it hung, now a resource bound
# (exit 3) naming the limit (found by helper-26; the -dist case is in
# dist_tests)
cp "$HERE/models/dist/vector_limit.pml" "$TMP/vector_limit.pml"
run vector_limit_a -a "$TMP/vector_limit.pml"
if [ "$rc" = 3 ] && grep -q 'state vector too large for -a/-l' <<<"$out" && ! grep -q 'the trail leads' <<<"$out"; then ok vector_limit_a_bound
else fail vector_limit_a_bound "rc=$rc $(tail -c 300 <<<"$out")"; fi
# an unsigned field of 32 bits: SPIN says "invalid width-field" (found by review)
printf 'unsigned u : 32;\ninit { u = 5 }\n' > "$TMP/u32.pml"
refused unsigned_32_rejected diag_u32 "$TMP/u32.pml" "u32\.pml:1:14: error: bit width must be 1\.\.31"

# priorities (SPIN 6.5): set_priority in a branch, against a hand count
# (pan's own count is wrong there); bad priorities are refused
run set_priority -sym=none -por=none "$M/set_priority.pml"
if [ "$rc" = 0 ] && [ "$(stored_of "$out")" = 9 ]; then ok set_priority_hand_count
else fail set_priority_hand_count "rc=$rc stored $(stored_of "$out") (want 9)"; fi
refused priority_range_rejected diag_prio_range "$M/priority_range.pml" "priority_range\.pml:2:30: error: priority 300 out of range (1\.\.255)"
refused set_priority_value_rejected diag_setprio_value "$M/set_priority_value.pml" "set_priority_value\.pml:3:27: error: set_priority(...) is a statement"

# ltl formulas in every mode (issue 36): a plain run checks the chosen
# formula as pan's default run does (verdicts from pan, in the model's
# comment), the summary names it, and a formula that does not name a
# declared variable or does not parse is refused with its own
# file:line:col whether it runs or not (exit 2)
run ltl_plain_first -sym=none -por=none "$M/ltl_plain.pml"
if [ "$rc" = 1 ] && grep -q "never claim violated (the claim reached its end)" <<<"$out" \
   && grep -q "never claim.*+ (ltl below3)" <<<"$out"; then ok ltl_plain_violated
else fail ltl_plain_violated "rc=$rc, expected 1, the claim's end and '+ (ltl below3)': $(head -c 300 <<<"$err$out")"; fi
for nm in below4 reach2 never5 stable; do
	run ltl_plain_$nm -sym=none -por=none -N $nm "$M/ltl_plain.pml"
	if [ "$rc" = 0 ] && [ "$(errors_of "$out")" = 0 ] && grep -q "never claim.*+ (ltl $nm)" <<<"$out"; then ok ltl_plain_$nm
	else fail ltl_plain_$nm "rc=$rc, expected 0 and '+ (ltl $nm)': $(head -c 300 <<<"$err$out")"; fi
done
run ltl_plain_json -json -sym=none -por=none -N below4 "$M/ltl_plain.pml"
if [ "$rc" = 0 ] && grep -q '"claim":"ltl below4"' <<<"$out" && [ -z "$err" ]; then ok ltl_plain_json_claim
else fail ltl_plain_json_claim "rc=$rc, expected 0, \"claim\":\"ltl below4\" and nothing on stderr: $(head -c 300 <<<"$err$out")"; fi
for mode in "" -a -noclaim; do
	for t in "ltl_undeclared:11:9: error: undeclared name 'z'" \
	         "ltl_undeclared:13:28: error: undeclared name 'w'" \
	         "ltl_syntax:5:19: error: expected an expression, found ')'" \
	         "ltl_syntax_op:6:24: error: expected an expression, found ')'"; do
		f=${t%%:*} want="${t%%:*}\.pml:${t#*:}"
		run "$f$mode" $mode "$M/$f.pml"
		if [ "$rc" -eq 2 ] && grep -q -- "$want" <<<"$err"; then ok "${f}_refused${mode:+ $mode}"
		else fail "${f}_refused${mode:+ $mode}" "rc=$rc, expected 2 and '$want' in: $err"; fi
	done
done

# -N NAME that names nothing
run no_such_claim -N g "$M/no_such_claim.pml"
if [ "$rc" = 2 ] && grep -q "dspin: -N g: the model has no never claim or ltl formula of that name" <<<"$err"; then ok no_such_claim_rejected
else fail no_such_claim_rejected "rc=$rc $err"; fi

refused undeclared_name_error diag_undeclared "$M/undeclared.pml" "undeclared\.pml:4:2: error: .*'y'"

refused error_in_included_file diag_include "$M/include_error.pml" "inc_bad\.h:3:[0-9]*: error:"

refused cpp_failure_reported diag_cpp "$M/cpp_error.pml" "cpp_error\.pml: error: the C preprocessor failed on this file"
refused missing_file_reported diag_nofile "$TMP/does_not_exist.pml" "does_not_exist\.pml: error: cannot read the model"

# ------------------------------------------------------------ trails

mkdir -p "$TMP/trail"
cp "$M/assert_fail.pml" "$TMP/trail/m.pml"
( cd "$TMP/trail" && timeout "$TO" "$DSPIN" -sym=none -por=none m.pml >search.out 2>search.err ); rc=$?
if [ "$rc" -eq 1 ] && [ -s "$TMP/trail/m.pml.trail" ]; then ok trail_written
else fail trail_written "rc=$rc, trail file: $(ls "$TMP/trail")"; fi

( cd "$TMP/trail" && timeout "$TO" "$DSPIN" -t m.pml >replay.out 2>replay.err ); rc=$?
replay=$(cat "$TMP/trail/replay.out")
# exit 1 with "error reproduced": the replay itself raised the trail's error
if [ "$rc" -eq 1 ] && grep -qx 'dspin: error reproduced at step 3: assertion violated assert(x == 3)' <<<"$replay" &&
   grep -qx 'dspin: the trail says: assertion violated assert(x == 3)' <<<"$replay"; then ok trail_replay_exit
else fail trail_replay_exit "rc=$rc: $(tail -3 <<<"$replay") $(cat "$TMP/trail/replay.err")"; fi
if grep -q "assert" <<<"$replay" && grep -qi "assertion violated" <<<"$replay"; then ok trail_replay_mentions_assertion
else fail trail_replay_mentions_assertion "replay output: $replay"; fi
if grep -qi "final state" <<<"$replay" && grep -Eq "x = 2\b" <<<"$replay"; then ok trail_replay_final_state
else fail trail_replay_final_state "no final state with x = 2: $replay"; fi
# the replay shows the three steps of the path, in order
if [ "$(grep -c 'proc  *0' <<<"$replay")" -ge 3 ] && grep -q "x = 1" <<<"$replay"; then ok trail_replay_steps
else fail trail_replay_steps "replay output: $replay"; fi

( cd "$TMP/trail" && cp m.pml.trail other.trail && timeout "$TO" "$DSPIN" -replay other.trail m.pml >replay2.out 2>&1 ); rc=$?
if [ "$rc" -eq 1 ] && grep -qi "final state" "$TMP/trail/replay2.out"; then ok replay_named_trail
else fail replay_named_trail "rc=$rc"; fi

# a trail whose path still fits the model but no longer ends in its
# error (the assertion now holds) proves nothing: exit 5 (issue 37: -t
# exited 0 and printed the recorded error whatever the replay did)
( cd "$TMP/trail" && sed 's/assert(x == 3)/assert(x == 2)/' m.pml > fixed.pml && cp m.pml.trail fixed.pml.trail &&
  timeout "$TO" "$DSPIN" -t fixed.pml >fixed.out 2>&1 ); rc=$?
if [ "$rc" -eq 5 ] && grep -q 'the replay did NOT reproduce the trail' "$TMP/trail/fixed.out" && ! grep -q 'error reproduced' "$TMP/trail/fixed.out"; then ok replay_not_reproduced_exit_5
else fail replay_not_reproduced_exit_5 "rc=$rc: $(tail -3 "$TMP/trail/fixed.out")"; fi
# an option that changes which moves exist, given otherwise than the
# trail was made, is refused; -sym and -por are honoured (same moves)
( cd "$TMP/trail" && timeout "$TO" "$DSPIN" -a -t m.pml >conflict.out 2>&1 ); rc=$?
if [ "$rc" -eq 2 ] && grep -q -- '-a conflicts with the options the trail was made with' "$TMP/trail/conflict.out"; then ok replay_conflicting_option_refused
else fail replay_conflicting_option_refused "rc=$rc: $(head -c 300 "$TMP/trail/conflict.out")"; fi
( cd "$TMP/trail" && timeout "$TO" "$DSPIN" -sym=heap,proc -por=static -t m.pml >honour.out 2>&1 ); rc=$?
if [ "$rc" -eq 1 ] && grep -q 'error reproduced at step 3' "$TMP/trail/honour.out"; then ok replay_sym_option_honoured
else fail replay_sym_option_honoured "rc=$rc: $(tail -2 "$TMP/trail/honour.out")"; fi

( cd "$TMP/trail" && rm -f m.pml.trail && timeout "$TO" "$DSPIN" -t m.pml >/dev/null 2>&1 ); rc=$?
if [ "$rc" -eq 2 ]; then ok replay_missing_trail_exit_2; else fail replay_missing_trail_exit_2 "rc=$rc"; fi

# no trail is written when there is no error
mkdir -p "$TMP/notrail"
cp "$M/ok.pml" "$TMP/notrail/ok.pml"
( cd "$TMP/notrail" && timeout "$TO" "$DSPIN" ok.pml >/dev/null 2>&1 )
if [ ! -e "$TMP/notrail/ok.pml.trail" ]; then ok no_trail_without_error; else fail no_trail_without_error "ok.pml.trail was written"; fi

# ------------------------------------------------------------ JSON

json_field() {   # json_field NAME TEXT: the raw value of a top-level field
	sed -n "s/.*\"$1\":\(\"[^\"]*\"\|[^,}]*\).*/\1/p" <<<"$2" | head -1
}
check_json() {   # check_json NAME MODEL STORED|- ERRORS EXIT [ARGS...]
	local name=$1 model=$2 st=$3 er=$4 ex=$5; shift 5
	cp "$model" "$TMP/$name.pml"
	run "$name" -json -sym=none -por=none "$@" "$TMP/$name.pml"
	local lines; lines=$(grep -c '' <<<"$out")
	if [ "$lines" -ne 1 ]; then fail "$name" "expected one line of JSON, got $lines: $out"; return; fi
	if command -v python3 >/dev/null 2>&1; then
		if ! python3 -c 'import json,sys; json.loads(sys.stdin.read())' <<<"$out" 2>/dev/null; then
			fail "$name" "not valid JSON: $out"; return
		fi
	fi
	local f missing=""
	for f in model states_stored states_matched transitions errors depth_reached complete exit; do
		grep -q "\"$f\":" <<<"$out" || missing="$missing $f"
	done
	if [ -n "$missing" ]; then fail "$name" "missing fields:$missing in $out"; return; fi
	local gs ge gx
	gs=$(json_field states_stored "$out"); ge=$(json_field errors "$out"); gx=$(json_field exit "$out")
	if { [ "$st" != - ] && [ "$gs" != "$st" ]; } || [ "$ge" != "$er" ] || [ "$gx" != "$ex" ] || [ "$rc" -ne "$ex" ]; then
		fail "$name" "states_stored=$gs errors=$ge exit=$gx rc=$rc, expected $st $er $ex"; return
	fi
	ok "$name"
}
# ok.pml: 4 states by hand (SPIN: 4).  assert_fail.pml: the search stops at
# the error found on the move out of the third state: 3 states (SPIN: 3).
# deep.pml -m 3: the stored count at a depth bound is not compared (pan
# stores the states at depth < 3 only).
check_json json_ok "$M/ok.pml" 4 0 0
check_json json_error "$M/assert_fail.pml" 3 1 1
check_json json_incomplete "$M/deep.pml" - 0 3 -m 3
# printf's and printm's arguments are evaluated in verification (an index
# out of range is a run-time error; pan reports it as well; the stored
# count is not compared: pan goes on past the bad index, dspin does not)
check_json printf_arg_index "$M/printf_arg_index.pml" - 1 1
check_json printm_arg_index "$M/printm_arg_index.pml" - 1 1
if [ "$(json_field complete "$out")" = false ]; then ok json_incomplete_complete_false
else fail json_incomplete_complete_false "complete=$(json_field complete "$out")"; fi
# the JSON numbers are the text summary's numbers
run json_vs_text_j -json -sym=none -por=none -e "$M/multi_error.pml"
js=$(json_field states_stored "$out"); je=$(json_field errors "$out")
run json_vs_text_t -sym=none -por=none -e "$M/multi_error.pml"
if [ "$js" = "$(stored_of "$out")" ] && [ "$je" = "$(errors_of "$out")" ]; then ok json_matches_text
else fail json_matches_text "json $js/$je, text $(stored_of "$out")/$(errors_of "$out")"; fi

# ------------------------------------------------------------ BFS

for mdl in ok else preproc multi_error; do
	run "bfs_dfs_$mdl" -sym=none -por=none -e "$M/$mdl.pml"; d=$(stored_of "$out")
	run "bfs_bfs_$mdl" -sym=none -por=none -e -bfs "$M/$mdl.pml"; b=$(stored_of "$out")
	if [ -n "$d" ] && [ "$d" = "$b" ]; then ok "bfs_same_stored_$mdl"
	else fail "bfs_same_stored_$mdl" "dfs stored=$d bfs stored=$b"; fi
done
cp "$M/assert_fail.pml" "$TMP/bfs_err.pml"
run bfs_err -sym=none -por=none -bfs "$TMP/bfs_err.pml"
if [ "$rc" -eq 1 ] && [ "$(errors_of "$out")" -ge 1 ] 2>/dev/null; then ok bfs_finds_error
else fail bfs_finds_error "rc=$rc errors=$(errors_of "$out")"; fi
cp "$M/multi_error.pml" "$TMP/bfs_multi.pml"
run bfs_multi -sym=none -por=none -bfs "$TMP/bfs_multi.pml"
if [ "$rc" -eq 1 ]; then ok bfs_finds_error_multi; else fail bfs_finds_error_multi "rc=$rc"; fi
# an atomic sequence longer than the level-by-level searches' chain limit:
# the depth-first search explores it (2 states, exit 0)
run atomic_long_dfs -sym=none -por=none "$M/atomic_long.pml"
if [ "$rc" -eq 0 ] && [ "$(stored_of "$out")" = 2 ]; then ok atomic_long_dfs
else fail atomic_long_dfs "rc=$rc stored=$(stored_of "$out")"; fi
# -bfs and -cores end incomplete on a bound (exit 3), none reports an
# error; the bound's trail replays to a sequence 4,000 moves long (exit 1), and cut short
# does not (exit 5)
mkdir -p "$TMP/al"; cp "$M/atomic_long.pml" "$TMP/al/m.pml"
for o in -bfs -cores=2; do
	rm -f "$TMP/al/m.pml.trail"
	run "atomic_long$o" -sym=none -por=none $o "$TMP/al/m.pml"
	if [ "$rc" -eq 3 ] && [ "$(errors_of "$out")" = 0 ] && grep -q 'atomic sequence longer than 4000 moves' <<<"$err$out"; then ok "atomic_long$o"
	else fail "atomic_long$o" "rc=$rc errors=$(errors_of "$out"): $(head -c 300 <<<"$err")"; fi
	run "atomic_long_replay$o" -t "$TMP/al/m.pml"
	if [ "$rc" -eq 1 ] && grep -q 'replay reached an atomic sequence 4000 moves long' <<<"$out"; then ok "atomic_long_replay$o"
	else fail "atomic_long_replay$o" "rc=$rc: $(tail -2 <<<"$out")"; fi
	{ grep '^#' "$TMP/al/m.pml.trail"; grep -v '^#' "$TMP/al/m.pml.trail" | head -3000; } > "$TMP/al/cut.trail"
	run "atomic_long_cut$o" -replay "$TMP/al/cut.trail" "$TMP/al/m.pml"
	if [ "$rc" -eq 5 ]; then ok "atomic_long_cut$o"; else fail "atomic_long_cut$o" "rc=$rc, expected 5"; fi
done

# ------------------------------------------------------------ -e

# SPIN's count (pan -c0), live if spinstates is installed, else recorded
spin_stored=24; spin_errors=5; src="recorded SPIN 6.5.2"
if [ -x "$SPINSTATES" ] && command -v spin >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1; then
	so=$("$SPINSTATES" "$M/multi_error.pml" -c0 2>/dev/null)
	if [ -n "$(stored_of "$so")" ]; then spin_stored=$(stored_of "$so"); spin_errors=$(errors_of "$so"); src="spinstates"; fi
fi
# -A as pan -A: no assertion violations, the same states (pan -A -c0)
spin_a_stored=""; spin_a_errors=""
if [ -x "$SPINSTATES" ] && command -v spin >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1; then
	so=$("$SPINSTATES" "$M/multi_error.pml" -A -c0 2>/dev/null)
	spin_a_stored=$(stored_of "$so"); spin_a_errors=$(errors_of "$so")
fi
cp "$M/multi_error.pml" "$TMP/eA.pml"
run e_no_asserts -sym=none -por=none -e -A "$TMP/eA.pml"
if [ -z "$spin_a_stored" ]; then ok "pan_A_no_assertions # skipped: no spin"
elif [ "$(stored_of "$out")" = "$spin_a_stored" ] && [ "$(errors_of "$out")" = "$spin_a_errors" ] && grep -q 'assertion violations	- (disabled by -A flag)' <<<"$out"; then
	ok "pan_A_no_assertions (pan -A: $spin_a_stored states, $spin_a_errors errors)"
else fail pan_A_no_assertions "dspin -A: $(stored_of "$out") states, $(errors_of "$out") errors; pan -A: $spin_a_stored, $spin_a_errors"; fi
# -cN as pan -cN: stop at error number N, with pan's states stored
for cn in 2 3; do
	if [ -x "$SPINSTATES" ] && command -v spin >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1; then
		so=$("$SPINSTATES" "$M/multi_error.pml" -c$cn 2>/dev/null)
		run "pan_c$cn" -sym=none -por=none -c$cn "$TMP/eA.pml"
		if [ "$rc" = 1 ] && [ "$(stored_of "$out")" = "$(stored_of "$so")" ] && [ "$(errors_of "$out")" = "$(errors_of "$so")" ] && [ "$(errors_of "$so")" = "$cn" ]; then
			ok "pan_c${cn}_stops_at_error_$cn (pan: $(stored_of "$so") states)"
		else fail "pan_c${cn}_stops_at_error_$cn" "dspin: $(stored_of "$out") states, $(errors_of "$out") errors; pan: $(stored_of "$so"), $(errors_of "$so")"; fi
	else ok "pan_c${cn}_stops_at_error_$cn # skipped: no spin"; fi
done
cp "$M/multi_error.pml" "$TMP/e.pml"
run e_all -sym=none -por=none -e "$TMP/e.pml"
de=$(errors_of "$out"); ds=$(stored_of "$out")
if [ "$spin_errors" -gt 1 ] && [ "$de" = "$spin_errors" ] && [ "$ds" = "$spin_stored" ]; then ok "e_counts_all_errors ($src: $spin_stored states, $spin_errors errors)"
else fail e_counts_all_errors "dspin -e: $ds states, $de errors; $src: $spin_stored states, $spin_errors errors"; fi
expect_rc e_exit_1 1
run e_first -sym=none -por=none "$TMP/e.pml"
if [ "$(errors_of "$out")" = 1 ]; then ok without_e_stops_at_first_error
else fail without_e_stops_at_first_error "errors=$(errors_of "$out")"; fi

# ------------------------------------------------------------ simulation

# printf output of `dspin -simulate` is everything before its summary line
# "N steps, M process(es) alive"; SPIN's extra lines are filtered out.
sim_lines() { sed -E '/^[0-9]+ steps, [0-9]+ process(es)? alive$/,$d' "$1"; }
spin_lines() { grep -Ev '^[0-9]+ process(es)? created$|^ *timeout$|^#processes|^spin: |^ +[0-9]+:[[:space:]]+proc ' "$1"; }
for mdl in sim_printf sim_rendezvous; do
	run "sim_$mdl" -simulate -seed 1 "$M/$mdl.pml"
	if [ "$rc" -ne 0 ]; then fail "simulate_$mdl" "rc=$rc: $err"; continue; fi
	sim_lines "$TMP/sim_$mdl.out" >"$TMP/sim_$mdl.dspin"
	if command -v spin >/dev/null 2>&1; then
		( cd "$TMP" && timeout "$TO" spin -T "$M/$mdl.pml" >"$TMP/sim_$mdl.spinraw" 2>&1 )
		spin_lines "$TMP/sim_$mdl.spinraw" >"$TMP/sim_$mdl.spin"
		if [ -s "$TMP/sim_$mdl.spin" ] && cmp -s "$TMP/sim_$mdl.dspin" "$TMP/sim_$mdl.spin"; then ok "simulate_matches_spin_$mdl"
		else fail "simulate_matches_spin_$mdl" "diff (dspin < > spin): $(diff "$TMP/sim_$mdl.dspin" "$TMP/sim_$mdl.spin" | head -10 | tr '\n' '|')"; fi
	else
		ok "simulate_matches_spin_$mdl # skipped: spin not installed"
	fi
	# a deterministic model prints the same lines whatever the seed
	run "sim2_$mdl" -simulate -seed 12345 "$M/$mdl.pml"
	sim_lines "$TMP/sim2_$mdl.out" >"$TMP/sim2_$mdl.dspin"
	if cmp -s "$TMP/sim_$mdl.dspin" "$TMP/sim2_$mdl.dspin"; then ok "simulate_seed_independent_$mdl"
	else fail "simulate_seed_independent_$mdl" "$(diff "$TMP/sim_$mdl.dspin" "$TMP/sim2_$mdl.dspin" | head -5 | tr '\n' '|')"; fi
done
# the same seed gives the same run on a nondeterministic model
run simA -simulate -seed 7 -v "$M/multi_error.pml"; a=$out
run simB -simulate -seed 7 -v "$M/multi_error.pml"; b=$out
if [ "$a" = "$b" ]; then ok simulate_same_seed_same_run; else fail simulate_same_seed_same_run "two runs with -seed 7 differ"; fi
# a simulation that hits the assertion reports it and exits 1
run sim_assert -simulate -seed 1 "$M/assert_fail.pml"
if [ "$rc" -eq 1 ] && grep -qi "assert" <<<"$out"; then ok simulate_assertion
else fail simulate_assertion "rc=$rc out: $(head -c 300 <<<"$out")"; fi

# ------------------------------------------------------------ preprocessor

run pp_default -sym=none -por=none "$M/preproc.pml"; s2=$(stored_of "$out")
run pp_n3 -sym=none -por=none -DN=3 "$M/preproc.pml"; s3=$(stored_of "$out")
run pp_n5 -sym=none -por=none -DN=5 "$M/preproc.pml"; s5=$(stored_of "$out")
if [ "$s2" = 7 ] && [ "$s3" = 9 ] && [ "$s5" = 13 ]; then ok preprocessor_define_changes_states
else fail preprocessor_define_changes_states "N=2/3/5 stored $s2/$s3/$s5, expected 7/9/13 (2N+3)"; fi
run pp_undef -sym=none -por=none -DX=1 -UN "$M/preproc.pml"
if [ "$(stored_of "$out")" = 7 ]; then ok preprocessor_undef; else fail preprocessor_undef "stored=$(stored_of "$out")"; fi

# Files without '#', backslashes or "__" skip cpp (front.c: cpp_is_identity).
# Any -D forces cpp, so a file read both ways must give the same search.
# The heap models and the CLI models cover comments of every shape.
nsame=0; ndiff=""
mkdir -p "$TMP/dyn" && cp "$HERE"/models/dyn/*.dpml "$TMP/dyn/"
for f in "$TMP"/dyn/*.dpml "$M"/*.pml; do
	grep -q '[#\\]' "$f" && continue
	a=$(cd "$(dirname "$f")" && timeout "$TO" "$DSPIN" -q -sym=none -por=none -e -json "$f" 2>/dev/null | grep -o '"states_stored":[0-9]*,"states_matched":[0-9]*,"transitions":[0-9]*')
	b=$(cd "$(dirname "$f")" && timeout "$TO" "$DSPIN" -q -sym=none -por=none -e -json -D_FORCE_CPP=1 "$f" 2>/dev/null | grep -o '"states_stored":[0-9]*,"states_matched":[0-9]*,"transitions":[0-9]*')
	if [ "$a" = "$b" ]; then nsame=$((nsame + 1)); else ndiff="$ndiff $(basename "$f")($a/$b)"; fi
done
if [ -z "$ndiff" ] && [ "$nsame" -ge 20 ]; then ok "no_cpp_equals_cpp ($nsame models)"
else fail no_cpp_equals_cpp "$nsame agree; differ:$ndiff"; fi
# without cpp, the lexer itself reports an unterminated comment
printf 'byte x;\n  /* never closed\ninit { x++ }\n' > "$TMP/unterminated.pml"
run no_cpp_comment "$TMP/unterminated.pml"
if [ "$rc" -eq 2 ] && grep -q 'unterminated.pml:[0-9]*:[0-9]*: error: unterminated comment' <<<"$err"; then ok no_cpp_unterminated_comment
else fail no_cpp_unterminated_comment "rc=$rc err: $(head -c 300 <<<"$err")"; fi
# "__" may be a builtin macro: cpp still runs, so __LINE__ is a number
printf 'byte x;\ninit { x = __LINE__; assert(x == 3) }\n' > "$TMP/line.pml"
run cpp_builtin -q -sym=none -por=none "$TMP/line.pml"
if [ "$rc" -eq 1 ] && [ "$(errors_of "$out")" = 1 ]; then ok cpp_runs_for_builtin_macros
else fail cpp_runs_for_builtin_macros "rc=$rc (want an assertion violation: __LINE__ is 2) $(head -c 200 <<<"$out$err")"; fi

# ------------------------------------------------------------ Twophase

# Hand counts (derivations in the models): Twophase with SaveAll stores the
# phase-1 lists; the unreduced search stores every state.
run tp_mod3 -sym=none -por=twophase -cache=all "$M/twophase_mod3.pml"
run tp_mod3_none -sym=none -por=none "$M/twophase_mod3.pml"
if [ "$(stored_of "$out")" = 9 ] && [ "$(stored_of "$(cat "$TMP/tp_mod3.out")")" = 5 ]; then ok twophase_mod3_hand_count
else fail twophase_mod3_hand_count "twophase $(stored_of "$(cat "$TMP/tp_mod3.out")") (want 5), none $(stored_of "$out") (want 9)"; fi
run tp_basic -sym=none -por=twophase -cache=all "$M/twophase_basic.pml"
if [ "$rc" = 0 ] && [ "$(stored_of "$out")" = 768 ]; then ok twophase_basic_hand_count
else fail twophase_basic_hand_count "rc=$rc stored $(stored_of "$out") (want 768)"; fi
run tp_basic_static -sym=none -por=static "$M/twophase_basic.pml"
if [ "$(stored_of "$out")" = 65793 ]; then ok static_por_basic_like_spin
else fail static_por_basic_like_spin "stored $(stored_of "$out") (want SPIN's 65793)"; fi
# SaveNone and SaveBackEdge store fewer phase-1 states, so more states
# become phase-2 states: on mod3 all 9 (never more than unreduced).
for c in backedge none; do
	run "tp_mod3_$c" -sym=none -por=twophase -cache=$c "$M/twophase_mod3.pml"
	if [ "$rc" = 0 ] && [ "$(stored_of "$out")" = 9 ]; then ok "twophase_mod3_$c"
	else fail "twophase_mod3_$c" "rc=$rc stored $(stored_of "$out") (want 9)"; fi
done

# ------------------------------------------------------------ Improviso

# Improviso's two relaxations of Twophase (derivations in the models):
# the fixpoint on the paper's Fig. 3-b, phase 1 over safe choices; on PV's
# basic.pr and mod3 it keeps Twophase's counts.
for t in "improviso_fig3b 30 19 13" "improviso_nondet 39 37 29" "twophase_mod3 9 5 5" "twophase_basic 65793 768 768"; do
	read -r f w0 w1 w2 <<<"$t"
	run "ip_${f}_none" -sym=none -por=none "$M/$f.pml"; n0=$(stored_of "$out")
	run "ip_${f}_tp" -sym=none -por=twophase "$M/$f.pml"; n1=$(stored_of "$out")
	run "ip_$f" -sym=none -por=improviso "$M/$f.pml"; n2=$(stored_of "$out")
	if [ "$rc" = 0 ] && [ "$n0/$n1/$n2" = "$w0/$w1/$w2" ]; then ok "improviso_count_$f"
	else fail "improviso_count_$f" "rc=$rc none/twophase/improviso stored $n0/$n1/$n2 (want $w0/$w1/$w2)"; fi
done
run ip_bfs -sym=none -por=improviso -bfs "$M/improviso_fig3b.pml"
if [ "$rc" = 0 ] && grep -q 'Improviso is a depth-first safety strategy; -bfs uses the static reduction' <<<"$err"; then ok improviso_bfs_warns
else fail improviso_bfs_warns "rc=$rc $(head -c 300 <<<"$err")"; fi

# ------------------------------------------------------------ -compare

# Every distinct reduction in one process.  mutex3 has no heap, so the heap
# rows fold into the none rows: 2 symmetries x 6 reductions = 12 rows, each
# with the number that a separate run gives.
cp "$HERE/models/sym/mutex3.pml" "$TMP/mutex3.pml"
run cmp_mutex3 -compare "$TMP/mutex3.pml"
rows=$(grep -c '^[a-z,]*/[a-z]*' <<<"$out")
run cmp_single -q -sym=proc -por=twophase -cache=backedge "$TMP/mutex3.pml"
single=$(stored_of "$out")
run cmp_mutex3 -compare "$TMP/mutex3.pml"
inrow=$(awk '$1 == "proc/twophase/backedge" { print $(NF-4) }' <<<"$out")
if [ "$rc" = 0 ] && [ "$rows" = 12 ] && grep -q 'all 12 distinct configurations agree' <<<"$out" && [ -n "$single" ] && [ "$inrow" = "$single" ]; then ok compare_rows
else fail compare_rows "rc=$rc rows=$rows row=$inrow single=$single: $(head -c 400 <<<"$out")"; fi
run cmp_err -compare=none/none:heap/static:proc/twophase/none "$M/assert_fail.pml"
if [ "$rc" = 1 ] && grep -q 'agree (exit 1)' <<<"$out"; then ok compare_error_verdicts
else fail compare_error_verdicts "rc=$rc $(head -c 300 <<<"$out")"; fi
run cmp_json -compare=none/none:proc/static -json "$TMP/mutex3.pml"
if [ "$(grep -c '"algorithm":' <<<"$out")" = 2 ]; then ok compare_json_lines
else fail compare_json_lines "$(head -c 300 <<<"$out")"; fi
run cmp_bad -compare=heap/fast "$TMP/mutex3.pml"
if [ "$rc" = 2 ] && grep -q "bad configuration 'heap/fast'" <<<"$err"; then ok compare_bad_config
else fail compare_bad_config "rc=$rc $err"; fi

# ------------------------------------------------------------ -dot

# The error state's heap as a Graphviz graph: the lost-update model leaves
# a root `root` pointing at one node object with key 1 (not 3).
cp "$(dirname "$0")/models/dyn/object_lock_chan_bug.dpml" "$TMP/dotbug.dpml"
run dot_written -q -dot "$TMP/heap.dot" "$TMP/dotbug.dpml"
if [ "$rc" -eq 1 ] && grep -q '^digraph heap' "$TMP/heap.dot" 2>/dev/null && grep -q '"\.root" -> obj1' "$TMP/heap.dot" \
   && grep -q 'node#1' "$TMP/heap.dot"; then ok dot_written
else fail dot_written "exit $rc; dot file: $(head -c 300 "$TMP/heap.dot" 2>/dev/null)"; fi
# FILE.svg is rendered by Graphviz (scripts/setup.sh installs it): an SVG
# with the node object in it, and no .dot file left behind
if command -v dot >/dev/null; then
	run dot_svg -q -dot "$TMP/heap.svg" "$TMP/dotbug.dpml"
	if [ "$rc" -eq 1 ] && grep -q '<svg' "$TMP/heap.svg" 2>/dev/null && grep -q 'node#1' "$TMP/heap.svg" && [ ! -e "$TMP/heap.svg.dot" ]; then ok dot_svg
	else fail dot_svg "exit $rc: $(head -c 200 "$TMP/heap.svg" 2>/dev/null) $err"; fi
fi

# ------------------------------------------------------------ very long expressions

# 50,000 terms in a row: a clear error, not a stack overflow in the
# recursive checker or evaluator (SPIN's own parser crashes here).
{ printf 'int x; init { x = 1'; printf '+1%.0s' $(seq 1 50000); printf ' }\n'; } > "$TMP/long.pml"
run long_expression "$TMP/long.pml"
if [ "$rc" -eq 2 ] && grep -q 'expression too long' <<<"$err"; then ok long_expression
else fail long_expression "exit $rc: $(tail -c 200 <<<"$err")"; fi

# ------------------------------------------------------------ state vector limits

# Models whose state vector cannot fit: dspin must say so (exit 1 or 2 with
# a message), never crash or answer as if the model were smaller.
for mdl in vector_too_large_globals vector_too_large_locals; do
	run "$mdl" -sym=none -por=none "$M/$mdl.pml"
	if [ "$rc" -ge 124 ]; then fail "$mdl" "exit status $rc (crash or hang): $(tail -c 200 <<<"$err")"
	elif grep -Eq "$SANITIZER_RE" <<<"$err"; then fail "$mdl" "sanitizer report: $(grep -m1 -E "$SANITIZER_RE" <<<"$err")"
	elif [ "$rc" -eq 1 ] || [ "$rc" -eq 2 ]; then ok "$mdl (exit $rc)"
	else fail "$mdl" "exit status $rc: the model does not fit in the state vector but no error was reported ($(stored_of "$out") states stored, $(errors_of "$out") errors)"; fi
done

# ------------------------------------------------------------ limits

# Every limit of the state layout (vm/vm.h, docs/language.md "Limits") is
# either refused before the search with file:line:col (exit 2) or, where
# only a run reaches it, a run-time error with a trail (exit 1); never a
# crash, a sanitizer report, or a silently wrong answer.
# limit NAME MODEL RC REGEX: runs the model, checks exit status and stderr
limit() {
	local name=$1 model=$2 want=$3 re=$4
	run "limit_$name" -sym=none -por=none "$M/limits/$model"
	if [ "$rc" -ge 124 ]; then fail "limit_$name" "exit status $rc (crash or hang): $(tail -c 300 <<<"$err")"
	elif grep -Eq "$SANITIZER_RE" <<<"$err"; then fail "limit_$name" "sanitizer report: $(grep -m1 -E "$SANITIZER_RE" <<<"$err")"
	elif [ "$rc" -ne "$want" ]; then fail "limit_$name" "exit status $rc, expected $want; stderr: $(head -c 300 <<<"$err")"
	elif ! grep -Eq "$re" <<<"$err$out"; then fail "limit_$name" "no '$re' in: $(head -c 300 <<<"$err$out")"
	else ok "limit_$name"; fi
}
limit fields fields_256.pml 2 "fields_256\.pml:3:[0-9]+: error: a channel's message has 256 fields, at most 255"
limit send_args send_args_256.pml 2 "send_args_256\.pml:5:[0-9]+: error: 256 message fields, at most 255"
limit params params_256.pml 2 "params_256\.pml:2:[0-9]+: error: 'p' has 256 parameters, at most 255"
limit proctypes proctypes_257.pml 2 "proctypes_257\.pml:[0-9]+:[0-9]+: error: more than 256 proctypes"
limit functions functions_257.pml 2 "functions_257\.pml:[0-9]+:[0-9]+: error: more than 256 functions"
limit chantypes chantypes_257.pml 2 "chantypes_257\.pml:[0-9]+:[0-9]+: error: more than 256 channel types"
limit classes classes_256.pml 2 "classes_256\.pml:14:[0-9]+: error: cannot allocate 'ka3333'"
limit chan_size chan_too_large.pml 2 "chan_too_large\.pml:5:[0-9]+: error: a channel of 255 messages of 256 bytes does not fit"
limit select_empty select_empty.pml 2 "select_empty\\.pml:5:[0-9]+: error: bad range in select: 5 \\.\\. 3 is empty"
limit select select_range.pml 0 "196612 states, stored"
limit locations locations.pml 2 "locations\.pml:[0-9]+:[0-9]+: error: 'p' compiles to [0-9]+ locations, at most 65535"
limit never_locations never_locations.pml 2 "never_locations\.pml:[0-9]+:[0-9]+: error: the never claim compiles to [0-9]+ locations, at most 32767"
limit initial_channels initial_channels.pml 2 "initial_channels\.pml:3:1: error: the initial state cannot be built: too many channels \\(max 255\\)"
limit initial_size initial_too_large.pml 2 "initial_too_large\.pml:3:1: error: the initial state cannot be built: state vector too large"
limit active active_256.pml 2 "active_256\\.pml:4:[0-9]+: error: too many active processes: 'init' makes 256, at most 255"
limit global_channels global_channels_256.pml 2 "global_channels_256\\.pml:4:[0-9]+: error: too many channels: 'b' makes 256, at most 255"
run limit_ltl_long -a "$M/limits/ltl_long_atom.pml"
if [ "$rc" -eq 0 ] && [ "$(errors_of "$out")" = 0 ]; then ok limit_ltl_long_holds
else fail limit_ltl_long_holds "rc=$rc, expected 0 and no error: $(head -c 300 <<<"$err")"; fi
run limit_ltl_long_bad -a -DBOUND=2 "$M/limits/ltl_long_atom.pml"
if [ "$rc" -eq 1 ] && grep -q "acceptance cycle" <<<"$out$err"; then ok limit_ltl_long_violated
else fail limit_ltl_long_violated "rc=$rc, expected 1 and an acceptance cycle: $(head -c 300 <<<"$err")"; fi
limit processes processes_300.pml 1 "too many processes \\(max 255\\) at [^ ]*processes_300\\.pml:8:[0-9]+ \\[run P\\(\\)\\] \\(at depth 763\\)"
if [ "$(stored_of "$out")" = 764 ]; then ok limit_processes_spin_count; else fail limit_processes_spin_count "stored=$(stored_of "$out"), SPIN stores 764"; fi
limit channels channels_runtime.pml 1 "too many channels \\(max 255\\)"
# the state vector's size is a resource limit: the search is incomplete
# (exit 3), not wrong, and says which limit it met
limit state_size state_runtime.pml 3 "search incomplete: state vector too large \\(more than 65535 bytes\\)"
limit heap_full heap_full.dpml 3 "search incomplete: state vector too large \\(more than 65535 bytes\\)"

# The heap bound is a resource limit: the counterexample that -por=si once
# missed ends "incomplete" in every configuration, si included (every row
# of -compare exits 3, so -compare does too).
run si_heap_bound -compare -json -heap=6 "$TMP/dyn/por_si_heap_bound.dpml"
if [ "$rc" = 3 ] && ! grep -Eq '"exit":[0124]' <<<"$out" && grep -q '"algorithm":"sym=heap por=si"' <<<"$out"; then ok si_heap_bound_incomplete_everywhere
else fail si_heap_bound_incomplete_everywhere "rc=$rc: $(head -c 600 <<<"$out")"; fi

# -compare compares verdicts of complete rows only: here -por=si runs P's
# allocation and drop before Q's and never meets -heap=2, which every
# other configuration meets (incomplete, exit 3).  Not a disagreement
# (docs/output.md); exit 0, from the complete si rows.
cat > "$TMP/compare_bound.dpml" <<'EOM'
class A { byte v }
active proctype Q() { A y; A z; y = new A; z = new A; end: false }
active proctype P() { A x; x = new A; x = null }
EOM
run compare_bound -compare -json -heap=2 "$TMP/compare_bound.dpml"
if [ "$rc" = 0 ] && grep -q '"algorithm":"sym=heap por=si".*"exit":0' <<<"$out" \
   && grep -q '"algorithm":"sym=none por=none".*"exit":3' <<<"$out" && ! grep -Eq '"exit":[124]' <<<"$out"; then ok compare_bound_not_a_verdict
else fail compare_bound_not_a_verdict "rc=$rc: $(head -c 600 <<<"$out")"; fi

# Under -a the default list is the nested search's own configurations (no
# Twophase, Improviso or -cache=none, which it refuses: they printed a
# refusal each), with -cache=backedge rows; on a model with an acceptance
# cycle every row finds it and -compare exits 1 (it exited 4 once).
out=$( cd "$TMP" && cp "$HERE/models/live/por_selfloop.pml" cmp_a.pml && "$DSPIN" -a -compare cmp_a.pml 2>&1 ); rc=$?
if [ $rc = 1 ] && ! grep -q 'VERDICTS DIFFER' <<<"$out" && grep -q 'acceptance cycle' <<<"$out" &&
   ! grep -q 'does not go with\|twophase' <<<"$out" && grep -q '^none/static/backedge ' <<<"$out"; then ok compare_a_refused_rows
else fail compare_a_refused_rows "rc=$rc: $(tail -c 600 <<<"$out")"; fi

# A reference's number can be read by no expression: heap symmetry
# renumbers objects and -por=si reorders allocations (found by review: a
# reference used as an array index made -sym=heap miss an assertion).  A
# channel named by a remote reference is refused as SPIN refuses it.
cat > "$TMP/refnum.dpml" <<'EOM'
class C { byte v }
chan q = [1] of { byte };
active proctype Z() { C r; byte a[4]; byte b; r = new C; a[r] = 1; b = -r; q!r }
EOM
run ref_number "$TMP/refnum.dpml"
if [ "$rc" = 2 ] && grep -q 'refnum.dpml:3:[0-9]*: error: a reference cannot be an array index' <<<"$err" \
   && grep -q 'error: a reference cannot be negated' <<<"$err" && grep -q 'error: message field 1 of the send on .q.: found a reference to class C, expected a number' <<<"$err"; then ok ref_number_refused
else fail ref_number_refused "rc=$rc: $(head -c 400 <<<"$err")"; fi
cat > "$TMP/remchan.pml" <<'EOM'
chan g = [2] of { byte };
proctype P(chan c) { end: false }
active proctype B() { end: len(P[1]:c) == 1 -> assert(false) }
init { run P(g) }
EOM
refused remote_chan_refused remote_chan "$TMP/remchan.pml" 'remchan.pml:3:[0-9]*: error: a channel named by a remote reference'

# ------------------------------------------------------------ P[i]@L inside a call under -a

# [] !P[0]@L holds: L is never reached, though P runs a function whose
# pc once equalled L's location number (an acceptance cycle before ec2fbc6)
for cfg in "-sym=none -por=none" "" "-cache=backedge"; do
	run remote_label_ltl -a $cfg "$M/remote_label_in_call_ltl.dpml"
	if [ "$rc" -eq 0 ] && [ "$(errors_of "$out")" = 0 ]; then ok "remote_label_in_call_ltl -a $cfg"
	else fail "remote_label_in_call_ltl -a $cfg" "exit $rc, expected 0 and no error: $(head -c 300 <<<"$err$out")"; fi
done

# An atomic sequence in a never claim: pan runs its steps one after
# another on the same system state, dspin would pair each with a system
# step and check another claim (pan: "end state in claim reached" here,
# dspin found nothing): refused at compile time, as an error at its place
printf 'byte x;\nactive proctype A() { x = 1; x = 2 }\nnever { atomic { x == 0; x == 0 }; x == 1 }\n' > "$TMP/never_atomic.pml"
refused never_atomic_refused never_atomic "$TMP/never_atomic.pml" 'never_atomic\.pml:3:9: error: atomic sequences in a never claim are not supported'
# a run in a never claim: pan starts the process (an assertion in it is
# found); dspin's claim has no effect on the system: refused
printf 'proctype Q() { assert(false) }\nactive proctype P() { byte x; do :: x = 1 - x od }\nnever { run Q(); do :: true od }\n' > "$TMP/never_run.pml"
refused never_run_refused never_run "$TMP/never_run.pml" 'never_run\.pml:3:9: error: run in a never claim is not supported'
# ... and through a function the claim calls (lang/compile.c, claim_runs)
printf 'proctype Q() { assert(false) }\nvoid f() { run Q() }\nactive proctype P() { byte x; do :: x = 1 - x od }\nnever { f(); do :: true od }\n' > "$TMP/never_call_run.dpml"
refused never_call_run_refused never_call_run "$TMP/never_call_run.dpml" "never_call_run\.dpml:4:9: error: a never claim calls 'f', which starts a process"

# A label on an option's first statement: SPIN says "label placed
# incorrectly" and goes on.  An end/progress/accept label there marks
# another state in pan than the one written (pan: `do :: end: c?x od` is a
# valid end state, `do :: progress: x < 3 -> x = 0 od` no non-progress
# cycle; a label on the option's own location gives the opposite
# verdicts), so dspin refuses it; any other label is a goto target, which
# pan and dspin place alike (a warning)
printf 'chan c = [0] of {byte};\nactive proctype A() {\n  byte x;\n  do\n  :: c?x\n  :: end: c?x\n  od\n}\n' > "$TMP/opt_end.pml"
run opt_end "$TMP/opt_end.pml"
if [ "$rc" -eq 2 ] && grep -q "opt_end.pml:6:6: error: label 'end' on the first statement of an option" <<<"$err$out"; then ok option_end_label_refused
else fail option_end_label_refused "exit $rc: $(head -c 300 <<<"$err$out")"; fi
printf 'byte x;\nactive proctype A() {\n  if\n  :: x < 2 -> x++\n  :: atomic { L: x == 0 -> x = 5 }\n  fi;\n  assert(x != 5)\n}\n' > "$TMP/opt_goto.pml"
run opt_goto "$TMP/opt_goto.pml"
if [ "$rc" -eq 1 ] && grep -q "opt_goto.pml:5:15: warning: label 'L' on the first statement of an option" <<<"$err$out" &&
   [ "$(errors_of "$out")" = 1 ]; then ok option_goto_label_warned
else fail option_goto_label_warned "exit $rc: $(head -c 300 <<<"$err$out")"; fi

# An end/progress/accept label inside a d_step marks no state: SPIN
# warns "progress label inside d_step - is invisible", and pan -l finds
# the non-progress cycle of this model; dspin warns as SPIN and agrees
printf 'byte i;\nactive proctype A() {\n  do\n  :: i = 1; d_step { i = 2; progress: i = 0 }\n  od\n}\n' > "$TMP/dstep_prog.pml"
run dstep_prog -l "$TMP/dstep_prog.pml"
if [ "$rc" -eq 1 ] && grep -q "dstep_prog.pml:4:29: warning: label 'progress' inside a d_step marks no state" <<<"$err$out" &&
   grep -q "non-progress cycle" <<<"$out"; then ok dstep_progress_label_warned
else fail dstep_progress_label_warned "exit $rc: $(head -c 300 <<<"$err$out")"; fi

# An atomic sequence that never ends: the claim does not move inside it,
# so it stays at the accepting state it had when the sequence began (the
# run's last observed state repeated, as at a terminated system): an
# acceptance cycle whose trail replays and closes.  pan does not end on
# this model; before 2026-11-28 dspin's claim moved inside the sequence,
# had no move at y == 2 and reported no error.
for cfg in "-sym=none -por=none" "" "-cache=backedge" "-f"; do
	rm -rf "$TMP/cal"; mkdir "$TMP/cal"; cp "$M/claim_atomic_loop.pml" "$TMP/cal/m.pml"
	run claim_atomic_loop -a $cfg "$TMP/cal/m.pml"
	rp=$(cd "$TMP/cal" && timeout "$TO" "$DSPIN" -t m.pml 2>&1); rrc=$?
	if [ "$rc" -eq 1 ] && [ "$(errors_of "$out")" = 1 ] && grep -q 'acceptance cycle' <<<"$out" &&
	   [ "$rrc" -eq 1 ] && grep -q 'the cycle returns to the state where it started' <<<"$rp"; then ok "claim_atomic_loop -a $cfg"
	else fail "claim_atomic_loop -a $cfg" "exit $rc, expected an acceptance cycle whose trail closes: $(head -c 300 <<<"$err$out$rp")"; fi
done

# -a on accept labels in the processes, without a claim, as pan -a: no
# invalid end states (pan checks them only without a_cycles), and a state
# where nothing can move at an accept label is an acceptance cycle (pan's
# "accept stutter"), whose trail replays and closes; -E drops invalid end
# states from a safety search (pan -E).  The build before 2026-11-28
# reported an invalid end state in both -a cases.
rm -rf "$TMP/stut"; mkdir "$TMP/stut"; cp "$HERE/models/live/accept_stutter.pml" "$TMP/stut/m.pml"
run accept_stutter -a "$TMP/stut/m.pml"
rp=$(cd "$TMP/stut" && timeout "$TO" "$DSPIN" -t m.pml 2>&1); rrc=$?
if [ "$rc" -eq 1 ] && grep -q '^dspin: acceptance cycle' <<<"$out" && grep -q 'invalid end states.*- (disabled by -a on accept labels' <<<"$out" &&
   [ "$rrc" -eq 1 ] && grep -q 'the cycle returns to the state where it started' <<<"$rp" && grep -q 'passes an accepting state' <<<"$rp"; then ok accept_stutter
else fail accept_stutter "exit $rc: $(head -c 300 <<<"$err$out$rp")"; fi
run accept_end_unchecked -a "$HERE/models/live/accept_end_unchecked.pml"
if [ "$rc" -eq 0 ] && [ "$(errors_of "$out")" = 0 ]; then ok accept_end_unchecked
else fail accept_end_unchecked "exit $rc: $(head -c 300 <<<"$err$out")"; fi
printf 'chan c = [0] of {byte};\nactive proctype A() { byte x; c?x }\n' > "$TMP/noends.pml"
run noends_default "$TMP/noends.pml"
e1=$(errors_of "$out")
run noends_E -E "$TMP/noends.pml"
if [ "$e1" = 1 ] && [ "$(errors_of "$out")" = 0 ] && grep -q 'invalid end states.*- (disabled by -E flag)' <<<"$out"; then ok noends_E
else fail noends_E "errors $e1 without -E; with: $(head -c 300 <<<"$err$out")"; fi

# expect_error NAME MODEL MESSAGE: the unreduced search of the model text
# MODEL (printf escapes) stops with exit 1 and reports MESSAGE
expect_error() {
	printf '%b' "$2" > "$TMP/$1.pml"
	run "$1" -sym=none -por=none "$TMP/$1.pml"
	if [ "$rc" -eq 1 ] && grep -qF "$3" <<<"$out"; then ok "$1"
	else fail "$1" "exit $rc: $(head -c 300 <<<"$err$out")"; fi
}

# A rendezvous send inside a d_step is a run-time error when tried, as in
# pan ("rv-attempt in d_step", which stops pan's search, so the model is
# not in the agreement corpus); the build before 2026-11-28 took the d_step
# as blocked, here a valid end state and no error
expect_error rv_dstep_send_refused 'byte y;\nchan r = [0] of { byte };\nactive proctype A() { end: d_step { r!2; y = 1 } }\nactive proctype B() { byte v; end: y == 5; r?v }\n' \
	'rendezvous send inside a d_step (SPIN: rv-attempt in d_step)'

# q?<...> of a rendezvous channel is a run-time error, as in pan
# ("polling rv chan"; pan counts it twice, so the model is not in the
# agreement corpus; the build before 2026-11-28 took it as blocked)
expect_error rv_copy_refused 'chan r = [0] of { byte };\nbyte y;\nactive proctype A() { byte v; end: r?<v>; y = 2 }\nactive proctype B() { end: r!1 }\n' \
	'q?<...> on a rendezvous channel (SPIN: polling rv chan)'

# Process symmetry's removal of a finished instance waits until no other
# process holds atomic control, so that the trail's death step replays
# (models/cli/procsym_death_atomic.pml; the build before 0b98cc9 fails)
rm -rf "$TMP/pda"; mkdir "$TMP/pda"; cp "$M/procsym_death_atomic.pml" "$TMP/pda/m.pml"
run procsym_death_atomic -sym=proc -por=none "$TMP/pda/m.pml"
rp=$(cd "$TMP/pda" && timeout "$TO" "$DSPIN" -t m.pml 2>&1); rrc=$?
if [ "$rc" -eq 1 ] && grep -q 'invalid end state' <<<"$out" && [ "$rrc" -eq 1 ] && grep -q 'replay reached the invalid end state' <<<"$rp"; then ok procsym_death_atomic
else fail procsym_death_atomic "exit $rc: $(head -c 300 <<<"$err$out$rp")"; fi

# A run-time error in a provided clause is the process's move, as in pan
# (a bad index, a poll of a rendezvous channel); dspin took the clause as
# false, so the process never moved and nothing was reported (helper-40)
expect_error provided_error_index 'byte a[2]; byte i = 5;\nactive proctype A() provided (a[i] == 0) { i = 1 }\n' 'array index out of bounds'
expect_error provided_error_poll 'chan r = [0] of { byte };\nactive proctype A() provided (r?[0]) { skip }\n' 'poll of a rendezvous channel'
# -noclaim -a on a model whose dropped claim has accept labels: pan
# -DNOCLAIM keeps a_cycles on, so no invalid end states (helper-40)
printf 'chan c = [0] of { byte };\nbyte x;\nactive proctype A() { byte v; x = 1; c?v }\nnever { accept_init: do :: x == 0 od }\n' > "$TMP/noclaim_acc.pml"
run noclaim_acc -noclaim -a "$TMP/noclaim_acc.pml"
if [ "$rc" -eq 0 ] && [ "$(errors_of "$out")" = 0 ]; then ok noclaim_a_no_end_states
else fail noclaim_a_no_end_states "exit $rc: $(head -c 300 <<<"$err$out")"; fi
# every label of an option's head is checked, through further labels and
# blocks (helper-40: `:: L: end: c?x` passed the check)
printf 'chan c = [0] of { byte };\nactive proctype A() { byte x; do :: c?x :: L: end: c?x od }\n' > "$TMP/opt_end2.pml"
run opt_end2 "$TMP/opt_end2.pml"
if [ "$rc" -eq 2 ] && grep -q "opt_end2.pml:2:47: error: label 'end' on the first statement of an option" <<<"$err$out"; then ok option_second_label_refused
else fail option_second_label_refused "exit $rc: $(head -c 300 <<<"$err$out")"; fi

# -t checks what a cycle claims to be: accepting, and weakly fair under
# -f (the trail is edited to be neither; a replay that only checked that
# the cycle closes passed all three)
rm -rf "$TMP/cyc"; mkdir "$TMP/cyc"; cp "$M/cycle_check.pml" "$TMP/cyc/m.pml"
sed 's/accept_S1/S1/g' "$M/cycle_check.pml" > "$TMP/cyc/n.pml"
( cd "$TMP/cyc" && { timeout "$TO" "$DSPIN" -q -a m.pml >/dev/null 2>&1; cp m.pml.trail n.pml.trail; } &&
  sed 's/^# options: \(.*\)/# options: \1 -f/' m.pml.trail > f.trail )
rp=$(cd "$TMP/cyc" && timeout "$TO" "$DSPIN" -t m.pml 2>&1); rrc=$?
if [ "$rrc" -eq 1 ] && grep -q 'cycle returns' <<<"$rp" && grep -q 'passes an accepting state' <<<"$rp" && ! grep -q 'weakly fair' <<<"$rp"; then ok "cycle_check accepting"
else fail "cycle_check accepting" "$(head -c 300 <<<"$rp")"; fi
rp=$(cd "$TMP/cyc" && timeout "$TO" "$DSPIN" -t n.pml 2>&1); rrc=$?
if [ "$rrc" -eq 5 ] && grep -q 'cycle returns' <<<"$rp" && grep -q 'passes NO accepting state' <<<"$rp"; then ok "cycle_check not accepting"
else fail "cycle_check not accepting" "$(head -c 300 <<<"$rp")"; fi
rp=$(cd "$TMP/cyc" && timeout "$TO" "$DSPIN" -replay f.trail m.pml 2>&1); rrc=$?
if [ "$rrc" -eq 5 ] && grep -q 'NOT weakly fair: process 0 ' <<<"$rp"; then ok "cycle_check unfair"
else fail "cycle_check unfair" "$(head -c 300 <<<"$rp")"; fi

# a cycle closed on heap-symmetric states replays on -sym=none: the end
# state is the start once both heaps are numbered canonically
rm -rf "$TMP/cych"; mkdir "$TMP/cych"; cp "$M/cycle_heap.dpml" "$TMP/cych/m.dpml"
( cd "$TMP/cych" && timeout "$TO" "$DSPIN" -q -a m.dpml >/dev/null 2>&1 )
rp=$(cd "$TMP/cych" && timeout "$TO" "$DSPIN" -sym=none -por=none -t m.dpml 2>&1); rrc=$?
if [ "$rrc" -eq 1 ] && grep -q 'the cycle returns to the state where it started' <<<"$rp" && grep -q 'error reproduced' <<<"$rp"; then ok cycle_heap_replay_unreduced
else fail cycle_heap_replay_unreduced "exit $rrc: $(tail -3 <<<"$rp")"; fi

# ------------------------------------------------------------ a CPU-time limit

# `ulimit -t` stops dspin as it stops pan: SIGXCPU, exit 152 (Boehm GC's
# threaded build used SIGXCPU to restart threads and caught it, so a
# 2-second limit let a 10-second search finish; cli/main.c)
rc=$( { (ulimit -S -t 1; timeout "$TO" "$DSPIN" -q -hc "$M/cpu_limit/count_forever.pml" \
	>/dev/null 2>&1); echo $?; } 2>/dev/null )
if [ "$rc" -eq 152 ]; then ok cpu_limit_stops_dspin
else fail cpu_limit_stops_dspin "exit $rc under ulimit -S -t 1, expected 152 (SIGXCPU)"; fi

# ------------------------------------------------------------ no memory for the search

# A search that cannot have its store (here -bitstate -w 36, 8 GiB of
# bits, under a 1 GiB address-space limit) must say so and exit 3, never
# print an empty "complete" summary with exit 0 (it did until 2026-11-27).
# Not under a sanitizer, whose shadow memory needs the address space.
if ! ldd "$DSPIN" 2>/dev/null | grep -q 'libasan\|libtsan'; then
	rc=$( { (ulimit -v 1048576; timeout "$TO" "$DSPIN" -bitstate -w 36 "$HERE/models/sym/mutex3.pml" \
		>"$TMP/nomem.out" 2>"$TMP/nomem.err"); echo $?; } 2>/dev/null )
	err=$(cat "$TMP/nomem.err"); out=$(cat "$TMP/nomem.out")
	if [ "$rc" -eq 3 ] && grep -q 'dspin: cannot search: out of memory for 2^36 bits' <<<"$err" && ! grep -q 'states, stored' <<<"$out"; then ok no_memory_bitstate
	else fail no_memory_bitstate "exit $rc, expected 3 and 'cannot search': $(head -c 300 <<<"$err$out")"; fi
	rc=$( { (ulimit -v 1048576; timeout "$TO" "$DSPIN" -compare -bitstate -w 36 "$HERE/models/sym/mutex3.pml" \
		>"$TMP/nomem.out" 2>"$TMP/nomem.err"); echo $?; } 2>/dev/null )
	if [ "$rc" -eq 3 ]; then ok no_memory_compare
	else fail no_memory_compare "exit $rc, expected 3: $(head -c 300 "$TMP/nomem.err" "$TMP/nomem.out")"; fi
fi

# ------------------------------------------------------------ fuzzer reproducers

# Inputs that crashed or hung the front end under tests/fuzz/fuzz_parser.c.
# dspin must end normally (exit 0, 1 or 2), within the time limit, without
# a sanitizer report.
for f in "$BAD"/fuzz_*.pml; do
	[ -e "$f" ] || continue
	name=$(basename "$f" .pml)
	TO=5 run "bad_$name" -sym=none -por=none "$f"
	if [ "$rc" -eq 124 ]; then fail "$name" "timed out (no answer after 5 s)"
	elif [ "$rc" -ge 3 ]; then fail "$name" "exit status $rc (crash?): $(tail -c 300 <<<"$err")"
	elif grep -Eq "$SANITIZER_RE" <<<"$err"; then fail "$name" "sanitizer report: $(grep -m1 -E "$SANITIZER_RE" <<<"$err")"
	else ok "$name (exit $rc)"; fi
done

# ------------------------------------- one process: nothing to reduce
# A model that never has a second process (reduce/layer_por.c,
# por_one_process): the ample layer expands every state fully and asks no
# proviso; the counts are the unreduced search's (a hand count: x = 0..3
# at the do, 0..2 after `x < 3`, 3 after `x == 3`: 8 states, 9
# transitions), and the summary says so.  A `run`, or active [2], is a
# second process: the reduction keeps one process's moves in some states.
printf 'active proctype P() { byte x; do :: x < 3 -> x++ :: x == 3 -> x = 0 od }\n' > "$TMP/one_proc.pml"
printf 'proctype Q() { skip }\nactive proctype P() { byte x; run Q(); do :: x < 3 -> x++ :: x == 3 -> x = 0 od }\n' > "$TMP/run_proc.pml"
printf 'active [2] proctype P() { byte x; do :: x < 3 -> x++ :: x == 3 -> x = 0 od }\n' > "$TMP/two_proc.pml"
for por in static si; do
	run one_proc_$por -por=$por "$TMP/one_proc.pml"
	if [ "$rc" = 0 ] && [ "$(stored_of "$out")" = 8 ] && grep -q '9 transitions' <<<"$out" &&
		grep -q 'one process: nothing to reduce' <<<"$out"; then ok "one_process_$por"
	else fail "one_process_$por" "exit $rc, stored $(stored_of "$out") (hand count 8): $(grep -E 'partial|transitions' <<<"$out" | tr '\n' ' ')"; fi
done
for m in run_proc two_proc; do
	run ${m}_static -sym=none -por=static "$TMP/$m.pml"
	nred=$(sed -n 's/^ *\([0-9]*\) states expanded with one process.*/\1/p' <<<"$out")
	if [ "$rc" = 0 ] && [ "${nred:-0}" -gt 0 ] && ! grep -q 'one process: nothing' <<<"$out"; then ok "second_process_$m"
	else fail "second_process_$m" "exit $rc, ${nred:-no} states expanded with one process: $(grep -E 'partial' <<<"$out")"; fi
done

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
