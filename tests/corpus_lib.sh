# corpus_lib.sh — sourced by the differential corpus scripts
# (sym_tests.sh, lossy_tests.sh): the set-up they share, the corpus walk,
# and the copy of a model into the scratch directory.
#   DSPIN ROOT TMP pass fail    set here ($1 is the dspin binary)
#   stored FILE                 "states, stored" of a dspin summary
#   stage MODEL                 MODEL (and the headers beside it) as $TMP/m.pml
#   each_model FN SKIP DIR...   FN NAME MODEL FLAGS... for every model of
#                               models/spin/LIST (but the files SKIP names,
#                               separated by spaces; "-" for none) and every
#                               *.dpml / *.pml of models/DIR, with its
#                               `// FLAGS:` line
DSPIN=$(readlink -f "$1")
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
stored() {   # (in bash: a sed and a head were two processes more per run)
	local line
	while IFS= read -r line; do
		[[ $line =~ ^\ *([0-9]+)\ states,\ stored ]] && { echo "${BASH_REMATCH[1]}"; return; }
	done < "$1"
}
stage() { cp "$1" "$TMP/m.pml"; cp "$(dirname "$1")"/*.h "$TMP/" 2>/dev/null; }
each_model() {
	local fn=$1 skip=$2 f flags d; shift 2
	while read -r f flags; do
		case "$f" in ''|'#'*) continue;; esac
		case " $skip " in *" $f "*) continue;; esac
		"$fn" "spin/$f$flags" "$ROOT/models/spin/$f" $flags
	done < "$ROOT/models/spin/LIST"
	for d in "$@"; do
		for f in "$ROOT/models/$d"/*.dpml "$ROOT/models/$d"/*.pml; do
			[ -e "$f" ] || continue
			flags=$(sed -n 's|^// FLAGS: ||p' "$f" | head -1)
			"$fn" "$d/$(basename "$f")" "$f" $flags
		done
	done
}
