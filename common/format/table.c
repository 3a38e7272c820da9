#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "format/table.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif


static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

size_t
tsv_escape(const char *s, size_t n)
{
	if (n < 2)
		return 0;
	switch (s[1]) {
	case 't': case 'n': case 'r': case '0': case '"': case '\\':
		return 2;
	case 'x':
		return n >= 4 && hexval(s[2]) >= 0 && hexval(s[3]) >= 0 ? 4 :
		    0;
	}
	return 0;
}

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
			case 'x':
				if (tsv_escape(r, (size_t)(e - r)) == 4) {
					*w++ = (char)(hexval(r[2]) << 4 |
					    hexval(r[3]));
					r += 3;
					continue;
				}
				break;
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

/* The field of the row split in place (f[0..n]) that q lies in: the last
 * whose start is at or before q. */
static int
fieldat(const struct tsv *t, const char *q, int n)
{
	int lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = (lo + hi + 1) / 2;
		if (t->f[mid] <= q)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/*
 * The quotes of a row split in place (from line to e; f[0..n] kept): 1
 * when a kept field begins with '"' and is not "" alone (the row is
 * CSV-quoted: csv_row reads it again), else 0, each "" alone (np writes
 * an empty string so, and there are many in a row of instructions) made
 * an empty quoted field where it lies, as csv_row would read it: its
 * length 0, its start the quote.  The fields are looked at from the
 * first quote that begins one on.
 */
static int
quotes(struct tsv *t, char *line, const char *e, int n)
{
	const char *q = line;
	int k;

	/* A quote inside an unquoted field is text. */
	while ((q = memchr(q, '"', (size_t)(e - q))) != NULL && q != line &&
	    q[-1] != '\t')
		q++;
	if (!q || t->f[k = fieldat(t, q, n)] != q)
		return 0;	/* none, or in a field not kept */
	for (; k <= n; k++) {
		if (t->len[k] == 0 || t->f[k][0] != '"')
			continue;
		if (t->len[k] != 2 || t->f[k][1] != '"')
			return 1;
		if (!t->hasq) {
			memset(t->quoted, 0, (size_t)n + 1);
			t->hasq = 1;
		}
		t->quoted[k] = 1;
		t->len[k] = 0;
	}
	return 0;
}

/*
 * Splits line into t->f / t->len (at most max fields kept); returns the
 * number of fields there are, and in *quote whether a kept field begins
 * with '"' (then the row is CSV-quoted, and csv_row reads it again) other
 * than "" alone (read here: quotes).
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
	int i = 0;
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
	*quote = anyq && quotes(t, line, e, i < max ? i : max - 1);
	return i + 1;
}

/* Drops the blanks that begin each unquoted field of the row (CSV written
 * "a, b"), keeping where each field starts right for messages. */
static void
skipblanks(struct tsv *t)
{
	int i;

	for (i = 0; i < t->ncol; i++) {
		if (t->hasq && t->quoted[i])
			continue;
		while (t->len[i] && (*t->f[i] == ' ' || *t->f[i] == '\t')) {
			t->f[i]++;
			t->len[i]--;
			if (t->quotes)
				t->fcol[i]++;
		}
	}
}

/* Is the field at q (before e), which begins with '"', "" alone: an
 * empty string, which np writes, and reads alike whether a TSV is escaped
 * or quoted?  So is one cut by e that may be: it says nothing. */
static int
emptyquoted(const char *q, const char *e)
{
	return (e - q < 2 || q[1] == '"') && (e - q <= 2 || q[2] == '\t' ||
	    q[2] == '\n' || q[2] == '\r');
}

/*
 * The first of the n bytes at p that says the TSV is quoted, not escaped
 * (np(7)): a field that begins with '"' (np's writer escapes that quote)
 * and is not "" alone, or a backslash that begins none of np's escapes;
 * NULL if none does.  An escape or a "" cut by the end of the bytes says
 * nothing.
 */
static const char *
quotedsign(const char *p, size_t n)
{
	const char *e = p + n, *q, *b, *bad = NULL;
	size_t k;

	for (b = p; (b = memchr(b, '\\', (size_t)(e - b))) != NULL; b += k) {
		if (e - b < 2 || (e - b < 4 && b[1] == 'x'))
			break;		/* cut short: says nothing */
		if ((k = tsv_escape(b, (size_t)(e - b))) == 0) {
			bad = b;
			break;
		}
	}
	for (q = p; (q = memchr(q, '"', (size_t)(e - q))) != NULL; q++)
		if ((q == p || q[-1] == '\t' || q[-1] == '\n') &&
		    !emptyquoted(q, e))
			break;
	return bad && (!q || bad < q) ? bad : q;
}

/* What np's escape \c stands for, as the note says it. */
static const char *
escname(char c)
{
	switch (c) {
	case 't': return "a TAB";
	case 'n': return "a newline";
	case 'r': return "a CR";
	case '0': return "a NUL";
	case '"': return "a quote";
	case '\\': return "one backslash";
	}
	return "the byte it names";
}

/* Says why a TSV read escaped from line escline on cannot be: rows were
 * read so that would read otherwise. */
static _Noreturn void
notescaped(const struct tsv *t, int i, const char *found)
{
	np_die_at(t->in->name, tsv_fieldline(t, i), tsv_fieldcol(t, i),
	    "expected np's escaped TSV, as its backslashes were read from "
	    "line %ld on, found %s, as DuckDB's quoted TSV has: read it with "
	    "NP_TSV=quoted", t->escline, found);
}

/*
 * A TSV not known to be escaped or quoted (TSV_UNSURE), at a row that
 * may hold a backslash or holds a quoted field: a quoted field (but ""),
 * or a backslash that begins none of np's escapes, makes it quoted, unless a
 * backslash was read as an escape already (an error then); else the
 * row's backslashes are np's escapes, and the first is noted.
 */
static void
settle(struct tsv *t, int nf)
{
	const char *b;
	char shown[TSV_SHOWN];
	int i, k, bs = -1;

	for (i = 0; i < nf && i < t->ncol; i++) {
		/* "" is an empty string either way: no sign. */
		if (t->hasq && t->quoted[i] && t->len[i] > 0) {
			if (t->escline)
				notescaped(t, i, "a quoted field");
			t->how = TSV_QUOTED;
			t->esc = 0;
			return;
		}
		if (!(b = memchr(t->f[i], '\\', t->len[i])))
			continue;
		if (bs < 0)
			bs = i;
		for (; b; b = memchr(b, '\\', (size_t)(t->f[i] + t->len[i] -
		    b))) {
			k = (int)tsv_escape(b, (size_t)(t->f[i] + t->len[i] -
			    b));
			if (k == 0) {
				if (t->escline)
					notescaped(t, i, "a backslash that "
					    "begins none of np's escapes ('"
					    "\\' then a byte that is no escape)");
				t->how = TSV_QUOTED;
				t->esc = 0;
				return;
			}
			b += k;
		}
	}
	if (bs < 0 || t->escline)
		return;
	t->escline = tsv_fieldline(t, bs);
	b = memchr(t->f[bs], '\\', t->len[bs]);
	np_warn("%s:%ld:%ld: this TSV has backslashes and no quoted field: "
	    "read as np's escaped TSV ('%s' is %s); if its backslashes are "
	    "text, as in DuckDB's TSV, read it with NP_TSV=quoted",
	    t->in->name, t->escline, tsv_fieldcol(t, bs) +
	    (long)(b - t->f[bs]), tsv_shown(shown, b, tsv_escape(b,
	    (size_t)(t->f[bs] + t->len[bs] - b)), 4), escname(b[1]));
}

/* A row split by csv_row, which alone knows quotes and rows that span
 * lines. */
static int
csvrow(struct tsv *t, int max)
{
	t->quotes = t->hasq = 1;
	return csv_row(t->in, t->delim, &t->csv, max);
}

/* The next row: split in one pass if it holds no quoted field, else
 * read again by csv_row.  Returns how many fields it has, 0 at the end. */
static int
row(struct tsv *t, int max)
{
	char *line;
	size_t n;
	int nf, quote;

	if (t->delim == ',') {
		t->esc = 0;	/* nothing is un-escaped in CSV */
		return csvrow(t, max);
	}
	if (!src_getline(t->in, &line, &n))
		return 0;
	t->line = t->in->line;
	t->quotes = t->hasq = 0;
	nf = split(t, line, n, max, &quote);
	if (quote) {
		src_ungetline(t->in, line, n);
		nf = csvrow(t, max);
		t->esc = 1;	/* its lines may be more than this one */
	}
	if (t->esc && t->how != TSV_ESCAPED) {
		if (t->how == TSV_QUOTED)
			t->esc = 0;
		else
			settle(t, nf);
	}
	return nf;
}

/* How a TSV is read: as NP_TSV says, else quoted where its first
 * SRC_SNIFF bytes from the header (as far as the buffer holds them,
 * which src_sniff filled) say so, else not known yet. */
static int
tsvhow(const struct src *in)
{
	const char *v = getenv("NP_TSV");
	size_t n;

	if (v && strcmp(v, "escaped") == 0)
		return TSV_ESCAPED;
	if (v && strcmp(v, "quoted") == 0)
		return TSV_QUOTED;
	if (v && *v)
		np_die("NP_TSV: expected escaped or quoted, found '%s'", v);
	n = (size_t)(in->end - in->p);
	if (n > SRC_SNIFF)
		n = SRC_SNIFF;
	if ((size_t)(in->buf + SRC_BUFSZ - in->p) < n)
		n = (size_t)(in->buf + SRC_BUFSZ - in->p);
	return quotedsign(in->p, n) ? TSV_QUOTED : TSV_UNSURE;
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
	t->how = delim == '\t' ? tsvhow(in) : TSV_QUOTED;
	t->escline = 0;
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
		    !(t->hasq && t->quoted[i]))
			t->skipblanks = 1;
	if (t->skipblanks)
		skipblanks(t);
	/* The names, each NUL-terminated, in a buffer of their own. */
	for (need = 0, i = 0; i < t->ncol; i++)
		need += t->len[i] + 1;
	if (need > t->hdrcap) {
		free(t->hdr);
		t->hdrcap = need;
		t->hdr = np_malloc(t->hdrcap);
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
	int nf, k;

	for (;;) {
		if ((nf = row(t, t->ncol)) == 0)
			return 0;
		/* A blank line (as an editor or a concatenation leaves
		 * between rows) is no row of one missing value: the header
		 * has two or more columns. */
		if (nf != 1 || t->len[0] != 0 || t->ncol < 2 ||
		    (t->hasq && t->quoted[0]))
			break;
		if (t->blanks++ == 0)
			t->firstblank = t->line;
	}
	if (t->skipblanks && nf == t->ncol)
		skipblanks(t);
	if (nf != t->ncol) {
		/* Where the extra field starts, or the row ends. */
		if (!t->quotes) {
			/* The field before it ends where it lies, or for
			 * a "" read in place (hasq) two bytes on. */
			k = nf > t->ncol ? t->ncol - 1 : nf - 1;
			t->xline = t->line;
			t->xcol = src_col(t->in, t->f[k] + t->len[k]) +
			    (nf > t->ncol) + (t->hasq && t->quoted[k] ? 2 : 0);
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
	int c1;
	size_t i, k = 0;

	if (max > 60)
		max = 60;
	for (i = 0; i < n && i < max; i++) {
		c = (unsigned char)s[i];
		/* A C1 control in UTF-8 (0xc2, 0x80 to 0x9f) is escaped as the
		 * writer escapes it: both bytes. */
		c1 = (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
		    (unsigned char)s[i + 1] <= 0x9f) ||
		    (c >= 0x80 && c <= 0x9f && i > 0 && (unsigned char)s[i - 1] == 0xc2);
		if (c >= 0x20 && c != 0x7f && !c1) {
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
