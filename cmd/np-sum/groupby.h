/*
 * groupby: group-by statistics on the columns of rows: TSV or CSV with a
 * header, Explorer's JSON rows or Parquet tables (read by the reader, as
 * rows of any table: kind_row), or a profile directory's Instruction table.
 *
 * Per group (the values of the key columns) and value column: the count,
 * sum, min and max, exactly (the sum as an exact decimal, decimal.h), and the
 * values for percentiles: a group of up to GS_EXACT values holds them
 * exactly, a larger one a log-bucketed histogram (hist.h: at most 1%
 * relative error) whose buckets are allocated as values arrive.  The state
 * can be written as histogram rows and read back, and adding up such rows
 * from any number of partial runs gives exactly the state of one run over
 * all the rows: counts and histogram buckets add, exact sums add, min and
 * max compare, exact values join (and go to the buckets when there are
 * more than GS_EXACT of them).
 *
 * Histogram rows: the key columns, then
 *   column bucket_lo bucket_hi count sum min max
 * For each group and value column one totals row (bucket_lo and bucket_hi
 * empty; count, sum, min, max of all its values), then, in value order,
 * either one row per distinct value of a group held exactly (bucket_lo =
 * bucket_hi = the value, count its copies), or one row per non-empty
 * bucket: the count of the values v with bucket_lo < v <= bucket_hi
 * (negative values: bucket_lo <= v < bucket_hi; a bucket of exact zeros
 * has both bounds 0).  When every value of the group is a whole number,
 * the bounds are written as whole numbers holding the same whole values
 * (floor of each bound; for negatives the ceiling), which is how a merge
 * knows that the column is whole.  Sum, min and max are empty but on the
 * totals row.
 *
 * Memory: one entry per group (hashtab.h), with a cell of 32 bytes per value
 * column, which holds its values exactly as long as they fit in 21 bytes
 * (about 3 bytes a whole number below 10^6: vlist.h); more values go on
 * in chunks chained from the cell, as few bytes as they take, up to
 * GS_EXACT values; past that the cell holds its totals and a histogram
 * (hist.h: 8 bytes per bucket holding a value, or 4 per bucket between
 * the smallest and largest magnitude when that is less); at most cap
 * groups.
 */
#ifndef NP_GSTAT_H
#define NP_GSTAT_H

#include <stdint.h>

#include "base/decimal.h"
#include "calc/hashtab.h"
#include "calc/hist.h"
#include "bytes/source.h"
#include "base/skipped.h"
#include "read/reader.h"
#include "read/anytable.h"
#include "calc/vlist.h"

#define GS_MAXVAL 64		/* value columns */
#define GS_MAXKEY 32		/* key columns */

#define GS_EXACT VL_MAXN	/* values a group holds exactly, at most */

struct gspend;
struct keymemo;

/*
 * One group's value column: its values listed (none, one or up to
 * GS_EXACT), or (l.kind VL_OTHER) their totals and, past GS_EXACT, a
 * histogram, in a block the list's link points to.  All zeros: no value.
 */
struct cell {
	int64_t n;		/* values: as added, or as totals rows count */
	struct vlist l;
};

struct gstat {
	char *key[GS_MAXKEY];	/* key column names */
	int nkey, keyset;	/* keyset: named by -g or a first file */
	int keyown;		/* the names were copied from a header */
	char *keyfile;		/* ... of this file's histogram rows */
	char *val[GS_MAXVAL];	/* value column names */
	int nval, valset;	/* valset: named by -v */
	uint64_t valseen;	/* the -v columns read: rows, or histogram rows */
	char *valother;		/* a histogram rows' value column -v left out */
	long cap;		/* most groups */
	struct group g;
	/* private */
	struct src *in;		/* what is read: own, or the caller's */
	struct src own;
	struct tsv t;
	/* JSON and Parquet rows: the reader, made at the first such file;
	 * the field of each key and value column; the file it reads; and
	 * whether the rows are Parquet's (placed by row, not line). */
	struct reader *rd;
	struct keymemo *memo;	/* its rows' recent entries (keymemo.h) */
	int rdkey[GS_MAXKEY], rdval[GS_MAXVAL];
	char *rdfile[1];
	int rdpq;
	/* How key i and value i are read from TSV and CSV: an engine
	 * column's keys as np-trace writes engines, numbers as the reader
	 * gives them from JSON and Parquet (a float32 column's, sc_isfloat,
	 * and those of a column np does not know, sc_type, as np reads a
	 * float; every number of a key in np's spelling). */
	unsigned char keyhow[GS_MAXKEY];	/* GS_ASIS, GS_ENGINE, ... */
	unsigned char valhow[GS_MAXVAL];
	char *kbuf;		/* the key being built */
	size_t kcap;
	struct gspend *pend;	/* rows read, not yet added: from phead */
	int phead, npend;
	/* At the group limit: limitdie is in np_atdie (atlimit), and the row
	 * being pended has its key already (limitcur: an error in its values
	 * comes after the key's). */
	int atlimit, limitcur;
	struct notes notes;	/* what was passed over */
	int ncell;		/* cells in each group's entry */
	char *vname;		/* the value columns' names, escaped */
	size_t vnoff[GS_MAXVAL + 1];	/* where each begins in vname */
	long inexact;		/* sums printed as doubles */
	int histout;		/* writing histogram rows: such a sum marked */
	struct vpool pool;	/* the cells' value lists */
	/* Each value column's sum over all groups, while every value is a
	 * whole number of int64 (runbad 0): its totals need no pass over the
	 * groups. */
	struct dec run[GS_MAXVAL];
	int runbad;
	struct rd_map map;	/* NP_COLUMNS, for a header's columns */
};

/* keys and vals (-g and -v; NULL / 0 when not given) are kept, not
 * copied. */
void gs_init(struct gstat *gs, char **keys, int nkey, char **vals, int nval,
    long cap);
void gs_free(struct gstat *gs);
/* Reads a file ("-" is stdin) of rows (TSV or CSV with a header, JSON
 * rows, a Parquet table), a profile directory (its Instruction table), or
 * histogram rows (TSV); dies on bad input.  gs_readin reads the source as
 * it stands, opened by the caller (see gs_use). */
void gs_read(struct gstat *gs, const char *file);
void gs_readin(struct gstat *gs);
/* From now on, files are read through in, a source the caller owns (and
 * may have looked into with gs_ishist: nothing read is lost), instead of
 * the set's own: one buffer for both.  The caller frees it after gs_free. */
void gs_use(struct gstat *gs, struct src *in);
/* Does the file begin with a header of histogram rows? */
int gs_ishist(struct src *in);
/* Writes the statistics, one row per group and value column, groups in
 * byte order of their keys:
 *   keys... column count sum min max mean p50 p90 p99 share */
void gs_write(struct gstat *gs, int header);
/* Writes the histogram rows (above). */
void gs_write_hist(struct gstat *gs, int header);
/* Reports what was passed over, on stderr. */
void gs_report(struct gstat *gs);

/*
 * np-sum's second program (np-sum.c): the statistics, or with -H the
 * histogram rows, of the n files read in order; first, when not NULL, is
 * the first file, opened and looked into already (and freed here).
 */
struct groupby {
	int header;		/* 0 after -n */
	int hist;		/* -H */
	char **keys, **vals;	/* -g, -v: NULL for the defaults */
	int nkey, nval;
	long cap;		/* -M */
};

void groupby(const struct groupby *o, char **files, int n,
    struct src *first);

#endif
