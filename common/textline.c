#include <string.h>

#include "num.h"
#include "textline.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * The end of the token at p: the first blank or NUL.  Lines from
 * src_getline lie in a buffer padded with SRC_PAD (64) zero bytes, so a 64-byte load
 * from any p in one is safe.
 */
static inline char *
tokenend(char *p)
{
#if defined(__SSE2__)
	for (;; p += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
		    _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))),
		    _mm_cmpeq_epi8(v, _mm_setzero_si128())));
		if (m)
			return p + __builtin_ctz(m);
	}
#else
	while (*p && *p != ' ' && *p != '\t')
		p++;
	return p;
#endif
}

/* Past the blanks at p: the columns of a trace are padded with runs of
 * them, so long runs go 16 bytes at a time. */
static inline char *
skipblanks(char *p)
{
	if (*p != ' ' && *p != '\t')
		return p;
	if (p[1] != ' ' && p[1] != '\t')
		return p + 1;
#if defined(__SSE2__)
	for (;; p += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		unsigned m = ~(unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
		    _mm_cmpeq_epi8(v, _mm_set1_epi8('\t')))) & 0xffff;
		if (m)
			return p + __builtin_ctz(m);
	}
#else
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
#endif
}

#if defined(__SSE2__)
/* The blanks (space, tab) and the NULs among the 64 bytes at p. */
static inline void
blankmask64(const char *p, uint64_t *blank, uint64_t *nul)
{
	const __m128i space = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t'),
	    zero = _mm_setzero_si128();
	uint64_t b = 0, z = 0;
	int i;

	for (i = 0; i < 4; i++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)
		    (p + 16 * i));
		b |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(v, tab))) << 16 * i;
		z |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v,
		    zero)) << 16 * i;
	}
	*blank = b;
	*nul = z;
}

/*
 * 64 bytes at a time, without a branch per byte or per blank run: a mask
 * of the token bytes gives the token starts (a token byte after a blank)
 * and ends (a blank or the NUL after a token byte), taken in order with
 * count-trailing-zeros.  A trace line's first fields fit in one block, so
 * the loops below run a fixed number of times per line and predict well;
 * fields of varying width mispredict every branch of a byte loop.
 */
int
tl_split(char *line, char **f, size_t *len, int max, char **rest)
{
	char *base = line;
	uint64_t blank, nul, tok, prev, starts, ends, carry = 0;
	int ns = 0, ne = 0;

	if (max <= 0) {
		*rest = line;
		return 0;
	}
	for (;; base += 64) {
		blankmask64(base, &blank, &nul);
		tok = ~blank & (nul ? (nul & -nul) - 1 : ~(uint64_t)0);
		prev = tok << 1 | carry;
		starts = tok & ~prev;
		ends = ~tok & prev;
		for (; starts && ns < max; starts &= starts - 1)
			f[ns++] = base + __builtin_ctzll(starts);
		for (; ends; ends &= ends - 1) {
			char *e = base + __builtin_ctzll(ends);
			len[ne] = (size_t)(e - f[ne]);
			if (++ne == max) {
				*rest = e;
				return ne;
			}
		}
		if (nul) {
			*rest = base + __builtin_ctzll(nul);
			return ne;
		}
		carry = tok >> 63;
	}
}
#else
int
tl_split(char *line, char **f, size_t *len, int max, char **rest)
{
	int n = 0;
	char *p = line;

	for (; n < max; n++) {
		p = skipblanks(p);
		if (!*p)
			break;
		f[n] = p;
		p = tokenend(p);
		len[n] = (size_t)(p - f[n]);
	}
	*rest = p;
	return n;
}
#endif

int
tl_is(const char *s, size_t n, const char *word)
{
	return strlen(word) == n && memcmp(s, word, n) == 0;
}

int
tl_islog(const char *f, size_t len)
{
	return len >= 6 && memcmp(f, "time=\"", 6) == 0;
}

int
tl_keyint(char *s, const char *key, int64_t *v)
{
	size_t klen = strlen(key);
	char *p = s, *e;

	/* Token by token: the rest of a trace line is a few short ones. */
	for (;;) {
		p = skipblanks(p);
		if (!*p)
			return 0;
		e = tokenend(p);
		if ((size_t)(e - p) > klen && p[klen] == '=' &&
		    memcmp(p, key, klen) == 0)
			return num_i64(p + klen + 1, (size_t)(e - p - klen - 1),
			    v) ? 1 : -1;
		p = e;
	}
}

/* The decimal number at the start of s ("8", "8:"), if any. */
static int
leadint(const char *s, size_t n, int64_t *v)
{
	size_t d = 0;

	while (d < n && s[d] >= '0' && s[d] <= '9')
		d++;
	return d > 0 && num_i64(s, d, v);
}

int
tl_section(char *line, char **f, size_t *len, int nf, struct tl_section *sec)
{
	char *w[TL_MAXFIELDS], *rest;
	size_t wl[TL_MAXFIELDS];
	int i, n;

	if (nf < 3 || !tl_is(f[1], len[1], "trace") ||
	    !tl_is(f[2], len[2], "for"))
		return 0;
	memset(sec, 0, sizeof *sec);
	sec->what = f[0];
	sec->whatlen = len[0];
	n = tl_split(line, w, wl, TL_MAXFIELDS, &rest);
	for (i = 3; i < n; i++) {
		if (i + 1 < n && tl_is(w[i], wl[i], "ND"))
			sec->hasnd = num_i64(w[i + 1], wl[i + 1], &sec->nd);
		else if (i + 1 < n && tl_is(w[i], wl[i], "NC"))
			sec->hasnc = num_i64(w[i + 1], wl[i + 1], &sec->nc);
		else if (tl_is(w[i], wl[i], "CC-core") && i + 1 < n)
			sec->hascore = leadint(w[i + 1], wl[i + 1],
			    &sec->core);
		else if (wl[i] > 7 && memcmp(w[i], "CC-core", 7) == 0)
			sec->hascore = leadint(w[i] + 7, wl[i] - 7,
			    &sec->core);
	}
	return 1;
}

int
tl_positions(struct reader *r, const char *const *names, const int *defs,
    int n, int *pos)
{
	int i, nsplit = 3;

	for (i = 0; i < n; i++) {
		rd_defpos(r, names[i], defs[i]);
		pos[i] = rd_pos(r, names[i]) - 1;
		if (pos[i] >= nsplit)
			nsplit = pos[i] + 1;
	}
	return nsplit;
}
