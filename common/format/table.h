/*
 * table: reading back the one output format (written by tsvout.h), and CSV.
 *
 * Tables with a header line.  TSV: fields separated by TABs, where a
 * field that begins with '"' is quoted as in CSV; and CSV, comma-separated,
 * RFC 4180 (csv.c).  Fields are found by header name.  Every row must have
 * as many fields as the header.  An empty field that is not quoted is a
 * missing value; a quoted one ("") is an empty string.
 *
 * A TSV's unquoted fields are read one of two ways, the same for the
 * whole file, as np(7) states: escaped (np's own TSV, jq's @tsv,
 * PostgreSQL's text: \t \n \r \0 \" \\ and \xHH are un-escaped on request,
 * tsv_cell), or quoted (DuckDB's: a backslash is text, and a field that
 * holds a TAB, LF, CR or '"' is quoted).  The two read a row alike unless
 * it holds a backslash outside quotes.  NP_TSV=escaped or NP_TSV=quoted
 * says which; else a quoted field other than "" (an empty string, which
 * both write), or a backslash that begins none of np's escapes, in the
 * first SRC_SNIFF bytes from the header makes the
 * file quoted, and a file without either is read escaped, with a note on
 * stderr at its first backslash (and then a quoted field or a stray
 * backslash further on is an error: the rows before it were read the
 * other way).
 */
#ifndef NP_TSV_H
#define NP_TSV_H

#include <stddef.h>
#include <stdint.h>

#include "bytes/source.h"
#include "format/csv.h"

#define TSV_MAXCOL CSV_MAXCOL

/* The first max (at most 60) bytes of s, n long, as a message quotes
 * them: control bytes written \t, \n, \r or \xNN, so that a value of CSV
 * (which may hold any of them) keeps its message on one line.  Returns buf,
 * of TSV_SHOWN bytes. */
#define TSV_SHOWN 256
const char *tsv_shown(char *buf, const char *s, size_t n, size_t max);

/* How a TSV's unquoted backslashes are read (see above). */
enum { TSV_UNSURE, TSV_ESCAPED, TSV_QUOTED };

struct tsv {
	struct src *in;
	char delim;			/* '\t' or ',' */
	int how;			/* TSV_ESCAPED, ... */
	long escline;			/* UNSURE: where the first escape was
					   read as one, the note given (0:
					   none yet) */
	int ncol;			/* header fields */
	char *name[TSV_MAXCOL];		/* header names, in hdr */
	int esc;			/* the row may hold a backslash to
					   un-escape */
	char *hdr;			/* the header line, kept */
	size_t hdrcap;
	/* Set when the row was read by csv_row, which alone knows quotes
	 * and rows that span lines: where each field starts. */
	int quotes;
	/* Set when quoted[] says which fields were quoted: by csv_row, and
	 * for a row split in place whose only quoted fields are "" (an
	 * empty string, np's spelling), which are read where they lie. */
	int hasq;
	/* The current row: its fields f[i], len[i], its line; quoted[i]
	 * when hasq is set; fline[i], fcol[i] when quotes is. */
	union {
		struct csv_cells csv;
		struct {
			CSV_CELLS
		};
	};
	/* Blank lines before the header (src_passpreamble's) and between
	 * rows, passed over (the caller counts them as notes), and the
	 * first one's line. */
	long blanks, firstblank;
	/* CSV whose header has blanks after its commas ("a, b"): the
	 * blanks that begin an unquoted field are no part of it. */
	int skipblanks;
};

/* What a caller says of the blank lines passed over: those before the
 * header, which src_passpreamble passed over, and tsv_next's. */
#define TSV_BLANKS "blank lines skipped"

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
/* Un-escapes \t \n \r \0 \\ \" and \xHH in place; other backslashes
 * stay as they are. */
size_t tsv_unescape(char *s, size_t n);
/* The length of the escape of np's at s (n bytes, s[0] a backslash): 2,
 * 4 for \xHH, or 0 for a backslash that begins none. */
size_t tsv_escape(const char *s, size_t n);

/* Is field i of the row one to un-escape: an unquoted field of a TSV
 * read escaped, in a row that holds a backslash? */
static inline int
tsv_decodes(const struct tsv *t, int i)
{
	return t->esc && !(t->hasq && t->quoted[i]);
}

/* Field i's text, decoded in place: np's escapes in an unquoted field of
 * a TSV read escaped, nothing in CSV, a quoted field or a quoted TSV.
 * Returns its length. */
static inline size_t
tsv_cell(struct tsv *t, int i)
{
	if (tsv_decodes(t, i))
		t->len[i] = tsv_unescape(t->f[i], t->len[i]);
	return t->len[i];
}

/* Is field i missing: empty, and not quoted? */
static inline int
tsv_missing(const struct tsv *t, int i)
{
	return t->len[i] == 0 && !(t->hasq && t->quoted[i]);
}

#endif
