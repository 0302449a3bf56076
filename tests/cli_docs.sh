#!/bin/bash
# cli_docs.sh DSPIN — the documentation matches the binary: --help and
# --version print on stdout and exit 0, a bad option exits 2 with the
# usage on stderr, and every option that --help names appears in the
# README and in the manual page docs/dspin.1.
DSPIN=$(readlink -f "$1")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
pass=0; fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
help=$("$DSPIN" --help 2>/dev/null); rc=$?
[ "$rc" = 0 ] && [ -n "$help" ] && ok "--help on stdout, exit 0" || bad "--help: exit $rc"
ver=$("$DSPIN" --version 2>/dev/null); rc=$?
[ "$rc" = 0 ] && [[ $ver == dspin\ * ]] && ok "--version: $ver" || bad "--version: exit $rc '$ver'"
"$DSPIN" -no-such-option m.pml >/dev/null 2>"${TMPDIR:-/tmp}/cli_docs.err"; rc=$?
[ "$rc" = 2 ] && grep -q '^usage:' "${TMPDIR:-/tmp}/cli_docs.err" && ok "bad option: usage on stderr, exit 2" || bad "bad option: exit $rc"
man=$(sed 's/\\-/-/g; s/\\f[BIRP]//g' "$ROOT/docs/dspin.1")
opts=$(printf '%s\n' "$help" | grep -oE '(^|[ ,/[])--?[A-Za-z][A-Za-z-]*' | sed 's/^[ ,/[]*//' | sort -u)
[ "$(printf '%s\n' "$opts" | wc -l)" -ge 20 ] && ok "--help names $(printf '%s\n' "$opts" | wc -l) options" || bad "--help names too few options"
# (-DNOCLAIM, -np, -safety's words in the help text are options too: -np is
# mpirun's, -DNOCLAIM pan's; output.md's table names them as well)
for o in $opts; do
	grep -qF -- "$o" "$ROOT/README.md" || bad "README.md does not mention $o"
	printf '%s\n' "$man" | grep -qF -- "$o" || bad "docs/dspin.1 does not mention $o"
	grep -qF -- "$o" "$ROOT/docs/output.md" || bad "docs/output.md does not mention $o"
done
# the version: --version, the summary's "(dspin X)" line, and every
# "(dspin X)" the docs show agree
v=${ver#dspin }
printf 'active proctype p() { skip }\n' > "${TMPDIR:-/tmp}/cli_docs_v.pml"
sv=$("$DSPIN" "${TMPDIR:-/tmp}/cli_docs_v.pml" 2>/dev/null | sed -n 's/^(dspin \(.*\))$/\1/p')
rm -f "${TMPDIR:-/tmp}/cli_docs_v.pml"
[ "$sv" = "$v" ] && ok "the summary's version is --version's ($v)" || bad "summary says (dspin $sv), --version $v"
others=$(grep -ho '(dspin [0-9][0-9.]*)' "$ROOT/README.md" "$ROOT"/docs/*.md | sort -u | grep -vF "(dspin $v)")
[ -z "$others" ] && ok "the docs show version $v only" || bad "the docs show other versions: $others"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
