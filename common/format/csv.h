/*
 * csv: one row whose fields may be quoted, as RFC 4180 writes them, split
 * where it lies in the input buffer (csv.c says how): the rows of the
 * table reader (table.h) when they are CSV, or TSV with a quoted field.
 */
#ifndef NP_CSV_H
#define NP_CSV_H

#include <stddef.h>

#include "bytes/source.h"

#define CSV_MAXCOL 256

/*
 * Where csv_row puts a row.  CSV_CELLS lists the members, so that the
 * table reader holds them by name in a union with a struct csv_cells
 * (table.h): its own splitter fills the same arrays, and every caller
 * reads them as t->f[i], with no pointer between.
 */
#define CSV_CELLS							\
	char *f[CSV_MAXCOL + 1];	/* each field's text, in the	\
					   input buffer (one more for	\
					   the splitter's sake) */	\
	size_t len[CSV_MAXCOL + 1];					\
	long line;			/* the row's (first) line */	\
	unsigned char quoted[CSV_MAXCOL];	/* 1: it was quoted */	\
	long fline[CSV_MAXCOL], fcol[CSV_MAXCOL];	/* where each	\
					   field begins */		\
	long xline, xcol;		/* where field max begins, or	\
					   the row ends when it has	\
					   fewer */

struct csv_cells {
	CSV_CELLS
};

/* Splits the row at in's read position, fields separated by delim, into
 * c, keeping at most max (up to CSV_MAXCOL) fields; returns how many it
 * has, 0 at the end of the input.  Dies on a quote left open or followed
 * by other than the delimiter or the row's end, on a binary byte, and on
 * a row longer than the buffer. */
int csv_row(struct src *in, char delim, struct csv_cells *c, int max);

#endif
