#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "calc/keymemo.h"
#include "groupby.h"
#include "kind/instruction.h"
#include "base/number.h"
#include "kind/whichtable.h"
#include "read/sniff.h"
#include "write/tsvout.h"

#define HISTCOLS 7

/* What each row of each form runs, made part of its loop: two loops call
 * them, and the compiler would otherwise keep them apart. */
#if defined(__GNUC__)
#define ROWPATH static inline __attribute__((always_inline))
#else
#define ROWPATH static inline
#endif

/* How a column's text is read (keyhow, valhow): as it is; as an engine;
 * as a float32 (sc_isfloat); as a number of a column np knows
 * (SCT_NUMBER: respelt, dec_respell); as a number of a column np does not
 * know (SCT_UNKNOWN: a widened float read as the float, dec_respell). */
enum { GS_ASIS, GS_ENGINE, GS_FLOAT, GS_NUMBER, GS_UNTYPED };

/* Whole numbers below this magnitude are exact doubles, as is each one's
 * neighbour: a column of them is "whole". */
#define WHOLE_MAX 9007199254740992.0	/* 2^53 */

/* The value column's name heads value_column; histogram rows np 0.1 wrote
 * headed it column, which reads the same. */
static const char *const histcol[HISTCOLS] = { "value_column", "bucket_lo",
    "bucket_hi", "count", "sum", "min", "max" };
#define OLDVALCOL "column"
static const char *const statcol[] = { "value_column", "count", "sum", "min",
    "max", "mean", "p50", "p90", "p99", "share" };
#define NSTATCOL (int)(sizeof statcol / sizeof statcol[0])

/* The totals of a cell of more than one value. */
struct tot {
	struct dec sum, min, max;
	double fsum;		/* the sum as a double, for inexact */
	double dmin, dmax;
	int inexact;		/* the exact sum did not fit */
	int whole;		/* every value a whole number below 2^53 */
};

/*
 * The block of a cell that holds more than a list (l.kind VL_OTHER): past
 * GS_EXACT values, or read from histogram rows.  Its totals, and its
 * values listed (nv of them) or counted in the histogram (nv -1).
 */
struct many {
	struct tot t;
	int nv;
	int64_t vn;		/* values listed or counted in buckets */
	struct vlist l;
	struct hist h;
};

/* What is written of a cell of more than one value: its totals, and its
 * values in value order (nv of them) or its histogram (nv -1). */
struct view {
	struct tot t;
	int nv;
	int64_t vn;
	const struct hist *h;
	int isint;		/* the values in iv, not v */
	struct xval v[GS_EXACT];
	int64_t iv[GS_EXACT];
};

static struct many *
getmany(const struct cell *c)
{
	struct many *m;

	memcpy(&m, c->l.b + VL_PTR, sizeof m);
	return m;
}

/*
 * A row read but not yet added: its key, and its values parsed (has: bit i
 * for value column i).  With many groups the table is far larger than
 * the cache, and each row's look-up waits on memory, one miss after
 * another: the slot, the entry, the key's bytes, the cell's newest chunk.
 * So a row's key is hashed and its slot asked for (grp_ask) as it is
 * read; STAGE rows later the entry the slot names is asked for (grp_peek);
 * STAGE rows after that its key and chunk; and the row is looked up and
 * added GS_AHEAD - 1 rows after it was read, oldest first, each miss
 * overlapping the rows between.  With fewer groups than AHEADMIN the
 * table is in the cache and each row is added as it comes.
 */
#define GS_AHEAD 16		/* a power of 2 */
#define STAGE 5
#define AHEADMIN 8192
struct gspend {
	char *key;
	size_t len, cap, hash;
	uint64_t has;
	long line;		/* where it was read */
	long peek;		/* the entry its slot names, or -1 */
	struct xval v[GS_MAXVAL];
};

static int
iswhole(const struct dec *d, double v)
{
	return dec_whole(d) && fabs(v) < WHOLE_MAX;
}

void
gs_init(struct gstat *gs, char **keys, int nkey, char **vals, int nval,
    long cap)
{
	int i;

	memset(gs, 0, sizeof *gs);
	for (i = 0; i < nkey; i++)
		gs->key[i] = keys[i];
	gs->nkey = nkey;
	gs->keyset = keys != NULL;
	for (i = 0; i < nval; i++)
		gs->val[i] = vals[i];
	gs->nval = nval;
	gs->valset = vals != NULL;
	gs->cap = cap;
	gs->ncell = nval > 0 ? nval : 1;
	grp_init(&gs->g, (size_t)gs->ncell * sizeof(struct cell), cap);
	vp_init(&gs->pool);
	gs->own.fd = -1;
	gs->in = &gs->own;
	rd_mapread(&gs->map);
	if (gs->map.n) {
		const char *names[GS_MAXKEY + GS_MAXVAL];

		for (i = 0; i < nkey + nval; i++)
			names[i] = i < nkey ? keys[i] : vals[i - nkey];
		rd_mapvet(&gs->map, NULL, names, nkey + nval);
	}
}

static void
many_free(struct many *m)
{
	hist_free(&m->h);
	free(m);
}

void
gs_free(struct gstat *gs)
{
	struct cell *c;
	long i;
	int v;

	for (i = 0; i < gs->g.n; i++) {
		c = grp_val(&gs->g, i);
		for (v = 0; v < gs->ncell; v++)
			if (c[v].l.kind == VL_OTHER)
				many_free(getmany(&c[v]));
	}
	grp_free(&gs->g);
	vp_free(&gs->pool);
	free(gs->rd);		/* closed by gs_report */
	free(gs->memo);
	free(gs->kbuf);
	if (gs->pend)
		for (v = 0; v < GS_AHEAD; v++)
			free(gs->pend[v].key);
	free(gs->pend);
	free(gs->vname);
	free(gs->t.hdr);
	free(gs->valother);
	free(gs->own.buf);
	/* Names taken from a histogram header were copied. */
	if (gs->keyown)
		for (v = 0; v < gs->nkey; v++)
			free(gs->key[v]);
	free(gs->keyfile);
	if (!gs->valset)
		for (v = 0; v < gs->nval; v++)
			free(gs->val[v]);
}

static void
note(struct gstat *gs, const char *what, long line)
{
	note_add(&gs->notes, what, 1, gs->in->name, line);
}

void
gs_report(struct gstat *gs)
{
	note_report(&gs->notes);
	if (gs->rd)
		rd_close(gs->rd);	/* what it passed over */
	if (gs->inexact)
		np_warn("sums past 38 digits, written as doubles: %ld",
		    gs->inexact);
}

/* ---- cells ---- */


/* Takes min and max into t (first: t holds no totals yet). */
static void
minmax(struct tot *t, int first, const struct dec *min, double dmin,
    const struct dec *max, double dmax)
{
	if (first || dmin < t->dmin ||
	    (dmin == t->dmin && dec_cmp(min, &t->min) < 0)) {
		t->min = *min;
		t->dmin = dmin;
	}
	if (first || dmax > t->dmax ||
	    (dmax == t->dmax && dec_cmp(max, &t->max) > 0)) {
		t->max = *max;
		t->dmax = dmax;
	}
}

static void
addsum(struct tot *t, const struct dec *sum, double fsum)
{
	if (t->inexact)
		t->fsum += fsum;
	else if (!dec_add(&t->sum, sum)) {
		t->inexact = 1;
		t->fsum = dec_f64(&t->sum) + fsum;
	}
}

/* The totals of n values (n >= 1), taken in the order they were added,
 * as they would have been one by one. */
static void
totals(struct tot *t, const struct xval *x, int n)
{
	int i;

	memset(t, 0, sizeof *t);
	t->sum = t->min = t->max = x[0].d;
	t->dmin = t->dmax = x[0].v;
	t->whole = iswhole(&x[0].d, x[0].v);
	for (i = 1; i < n; i++) {
		minmax(t, 0, &x[i].d, x[i].v, &x[i].d, x[i].v);
		addsum(t, &x[i].d, x[i].v);
		t->whole &= iswhole(&x[i].d, x[i].v);
	}
}

/* The values listed go to the histogram. */
static void
tohist(struct gstat *gs, struct many *m)
{
	struct xval x[GS_EXACT];
	int i;

	if (m->nv < 0)
		return;
	vl_get(&m->l, m->nv, x);
	for (i = 0; i < m->nv; i++)
		hist_add(&m->h, x[i].v, 1);
	vl_clear(&gs->pool, &m->l);
	m->nv = -1;
}

/* Holds count copies of a value: listed while there are at most GS_EXACT,
 * in the histogram past that. */
static void
hold(struct gstat *gs, struct many *m, const struct dec *d, double v,
    int64_t count)
{
	m->vn += count;
	if (m->nv >= 0 && count <= GS_EXACT - m->nv) {
		for (; count > 0; count--)
			vl_add(&gs->pool, &m->l, m->nv++, d);
		return;
	}
	tohist(gs, m);
	hist_add(&m->h, v, count);
}

/* The cell as a block of totals: a list's values become its totals and
 * its values listed. */
static struct many *
many(struct cell *c)
{
	struct xval x[GS_EXACT];
	struct many *m;

	if (c->l.kind == VL_OTHER)
		return getmany(c);
	m = np_calloc(1, sizeof *m);
	hist_init(&m->h);
	m->t.whole = 1;
	if (c->n > 0) {
		vl_get(&c->l, (int)c->n, x);
		totals(&m->t, x, (int)c->n);
		m->nv = (int)c->n;
		m->vn = c->n;
		m->l = c->l;	/* the list's chunks move with it */
	}
	memset(&c->l, 0, sizeof c->l);
	c->l.kind = VL_OTHER;
	memcpy(c->l.b + VL_PTR, &m, sizeof m);
	return m;
}

/*
 * Adds one value to column i of a group's cells e: d exactly, v its
 * double.  Listed while the cell holds fewer than GS_EXACT (no totals
 * kept: they are taken from the list when written), then totals and the
 * histogram.  The column's sum over all groups is kept as the rows come
 * while every value is a whole number of int64 (its sum then exact, and
 * the same however it is added up).
 */
ROWPATH void
cell_add(struct gstat *gs, struct cell *e, int i, const struct dec *d,
    double v)
{
	struct cell *c = &e[i];
	struct dec *run = &gs->run[i];
	struct many *m;

	if (d->e == 0 && d->hi == (uint64_t)-(int64_t)(d->lo >> 63)) {
		run->lo += d->lo;
		run->hi += d->hi + (run->lo < d->lo);
	} else
		gs->runbad = 1;
	if (c->l.kind != VL_OTHER && c->n < GS_EXACT) {
		vl_add(&gs->pool, &c->l, (int)c->n, d);
		c->n++;
		return;
	}
	m = many(c);
	minmax(&m->t, 0, d, v, d, v);
	addsum(&m->t, d, v);
	m->t.whole &= iswhole(d, v);
	hold(gs, m, d, v, 1);
	c->n++;
}

static int
byvalue(const struct xval *a, const struct xval *b)
{
	if (a->v != b->v)
		return a->v < b->v ? -1 : 1;
	return dec_cmp(&a->d, &b->d);
}

/* Values in value order (at most GS_EXACT: insertion). */
static void
xsort(struct xval *v, int n)
{
	struct xval x;
	int i, j;

	for (i = 1; i < n; i++) {
		x = v[i];
		for (j = i; j > 0 && byvalue(&v[j - 1], &x) > 0; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* Is the cell one value held in its list: *x that value. */
static int
one(const struct cell *c, struct xval *x)
{
	int64_t i;

	if (c->n != 1 || c->l.kind == VL_OTHER)
		return 0;
	if (vl_int1(&c->l, &i)) {
		dec_i64(&x->d, i);
		x->v = (double)i;
	} else
		vl_get(&c->l, 1, x);
	return 1;
}

/*
 * The totals of n whole numbers of int64 (1 <= n <= GS_EXACT, so that
 * their sum is exact), as totals gives them (its minimum the first of
 * equal ones: they print alike).
 */
static void
itotals(struct tot *t, const int64_t *x, int n)
{
	uint64_t lo = 0, hi = 0;
	int64_t min = x[0], max = x[0];
	int i, whole = 1;

	for (i = 0; i < n; i++) {
		lo += (uint64_t)x[i];
		hi += (x[i] < 0 ? ~0ULL : 0) + (lo < (uint64_t)x[i]);
		min = x[i] < min ? x[i] : min;
		max = x[i] > max ? x[i] : max;
		whole &= x[i] > -(1LL << 53) && x[i] < 1LL << 53;
	}
	memset(t, 0, sizeof *t);
	t->sum.lo = lo;
	t->sum.hi = hi;
	dec_i64(&t->min, min);
	dec_i64(&t->max, max);
	t->dmin = (double)min;
	t->dmax = (double)max;
	t->whole = whole;
}

static void
isort(int64_t *v, int n)
{
	int64_t x;
	int i, j;

	for (i = 1; i < n; i++) {
		x = v[i];
		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/*
 * Rearranges v[lo..hi) so that v[k] is the value that would be there were
 * they sorted, those before it no larger and those after no smaller
 * (quickselect: about 2 (hi - lo) steps, not a sort's n^2 / 4).
 */
static void
iselect(int64_t *v, int lo, int hi, int k)
{
	int64_t x, t;
	int i, j;

	while (hi - lo > 1) {
		x = v[lo + (hi - lo) / 2];
		for (i = lo, j = hi - 1; i <= j;) {
			while (v[i] < x)
				i++;
			while (v[j] > x)
				j--;
			if (i <= j) {
				t = v[i];
				v[i++] = v[j];
				v[j--] = t;
			}
		}
		if (k <= j)
			hi = j + 1;
		else if (k >= i)
			lo = i;
		else
			return;
	}
}

/* The nearest-rank p-th percentile's place (0-based) among n values. */
static int64_t
rankof(int64_t n, int p)
{
	return n / 100 * p + (n % 100 * p + 99) / 100 - 1;
}

/* Value i of w, in value order, exactly (tmp: room for it). */
static const struct dec *
wval(const struct view *w, int i, struct dec *tmp)
{
	if (!w->isint)
		return &w->v[i].d;
	dec_i64(tmp, w->iv[i]);
	return tmp;
}

enum { LOOK_TOTALS, LOOK_SORTED, LOOK_PCT };

/*
 * What is written of a cell of more than one value, in w; its values in
 * value order (LOOK_SORTED), or in it at least at the places of the
 * percentiles written (LOOK_PCT).
 */
static void
look(const struct cell *c, struct view *w, int how)
{
	const struct many *m;
	int n = (int)c->n;

	w->isint = 0;
	if (c->l.kind != VL_OTHER && vl_ints(&c->l, n, w->iv)) {
		itotals(&w->t, w->iv, n);
		w->nv = n;
		w->vn = n;
		w->h = NULL;
		w->isint = 1;
		if (how == LOOK_SORTED)
			isort(w->iv, n);
		else if (how == LOOK_PCT) {
			/* The highest first, each then among those below. */
			iselect(w->iv, 0, n, (int)rankof(n, 99));
			iselect(w->iv, 0, (int)rankof(n, 99), (int)rankof(n,
			    90));
			iselect(w->iv, 0, (int)rankof(n, 90), (int)rankof(n,
			    50));
		}
		return;
	}
	if (c->l.kind != VL_OTHER) {
		vl_get(&c->l, (int)c->n, w->v);
		totals(&w->t, w->v, (int)c->n);
		w->nv = (int)c->n;
		w->vn = c->n;
		w->h = NULL;
	} else {
		m = getmany(c);
		w->t = m->t;
		w->nv = m->nv;
		w->vn = m->vn;
		w->h = &m->h;
		if (m->nv > 0)
			vl_get(&m->l, m->nv, w->v);
	}
	if (how != LOOK_TOTALS && w->nv > 1)
		xsort(w->v, w->nv);
}

/* A cell's sum, exactly, or as a double when inexact. */
struct total {
	struct dec sum;
	double fsum;
	int inexact;
};

static void
total_add(struct total *t, const struct cell *c)
{
	struct view w;
	struct xval x;
	struct dec d;
	double f;

	if (c->n == 0 && c->l.kind != VL_OTHER)
		return;
	if (one(c, &x)) {
		d = x.d;
		f = dec_f64(&d);
	} else {
		look(c, &w, LOOK_TOTALS);
		if (w.t.inexact) {
			if (!t->inexact) {
				t->inexact = 1;
				t->fsum = dec_f64(&t->sum);
			}
			t->fsum += w.t.fsum;
			return;
		}
		d = w.t.sum;
		f = dec_f64(&d);
	}
	if (t->inexact)
		t->fsum += f;
	else if (!dec_add(&t->sum, &d)) {
		t->inexact = 1;
		t->fsum = dec_f64(&t->sum) + f;
	}
}

static double
total_f64(const struct total *t)
{
	return t->inexact ? t->fsum : dec_f64(&t->sum);
}

/* ---- reading ---- */

static int
ishist(const struct tsv *t)
{
	int i, base = t->ncol - HISTCOLS;

	if (base < 0)
		return 0;
	if (strcmp(t->name[base], histcol[0]) != 0 &&
	    strcmp(t->name[base], OLDVALCOL) != 0)
		return 0;
	for (i = 1; i < HISTCOLS; i++)
		if (strcmp(t->name[base + i], histcol[i]) != 0)
			return 0;
	return 1;
}

/*
 * Column of a header name among the first n, or dies: the column
 * NP_COLUMNS maps it to, where the header has it, else the name's own;
 * the error names the header's columns closest to it.
 */
static int
column(struct gstat *gs, const char *name, int n, const char *what)
{
	char list[NP_LISTBUF], want[256], near[256];
	int i, m = rd_mapfind(&gs->map, name);

	for (i = 0; m >= 0 && i < n; i++)
		if (strcmp(gs->t.name[i], gs->map.col[m]) == 0)
			return i;
	for (i = 0; i < n; i++)
		if (strcmp(gs->t.name[i], name) == 0)
			return i;
	np_names(list, (const char *const *)gs->t.name, n);
	snprintf(want, sizeof want, "%s%s%s", m >= 0 ? gs->map.col[m] : "",
	    m >= 0 ? " " : "", name);
	if (!sc_closest(near, sizeof near, want, list, 3, NULL, NULL))
		snprintf(near, sizeof near, "none");
	if (n == 0)	/* histogram rows of no key columns */
		snprintf(list, sizeof list, "no key columns");
	if (m >= 0)
		np_die_at(gs->in->name, gs->t.line, 0, "NP_COLUMNS: %s=%s: "
		    "expected a column '%s' (or '%s'), found none in the "
		    "header (closest to %s: %s)", name, gs->map.col[m],
		    gs->map.col[m], name, name, near);
	np_die_at(gs->in->name, gs->t.line, 0, "expected a%s column '%s' in "
	    "the header%s%s%s, found none in: %s", what, name,
	    strcmp(near, "none") ? " (closest: " : "",
	    strcmp(near, "none") ? near : "", strcmp(near, "none") ? ")" : "",
	    list);
}

static void
kreserve(struct gstat *gs, size_t n)
{
	if (n <= gs->kcap)
		return;
	gs->kcap = n < 256 ? 256 : n * 2;
	free(gs->kbuf);
	gs->kbuf = np_malloc(gs->kcap);
}

/* Field i's text as TSV writes it, at o (OUT_ESCROOM(n) bytes of room):
 * an unquoted field without a byte to escape as it is; another decoded
 * (an escaped TSV's) and encoded again, so that equal text makes equal
 * keys. */
ROWPATH size_t
putfield(char *o, struct tsv *t, int i)
{
	char *f = t->f[i];
	size_t j, n = t->len[i];

	if (n == 0 && t->hasq && t->quoted[i]) {
		/* "": an empty string, written so, apart from the missing
		 * value an empty field is. */
		o[0] = o[1] = '"';
		return 2;
	}
	if (!(t->hasq && t->quoted[i])) {
		for (j = 0; j < n; j++)
			if (out_escletter[(unsigned char)f[j]])
				break;
		if (j == n) {
			memcpy(o, f, n);
			return n;
		}
		if (tsv_decodes(t, i))
			n = tsv_unescape(f, n);
	}
	return (size_t)(out_escape(o, f, n) - o);
}

/*
 * Key i's text s (n bytes) in its column's own spelling at o (DEC_BUFSZ
 * bytes of room at least), and its length; 0 for text kept as it is.  In
 * an engine column, the engine's usual spelling, as np-trace writes it
 * (Explorer's "gpsimd" groups with "GpSimd"); in a float32 column, a
 * number as the reader gives it from JSON and Parquet (DuckDB's CSV
 * spells the float its own way); in another column, an unquoted number
 * in np's spelling, as the reader gives a JSON number (quoted is text).
 */
ROWPATH size_t
spellkey(const struct gstat *gs, int i, char *o, const char *s, size_t n,
    int quoted)
{
	const char *canon;
	size_t len;

	if (gs->keyhow[i] == GS_FLOAT)
		return num_floattext(o, s, n);
	if (gs->keyhow[i] != GS_ENGINE)
		return quoted || !dec_mayrespell(s, n) ? 0 :
		    dec_respell(o, s, n, gs->keyhow[i] == GS_UNTYPED);
	if (!(canon = insn_engine(s, n)))
		return 0;
	len = strlen(canon);
	memcpy(o, canon, len);
	return len;
}

/* A group more than -M allows: at the row. */
static _Noreturn void
toomany(const struct gstat *gs, const char *file, long line, int byrow)
{
	if (byrow)
		np_die("%s: row %ld: more than %ld groups (raise the limit "
		    "with -M)", file, line, gs->cap);
	np_die_at(file, line, 0, "more than %ld groups (raise the limit "
	    "with -M)", gs->cap);
}

/*
 * The cells of the current row's group; or, for a row whose look-up is
 * to wait (p), NULL, with its key and hash kept in p (the key's buffer
 * traded for p's).
 */
static struct cell *
entry(struct gstat *gs, const int *kcol, struct gspend *p)
{
	struct tsv *t = &gs->t;
	size_t need = 0, len = 0, n;
	struct cell *e;
	char *k;
	int i;

	for (i = 0; i < gs->nkey; i++)
		need += OUT_ESCMAX * t->len[kcol[i]] + 1;
	/* Never NULL, even for no key; room for a number's text. */
	kreserve(gs, need + 16 + DEC_BUFSZ);
	for (i = 0; i < gs->nkey; i++) {
		if (i)
			gs->kbuf[len++] = '\t';
		if (gs->keyhow[i] != GS_ASIS &&
		    (n = spellkey(gs, i, gs->kbuf + len, t->f[kcol[i]],
		    t->len[kcol[i]], t->quotes && t->quoted[kcol[i]])) > 0)
			len += n;
		else
			len += putfield(gs->kbuf + len, t, kcol[i]);
	}
	if (p) {
		k = p->key;
		n = p->cap;
		p->key = gs->kbuf;
		p->cap = gs->kcap;
		gs->kbuf = k;
		gs->kcap = n;
		p->len = len;
		p->hash = grp_hash(p->key, len);
		return NULL;
	}
	if (!(e = grp_get(&gs->g, gs->kbuf, len, NULL)))
		toomany(gs, gs->in->name, t->line, 0);
	return e;
}

/* The row's memo slot, and the entry it holds (*entry) or -1; the key's
 * parts in s and n. */
static struct km_slot *
memoslot(struct gstat *gs, const struct record *rec, const char **s,
    size_t *n, long *entry)
{
	const struct field *f;
	int i;

	*entry = -1;
	if (gs->nkey > KM_PARTS || km_rests(gs->memo))
		return NULL;
	for (i = 0; i < gs->nkey; i++) {
		f = &rec->f[gs->rdkey[i]];
		s[i] = f->set ? f->s : NULL;
		n[i] = f->len;
	}
	return km_find(gs->memo, gs->nkey, s, n, 0, entry);
}

/* The cells of a record's group (JSON or Parquet rows): its key fields'
 * text encoded as TSV writes it, a missing one empty, as in TSV. */
static struct cell *
recentry(struct gstat *gs, const struct record *rec)
{
	const struct field *f;
	size_t need = 0, len = 0, n;
	struct cell *e;
	struct km_slot *m;
	const char *ks[KM_PARTS];
	size_t kn[KM_PARTS];
	long me;
	char *o;
	int i;

	if ((m = memoslot(gs, rec, ks, kn, &me)) && me >= 0)
		return grp_val(&gs->g, me);
	for (i = 0; i < gs->nkey; i++)
		need += OUT_ESCMAX * rec->f[gs->rdkey[i]].len + 1;
	kreserve(gs, need + 16);	/* never NULL, even for no key */
	for (i = 0; i < gs->nkey; i++) {
		if (i)
			gs->kbuf[len++] = '\t';
		f = &rec->f[gs->rdkey[i]];
		if (!f->set)
			continue;
		o = gs->kbuf + len;
		if (f->len == 0) {	/* an empty string, as putfield */
			o[0] = o[1] = '"';
			len += 2;
			continue;
		}
		if (gs->keyhow[i] != GS_ASIS &&
		    (n = spellkey(gs, i, o, f->s, f->len, 0)) > 0)
			len += n;
		else
			len += (size_t)(out_escape(o, f->s, f->len) - o);
	}
	if (!(e = grp_get(&gs->g, gs->kbuf, len, NULL)))
		toomany(gs, rec->file, rec->line, gs->rdpq);
	if (m)
		km_keep(m, gs->nkey, ks, kn, 0, grp_index(&gs->g, e));
	return e;
}

enum { V_NAN = 0, V_OK = 1, V_TEXT = -1, V_DIGITS = -2 };

/* A value's text: V_OK with its exact decimal and its double; V_NAN when
 * it is NaN or infinite (an unusable value, counted as an empty one is);
 * V_TEXT when it is no number; V_DIGITS when it has more digits than an
 * exact decimal holds.  With floats (a column np does not know, as text),
 * a float widened to double (num_widened) is the float's fewest digits,
 * as dec_respell reads it. */
ROWPATH int
parse(const char *f, size_t n, struct dec *d, double *v, int floats)
{
	char buf[NUM_BUFSZ];
	int64_t i;

	if (num_i64(f, n, &i)) {
		dec_i64(d, i);
		*v = (double)i;
		return V_OK;
	}
	if (!num_f64(f, n, v))
		return V_TEXT;
	if (!isfinite(*v))
		return V_NAN;
	if (floats && num_widened(f, n, *v)) {
		n = num_fmt_f32(buf, (float)*v);
		f = buf;
		(void)num_f64(f, n, v);
	}
	if (!dec_parse(f, n, d))
		return V_DIGITS;
	return V_OK;
}

/* A value parse refused (why), in column name at file:line:col, or at
 * row line of a Parquet file (byrow). */
static NP_COLD _Noreturn void
badvalue(const char *file, long line, long col, int byrow, int why,
    const char *name, const char *f, size_t n)
{
	char buf[TSV_SHOWN], what[64];

	if (why == V_TEXT)
		snprintf(what, sizeof what, "a number");
	else
		snprintf(what, sizeof what, "a number of at most %d "
		    "significant digits", DEC_DIGITS);
	tsv_shown(buf, f, n, why == V_TEXT ? 40 : 60);
	if (byrow)
		np_die("%s: row %ld: expected %s in column '%s', found '%s'",
		    file, line, what, name, buf);
	np_die_at(file, line, col, "expected %s in column '%s', found '%s'",
	    what, name, buf);
}

/* A value field: its exact decimal and its double (1), 0 when it is NaN or
 * infinite (counted), or dies. */
static int
value(struct gstat *gs, int col, const char *name, int how,
    struct dec *d, double *v)
{
	struct tsv *t = &gs->t;
	char buf[NUM_BUFSZ];
	const char *s = t->f[col];
	size_t n = t->len[col], m;
	int ok;

	if (how == GS_FLOAT && (m = num_floattext(buf, s, n)) > 0) {
		s = buf;
		n = m;
	}
	ok = parse(s, n, d, v, how == GS_UNTYPED);

	if (ok < 0)
		badvalue(gs->in->name, tsv_fieldline(t, col),
		    tsv_fieldcol(t, col), 0, ok, name, t->f[col], t->len[col]);
	if (ok == V_NAN)
		note(gs, "values NaN or infinite skipped",
		    tsv_fieldline(t, col));
	return ok;
}

/* The row's values added to its group's cells, empty ones and NaN
 * counted. */
ROWPATH void
addrow(struct gstat *gs, const int *kcol, const int *vcol)
{
	struct tsv *t = &gs->t;
	struct cell *e = entry(gs, kcol, NULL);
	struct dec d;
	double v;
	int i;

	for (i = 0; i < gs->nval; i++) {
		if (t->len[vcol[i]] == 0) {
			note(gs, "empty values skipped",
			    tsv_fieldline(t, vcol[i]));
			continue;
		}
		if (!value(gs, vcol[i], gs->val[i], gs->valhow[i], &d, &v))
			continue;
		cell_add(gs, e, i, &d, v);
	}
}

/* The row's key and values kept in p, to be added later (unpend); its
 * empty values and NaN counted now. */
static void
pendrow(struct gstat *gs, const int *kcol, const int *vcol,
    struct gspend *p)
{
	struct tsv *t = &gs->t;
	int i;

	entry(gs, kcol, p);
	p->line = t->line;
	gs->limitcur = 1;
	p->has = 0;
	for (i = 0; i < gs->nval; i++) {
		if (t->len[vcol[i]] == 0) {
			note(gs, "empty values skipped",
			    tsv_fieldline(t, vcol[i]));
			continue;
		}
		if (value(gs, vcol[i], gs->val[i], gs->valhow[i],
		    &p->v[i].d, &p->v[i].v))
			p->has |= 1ULL << i;
	}
	gs->limitcur = 0;
}

/* The pending row of age a (0 the newest): its memory asked for, as
 * much as its age allows. */
static void
ask(struct gstat *gs, int a)
{
	struct gspend *p = &gs->pend[(gs->phead + gs->npend - 1 - a) %
	    GS_AHEAD];
	const struct cell *c;
	int i;

	if (a == STAGE) {
		if ((p->peek = grp_peek(&gs->g, p->hash)) >= 0)
			grp_prefetch(&gs->g, p->peek, 0);
		return;
	}
	if (p->peek < 0)
		return;
	grp_prefetch(&gs->g, p->peek, 1);
	c = grp_val(&gs->g, p->peek);
	for (i = 0; i < gs->nval; i++)
		vl_ask(&c[i].l);
}

/* The oldest pending row looked up and added. */
static void
unpend(struct gstat *gs)
{
	struct gspend *p = &gs->pend[gs->phead];
	struct cell *e;
	int i;

	/* Never one too many: a row that could be is added as it comes
	 * (readrows). */
	if (!(e = grp_geth(&gs->g, p->key, p->len, p->hash, NULL)))
		toomany(gs, gs->in->name, p->line, 0);
	for (i = 0; i < gs->nval; i++)
		if (p->has & 1ULL << i)
			cell_add(gs, e, i, &p->v[i].d, p->v[i].v);
	gs->phead = (gs->phead + 1) % GS_AHEAD;
	gs->npend--;
}

/*
 * At the group limit a pending row's key may be one too many, and its
 * error must come before any in the rows read after it (a bad value, a
 * short row).  Rather than look each row up as it comes there (half the
 * speed at a million groups, the limit met early and every row after it
 * waiting on memory), the rows stay pending, and a program about to die
 * looks the pending keys up first, oldest first (np_atdie): a key too
 * many dies at its own line.  Nothing is added then; nothing is written.
 */

static void
limitdie(void *ctx)
{
	struct gstat *gs = ctx;
	struct gspend *p;
	int i;

	for (i = 0; i < gs->npend + gs->limitcur; i++) {
		p = &gs->pend[(gs->phead + i) % GS_AHEAD];
		if (!grp_geth(&gs->g, p->key, p->len, p->hash, NULL))
			toomany(gs, gs->in->name, p->line, 0);
	}
}

/* How a column named by -g or -v is read from TSV and CSV (GS_*). */
static unsigned char
colhow(const char *name)
{
	if (insn_engcol(name))
		return GS_ENGINE;
	switch (sc_type(name, strlen(name))) {
	case SCT_FLOAT:
		return GS_FLOAT;
	case SCT_NUMBER:
		return GS_NUMBER;
	case SCT_UNKNOWN:
		return GS_UNTYPED;
	}
	return GS_ASIS;
}

static void
readrows(struct gstat *gs)
{
	struct tsv *t = &gs->t;
	int kcol[GS_MAXKEY], vcol[GS_MAXVAL], i;
	struct gspend *p;

	if (!gs->valset)
		np_die_at(gs->in->name, t->line, 0, "expected histogram "
		    "columns (%s %s %s %s %s %s %s) at the end of the header, "
		    "or -v naming value columns", histcol[0], histcol[1],
		    histcol[2], histcol[3], histcol[4], histcol[5],
		    histcol[6]);
	gs->keyset = 1;
	for (i = 0; i < gs->nkey; i++) {
		kcol[i] = column(gs, gs->key[i], t->ncol, "");
		gs->keyhow[i] = colhow(gs->key[i]);
	}
	for (i = 0; i < gs->nval; i++) {
		vcol[i] = column(gs, gs->val[i], t->ncol, "");
		gs->valhow[i] = colhow(gs->val[i]);
	}
	while (gs->g.n < AHEADMIN && tsv_next(t))
		addrow(gs, kcol, vcol);
	while (gs->g.n >= AHEADMIN && tsv_next(t)) {
		if (gs->g.n + gs->npend >= gs->cap && !gs->atlimit) {
			gs->atlimit = 1;
			np_atdie(limitdie, gs);
		}
		if (!gs->pend)
			gs->pend = np_calloc(GS_AHEAD, sizeof *gs->pend);
		p = &gs->pend[(gs->phead + gs->npend) % GS_AHEAD];
		pendrow(gs, kcol, vcol, p);
		grp_ask(&gs->g, p->hash);
		p->peek = -1;
		if (++gs->npend > STAGE)
			ask(gs, STAGE);
		if (gs->npend > 2 * STAGE)
			ask(gs, 2 * STAGE);
		if (gs->npend == GS_AHEAD)
			unpend(gs);
	}
	while (gs->npend > 0)
		unpend(gs);
	if (gs->atlimit) {
		gs->atlimit = 0;
		np_atdie_pop();
	}
}

/* The rows of JSON and Parquet, as records; a missing or empty value is
 * counted as TSV's empty field is. */
static void
readrecs(struct gstat *gs)
{
	const struct field *f;
	struct record *rec;
	struct cell *e;
	struct dec d;
	double v;
	int i, ok;

	while ((rec = rd_next(gs->rd))) {
		e = recentry(gs, rec);
		for (i = 0; i < gs->nval; i++) {
			f = &rec->f[gs->rdval[i]];
			/* A Parquet integer comes by value, without text
			 * (rdmake: RD_BYNUMBER). */
			if (!f->set || (f->len == 0 && !f->isint)) {
				note_add(&gs->notes, "empty values skipped", 1,
				    rec->file, rec->line);
				continue;
			}
			if (f->isint) {
				dec_i64(&d, f->i);
				v = (double)f->i;
				ok = V_OK;
			} else if ((ok = parse(f->s, f->len, &d, &v, 0)) < 0)
				badvalue(rec->file, f->line, f->col, gs->rdpq,
				    ok, gs->val[i], f->s, f->len);
			if (ok == V_NAN) {
				note_add(&gs->notes, "values NaN or infinite "
				    "skipped", 1, rec->file, f->line);
				continue;
			}
			cell_add(gs, e, i, &d, v);
		}
	}
}

/* The reader of JSON and Parquet rows, made once: the key and value
 * columns are its further columns, text as the input spells them (a name
 * given twice is read once). */
static void
rdmake(struct gstat *gs, const char *file)
{
	const char *name[GS_MAXKEY + GS_MAXVAL];
	int col[GS_MAXKEY + GS_MAXVAL], i, j, n = gs->nkey + gs->nval, cols;
	uint32_t keys;

	for (i = 0; i < n; i++)
		name[i] = i < gs->nkey ? gs->key[i] : gs->val[i - gs->nkey];
	for (i = cols = 0; i < n; i++) {
		for (j = 0; j < i && strcmp(name[j], name[i]) != 0; j++)
			;
		cols += j == i;
	}
	if (cols > REC_MAXCOL)
		np_die("%s: expected at most %d columns named by -g and -v for "
		    "JSON or Parquet rows, found %d", file, REC_MAXCOL, cols);
	gs->rd = np_malloc(sizeof *gs->rd);
	gs->memo = np_calloc(1, sizeof *gs->memo);
	rd_open(gs->rd, &kind_row, NULL, 0);
	rd_use(gs->rd, gs->in);
	for (i = 0; i < n; i++) {
		for (j = 0; j < i && strcmp(name[j], name[i]) != 0; j++)
			;
		/* A value not also a key is read by its number (readrecs):
		 * a Parquet integer is not spelt as text. */
		col[i] = j < i ? col[j] : rd_column(gs->rd, name[i],
		    i < gs->nkey ? "g" : "v", T_TEXT, i < gs->nkey ? RD_NEEDED :
		    RD_NEEDED | RD_BYNUMBER, "np-sum");
		if (i < gs->nkey)
			gs->rdkey[i] = col[i];
		else
			gs->rdval[i - gs->nkey] = col[i];
	}
	for (keys = 0, i = 0; i < gs->nkey; i++)
		keys |= 1u << gs->rdkey[i];
	rd_keys(gs->rd, keys);
}

/* A file of JSON or Parquet rows (open in gs->in: isopen), or a profile
 * directory's Instruction table (byrow: Parquet). */
static void
rdrows(struct gstat *gs, const char *file, int isopen, int byrow)
{
	int i;

	if (!gs->valset)
		np_die("%s: expected -v naming value columns (histogram rows "
		    "are TSV)", file);
	if (!gs->rd)
		rdmake(gs, file);
	gs->keyset = 1;
	for (i = 0; i < gs->nkey; i++)	/* the reader respells floats */
		gs->keyhow[i] = insn_engcol(gs->key[i]) ? GS_ENGINE : GS_ASIS;
	gs->valseen = ~(uint64_t)0;	/* a column it lacks is an error */
	gs->rdfile[0] = (char *)file;
	gs->rdpq = byrow;
	rd_files(gs->rd, gs->rdfile, 1, isopen);
	readrecs(gs);
}

/* Index of a value column by name; new ones are added unless -v named
 * them (-1: not wanted). */
static int
valindex(struct gstat *gs, const char *name, size_t n)
{
	int i;

	for (i = 0; i < gs->nval; i++)
		if (strlen(gs->val[i]) == n && memcmp(gs->val[i], name, n) == 0)
			return i;
	if (gs->valset)
		return -1;
	if (gs->nval == GS_MAXVAL)
		np_die_at(gs->in->name, gs->t.line, 0, "more than %d value "
		    "columns", GS_MAXVAL);
	gs->val[gs->nval] = np_malloc(n + 1);
	memcpy(gs->val[gs->nval], name, n);
	gs->val[gs->nval][n] = '\0';
	if (gs->nval == gs->ncell) {
		grp_widen(&gs->g, (size_t)(gs->ncell + 1) * sizeof(struct cell));
		gs->ncell++;
	}
	return gs->nval++;
}

static int64_t
count(struct gstat *gs, int col, int64_t sofar)
{
	struct tsv *t = &gs->t;
	int64_t n;

	if (!num_i64(t->f[col], t->len[col], &n) || n < 1)
		np_die_at(gs->in->name, tsv_fieldline(t, col),
		    tsv_fieldcol(t, col),
		    "expected a count (an integer from 1), found '%.*s'",
		    (int)(t->len[col] > 40 ? 40 : t->len[col]), t->f[col]);
	if (n > INT64_MAX - sofar)
		np_die_at(gs->in->name, tsv_fieldline(t, col),
		    tsv_fieldcol(t, col),
		    "expected counts within 64 bits, found %lld more after "
		    "%lld", (long long)n, (long long)sofar);
	return n;
}

static int
near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fabs(b);
}

static void
badbounds(struct gstat *gs, int lo)
{
	struct tsv *t = &gs->t;

	np_die_at(gs->in->name, tsv_fieldline(t, lo), tsv_fieldcol(t, lo),
	    "expected the bounds of a histogram bucket (relative error %g), "
	    "found '%.*s' and '%.*s'", HIST_ALPHA, (int)(t->len[lo] > 40 ? 40 :
	    t->len[lo]), t->f[lo], (int)(t->len[lo + 1] > 40 ? 40 :
	    t->len[lo + 1]), t->f[lo + 1]);
}

/* Whole bounds (a, b] (negative: [a, b)): the bucket holding the same
 * whole numbers, in *k and *sign, or 0. */
static int
wholebucket(int64_t a, int64_t b, int *k, int *sign)
{
	double lo, hi;
	int i, c;

	if (a >= b || (double)a <= -WHOLE_MAX || (double)b >= WHOLE_MAX)
		return 0;
	if (a >= 0) {
		c = hist_index((double)b);
		*sign = 1;
	} else if (b <= 0) {
		c = hist_index((double)a);
		*sign = -1;
	} else
		return 0;
	/* The bucket is b's (negative: a's), or a neighbour when a bound
	 * falls on a whole number within rounding. */
	for (i = c - 1; i <= c + 1; i++) {
		hist_bounds(i, &lo, &hi);
		if (*sign > 0 && floor(lo) == (double)a && floor(hi) == (double)b)
			break;
		if (*sign < 0 && -floor(hi) == (double)a &&
		    -floor(lo) == (double)b)
			break;
	}
	if (i > c + 1)
		return 0;
	*k = i;
	return 1;
}

/* A bucket row with bounds that are not whole: its bucket, or dies. */
static void
fracbucket(struct gstat *gs, int lo, int *k, int *sign)
{
	struct tsv *t = &gs->t;
	double a, b, v = NAN, blo, bhi;

	if (!num_f64(t->f[lo], t->len[lo], &a) || !isfinite(a))
		badbounds(gs, lo);
	if (!num_f64(t->f[lo + 1], t->len[lo + 1], &b) || !isfinite(b))
		badbounds(gs, lo);
	if (a > 0 && b > a)
		v = sqrt(a) * sqrt(b);
	else if (b < 0 && a < b)
		v = -(sqrt(-a) * sqrt(-b));
	else
		badbounds(gs, lo);
	*k = hist_index(v);
	*sign = v > 0 ? 1 : -1;
	hist_bounds(*k, &blo, &bhi);
	if (!near(fabs(v > 0 ? a : b), blo) || !near(fabs(v > 0 ? b : a), bhi))
		badbounds(gs, lo);
}

/*
 * A row with bounds: a value held exactly (both bounds the value), or a
 * bucket (whole bounds, or the bucket's own); adds its count.
 */
static void
boundsrow(struct gstat *gs, struct cell *c, int lo)
{
	struct tsv *t = &gs->t;
	struct many *m = many(c);
	int64_t a, b, n;
	struct dec da, db;
	double v;
	int k, sign;

	n = count(gs, lo + 2, m->vn);
	if (num_i64(t->f[lo], t->len[lo], &a) &&
	    num_i64(t->f[lo + 1], t->len[lo + 1], &b)) {
		if (a == b) {
			dec_i64(&da, a);
			v = (double)a;
			m->t.whole &= iswhole(&da, v);
			hold(gs, m, &da, v, n);
			return;
		}
		if (!wholebucket(a, b, &k, &sign)) {
			/* A bucket's own bounds beyond 2^53 are whole
			 * numbers too, spelt as integers. */
			fracbucket(gs, lo, &k, &sign);
			m->t.whole = 0;
		}
	} else if (dec_parse(t->f[lo], t->len[lo], &da) &&
	    dec_parse(t->f[lo + 1], t->len[lo + 1], &db) &&
	    dec_cmp(&da, &db) == 0) {
		if (!num_f64(t->f[lo], t->len[lo], &v) || !isfinite(v))
			badbounds(gs, lo);
		m->t.whole &= iswhole(&da, v);
		hold(gs, m, &da, v, n);
		return;
	} else {
		fracbucket(gs, lo, &k, &sign);
		m->t.whole = 0;
	}
	tohist(gs, m);
	hist_addk(&m->h, sign, k, n);
	m->vn += n;
}

/*
 * Histogram rows after the first file's, which named the keys (no -g):
 * they must have its key columns, in its order, as partial runs of one
 * command do; else their groups would be merged, or split, unasked.
 */
static void
samekeys(struct gstat *gs, int nk)
{
	char list[NP_LISTBUF];
	int i;

	for (i = 0; i < nk && i < gs->nkey; i++)
		if (strcmp(gs->t.name[i], gs->key[i]) != 0)
			break;
	if (i == nk && nk == gs->nkey)
		return;
	np_names(list, (const char *const *)gs->key, gs->nkey);
	if (gs->nkey == 0)
		snprintf(list, sizeof list, "no key columns");
	np_die_at(gs->in->name, gs->t.line, 0, "expected the key columns of "
	    "%s (%s), found others: histogram rows of other -g keys; -g "
	    "names fewer keys to merge to", gs->keyfile, list);
}

/* Is the sum field s (n bytes) putinexact's spelling: an exponent with
 * its sign and a leading zero? */
static int
isinexact(const char *s, size_t n)
{
	const char *e = memchr(s, 'e', n);

	return e && s + n - e >= 4 && (e[1] == '+' || e[1] == '-') &&
	    e[2] == '0';
}

static void
readhist(struct gstat *gs)
{
	struct tsv *t = &gs->t;
	int nk = t->ncol - HISTCOLS, kcol[GS_MAXKEY], i, v, cc = nk;
	int inexact;
	struct dec sum, min, max;
	double fsum, dmin, dmax;
	struct cell *c;
	struct many *m;
	int64_t n;

	if (!gs->keyset) {
		if (nk > GS_MAXKEY)
			np_die_at(gs->in->name, t->line, 0, "more than %d key "
			    "columns", GS_MAXKEY);
		for (i = 0; i < nk; i++)
			gs->key[i] = np_strdup(t->name[i]);
		gs->nkey = nk;
		gs->keyset = gs->keyown = 1;
		gs->keyfile = np_strdup(gs->in->name);
	} else if (gs->keyown)
		samekeys(gs, nk);
	for (i = 0; i < gs->nkey; i++)
		kcol[i] = column(gs, gs->key[i], nk, " key");
	gs->runbad = 1;		/* totals come from totals rows */
	while (tsv_next(t)) {
		tsv_cell(t, cc);
		if ((v = valindex(gs, t->f[cc], t->len[cc])) < 0) {
			if (!gs->valother) {
				gs->valother = np_malloc(t->len[cc] + 1);
				memcpy(gs->valother, t->f[cc], t->len[cc]);
				gs->valother[t->len[cc]] = '\0';
			}
			continue;
		}
		gs->valseen |= (uint64_t)1 << v;
		c = &entry(gs, kcol, NULL)[v];
		if (t->len[cc + 1] || t->len[cc + 2]) {
			boundsrow(gs, c, cc + 1);
			continue;
		}
		m = many(c);
		n = count(gs, cc + 3, c->n);
		value(gs, cc + 4, t->name[cc + 4], 0, &sum, &fsum);
		inexact = isinexact(t->f[cc + 4], t->len[cc + 4]);
		value(gs, cc + 5, t->name[cc + 5], 0, &min, &dmin);
		value(gs, cc + 6, t->name[cc + 6], 0, &max, &dmax);
		minmax(&m->t, c->n == 0, &min, dmin, &max, dmax);
		if (inexact && !m->t.inexact) {
			m->t.inexact = 1;
			m->t.fsum = dec_f64(&m->t.sum) + fsum;
		} else if (inexact)
			m->t.fsum += fsum;
		else
			addsum(&m->t, &sum, fsum);
		c->n += n;
	}
}

int
gs_ishist(struct src *in)
{
	/* The end of the header: value_column (or np 0.1's column), then
	 * the bucket and totals columns. */
	static const char hdr[] = "column\tbucket_lo\tbucket_hi\tcount\t"
	    "sum\tmin\tmax";
	size_t n = sizeof hdr - 1;
	char *nl, *p;

	nl = src_wholeline(in, in->buf, SRC_SNIFF);
	if (nl > in->buf && nl[-1] == '\r')
		nl--;
	if (nl - in->buf < (ptrdiff_t)n || memcmp(nl - n, hdr, n) != 0)
		return 0;
	p = nl - n;
	if (p - in->buf >= 6 && memcmp(p - 6, "value_", 6) == 0)
		p -= 6;
	return p == in->buf || p[-1] == '\t';
}

void
gs_use(struct gstat *gs, struct src *in)
{
	gs->in = in;
}

void
gs_read(struct gstat *gs, const char *file)
{
	if (src_isdir(file)) {
		rdrows(gs, file, 0, 1);
		return;
	}
	src_open(gs->in, file);
	gs_readin(gs);
}

void
gs_readin(struct gstat *gs)
{
	const char *file = gs->in->name;
	char *line;
	long lineno;
	int fmt;

	if (src_isparquet(gs->in)) {
		rdrows(gs, file, 1, 1);
		return;
	}
	/* Blank and log lines (2>&1) before the header are passed over. */
	fmt = rd_sniff(gs->in, "text (JSON rows, or TSV or CSV with a header "
	    "line)", "JSON rows, or TSV or CSV with a header line", 0, &line,
	    &lineno);
	if (fmt == SRC_JSON) {
		rdrows(gs, file, 1, 0);
		return;
	}
	/* A header of one name has no delimiter: TSV, as ever. */
	at_open(&gs->t, gs->in, fmt == SRC_CSV ? ',' : '\t', &gs->notes);
	if (ishist(&gs->t))
		readhist(gs);
	else {
		gs->valseen = ~(uint64_t)0;	/* a column it lacks is an error */
		readrows(gs);
	}
	at_end(&gs->t, &gs->notes);
	src_close(gs->in);
}

/* ---- writing ---- */

/* The groups in byte order of their keys (the lookups are over); checks
 * that histogram input was whole. */
static long *
sorted(struct gstat *gs)
{
	struct cell *e;
	struct many *m;
	const char *k;
	size_t kl;
	long i;
	int v;

	for (i = 0; i < gs->g.n; i++) {
		e = grp_val(&gs->g, i);
		for (v = 0; v < gs->nval; v++) {
			if (e[v].l.kind != VL_OTHER)
				continue;
			m = getmany(&e[v]);
			if (m->vn != e[v].n) {
				k = grp_key(&gs->g, i, &kl);
				np_die("histogram rows of column '%s' in "
				    "group '%.*s': the buckets hold %lld "
				    "values, the totals rows %lld",
				    gs->val[v], (int)kl, k, (long long)m->vn,
				    (long long)e[v].n);
			}
		}
	}
	return grp_sortedby(&gs->g, NULL);
}

static void
header(struct gstat *gs, const char *const *names, int n)
{
	int i;

	for (i = 0; i < gs->nkey; i++) {
		out_str(gs->key[i]);
		out_tab();
	}
	out_header(names, n);
}

/*
 * The value columns' names as they print, escaped once for the rows that
 * each begin with one: gs->vname, each name's text from vnoff[v] to
 * vnoff[v + 1].
 */
static void
names(struct gstat *gs)
{
	size_t room = 0, n;
	char *o;
	int v;

	if (gs->vname)
		return;
	for (v = 0; v < gs->nval; v++)
		room += OUT_ESCROOM(strlen(gs->val[v]));
	gs->vname = np_malloc(room + 1);
	for (o = gs->vname, v = 0; v < gs->nval; v++) {
		gs->vnoff[v] = (size_t)(o - gs->vname);
		n = strlen(gs->val[v]);
		o = out_escape(o, gs->val[v], n);
	}
	gs->vnoff[v] = (size_t)(o - gs->vname);
}

/*
 * The group's key fields and the value column's name, then room for
 * room bytes more (room <= OUT_BUFSZ): where the row's numbers go, for
 * the caller to fill and hand to out_commit.  The row written in place
 * rather than field by field through out_raw and its checks for room.
 */
static char *
lead(struct gstat *gs, long g, int v, size_t room)
{
	size_t kl, nl = gs->vnoff[v + 1] - gs->vnoff[v];
	const char *k = grp_key(&gs->g, g, &kl), *name = gs->vname +
	    gs->vnoff[v];
	char *o;

	if (!gs->nkey)
		kl = 0;
	if (kl + nl + 2 > OUT_BUFSZ - room) {
		/* A key too long for the buffer: as it comes. */
		if (gs->nkey) {
			out_raw(k, kl);
			out_tab();
		}
		out_raw(name, nl);
		out_tab();
		return out_reserve(room);
	}
	o = out_reserve(kl + nl + 2 + room);
	if (gs->nkey) {
		memcpy(o, k, kl);
		o += kl;
		*o++ = '\t';
	}
	memcpy(o, name, nl);
	o += nl;
	*o++ = '\t';
	return o;
}

/* The n bytes at s again at o, after them (the two may overlap), and the
 * end: the usual short field as 16 bytes moved at once, the bytes past
 * its end written over by what follows (o has room for them). */
static char *
again(char *o, const char *s, size_t n)
{
	if (n <= 16)
		memmove(o, s, 16);
	else
		memmove(o, s, n);
	return o + n;
}
/*
 * A sum that fell back to a double, in histogram rows: the double's digits
 * (num_fmt_f64's) in exponent form, the exponent signed and of four digits
 * (1e+0030, 3.0000000000000004e-0001), a spelling np writes no exact
 * number in, so that a merge knows the sum is a double (isinexact).
 */
static size_t
putinexact(char *o, double v)
{
	char b[NUM_BUFSZ], dig[NUM_BUFSZ];
	size_t n = num_fmt_f64(b, v), i = 0, nd = 0, k;
	long e = 0, frac = 0, x;
	int point = 0, neg = 0;
	char *p = o;

	if (i < n && b[i] == '-')
		neg = b[i++] == '-';
	for (; i < n && (isdigit((unsigned char)b[i]) || b[i] == '.'); i++) {
		if (b[i] == '.')
			point = 1;
		else if (nd || b[i] != '0') {
			dig[nd++] = b[i];
			frac += point;
		} else
			frac += point;	/* a leading zero, after the point */
	}
	if (i < n && b[i] != 'e') {	/* not a number (inf, nan) */
		memcpy(o, b, n);
		return n;
	}
	if (i < n)
		e = strtol(b + i + 1, NULL, 10);
	while (nd > 1 && dig[nd - 1] == '0') {
		nd--;
		if (frac > 0)
			frac--;
		else
			e++;
	}
	x = nd ? e - frac + (long)nd - 1 : 0;
	if (neg)
		*p++ = '-';
	*p++ = nd ? dig[0] : '0';
	if (nd > 1) {
		*p++ = '.';
		for (k = 1; k < nd; k++)
			*p++ = dig[k];
	}
	p += sprintf(p, "e%c%04ld", x < 0 ? '-' : '+', x < 0 ? -x : x);
	return (size_t)(p - o);
}


static char *
putsum(struct gstat *gs, char *o, const struct tot *t)
{
	/* A sum of 39 digits is past 38 as one that outgrew 128 bits is:
	 * written as its double, so that it reads back. */
	if (t->inexact || dec_long(&t->sum)) {
		gs->inexact++;
		if (gs->histout)
			return o + putinexact(o, t->inexact ? t->fsum :
			    dec_f64(&t->sum));
		return o + num_fmt_f64(o, t->inexact ? t->fsum :
		    dec_f64(&t->sum));
	}
	return o + dec_put(o, &t->sum);
}

/* Room for a row's numbers, n of them with a tab or newline after each,
 * and what again may write past the last. */
_Static_assert(NUM_BUFSZ <= DEC_BUFSZ, "a number's room holds a double's");
#define NUMROOM(n) ((n) * (DEC_BUFSZ + 1) + 16)

/* A cell's exact part, as both the stats and the histogram rows begin:
 * count, sum, min, max; of its one value (one), or of w. */
static char *
putexact(struct gstat *gs, char *o, int64_t n, const struct dec *one,
    const struct view *w)
{
	const struct dec *min, *max;

	o += num_put_i64(o, n);
	*o++ = '\t';
	if (one) {
		o += dec_put(o, one);
		min = max = one;
	} else {
		o = putsum(gs, o, &w->t);
		min = &w->t.min;
		max = &w->t.max;
	}
	*o++ = '\t';
	o += dec_put(o, min);
	*o++ = '\t';
	return o + dec_put(o, max);
}

/* v limited to [lo, hi]. */
static double
clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/*
 * The p-th percentile (nearest rank: the ceil(p n / 100)-th smallest
 * value) of a cell of more than one value.  Exact when the values are
 * listed, or when it is the smallest or largest value, or when all are
 * equal.  Otherwise its bucket's representative: for a whole column the
 * nearest whole number the bucket holds; to 4 significant digits (it is
 * only good to 1%, and 1556.5000347398168 would claim more); within
 * [min, max].
 */
static char *
putq(char *o, const struct view *w, int p)
{
	const struct tot *t = &w->t;
	int64_t n = w->vn, rank = rankof(n, p) + 1;
	double r, lo, hi;
	int k, sign;

	struct dec tmp;

	if (w->nv >= 0)
		return o + dec_put(o, wval(w, (int)rank - 1, &tmp));
	if (rank <= 1 || dec_cmp(&t->min, &t->max) == 0)
		return o + dec_put(o, &t->min);
	if (rank >= n)
		return o + dec_put(o, &t->max);
	hist_rank(w->h, rank, &k, &sign);
	if (sign == 0) {
		*o = '0';
		return o + 1;
	}
	r = hist_rep(k);
	if (t->whole) {
		hist_bounds(k, &lo, &hi);
		r = clamp(floor(r + 0.5), floor(lo) + 1, floor(hi));
	}
	r = clamp(num_round(sign * r, 4), t->dmin, t->dmax);
	if (r == t->dmin)
		return o + dec_put(o, &t->min);
	if (r == t->dmax)
		return o + dec_put(o, &t->max);
	return o + num_fmt_f64(o, r);
}

/*
 * A stats row's numbers after the value column's name: count sum min
 * max mean p50 p90 p99 share, and the newline.  A cell of one value (most
 * of them, when the keys are many) is one text in six fields, and in the
 * mean's too when that is a whole number below 2^53 (the double, printed,
 * is the same digits).
 */
static char *
putstats(struct gstat *gs, char *o, const struct cell *c,
    const struct total *total)
{
	static const int pct[] = { 50, 90, 99 };
	const struct dec *exact = NULL;	/* the sum, when not inexact */
	struct dec count;
	struct xval x;
	struct view w;
	const char *t;
	double sum;
	size_t n;
	int f, whole;

	dec_i64(&count, c->n);
	if (one(c, &x)) {
		sum = x.v;
		exact = &x.d;
		whole = iswhole(&x.d, sum);
		o += num_put_i64(o, c->n);
		*o++ = '\t';
		t = o;
		n = dec_put(o, &x.d);
		o += n;
		for (f = 0; f < 6; f++) {	/* min max mean p50 p90 p99 */
			*o++ = '\t';
			if (f == 2 && !whole)
				o += num_fmt_f64(o, dec_div(exact, &count));
			else
				o = again(o, t, n);
		}
	} else {
		look(c, &w, LOOK_PCT);
		o = putexact(gs, o, c->n, NULL, &w);
		*o++ = '\t';
		if (!w.t.inexact)
			exact = &w.t.sum;
		sum = exact ? dec_f64(exact) : w.t.fsum;
		/* The nearest double to the exact mean, not the quotient of
		 * the sum's double. */
		o += num_fmt_f64(o, exact ? dec_div(exact, &count) :
		    sum / (double)c->n);
		for (f = 0; f < 3; f++) {
			*o++ = '\t';
			o = putq(o, &w, pct[f]);
		}
	}
	*o++ = '\t';
	if (exact && !total->inexact && (total->sum.hi | total->sum.lo))
		o += num_fmt_f64(o, dec_div(exact, &total->sum));
	else if (total_f64(total) != 0)
		o += num_fmt_f64(o, sum / total_f64(total));
	*o++ = '\n';
	return o;
}

/* The groups are visited in key order, not where they are: what the
 * 8th and 16th next need is asked for now (a macro, as grp_prefetch). */
#define AHEAD(gs, ix, i) do {					\
	if ((i) + 16 < (gs)->g.n)					\
		grp_prefetch(&(gs)->g, (ix)[(i) + 16], 0);		\
	if ((i) + 8 < (gs)->g.n)					\
		grp_prefetch(&(gs)->g, (ix)[(i) + 8], 1);		\
} while (0)

void
gs_write(struct gstat *gs, int hdr)
{
	long *ix = sorted(gs), i, g;
	struct total total[GS_MAXVAL];
	struct cell *e;
	int v;

	for (v = 0; v < gs->nval; v++) {
		memset(&total[v], 0, sizeof total[v]);
		if (!gs->runbad) {
			total[v].sum = gs->run[v];
			continue;
		}
		for (g = 0; g < gs->g.n; g++)
			total_add(&total[v], (struct cell *)grp_val(&gs->g,
			    g) + v);
	}
	names(gs);
	if (hdr)
		header(gs, statcol, NSTATCOL);
	for (i = 0; i < gs->g.n; i++) {
		AHEAD(gs, ix, i);
		e = grp_val(&gs->g, g = ix[i]);
		for (v = 0; v < gs->nval; v++)
			if (e[v].n != 0)
				out_commit(putstats(gs, lead(gs, g, v,
				    NUMROOM(9)), &e[v], &total[v]));
	}
	free(ix);
}

struct bctx {
	struct gstat *gs;
	long g;
	int v;
	int whole;
};

static void
bucketrow(void *ctx, int sign, double lo, double hi, int64_t n)
{
	struct bctx *b = ctx;
	char *o = lead(b->gs, b->g, b->v, NUMROOM(3) + 3);

	if (b->whole && sign > 0) {
		lo = floor(lo);
		hi = floor(hi);
	} else if (b->whole && sign < 0) {
		lo = ceil(lo);
		hi = ceil(hi);
	}
	o += num_fmt_f64(o, lo);
	*o++ = '\t';
	o += num_fmt_f64(o, hi);
	*o++ = '\t';
	o += num_put_i64(o, n);
	memcpy(o, "\t\t\t\n", 4);
	out_commit(o + 4);
}

/* A value held exactly, count times. */
static void
pointrow(struct gstat *gs, long g, int v, const struct dec *d, int64_t n)
{
	char *o = lead(gs, g, v, NUMROOM(3) + 3);

	o += dec_put(o, d);
	*o++ = '\t';
	o += dec_put(o, d);
	*o++ = '\t';
	o += num_put_i64(o, n);
	memcpy(o, "\t\t\t\n", 4);
	out_commit(o + 4);
}

/* -v picks the value columns of histogram rows, and passes over the
 * others: one that no row had is an error, as a column a table lacks is,
 * not an empty answer.  The message names those seen (of the others,
 * the first). */
static void
vetvals(const struct gstat *gs)
{
	char seen[256];
	size_t n = 0;
	int v, miss = -1;

	if (!gs->valset || (gs->valseen == 0 && !gs->valother))
		return;	/* no rows: an empty answer, as of a table */
	seen[0] = '\0';
	for (v = gs->nval - 1; v >= 0; v--)
		if (!(gs->valseen >> v & 1))
			miss = v;
	if (miss < 0)
		return;
	for (v = 0; v < gs->nval; v++)
		if (gs->valseen >> v & 1 && n < sizeof seen)
			n += (size_t)snprintf(seen + n, sizeof seen - n, "%s%s",
			    n ? " " : "", gs->val[v]);
	if (gs->valother && n < sizeof seen)
		snprintf(seen + n, sizeof seen - n, "%s%s", n ? " " : "",
		    gs->valother);
	np_die("-v: expected histogram rows of value column '%s', found "
	    "none (the rows': %s)", gs->val[miss], *seen ? seen : "none");
}

void
gs_write_hist(struct gstat *gs, int hdr)
{
	long *ix = sorted(gs), i;
	const struct cell *c;
	const struct cell *e;
	const struct dec *d;
	struct dec tmp, tmp2;
	struct xval x;
	struct view w;
	struct bctx b;
	char *o;
	int j, k, isone;

	gs->histout = 1;
	names(gs);
	if (hdr)
		header(gs, histcol, HISTCOLS);
	b.gs = gs;
	for (i = 0; i < gs->g.n; i++) {
		AHEAD(gs, ix, i);
		e = grp_val(&gs->g, b.g = ix[i]);
		for (b.v = 0; b.v < gs->nval; b.v++) {
			c = &e[b.v];
			if (c->n == 0)
				continue;
			if (!(isone = one(c, &x)))
				look(c, &w, LOOK_SORTED);
			o = lead(gs, b.g, b.v, NUMROOM(4) + 2);
			*o++ = '\t';
			*o++ = '\t';
			o = putexact(gs, o, c->n, isone ? &x.d : NULL, &w);
			*o++ = '\n';
			out_commit(o);
			if (isone) {
				pointrow(gs, b.g, b.v, &x.d, 1);
				continue;
			}
			for (j = 0; j < w.nv; j = k) {
				d = wval(&w, j, &tmp);
				for (k = j + 1; k < w.nv &&
				    dec_cmp(wval(&w, k, &tmp2), d) == 0; k++)
					;
				pointrow(gs, b.g, b.v, d, k - j);
			}
			b.whole = w.t.whole;
			if (w.nv < 0)
				hist_each(w.h, bucketrow, &b);
		}
	}
	free(ix);
}

/* ---- np-sum's group-by program (groupby.h) ---- */

void
groupby(const struct groupby *o, char **files, int n, struct src *first)
{
	struct gstat gs;
	int f;

	gs_init(&gs, o->nkey ? o->keys : NULL, o->nkey,
	    o->nval ? o->vals : NULL, o->nval, o->cap);
	if (first)
		gs_use(&gs, first);
	for (f = 0; f < n; f++) {
		if (f == 0 && first)
			gs_readin(&gs);	/* opened to look at: read on */
		else
			gs_read(&gs, files[f]);
	}
	vetvals(&gs);
	if (o->hist)
		gs_write_hist(&gs, o->header);
	else
		gs_write(&gs, o->header);
	out_flush();
	gs_report(&gs);
	gs_free(&gs);
	if (first)
		free(first->buf);
}
