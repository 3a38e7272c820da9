/*
 * reader_part: what the parts of the reader share, and nothing else uses
 * (the rdi_ functions):
 *   reader.c          files and profile directories in order, the format
 *                     of each, the kind's columns and their input names,
 *                     the checks every format's rows get, a row's times;
 *   reader_json.c     JSON: view exports, JSON lines, arrays of rows;
 *   reader_table.c    TSV and CSV with a header;
 *   reader_parquet.c  Parquet files, the kind's columns only.
 * The profiler's text formats are read by their own modules (proftext.h).
 */
#ifndef NP_READER_PART_H
#define NP_READER_PART_H

#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "base/number.h"
#include "kind/record.h"
#include "kind/whichtable.h"
#include "read/reader.h"

/* Forced inline: what a row costs is decided by what the compiler sees
 * of its path whole, in each format's loop over rows. */
#if defined(__GNUC__)
#define RD_INLINE static inline __attribute__((always_inline))
#else
#define RD_INLINE static inline
#endif

/* JSON reading states, between records. */
enum {
	J_TOP,			/* before a top-level value */
	J_TABLES,		/* in a view export, between tables */
	J_EITHER,		/* in an object that began with a container
				   under a name that is no column's: an
				   export or a row, not yet known */
	J_TABLE,		/* in the kind's table, between rows */
	J_ARRAY,		/* in a top-level array of rows */
};

/* How a Parquet column's cells set the row (rd_pqcol.how): any way (pqset), or
 * the two of nearly every column, without a look at the rest. */
enum { PQ_ANY, PQ_TEXT, PQ_WHOLE };

/* Input names of the kind's columns, hashed once per reader. */
#define NAMES 512
struct rd_name {
	const char *s;
	size_t len;
	uint64_t a, b;		/* its words (namewords) */
	int col, pref;
	enum coltype type;	/* the column's */
	char cname[48];		/* NUL-terminated, for messages */
};

/*
 * Two words of a name, read in a few loads that stay within it (a key may
 * lie in the JSON parser's scratch buffer, whose bytes past it were never
 * written): its first and last 8 bytes, or 4, or three of its bytes.  For
 * a name of up to 16 bytes they and its length are the name; a longer one
 * has bytes between them.
 */
static inline void
namewords(const char *s, size_t n, uint64_t *a, uint64_t *b)
{
	uint32_t x, y;

	if (n >= 8) {
		memcpy(a, s, 8);
		memcpy(b, s + n - 8, 8);
	} else if (n >= 4) {
		memcpy(&x, s, 4);
		memcpy(&y, s + n - 4, 4);
		*a = x;
		*b = y;
	} else {
		*a = n ? (unsigned char)s[0] | (unsigned char)s[n / 2] << 8 |
		    (uint64_t)(unsigned char)s[n - 1] << 16 : 0;
		*b = 0;
	}
}

/* A hash of a name's words; names are short, and this is asked once a
 * member. */
static inline size_t
namehash(uint64_t a, uint64_t b, size_t n)
{
	a = (a ^ (b * 0x9e3779b97f4a7c15ULL) ^ n) * 0xff51afd7ed558ccdULL;
	return (size_t)((a ^ a >> 32) % NAMES);
}

/* Is the name nm the n bytes s of words a and b?  Compared a word at a
 * time, inline: a call to memcmp costs more than the compare. */
static inline int
samename(const struct rd_name *nm, const char *s, size_t n, uint64_t a,
    uint64_t b)
{
	uint64_t x, y;
	size_t i;

	if (nm->len != n || nm->a != a || nm->b != b)
		return 0;
	for (i = 8; i + 8 < n; i += 8) {
		memcpy(&x, nm->s + i, 8);
		memcpy(&y, s + i, 8);
		if (x != y)
			return 0;
	}
	return 1;
}

static inline const struct rd_name *
lookup(const struct reader *r, const char *s, size_t n)
{
	const struct rd_name *names = r->names;
	uint64_t a, b;
	size_t h;

	namewords(s, n, &a, &b);
	for (h = namehash(a, b, n); names[h].s; h = (h + 1) % NAMES)
		if (samename(&names[h], s, n, a, b))
			return &names[h];
	return NULL;
}

/* A column's type and flags: a further column's are as rd_column was
 * given them (-c: text, as the input spells it). */
static inline enum coltype
coltype(const struct reader *r, int c)
{
	return c < r->k->ncol ? r->k->col[c].type :
	    r->extratype[c - r->k->ncol];
}

static inline unsigned
colflags(const struct reader *r, int c)
{
	return c < r->k->ncol ? r->k->col[c].flags :
	    r->extraflags[c - r->k->ncol];
}

/* reader.c: the columns, and the checks every format's reader makes. */
const char *rdi_colname(const struct reader *r, int c);
const char *rdi_askedby(const struct reader *r, int i, char *buf,
    size_t size);
int rdi_missingextra(const struct reader *r, uint32_t has);
const char *rdi_nearextra(const struct reader *r, int i, const char *list,
    char *buf, size_t size);
void rdi_needextras(const struct reader *r, uint32_t has, const char *list,
    long line);
void rdi_vet(struct reader *r, const struct sc_votes *v, long line,
    long col);
void rdi_vote(const struct reader *r, struct sc_votes *v, const char *name,
    size_t n);
const char *rdi_schemanote(const struct reader *r, char *buf, size_t size);
void rdi_needcols(struct reader *r, uint32_t has, const char *list,
    const char *where, long line);

/* One reader a format: a file of it, sniffed, made ready to read (its
 * header read); the next row of it, or NULL at its end. */
void rdi_jsonopen(struct reader *r);		/* reader_json.c */
struct record *rdi_jsonrows(struct reader *r);
void rdi_tsvopen(struct reader *r);		/* reader_table.c */
struct record *rdi_tsvrows(struct reader *r);
void rdi_pqopen(struct reader *r);		/* reader_parquet.c */
struct record *rdi_pqrows(struct reader *r);


/* Scales an integer time in the input unit to ns. */
static inline int64_t
rd_time(const struct reader *r, int64_t v)
{
	if (r->unit[0] == 'p')	/* ps: to the nearest ns, without overflow */
		return v / 1000 + (v % 1000 >= 500) - (v % 1000 <= -500);
	if (r->unit[0] == 'u')
		return v * 1000;
	return v;
}

/*
 * The whole ns of a time in the input unit, a + sign * b (b a duration):
 * 0 when it is beyond 64 bits of ns, or not a number.
 */
static inline int
rd_sumtime(const struct reader *r, const struct field *a,
    const struct field *b, int sign, int64_t *ns)
{
	double x, mul;
	int64_t v;

	if (a->isint && b->isint) {
		if (sign > 0 ? __builtin_add_overflow(a->i, b->i, &v) :
		    __builtin_sub_overflow(a->i, b->i, &v))
			return 0;
		if (r->unit[0] == 'u' && (v > INT64_MAX / 1000 ||
		    v < INT64_MIN / 1000))
			return 0;
		*ns = rd_time(r, v);
		return 1;
	}
	mul = r->unit[0] == 'p' ? 1e-3 : r->unit[0] == 'u' ? 1e3 : 1;
	x = (a->isint ? (double)a->i : a->d) +
	    sign * (b->isint ? (double)b->i : b->d);
	if (!num_inint64(x * mul))
		return 0;
	*ns = (int64_t)llround(x * mul);
	return 1;
}

/*
 * A duration the input gives, made whole ns as the difference of the
 * rounded times at its two ends: round(start + duration) - start_ts (from
 * the end, end_ts - round(end - duration), on a row without a start), not
 * the duration rounded on its own, so that duration_ns is end_ts -
 * start_ts as printed whichever two or three of them the row gives.  The
 * row's start (or end) is already whole ns, in s; raw are its times as
 * the input gave them.  A sum beyond range leaves the duration rounded on
 * its own (the range is checked where the missing time is worked out).
 */
static inline void
anchordur(const struct reader *r, struct record *rec, const struct field *raw)
{
	const struct kind *k = r->k;
	struct field *d = &rec->f[k->dur];
	int64_t ns, v;

	if (rec->f[k->start].set) {
		if (rd_sumtime(r, &raw[0], &raw[2], 1, &ns) &&
		    !__builtin_sub_overflow(ns, rec->f[k->start].i, &v))
			d->i = v;
	} else if (rec->f[k->end].set) {
		if (rd_sumtime(r, &raw[1], &raw[2], -1, &ns) &&
		    !__builtin_sub_overflow(rec->f[k->end].i, ns, &v))
			d->i = v;
	}
}

/*
 * Times and durations to whole ns, before the missing one of start, end
 * and duration is derived: derived from rounded values, it agrees with
 * them as printed, as a duration given does (anchordur).  A time that is NaN, infinite or beyond 64 bits of ns
 * makes the row unusable when it is the row's start, end or duration (0:
 * counted, and the row left out); any other time (a wait) is then missing,
 * and counted.
 */
static inline int
scaletimes(struct reader *r, struct record *rec)
{
	const struct kind *k = r->k;
	double mul;
	struct field *f;
	int i, c, bad, anchor;
	struct field raw[3];
	uint32_t m;

	/* The usual row: ns, its times whole: nothing to do. */
	if (r->unit[0] == 'n') {
		if (r->fmt == FMT_PARQUET && r->pqtimeswhole)
			return 1;
		for (m = rec->has & r->timebits; m; m &= m - 1)
			if (!rec->f[__builtin_ctz(m)].isint)
				break;
		if (!m)
			return 1;
	}
	/* A given duration is rounded with its start or end (anchordur):
	 * their times as the input gave them. */
	anchor = k->dur >= 0 && k->start >= 0 && k->end >= 0 &&
	    rec->f[k->dur].set &&
	    (rec->f[k->start].set || rec->f[k->end].set);
	if (anchor) {
		raw[0] = rec->f[k->start];
		raw[1] = rec->f[k->end];
		raw[2] = rec->f[k->dur];
	}
	mul = r->unit[0] == 'p' ? 1e-3 : r->unit[0] == 'u' ? 1e3 : 1;
	for (i = 0; i < r->ntimecols; i++) {
		c = r->timecol[i];
		f = &rec->f[c];
		if (!f->set || (f->isint && mul == 1))
			continue;
		bad = 0;
		if (f->isint && r->unit[0] == 'u' && (f->i > INT64_MAX / 1000 ||
		    f->i < INT64_MIN / 1000))
			bad = TN_RANGE;
		else if (f->isint)
			f->i = rd_time(r, f->i);
		else if (num_inint64(f->d * mul)) {
			f->i = (int64_t)llround(f->d * mul);
			f->isint = 1;
		} else
			bad = isfinite(f->d) ? TN_RANGE : TN_NONFINITE;
		if (!bad)
			continue;
		rd_note(r, r->timenote[i][bad], rec->line);
		if (c == k->start || c == k->end || c == k->dur)
			return 0;
		rec_unmark(rec, c);
	}
	if (anchor)
		anchordur(r, rec, raw);
	return 1;
}

/*
 * The row's start, end and duration, made whole ns and completed: 0 when
 * they make the row unusable (counted): a time that is NaN, infinite or
 * beyond 64 bits of ns, given or derived, a negative duration given, or an
 * end before the start.
 */
static inline int
rowtimes(struct reader *r, struct record *rec)
{
	const struct kind *k = r->k;
	int c, i, durgiven;

	/* Rows of any table, no time column asked for: nothing to scale,
	 * work out or check. */
	if (r->timeless && !r->timebits)
		return 1;
	if (!scaletimes(r, rec))
		return 0;
	durgiven = k->dur >= 0 && rec->f[k->dur].set;
	/* A row with all three has none to work out: no call. */
	if ((rec->has & r->sedbits) != r->sedbits &&
	    (c = rec_complete(k, rec)) >= 0) {
		for (i = 0; r->timecol[i] != c; i++)
			;
		rd_note(r, r->timenote[i][TN_RANGE], rec->line);
		return 0;
	}
	if (durgiven && rec->f[k->dur].i < 0) {
		rd_note(r, "rows with a negative duration_ns skipped",
		    rec->line);
		return 0;
	}
	if (k->start >= 0 && k->end >= 0 && rec->f[k->start].set &&
	    rec->f[k->end].set && rec->f[k->end].i < rec->f[k->start].i) {
		rd_note(r, "rows with end_ts before start_ts skipped",
		    rec->line);
		return 0;
	}
	return 1;
}

/* reader.c: what a row of any format gets once read. */
void rdi_floatfields(struct reader *r, struct record *rec);
void rdi_begin(struct reader *r);

/*
 * The end of a row of any format, inline in each format's loop over rows
 * (a call there costs a row's path 1%): its times scaled and completed,
 * the kind's tidying; 1 when it is a row to give, 0 when it was passed
 * over (counted).
 */
RD_INLINE int
rdi_rowdone(struct reader *r, struct record *rec)
{
	rec->operand = r->operand;
	if (rec->has & r->floatbits)
		rdi_floatfields(r, rec);
	if (!rowtimes(r, rec))
		return 0;
	if (r->k->finish)
		r->k->finish(rec);
	if (r->k->start >= 0 && !rec->f[r->k->start].set) {
		rd_note(r, "rows without a start time skipped", rec->line);
		return 0;
	}
	r->filerecs++;
	if (!r->begun)
		rdi_begin(r);
	return 1;
}

#endif
