#!/usr/bin/env bash
# dyn_tests.sh DSPIN — the dynamic (heap) model suite.
# For every tests/models/dyn/*.dpml: verify with -sym=none and -sym=heap
# (both -por=none, plus the model's `// FLAGS:` line), and check that
#  - both exit codes are equal and match `// EXPECT: ok` (0) / `error` (1) /
#    `incomplete` (3: a resource limit, -heap or -calldepth, was reached);
#  - heap symmetry never stores more states than none.
# A model with a `// HAND: none=N heap=M` line must store exactly those
# counts: a hand count documented in the model (alloc_order*.dpml).
DSPIN=${1:?usage: dyn_tests.sh DSPIN}
case $DSPIN in /*) ;; *) DSPIN=$PWD/$DSPIN ;; esac
DIR=$(cd "$(dirname "$0")/models/dyn" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0

stored() { sed -n 's/^ *\([0-9][0-9]*\) states, stored.*/\1/p' "$1" | head -1; }

for f in "$DIR"/*.dpml; do
	name=$(basename "$f" .dpml)
	expect=$(sed -n 's#^// EXPECT: *\([a-z]*\).*#\1#p' "$f" | head -1)
	# alloc_order.dpml predates the header convention: its expectation is here
	[ -z "$expect" ] && [ "$name" = alloc_order ] && expect=ok
	flags=$(sed -n 's#^// FLAGS: *##p' "$f" | head -1)
	case $expect in
	ok) want=0 ;;
	error) want=1 ;;
	incomplete) want=3 ;;
	*) echo "FAIL $name: no // EXPECT: ok|error|incomplete header"; fail=$((fail + 1)); continue ;;
	esac
	# run on a copy so trail files do not land in the source tree
	cp "$f" "$TMP/$name.dpml"
	# a CPU limit, not a wall-clock timeout: a loaded machine does not fail
	# the test (a run under load 10 failed once and passed when run again)
	(cd "$TMP" && ulimit -t 60 && exec "$DSPIN" -q -sym=none -por=none $flags "$name.dpml" >"$name.none" 2>&1); rn=$?
	(cd "$TMP" && ulimit -t 60 && exec "$DSPIN" -q -sym=heap -por=none $flags "$name.dpml" >"$name.heap" 2>&1); rh=$?
	n=$(stored "$TMP/$name.none"); h=$(stored "$TMP/$name.heap")
	why=
	[ "$rn" = "$want" ] || why="$why none exit $rn (want $want);"
	[ "$rh" = "$want" ] || why="$why heap exit $rh (want $want);"
	if [ -z "$n" ] || [ -z "$h" ]; then
		why="$why no 'states, stored' line;"
	elif [ "$h" -gt "$n" ]; then
		why="$why heap stored $h > none stored $n;"
	fi
	hand=$(sed -n 's#^// HAND: *##p' "$f" | head -1)
	if [ -n "$hand" ] && [ "$hand" != "none=$n heap=$h" ]; then
		why="$why hand count is $hand;"
	fi
	if [ -z "$why" ]; then
		echo "ok $name none=$n heap=$h"; pass=$((pass + 1))
	else
		echo "FAIL $name none=$n heap=$h:$why"; fail=$((fail + 1))
		sed 's/^/    /' "$TMP/$name.none" | grep -v '^ *$' | head -5
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
