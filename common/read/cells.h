/*
 * cells: every column of a table, each cell with its type, read through
 * the reading layer's own module of the format, not the kind's columns
 * only: for a reader that keeps whatever a table holds (summary.c, a
 * profile's metrics).  A pull API:
 *
 *	struct rd_cells c;
 *	rd_cellsopen(&c, path, name);
 *	for (i = 0; i < c.ncol; i++)
 *		... rd_cellname(&c, i) ...
 *	while (rd_cellsnext(&c))
 *		v = rd_cell(&c, i, &len, &type);	(each column i)
 *	rd_cellsclose(&c);
 *
 * A cell's text is spelt as the kind's reader spells a text column of the
 * same format (np(7), RECORD KINDS), so that one value reads the same
 * through either: a DECIMAL as its exact decimal in np's spelling
 * ("300.00" is 300), a FLOAT and a FLOAT16 in the float's fewest digits,
 * a DOUBLE in the double's, NaN and the infinities as JSON's words, true
 * and false as words, a null empty.  Formats: Parquet (reader_parquet.c).
 * Errors die naming the file, the column and why (parquet.h); a column the
 * format cannot give is refused when the file is opened.
 */
#ifndef NP_CELLS_H
#define NP_CELLS_H

#include <stddef.h>

#include "base/decimal.h"
#include "format/parquet.h"

/* What a cell holds (the characters summary.h's metrics use). */
enum { RC_NUM = 'n', RC_STR = 's', RC_BOOL = 'b', RC_NULL = '0' };

struct rd_cells {
	int ncol;
	long row;		/* the current row, from 1 */
	/* private */
	struct pq pq;
	char buf[DEC_BUFSZ];	/* the last number's text */
};

/* Opens the file at path (seekable), named name in messages, every column
 * selected. */
void rd_cellsopen(struct rd_cells *c, const char *path, const char *name);
const char *rd_cellname(const struct rd_cells *c, int i);
/* The next row: 1, or 0 at the end. */
int rd_cellsnext(struct rd_cells *c);
/* Column i's cell in the current row: its text (len bytes, not
 * NUL-terminated, valid until the next call) and its type (RC_*). */
const char *rd_cell(struct rd_cells *c, int i, size_t *len, char *type);
void rd_cellsclose(struct rd_cells *c);

#endif
