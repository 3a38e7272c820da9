/*
 * spread: np-plot's spreads (plot.h), a row's least, median and most
 * across its columns, for the terminal and as SVG.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "write/tsvout.h"
#include "plot.h"

/* Least, median and most of the row's values. */
void
rowstats(const struct plot *p, const struct row *r, double *lo,
    double *mid, double *hi, double *tmp, int *n)
{
	int i, k = 0;

	for (i = 0; i < r->nv; i++)
		if (!isnan(p->vals[r->v + i]))
			tmp[k++] = p->vals[r->v + i];
	qsort(tmp, (size_t)k, sizeof *tmp, cmpd);
	*lo = tmp[0];
	*hi = tmp[k - 1];
	*mid = k % 2 ? tmp[k / 2] : (tmp[k / 2 - 1] + tmp[k / 2]) / 2;
	*n = k;
}

void
spreadmode(const struct plot *p, struct spread *s, double *tmp)
{
	double lo, mid, hi;
	enum unit u = unitof(p->val[0]);
	long i;
	int k, n;

	s->mode = u == U_TS ? S_OFFSET : u == U_NONE ? S_ROW : S_COMMON;
	for (k = 1; k < p->nval; k++)
		if (unitof(p->val[k]) != u)
			s->mode = S_ROW;
	s->unit = s->mode == S_OFFSET ? U_NS : s->mode == S_COMMON ? u :
	    U_NONE;
	s->max = 0;
	for (i = 0; i < p->nrow; i++) {
		rowstats(p, &p->row[i], &lo, &mid, &hi, tmp, &n);
		if (s->mode == S_OFFSET && hi - lo > s->max)
			s->max = hi - lo;
		if (s->mode == S_COMMON && hi > s->max)
			s->max = hi;
	}
}

static void
spreadtitle(const struct plot *p, const struct spread *s, char *t,
    size_t n, size_t *len)
{
	char what[256];

	if (p->nval <= 3)
		snprintf(what, sizeof what, "%s%s%s%s%s", p->val[0],
		    p->nval > 1 ? ", " : "", p->nval > 1 ? p->val[1] : "",
		    p->nval > 2 ? ", " : "", p->nval > 2 ? p->val[2] : "");
	else
		snprintf(what, sizeof what, "%d columns", p->nval);
	*len = title(p, t, n, what);
	if (*len < n)
		*len += (size_t)snprintf(t + *len, n - *len, "%s",
		    s->mode == S_OFFSET ? " (from each row's first)" :
		    s->mode == S_ROW ? " (each row from 0 to its most)" : "");
	if (*len >= n)
		*len = n - 1;
}

/* The row's text at the right: "+3.2 µs", or "12 – 14 (14%)". */
static void
spreadnote(const struct spread *s, double lo, double hi, char *b, size_t n)
{
	char l[64], h[64];

	if (s->mode == S_OFFSET) {
		human(h, sizeof h, hi - lo, U_NS);
		snprintf(b, n, "+%s", h);
		return;
	}
	human(l, sizeof l, lo, s->unit);
	human(h, sizeof h, hi, s->unit);
	if (s->mode == S_ROW && hi > 0)
		snprintf(b, n, "%s\xe2\x80\x93%s (%.0f%%)", l, h,
		    (hi - lo) / hi * 100);
	else
		snprintf(b, n, "%s\xe2\x80\x93%s", l, h);
}

/* The note below a spread of the top rows (-N), in b. */
static size_t
spreadrest(const struct plot *p, const struct spread *s, char *b, size_t n)
{
	char m[72], h[64];

	if (s->mode == S_ROW)
		snprintf(m, sizeof m, "%.0f%%", p->restmax * 100);
	else {
		human(h, sizeof h, p->restmax, s->mode == S_OFFSET ? U_NS :
		    s->unit);
		snprintf(m, sizeof m, "%s%s", s->mode == S_OFFSET ? "+" : "",
		    h);
	}
	return restnote(p, b, n, m);
}

/* Where lo, mid and hi of a row fall on a scale of w units. */
static void
spreadpos(const struct spread *s, double lo, double mid, double hi,
    double w, double *a, double *m, double *b)
{
	double base = 0, top = s->max;

	if (s->mode == S_OFFSET)
		base = lo;
	if (s->mode == S_ROW)
		top = hi > 0 ? hi : 1;
	if (!(top > 0))
		top = 1;
	*a = (lo - base) / top * w;
	*m = (mid - base) / top * w;
	*b = (hi - base) / top * w;
}

void
termspread(struct plot *p)
{
	char buf[LABELBUF], t[1024], note[160], e[64];
	double *tmp, lo, mid, hi, a, m, b;
	size_t lw = 0, nw = 0, k, n, tl;
	struct spread s;
	int bw, c, ca, cm, cb, cnt;
	long i;

	tmp = np_malloc((size_t)p->nval * sizeof *tmp);
	spreadmode(p, &s, tmp);
	for (i = 0; i < p->nrow; i++) {
		if ((k = u8count(buf, showlabel(p, &p->row[i], buf))) > lw)
			lw = k;
		rowstats(p, &p->row[i], &lo, &mid, &hi, tmp, &cnt);
		spreadnote(&s, lo, hi, note, sizeof note);
		if ((k = u8count(note, strlen(note))) > nw)
			nw = k;
	}
	if (lw > (size_t)p->width / 3)
		lw = (size_t)p->width / 3;
	bw = p->width - (int)lw - (int)nw - 4;
	if (bw < 4)
		bw = 4;
	spreadtitle(p, &s, t, sizeof t, &tl);
	color(p, "1");
	termline(t, tl, p->width);
	color(p, "0");
	out_nl();
	for (i = 0; i < p->nrow; i++) {
		n = showfit(p, &p->row[i], buf, lw);
		termtext(buf, n, lw, 1);
		out_raw(" \xe2\x94\x82", 4);
		rowstats(p, &p->row[i], &lo, &mid, &hi, tmp, &cnt);
		spreadpos(&s, lo, mid, hi, bw - 1, &a, &m, &b);
		ca = (int)(a + 0.5), cm = (int)(m + 0.5), cb = (int)(b + 0.5);
		color(p, "36");
		for (c = 0; c < bw; c++) {
			if (c == cm)
				out_raw("\xe2\x94\xbc", 3);	/* ┼ */
			else if (c == ca)
				out_raw("\xe2\x94\x9c", 3);	/* ├ */
			else if (c == cb)
				out_raw("\xe2\x94\xa4", 3);	/* ┤ */
			else if (c > ca && c < cb)
				out_raw("\xe2\x94\x80", 3);	/* ─ */
			else
				out_byte(' ');
		}
		color(p, "0");
		out_raw("\xe2\x94\x82 ", 4);
		spreadnote(&s, lo, hi, note, sizeof note);
		out_raw(note, strlen(note));
		out_nl();
	}
	if (s.mode != S_ROW) {
		puts_n(" ", (int)lw + 2);
		human(e, sizeof e, s.max, s.unit);
		k = strlen(e);
		out_raw("0", 1);
		puts_n(" ", bw + 1 - 1 - (int)u8count(e, k));
		out_raw(e, k);
		out_nl();
	}
	if (p->nrest) {
		termline(buf, spreadrest(p, &s, buf, sizeof buf), p->width);
		out_nl();
	}
	free(tmp);
}

void
svgspread(struct plot *p)
{
	const int W = 800, rowh = 18, top = 36;
	char buf[LABELBUF], t[1024], note[160];
	double *tmp, lo, mid, hi, a, m, b, x0, x1, y, v, hiaxis;
	size_t lw = 0, k, n, tl;
	struct spread s;
	int H, cnt, j;
	long i;

	tmp = np_malloc((size_t)p->nval * sizeof *tmp);
	spreadmode(p, &s, tmp);
	for (i = 0; i < p->nrow; i++)
		if ((k = u8count(buf, showlabel(p, &p->row[i], buf))) > lw)
			lw = k;
	if (lw > 40)
		lw = 40;
	x0 = 16 + (double)lw * 7.2;
	x1 = W - 170;
	hiaxis = s.max > 0 ? ceil(s.max / tickstep(s.max)) *
	    tickstep(s.max) : 1;
	if (s.mode != S_ROW)
		s.max = hiaxis;
	spreadtitle(p, &s, t, sizeof t, &tl);
	H = top + (int)p->nrow * rowh + (s.mode == S_ROW ? 10 : 50) +
	    (p->nrest ? rowh : 0);
	svgbegin(W, H);
	svgtitle(t, tl);
	y = top + p->nrow * rowh + 4;
	if (s.mode != S_ROW)
		svgaxis(0, hiaxis, x0, x1, y, top, s.unit, s.mode == S_OFFSET ?
		    "after the row's first" : p->val[0]);
	for (i = 0, y = top; i < p->nrow; i++, y += rowh) {
		const struct row *r = &p->row[i];
		n = showfit(p, r, buf, lw);
		pf("<text class=\"l\" x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"end\">", x0 - 6, y + 13);
		svgtext(buf, n, lw);
		pf("</text>\n");
		rowstats(p, r, &lo, &mid, &hi, tmp, &cnt);
		spreadpos(&s, lo, mid, hi, x1 - x0, &a, &m, &b);
		pf("<line class=\"s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\"/>\n", x0 + a, y + 9, x0 + b + 0.5, y + 9);
		/* Each value a tick, the median a dot. */
		for (j = 0; j < r->nv; j++) {
			if (isnan(v = p->vals[r->v + j]))
				continue;
			spreadpos(&s, lo, v, hi, x1 - x0, &a, &m, &b);
			pf("<line class=\"s\" x1=\"%.1f\" y1=\"%.1f\" "
			    "x2=\"%.1f\" y2=\"%.1f\"/>\n", x0 + m, y + 4,
			    x0 + m, y + 14);
		}
		spreadpos(&s, lo, mid, hi, x1 - x0, &a, &m, &b);
		pf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#e15759\"/>"
		    "\n", x0 + m, y + 9);
		spreadnote(&s, lo, hi, note, sizeof note);
		pf("<text x=\"%.1f\" y=\"%.1f\">", x1 + 10, y + 13);
		xmltext(note, strlen(note));
		pf("</text>\n");
	}
	if (p->nrest) {
		pf("<text x=\"10\" y=\"%d\">", H - 8);
		n = spreadrest(p, &s, buf, sizeof buf);
		xmltext(buf, n);
		pf("</text>\n");
	}
	svgend();
	free(tmp);
}

