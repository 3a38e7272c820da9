/*
 * reader: records of one kind from any number of files, in any format.
 *
 * Files are read in order, like cat ("-" is stdin; none means stdin).  The
 * format of each file is sniffed from its first bytes, after blank lines and
 * logrus log lines (time="..."):
 *   '{' or '['      JSON: a view export (tables of rows: the kind's table is
 *                   streamed, the others skipped unread), JSON lines (one row
 *                   object per line), or an array of row objects;
 *   a line with TAB  TSV with a header (Neuron Explorer or np column names);
 *   a CSV header    CSV (RFC 4180), as DuckDB and Neuron Explorer's UI
 *                   write it;
 *   "PAR1"          Parquet: the kind's columns are read, no others;
 *   anything else   the kind's profiler text format, if it has one.
 * A directory is a Neuron Explorer profile: the kind's tables in it
 * (Instruction.parquet, or Instruction_0.parquet, Instruction_1.parquet,
 * ... in order) are read as files.
 * Whatever is passed over (log lines, lines not understood, rows lacking a
 * start time, unpaired events) is counted and reported on stderr at the end;
 * a file in which nothing was recognised is an error.
 */
#ifndef NP_READER_H
#define NP_READER_H

#include <stdint.h>

#include "base/msg.h"
#include "bytes/source.h"
#include "format/json.h"
#include "base/skipped.h"
#include "format/parquet.h"
#include "kind/record.h"
#include "kind/whichtable.h"
#include "read/proftext.h"
#include "format/table.h"

#define RD_MAXPOS 16
#define RD_MAXPQ 128		/* Parquet columns read: every input name */
#define RD_TIMENOTE 80		/* the text of a note about a time */
#define RD_LISTBUF NP_LISTBUF	/* an input's column names, for a message */
#define RD_NEEDED 0x100		/* rd_column: JSON rows must have it */
#define RD_BYNUMBER 0x200	/* rd_column: a Parquet integer read by value */
#define RD_KEYS 64		/* keys of a JSON row remembered by place */
#define RD_MAXMAP 32		/* NP_COLUMNS: roles mapped */
#define RD_MAPBUF 1024		/* ... and the text of the mapping */
enum { TN_NONFINITE = 1, TN_RANGE };

enum { FMT_NONE, FMT_JSON, FMT_TSV, FMT_CSV, FMT_TEXT, FMT_PARQUET };

/*
 * NP_COLUMNS (np(7), ENVIRONMENT), "role=column,...": each role (a column
 * np writes, a field of the tables np reads rows of, or one named by -c,
 * -g, -v) is read from the input column given, ahead of its own names.
 */
struct rd_map {
	const char *role[RD_MAXMAP], *col[RD_MAXMAP];
	int n;
	char buf[RD_MAPBUF];
};

struct reader {
	const struct kind *k;
	char **files;
	int nfiles, next;	/* next file to open */
	const char *unit;	/* input time unit: "ps", "ns" or "us" */
	/* Field positions (1-based) of the text format the user gave (-F),
	 * by name; the format has defaults for the others. */
	const char *posname[RD_MAXPOS];	/* in posbuf */
	int pos[RD_MAXPOS];
	int npos;
	char posbuf[256];
	/* Columns the program uses (bit c for column c); the others are
	 * not read.  rd_open sets all; see rd_want. */
	uint32_t want;
	/* Columns the program groups by (rd_keys, rd_keysome); of the
	 * latter, the selected Parquet column's index (pq_selected) or -1. */
	uint32_t keycols, keysome;
	int pqsome[REC_MAXCOL];
	/* Further input columns (-c, or a program's own options), by name,
	 * in order: fields k->ncol onwards of each record.  Each has the
	 * option that named it (for messages), a type and flags. */
	const char *extra[REC_MAXCOL];
	const char *extraopt[REC_MAXCOL];
	enum coltype extratype[REC_MAXCOL];
	unsigned extraflags[REC_MAXCOL];
	int nextra;
	/* Set by rd_rows. */
	int rows;
	/* NP_COLUMNS; mapbits has the reader's columns it maps. */
	struct rd_map map;
	int mapvetted;
	uint32_t mapbits;
	/* The profile directory being read: its schema version, by its
	 * Metadata table, or "" (rd_checkdir). */
	char schema[32];

	/* private */
	int open;		/* a file is being read */
	/* The next row of the file open, by its format's reader; NULL at
	 * the file's end. */
	struct record *(*nextrow)(struct reader *r);
	const char *operand;	/* the file or directory it came from */
	char **dirfiles;	/* a profile directory's tables, in order */
	int ndir, dirnext;
	struct pq pq;		/* Parquet: the file; the columns read, */
	int pqsel[RD_MAXPQ];	/* the kind's column each sets, and */
	int pqkcol[RD_MAXPQ];	/* under which of its names */
	int pqpref[RD_MAXPQ];
	int pqtime[RD_MAXPQ];	/* a TIMESTAMP's ns per unit, else 0 */
	/* What a row needs of each, together: its cursor's batch
	 * (pq_batch), the field it sets and that field's bit, and how its
	 * cells are set: a column no other sets, of text into text or whole
	 * numbers not scaled, without a look at the rest. */
	struct rd_pqcol {
		int cur, col;
		uint32_t bit;
		unsigned char how;
	} pqcol[RD_MAXPQ];
	int npq;
	/* The columns in the order a row sets them (pqorder): first the
	 * usual ones of required columns, whole numbers [0, pqwhole), then
	 * text [pqwhole, pqtext), then the usual optional ones [pqtext,
	 * pqusual), then the rest; the fields of the required ones (pqhas),
	 * set in every row; each column's cell in row pqatrow and the
	 * field of rec it sets, and the pq.moved they were found at (past
	 * it, found again). */
	int pqwhole, pqtext, pqusual;
	uint32_t pqhas;
	int pqtimeswhole;	/* only the first group sets times */
	/* The fields the first three groups alone set, each row all of them
	 * (a null's emptied): pqclear leaves them; pqfresh until the first
	 * row of a file, cleared whole. */
	uint32_t pqown;
	int pqfresh;
	/* Rows may be given a span at a time (rd_span). */
	int pqspan;
	/* The row rd_span found not plain (or its batches' end), at pq.moved
	 * pqspanmoved: the rows before it plain. */
	int64_t pqspanend;
	unsigned long pqspanmoved;
	/* The usual columns again, in the order this batch's rows set them
	 * (pqaim): an optional one whose batch has no null joins the
	 * required ones of its group, [0, pqdwhole) and [pqdwhole,
	 * pqdtext), set without a look at its cells; pqdhas, their bits;
	 * pqdcol[i] is the column whose cells pqat[i] are, pqat[i] and
	 * pqf[i] the cells and field of column i past pqusual. */
	int pqdwhole, pqdtext;
	uint32_t pqdhas;
	struct rd_pqcol pqdcol[RD_MAXPQ];
	const struct pq_cell *pqat[RD_MAXPQ];
	struct field *pqf[RD_MAXPQ];
	unsigned long pqmoved;
	int64_t pqatrow;
	long pqrow;		/* rows read from the file */
	struct src *in;		/* what is read: own, or the caller's */
	struct src own;
	int inopen;		/* the next file is open in *in already */
	struct json j;
	struct tsv t;
	int fmt;
	int jstate;
	int timecol[REC_MAXCOL];	/* the kind's C_TIME columns */
	int ntimecols;
	uint32_t timebits;	/* and as bits, for the usual row's test */
	uint32_t floatbits;	/* columns of float32 values (floatfields) */
	/* Further columns whose type a text form does not state: text ones
	 * whose numbers are respelt (respellbits: np's spelling), and those
	 * whose name np does not know (untypedbits: a float widened is read
	 * as the float's fewest digits; sc_type, dec_respell). */
	uint32_t respellbits, untypedbits;
	uint32_t sedbits;	/* the kind's start, end and duration, or 0 */
	int timeless;		/* the kind has none of the three */
	/* Their notes (TN_NONFINITE, TN_RANGE), by index in timecol. */
	char timenote[REC_MAXCOL][3][RD_TIMENOTE];
	/* The TSV or CSV header's columns that are read, in order: which
	 * field, the kind's column it sets, under which of its names, and
	 * whether it is text, and whether another of them sets that column
	 * too.  Worked out once a file, so that a row costs only the fields
	 * it gives. */
	struct rd_tsvcol {
		int field, col, pref, text, shared;
	} tsvcol[TSV_MAXCOL];
	int ntsvcol;
	int tsvresp[TSV_MAXCOL];	/* those of respellbits (tsvrespell) */
	int ntsvresp;
	long filerecs;		/* records from the current file */
	long filenotes;		/* notes from the current file */
	int sawtable, sawrows;	/* JSON: the kind's table, or rows, seen */
	int vetting;		/* JSON: the first row is yet to be vetted */
	long objline, objcol;	/* JSON: where the row's '{' is, and */
	struct sc_votes votes;	/* the tables its names are columns of */
	long plain, plainline;	/* JSON: plain values among what may be tables */
	struct notes notes;	/* what was passed over */
	struct record rec;
	const struct textfmt *tf;	/* the kind's text format, or NULL */
	void *textst;		/* its state, once a text file is read */
	struct textin tx;	/* what it is given */
	struct rd_name *names;	/* the kind's input names, hashed */
	int begun;		/* a row was given, or the text format writes them */
	int hdrwant;		/* rd_header was called: the header is due */
	uint32_t seen;		/* JSON: bit c, column c met in a row */
	int listing;		/* JSON: the first row's names are kept */
	size_t nlist;
	char list[RD_LISTBUF];	/* ... here, space-separated */
	/* JSON: the keys of the last row read, by place, each with its
	 * input name (or NULL): rows of a table have the same keys in the
	 * same order, and one found in place needs no lookup. */
	struct rd_key {
		struct json_key k;
		const struct rd_name *nm;
		int take;	/* nm is a column read (rd_want) */
	} keys[RD_KEYS];
};

/* Opens the files (NULL / 0 for stdin) for records of kind k. */
void rd_open(struct reader *r, const struct kind *k, char **files, int n);
/*
 * From now on, files are read through in, a source the caller owns,
 * instead of the reader's own: one buffer for both.  The caller frees it
 * after rd_close.
 */
void rd_use(struct reader *r, struct src *in);
/*
 * The files to read next, once those before are read (rd_next has given
 * NULL): files[0] .. files[n - 1], which must stay as they are.  With
 * isopen, the first is open in the source rd_use gave (and may have been
 * looked into: nothing read is lost), and is read on from there.
 */
void rd_files(struct reader *r, char **files, int n, int isopen);
/*
 * The profile directory dir's Warning and Error tables said (read/gate.h),
 * and its Metadata table, when it has one with a
 * profile_schema_version, checked by sc_version (whichtable.h): done for each
 * directory read, by rd_next and by np-sum's summaries.  With a reader r
 * (NULL for none), the version is kept in r->schema for its messages, and
 * a version of another MAJOR is said with the times and further columns
 * of r's tables that the directory's SchemaFields table does not list.
 */
void rd_checkdir(const char *dir, struct reader *r);
/*
 * Reads only the columns in mask (bit c for column c) and leaves the others
 * unset, for speed.  The kind's start, end and duration are always read.
 */
void rd_want(struct reader *r, uint32_t mask);
/*
 * The columns (bit c for column c) the program makes keys of and memoizes
 * by the address of their text (calc/keymemo.h): from a Parquet page that
 * is not dictionary-encoded, a value given before is given again at the
 * same address (pq_intern), as a dictionary's values are.
 */
void rd_keys(struct reader *r, uint32_t mask);
/*
 * The same for columns the program keys on in some rows only (np-stall's
 * nki_source_location, where bir_debug_info_source_location is empty):
 * their text is kept at one address only as the program asks, a value at
 * a time (rd_intern), not every row's as read.
 */
void rd_keysome(struct reader *r, uint32_t mask);
/* A span's text s (len bytes) of column c, of rd_keysome: at the address
 * where rd_keys would have given it, or s. */
static inline const char *
rd_intern(struct reader *r, int c, const char *s, size_t len)
{
	return r->fmt == FMT_PARQUET && r->pqsome[c] >= 0 ?
	    pq_intern_text(&r->pq, r->pqsome[c], s, len) : s;
}
/*
 * The -c option: further input columns (comma-separated names in arg,
 * which must stay as it is), carried through as text after the kind's
 * (rd_column, T_TEXT); a name given twice is a usage error too.
 */
void rd_extra(struct reader *r, char *arg, const char *synopsis);
/*
 * One further input column, named by option opt ("c", "g", ...; "" for
 * a column the program reads of its own, as np-bound reads its tables'):
 * its index in the record (k->ncol onwards).  type T_TEXT keeps it as the
 * input spells it; T_INT or T_NUM read it as a number, checked as the
 * kind's are (C_TIME in flags: a time, in -u's unit, rounded to ns).  A
 * name that is one of the kind's columns or input names, or more than
 * REC_MAXCOL - k->ncol of them, is a usage error.  A TSV, CSV or Parquet
 * file without it is an error at its header, naming the columns it has;
 * with RD_NEEDED in flags, so is a JSON file none of whose rows has it
 * (otherwise a JSON row without it leaves it empty); a text trace, which
 * has no such columns, is an error.  With RD_BYNUMBER, a T_TEXT column
 * from a Parquet integer column is given by its value alone (isint set, len
 * 0, no text made), for a program that reads such a field by f->i.
 */
int rd_column(struct reader *r, const char *name, const char *opt,
    enum coltype type, unsigned flags, const char *synopsis);
/*
 * The header of the kind's rows, with the -c columns: written before the
 * first row the reader gives (or writes), or at the end of input if there
 * is none; at once if either has come.  So input that is not what the
 * program reads is an error with nothing written.
 */
void rd_header(struct reader *r);
/*
 * " (closest to NAME: a, b)": the columns of the last table read (its
 * header, or a JSON file's first row) closest to the name of the kind's
 * column c, for a message about a column none of its rows had; "" when
 * none is close.  buf has size bytes.
 */
const char *rd_nearcol(const struct reader *r, int c, char *buf,
    size_t size);
/*
 * Says that the program writes every record rd_next returns with
 * rec_write, unchanged, and nothing else: a text format may then write
 * the rows itself, and rd_next returns only the others (the same rows,
 * the same order; fewer calls).
 */
void rd_rows(struct reader *r);
/* Is unit a time unit -u takes ("ps", "ns", "us")? */
int rd_isunit(const char *unit);
/* Sets the input time unit ("ps", "ns", "us"); 0 if unknown. */
int rd_setunit(struct reader *r, const char *unit);
/* The -u and -F options of a program (either may be NULL): a bad one is a
 * usage error, with the program's synopsis. */
void rd_options(struct reader *r, const char *unit, const char *pos,
    const char *synopsis);
/* Reads NP_COLUMNS into m (n 0 when unset or empty); dies when it is not
 * role=column pairs, comma-separated, each role once. */
void rd_mapread(struct rd_map *m);
/* The index of role's pair, or -1. */
int rd_mapfind(const struct rd_map *m, const char *role);
/* Dies naming a role that is none of the columns of kind k (NULL: none),
 * of another kind, a field of the tables np reads rows of, or one of the n
 * names (those the options give). */
void rd_mapvet(const struct rd_map *m, const struct kind *k,
    const char *const *names, int n);

/* rd_next's way to the next file, and its first row (or NULL). */
struct record *rd_nextfile(struct reader *r);

/*
 * Next record, or NULL when every file is read.  The record is valid until
 * the next call.  Inline: a row is its format's reader's (nextrow), and
 * a call between would cost 1% of a row's path.
 */
static inline struct record *
rd_next(struct reader *r)
{
	struct record *rec;

	if (r->open && (rec = r->nextrow(r)))
		return rec;
	return rd_nextfile(r);
}

/*
 * Rows a span at a time, for a program that takes cells a column at a
 * time: the rows rd_next would give next, n of them in a row, where each
 * is what the reader calls plain: a Parquet file read in ns, its columns
 * the usual ones (text, or whole numbers not scaled: no TIMESTAMP of
 * another unit, no float, no column two of them set, no -u but ns), each
 * row with a start, an end not before it and a duration not negative, so
 * that it is given as the file holds it.  A row that is not plain ends the
 * span; rd_next gives it (or passes over it, counted) as ever.
 */
struct rd_span {
	/* Column c's cell in the span's first row, the next row's right
	 * after it; NULL for a column not read.  As the file holds them:
	 * before the kind's finish (record.h).  What its cells hold, kind[c]:
	 * PQ_BYTES, text or a null in each; PQ_INT, a whole number or a
	 * null.  A span has at most PQ_BATCH rows. */
	const struct pq_cell *cell[REC_MAXCOL];
	unsigned char kind[REC_MAXCOL];
	const char *file;
	long line;		/* the first row's, as a record's line */
};
/* The next span's rows (its cells in *sp), or 0: then rd_next.  Inline:
 * a format without spans costs a row a test. */
long rdi_span(struct reader *r, struct rd_span *sp);
static inline long
rd_span(struct reader *r, struct rd_span *sp)
{
	return r->pqspan && r->fmt == FMT_PARQUET ? rdi_span(r, sp) : 0;
}
/* The first n rows of the span taken (n at most its rows): the rows
 * after them come next. */
void rd_spanned(struct reader *r, long n);

/* Reports what was passed over, on stderr. */
void rd_close(struct reader *r);

/* Counts something passed over at line of the current file. */
void rd_note(struct reader *r, const char *what, long line);
/* Sets column c from text (a string, or a number's text); converts and
 * checks numbers; dies naming file, line, column and the input name.
 * Times stay in the input's unit: rd_next scales the row to ns, then
 * derives the missing time. */
void rd_set(struct reader *r, struct record *rec, int c, int pref,
    const char *s, size_t n, long line, long col, const char *inname);

#endif
