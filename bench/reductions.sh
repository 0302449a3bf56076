#!/usr/bin/env bash
# bench/reductions.sh — the README's table "Reductions measured on the
# examples": states stored by dspin on the example programs under the
# main -sym x -por configurations, one markdown row per model.
#
#   bash bench/reductions.sh            (DSPIN: default build/dspin)
#
# Each cell is `dspin -q -json -sym=S -por=P [-cache=C] FLAGS model`,
# its "states_stored"; "-" when the run did not finish within 120 s or
# ended incomplete.  Counts only: nothing here is timed.
set -u
HERE=$(cd "$(dirname "$0")" && pwd -P)
ROOT=$(dirname "$HERE")
DSPIN=${DSPIN:-$ROOT/build/dspin}

# model (relative to the root) : -D flags : label
MODELS=(
	"programs/ordered_list.dpml:-DL=3:\`programs/ordered_list.dpml -DL=3\`"
	"programs/ordered_list.dpml:-DL=6:\`programs/ordered_list.dpml -DL=6\`"
	"programs/btree.dpml::\`programs/btree.dpml\` (N=2, K=3, D=3, 4 keys each)"
	"programs/stack_pushers.dpml::\`programs/stack_pushers.dpml\` (3 pushers that end)"
	"programs/private_chains.dpml::\`programs/private_chains.dpml\` (3 workers)"
	"programs/list_updaters.dpml::\`programs/list_updaters.dpml\` (2 updaters that end, a monitor, init waiting)"
	"programs/list_updaters.dpml:-DL=3 -DN=3:\`programs/list_updaters.dpml -DL=3 -DN=3\`"
	"tests/models/sym/alloc_workers.dpml::\`tests/models/sym/alloc_workers.dpml\` (3 workers)"
	"tests/models/sym/mutex3.pml::\`tests/models/sym/mutex3.pml\` (3 processes)"
	"tests/models/spin/leader_hp.pml:-DN=5:\`tests/models/spin/leader_hp.pml -DN=5\` (Holzmann & Peled)"
	"tests/models/spin/leader_hp.pml:-DN=6:\`tests/models/spin/leader_hp.pml -DN=6\`"
)
# column head : dspin options
COLS=(
	"none/none:-sym=none -por=none"
	"none/static:-sym=none -por=static"
	"heap/none:-sym=heap -por=none"
	"heap/static:-sym=heap -por=static"
	"heap/si:-sym=heap -por=si"
	"heap,proc/none:-sym=heap,proc -por=none"
	"heap,proc/static:-sym=heap,proc -por=static"
	"heap,proc/si:-sym=heap,proc -por=si"
	"heap/twophase backedge:-sym=heap -por=twophase -cache=backedge"
	"heap,proc/twophase none:-sym=heap,proc -por=twophase -cache=none"
	"heap/improviso:-sym=heap -por=improviso"
	"heap,proc/improviso:-sym=heap,proc -por=improviso"
)

head="| model |"; rule="| --- |"
for c in "${COLS[@]}"; do head="$head ${c%%:*} |"; rule="$rule ---: |"; done
echo "$head"; echo "$rule"
for m in "${MODELS[@]}"; do
	file=${m%%:*}; rest=${m#*:}; flags=${rest%%:*}; label=${rest#*:}
	row="| $label |"
	for c in "${COLS[@]}"; do
		opts=${c#*:}
		# shellcheck disable=SC2086
		out=$(cd "$ROOT" && timeout 120 "$DSPIN" -q -json $opts $flags "$file" </dev/null 2>/dev/null)
		n=$(printf '%s' "$out" | sed -n 's/.*"states_stored":\([0-9]*\).*/\1/p')
		complete=$(printf '%s' "$out" | grep -c '"complete":true')
		[ -n "$n" ] && [ "$complete" = 1 ] || n=-
		row="$row $n |"
	done
	echo "$row"
done
