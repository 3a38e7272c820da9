/*
 * csv: rows whose fields may be quoted, as RFC 4180 writes them, for the
 * table reader of table.c.
 *
 * The two dialects read here:
 *   CSV          comma-separated, as DuckDB's COPY ... (FORMAT csv) and
 *                pandas write it, and Neuron Explorer's UI exports;
 *   quoted TSV   tab-separated with the same quoting, as DuckDB writes
 *                with DELIMITER '\t'; np's own TSV quotes nothing but the
 *                empty string, "" (a field of its own that begins with '"'
 *                is written as \"), so a TSV field that begins with '"' is
 *                a quoted one.
 * A quoted field begins with '"' and ends at the '"' that is followed by
 * the delimiter or the end of the row; inside it, "" is one '"', and the
 * delimiter, CR and LF are data, so a row may span lines.  An unquoted
 * field is read as it is (a '"' inside it is data).  A row ends at an LF
 * outside quotes, or at CR LF.  Nothing is un-escaped with backslashes:
 * that is np's TSV, not CSV (tsv_cell does it for unquoted TSV fields).
 *
 * The row is split in the same pass that finds its end, in the input
 * buffer (it may be as long as the buffer, SRC_BUFSZ bytes, like a line;
 * a refill that moves it moves the fields found with it).  The pass takes
 * 64 bytes a step, as a mask of the bytes that can change something:
 * outside quotes the delimiter, inside them the quote, and LF in both.
 * So a field costs about what it costs in np's TSV, however long it is
 * (an Explorer row's operands are a quoted kilobyte with commas in it),
 * and the rules of quotes are looked at only at a quote.  Whether a field
 * is quoted is its first byte's to say.  A quoted field is its bytes
 * between the quotes, where they lie; only one that holds "" is shortened
 * in place.
 */
#include <stdint.h>
#include <string.h>

#include "base/msg.h"
#include "format/csv.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { PLAIN, QUOTED };

static _Noreturn void
badafterquote(const struct src *s, long line, long col, char delim, char c)
{
	if ((unsigned char)c < 0x20 || c == 0x7f)
		np_die_at(s->name, line, col, "expected '%s' or the end of the "
		    "row after a quoted field's closing quote, found byte "
		    "0x%02x", delim == '\t' ? "\\t" : ",", (unsigned char)c);
	np_die_at(s->name, line, col, "expected '%s' or the end of the row "
	    "after a quoted field's closing quote, found '%c'",
	    delim == '\t' ? "\\t" : ",", c);
}

/*
 * The mask of the 64 bytes at p, a bit a byte, of those that can change
 * something: c (outside quotes the delimiter, inside them the quote), and
 * LF and NUL (the buffered data's end is a NUL, as is a binary byte, which
 * only a row's end looks at).  p lies in src's buffer, at or before its
 * data's end: the padding after it makes the 64 bytes readable.
 */
static inline uint64_t
mask(const char *p, char c)
{
#if defined(__SSE2__)
	const __m128i vc = _mm_set1_epi8(c), vn = _mm_set1_epi8('\n'),
	    vz = _mm_setzero_si128();

#define M16(i) ((uint64_t)(unsigned)_mm_movemask_epi8(_mm_or_si128(	\
	_mm_or_si128(_mm_cmpeq_epi8(V(i), vc), _mm_cmpeq_epi8(V(i), vn)), \
	_mm_cmpeq_epi8(V(i), vz))) << 16 * (i))
#define V(i) _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * (i)))
	return M16(0) | M16(1) | M16(2) | M16(3);
#undef M16
#undef V
#else
	uint64_t m = 0;
	int i;

	for (i = 0; i < 64; i++)
		m |= (uint64_t)(p[i] == c || p[i] == '\n' || p[i] == '\0') <<
		    i;
	return m;
#endif
}

/* "" to ", in place, in the n bytes at f (a quoted field's text, whose
 * every '"' is the first of a pair); returns the length left. */
static size_t
undouble(char *f, size_t n)
{
	char *r = memchr(f, '"', n), *w, *e = f + n;

	for (w = r; r < e; r++) {
		*w++ = *r;
		if (*r == '"')
			r++;
	}
	return (size_t)(w - f);
}

int
csv_row(struct src *s, char delim, struct csv_cells *c, int max)
{
	char *row, *end, *b, *p, *r, *fs, *lstart, *nul = NULL, *old;
	uint64_t m;
	long line, nl = 0, qline = 0, qcol = 0, nulline = 0, nulcol = 0;
	ptrdiff_t moved;
	int i = 0, j, st, twice = 0;	/* twice: a kept field holds "" */

	if (s->p == s->end && !src_fill(s, NULL) && s->p == s->end)
		return 0;
	line = s->line + s->in_line;
	row = lstart = s->p;

/* Field i begins at at: where it is.  Whether it is quoted is its first
 * byte's to say (one that begins at the data's end is looked at again
 * once there is more). */
#define BEGIN(at) do {							\
	fs = (at);							\
	if (i < max) {							\
		c->f[i] = fs;						\
		c->fline[i] = line + nl;				\
		c->fcol[i] = (long)(fs - lstart) + 1;			\
		c->quoted[i] = 0;					\
	} else if (i == max) {						\
		c->xline = line + nl;					\
		c->xcol = (long)(fs - lstart) + 1;			\
	}								\
} while (0)
#define OPEN() do {							\
	st = QUOTED;							\
	qline = line + nl;						\
	qcol = (long)(fs - lstart) + 1;					\
	if (i < max)							\
		c->quoted[i] = 1;					\
} while (0)
/* Field i, quoted, ends at its closing quote at cq. */
#define CLOSE(cq) do {							\
	if (i < max) {							\
		c->f[i] = fs + 1;					\
		c->len[i] = (size_t)((cq) - fs - 1);			\
	}								\
} while (0)
/* The first binary NUL of the row, at at: where it lies, on the line of
 * the row it is on (a quoted field may hold newlines), for the message
 * made once the row is whole. */
#define NUL(at) do {							\
	nul = (at);							\
	nulline = line + nl;						\
	nulcol = (long)(nul - lstart) + 1;				\
} while (0)
/* On from r, inside quotes or out: the mask of the block at b while r
 * is in it. */
#define FROM(r, c) do {							\
	if ((r) - b < 64)						\
		m = mask(b, c) & (~(uint64_t)0 << ((r) - b));		\
	else {								\
		b = (r);						\
		m = mask(b, c);						\
	}								\
} while (0)

	b = row;
	st = PLAIN;
	BEGIN(row);
	if (*row == '"') {
		OPEN();
		m = mask(b, '"') & ~(uint64_t)1;
		goto quoted;
	}
	m = mask(b, delim);
plain:
	for (;;) {
		if (m == 0) {
			b += 64;
			m = mask(b, delim);
			continue;
		}
		p = b + __builtin_ctzll(m);
		if (*p == delim) {
			if (i < max)
				c->len[i] = (size_t)(p - fs);
			i++;
			BEGIN(p + 1);
			if (p[1] != '"') {
				m &= m - 1;
				continue;
			}
			OPEN();
			FROM(p + 2, '"');
			goto quoted;
		}
		if (*p == '\n')
			goto done;
		/* A NUL: a binary byte, or the end of the data. */
		if (p < s->end) {
			if (!nul)
				NUL(p);
			m &= m - 1;
			continue;
		}
		if (s->eof)
			goto done;
		r = p;
		goto more;
	}
quoted:
	for (;;) {
		if (m == 0) {
			b += 64;
			m = mask(b, '"');
			continue;
		}
		p = b + __builtin_ctzll(m);
		if (*p == '"') {
			if (p[1] == delim) {
				CLOSE(p);
				i++;
				BEGIN(p + 2);
				if (p[2] == '"') {
					OPEN();
					FROM(p + 3, '"');
					continue;
				}
				st = PLAIN;
				FROM(p + 2, delim);
				goto plain;
			}
			if (p[1] == '"') {	/* the data's end is a NUL */
				if (i < max)
					twice = c->quoted[i] = 2;
				FROM(p + 2, '"');
				continue;
			}
			if (p + 1 == s->end) {
				if (!s->eof) {	/* closing, or ""? */
					r = p;
					goto more;
				}
				CLOSE(p);
				p++;
				goto done;
			}
			if (p[1] == '\n') {
				CLOSE(p);
				p++;
				goto done;
			}
			if (p[1] == '\r' && p + 2 == s->end && !s->eof) {
				r = p;		/* CR LF, or not? */
				goto more;
			}
			if (p[1] != '\r' || (p[2] != '\n' && p + 2 < s->end))
				badafterquote(s, line + nl,
				    (long)(p + 1 - lstart) + 1, delim, p[1]);
			CLOSE(p);
			p += 2;
			goto done;
		}
		if (*p == '\n') {
			nl++;
			lstart = p + 1;
			m &= m - 1;
			continue;
		}
		if (p < s->end) {	/* a NUL */
			if (!nul)
				NUL(p);
			m &= m - 1;
			continue;
		}
		if (s->eof)
			np_die_at(s->name, qline, qcol, "expected the closing "
			    "quote of the field opened here, found the end of "
			    "the file");
		r = p;
		goto more;
	}
more:
	/* The row is not whole: read on from r, where it stopped. */
	old = row;
	if (src_fill(s, &row) == 0 && !s->eof)
		np_die_at(s->name, line, 1, "expected a row of at most %d "
		    "bytes, found a longer one", SRC_BUFSZ - 1);
	/* The row may have moved to the buffer's front. */
	moved = row - old;
	r += moved;
	fs += moved;
	lstart += moved;
	if (nul)
		nul += moved;
	for (j = 0; j <= i && j < max; j++)
		c->f[j] += moved;
	if (st == PLAIN && fs == r && *fs == '"') {
		OPEN();
		r++;
	}
	b = r;
	if (st == QUOTED) {
		m = mask(b, '"');
		goto quoted;
	}
	m = mask(b, delim);
	goto plain;
done:
#undef BEGIN
#undef OPEN
#undef CLOSE
#undef FROM
#undef NUL
	/* The row ends at p: its LF, or the data's end. */
	if (nul)
		np_die_at(s->name, nulline, nulcol, "expected %s, "
		    "found byte 0x%02x (byte offset %lld)",
		    src_textwhat(s, nul), src_byte(s, nul),
		    (long long)(s->base + (nul - s->buf)));
	end = p;
	s->line = line;
	s->line_off = s->base + (row - s->buf);
	s->p = end < s->end ? end + 1 : end;
	if (end > row && end[-1] == '\r')
		end--;		/* CR LF: the CR is no field's */
	if (st == PLAIN && i < max)
		c->len[i] = (size_t)(end - fs);
	if (i + 1 < max) {
		c->xline = line + nl;
		c->xcol = (long)(end - lstart) + 1;
	}
	for (j = 0; twice && j <= i && j < max; j++)
		if (c->quoted[j] == 2) {
			c->len[j] = undouble(c->f[j], c->len[j]);
			c->quoted[j] = 1;
		}
	*end = '\0';
	s->in_line = 1 + (int)nl;
	c->line = line;
	return i + 1;
}
