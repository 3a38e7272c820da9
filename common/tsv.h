/*
 * tsv: the one output format, and reading it back.
 *
 * Writing: one buffered stdout.  Text fields are escaped so that a field never
 * holds a raw TAB, LF, CR or backslash (they become \t \n \r \\).  Integers
 * print as integers; doubles in the fewest digits that read back the same;
 * NaN and infinities as an empty field.  A closed pipe ends the program
 * quietly with status 0; any other write error is fatal (status 1).
 *
 * Reading: tables with a header line, in two dialects.  np's TSV: fields
 * separated by TABs, un-escaped on request (tsv_cell), where a field that
 * begins with '"' is quoted as in CSV (the TSV DuckDB writes); and CSV,
 * comma-separated, RFC 4180 (csv.c).  Fields are found by header name.
 * Every row must have as many fields as the header.  An empty field that
 * is not quoted is a missing value; a quoted one ("") is an empty string.
 */
#ifndef NP_TSV_H
#define NP_TSV_H

#include <stddef.h>
#include <stdint.h>

#include "input.h"

#define TSV_MAXCOL 256

#define OUT_BUFSZ (1 << 16)

/* The output buffer; the inline writers below append to it. */
extern char out_buf[OUT_BUFSZ];
extern size_t out_len;

void out_text(const char *s, size_t n);	/* escaped */
void out_str(const char *s);		/* escaped, NUL-terminated */
void out_raw(const char *s, size_t n);	/* as is: caller knows it is clean */
void out_i64(int64_t v);
void out_f64(double v);
void out_flush(void);
/* Writes what is buffered, if it can, before the program dies on an error
 * (np_atdie): a closed pipe or a full disk is left to that error's message. */
void out_salvage(void);

static inline void
out_byte(char c)
{
	if (out_len == OUT_BUFSZ)
		out_flush();
	out_buf[out_len++] = c;
}

static inline void out_tab(void) { out_byte('\t'); }
static inline void out_nl(void) { out_byte('\n'); }

/* A tab, then v if it is known: an empty field is a missing value. */
static inline void
out_opt_i64(int has, int64_t v)
{
	out_tab();
	if (has)
		out_i64(v);
}

/*
 * Room for n bytes (n <= OUT_BUFSZ) at the end of the output, flushing
 * first if need be; the caller fills it and hands back the new end with
 * out_commit.  Writers of whole rows check for room once, not per byte.
 */
static inline char *
out_reserve(size_t n)
{
	if (OUT_BUFSZ - out_len < n)
		out_flush();
	return out_buf + out_len;
}

static inline void
out_commit(char *end)
{
	out_len = (size_t)(end - out_buf);
}

/* The bytes a text field cannot hold as they are, each written as a
 * backslash and this letter; 0 for every other byte. */
extern const char tsv_escletter[256];

/* Writes the n bytes at s escaped to o, which has room for 2n + 16 (it may
 * look at 16 bytes there); returns the end. */
char *out_escape(char *o, const char *s, size_t n);

/*
 * out_escape for a blank-separated token of 16 bytes or fewer (no TAB, LF
 * or NUL in it, by the way it was split) with 16 readable bytes at s:
 * only a backslash, a CR or a leading '"' could need escaping, and the
 * usual token, which needs none, is looked at and copied 16 bytes at once.
 * Inline: a row's text fields on the text formats' fast path.
 */
static inline char *
out_escapetoken(char *o, const char *s, size_t n)
{
#if defined(__SSE2__)
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
	unsigned m = (unsigned)_mm_movemask_epi8(_mm_or_si128(
	    _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')),
	    _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));

	if (n <= 16 && n > 0 && *s != '"' && (m & ((1u << n) - 1)) == 0) {
		_mm_storeu_si128((__m128i *)(void *)o, v);
		return o + n;
	}
#endif
	return out_escape(o, s, n);
}

/* The first max (at most 60) bytes of s, n long, as a message quotes
 * them: control bytes written \t, \n, \r or \xNN, so that a value of CSV
 * (which may hold any of them) keeps its message on one line.  Returns buf,
 * of TSV_SHOWN bytes. */
#define TSV_SHOWN 256
const char *tsv_shown(char *buf, const char *s, size_t n, size_t max);

/* Writes a header: the names, tab-separated, and a newline. */
void out_header(const char *const *names, int n);

struct tsv {
	struct src *in;
	char delim;			/* '\t' or ',' */
	int ncol;			/* header fields */
	char *name[TSV_MAXCOL];		/* header names, in hdr */
	char *f[TSV_MAXCOL + 1];	/* current row's fields (one more */
	size_t len[TSV_MAXCOL + 1];	/* for the splitter's sake) */
	long line;			/* current row's (first) line */
	int esc;			/* the row may hold a backslash */
	char *hdr;			/* the header line, kept */
	size_t hdrcap;
	/* Set when the row was read by csv_row, which alone knows quotes
	 * and rows that span lines: where each field starts, and whether
	 * it was quoted. */
	int quotes;
	unsigned char quoted[TSV_MAXCOL];
	long fline[TSV_MAXCOL], fcol[TSV_MAXCOL];
	long xline, xcol;	/* where field max starts, or the row ends */
	/* Blank lines between rows, passed over (the caller counts them
	 * as notes), and the first one's line. */
	long blanks, firstblank;
	/* CSV whose header has blanks after its commas ("a, b"): the
	 * blanks that begin an unquoted field are no part of it. */
	int skipblanks;
};

/* What a caller says of the blank lines tsv_next passes over. */
#define TSV_BLANKS "blank lines between rows skipped"

/* Reads the header line of a table whose fields are separated by delim
 * ('\t' or ','): 1, or 0 if the input is empty. */
int tsv_open(struct tsv *t, struct src *in, char delim);
/* Next row: 1, or 0 at end.  Dies when the field count differs.  An empty
 * line (not a quoted empty field) in a table of two or more columns is no
 * row: it is passed over and counted in blanks. */
int tsv_next(struct tsv *t);
/* Line and 1-based byte column where field i of the current row
 * started. */
long tsv_fieldline(const struct tsv *t, int i);
long tsv_fieldcol(const struct tsv *t, int i);
/* Un-escapes \t \n \r \0 \\ \" in place; other backslashes stay as they
 * are. */
size_t tsv_unescape(char *s, size_t n);

/* Field i's text, decoded in place: np's escapes in an unquoted TSV field,
 * nothing in CSV or a quoted field.  Returns its length. */
static inline size_t
tsv_cell(struct tsv *t, int i)
{
	if (t->delim == '\t' && t->esc && !(t->quotes && t->quoted[i]))
		t->len[i] = tsv_unescape(t->f[i], t->len[i]);
	return t->len[i];
}

/* Is field i missing: empty, and not quoted? */
static inline int
tsv_missing(const struct tsv *t, int i)
{
	return t->len[i] == 0 && !(t->quotes && t->quoted[i]);
}

/* For tsv.c: splits the row at the input's read position as CSV
 * (csv.c), keeping at most max fields; returns how many it has, 0 at the
 * end of the input. */
int csv_row(struct tsv *t, int max);

#endif
