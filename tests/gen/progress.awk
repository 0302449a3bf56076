# np.awk — print the program with `progress_np: skip;` after its Kth
# candidate statement line (K = seed mod number of candidates; pass 1 counts)
function cand(l,   w) {
	if (!inproc || dstep) return 0
	if (l !~ /;[ \t]*$/) return 0
	w = l; sub(/^[ \t]+/, "", w); split(w, f, /[ \t(]/)
	if (f[1] ~ /^(byte|bit|bool|short|int|unsigned|chan|mtype|pid|A|B|C|D|typedef|xr|xs|local|hidden|show)$/) return 0
	return 1
}
{
	l = $0
	if (!inproc && l ~ /^(active|proctype|init)/) { inproc = 1; depth = 0 }
	c = cand(l)
	if (l ~ /d_step[ \t]*\{/ && !dstep) { dstep = 1; dd = depth }
	n = gsub(/\{/, "{", l); m = gsub(/\}/, "}", l); depth += n - m
	if (dstep && depth <= dd) dstep = 0
	if (inproc && depth <= 0 && (n + m) > 0) inproc = 0
	if (pass == 1) { if (c) total++; next }
	if (c && k++ == want) print $0 " progress_np: skip;"; else print $0
}
END { if (pass == 1) print total }
