#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "tsv.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif


size_t
tsv_unescape(char *s, size_t n)
{
	char *r = memchr(s, '\\', n), *w, *e = s + n;

	if (!r)
		return n;
	for (w = r; r < e; r++) {
		if (*r == '\\' && r + 1 < e) {
			switch (r[1]) {
			case 't': *w++ = '\t'; r++; continue;
			case 'n': *w++ = '\n'; r++; continue;
			case 'r': *w++ = '\r'; r++; continue;
			case '0': *w++ = '\0'; r++; continue;
			case '"': *w++ = '"'; r++; continue;
			case '\\': *w++ = '\\'; r++; continue;
			}
		}
		*w++ = *r;
	}
	return (size_t)(w - s);
}

/* Records a field ending at q; the next one starts after it (f and len
 * have room for one past max). */
#define CUT(q) do {							\
	if (i < max) {							\
		t->len[i] = (size_t)((q) - start);			\
		t->f[i + 1] = start = (q) + 1;				\
	}								\
	i++;								\
} while (0)

/*
 * Splits line into t->f / t->len (at most max fields kept); returns the
 * number of fields there are, and in *quote whether a kept field begins
 * with '"' (then the row is CSV-quoted, and csv_row reads it again).
 * Notes in t->esc whether the row holds a backslash at all: most hold
 * none, and their fields need no un-escaping.  One pass, 16 bytes at a
 * time where SSE2 is there, the last 31 or fewer masked to the line (it
 * lies in src's buffer, whose padding makes the 32 bytes past it
 * readable): rows of
 * np-trace's output have many short fields, and a memchr call per field
 * costs more than the field.
 */
static int
split(struct tsv *t, char *line, size_t n, int max, int *quote)
{
	char *p = line, *e = line + n, *start = line;
	int i = 0, k;
	unsigned anyq = 0, anyb = 0;

	t->f[0] = line;
#if defined(__SSE2__)
	const __m128i tab = _mm_set1_epi8('\t'), dq = _mm_set1_epi8('"'),
	    bs = _mm_set1_epi8('\\');
	__m128i qs = _mm_setzero_si128(), bss = _mm_setzero_si128();

	/* 32 bytes a step: the tabs' mask taken at once, quotes and
	 * backslashes only gathered, looked at once a row. */
	for (; e - p >= 32; p += 32) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)
		    (p + 16));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a,
		    tab)) | (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b,
		    tab)) << 16;

		qs = _mm_or_si128(qs, _mm_or_si128(_mm_cmpeq_epi8(a, dq),
		    _mm_cmpeq_epi8(b, dq)));
		bss = _mm_or_si128(bss, _mm_or_si128(_mm_cmpeq_epi8(a, bs),
		    _mm_cmpeq_epi8(b, bs)));
		for (; m; m &= m - 1)
			CUT(p + __builtin_ctz(m));
	}
	anyq = (unsigned)_mm_movemask_epi8(qs);
	anyb = (unsigned)_mm_movemask_epi8(bss);
	if (p < e) {	/* the last 31 bytes or fewer, masked to the line */
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)
		    (p + 16));
		unsigned in = (unsigned)((1ULL << (e - p)) - 1);
		unsigned m = ((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a,
		    tab)) | (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b,
		    tab)) << 16) & in;

		anyq |= ((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, dq)) |
		    (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, dq)) << 16) &
		    in;
		anyb |= ((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, bs)) |
		    (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, bs)) << 16) &
		    in;
		for (; m; m &= m - 1)
			CUT(p + __builtin_ctz(m));
	}
#else
	for (; p < e; p++) {
		if (*p == '\t')
			CUT(p);
		anyq |= *p == '"';
		anyb |= *p == '\\';
	}
#endif
	if (i < max)
		t->len[i] = (size_t)(e - start);
	t->esc = anyb != 0;
	*quote = 0;
	for (k = 0; anyq && k <= i && k < max; k++)
		if (t->len[k] && t->f[k][0] == '"')
			*quote = 1;
	return i + 1;
}

/* Drops the blanks that begin each unquoted field of the row (CSV written
 * "a, b"), keeping where each field starts right for messages. */
static void
skipblanks(struct tsv *t)
{
	int i;

	for (i = 0; i < t->ncol; i++) {
		if (t->quotes && t->quoted[i])
			continue;
		while (t->len[i] && (*t->f[i] == ' ' || *t->f[i] == '\t')) {
			t->f[i]++;
			t->len[i]--;
			if (t->quotes)
				t->fcol[i]++;
		}
	}
}

/* The next row: split in one pass if it holds no quoted field, else
 * read again by csv_row.  Returns how many fields it has, 0 at the end. */
static int
row(struct tsv *t, int max)
{
	char *line;
	size_t n;
	int nf, quote;

	t->esc = 1;	/* csv_row does not look */
	if (t->delim == ',')
		return csv_row(t, max);
	if (!src_getline(t->in, &line, &n))
		return 0;
	t->line = t->in->line;
	t->quotes = 0;
	nf = split(t, line, n, max, &quote);
	if (quote) {
		src_ungetline(t->in, line, n);
		nf = csv_row(t, max);
		t->esc = 1;	/* its lines may be more than this one */
	}
	return nf;
}

int
tsv_open(struct tsv *t, struct src *in, char delim)
{
	size_t need;
	char *h;
	int i;

	t->in = in;
	t->delim = delim;
	t->ncol = 0;
	/* Those before the header, passed over already: counted as any. */
	t->blanks = in->blanks;
	t->firstblank = in->firstblank;
	if ((t->ncol = row(t, TSV_MAXCOL)) == 0)
		return 0;
	if (t->ncol > TSV_MAXCOL)
		np_die_at(in->name, t->line, 0, "header has %d columns, "
		    "more than the %d supported", t->ncol, TSV_MAXCOL);
	t->skipblanks = 0;
	for (i = 1; delim == ',' && i < t->ncol; i++)
		if (t->len[i] && (*t->f[i] == ' ' || *t->f[i] == '\t') &&
		    !(t->quotes && t->quoted[i]))
			t->skipblanks = 1;
	if (t->skipblanks)
		skipblanks(t);
	/* The names, each NUL-terminated, in a buffer of their own. */
	for (need = 0, i = 0; i < t->ncol; i++)
		need += t->len[i] + 1;
	if (need > t->hdrcap) {
		free(t->hdr);
		t->hdrcap = need;
		if (!(t->hdr = malloc(t->hdrcap)))
			np_die("out of memory");
	}
	for (h = t->hdr, i = 0; i < t->ncol; i++) {
		memcpy(h, t->f[i], t->len[i]);
		h[t->len[i]] = '\0';
		t->name[i] = h;
		h += t->len[i] + 1;
	}
	return 1;
}

int
tsv_next(struct tsv *t)
{
	int nf;

	for (;;) {
		if ((nf = row(t, t->ncol)) == 0)
			return 0;
		/* A blank line (as an editor or a concatenation leaves
		 * between rows) is no row of one missing value: the header
		 * has two or more columns. */
		if (nf != 1 || t->len[0] != 0 || t->ncol < 2 ||
		    (t->quotes && t->quoted[0]))
			break;
		if (t->blanks++ == 0)
			t->firstblank = t->line;
	}
	if (t->skipblanks && nf == t->ncol)
		skipblanks(t);
	if (nf != t->ncol) {
		/* Where the extra field starts, or the row ends. */
		if (!t->quotes) {
			t->xline = t->line;
			t->xcol = nf > t->ncol ? src_col(t->in,
			    t->f[t->ncol - 1] + t->len[t->ncol - 1]) + 1 :
			    src_col(t->in, t->f[nf - 1] + t->len[nf - 1]);
		}
		np_die_at(t->in->name, t->xline, t->xcol,
		    "expected %d %s-separated fields as in the header, "
		    "found %d", t->ncol, t->delim == ',' ? "comma" : "tab",
		    nf);
	}
	return 1;
}

long
tsv_fieldline(const struct tsv *t, int i)
{
	return t->quotes ? t->fline[i] : t->line;
}

long
tsv_fieldcol(const struct tsv *t, int i)
{
	return t->quotes ? t->fcol[i] : src_col(t->in, t->f[i]);
}

const char *
tsv_shown(char *buf, const char *s, size_t n, size_t max)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char c;
	size_t i, k = 0;

	if (max > 60)
		max = 60;
	for (i = 0; i < n && i < max; i++) {
		c = (unsigned char)s[i];
		if (c >= 0x20 && c != 0x7f) {
			buf[k++] = (char)c;
			continue;
		}
		buf[k++] = '\\';
		if (c == '\t' || c == '\n' || c == '\r') {
			buf[k++] = c == '\t' ? 't' : c == '\n' ? 'n' : 'r';
			continue;
		}
		buf[k++] = 'x';
		buf[k++] = hex[c >> 4];
		buf[k++] = hex[c & 15];
	}
	buf[k] = '\0';
	return buf;
}
