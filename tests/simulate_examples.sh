#!/usr/bin/env bash
# simulate_examples.sh DSPIN [EXAMPLES_DIR]
#
# Random-simulation smoke test over SPIN's own example models, plus the
# printf/printm models in tests/models/sim/.
#
# For every .pml under EXAMPLES_DIR (default
# /usr/share/doc/spin/examples/Examples, searched recursively) that
#   - SPIN itself accepts (`spin -a` succeeds in a scratch directory), and
#   - contains no embedded C (c_code, c_expr, c_decl, c_state, c_track),
# run
#       timeout 20 DSPIN -simulate -seed 1 -steps 2000 model.pml
# and require exit status 0 or 1 (1 = the simulation hit an assertion
# violation, a run-time error or a deadlock, which is fine for a random
# run) and no "error:" diagnostic on stderr (a parse or type error means
# dspin rejected a model SPIN accepts).
#
# Deterministic models are also compared line by line with SPIN's
# simulation: a model counts as deterministic when `spin -T -nS -u2000`
# prints the same printf output for the seeds S = 1, 2, 3, 17, 4711, 98765
# and none of the runs hits the -u depth limit or a 5 s timeout. Then dspin's printf output (its stdout up
# to the final-state dump, which starts at the line `N steps, ...`, and
# without its own `dspin: ...` error lines) must equal SPIN's printf output
# (without SPIN's trailer: `timeout`, `#processes: ...` and what follows,
# `N processes created`, `spin: ...` error lines).
#
# The models in tests/models/sim/ are written to be deterministic; for them
# the SPIN comparison is mandatory (a model that SPIN does not run
# deterministically is itself a FAIL) and dspin must exit 0.
#
# Output: one line per model, `ok NAME`, `FAIL NAME reason` or
# `skip NAME reason`, then `N passed, M failed`. Exit status 0 iff nothing
# failed.
#
# Environment: SIM_EXAMPLES_JOBS (default 2) parallel jobs;
# SIM_EXAMPLES_VERBOSE=1 lists the compared models on stderr.

set -u

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 DSPIN [EXAMPLES_DIR]" >&2
	exit 2
fi
DSPIN=$1
if [[ "$DSPIN" == */* ]]; then
	[ -x "$DSPIN" ] || { echo "$0: $DSPIN is not executable" >&2; exit 2; }
	DSPIN=$(cd "$(dirname "$DSPIN")" && pwd -P)/$(basename "$DSPIN")
elif ! command -v "$DSPIN" >/dev/null 2>&1; then
	echo "$0: $DSPIN not found" >&2; exit 2
fi
EXDIR=${2:-/usr/share/doc/spin/examples/Examples}
HERE=$(cd "$(dirname "$0")" && pwd -P)
SIMDIR=$HERE/models/sim
JOBS=${SIM_EXAMPLES_JOBS:-2}
SEEDS="1 2 3 17 4711 98765"

command -v spin >/dev/null 2>&1 || { echo "$0: spin not found" >&2; exit 2; }
[ -d "$EXDIR" ] || { echo "$0: no directory $EXDIR" >&2; exit 2; }

# ---------------------------------------------------------------------------
# Skip list: models that use something dspin declares unsupported.
# Format: NAME|REGEX|REASON.  NAME is the path relative to EXAMPLES_DIR.
# The model is still run: it is reported `skip` only while dspin rejects it
# with a diagnostic matching REGEX; if dspin accepts it, it is tested like
# any other model (so a stale entry cannot hide a regression, and an entry
# whose feature gets implemented turns into an ordinary `ok`).
SKIPS=(
)
# ---------------------------------------------------------------------------

WORK=$(mktemp -d "${TMPDIR:-/tmp}/simex.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# SPIN's simulation output -> its printf lines only.
spin_printf() {
	awk '
	/^#processes: /            { stop = 1 }
	/^depth-limit/             { stop = 1 }
	/^timeout$/                { stop = 1 }
	/^spin: /                  { next }
	/^ *[0-9]+: setting priority of proc / { next }
	/^ltl [^ :]+: /            { next }
	/^warning: .* not used in random simulation$/ { next }
	/^-------------$/          { next }
	/^[0-9]+ process(es)? created$/ { next }
	!stop                      { print }'
}

# dspin's simulation stdout -> its printf lines only: stop at the final
# state dump ("N steps, K processes alive"), drop "dspin: ..." lines and
# the step line printed right after an error message.
dspin_printf() {
	awk '
	/^[0-9]+ steps, /          { exit }
	/^dspin: /                 { after = 1; next }
	after && /^ *[0-9]+:\tproc / { after = 0; next }
	                           { after = 0; print }'
}

# check_one NAME FILE KIND   (KIND: example | sim)
# Prints exactly one result line.
check_one() {
	local name=$1 file=$2 kind=$3
	local d
	d=$(mktemp -d "$WORK/m.XXXXXX")
	if grep -qE '\bc_(code|expr|decl|state|track)\b' "$file"; then
		echo "skip $name embedded C code"; return
	fi
	if ! (cd "$d" && timeout 20 spin -a "$file" >spin_a.out 2>&1); then
		echo "skip $name SPIN rejects it (spin -a fails)"; return
	fi
	local skipre="" skipwhy=""
	local e
	for e in "${SKIPS[@]}"; do
		if [ "${e%%|*}" = "$name" ]; then
			skipre=${e#*|}; skipwhy=${skipre#*|}; skipre=${skipre%%|*}
		fi
	done

	timeout 20 "$DSPIN" -simulate -seed 1 -steps 2000 "$file" </dev/null >"$d/ds.out" 2>"$d/ds.err"
	local rc=$?
	if [ -n "$skipre" ] && [ $rc -ne 0 ] && grep -qE "$skipre" "$d/ds.err"; then
		echo "skip $name $skipwhy"; return
	fi
	if [ $rc -eq 124 ]; then
		echo "FAIL $name dspin timed out (20 s)"; return
	fi
	if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
		echo "FAIL $name dspin exit $rc: $(grep -m1 . "$d/ds.err")"; return
	fi
	if grep -q 'error:' "$d/ds.err"; then
		echo "FAIL $name dspin diagnostic: $(grep -m1 'error:' "$d/ds.err")"; return
	fi
	if [ "$kind" = sim ] && [ $rc -ne 0 ]; then
		echo "FAIL $name dspin exit $rc (expected 0): $(grep -m1 '^dspin: ' "$d/ds.out")"; return
	fi

	# Is the printf output deterministic under SPIN?  Seeds 1, 2, 3 alone
	# are not enough: SPIN's first random choices often coincide for them
	# (LTL/zune.pml), hence the far-apart seeds.
	local s det=1
	for s in $SEEDS; do
		(cd "$d" && timeout 5 spin -T -n$s -u2000 "$file" </dev/null >"sp.raw" 2>&1)
		# a SPIN simulation that does not finish (e.g. reading STDIN) or
		# hits the depth limit is not compared
		if [ $? -eq 124 ] || grep -q '^depth-limit' "$d/sp.raw"; then det=0; break; fi
		spin_printf <"$d/sp.raw" >"$d/sp.txt"
		if [ ! -e "$d/sp1.txt" ]; then mv "$d/sp.txt" "$d/sp1.txt"
		elif ! cmp -s "$d/sp.txt" "$d/sp1.txt"; then det=0; break; fi
	done
	if [ $det = 0 ]; then
		if [ "$kind" = sim ]; then
			echo "FAIL $name SPIN's printf output is not deterministic (bad test model)"
		else
			echo "ok $name"
		fi
		return
	fi
	dspin_printf <"$d/ds.out" >"$d/ds.txt"
	if ! cmp -s "$d/sp1.txt" "$d/ds.txt"; then
		local diffl
		diffl=$(diff "$d/sp1.txt" "$d/ds.txt" | grep -m2 '^[<>]' | tr '\n' ' ' | cut -c1-160)
		echo "FAIL $name printf output differs from spin -T (< spin, > dspin): $diffl"
		return
	fi
	echo "ok $name"
	echo "$name" >"$d/compared"
}

# Work list: "NAME<TAB>FILE<TAB>KIND", examples first, then our own models.
{
	(cd "$EXDIR" && find . -name '*.pml' -type f | sed 's|^\./||' | LC_ALL=C sort) |
		while read -r rel; do printf '%s\t%s\t%s\n' "$rel" "$EXDIR/$rel" example; done
	if [ -d "$SIMDIR" ]; then
		(cd "$SIMDIR" && ls -- *.pml 2>/dev/null | LC_ALL=C sort) |
			while read -r f; do printf 'sim/%s\t%s\t%s\n' "$f" "$SIMDIR/$f" sim; done
	fi
} >"$WORK/list"

# Run JOBS models at a time (each one in `bash -c`, results in numbered
# files), then print the results in list order.
export -f check_one spin_printf dspin_printf
export DSPIN WORK SEEDS
SKIPS_STR=$(printf '%s\n' "${SKIPS[@]}")
export SKIPS_STR
awk -F'\t' '{ printf "%05d\t%s\n", NR, $0 }' "$WORK/list" |
	xargs -P "$JOBS" -d '\n' -n 1 bash -c '
		IFS="	" read -r i name file kind <<<"$1"
		mapfile -t SKIPS <<<"$SKIPS_STR"
		check_one "$name" "$file" "$kind" >"$WORK/r.$i"
	' _

pass=0 fail=0
for r in "$WORK"/r.*; do
	[ -e "$r" ] || continue
	line=$(cat "$r")
	echo "$line"
	case $line in
	ok\ *) pass=$((pass + 1)) ;;
	FAIL\ *) fail=$((fail + 1)) ;;
	esac
done
ncmp=$(find "$WORK" -name compared | wc -l)
echo "($ncmp models compared with spin -T's printf output)" >&2
if [ -n "${SIM_EXAMPLES_VERBOSE:-}" ]; then
	find "$WORK" -name compared -exec cat {} + | LC_ALL=C sort | sed 's/^/  compared: /' >&2
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
