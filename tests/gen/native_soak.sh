#!/bin/bash
# native_soak.sh — compiled against interpreted on many generated programs
# (issue 41: a soak of 20,000 programs, 0 differences).  Lighter than the
# driver: per seed one program (odd seeds dspin_gen's default programs,
# even seeds --features=flat, where the flat code is dense), the unreduced
# search `-sym=none -por=none -c0 -M 64` with -native=on and -native=off;
# exit status, states, matched, transitions, errors, first error and
# depth must be equal, and a program with flat code must have compiled
# some.  A run over the time limit either way, or incomplete, is skipped.
#
#   tests/gen/native_soak.sh [-d DSPIN] [-g GEN] [-j N] [-t SECS] FIRST LAST
#
# Objects go to a cache of the soak's own (at most 2,000, vm/native.c);
# failing programs are copied to $TMPDIR/native_soak_failures.  Prints
# one line per failure and a summary; exit 1 if any failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
DSPIN=$here/../../build/dspin GEN=$here/../../build/tests/dspin_gen JOBS=2 TL=10
while getopts "d:g:j:t:" o; do
	case $o in d) DSPIN=$OPTARG ;; g) GEN=$OPTARG ;; j) JOBS=$OPTARG ;; t) TL=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# = 2 ] || { echo "usage: native_soak.sh [-d DSPIN] [-g GEN] [-j N] [-t SECS] FIRST LAST" >&2; exit 2; }
DSPIN=$(readlink -f "$DSPIN") GEN=$(readlink -f "$GEN")
W=$(mktemp -d "${TMPDIR:-/tmp}/native_soak.XXXXXX")
trap 'rm -rf "$W"' EXIT
FAILDIR=${TMPDIR:-/tmp}/native_soak_failures
mkdir -p "$FAILDIR"
export DSPIN GEN TL W FAILDIR XDG_CACHE_HOME=$W/cache
cat > "$W/one.sh" <<'EOF'
s=$1 d=$W/s$1
mkdir -p "$d"
if [ $((s % 2)) = 0 ]; then "$GEN" "$s" --features=flat > "$d/p.pml" 2>/dev/null; else "$GEN" "$s" > "$d/p.pml" 2>/dev/null; fi
f() { grep -o '"\(states_stored\|states_matched\|transitions\|errors\|depth_reached\)":[0-9]*\|"first_error":\("[^"]*"\|null\)\|"complete":[a-z]*' "$1" | tr '\n' ' '; }
for n in on off; do
	(cd "$d" && timeout "$TL" "$DSPIN" -native=$n -sym=none -por=none -c0 -M 64 -json p.pml > $n.json 2> $n.err); echo $? > "$d/$n.rc"
done
ron=$(cat "$d/on.rc") roff=$(cat "$d/off.rc")
if [ "$ron" = 124 ] || [ "$roff" = 124 ] || grep -q '"complete":false' "$d/off.json" || [ "$roff" = 2 ]; then echo "skip $s"; rm -rf "$d"; exit 0; fi
nf=$(sed -n 's/.*"flat_code":\([0-9]*\),"compiled":\([0-9]*\),.*/\1 \2/p' "$d/on.json")
read -r nflat ncomp <<< "$nf"
if [ "$ron" != "$roff" ] || [ "$(f "$d/on.json")" != "$(f "$d/off.json")" ]; then
	cp "$d/p.pml" "$FAILDIR/seed$s.pml"
	echo "FAIL $s: compiled exit $ron $(f "$d/on.json"); interpreted exit $roff $(f "$d/off.json") -> $FAILDIR/seed$s.pml"
elif [ "${nflat:-0}" -gt 0 ] && [ "${ncomp:-0}" = 0 ]; then
	cp "$d/p.pml" "$FAILDIR/seed$s.pml"
	echo "FAIL $s: $nflat flat guards, none compiled: $(grep -m1 warning "$d/on.err")"
else
	echo "ok $s ${ncomp:-0}"
fi
rm -rf "$d"
EOF
seq "$1" "$2" | xargs -P "$JOBS" -n 1 bash "$W/one.sh" > "$W/results"
grep '^FAIL' "$W/results"
ok=$(grep -c '^ok ' "$W/results"); skip=$(grep -c '^skip ' "$W/results"); fail=$(grep -c '^FAIL' "$W/results")
nat=$(awk '$1 == "ok" && $3 > 0' "$W/results" | wc -l)
echo "native_soak: seeds $1-$2: $ok equal ($nat with native code), $skip skipped, $fail failed"
[ "$fail" = 0 ]
