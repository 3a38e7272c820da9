/*
 * row: the one row writer: rows of a kind (record.h) as TSV on standard
 * output (tsvout.h), and their header.  Every row of a kind comes out
 * through here: a record whole (rec_write), or, on the fast paths of the
 * profiler's text formats (rd_rows), its parts: the columns that change
 * from row to row written by the caller in the kind's column order, apart
 * by row_gap, and those that stay the same over many rows (a section's nd
 * and nc) as a tail made here once (row_tail).  So how a row looks, its
 * empty columns and its end, is said in one place.
 */
#ifndef NP_ROW_H
#define NP_ROW_H

#include <string.h>

#include "kind/record.h"
#include "write/tsvout.h"

/* The header: kind k's columns, then the n further ones named. */
void row_header(const struct kind *k, const char *const *extra, int n);
/* One row: the record's set fields in their columns. */
void rec_write(const struct kind *k, const struct record *r);

/* The most bytes of a tail: its numbers and tabs. */
#define ROW_TAILMAX 64

struct rowtail {
	char text[ROW_TAILMAX];
	size_t len;
};

/*
 * Columns from .. to - 1 of r (set or not; numbers, or short text) as
 * rec_write writes them, each after the tab that ends the column before
 * it; and when to is the kind's last column and one, the row's newline.
 */
void row_tail(struct rowtail *t, const struct kind *k, const struct record *r,
    int from, int to);

/* From the end of column a to the start of column b (a < b <= a + 8):
 * the tabs between. */
static inline char *
row_gap(char *o, int a, int b)
{
	if (b - a == 1) {
		*o++ = '\t';
		return o;
	}
	memcpy(o, "\t\t\t\t\t\t\t\t", 8);
	return o + (b - a);
}

/* The tail t at o (ROW_TAILMAX bytes there are written over). */
static inline char *
row_puttail(char *o, const struct rowtail *t)
{
	memcpy(o, t->text, ROW_TAILMAX);
	return o + t->len;
}

/* The end of a row written from its parts. */
static inline char *
row_end(char *o)
{
	*o++ = '\n';
	return o;
}

#endif
