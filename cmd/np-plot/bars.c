/*
 * bars: np-plot's bar charts (plot.h), one bar a row or one a
 * histogram bin, for the terminal and as SVG.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "write/tsvout.h"
#include "plot.h"

struct bar {
	const struct row *row;	/* its label's row, or NULL: lab */
	char lab[128];		/* a histogram bin's bounds */
	size_t n;
	double v;
	int heading;		/* a histogram's name, not a bar */
};

struct bars {
	struct bar *b;
	long n, cap;
	enum unit unit;
	const char *name;
	char title[1024];
	size_t tlen;
};

static struct bar *
addbar(struct bars *bs)
{
	bs->b = grow(bs->b, &bs->cap, bs->n + 1, sizeof *bs->b);
	memset(&bs->b[bs->n], 0, sizeof bs->b[0]);
	return &bs->b[bs->n++];
}

/* The unit of the value column; for a statistic of np-sum -g (sum, mean,
 * p50, ...), named without one, that of the column its rows name, when
 * they all name one. */
static enum unit
statunit(const struct plot *p)
{
	enum unit u = unitof(p->val[0]);
	char name[LABELMAX];
	int k;

	static const char stats[] = " sum min max mean p50 p90 p99 ";
	char word[64];

	snprintf(word, sizeof word, " %s ", p->val[0]);
	if (!strstr(stats, word))
		return u;
	for (k = 0; k < p->nkey && u == U_NONE; k++)
		if ((strcmp(p->key[k], "value_column") == 0 ||
		    strcmp(p->key[k], "column") == 0) && !p->varies[k]) {
			memcpy(name, p->first[k], p->firstlen[k]);
			name[p->firstlen[k]] = '\0';
			u = unitof(name);
		}
	return u;
}

static void
barrows(struct plot *p, struct bars *bs)
{
	struct bar *b;
	long i;

	for (i = 0; i < p->nrow; i++) {
		b = addbar(bs);
		b->row = &p->row[i];
		b->v = p->vals[p->row[i].v];
	}
	bs->unit = statunit(p);
	bs->name = p->val[0];
	bs->tlen = title(p, bs->title, sizeof bs->title, p->val[0]);
}

static int
cmpx(const void *a, const void *b)
{
	const struct row *x = *(struct row *const *)a;
	const struct row *y = *(struct row *const *)b;

	return (x->x > y->x) - (x->x < y->x);
}

/* A bin's label, exact to what it holds: "[512 B, 1 KiB)" for a bin of
 * whole numbers from 512 up to 1023, "(0.5, 0.75]" for np-sum's bucket of
 * values above 0.5 up to 0.75, "50 ns" for one value (histform). */
static void
binlabel(struct bar *b, double lo, double hi, int form, int whole,
    enum unit u)
{
	char l[64], h[64];

	exactnum(l, sizeof l, lo, u, whole, form == HF_ONE ? 0 : -1);
	if (form == HF_ONE) {
		b->n = (size_t)snprintf(b->lab, sizeof b->lab, "%s", l);
		return;
	}
	exactnum(h, sizeof h, hi, u, whole, 1);
	b->n = (size_t)snprintf(b->lab, sizeof b->lab, form == HF_LO ?
	    "[%s, %s)" : "(%s, %s]", l, h);
}

/* One merged bin: the least and greatest bound of its buckets, and
 * whether it has one. */
struct bin {
	double lo, hi, v;
	int n, form, whole;
};

/*
 * A histogram's bars: a bar a bucket, in order of their bounds; more than
 * MAXBINS buckets (np-sum's are 2% wide) are merged into MAXBINS bins of
 * equal width on a log scale, a bucket going to the bin of its lower bound
 * (buckets at or below 0 to a bin of their own).  A bin is labelled from
 * where the bar before it ends (no value lies between) to the greatest
 * bound of its buckets, and a run of empty bins is one bar, the gap
 * between its neighbours (none where they touch), so that the labels
 * meet, and each says what its bar holds.
 */
static void
histbars(struct plot *p, struct bars *bs, int g, struct row **rs)
{
	double lo = INFINITY, hi = -INFINITY, ratio, nonpos = 0, prev, l;
	struct bin *bin;
	long i, n = 0;
	int k, j, anyneg = 0;
	struct bar *b;
	enum unit u = U_NONE;

	for (i = 0; i < p->nrow; i++)
		if (p->row[i].grp == g)
			rs[n++] = &p->row[i];
	qsort(rs, (size_t)n, sizeof *rs, cmpx);
	if (p->ngrp > 1) {
		b = addbar(bs);
		b->heading = 1;
		b->row = rs[0];
	}
	u = rs[0]->unit;
	if (n <= MAXBINS) {
		for (i = 0; i < n; i++) {
			b = addbar(bs);
			binlabel(b, rs[i]->x, rs[i]->hi, rs[i]->form,
			    rs[i]->whole, u);
			b->v = p->vals[rs[i]->v];
		}
		return;
	}
	for (i = 0; i < n; i++) {
		if (rs[i]->x <= 0) {
			anyneg = 1;
			nonpos += p->vals[rs[i]->v];
			continue;
		}
		lo = fmin(lo, rs[i]->x);
		hi = fmax(hi, rs[i]->hi);
	}
	if (anyneg) {
		b = addbar(bs);
		b->n = (size_t)snprintf(b->lab, sizeof b->lab, "\xe2\x89\xa4 0");
		b->v = nonpos;
	}
	if (!(lo < hi))
		return;
	bin = np_calloc(MAXBINS, sizeof *bin);
	ratio = log(hi / lo) / MAXBINS;
	for (i = 0; i < n; i++) {
		if (rs[i]->x <= 0)
			continue;
		k = (int)(log(rs[i]->x / lo) / ratio);
		k = k < 0 ? 0 : k >= MAXBINS ? MAXBINS - 1 : k;
		if (bin[k].n++ == 0) {
			bin[k].lo = rs[i]->x;
			bin[k].form = rs[i]->form;
			bin[k].whole = rs[i]->whole;
		}
		bin[k].hi = fmax(bin[k].hi, rs[i]->hi);
		if (bin[k].n > 1 && bin[k].form == HF_ONE)
			bin[k].form = bin[k].whole ? HF_LO : HF_HI;
		bin[k].v += p->vals[rs[i]->v];
	}
	for (k = 0, prev = NAN; k < MAXBINS; k = j) {
		if (bin[k].n) {
			/* From where the bar before ends: none between. */
			l = isnan(prev) ? bin[k].lo : prev;
			b = addbar(bs);
			binlabel(b, l, bin[k].hi, !bin[k].whole ?
			    (l == bin[k].lo ? bin[k].form : HF_HI) :
			    bin[k].hi - l == 1 ? HF_ONE : HF_LO,
			    bin[k].whole, u);
			b->v = bin[k].v;
			prev = bin[k].hi;
			j = k + 1;
			continue;
		}
		/* Empty bins, up to the next bin with buckets (the last
		 * has some: it has the greatest lower bound): one bar of
		 * the gap, where there is one. */
		for (j = k; j < MAXBINS && !bin[j].n; j++)
			;
		if (prev < bin[j].lo) {
			b = addbar(bs);
			binlabel(b, prev, bin[j].lo, !bin[j].whole ? HF_HI :
			    bin[j].lo - prev == 1 ? HF_ONE : HF_LO,
			    bin[j].whole, u);
			prev = bin[j].lo;
		}
	}
	free(bin);
}

static void
histrows(struct plot *p, struct bars *bs)
{
	struct row **rs;
	char what[256];
	int g;

	rs = np_malloc((size_t)p->nrow * sizeof *rs);
	for (g = 0; g < p->ngrp; g++)
		histbars(p, bs, g, rs);
	free(rs);
	bs->unit = unitof(p->val[0]);
	bs->name = p->val[0];
	snprintf(what, sizeof what, "%s per bucket", p->val[0]);
	bs->tlen = title(p, bs->title, sizeof bs->title, what);
}

/* Eighths of a cell, left to right. */
static const char *const eighth[8] = { "", "\xe2\x96\x8f", "\xe2\x96\x8e",
    "\xe2\x96\x8d", "\xe2\x96\x8c", "\xe2\x96\x8b", "\xe2\x96\x8a",
    "\xe2\x96\x89" };

/* A bar's label, in buf (LABELBUF bytes) when it is a row's:
 * kept once, in the labels, not once more a bar. */
static const char *
barlabel(const struct plot *p, const struct bar *b, char *buf, size_t *n,
    size_t w)
{
	if (!b->row) {
		*n = b->n;
		return b->lab;
	}
	*n = showfit(p, b->row, buf, w);
	return buf;
}

static double
barmax(const struct bars *bs)
{
	double max = 0;
	long i;

	for (i = 0; i < bs->n; i++)
		if (!bs->b[i].heading && bs->b[i].v > max)
			max = bs->b[i].v;
	return max;
}

static size_t
labelwidth(const struct plot *p, const struct bars *bs, size_t cap)
{
	char buf[LABELBUF];
	const char *s;
	size_t w = 0, k, n;
	long i;

	for (i = 0; i < bs->n; i++) {
		if (bs->b[i].heading)
			continue;
		s = barlabel(p, &bs->b[i], buf, &n, (size_t)-1);
		if ((k = u8count(s, n)) > w)
			w = k;
	}
	return w < cap ? w : cap;
}

static void
termbars(const struct plot *p, const struct bars *bs)
{
	char v[64], buf[LABELBUF];
	const char *s;
	size_t n;
	double max = barmax(bs), len;
	size_t lw, vw = 0, k;
	long i;
	int bw, full;

	for (i = 0; i < bs->n; i++)
		if ((k = strlen(human(v, sizeof v, bs->b[i].v, bs->unit))) >
		    vw)
			vw = k;
	lw = labelwidth(p, bs, (size_t)p->width * 2 / 5);
	bw = p->width - (int)lw - (int)vw - 2;
	if (bw < 1)
		bw = 1;
	color(p, "1");
	termline(bs->title, bs->tlen, p->width);
	color(p, "0");
	out_nl();
	for (i = 0; i < bs->n; i++) {
		const struct bar *b = &bs->b[i];
		s = barlabel(p, b, buf, &n, lw);
		if (b->heading) {
			color(p, "1");
			termline(s, n, p->width);
			color(p, "0");
			out_nl();
			continue;
		}
		termtext(s, n, lw, 1);
		out_byte(' ');
		len = max > 0 && b->v > 0 ? b->v / max * bw * 8 : 0;
		full = (int)(len + 0.5);
		color(p, "36");
		puts_n("\xe2\x96\x88", full / 8);
		out_raw(eighth[full % 8], strlen(eighth[full % 8]));
		color(p, "0");
		out_byte(' ');
		human(v, sizeof v, b->v, bs->unit);
		out_raw(v, strlen(v));
		out_nl();
	}
	if (p->nrest) {
		human(v, sizeof v, p->restmax, bs->unit);
		termline(buf, restnote(p, buf, sizeof buf, v), p->width);
		out_nl();
	}
}

static void
svgbars(const struct plot *p, const struct bars *bs)
{
	const int W = 800, rowh = 18;
	double max = barmax(bs), step, hi, x0, x1, y;
	size_t lw = labelwidth(p, bs, 44), n;
	int h, top = 36;
	char v[64], buf[LABELBUF];
	const char *s;
	long i;

	step = tickstep(max > 0 ? max : 1);
	hi = ceil((max > 0 ? max : 1) / step) * step;
	x0 = 16 + (double)lw * 7.2;
	x1 = W - 80;
	h = top + (int)bs->n * rowh + 50 + (p->nrest ? rowh : 0);
	svgbegin(W, h);
	svgtitle(bs->title, bs->tlen);
	y = top + bs->n * rowh + 4;
	svgaxis(0, hi, x0, x1, y, top, bs->unit, bs->name);
	for (i = 0, y = top; i < bs->n; i++, y += rowh) {
		const struct bar *b = &bs->b[i];
		s = barlabel(p, b, buf, &n, lw);
		if (b->heading) {
			pf("<text class=\"t\" x=\"10\" y=\"%.1f\">", y + 13);
			svgtext(s, n, 100);
			pf("</text>\n");
			continue;
		}
		pf("<text class=\"l\" x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"end\">", x0 - 6, y + 13);
		svgtext(s, n, lw);
		pf("</text>\n");
		pf("<rect class=\"b\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"%d\"/>\n", x0, y + 2, b->v > 0 ? b->v / hi *
		    (x1 - x0) : 0, rowh - 4);
		pf("<text x=\"%.1f\" y=\"%.1f\">", x0 + (b->v > 0 ? b->v /
		    hi * (x1 - x0) : 0) + 4, y + 13);
		human(v, sizeof v, b->v, bs->unit);
		xmltext(v, strlen(v));
		pf("</text>\n");
	}
	if (p->nrest) {
		human(v, sizeof v, p->restmax, bs->unit);
		pf("<text x=\"10\" y=\"%d\">", h - 8);
		n = restnote(p, buf, sizeof buf, v);
		xmltext(buf, n);
		pf("</text>\n");
	}
	svgend();
}

void
drawbars(struct plot *p)
{
	struct bars bs;

	memset(&bs, 0, sizeof bs);
	if (p->kind == K_HIST)
		histrows(p, &bs);
	else
		barrows(p, &bs);
	if (p->svg)
		svgbars(p, &bs);
	else
		termbars(p, &bs);
	free(bs.b);
}

