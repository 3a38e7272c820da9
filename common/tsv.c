#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "num.h"
#include "progress.h"
#include "tsv.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

char out_buf[OUT_BUFSZ];
size_t out_len;

/* Writes out the buffer: 0, or the errno of a write that failed. */
static int
writeout(void)
{
	size_t off = 0;
	ssize_t n;
	int error = 0;

	while (off < out_len) {
		n = write(1, out_buf + off, out_len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			error = errno;
			break;
		}
		off += (size_t)n;
	}
	out_len = 0;
	return error;
}

void
out_flush(void)
{
	int error;

	prog_output();
	error = writeout();
	if (error == EPIPE) {
		prog_erase();	/* _exit runs no atexit */
		_exit(0);	/* the reader is gone: | head */
	}
	if (error)
		np_die("write error: %s", strerror(error));
}

void
out_salvage(void)
{
	/* A write that fails here is not reported: the error the program
	 * stops on is. */
	(void)writeout();
}

void
out_raw(const char *s, size_t n)
{
	while (n > OUT_BUFSZ - out_len) {
		size_t part = OUT_BUFSZ - out_len;
		memcpy(out_buf + out_len, s, part);
		out_len += part;
		s += part;
		n -= part;
		out_flush();
	}
	memcpy(out_buf + out_len, s, n);
	out_len += n;
}

/*
 * Whether a short field may be loaded as 16 bytes though it is shorter: a
 * load that stays within the field's page (4 KiB, the smallest) cannot
 * fault, whatever lies after the field.  The other way, copying the field
 * and loading it back from the output, waits on store forwarding: about 7%
 * of np-trace's time on a text trace.  Address-sanitizer builds would
 * report the bytes past the field, so they copy.
 */
#if defined(__SANITIZE_ADDRESS__)
#define OVERREAD_OK 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define OVERREAD_OK 0
#endif
#endif
#ifndef OVERREAD_OK
#define OVERREAD_OK 1
#endif

const char tsv_escletter[256] = {
	['\0'] = '0', ['\t'] = 't', ['\n'] = 'n', ['\r'] = 'r', ['\\'] = '\\',
};

#if defined(__SSE2__)
/* Bit i set when byte i of v must be escaped (tsv_escletter). */
static inline unsigned
escmask(__m128i v)
{
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(
	    _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')),
	    _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
	    _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')),
	    _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')))),
	    _mm_cmpeq_epi8(v, _mm_setzero_si128())));
}
#endif

/*
 * out_escape, but for a field's leading '"'.  With SSE2, 16 bytes a step,
 * each step stored whole (o has room for twice the text and 16 bytes more,
 * and never runs further ahead than that): a byte to escape ends a step.
 */
static char *
escape(char *o, const char *s, size_t n)
{
	const char *e;

	if (n == 0)
		return o;	/* s may be NULL */
	e = s + n;
#if defined(__SSE2__)
	while (s < e) {
		size_t k = (size_t)(e - s);
		__m128i v;
		unsigned m;

		if (k >= 16 || (OVERREAD_OK && ((uintptr_t)s & 4095) <= 4096 -
		    16)) {
			v = _mm_loadu_si128((const __m128i *)(const void *)s);
			_mm_storeu_si128((__m128i *)(void *)o, v);
		} else {
			memcpy(o, s, k);
			v = _mm_loadu_si128((const __m128i *)(const void *)o);
		}
		m = escmask(v);
		if (k < 16)
			m &= (1u << k) - 1;
		else
			k = 16;
		if (m == 0) {
			o += k;
			s += k;
			continue;
		}
		k = (size_t)__builtin_ctz(m);
		o += k;
		s += k;
		*o++ = '\\';
		*o++ = tsv_escletter[(unsigned char)*s++];
	}
#else
	char letter;

	for (; s < e; s++) {
		if (!(letter = tsv_escletter[(unsigned char)*s])) {
			*o++ = *s;
			continue;
		}
		*o++ = '\\';
		*o++ = letter;
	}
#endif
	return o;
}

char *
out_escape(char *o, const char *s, size_t n)
{
	/* A field that begins with '"' would read as a quoted one. */
	if (n > 0 && *s == '"') {
		*o++ = '\\';
		*o++ = '"';
		s++;
		n--;
	}
	return escape(o, s, n);
}

void
out_text(const char *s, size_t n)
{
	/* Longer than the buffer takes at once: in pieces that fit. */
	const size_t piece = (OUT_BUFSZ - 16) / 2;
	size_t k;
	int first = 1;

	do {
		k = n < piece ? n : piece;
		out_commit((first ? out_escape : escape)(out_reserve(2 * k +
		    16), s, k));
		first = 0;
		s += k;
		n -= k;
	} while (n > 0);
}

void
out_str(const char *s)
{
	out_text(s, strlen(s));
}

void
out_i64(int64_t v)
{
	if (OUT_BUFSZ - out_len < NUM_BUFSZ)
		out_flush();
	out_len += num_fmt_i64(out_buf + out_len, v);
}

void
out_f64(double v)
{
	if (OUT_BUFSZ - out_len < NUM_BUFSZ)
		out_flush();
	out_len += num_fmt_f64(out_buf + out_len, v);
}

void
out_header(const char *const *names, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i)
			out_tab();
		out_str(names[i]);
	}
	out_nl();
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
			}
		}
		*w++ = *r;
	}
	return (size_t)(w - s);
}

/* Records a field ending at q; the next one starts after it. */
#define CUT(q) do {							\
	if (i < max) {							\
		t->len[i] = (size_t)((q) - t->f[i]);			\
		if (i + 1 < max)					\
			t->f[i + 1] = (q) + 1;				\
	}								\
	i++;								\
} while (0)

/*
 * Splits line into t->f / t->len (at most max fields kept); returns the
 * number of fields there are, and in *quote whether a kept field begins
 * with '"' (then the row is CSV-quoted, and csv_row reads it again).  One
 * pass, 16 bytes at a time where SSE2 is there: rows of np-trace's output
 * have many short fields, and a memchr call per field costs more than the
 * field.
 */
static int
split(struct tsv *t, char *line, size_t n, int max, int *quote)
{
	char *p = line, *e = line + n;
	int i = 0, k, anyq = 0;

	t->f[0] = line;
#if defined(__SSE2__)
	for (; e - p >= 16; p += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v,
		    _mm_set1_epi8('\t')));
		anyq |= _mm_movemask_epi8(_mm_cmpeq_epi8(v,
		    _mm_set1_epi8('"')));
		while (m) {
			CUT(p + __builtin_ctz(m));
			m &= m - 1;
		}
	}
#endif
	for (; p < e; p++) {
		if (*p == '\t')
			CUT(p);
		anyq |= *p == '"';
	}
	if (i < max)
		t->len[i] = (size_t)(e - t->f[i]);
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
	t->blanks = 0;
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
