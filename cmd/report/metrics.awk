# For make report: the summary.tsv of each profile (np-sum -d: profile,
# key, value) joined into one table, a column per profile in the order
# given, and a last column, ratio: the most over the least, over the
# profiles that have the metric (two or more, none of them with text for
# it; a profile without a summary, an empty file, has none), when all
# are above 0 (inf when the least is 0 and the most is not; 1 when all are
# 0); for negative numbers 1 + (most - least) / the larger magnitude.
# Metrics that every profile has come first, those that differ most
# first; then those that some profiles lack, in the same order; then
# those without a ratio (text values, or in one profile only), by name.
BEGIN {
	FS = OFS = "\t"
	for (n = 1; n < ARGC; n++) {
		prof = ARGV[n]
		sub(/\/summary\.tsv$/, "", prof)
		sub(/.*\//, "", prof)
		name[n] = prof
		file[ARGV[n]] = n
	}
	n--
}
FNR == 1 { next }
{
	f = file[FILENAME]
	if (!(($2) in seen)) {
		seen[$2] = 1
		keys[++nk] = $2
	}
	v[f, $2] = $3
	has[f, $2] = 1
}
function isnum(s) {
	return s ~ /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/
}
END {
	printf "key"
	for (i = 1; i <= n; i++)
		printf "\t%s", name[i]
	print "\tratio"
	for (k = 1; k <= nk; k++) {
		key = keys[k]
		num = 0; lo = ""; hi = ""; all = 1; miss = 0
		for (i = 1; i <= n; i++) {
			if (!has[i, key]) {
				miss = 1
				continue
			}
			if (!isnum(v[i, key])) {
				all = 0
				continue
			}
			x = v[i, key] + 0
			if (num++ == 0 || x < lo) lo = x
			if (num == 1 || x > hi) hi = x
		}
		d = ""
		if (all && num >= 2) {
			m = (hi < 0 ? -hi : hi) > (lo < 0 ? -lo : lo) ? \
			    (hi < 0 ? -hi : hi) : (lo < 0 ? -lo : lo)
			if (lo > 0)
				d = hi / lo
			else if (lo == 0)
				d = hi > 0 ? "inf" : 1
			else
				d = 1 + (hi - lo) / m
		}
		line = key
		for (i = 1; i <= n; i++)
			line = line "\t" v[i, key]
		# Sort keys: metrics every profile has, then those some lack,
		# then those without a ratio; in each, the ratio, largest (inf)
		# first; then the name.
		r = d == "" ? 0 : d == "inf" ? -1e300 : -log(d)
		print (d == "" ? 2 : miss) "\t" r "\t" \
		    line "\t" d | "sort -t '\t' -k1,1n -k2,2g -k3,3 | cut -f3-"
	}
}
