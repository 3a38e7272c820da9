/*
 * csv: rows whose fields may be quoted, as RFC 4180 writes them, for the
 * table reader of tsv.c.
 *
 * The two dialects read here:
 *   CSV          comma-separated, as DuckDB's COPY ... (FORMAT csv) and
 *                pandas write it, and Neuron Explorer's UI exports;
 *   quoted TSV   tab-separated with the same quoting, as DuckDB writes
 *                with DELIMITER '\t'; np's own TSV never quotes (a field of
 *                its own that begins with '"' is written as \"), so a TSV
 *                field that begins with '"' is a quoted one.
 * A quoted field begins with '"' and ends at the '"' that is followed by
 * the delimiter or the end of the row; inside it, "" is one '"', and the
 * delimiter, CR and LF are data, so a row may span lines.  An unquoted
 * field is read as it is (a '"' inside it is data).  A row ends at an LF
 * outside quotes, or at CR LF.  Nothing is un-escaped with backslashes:
 * that is np's TSV, not CSV (tsv_cell does it for unquoted TSV fields).
 *
 * The row is made whole in the input buffer first (it may be as long as
 * the buffer, SRC_BUFSZ bytes, like a line), then split, and its quoted
 * fields shortened in place.
 */
#include <string.h>

#include "diag.h"
#include "tsv.h"

enum { AT_START, IN_PLAIN, IN_QUOTES, AFTER_QUOTE };

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
 * Where the row at s->p ends: the offset of its LF (or of the end of a
 * last row without one) from s->p, reading on until the row is whole.
 * The row's first line is line; a quoted field open at the end of the
 * file, or a row longer than the buffer, is an error naming where.
 */
static size_t
rowend(struct tsv *t, long line)
{
	struct src *s = t->in;
	char *row = s->p, delim = t->delim;
	size_t off = 0;
	int st = AT_START;
	long qline = 0, qcol = 0, nl = 0;
	size_t lstart = 0;	/* offset of the current line's start */

	for (;;) {
		for (; row + off < s->end; off++) {
			char c = row[off];

			switch (st) {
			case AT_START:
				if (c == '"') {
					st = IN_QUOTES;
					qline = line + nl;
					qcol = (long)(off - lstart) + 1;
					continue;
				}
				/* FALLTHROUGH */
			case IN_PLAIN:
				if (c == '\n')
					return off;
				st = c == delim ? AT_START : IN_PLAIN;
				continue;
			case IN_QUOTES:
				if (c == '"')
					st = AFTER_QUOTE;
				else if (c == '\n') {
					nl++;
					lstart = off + 1;
				}
				continue;
			case AFTER_QUOTE:
				if (c == '"')
					st = IN_QUOTES;
				else if (c == delim)
					st = AT_START;
				else if (c == '\n')
					return off;
				else if (c == '\r' && row + off + 1 == s->end &&
				    !s->eof)
					goto more;	/* CR LF, or not? */
				else if (c != '\r' || (row[off + 1] != '\n' &&
				    row + off + 1 < s->end))
					badafterquote(s, line + nl,
					    (long)(off - lstart) + 1, delim, c);
				continue;
			}
		}
	more:
		if (s->eof) {
			if (st == IN_QUOTES)
				np_die_at(s->name, qline, qcol, "expected the "
				    "closing quote of the field opened here, "
				    "found the end of the file");
			return off;
		}
		if (src_fill(s, &row) == 0 && !s->eof)
			np_die_at(s->name, line, 1, "expected a row of at most "
			    "%d bytes, found a longer one", SRC_BUFSZ - 1);
	}
}

int
csv_row(struct tsv *t, int max)
{
	struct src *s = t->in;
	char *row, *end, *p, *w, delim = t->delim;
	size_t n;
	long line, nl = 0;
	char *lstart;
	int i = 0;

	if (s->p == s->end && !src_fill(s, NULL) && s->p == s->end)
		return 0;
	line = s->line + s->in_line;
	n = rowend(t, line);
	row = s->p;		/* after the refills */
	end = row + n;
	if ((p = memchr(row, '\0', n)))
		np_die_at(s->name, line, (long)(p - row) + 1, "expected %s, "
		    "found byte 0x%02x (byte offset %lld)", src_textwhat(s, p),
		    src_byte(s, p),
		    (long long)(s->base + (p - s->buf)));
	s->line = line;
	s->line_off = s->base + (row - s->buf);
	s->p = end < s->end ? end + 1 : end;
	if (end > row && end[-1] == '\r')
		end--;		/* CR LF: the CR is no field's */
	lstart = row;
	for (p = row;; i++) {
		char *f = p;

		if (i == max) {
			t->xline = line + nl;
			t->xcol = (long)(f - lstart) + 1;
		}
		if (i < max) {
			t->f[i] = f;
			t->fline[i] = line + nl;
			t->fcol[i] = (long)(f - lstart) + 1;
			t->quoted[i] = *p == '"' && p < end;
		}
		if (p < end && *p == '"') {
			/* Shortened in place: "" to ", and the quotes go. */
			for (w = f, p++;; p++) {
				if (*p == '"') {
					if (p[1] != '"')
						break;
					p++;
				} else if (*p == '\n') {
					nl++;
					lstart = p + 1;
				}
				*w++ = *p;
			}
			p++;	/* past the closing quote */
			if (i < max)
				t->len[i] = (size_t)(w - f);
		} else {
			while (p < end && *p != delim)
				p++;
			if (i < max)
				t->len[i] = (size_t)(p - f);
		}
		if (p >= end)
			break;
		p++;		/* past the delimiter */
	}
	if (i + 1 < max) {
		t->xline = line + nl;
		t->xcol = (long)(end - lstart) + 1;
	}
	*end = '\0';
	s->in_line = 1 + (int)nl;
	t->line = line;
	t->quotes = 1;
	return i + 1;
}
