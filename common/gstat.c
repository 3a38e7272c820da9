#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "gstat.h"
#include "num.h"

#define HISTCOLS 7

static const char *const histcol[HISTCOLS] = { "column", "bucket_lo",
    "bucket_hi", "count", "sum", "min", "max" };
static const char *const statcol[] = { "column", "count", "sum", "min",
    "max", "mean", "p50", "p90", "p99", "share" };
#define NSTATCOL (int)(sizeof statcol / sizeof statcol[0])

/* A group's entry in the table: its cells, one per value column. */
struct gent {
	struct cell *cell;
	int ncell;
};

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
	grp_init(&gs->g, sizeof(struct gent), cap);
	gs->in.fd = -1;
}

void
gs_free(struct gstat *gs)
{
	long i;
	int c;

	for (i = 0; i < gs->g.n; i++) {
		struct gent *e = grp_val(&gs->g, i);
		for (c = 0; c < e->ncell; c++)
			hist_free(&e->cell[c].h);
		free(e->cell);
	}
	grp_free(&gs->g);
	free(gs->kbuf);
	free(gs->t.hdr);
	free(gs->in.buf);
	/* Names taken from a histogram header were copied. */
	if (gs->keyown)
		for (c = 0; c < gs->nkey; c++)
			free(gs->key[c]);
	if (!gs->valset)
		for (c = 0; c < gs->nval; c++)
			free(gs->val[c]);
}

static void
note(struct gstat *gs, const char *what, long line)
{
	note_add(&gs->notes, what, 1, gs->in.name, line);
}

void
gs_report(struct gstat *gs)
{
	note_report(&gs->notes);
	if (gs->inexact)
		np_warn("sums past 38 digits, written as doubles: %ld",
		    gs->inexact);
}

/* ---- cells ---- */

static void
cell_minmax(struct cell *c, const struct dec *min, double dmin,
    const struct dec *max, double dmax)
{
	if (c->n == 0 || dmin < c->dmin ||
	    (dmin == c->dmin && dec_cmp(min, &c->min) < 0)) {
		c->min = *min;
		c->dmin = dmin;
	}
	if (c->n == 0 || dmax > c->dmax ||
	    (dmax == c->dmax && dec_cmp(max, &c->max) > 0)) {
		c->max = *max;
		c->dmax = dmax;
	}
}

static void
cell_sum(struct cell *c, const struct dec *sum, double fsum)
{
	if (c->inexact)
		c->fsum += fsum;
	else if (!dec_add(&c->sum, sum)) {
		c->inexact = 1;
		c->fsum = dec_f64(&c->sum) + fsum;
	}
}

/* Adds one value: d exactly, v its double. */
static void
cell_add(struct cell *c, const struct dec *d, double v)
{
	cell_minmax(c, d, v, d, v);
	cell_sum(c, d, v);
	c->n++;
	hist_add(&c->h, v, 1);
}

static double
cell_f64sum(const struct cell *c)
{
	return c->inexact ? c->fsum : dec_f64(&c->sum);
}

/* Adds cell src's sum to c's: as a double from when either has one. */
static void
cell_addsum(struct cell *c, const struct cell *src)
{
	if (src->inexact && !c->inexact) {
		c->inexact = 1;
		c->fsum = dec_f64(&c->sum);
	}
	cell_sum(c, &src->sum, cell_f64sum(src));
}

/* ---- reading ---- */

static int
ishist(const struct tsv *t)
{
	int i, base = t->ncol - HISTCOLS;

	if (base < 0)
		return 0;
	for (i = 0; i < HISTCOLS; i++)
		if (strcmp(t->name[base + i], histcol[i]) != 0)
			return 0;
	return 1;
}

/* Column of a header name among the first n, or dies. */
static int
column(struct gstat *gs, const char *name, int n, const char *what)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(gs->t.name[i], name) == 0)
			return i;
	np_die_at(gs->in.name, gs->t.line, 0, "expected a%s column '%s' in "
	    "the header, found none", what, name);
}

static void
kreserve(struct gstat *gs, size_t n)
{
	if (n <= gs->kcap)
		return;
	gs->kcap = n < 256 ? 256 : n * 2;
	free(gs->kbuf);
	if (!(gs->kbuf = malloc(gs->kcap)))
		np_die("out of memory");
}

/* Field i's text as TSV writes it, at o (2n + 16 bytes of room): a TSV
 * field with a backslash or CR is decoded and encoded again, so that
 * equal text makes equal keys; a CSV or quoted field is encoded. */
static size_t
putfield(char *o, struct tsv *t, int i)
{
	char *f = t->f[i];
	size_t j, n = t->len[i];

	if (t->delim == '\t' && !(t->quotes && t->quoted[i])) {
		for (j = 0; j < n; j++)
			if (f[j] == '\\' || f[j] == '\r')
				break;
		if (j == n) {
			memcpy(o, f, n);
			return n;
		}
		n = tsv_unescape(f, n);
	}
	return (size_t)(out_escape(o, f, n) - o);
}

/* The entry of the current row's group. */
static struct gent *
entry(struct gstat *gs, const int *kcol)
{
	struct tsv *t = &gs->t;
	size_t need = 0, len = 0;
	struct gent *e;
	int i;

	for (i = 0; i < gs->nkey; i++)
		need += 2 * t->len[kcol[i]] + 1;
	kreserve(gs, need + 16);	/* never NULL, even for no key */
	for (i = 0; i < gs->nkey; i++) {
		if (i)
			gs->kbuf[len++] = '\t';
		len += putfield(gs->kbuf + len, t, kcol[i]);
	}
	if (!(e = grp_get(&gs->g, gs->kbuf, len, NULL)))
		np_die_at(gs->in.name, t->line, 0, "more than %ld groups "
		    "(raise the limit with -M)", gs->cap);
	return e;
}

static struct cell *
cell(struct gstat *gs, struct gent *e, int v)
{
	struct cell *c;
	int i;

	if (v >= e->ncell) {
		if (!(c = realloc(e->cell, (size_t)gs->nval * sizeof *c)))
			np_die("out of memory");
		for (i = e->ncell; i < gs->nval; i++) {
			memset(&c[i], 0, sizeof c[i]);
			hist_init(&c[i].h);
		}
		e->cell = c;
		e->ncell = gs->nval;
	}
	return &e->cell[v];
}

/* A value field: its exact decimal and its double, or dies. */
static void
value(struct gstat *gs, int col, const char *name, struct dec *d,
    double *v)
{
	struct tsv *t = &gs->t;
	const char *f = t->f[col];
	size_t n = t->len[col];
	char buf[TSV_SHOWN];
	int64_t i;

	if (num_i64(f, n, &i)) {
		dec_i64(d, i);
		*v = (double)i;
		return;
	}
	if (!num_f64(f, n, v))
		np_die_at(gs->in.name, tsv_fieldline(t, col),
		    tsv_fieldcol(t, col),
		    "expected a number in column '%s', found '%s'", name,
		    tsv_shown(buf, f, n, 40));
	if (!isfinite(*v))
		np_die_at(gs->in.name, tsv_fieldline(t, col),
		    tsv_fieldcol(t, col),
		    "expected a finite number in column '%s', found '%s'",
		    name, tsv_shown(buf, f, n, 60));
	if (!dec_parse(f, n, d))
		np_die_at(gs->in.name, tsv_fieldline(t, col),
		    tsv_fieldcol(t, col),
		    "expected a number of at most %d significant digits in "
		    "column '%s', found '%s'", DEC_DIGITS, name,
		    tsv_shown(buf, f, n, 60));
}

static void
readrows(struct gstat *gs)
{
	struct tsv *t = &gs->t;
	int kcol[GS_MAXKEY], vcol[GS_MAXVAL], i;
	struct gent *e;
	struct dec d;
	double v;

	if (!gs->valset)
		np_die_at(gs->in.name, t->line, 0, "expected histogram "
		    "columns (%s %s %s %s %s %s %s) at the end of the header, "
		    "or -v naming value columns", histcol[0], histcol[1],
		    histcol[2], histcol[3], histcol[4], histcol[5],
		    histcol[6]);
	gs->keyset = 1;
	for (i = 0; i < gs->nkey; i++)
		kcol[i] = column(gs, gs->key[i], t->ncol, "");
	for (i = 0; i < gs->nval; i++)
		vcol[i] = column(gs, gs->val[i], t->ncol, "");
	while (tsv_next(t)) {
		e = entry(gs, kcol);
		for (i = 0; i < gs->nval; i++) {
			if (t->len[vcol[i]] == 0) {
				note(gs, "empty values skipped",
				    tsv_fieldline(t, vcol[i]));
				continue;
			}
			value(gs, vcol[i], gs->val[i], &d, &v);
			cell_add(cell(gs, e, i), &d, v);
		}
	}
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
		np_die_at(gs->in.name, gs->t.line, 0, "more than %d value "
		    "columns", GS_MAXVAL);
	if (!(gs->val[gs->nval] = malloc(n + 1)))
		np_die("out of memory");
	memcpy(gs->val[gs->nval], name, n);
	gs->val[gs->nval][n] = '\0';
	return gs->nval++;
}

static int64_t
count(struct gstat *gs, int col, int64_t sofar)
{
	struct tsv *t = &gs->t;
	int64_t n;

	if (!num_i64(t->f[col], t->len[col], &n) || n < 1)
		np_die_at(gs->in.name, tsv_fieldline(t, col),
		    tsv_fieldcol(t, col),
		    "expected a count (an integer from 1), found '%.*s'",
		    (int)(t->len[col] > 40 ? 40 : t->len[col]), t->f[col]);
	if (n > INT64_MAX - sofar)
		np_die_at(gs->in.name, tsv_fieldline(t, col),
		    tsv_fieldcol(t, col),
		    "expected counts within 64 bits, found %lld more after "
		    "%lld", (long long)n, (long long)sofar);
	return n;
}

static void
exact(struct gstat *gs, int col, struct dec *d, double *v)
{
	value(gs, col, gs->t.name[col], d, v);
}

static int
near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fabs(b);
}

/* A bucket row: adds its count where its bounds say, or dies. */
static void
bucket(struct gstat *gs, struct cell *c, int lo, int n)
{
	struct tsv *t = &gs->t;
	double a, b, v = NAN, blo, bhi;

	if (!num_f64(t->f[lo], t->len[lo], &a) || !isfinite(a))
		goto bad;
	if (!num_f64(t->f[lo + 1], t->len[lo + 1], &b) || !isfinite(b))
		goto bad;
	if (a == 0 && b == 0)
		v = 0;
	else if (a > 0 && b > a)
		v = sqrt(a) * sqrt(b);
	else if (b < 0 && a < b)
		v = -(sqrt(-a) * sqrt(-b));
	else
		goto bad;
	if (v != 0) {
		hist_bounds(hist_index(v), &blo, &bhi);
		if (!near(fabs(v > 0 ? a : b), blo) ||
		    !near(fabs(v > 0 ? b : a), bhi))
			goto bad;
	}
	hist_add(&c->h, v, count(gs, n, c->h.n));
	return;
bad:
	np_die_at(gs->in.name, tsv_fieldline(t, lo), tsv_fieldcol(t, lo),
	    "expected the bounds of a histogram bucket (relative error %g), found '%.*s' "
	    "and '%.*s'", HIST_ALPHA, (int)(t->len[lo] > 40 ? 40 :
	    t->len[lo]), t->f[lo], (int)(t->len[lo + 1] > 40 ? 40 :
	    t->len[lo + 1]), t->f[lo + 1]);
}

static void
readhist(struct gstat *gs)
{
	struct tsv *t = &gs->t;
	int nk = t->ncol - HISTCOLS, kcol[GS_MAXKEY], i, v, cc = nk;
	struct dec sum, min, max;
	double fsum, dmin, dmax;
	struct gent *e;
	struct cell *c;
	int64_t n;

	if (!gs->keyset) {
		if (nk > GS_MAXKEY)
			np_die_at(gs->in.name, t->line, 0, "more than %d key "
			    "columns", GS_MAXKEY);
		for (i = 0; i < nk; i++)
			if (!(gs->key[i] = strdup(t->name[i])))
				np_die("out of memory");
		gs->nkey = nk;
		gs->keyset = gs->keyown = 1;
	}
	for (i = 0; i < gs->nkey; i++)
		kcol[i] = column(gs, gs->key[i], nk, " key");
	while (tsv_next(t)) {
		tsv_cell(t, cc);
		if ((v = valindex(gs, t->f[cc], t->len[cc])) < 0)
			continue;
		e = entry(gs, kcol);
		c = cell(gs, e, v);
		if (t->len[cc + 1] || t->len[cc + 2]) {
			bucket(gs, c, cc + 1, cc + 3);
			continue;
		}
		n = count(gs, cc + 3, c->n);
		exact(gs, cc + 4, &sum, &fsum);
		exact(gs, cc + 5, &min, &dmin);
		exact(gs, cc + 6, &max, &dmax);
		cell_minmax(c, &min, dmin, &max, dmax);
		cell_sum(c, &sum, fsum);
		c->n += n;
	}
}

int
gs_ishist(struct src *in)
{
	static const char hdr[] = "column\tbucket_lo\tbucket_hi\tcount\t"
	    "sum\tmin\tmax";
	size_t n = sizeof hdr - 1;
	char *nl;

	nl = src_wholeline(in, in->buf, SRC_SNIFF);
	if (nl > in->buf && nl[-1] == '\r')
		nl--;
	return nl - in->buf >= (ptrdiff_t)n && memcmp(nl - n, hdr, n) == 0 &&
	    (nl - in->buf == (ptrdiff_t)n || nl[-(ptrdiff_t)n - 1] == '\t');
}

void
gs_read(struct gstat *gs, const char *file)
{
	src_open(&gs->in, file);
	gs_readin(gs);
}

void
gs_readin(struct gstat *gs)
{
	const char *file = gs->in.name;
	char *line;
	long lineno, logs, first = 0;
	int fmt;

	/* Blank and log lines (2>&1) before the header are passed over. */
	fmt = src_sniff(&gs->in, "text (TSV or CSV with a header)", &line,
	    &lineno);
	switch (fmt) {
	case SRC_LONG:
		np_die("%s: more than %d bytes of blank or log lines, expected "
		    "TSV or CSV with a header line", file, SRC_BUFSZ);
	case SRC_BLANKS:
	case SRC_LOGS:
		np_die("%s: only blank or log lines, expected TSV or CSV with "
		    "a header line", file);
	case SRC_EMPTY:
		np_die("%s: empty input, expected TSV or CSV with a header "
		    "line", file);
	case SRC_JSON:
		np_die_at(file, lineno, 1, "expected TSV or CSV with a header "
		    "line, found JSON (np-sum reads JSON summaries without "
		    "-g and -v)");
	}
	if ((logs = src_passpreamble(&gs->in, &first)) > 0)
		note_add(&gs->notes, NOTE_LOGS, logs, file, first);
	/* A header of one name has no delimiter: TSV, as ever. */
	tsv_open(&gs->t, &gs->in, fmt == SRC_CSV ? ',' : '\t');
	if (ishist(&gs->t))
		readhist(gs);
	else
		readrows(gs);
	src_close(&gs->in);
}

/* ---- writing ---- */

/* The groups in byte order of their keys; checks that histogram input
 * was whole. */
static long *
sorted(struct gstat *gs)
{
	long i;
	int c;

	for (i = 0; i < gs->g.n; i++) {
		struct gent *e = grp_val(&gs->g, i);
		for (c = 0; c < e->ncell; c++) {
			size_t kl;
			const char *k = grp_key(&gs->g, i, &kl);
			if (e->cell[c].h.n != e->cell[c].n)
				np_die("histogram rows of column '%s' in "
				    "group '%.*s': the buckets hold %lld "
				    "values, the totals rows %lld",
				    gs->val[c], (int)kl, k,
				    (long long)e->cell[c].h.n,
				    (long long)e->cell[c].n);
		}
	}
	return grp_sorted(&gs->g, grp_keycmp);
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

/* The group's key fields and the value column's name. */
static void
lead(struct gstat *gs, long g, int v)
{
	size_t kl;
	const char *k = grp_key(&gs->g, g, &kl);

	if (gs->nkey) {
		out_raw(k, kl);
		out_tab();
	}
	out_str(gs->val[v]);
	out_tab();
}

static void
outsum(struct gstat *gs, const struct cell *c)
{
	char buf[DEC_BUFSZ];

	if (c->inexact) {
		out_f64(c->fsum);
		gs->inexact++;
	} else
		out_raw(buf, dec_fmt(buf, &c->sum));
}

static void
outdec(const struct dec *d)
{
	char buf[DEC_BUFSZ];

	out_raw(buf, dec_fmt(buf, d));
}

/* A cell's exact part, as both the stats and the histogram rows begin:
 * count, sum, min, max. */
static void
outexact(struct gstat *gs, const struct cell *c)
{
	out_i64(c->n);
	out_tab();
	outsum(gs, c);
	out_tab();
	outdec(&c->min);
	out_tab();
	outdec(&c->max);
}

/* v limited to [lo, hi]. */
static double
clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/*
 * A percentile: the bucket's representative within [min, max], which is no
 * further from the truth, printed to 4 significant digits: it is only good
 * to 1%, and 1556.5000347398168 would claim more.
 */
static void
outq(const struct cell *c, double q)
{
	double v = clamp(hist_quantile(&c->h, q), c->dmin, c->dmax);
	char buf[32];

	if (v != 0 && isfinite(v)) {
		/* Through decimal text: the double nearest the 4 digits,
		 * which a scaling by a power of ten would miss. */
		snprintf(buf, sizeof buf, "%.4g", v);
		v = clamp(strtod(buf, NULL), c->dmin, c->dmax);
	}
	out_f64(v);
}

void
gs_write(struct gstat *gs, int hdr)
{
	long *ix = sorted(gs), i, g;
	double total[GS_MAXVAL];
	int v;

	for (v = 0; v < gs->nval; v++) {
		struct cell all;
		memset(&all, 0, sizeof all);
		for (g = 0; g < gs->g.n; g++) {
			struct gent *e = grp_val(&gs->g, g);
			if (v < e->ncell)
				cell_addsum(&all, &e->cell[v]);
		}
		total[v] = cell_f64sum(&all);
	}
	if (hdr)
		header(gs, statcol, NSTATCOL);
	for (i = 0; i < gs->g.n; i++) {
		struct gent *e = grp_val(&gs->g, g = ix[i]);
		for (v = 0; v < e->ncell; v++) {
			const struct cell *c = &e->cell[v];
			if (c->n == 0)
				continue;
			lead(gs, g, v);
			outexact(gs, c);
			out_tab();
			out_f64(cell_f64sum(c) / (double)c->n);
			out_tab();
			outq(c, 0.5);
			out_tab();
			outq(c, 0.9);
			out_tab();
			outq(c, 0.99);
			out_tab();
			if (total[v] != 0)
				out_f64(cell_f64sum(c) / total[v]);
			out_nl();
		}
	}
	free(ix);
}

struct bctx {
	struct gstat *gs;
	long g;
	int v;
};

static void
bucketrow(void *ctx, int sign, double lo, double hi, int64_t n)
{
	struct bctx *b = ctx;

	(void)sign;
	lead(b->gs, b->g, b->v);
	out_f64(lo);
	out_tab();
	out_f64(hi);
	out_tab();
	out_i64(n);
	out_raw("\t\t\t\n", 4);
}

void
gs_write_hist(struct gstat *gs, int hdr)
{
	long *ix = sorted(gs), i;
	struct bctx b;

	if (hdr)
		header(gs, histcol, HISTCOLS);
	b.gs = gs;
	for (i = 0; i < gs->g.n; i++) {
		struct gent *e = grp_val(&gs->g, b.g = ix[i]);
		for (b.v = 0; b.v < e->ncell; b.v++) {
			const struct cell *c = &e->cell[b.v];
			if (c->n == 0)
				continue;
			lead(gs, b.g, b.v);
			out_raw("\t\t", 2);
			outexact(gs, c);
			out_nl();
			hist_each(&c->h, bucketrow, &b);
		}
	}
	free(ix);
}
