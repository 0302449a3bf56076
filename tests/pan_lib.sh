# pan_lib.sh: sourced by the test scripts that use SPIN as their oracle.
#
# pan_compile OUT [CC FLAGS...]
#   Run in the directory where `spin -a` has just written pan.c (and
#   pan.h, pan.m, pan.b, pan.t, pan.p): the same as
#       ${PAN_CC:-gcc} FLAGS... -o OUT pan.c
#   (same return code, the compiler's output on the same streams), except
#   that pan's hash table starts at 2^PAN_SSIZE slots (default 18, -w18)
#   instead of pan's 2^24, and that the binary comes from a cache when it
#   was compiled before.  pan touches its whole table before the search:
#   128 MB of page faults, 60 ms of a 65 ms run on the small models the
#   tests have, and most of the oracle suites' time (docs/testing.md,
#   "The pan cache").  The table chains, so its size changes no count and
#   no verdict (only the hash conflicts pan reports); an explicit -w still
#   sets it, and -DBITSTATE's default (a bit array, whose size does change
#   what is found) is left alone.  The key is a sha256 over the table's
#   size, the contents of the pan.* files that exist, the flags, the
#   compiler (its path and `--version | head -1`), `spin -V`
#   and the compiler's environment variables (CPATH and the like); when
#   pan.* #include a file of their own (c_code, c_decl), the key is over
#   the preprocessed pan.c (`CC FLAGS -E pan.c`) as well.  The binary is a
#   function of these, so a hit is the binary gcc would have written.
#
#   DSPIN_PAN_CACHE=DIR   the cache (default ~/.cache/dspin/pan);
#   DSPIN_PAN_CACHE=off   no cache: always compile.
#   A cache directory that cannot be created or written: always compile.
#   The cache keeps the DSPIN_PAN_CACHE_MAX (default 3000) most recently
#   used binaries; older ones are deleted now and then (after one store in
#   64, on average).
#   PAN_CC=cc pan_compile ...   compiles with cc instead of gcc.
#
# docs/testing.md, "The pan cache".

_PAN_SPIN_V=$(spin -V 2>/dev/null)

# _pan_key CC FLAGS...: the cache key on stdout, status 1 if there is none
_pan_key() {
	local cc=$1; shift
	local f incl=
	# an #include of anything but pan.*: its text is not in pan.*, so the
	# preprocessed source goes into the key
	if grep -hE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' pan.c pan.h pan.m pan.b pan.t pan.p 2>/dev/null |
		grep -qvE '"pan\.[a-z]"'; then incl=1; fi
	{
		echo "dspin pan cache v2 ssize ${PAN_SSIZE:-18}"
		echo "spin: $_PAN_SPIN_V"
		echo "cc: $cc $(command -v "$cc") $(readlink -f "$(command -v "$cc")")"
		"$cc" --version 2>&1 | head -1
		printf 'env: %s|%s|%s|%s|%s|%s\n' "${CPATH-}" "${C_INCLUDE_PATH-}" "${LIBRARY_PATH-}" \
			"${GCC_EXEC_PREFIX-}" "${COMPILER_PATH-}" "${LD_RUN_PATH-}"
		printf 'flags: %d\n' $#; printf '%s\0' "$@"; echo
		for f in pan.c pan.h pan.m pan.b pan.t pan.p; do
			[ -f "$f" ] || continue
			printf '%s %s\n' "$f" "$(wc -c < "$f")"
			cat "$f"
		done
		if [ -n "$incl" ]; then
			echo "preprocessed:"
			"$cc" "$@" -E pan.c 2>/dev/null || echo "preprocessing failed $RANDOM$RANDOM$$"
		fi
	} | sha256sum | cut -c1-64
}

# _pan_trim DIR MAX: delete the least recently used entries beyond MAX,
# and temporary files left by a store that was killed
_pan_trim() {
	find "$1" -maxdepth 1 -type f -name '.tmp.*' -mmin +60 -delete 2>/dev/null
	find "$1" -maxdepth 1 -type f -name '[0-9a-f]*' -printf '%T@ %p\n' 2>/dev/null |
		sort -n | head -n -"$2" | cut -d' ' -f2- | xargs -r rm -f 2>/dev/null
}

# _pan_small: pan_small.c, pan.c with the default table size PAN_SSIZE
# (the line `int ssize=24;` outside BITSTATE; pan.c without it is refused,
# rather than compiled with a table the tests did not mean)
_pan_small() {
	grep -q '^int	ssize=24;' pan.c || { echo "pan_lib.sh: pan.c has no 'int ssize=24;' line (another SPIN?)" >&2; return 1; }
	sed "s/^int	ssize=24;/int	ssize=${PAN_SSIZE:-18};/" pan.c > pan_small.c
}

pan_compile() {
	local out=${1:?usage: pan_compile OUT [CC FLAGS...]}; shift
	local cc=${PAN_CC:-gcc}
	local dir=${DSPIN_PAN_CACHE:-${HOME:-/tmp}/.cache/dspin/pan}
	local key= entry tmp rc
	if [ "$dir" != off ] && [ -f pan.c ] && mkdir -p "$dir" 2>/dev/null && [ -w "$dir" ] &&
		key=$(_pan_key "$cc" "$@") && [ ${#key} = 64 ]; then
		entry=$dir/$key
		if [ -f "$entry" ] && cp -f "$entry" "$out" 2>/dev/null; then
			touch -c "$entry" 2>/dev/null || :
			return 0
		fi
	else
		key=
	fi
	_pan_small || return 1
	"$cc" "$@" -o "$out" pan_small.c; rc=$?
	rm -f pan_small.c
	if [ $rc = 0 ] && [ -n "$key" ] && tmp=$(mktemp "$dir/.tmp.XXXXXX" 2>/dev/null); then
		if cp "$out" "$tmp" 2>/dev/null && chmod 755 "$tmp" 2>/dev/null && mv -f "$tmp" "$entry" 2>/dev/null; then
			[ $((RANDOM % 64)) = 0 ] && _pan_trim "$dir" "${DSPIN_PAN_CACHE_MAX:-3000}"
		else
			rm -f "$tmp" 2>/dev/null
		fi
	fi
	return $rc
}
