/*
 * record: kinds of record and the rows that carry them.
 *
 * A kind (instruction, DMA transfer, collective event, ...) is a fixed list
 * of output columns.  Each column names the input fields it is read from, in
 * order of preference: the Neuron Explorer column name first, then the view
 * JSON field, then others.  Every reader (JSON, TSV, profiler text) fills the
 * same record, so every program accepts every format carrying its kind,
 * including the TSV another np program wrote.
 */
#ifndef NP_RECORD_H
#define NP_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define REC_MAXCOL 32
#ifndef REC_ARENA		/* smaller in the fuzz build, to reach its edges */
#define REC_ARENA (4 << 20)	/* kept text of one row, at most */
#endif

/* Programs that take spans between times (np-gaps, np-cc) hold times
 * strictly within +-REC_TIMEMAX ns, so that every span, gap and sum of
 * spans fits in an int64. */
#define REC_TIMEMAX ((int64_t)1 << 62)

enum coltype {
	T_TEXT,
	T_INT,			/* an integer: a fraction is an error (a time
				   is rounded); beyond int64 it stays a double */
	T_NUM,			/* any number */
};

#define C_TIME 1		/* a time or duration: scaled to ns on input */

struct column {
	const char *name;	/* output name */
	enum coltype type;
	unsigned flags;
	const char *from;	/* input names, space-separated, best first */
};

struct record;

struct kind {
	const char *name;	/* for messages: "instruction" */
	const char *table;	/* the view JSON table holding it */
	int ncol;
	const struct column *col;
	int start, end, dur;	/* start_ts, end_ts, duration_ns, or -1 */
	/* Tidies a complete row (NULL for nothing). */
	void (*finish)(struct record *);
	/* The tables (whichtable.h, SC_BIT) whose rows are of this kind: a
	 * header or first row must hold one of their own columns, such as
	 * those named in ident (for messages). */
	unsigned tables;
	const char *ident;
	/* Its Neuron Explorer tables, space-separated, in the order a
	 * profile directory's are read: "CcInstruction CcOp". */
	const char *ptables;
};

struct field {
	const char *s;		/* text (numbers: as read) */
	size_t len;
	int64_t i;		/* T_INT / T_NUM: the value, when isint */
				/* (a text column read from a Parquet
				   integer: its text's value, isint set) */
	double d;		/* the value, when !isint */
	unsigned char set;	/* present in the input (see rec_mark) */
	unsigned char isint;
	unsigned char pref;	/* which input name set it (0 = best) */
	long line, col;		/* where the input had it (0: unknown) */
};

struct record {
	struct field f[REC_MAXCOL];
	uint32_t has;		/* bit c: f[c].set; rec_mark sets both */
	size_t textlen;		/* at least the text bytes of the set fields */
	const char *file;	/* where the row came from */
	const char *operand;	/* the file or profile directory named */
	long line;
	char *arena;		/* REC_ARENA bytes for kept text */
	size_t used;
	/* Further input columns (-c): fields ncol to ncol + nextra - 1 of
	 * the kind's ncol, text unless their bit is set in xnum (a number).
	 * Kept by rec_clear. */
	int nextra;
	uint32_t xnum;
};

/* Empties the fields that are set, and the arena. */
void rec_clear(struct record *r);
/* Marks field c present (after its text is set: its len counts toward
 * textlen), or absent (and empty): f[c].set and its bit in has.  A field
 * whose bit is clear is all zeros. */
static inline void
rec_mark(struct record *r, int c)
{
	r->f[c].set = 1;
	r->has |= (uint32_t)1 << c;
	r->textlen += r->f[c].len;
}

static inline void
rec_unmark(struct record *r, int c)
{
	memset(&r->f[c], 0, sizeof r->f[c]);
	r->has &= ~((uint32_t)1 << c);
}

/* rec_keep for any text, with a call. */
const char *rec_keeplong(struct record *r, const char *s, size_t n);

/* Copies text into the record's arena; dies when the row is too big.  The
 * usual field, of 32 bytes or fewer, is copied here in two moves of a
 * fixed size that overlap, without a call (around which the caller's
 * values would be saved and loaded back). */
static inline const char *
rec_keep(struct record *r, const char *s, size_t n)
{
	char *p = r->arena + r->used;

	if (n > 32 || n > REC_ARENA - r->used)
		return rec_keeplong(r, s, n);
	if (n >= 16) {
		memcpy(p, s, 16);
		memcpy(p + n - 16, s + n - 16, 16);
	} else if (n >= 8) {
		memcpy(p, s, 8);
		memcpy(p + n - 8, s + n - 8, 8);
	} else if (n >= 4) {
		memcpy(p, s, 4);
		memcpy(p + n - 4, s + n - 4, 4);
	} else if (n > 0) {
		p[0] = s[0];
		p[n / 2] = s[n / 2];
		p[n - 1] = s[n - 1];
	}
	r->used += n;
	return p;
}
/* The line field c was read on: its own, or the row's. */
static inline long
rec_line(const struct record *r, int c)
{
	return r->f[c].line ? r->f[c].line : r->line;
}

/* Sets field c to the text s (copied), or dies. */
void rec_settext(struct record *r, int c, const char *s, size_t n);
/* Sets field c to the text s, not copied: s must stay as it is until the
 * record is next cleared. */
static inline void
rec_setref(struct record *r, int c, const char *s, size_t n)
{
	r->f[c].s = s;
	r->f[c].len = n;
	rec_mark(r, c);
}

static inline void
rec_setint(struct record *r, int c, int64_t v)
{
	r->f[c].i = v;
	r->f[c].isint = 1;
	r->f[c].s = NULL;
	rec_mark(r, c);
}
/* Fills the missing one of start, end and duration from the other two:
 * -1, or the column that would not fit in 64 bits (left unset). */
int rec_complete(const struct kind *k, struct record *r);
/* The value of a number field as a double (NAN when missing). */
double rec_num(const struct record *r, int c);

/*
 * Rows of any table: a kind of no columns of its own, no times and no
 * table it must be, whose columns are all further ones (rd_column).  A JSON
 * object is a row whatever its first member; a profile directory's rows
 * are its Instruction table's, as the programs of instructions read.
 */
extern const struct kind kind_row;

/* Index of the output column called name, or -1. */
int kind_col(const struct kind *k, const char *name);

#endif
