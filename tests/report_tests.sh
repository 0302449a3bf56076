#!/usr/bin/env bash
# report_tests.sh DSPIN OUTDIR — the HTML report (-report), opened in
# headless Chromium: the page's contents after its script ran (steps, the
# error step selected, the heap drawn as SVG with the expected objects, the
# chart's lanes and arrows, the accepting cycle, the summary page), and
# screenshots of two steps saved in OUTDIR.  Every expected number is
# counted by hand from the models in tests/models/report/, whose comments
# give the counts.  Exit 77 (skipped) when no Chromium is installed.
DSPIN=${1:?usage: report_tests.sh DSPIN OUTDIR}
OUT=${2:?usage: report_tests.sh DSPIN OUTDIR}
case $DSPIN in /*) ;; *) DSPIN=$PWD/$DSPIN ;; esac
MODELS=$(cd "$(dirname "$0")/models/report" && pwd)
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

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
