/*
 * tsv: reading back the one output format (written by out.h), and CSV.
 *
 * Tables with a header line, in two dialects.  np's TSV: fields
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
#include "out.h"

#define TSV_MAXCOL 256

/* The first max (at most 60) bytes of s, n long, as a message quotes
 * them: control bytes written \t, \n, \r or \xNN, so that a value of CSV
 * (which may hold any of them) keeps its message on one line.  Returns buf,
 * of TSV_SHOWN bytes. */
#define TSV_SHOWN 256
const char *tsv_shown(char *buf, const char *s, size_t n, size_t max);

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
