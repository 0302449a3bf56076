#!/usr/bin/env bash
# report_tests.sh DSPIN OUTDIR — the HTML report (-report), opened in
# headless Chromium: the page's contents after its script ran (steps, the
# error step selected, the heap drawn as SVG with the expected objects, the
# chart's lanes and arrows, the accepting cycle, the summary page), and
# screenshots of two steps saved in OUTDIR.  Every expected number is
# counted by hand from the models in tests/models/report/, whose comments
# give the counts; the layout (issue 40: the chart's width, its sticky lane
# header, statements in full, channels written alike, the heap's object in
# view) is measured by tests/report_probe.js in the page.  Exit 77 (skipped) when no Chromium is installed.
DSPIN=${1:?usage: report_tests.sh DSPIN OUTDIR}
OUT=${2:?usage: report_tests.sh DSPIN OUTDIR}
case $DSPIN in /*) ;; *) DSPIN=$PWD/$DSPIN ;; esac
MODELS=$(cd "$(dirname "$0")/models/report" && pwd)
PROBE=$(cd "$(dirname "$0")" && pwd)/report_probe.js
BROWSER=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
[ -n "$BROWSER" ] || { echo "no chromium: skipped (scripts/setup.sh installs it)"; exit 77; }
mkdir -p "$OUT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cp "$MODELS"/* "$TMP"/
cd "$TMP" || exit 2
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
check() { if [ "$2" = "$3" ]; then ok "$1: $2"; else bad "$1: got '$2', want '$3'"; fi; }

chrome() {   # chrome ARGS... URL: headless, its own profile, no GPU
	timeout 60 "$BROWSER" --headless --disable-gpu --no-sandbox --hide-scrollbars \
		--user-data-dir="$TMP/profile" --window-size=1400,900 "$@" 2>/dev/null
}
dom() {      # dom PAGE [STEP]: the page's DOM after its script ran
	chrome --dump-dom "file://$TMP/$1${2:+#step=$2}"
}
attr() {     # attr NAME DOM: the body's data-NAME
	printf '%s' "$2" | grep -o "<body[^>]*" | grep -o "data-$1=\"[^\"]*\"" | cut -d'"' -f2
}
svg() {      # svg ID DOM: the <svg> element with that id
	local s=${2#*<svg class=\"heap\" id=\"$1\"}
	[ "$s" = "$2" ] && return
	printf '%s' "${s%%</svg>*}"
}
objects() {  # objects SVG: the names of its objects, sorted, on one line
	printf '%s' "$1" | grep -o '<g class="obj[^"]*" data-name="[^"]*"' | sed 's/.*data-name="//; s/"$//' | sort | tr '\n' ' ' | sed 's/ $//'
}
count() { printf '%s' "$2" | grep -o "$1" | wc -l; }

# 1. a null dereference in a list (list_null.dpml): eight steps, the last
#    the error; two objects; Node#2 new in step 4.
"$DSPIN" -report list.html list_null.dpml >/dev/null; rc=$?
check "list_null: exit" "$rc" 1
d=$(dom list.html)
check "list_null: steps" "$(attr steps "$d")" 8
check "list_null: error step" "$(attr error-step "$d")" 8
check "list_null: selected first" "$(attr selected "$d")" 8
h=$(svg heap "$d")
check "list_null: heap objects at step 8" "$(objects "$h")" "Node#1 Node#2"
check "list_null: head is a root" "$(count 'class="root" data-name="head"' "$h")" 1
check "list_null: init's n (null) is not drawn" "$(count 'data-name="init:0 n"' "$h")" 0
check "list_null: error shown, with where" "$(count '<p class="error">error: null dereference at list_null.dpml:[0-9]*:[0-9]* \[[^]]*\]</p>' "$d")" 1
d=$(dom list.html 4)
check "list_null: #step=4 selected" "$(attr selected "$d")" 4
h=$(svg heap "$d")
check "list_null: heap objects at step 4" "$(objects "$h")" "Node#1 Node#2"
check "list_null: Node#2 new in step 4" "$(count 'class="obj new[^"]*" data-name="Node#2"' "$h")" 1
check "list_null: Node#1 not new in step 4" "$(count 'class="obj[^"n]*" data-name="Node#1"' "$h")" 1
check "list_null: init's n moved in step 4" "$(count 'class="root changed" data-name="init:0 n"' "$h")" 1
h=$(svg heap "$(dom list.html 7)")
check "list_null: init's n set to null in step 7" "$(count 'class="root changed null" data-name="init:0 n"' "$h")" 1
rm -f "$OUT"/list_null_step4.png "$OUT"/list_null_step8.png
chrome --screenshot="$OUT/list_null_step4.png" "file://$TMP/list.html#step=4" >/dev/null
chrome --screenshot="$OUT/list_null_step8.png" "file://$TMP/list.html#step=8" >/dev/null
for s in 4 8; do
	[ -s "$OUT/list_null_step$s.png" ] && ok "screenshot of step $s" || bad "no screenshot of step $s"
done

# 2. messages (pingpong.pml): seven steps, two lanes, two buffered
#    messages each received, two rendezvous.
"$DSPIN" -report pp.html pingpong.pml >/dev/null; rc=$?
check "pingpong: exit" "$rc" 1
d=$(dom pp.html)
check "pingpong: steps" "$(attr steps "$d")" 7
check "pingpong: error step" "$(attr error-step "$d")" 7
check "pingpong: lanes" "$(count 'class="lane-name"' "$d")" 2
check "pingpong: message arrows" "$(count 'class="msg"' "$d")" 2
check "pingpong: rendezvous arrows" "$(count 'class="msg rendezvous"' "$d")" 2
check "pingpong: messages never received" "$(count 'class="msg pending"' "$d")" 0

# 3. an acceptance cycle from a known trail (accept_cycle.known_trail: four
#    moves of A's `x = 1`, the cycle marked before the fourth)
"$DSPIN" -a -replay accept_cycle.known_trail -report ac.html accept_cycle.pml >/dev/null; rc=$?
check "accept_cycle: exit" "$rc" 0
d=$(dom ac.html)
check "accept_cycle: steps" "$(attr steps "$d")" 4
check "accept_cycle: cycle starts" "$(attr cycle-start "$d")" 4
check "accept_cycle: error step" "$(attr error-step "$d")" 4
check "accept_cycle: cycle drawn" "$(count 'class="cycle-back"' "$d")" 1
check "accept_cycle: every step is A's x = 1" "$(count 'class="stmt">A:0  x = 1<' "$d")" 4

# 4. no error (three_nodes.dpml): the summary page, the largest heap with
#    its three nodes
"$DSPIN" -report tn.html three_nodes.dpml >/dev/null; rc=$?
check "three_nodes: exit" "$rc" 0
d=$(dom tn.html)
check "three_nodes: no steps" "$(attr steps "$d")" 0
check "three_nodes: verdict" "$(count 'class="verdict good">no errors: the search was complete<' "$d")" 1
check "three_nodes: largest heap" "$(objects "$(svg largest "$d")")" "Node#1 Node#2 Node#3"

# 5. layout (issue 40), measured in the browser by tests/report_probe.js,
#    which this script appends to a copy of the page; it writes its
#    findings as name=value lines into the DOM.  A smaller window (1400 x
#    450) so that even the 7-process chart scrolls to its error step.
probe() {    # probe PAGE SETTINGS: the probe's findings, one name=value a line
	{ cat "$1"; printf '<script>%s</script>\n<script>\n' "$2"; cat "$PROBE"; printf '</script>\n'; } > "probe_$1"
	timeout 60 "$BROWSER" --headless --disable-gpu --no-sandbox --hide-scrollbars \
		--user-data-dir="$TMP/profile" --window-size=1400,450 --dump-dom "file://$TMP/probe_$1" 2>/dev/null |
		sed -n '/<pre id="probe">$/,/<\/pre>/p' | grep '=' | sed 's/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g'
}
val() { printf '%s\n' "$2" | grep "^$1=" | head -1 | cut -d= -f2-; }
#    many processes (many_procs.pml with N workers and a checker: 3N + 2
#    steps, the last the checker's long assertion): the chart is as wide as
#    its lanes, the last lane's header and the error's statement can be
#    scrolled to (within the pane's scrollWidth) and no element between
#    them and the pane cuts them off (an <svg> or an overflow box narrower
#    than they are); after the page scrolled the chart to the error step
#    the lane header is still inside the pane (sticky); the error step's
#    statement is in the chart in full; no "(0)" for the empty channels.
STMT='assert(the_number_of_workers_that_have_finished_their_work == done && len(r) == 0 && nempty(q))'
for n in 6 8 9 15 29; do   # 7, 9, 10, 16 and 30 processes
	procs=$((n + 1))
	sed "s/^#define N 15\$/#define N $n/" many_procs.pml > many$procs.pml
	"$DSPIN" -report many$procs.html many$procs.pml >/dev/null; rc=$?
	check "$procs processes: exit" "$rc" 1
	p=$(probe many$procs.html '')
	check "$procs processes: lanes" "$(val lanes "$p")" $procs
	check "$procs processes: the chart scrolled to the error step" "$(val scrolled "$p")" 1
	check "$procs processes: last lane's header within the chart's scroll width" "$(val last_lane_reachable "$p")" 1
	check "$procs processes: last lane's header not cut off" "$(val last_lane_clipped "$p")" 0
	check "$procs processes: lane header visible at the error step" "$(val last_lane_top_visible "$p")" 1
	check "$procs processes: error statement in full" "$(val error_stmt "$p")" "checker:$n $STMT"
	check "$procs processes: error statement within the chart's scroll width" "$(val error_stmt_reachable "$p")" 1
	check "$procs processes: error statement not cut off" "$(val error_stmt_clipped "$p")" 0
	check "$procs processes: no '(0)' on the page" "$(val paren0 "$p")" 0
	check "$procs processes: channels" "$(val chan_rows "$p")" "q (capacity $n)empty | r (rendezvous)empty"
done
rm -f "$OUT"/many16_error.png
chrome --screenshot="$OUT/many16_error.png" "file://$TMP/many16.html" >/dev/null
[ -s "$OUT/many16_error.png" ] && ok "screenshot of 16 processes" || bad "no screenshot of 16 processes"

#    a long list (long_list.dpml, 239 steps): at the error step (assert on
#    p.key, p the last node) Node#30 is highlighted and inside the heap
#    pane's visible area; so is Node#29, far right in the drawing too, when
#    step 176 (p.next = n, writing Node#29's next) is clicked in the chart.
"$DSPIN" -report ll.html long_list.dpml >/dev/null; rc=$?
check "long_list: exit" "$rc" 1
p=$(probe ll.html 'PROBE_OBJ="Node#30"; PROBE_STEP=176; PROBE_STEP_OBJ="Node#29"')
check "long_list: Node#30 in view at the error step" "$(val error_obj_visible "$p")" 1
check "long_list: Node#30 highlighted at the error step" "$(val error_obj_class "$p")" "obj focus"
check "long_list: step 176 selected by a click" "$(val selected "$p")" 176
check "long_list: Node#29 in view at step 176" "$(val step_obj_visible "$p")" 1
check "long_list: Node#29 highlighted at step 176" "$(val step_obj_class "$p")" "obj focus"
rm -f "$OUT"/long_list_error.png
chrome --screenshot="$OUT/long_list_error.png" "file://$TMP/ll.html" >/dev/null
[ -s "$OUT/long_list_error.png" ] && ok "screenshot of long_list" || bad "no screenshot of long_list"

# 6. a channel field of an object (chan_field.dpml): the heap's field and
#    the channels table write its contents alike, "empty" after step 1,
#    "[7,1]" after step 2.
"$DSPIN" -report cf.html chan_field.dpml >/dev/null; rc=$?
check "chan_field: exit" "$rc" 1
d=$(dom cf.html 1)
check "chan_field: heap field empty after step 1" "$(count '>c = empty<' "$(svg heap "$d")")" 1
check "chan_field: table empty after step 1" "$(count '<td>Box#1.c (capacity 2)</td><td>empty</td>' "$d")" 1
d=$(dom cf.html 2)
check "chan_field: heap field [7,1] after step 2" "$(count '>c = \[7,1\]<' "$(svg heap "$d")")" 1
check "chan_field: table [7,1] after step 2" "$(count '<td>Box#1.c (capacity 2)</td><td>\[7,1\]</td>' "$d")" 1

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
