/*
 * np-stall: who waits, and on what.  Sums the semaphore wait before issue
 * (evt_wait_time_ns), or another numeric column, over the instructions of
 * each key (source line, engine, opcode, ...) and writes one TSV row per
 * key, most waited first.  Memory: one entry per distinct key.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/decimal.h"
#include "base/msg.h"
#include "base/options.h"
#include "calc/hashtab.h"
#include "calc/keymemo.h"
#include "kind/instruction.h"
#include "base/number.h"
#include "read/reader.h"
#include "format/partrows.h"
#include "format/table.h"
#include "write/tsvout.h"

static const char optstring[] = "AF:g:N:u:v:";
static const char synopsis[] =
    "np-stall [-Anq] [-F positions] [-g keys] [-N rows] [-u unit] [-v column] "
    "[file ...]";

/* One line per option, as the man page orders them, for -h (np_help). */
static const char *const help[] = {
	"-A, --partial", "a partial run, for a later np-stall to merge",
	"-F positions", "field positions of show-session text",
	"-g keys", "the key: src and column names, comma-separated",
	"-N rows", "only the first rows",
	"-n, --no-header", "no header line",
	"-q, --quiet", "no progress line on stderr",
	"-u unit", "the input's time unit: ps, ns (default) or us",
	"-v column", "the column attributed (default evt_wait_time_ns)",
	NULL
};

static const char *const longopts[] = { "--partial", "-A", NULL };

/* Letters that moved (np(7) OPTIONS). */
static const struct np_oldopt oldopts[] = {
	{ 'k', 'g', "group-by keys", "np-sum's summary key column" },
	{ 't', 'N', "top rows", "the time window elsewhere" },
	{ 0 }
};

#define MAXKEYS (1L << 20)	/* distinct keys held, at most */
#define SPANKEYBITS 10
#define SPANKEYS (1 << SPANKEYBITS)	/* keys a span remembers by address */
#define MAXPARTS 16		/* columns in a compound key */
#define KEYBUF 65536		/* bytes of one key, escaped */
#define K_SRC (-1)		/* the src pseudo-column */
#define K_INPUT (-2)		/* a column outside the record, until the
				   reader is open and gives it an index */

/*
 * Per key, 48 bytes: with the table's 16 of entry, one cache line, which
 * is all a row's lookup then reads of it (a key of up to GRP_INLINE bytes
 * is in the entry).  Sums are exact: values and durations are whole
 * numbers from 0 to 2^63 - 1 (the reader leaves out negative durations,
 * value() negative values), added with a carry into a high half, so that
 * no sum of fewer than 2^63 rows overflows: a column of times since the
 * epoch (start_ts) sums as exactly as one of waits.  The high halves' low
 * bits are here; a sum past them (2^96, 2^95 for the durations', far
 * beyond a profile's) widens every key's value to a struct wide, which
 * holds the rest (addhi).  Its physical core is in the key.
 */
struct acc {
	int64_t n;		/* instructions */
	int64_t nonzero;	/* ... with a value above 0 */
	uint64_t sum;		/* the values' sum, its low half */
	uint64_t dur;		/* the durations' sum, its low half */
	uint64_t max1;		/* the largest value + 1; 0: none had one */
	uint32_t sumhi;		/* the sum's high half, its low 32 bits */
	uint32_t durhi;		/* the durations', its low 31 bits; and
				   HASDUR: one had a duration */
};
#define HASDUR 0x80000000u

struct wide {
	struct acc a;
	uint64_t sumhi, durhi;	/* the high halves' bits from 32 (31) on */
};

/*
 * A row whose key is looked up some rows later: with a million keys
 * nearly every lookup misses the cache, one miss after another (the slot,
 * the entry, the key's bytes).  The rows are taken in batches of BATCH:
 * as a batch is complete its slots are asked for, the entries the slots
 * of the batch before it name (grp_peek), the keys of the one before
 * that, and the oldest batch is looked up and added.  The asks of a batch
 * go out together: an ask that cannot go out at once (its page's
 * address not at hand, or the misses in flight at their limit) holds up
 * the instructions after it, so that with one ask a row, between rows of
 * parsing, few misses overlapped; a batch has BATCH in flight.
 */
#ifndef BATCH
#define BATCH 8
#endif
#define AHEAD (4 * BATCH)	/* a power of 2 */
#define MEMONOW 32768		/* keys in a table a memo's miss looks up
				   at once (its 2.5 MB mostly in cache) */
struct pend {
	char *key;		/* keyring's row */
	size_t len;
	size_t hash;
	long peek;		/* the entry its slot names, or -1 */
	int64_t v, dur;
	int hasv, hasdur;
	const char *file;	/* where the row is, for a message (only
				   when it was not deferred: see account) */
	long line;
	struct km_slot *memo;	/* the memo's slot its key is kept in, or
				   NULL; the entry too, when looked up */
	unsigned long seq;	/* ... unless memoseq says another row
				   took the slot since */
};

/* The key's columns. */
struct keys {
	int col[MAXPARTS];	/* record column, or K_SRC */
	const char *name[MAXPARTS];
	int text[MAXPARTS];	/* printed as text, not as a number */
	int n;
	int pcore;		/* pcore_idx is one of them */
	char spec[256];		/* as given, for messages */
};

#define MAXHDR (MAXPARTS + 8)	/* keys, then at most 8 columns */

/* The reading of partial runs' rows for the merge. */
struct partread {
	const char *file;	/* the first file, whose header says */
	char *name[MAXPARTS];	/* its key columns, without -g */
	int n;
	int col[MAXPARTS];	/* this file's column of each key part */
	int pc;			/* ... of pcore_idx, when not a key */
	int ic, dc;		/* ... of instructions, duration_ns (or -1) */
	int ncol;
	long line;
	char *f[MAXHDR];	/* the line's fields */
	size_t len[MAXHDR];
	int nf;
};

/* The program's state, passed to each function that needs it. */
struct stall {
	struct keys keys;
	int vcol;		/* the column attributed, or K_INPUT */
	/* When no row had the value: its column's closest among the input's. */
	char valnear[512];
	const char *vname;
	/* Rows read, and those with a value: a run where none has one found
	 * nothing to report. */
	long nrows, nvalued;
	struct dec total;	/* over every key: for shares */
	/* A line more than a key: the rows start in different cache sets. */
	char keyring[AHEAD][KEYBUF + 64];
	char *keybuf;		/* the key being made: a row of keyring */
	struct pend pend[AHEAD];
	int phead, npend;	/* the oldest pending, how many */
	struct group grp;
	/* The memo of recent rows' entries (keymemo.h), for a key of one
	 * text part (and the physical core, its tag). */
	struct keymemo memo;
	unsigned long memoseq[KM_SLOTS];	/* each slot's last keep */
	unsigned long seq;
	/* Within a span, a key's text stays where it is (no batch moves):
	 * its entry by address alone, for the span's rows after the first
	 * (spanrows); gen, the span's. */
	struct spankey {
		const char *s;
		size_t len;
		int64_t pc;
		long entry;
		unsigned long gen;
	} spankey[SPANKEYS];
	unsigned long spangen;
	/* Output names: the value's stem and unit ("stall", "_ns"). */
	char hcount[64], hsum[64], hmean[64], hmax[64], hshare[64];
	struct partread pt;
};

/* The state main starts from, st zeroed before. */
static void
stallinit(struct stall *st)
{
	st->vcol = I_WAIT;
	st->vname = "evt_wait_time_ns";
	strcpy(st->hcount, "stalled");
	strcpy(st->hsum, "stall_ns");
	strcpy(st->hmean, "stall_mean_ns");
	strcpy(st->hmax, "stall_max_ns");
	strcpy(st->hshare, "stall_share");
}

/* The memo's tag of a row without a physical core. */
#define NOPC INT64_MIN

/* The columns that pass test, space-separated, after first (for messages). */
static const char *
known(const char *first, int (*test)(int))
{
	static char buf[512];
	size_t len;
	int c;

	snprintf(buf, sizeof buf, "%s", first);
	for (c = 0; c < kind_insn.ncol; c++) {
		if (!test(c))
			continue;
		len = strlen(buf);
		snprintf(buf + len, sizeof buf - len, "%s%s", len ? " " : "",
		    kind_insn.col[c].name);
	}
	return buf;
}

static int
endswith(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The record's numbers: the columns of it -v can attribute. */
static int
numeric(int c)
{
	return kind_insn.col[c].type != T_TEXT;
}

/* "src,engine": each src, a column of the instruction record, or another
 * column of the input (read as text once the reader is open). */
static void
parsekeys(struct stall *st, char *arg)
{
	char *part[MAXPARTS], *p;
	int c, i, n;

	/* Before np_optlist cuts it at the commas. */
	snprintf(st->keys.spec, sizeof st->keys.spec, "%s", arg);
	n = np_optlist("g", arg, part, MAXPARTS, "keys");
	for (i = 0; i < n; i++) {
		p = part[i];
		if (strcmp(p, "src") == 0)
			c = K_SRC;
		else if ((c = kind_col(&kind_insn, p)) < 0)
			c = K_INPUT;
		st->keys.col[i] = c;
		st->keys.name[i] = p;
		st->keys.text[i] = c == K_SRC || c == K_INPUT ||
		    kind_insn.col[c].type == T_TEXT;
	}
	st->keys.n = n;
	for (st->keys.pcore = 0, i = 0; i < n; i++)
		st->keys.pcore |= st->keys.col[i] == I_PCORE;
}

/* -v: a numeric column of the record, or another column of the input;
 * names the output columns after it. */
static void
parsevalue(struct stall *st, const char *arg)
{
	const char *unit;
	int c = kind_col(&kind_insn, arg);
	int stem;

	if (c >= 0 && !numeric(c)) {
		np_warn("-v: expected a numeric column, found '%s', a text "
		    "column of the instruction record (its numbers: %s)", arg,
		    known("", numeric));
		np_usage(synopsis);
	}
	st->vcol = c >= 0 ? c : K_INPUT;
	st->vname = arg;
	if (c == I_WAIT)
		return;		/* the default names */
	unit = endswith(arg, "_ns") ? "_ns" : endswith(arg, "_bytes") ?
	    "_bytes" : "";
	stem = (int)(strlen(arg) - strlen(unit));
	snprintf(st->hcount, sizeof st->hcount, "%.*s_nonzero", stem, arg);
	snprintf(st->hsum, sizeof st->hsum, "%s", arg);
	snprintf(st->hmean, sizeof st->hmean, "%.*s_mean%s", stem, arg, unit);
	snprintf(st->hmax, sizeof st->hmax, "%.*s_max%s", stem, arg, unit);
	snprintf(st->hshare, sizeof st->hshare, "%.*s_share", stem, arg);
}

static void
keytoolong(struct stall *st, const struct record *r)
{
	np_die_at(r->file, r->line, 0, "key longer than %d bytes (-g %s)",
	    KEYBUF, st->keys.spec);
}

/* Appends s, TSV-escaped, to the key at *len: on every row's path.  An
 * empty string is "", apart from a missing value's empty part (np.7,
 * OUTPUT). */
static void
keyadd(struct stall *st, const struct record *r, size_t *len, const char *s,
    size_t n)
{
	const char *e, *run;

	if (n == 0) {		/* s may be NULL */
		if (KEYBUF - *len < 2)
			keytoolong(st, r);
		st->keybuf[(*len)++] = '"';
		st->keybuf[(*len)++] = '"';
		return;
	}
	e = s + n;
	/* Room for it all escaped (and the 16 bytes out_escape may store
	 * past the end): at once.  Near KEYBUF, a run of plain bytes at a
	 * time, for the room each takes. */
	if (OUT_ESCROOM(n) <= KEYBUF - *len) {
		*len = (size_t)(out_escape(st->keybuf + *len, s, n) -
		    st->keybuf);
		return;
	}
	if (*s == '"') {	/* as out_escape writes it */
		if (KEYBUF - *len < 2)
			keytoolong(st, r);
		st->keybuf[(*len)++] = '\\';
		st->keybuf[(*len)++] = *s++;
	}
	while (s < e) {
		for (run = s; s < e && !out_escletter[(unsigned char)*s]; s++)
			;
		if ((size_t)(s - run) + 2 * OUT_ESCMAX > KEYBUF - *len)
			keytoolong(st, r);
		memcpy(st->keybuf + *len, run, (size_t)(s - run));
		*len += (size_t)(s - run);
		if (s == e)
			break;
		*len = (size_t)(out_escat(st->keybuf + *len, &s, e) -
		    st->keybuf);
	}
}

/* The row's key: its parts as printed, joined by TABs. */
static size_t
makekey(struct stall *st, const struct record *r)
{
	const struct field *f;
	char num[NUM_BUFSZ];
	const char *s;
	size_t len = 0, n;
	int i;

	for (i = 0; i < st->keys.n; i++) {
		if (i) {
			if (len == KEYBUF)
				keytoolong(st, r);
			st->keybuf[len++] = '\t';
		}
		if (st->keys.col[i] == K_SRC) {
			if ((s = insn_src(r, &n)) != NULL)
				keyadd(st, r, &len, s, n);
			continue;	/* missing: an empty part */
		}
		f = &r->f[st->keys.col[i]];
		if (!f->set)
			continue;	/* missing: an empty part */
		if (st->keys.text[i])
			keyadd(st, r, &len, f->s, f->len);
		else if (f->isint)
			keyadd(st, r, &len, num, num_fmt_i64(num, f->i));
		else
			keyadd(st, r, &len, num, num_fmt_f64(num, f->d));
	}
	/* Physical cores kept apart, whatever the keys: a NUL and the
	 * value (a key part never holds a raw NUL). */
	f = &r->f[I_PCORE];
	if (!st->keys.pcore && f->set) {
		if (KEYBUF - len < 1 + NUM_BUFSZ)
			keytoolong(st, r);
		st->keybuf[len++] = '\0';
		len += f->isint ? num_fmt_i64(st->keybuf + len, f->i) :
		    num_fmt_f64(st->keybuf + len, f->d);
	}
	return len;
}

/*
 * The row's memo slot (NULL where the memo does not apply), and the entry
 * it holds (*entry), or -1.
 */
static struct km_slot *
memofind(struct stall *st, const struct record *r, const char **s, size_t *n,
    int64_t *pc, long *entry)
{
	const struct field *f = &r->f[I_PCORE];

	*entry = -1;
	if (st->keys.n != 1 || !st->keys.text[0] || km_rests(&st->memo))
		return NULL;
	if (st->keys.col[0] == K_SRC)
		*s = insn_src(r, n);
	else if (r->f[st->keys.col[0]].set) {
		*s = r->f[st->keys.col[0]].s;
		*n = r->f[st->keys.col[0]].len;
	} else
		*s = NULL, *n = 0;
	*pc = NOPC;
	if (!st->keys.pcore && f->set) {
		if (!f->isint || f->i == NOPC)
			return NULL;
		*pc = f->i;
	}
	return km_find(&st->memo, 1, s, n, *pc, entry);
}

/* The notes of a row without the value, or with a negative one. */
static char nonote[64], negnote[64];

static void
valuenotes(const struct stall *st)
{
	if (nonote[0])
		return;
	snprintf(nonote, sizeof nonote, "rows without %s", st->vname);
	snprintf(negnote, sizeof negnote,
	    "rows with a negative %s taken as missing", st->vname);
}

/* The value attributed, in *v: 1, or 0 when the row has none. */
static int
value(struct stall *st, struct reader *rd, const struct record *r, int64_t *v)
{
	const struct field *f = &r->f[st->vcol];
	const char *name = st->vname;
	char num[NUM_BUFSZ];

	valuenotes(st);
	if (f->set && !f->isint && f->d == f->d) {
		size_t n = num_fmt_f64(num, f->d);
		/* Fractions stop in the reader: beyond int64, or infinite. */
		np_die_at(r->file, f->line ? f->line : r->line, f->col,
		    "expected a whole number within 64 bits for '%s', "
		    "found %s", name, n ? num : f->d > 0 ? "Infinity" :
		    "-Infinity");
	}
	if (!f->set || !f->isint) {	/* absent, or NaN */
		rd_note(rd, nonote, r->line);
		return 0;
	}
	if (f->i < 0) {
		rd_note(rd, negnote, r->line);
		return 0;
	}
	*v = f->i;
	return 1;
}

/* Is every key's value a struct wide? */
static int
iswide(const struct group *g)
{
	return g->valsize > sizeof(struct acc);
}

/* A's sum of the values (dur: of the durations) in table g, power 0. */
static struct dec
getsum(const struct group *g, const struct acc *a, int dur)
{
	const struct wide *w = (const struct wide *)(const void *)a;
	struct dec d;

	d.e = 0;
	d.lo = dur ? a->dur : a->sum;
	d.hi = dur ? a->durhi & ~HASDUR : a->sumhi;
	if (iswide(g))
		d.hi += dur ? w->durhi << 31 : w->sumhi << 32;
	return d;
}

/*
 * Adds hi (below 2^63) to the high half of a's sum (dur: the durations'),
 * every key's value widened first when it runs past the bits a struct acc
 * has: a, moved then, is returned.
 */
static struct acc *
addhi(struct stall *st, struct acc *a, int dur, uint64_t hi)
{
	struct group *g = &st->grp;
	int bits = dur ? 31 : 32;
	uint64_t mask = (1ULL << bits) - 1, cur;
	struct wide *w;
	long i;

	cur = (dur ? a->durhi & ~HASDUR : a->sumhi) + hi;
	if (cur > mask && !iswide(g)) {
		i = grp_index(g, a);
		grp_widen(g, sizeof(struct wide));
		a = grp_val(g, i);
	}
	if (dur)
		a->durhi = (a->durhi & HASDUR) | (uint32_t)(cur & mask);
	else
		a->sumhi = (uint32_t)(cur & mask);
	if (cur > mask) {
		w = (struct wide *)(void *)a;
		*(dur ? &w->durhi : &w->sumhi) += cur >> bits;
	}
	return a;
}

/* A row's value v added to its key's sums: the entry, moved if widened. */
static inline struct acc *
addvalue(struct stall *st, struct acc *a, uint64_t v)
{
	a->sum += v;
	if (a->sum < v)
		a = addhi(st, a, 0, 1);
	a->nonzero += v > 0;
	if (v + 1 > a->max1)
		a->max1 = v + 1;
	return a;
}

/* A row's duration d added to its key's sums. */
static inline void
adddur(struct stall *st, struct acc *a, uint64_t d)
{
	a->dur += d;
	if (a->dur < d)
		a = addhi(st, a, 1, 1);
	a->durhi |= HASDUR;
}

/* The row's pending part added to its key's sums. */
static inline void
add(struct stall *st, struct acc *a, const struct pend *p)
{
	a->n++;
	if (p->hasv)
		a = addvalue(st, a, (uint64_t)p->v);
	if (p->hasdur)
		adddur(st, a, (uint64_t)p->dur);
}

/* The key's sums. */
static struct acc *
lookup(struct stall *st, const struct pend *p)
{
	struct acc *a;

	if (!(a = grp_geth(&st->grp, p->key, p->len, p->hash, NULL)))
		np_die_at(p->file, p->line, 0, "more than %ld distinct keys "
		    "(-g %s)", MAXKEYS, st->keys.spec);
	return a;
}

/* A pending row looked up and added: its entry kept in the memo's slot
 * that holds its key, unless another row's is there now. */
static void
settle(struct stall *st, struct pend *p)
{
	struct acc *a = lookup(st, p);

	if (p->memo && st->memoseq[p->memo - st->memo.slot] == p->seq)
		p->memo->entry = grp_index(&st->grp, a) + 1;
	add(st, a, p);
}

/* Every pending row, oldest first. */
static void
drain(struct stall *st)
{
	for (; st->npend > 0; st->npend--, st->phead = (st->phead + 1) % AHEAD)
		settle(st, &st->pend[st->phead]);
}

/* The pending row i rows after the oldest. */
#define PEND(st, i) (&(st)->pend[((st)->phead + (i)) & (AHEAD - 1)])

/*
 * A batch of rows complete (the pending rows a whole number of batches):
 * each pending batch moved on a stage, its asks together, the newest
 * first (the one waited on longest).
 */
static void
batch(struct stall *st)
{
	int nb = st->npend / BATCH, i;
	struct pend *p;

	for (i = (nb - 1) * BATCH; i < nb * BATCH; i++)
		grp_ask(&st->grp, PEND(st, i)->hash);
	if (nb >= 2)
		for (i = (nb - 2) * BATCH; i < (nb - 1) * BATCH; i++) {
			p = PEND(st, i);
			if ((p->peek = grp_peek(&st->grp, p->hash)) >= 0)
				grp_prefetch(&st->grp, p->peek, 0);
		}
	if (nb >= 3)
		for (i = (nb - 3) * BATCH; i < (nb - 2) * BATCH; i++) {
			p = PEND(st, i);
			if (p->peek >= 0)
				grp_prefetch(&st->grp, p->peek, 1);
		}
	if (nb == 4) {
		for (i = 0; i < BATCH; i++)
			settle(st, PEND(st, i));
		st->phead = (st->phead + BATCH) % AHEAD;
		st->npend -= BATCH;
	}
}

static inline void
account(struct stall *st, struct reader *rd, const struct record *r)
{
	int tail = (st->phead + st->npend) % AHEAD;
	struct pend *p = &st->pend[tail];
	const struct field *d = &r->f[I_DUR];
	struct acc *a = NULL;
	struct km_slot *m;
	const char *s = NULL;	/* the key part the memo keeps */
	size_t n = 0;
	int64_t pc = NOPC;
	long e;

	st->nrows++;
	if ((m = memofind(st, r, &s, &n, &pc, &e)) && e >= 0)
		a = grp_val(&st->grp, e);
	else {
		st->keybuf = p->key = st->keyring[tail];
		p->len = makekey(st, r);
		p->hash = grp_hash(p->key, p->len);
		p->file = r->file;
		p->line = r->line;
		/*
		 * A row whose key could be one too many is looked up now,
		 * after every row before it, so that the error is the first
		 * one in the input, as when each row is looked up as it
		 * comes.  The pending rows are fewer than the keys left:
		 * none of them can be.  A row the memo missed is looked up
		 * now too, for its entry, so that the rows after it with
		 * its key find it; in a table too large for the cache it is
		 * deferred as the others are (looked up at once, each such
		 * row waited on its misses): its key's bytes kept in the
		 * slot now, while they are there to copy, its entry once it
		 * is looked up.
		 */
		p->memo = NULL;
		if (st->grp.n + st->npend >= st->grp.cap) {
			drain(st);	/* which leaves p the oldest */
			a = lookup(st, p);
			if (m)
				km_keep(m, 1, &s, &n, pc,
				    grp_index(&st->grp, a));
		} else if (m && st->grp.n < MEMONOW) {
			a = lookup(st, p);
			km_keep(m, 1, &s, &n, pc, grp_index(&st->grp, a));
		} else if (m) {
			km_keep(m, 1, &s, &n, pc, -1);	/* no entry yet */
			p->memo = m;
			p->seq = st->memoseq[m - st->memo.slot] = ++st->seq;
		}
	}
	if ((p->hasv = value(st, rd, r, &p->v))) {
		st->nvalued++;
		dec_addu(&st->total, (uint64_t)p->v);
	}
	/* The reader has left out rows with a negative or non-finite
	 * duration_ns. */
	if ((p->hasdur = d->set)) {
		p->dur = d->i;
	} else if (st->vcol != I_DUR) {
		rd_note(rd, "rows without duration_ns, left out of its "
		    "sum", r->line);
	}
	if (a) {
		add(st, a, p);
		return;
	}
	if (++st->npend % BATCH == 0)
		batch(st);
}

/*
 * Can a span's rows (rd_span) be taken here, column by column?  With a key
 * of one text column, or src, that the kind's finish leaves as the file
 * holds it (not engine or timeline_track), and the physical core apart.
 */
static int
spanable(const struct stall *st)
{
	int c = st->keys.col[0];

	return st->keys.n == 1 && st->keys.text[0] && !st->keys.pcore &&
	    (c == K_SRC || (c >= 0 && c != I_ENGINE && c != I_TRACK)) &&
	    st->vcol >= 0;
}

/*
 * A span's row j made a record of the fields account reads (the key's,
 * the physical core's, the value's and duration_ns), as the reader would
 * make them of its cells; the others are not set, nor read.
 */
static void
cellfield(struct record *r, int c, const struct pq_cell *cell, long line)
{
	struct field *f = &r->f[c];

	memset(f, 0, sizeof *f);
	if (cell->kind == PQ_BYTES) {
		f->s = cell->s;
		f->len = cell->len;
	} else if (cell->kind == PQ_INT) {
		f->i = cell->i;
		f->isint = 1;
	} else
		return;		/* a null: not set */
	f->set = 1;
	f->line = line;
}

/* A span's columns' cells (a column not read: none's nulls), for
 * spankeys and spansums; what holds for the whole span, found once. */
struct spancols {
	const struct pq_cell *B, *N, *K, *P, *V, *D;
	int src;		/* the key is src: bir's text, else nki's */
	unsigned long gen;	/* the span's, in spankey */
};

/* A key spankey does not hold, looked for in the memo and kept in k: its
 * entry, or -1. */
static long
spanmiss(struct stall *st, struct spankey *k, const char *s, size_t len,
    int64_t pc, unsigned long gen)
{
	long e;

	if (!km_find(&st->memo, 1, &s, &len, pc, &e) || e < 0)
		return -1;
	*k = (struct spankey){ s, len, pc, e, gen };
	return e;
}

/*
 * The entries of a span's rows from j on, in ent[j] onwards, while each
 * row's key is found by the address of its text: in the spankey cache,
 * else in the memo.  The row it stopped at (n: none stopped it), which
 * account is to take: a key it cannot tell from the cells (insn_src's ""
 * or a physical core of NOPC), or one the memo misses.  The key's entry
 * alone, so that the sums' pass reads no key.
 */
static long
spankeys(struct stall *st, struct reader *rd, const struct spancols *c,
    long j, long n, long *ent)
{
	const struct pq_cell *K = c->K, *B = c->B, *N = c->N, *P = c->P;
	const unsigned long gen = c->gen;
	const int src = c->src;
	const char *s;
	size_t len;
	int64_t pc;
	struct spankey *k;
	long e;

	for (; j < n; j++) {
		/* The key: insn_src's, or the column's. */
		if (!src)
			s = K[j].kind ? K[j].s : NULL,
			len = K[j].kind ? K[j].len : 0;
		else if (B[j].kind && B[j].len)
			s = B[j].s, len = B[j].len;
		else if (N[j].kind && N[j].len)
			len = N[j].len,
			s = rd_intern(rd, I_NKI, N[j].s, len);
		else if (!B[j].kind && !N[j].kind)
			s = NULL, len = 0;	/* missing */
		else
			break;		/* "" is insn_src's own */
		pc = NOPC;
		if (P[j].kind && (pc = P[j].i) == NOPC)
			break;
		k = &st->spankey[(((uint64_t)(uintptr_t)s ^ (uint64_t)pc) *
		    0x9e3779b97f4a7c15ULL) >> (64 - SPANKEYBITS)];
		if (k->s == s && k->gen == gen && k->len == len &&
		    k->pc == pc)
			e = k->entry;
		else if ((e = spanmiss(st, k, s, len, pc, gen)) < 0)
			break;
		ent[j] = e;
	}
	return j;
}

/* A span's counts, added to st's at its end (account adds its own). */
struct spantot {
	long nr, nv;
	struct dec tot;
};

/*
 * Rows j to m - 1 of a span, their entries in ent, added to their keys'
 * sums as add adds a pending row: the value's notes as value's, every row
 * with a duration.
 */
static void
spansums(struct stall *st, struct reader *rd, const struct spancols *c,
    long line, long j, long m, const long *ent, struct spantot *t)
{
	const struct pq_cell *V = c->V, *D = c->D;
	struct acc *a;
	struct dec tot = t->tot;
	uint64_t v;
	long nv = 0;

	t->nr += m - j;
	for (; j < m; j++) {
		a = grp_val(&st->grp, ent[j]);
		a->n++;
		if (V[j].kind && V[j].i >= 0) {
			v = (uint64_t)V[j].i;
			nv++;
			dec_addu(&tot, v);
			a = addvalue(st, a, v);
		} else
			rd_note(rd, V[j].kind ? negnote : nonote, line + j);
		adddur(st, a, (uint64_t)D[j].i);
	}
	t->nv += nv;
	t->tot = tot;
}

/*
 * The rows of a span (rd_span), each taken as account takes its record,
 * a pass over the rows for their keys' entries (spankeys), another for
 * their sums (spansums), as far as the memo holds the keys from the cells
 * alone; the row it does not, and every row while the memo rests, made a
 * record of the cells for account (cellfield), so that every other path
 * and every message stays there.  (A row the memo misses is looked up in
 * it twice: a count of its hit rate alone.)  How many were taken: all,
 * unless a cell is of a kind no usual column has, left to the reader's
 * record.
 */
static long
spanrows(struct stall *st, struct reader *rd, const struct rd_span *sp,
    long n)
{
	/* A column not read: a null in every row. */
	static const struct pq_cell none[PQ_BATCH];
	static long ent[PQ_BATCH];
	static struct record r;
	struct spancols c;
	struct spantot t = { 0, 0, { 0, 0, 0 } };
	long j, m;
	int src = st->keys.col[0] == K_SRC;

	valuenotes(st);
	/* The columns' cells: text, whole numbers, or none read (then a
	 * null in every row, of at most PQ_BATCH). */
#define CELLS(q, c, what) (q = sp->cell[c] ? sp->cell[c] : none, \
    sp->cell[c] && sp->kind[c] != (what))
	if (CELLS(c.B, I_BIR, PQ_BYTES) || CELLS(c.N, I_NKI, PQ_BYTES) ||
	    CELLS(c.K, src ? I_BIR : st->keys.col[0], PQ_BYTES) ||
	    CELLS(c.P, I_PCORE, PQ_INT) || CELLS(c.V, st->vcol, PQ_INT) ||
	    n > PQ_BATCH)
		return 0;	/* the reader's records */
#undef CELLS
	c.D = sp->cell[I_DUR];
	c.src = src;
	c.gen = ++st->spangen;
	for (j = 0; ; j = m + 1) {
		m = st->memo.rest ? j : spankeys(st, rd, &c, j, n, ent);
		spansums(st, rd, &c, sp->line, j, m, ent, &t);
		if (m == n)
			break;
		r.file = sp->file;
		r.line = sp->line + m;
		cellfield(&r, I_BIR, c.B + m, r.line);
		cellfield(&r, I_NKI, c.N + m, r.line);
		if (src && !(c.B[m].kind && c.B[m].len) && c.N[m].kind &&
		    c.N[m].len)	/* at the address spankeys looked for */
			r.f[I_NKI].s = rd_intern(rd, I_NKI, c.N[m].s,
			    c.N[m].len);
		if (!src)
			cellfield(&r, st->keys.col[0], c.K + m, r.line);
		cellfield(&r, I_PCORE, c.P + m, r.line);
		cellfield(&r, st->vcol, c.V + m, r.line);
		cellfield(&r, I_DUR, c.D + m, r.line);
		account(st, rd, &r);
	}
	st->nrows += t.nr;
	st->nvalued += t.nv;
	st->total.lo += t.tot.lo;
	st->total.hi += t.tot.hi + (st->total.lo < t.tot.lo);
	return n;
}

static void
header(struct stall *st)
{
	int i;

	for (i = 0; i < st->keys.n; i++) {
		out_str(st->keys.name[i]);
		out_tab();
	}
	out_str("instructions");
	out_tab();
	out_str(st->hcount);
	out_tab();
	out_str(st->hsum);
	out_tab();
	out_str(st->hmean);
	out_tab();
	out_str(st->hmax);
	out_tab();
	out_str(st->hshare);
	if (st->vcol != I_DUR) {
		out_tab();
		out_str("duration_ns");
	}
	if (!st->keys.pcore) {
		out_tab();
		out_str("pcore_idx");
	}
	out_nl();
}

/*
 * A quotient as out_f64 writes it, formatted once for a run of rows that
 * give the same one: rows come in order of their sums, so that rows of
 * equal sums (and so equal shares of the total) are together.  Written at
 * o; returns the end.
 */
struct quot {
	struct dec num, den;
	int valid;
	size_t len;
	char text[NUM_BUFSZ];
};

static int
same(const struct dec *a, const struct dec *b)
{
	return a->lo == b->lo && a->hi == b->hi;
}

/* num / den, the nearest double: of two sums beyond 2^53 too. */
static char *
putquot(char *o, struct quot *q, const struct dec *num, const struct dec *den)
{
	if (!q->valid || !same(&q->num, num) || !same(&q->den, den)) {
		q->len = num_fmt_f64(q->text, dec_quot(num, den));
		q->num = *num;
		q->den = *den;
		q->valid = 1;
	}
	/* All of it, a constant length (no call): o has the room any number
	 * takes. */
	memcpy(o, q->text, sizeof q->text);
	return o + q->len;
}

/* A count at o, as num_fmt_i64 writes it: most are one digit. */
static char *
putcount(char *o, int64_t v)
{
	if ((uint64_t)v < 10) {
		*o = (char)('0' + v);
		return o + 1;
	}
	return o + num_fmt_i64(o, v);
}

/* The room a row's numbers take at most: eight of them and their tabs,
 * and the newline. */
#define ROWNUMS (8 * (DEC_BUFSZ + 1) + 1)

/* A key's row: its key, then its numbers written straight into the output
 * buffer, room for them taken once. */
static void
row(struct stall *st, long i)
{
	static struct quot mean, share;
	const struct acc *a = grp_val(&st->grp, i);
	struct dec nz, sum = getsum(&st->grp, a, 0), dur;
	const char *k;
	size_t len, klen;
	char *o;

	k = grp_key(&st->grp, i, &len);
	/* The physical core, after a NUL, is not printed with the key: the
	 * last column is that text. */
	klen = !st->keys.pcore ? strlen(k) : len;
	out_raw(k, klen);	/* escaped when made */
	o = out_reserve(ROWNUMS);
	*o++ = '\t';
	o = putcount(o, a->n);
	*o++ = '\t';
	o = putcount(o, a->nonzero);
	*o++ = '\t';
	if (a->max1)
		o += dec_put(o, &sum);
	*o++ = '\t';
	if (a->nonzero) {
		dec_i64(&nz, a->nonzero);
		o = putquot(o, &mean, &sum, &nz);
	}
	*o++ = '\t';
	if (a->max1)
		o += num_fmt_i64(o, (int64_t)(a->max1 - 1));
	*o++ = '\t';
	if (a->max1 && (st->total.lo | st->total.hi))
		o = putquot(o, &share, &sum, &st->total);
	if (st->vcol != I_DUR) {
		*o++ = '\t';
		if (a->durhi & HASDUR) {
			dur = getsum(&st->grp, a, 1);
			o += dec_put(o, &dur);
		}
	}
	if (!st->keys.pcore) {
		*o++ = '\t';
		if (klen < len) {
			memcpy(o, k + klen + 1, len - klen - 1);
			o += len - klen - 1;
		}
	}
	*o++ = '\n';
	out_commit(o);
}

/*
 * The columns outside the record, once the reader is open: the value's
 * read as a number (a time if its name ends in _ns, as the record's are),
 * the keys' as text, unless one is the value's too.  Each must be in the
 * input.
 */
static void
inputcols(struct stall *st, struct reader *rd)
{
	int i;

	if (st->vcol == K_INPUT)
		st->vcol = rd_column(rd, st->vname, "v", T_INT, RD_NEEDED |
		    (endswith(st->vname, "_ns") ? C_TIME : 0), synopsis);
	for (i = 0; i < st->keys.n; i++) {
		if (st->keys.col[i] != K_INPUT)
			continue;
		if (st->vcol >= I_NCOL &&
		    strcmp(st->keys.name[i], st->vname) == 0) {
			st->keys.col[i] = st->vcol;
			st->keys.text[i] = 0;
		} else
			st->keys.col[i] = rd_column(rd, st->keys.name[i], "g",
			    T_TEXT, RD_NEEDED, synopsis);
	}
}

/* The columns of the keys. */
static uint32_t
keycols(const struct stall *st)
{
	uint32_t mask = 0;
	int i;

	for (i = 0; i < st->keys.n; i++)
		mask |= st->keys.col[i] == K_SRC ? 1u << I_BIR | 1u << I_NKI
		    : 1u << st->keys.col[i];
	return mask;
}

/* The columns read: the keys', the value's and duration_ns. */
static uint32_t
wanted(struct stall *st)
{
	uint32_t mask = 1u << st->vcol | 1u << I_DUR | 1u << I_PCORE |
	    keycols(st);

	if (mask & 1u << I_ENGINE)	/* where the input gives none */
		mask |= 1u << I_TRACK;
	return mask;
}

/* Most attributed first (a radix sort of the sums, reversed: sums below
 * 2^64 all); ties in byte order of the key. */
static uint64_t
score(const void *val)
{
	return ~((const struct acc *)val)->sum;
}

/* The same order, when a sum is 2^64 or more: by comparison. */
static int
widecmp(const struct group *g, long i, long j)
{
	struct dec a = getsum(g, grp_val(g, i), 0);
	struct dec b = getsum(g, grp_val(g, j), 0);

	if (a.hi != b.hi)
		return a.hi > b.hi ? -1 : 1;
	if (a.lo != b.lo)
		return a.lo > b.lo ? -1 : 1;
	return grp_keycmp(g, i, j);
}

/* Every key's row, most attributed first, the first top of them. */
static void
writerows(struct stall *st, int withheader, long long top)
{
	/* Static, so that it is still reachable when a closed pipe ends the
	 * program inside the loop (out_flush exits quietly on EPIPE). */
	static long *order;
	long i;

	order = st->total.hi ? grp_sorted(&st->grp, widecmp) :
	    grp_sortedby(&st->grp, score);

	if (withheader)
		header(st);
	for (i = 0; i < st->grp.n && (top < 0 || i < top); i++) {
		/* Rows in sum order, not where they are: ask ahead. */
		if (i + 16 < st->grp.n)
			grp_prefetch(&st->grp, order[i + 16], 0);
		if (i + 8 < st->grp.n)
			grp_prefetch(&st->grp, order[i + 8], 1);
		row(st, order[i]);
	}
	out_flush();
	free(order);
}


/*
 * ---- Partial runs merged ----
 *
 * np-stall's rows are its whole state: every column but the mean and the
 * share adds up (or, stall_max_ns, compares) across inputs, so that runs
 * over parts of the instructions (other files, other machines) merge into
 * exactly the rows of one run over all of them.  A first file whose header
 * is np-stall's makes every file one of np-stall's rows, each key's row
 * read back into the key's sums as the instructions were.
 */
/* Splits a line at its TABs into pt.f (NUL-terminated in place): the
 * number of fields, or MAXHDR + 1 when there are more. */
static int
split(struct partread *pt, char *s, size_t n)
{
	return pt->nf = pr_split(s, n, pt->f, pt->len, MAXHDR);
}

/* The byte column of field i. */
static long
fcol(struct partread *pt, int i)
{
	return (long)(pt->f[i] - pt->f[0]) + 1;
}

/* Does the header line at s (n bytes, up to its newline) name np-stall's
 * columns: instructions, then stalled or a column's _nonzero? */
static int
ispartial(const char *s, size_t n)
{
	static const char ins[] = "\tinstructions\t";
	const char *e = s + n, *p, *q;

	if (n && e[-1] == '\r')
		e--;
	/* The first key part begins the line: look from its TAB on. */
	for (p = s; (p = memchr(p, '\t', (size_t)(e - p))) != NULL; p++) {
		if ((size_t)(e - p) < sizeof ins - 1 ||
		    memcmp(p, ins, sizeof ins - 1) != 0)
			continue;
		p += sizeof ins - 1;
		q = memchr(p, '\t', (size_t)(e - p));
		if (!q)
			return 0;
		return (q - p == 7 && memcmp(p, "stalled", 7) == 0) ||
		    (q - p > 8 && memcmp(q - 8, "_nonzero", 8) == 0);
	}
	return 0;
}

static int
named(struct partread *pt, int i, const char *name)
{
	return strlen(name) == pt->len[i] && memcmp(pt->f[i], name,
	    pt->len[i]) == 0;
}

/* The keys of the first file's header, fields 0 to n - 1, without -g. */
static void
keysfrom(struct stall *st, int n, int haspcore)
{
	struct partread *pt = &st->pt;
	size_t len = 0;
	int i;

	for (i = 0; i < n; i++) {
		pt->name[i] = np_strdup(pt->f[i]);
		st->keys.name[i] = pt->name[i];
		st->keys.col[i] = K_INPUT;
		st->keys.text[i] = 1;
		len += (size_t)snprintf(st->keys.spec + len,
		    len < sizeof st->keys.spec ? sizeof st->keys.spec - len : 0,
		    "%s%s", i ? "," : "", pt->name[i]);
		if (len >= sizeof st->keys.spec)
			len = sizeof st->keys.spec;
	}
	pt->n = st->keys.n = n;
	st->keys.pcore = haspcore;
}

/* Does this header name the first one's keys, in its order? */
static int
samekeys(struct stall *st)
{
	struct partread *pt = &st->pt;
	int i;

	for (i = 0; i < pt->n; i++)
		if (!named(pt, i, pt->name[i]))
			return 0;
	return 1;
}

/* Does the first file, open in in and nothing read, begin with
 * np-stall's header?  Only a header whole within SRC_SNIFF bytes is
 * looked at: how much of a longer one is read depends on how reads fall. */
static int
firstpartial(struct src *in)
{
	char *nl = src_wholeline(in, in->buf, SRC_SNIFF);

	if (nl - in->buf >= SRC_SNIFF || (nl == in->end && !in->eof))
		return 0;
	return ispartial(in->buf, (size_t)(nl - in->buf));
}


/* Field i of the header must be name: np-stall writes it there. */
static void
expect(struct stall *st, const char *file, int i, const char *name)
{
	struct partread *pt = &st->pt;
	if (i >= pt->nf)
		np_die_at(file, pt->line, 0, "expected np-stall's column '%s' "
		    "(-v %s) after '%s', found the end of the header", name,
		    st->vname, pt->f[pt->nf - 1]);
	if (!named(pt, i, name))
		np_die_at(file, pt->line, fcol(pt, i), "expected np-stall's "
		    "column '%s' (-v %s), found '%s'", name, st->vname,
		    pt->f[i]);
}

/* The header of a file of np-stall's rows: where this file's columns are.
 * The first names the keys (unless -g does) and the value column (unless
 * -v does); every other must name the same, as partial runs of one
 * command do. */
static void
partheader(struct stall *st, const char *file, int kgiven, int vgiven)
{
	struct partread *pt = &st->pt;
	static char vbuf[256];
	char list[NP_LISTBUF];
	int c, i, j, ic, haspcore = 0;

	if (split(pt, pt->f[0], pt->len[0]) > MAXHDR)
		np_die_at(file, pt->line, 0, "expected np-stall's header, of "
		    "at most %d key columns, found more columns", MAXPARTS);
	for (ic = 0; ic < pt->nf && !named(pt, ic, "instructions"); ic++)
		;
	if (ic == 0 || ic == pt->nf)
		np_die_at(file, pt->line, 0, "expected np-stall's header "
		    "(key columns, then instructions), found %s",
		    ic ? "no column 'instructions'" : "no key column");
	if (ic > MAXPARTS)
		np_die_at(file, pt->line, fcol(pt, MAXPARTS), "expected at "
		    "most %d key columns, found %d", MAXPARTS, ic);
	for (i = 0; i < ic; i++)
		haspcore |= named(pt, i, "pcore_idx");
	if (!pt->file) {		/* the first file */
		pt->file = file;
		if (!vgiven) {
			if (ic + 2 < pt->nf && named(pt, ic + 1, "stalled"))
				snprintf(vbuf, sizeof vbuf, "evt_wait_time_ns");
			else if (ic + 2 < pt->nf)
				snprintf(vbuf, sizeof vbuf, "%s",
				    pt->f[ic + 2]);
			else
				np_die_at(file, pt->line, 0, "expected "
				    "np-stall's value columns after "
				    "'instructions', found the end of the "
				    "header");
			if ((c = kind_col(&kind_insn, vbuf)) >= 0 && !numeric(c))
				np_die_at(file, pt->line, fcol(pt, ic + 2), "expected "
				    "np-stall's value column, a number, found "
				    "'%s', a text column of the instruction "
				    "record", vbuf);
			parsevalue(st, vbuf);
		}
		if (!kgiven)
			keysfrom(st, ic, haspcore);
	} else if (!kgiven && (ic != pt->n || !samekeys(st))) {
		np_names(list, (const char *const *)pt->name, pt->n);
		np_die_at(file, pt->line, 0, "expected the key columns of "
		    "%s (%s), found others: partial runs of other -g keys; "
		    "-g names fewer keys to merge to", pt->file, list);
	}
	expect(st, file, ic + 1, st->hcount);
	expect(st, file, ic + 2, st->hsum);
	expect(st, file, ic + 3, st->hmean);
	expect(st, file, ic + 4, st->hmax);
	expect(st, file, ic + 5, st->hshare);
	j = ic + 6;
	pt->dc = -1;
	if (st->vcol != I_DUR) {
		expect(st, file, j, "duration_ns");
		pt->dc = j++;
	}
	pt->pc = -1;
	if (!haspcore) {
		expect(st, file, j, "pcore_idx");
		pt->pc = j++;
	}
	if (j < pt->nf)
		np_die_at(file, pt->line, fcol(pt, j), "expected the end of "
		    "np-stall's header, found '%s'", pt->f[j]);
	pt->ic = ic;
	pt->ncol = pt->nf;
	/* Each key part's column: of the key columns, or the trailing
	 * pcore_idx that -g may name. */
	for (i = 0; i < st->keys.n; i++) {
		for (j = 0; j < ic && !named(pt, j, st->keys.name[i]); j++)
			;
		if (j == ic && pt->pc >= 0 && strcmp(st->keys.name[i],
		    "pcore_idx") == 0)
			j = pt->pc;
		if (j == ic) {
			np_names(list, (const char *const *)pt->f, ic);
			np_die_at(file, pt->line, 0, "expected a key column "
			    "'%s' (given to -g) in np-stall's header, found "
			    "none in its keys: %s", st->keys.name[i], list);
		}
		pt->col[i] = j;
	}
	if (st->keys.pcore)
		pt->pc = -1;	/* a key part */
	else if (haspcore)	/* a key part here, not in the output */
		for (pt->pc = 0; !named(pt, pt->pc, "pcore_idx"); pt->pc++)
			;
}

/* Field i of the row as a whole number from lo within 64 bits, or dies
 * naming the column. */
static int64_t
count(struct stall *st, const char *file, int i, const char *name, int64_t lo)
{
	struct partread *pt = &st->pt;
	int64_t v;

	if (!num_i64(pt->f[i], pt->len[i], &v) || v < lo)
		np_die_at(file, pt->line, fcol(pt, i),
		    "expected a whole number "
		    "from %lld in column '%s', found '%s'", (long long)lo,
		    name, pt->f[i]);
	return v;
}

/* Field i as a sum of np-stall's: a whole number from 0 to 2^126 - 1, as
 * np spells one (9.223372036854775808e18 beyond int64), in d (power 0). */
static void
wholesum(struct stall *st, const char *file, int i, const char *name,
    struct dec *d)
{
	struct partread *pt = &st->pt;
	uint64_t lo, hi;
	int ok;

	ok = dec_parse(pt->f[i], pt->len[i], d) && dec_whole(d) &&
	    !(d->hi >> 63);
	/* Its digits times 10^e, below 2^126. */
	for (; ok && d->e > 0; d->e--) {
		if (d->hi >> 58)
			ok = 0;
		hi = d->hi * 10 + (uint64_t)((__extension__ (unsigned __int128)d->lo * 10)
		    >> 64);
		lo = d->lo * 10;
		d->hi = hi;
		d->lo = lo;
	}
	if (!ok || d->e < 0 || d->hi >> 62)
		np_die_at(file, pt->line, fcol(pt, i),
		    "expected a whole number "
		    "from 0 in column '%s', found '%s'", name, pt->f[i]);
}

/* A's sums += the row's. */
static void
addsums(struct dec *a, const struct dec *b)
{
	a->lo += b->lo;
	a->hi += b->hi + (a->lo < b->lo);
}

/* One row of np-stall's added to its key's sums. */
static void
partrow(struct stall *st, const char *file)
{
	struct partread *pt = &st->pt;
	struct acc *a;
	struct dec sum, dur;
	int64_t n, nz, max = 0;
	size_t len = 0, hash;
	int i, c, hassum;

	if (split(pt, pt->f[0], pt->len[0]) != pt->ncol)
		np_die_at(file, pt->line, 0, "expected %d fields, as the "
		    "header has, found %s%d", pt->ncol, pt->nf > MAXHDR ?
		    "more than " : "", pt->nf > MAXHDR ? MAXHDR : pt->nf);
	st->keybuf = st->keyring[0];
	for (i = 0; i < st->keys.n; i++) {
		c = pt->col[i];
		if (len + pt->len[c] + 1 > KEYBUF)
			np_die_at(file, pt->line, 0, "key longer than %d bytes "
			    "(-g %s)", KEYBUF, st->keys.spec);
		if (i)
			st->keybuf[len++] = '\t';
		memcpy(st->keybuf + len, pt->f[c], pt->len[c]);
		len += pt->len[c];
	}
	/* The physical core after a NUL, as makekey puts it. */
	if (pt->pc >= 0 && pt->len[pt->pc]) {
		if (len + 1 + pt->len[pt->pc] > KEYBUF)
			np_die_at(file, pt->line, 0, "key longer than %d bytes "
			    "(-g %s)", KEYBUF, st->keys.spec);
		st->keybuf[len++] = '\0';
		memcpy(st->keybuf + len, pt->f[pt->pc], pt->len[pt->pc]);
		len += pt->len[pt->pc];
	}
	n = count(st, file, pt->ic, "instructions", 1);
	nz = count(st, file, pt->ic + 1, st->hcount, 0);
	if (nz > n)
		np_die_at(file, pt->line,
		    pt->ic + 1 < pt->nf ? fcol(pt, pt->ic + 1) : 0,
		    "expected at most instructions (%lld) in column '%s', "
		    "found %lld", (long long)n, st->hcount, (long long)nz);
	if ((hassum = pt->len[pt->ic + 2] > 0)) {
		wholesum(st, file, pt->ic + 2, st->hsum, &sum);
		max = count(st, file, pt->ic + 4, st->hmax, 0);
	} else if (pt->len[pt->ic + 4] || nz)
		np_die_at(file, pt->line, fcol(pt, pt->ic + 2),
		    "expected a sum in "
		    "column '%s', as '%s' is %s, found none", st->hsum,
		    nz ? st->hcount : st->hmax, nz ? "above 0" : "given");
	if (pt->dc >= 0 && pt->len[pt->dc])
		wholesum(st, file, pt->dc, "duration_ns", &dur);
	hash = grp_hash(st->keybuf, len);
	if (!(a = grp_geth(&st->grp, st->keybuf, len, hash, NULL)))
		np_die_at(file, pt->line, 0, "more than %ld distinct keys "
		    "(-g %s)", MAXKEYS, st->keys.spec);
	if (a->n > INT64_MAX - n)
		np_die_at(file, pt->line, fcol(pt, pt->ic),
		    "instructions of one "
		    "key beyond 2^63 - 1");
	a->n += n;
	a->nonzero += nz;
	st->nrows += n;
	if (hassum) {
		a->sum += sum.lo;
		a = addhi(st, a, 0, sum.hi + (a->sum < sum.lo));
		addsums(&st->total, &sum);
		if ((uint64_t)max + 1 > a->max1)
			a->max1 = (uint64_t)max + 1;
		st->nvalued++;
	}
	if (pt->dc >= 0 && pt->len[pt->dc]) {
		a->dur += dur.lo;
		a = addhi(st, a, 1, dur.hi + (a->dur < dur.lo));
		a->durhi |= HASDUR;
	}
	if ((st->total.hi | getsum(&st->grp, a, 0).hi |
	    getsum(&st->grp, a, 1).hi) >> 62)
		np_die_at(file, pt->line, 0, "a sum beyond 2^126 - 1");
}

/* Every file, np-stall's rows, into the keys' sums.  The first is open
 * in in, its header looked at. */
static void
merge(struct stall *st, struct src *in, char **files, int n,
    const struct np_cmd *cmd)
{
	struct partread *pt = &st->pt;
	char *line;
	size_t len;
	int i;

	if (np_given(cmd, "Fu")) {
		np_warn("-%c reads instructions, not np-stall's rows (%s)",
		    np_given(cmd, "Fu"), files[0]);
		np_usage(synopsis);
	}
	for (i = 0; i < n; i++) {
		if (i) {
			if (src_isdir(files[i]))
				np_die("%s: expected np-stall's rows, as %s "
				    "holds, found a directory", files[i],
				    files[0]);
			src_open(in, files[i]);
		}
		if (!src_getline(in, &line, &len) || !ispartial(line, len))
			np_die_at(files[i], in->line ? in->line : 1, 0,
			    "expected np-stall's rows (a header of key "
			    "columns, then instructions and the value "
			    "columns), as %s holds", files[0]);
		pr_plain("np-stall", files[i], in->line, line, len);
		pt->line = in->line;
		pt->f[0] = line;
		pt->len[0] = len;
		partheader(st, files[i], np_given(cmd, "g") != 0,
		    np_given(cmd, "v") != 0);
		while (src_getline(in, &line, &len)) {
			pt->line = in->line;
			pr_plain("np-stall", files[i], pt->line, line, len);
			pt->f[0] = line;
			pt->len[0] = len;
			partrow(st, files[i]);
		}
		src_close(in);
	}
}

/* Every file's instructions into their keys' sums.  The first is open in
 * in (isopen), and looked into; else a profile directory. */
static void
instructions(struct stall *st, struct src *in, char **files, int n, int isopen,
    const char *unit, const char *pos)
{
	struct reader rd;
	struct record *rec;
	struct rd_span sp;
	long have, took;
	int spans;

	rd_open(&rd, &kind_insn, files, n);
	if (isopen) {
		rd_use(&rd, in);
		rd_files(&rd, files, n, 1);
	}
	rd_options(&rd, unit, pos, synopsis);
	inputcols(st, &rd);
	rd_want(&rd, wanted(st));
	spans = spanable(st);
	/* In a span, nki_source_location is kept at one address (rd_intern)
	 * only in the rows where it is src's text. */
	if (spans && st->keys.col[0] == K_SRC) {
		rd_keys(&rd, 1u << I_BIR);
		rd_keysome(&rd, 1u << I_NKI);
	} else
		rd_keys(&rd, keycols(st));
	for (;;) {
		/* Spans while the reader has them and the memo the keys;
		 * the rest a record at a time. */
		while (spans && (have = rd_span(&rd, &sp)) > 0) {
			took = spanrows(st, &rd, &sp, have);
			rd_spanned(&rd, took);
			if (took < have)
				break;
		}
		if (!(rec = rd_next(&rd)))
			break;
		account(st, &rd, rec);
	}
	drain(st);
	if (st->nvalued == 0 && st->vcol >= 0 && st->vcol < I_NCOL)
		rd_nearcol(&rd, st->vcol, st->valnear, sizeof st->valnear);
	rd_close(&rd);		/* what was passed over, before the rows */
	if (isopen)
		src_close(in);
}

/* A fuzz target (tests/fuzz/partial_fuzz.c) takes the merge without main. */
#ifndef NP_NOMAIN
int
main(int argc, char **argv)
{
	struct np_cmd cmd = {
		.optstring = optstring, .synopsis = synopsis, .help = help,
		.longopts = longopts, .moved = oldopts, .atdie = out_salvage,
	};
	static char *stdin_only[] = { "-" };
	static char defkeys[] = "src";
	static struct src in;
	static struct stall state;	/* its ring of keys: off the stack */
	struct stall *st = &state;
	const char *unit = NULL, *pos = NULL;
	long long top = -1;
	char **files;
	int c, nfiles, isopen = 0, partial = 0;

	np_start(&cmd, argc, argv);
	stallinit(st);
	parsekeys(st, defkeys);
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'A':
			partial = 1;
			break;
		case 'F':
			pos = optarg;
			break;
		case 'g':
			parsekeys(st, optarg);
			break;
		case 'N':
			top = np_optnum("N", optarg, 1, INT64_MAX);
			break;
		case 'u':
			unit = optarg;
			break;
		case 'v':
			parsevalue(st, optarg);
			break;
		}
	}
	if (partial && (top >= 0 || !cmd.header)) {
		np_warn("-A writes the header and every key's row, for a merge: "
		    "not with -%c", top >= 0 ? 'N' : 'n');
		np_usage(synopsis);
	}
	files = argc > optind ? argv + optind : stdin_only;
	nfiles = argc > optind ? argc - optind : 1;
	grp_init(&st->grp, sizeof(struct acc), MAXKEYS);
	if (!src_isdir(files[0])) {
		/* np-stall's own rows need no option: their header says. */
		src_open(&in, files[0]);
		isopen = 1;
	}
	if (isopen && firstpartial(&in))
		merge(st, &in, files, nfiles, &cmd);
	else
		instructions(st, &in, files, nfiles, isopen, unit, pos);
	if (st->nrows > 0 && st->nvalued == 0 && !partial)
		np_die("no instruction with %s in %ld rows read (the text "
		    "traces have none)%s: -v chooses the value column, such as "
		    "-v duration_ns%s", st->vname, st->nrows, st->valnear,
		    *st->valnear ?
		    "; NP_COLUMNS=ROLE=COLUMN reads one from another column "
		    "(np(7), ENVIRONMENT)" : "");
	writerows(st, cmd.header, top);
	grp_free(&st->grp);
	return 0;
}
#endif
