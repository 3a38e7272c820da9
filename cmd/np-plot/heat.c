/*
 * heat: np-plot's heat strips (plot.h), an engine's busy share over
 * time, for the terminal and as SVG.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "write/tsvout.h"
#include "plot.h"

struct heat {
	double x0, x1, bw;	/* span, and the width of a bucket */
	long nbuckets;
	int ncell;
	double *cell;		/* ngrp * ncell shares */
	double max;
	int share;		/* values are shares: 0 to 1 absolute */
};

/*
 * The buckets' width is the least step between bucket starts; each
 * bucket's value is spread over the cells it overlaps, so that a cell
 * holds the mean over its time (absent buckets count as 0).
 */
static void
heatcells(struct plot *p, struct heat *h, int maxcells)
{
	double *xs, cw, a, b, ov;
	long i, n = p->nrow;
	int c;

	xs = np_malloc((size_t)n * sizeof *xs);
	for (i = 0; i < n; i++)
		xs[i] = p->row[i].x;
	qsort(xs, (size_t)n, sizeof *xs, cmpd);
	h->bw = 0;
	for (i = 1; i < n; i++)
		if (xs[i] > xs[i - 1] && (h->bw == 0 || xs[i] - xs[i - 1] <
		    h->bw))
			h->bw = xs[i] - xs[i - 1];
	if (h->bw == 0)
		h->bw = 1;
	h->x0 = xs[0];
	h->x1 = xs[n - 1] + h->bw;
	free(xs);
	h->nbuckets = (long)((h->x1 - h->x0) / h->bw + 0.5);
	/* Each bucket as many cells, when they fit. */
	h->ncell = h->nbuckets < maxcells ? (int)(maxcells / h->nbuckets *
	    h->nbuckets) : maxcells;
	if (h->ncell < 1)
		h->ncell = 1;
	h->cell = np_calloc((size_t)p->ngrp * (size_t)h->ncell,
	    sizeof *h->cell);
	cw = (h->x1 - h->x0) / h->ncell;
	h->share = unitof(p->val[0]) == U_SHARE;
	for (i = 0; i < n; i++) {
		const struct row *r = &p->row[i];
		double v = p->vals[r->v];
		a = (r->x - h->x0) / cw;
		b = (r->x + h->bw - h->x0) / cw;
		for (c = (int)a; c < h->ncell && c < b; c++) {
			ov = fmin(b, c + 1) - fmax(a, c);
			if (ov > 0)
				h->cell[(size_t)r->grp * h->ncell + c] += v *
				    ov;
		}
	}
	h->max = 0;
	for (i = 0; i < (long)p->ngrp * h->ncell; i++)
		if (h->cell[i] > h->max)
			h->max = h->cell[i];
}

static double
level(const struct heat *h, int g, int c)
{
	double v = h->cell[(size_t)g * h->ncell + c];

	if (h->share)
		return v < 0 ? 0 : v > 1 ? 1 : v;
	return h->max > 0 ? v / h->max : 0;
}

static void
heattitle(const struct plot *p, const struct heat *h, char *buf, size_t n,
    size_t *len)
{
	char w[64], s[64];

	*len = title(p, buf, n, p->val[0]);
	human(w, sizeof w, h->bw, U_NS);
	human(s, sizeof s, h->x1 - h->x0, U_NS);
	if (*len < n)
		*len += (size_t)snprintf(buf + *len, n - *len, " over %s "
		    "(%ld bucket%s of %s)", s, h->nbuckets, h->nbuckets == 1 ?
		    "" : "s", w);
	if (*len >= n)
		*len = n - 1;
}

void
termheat(struct plot *p)
{
	static const char *const shade[5] = { " ", "\xe2\x96\x91",
	    "\xe2\x96\x92", "\xe2\x96\x93", "\xe2\x96\x88" };
	static const char *const sgr[5] = { "0", "34", "36", "33", "31" };
	char buf[LABELBUF], t[1024], e[64];
	size_t lw = 0, k, n, tl;
	struct heat h;
	int g, c, lv;
	double v;

	for (g = 0; g < p->ngrp; g++)
		if ((k = u8count(buf, showlabel(p, &p->row[p->grp[g]],
		    buf))) > lw)
			lw = k;
	if (lw > (size_t)p->width / 3)
		lw = (size_t)p->width / 3;
	memset(&h, 0, sizeof h);
	heatcells(p, &h, p->width - (int)lw - 3 > 8 ? p->width - (int)lw - 3
	    : 8);
	heattitle(p, &h, t, sizeof t, &tl);
	color(p, "1");
	termline(t, tl, p->width);
	color(p, "0");
	out_nl();
	for (g = 0; g < p->ngrp; g++) {
		n = showfit(p, &p->row[p->grp[g]], buf, lw);
		termtext(buf, n, lw, 1);
		out_raw(" \xe2\x94\x82", 4);		/* │ */
		for (c = 0; c < h.ncell; c++) {
			v = level(&h, g, c);
			lv = v <= 0 ? 0 : v < 0.25 ? 1 : v < 0.5 ? 2 :
			    v < 0.75 ? 3 : 4;
			color(p, sgr[lv]);
			out_raw(shade[lv], strlen(shade[lv]));
		}
		color(p, "0");
		out_raw("\xe2\x94\x82", 3);
		out_nl();
	}
	/* The time axis: from the first bucket, its end at the right. */
	puts_n(" ", (int)lw + 2);
	human(e, sizeof e, h.x1 - h.x0, U_NS);
	k = strlen(e);
	out_raw("0", 1);
	puts_n(" ", h.ncell + 1 - 1 - (int)u8count(e, k));
	out_raw(e, k);
	out_nl();
	puts_n(" ", (int)lw + 2);
	pf("%s<25%%  %s<50%%  %s<75%%  %s\xe2\x89\xa5" "75%%%s\n", shade[1],
	    shade[2], shade[3], shade[4], h.share ? "" : " of the most");
	free(h.cell);
}

/* A heat cell's fill: the strip's background for 0, then light to dark
 * blue. */
static void
heatfill(double v)
{
	if (v <= 0)
		pf(" fill=\"#f4f6f9\"");
	else
		pf(" fill=\"rgb(%d,%d,%d)\"", (int)(222 - 214 * v),
		    (int)(235 - 187 * v), (int)(247 - 140 * v));
}

void
svgheat(struct plot *p)
{
	const int W = 800, rowh = 22, top = 36;
	char buf[LABELBUF], t[1024], what[128];
	size_t lw = 0, k, n, tl;
	double x0, x1, y, cw, v;
	struct heat h;
	int g, c, H, i;

	for (g = 0; g < p->ngrp; g++)
		if ((k = u8count(buf, showlabel(p, &p->row[p->grp[g]],
		    buf))) > lw)
			lw = k;
	if (lw > 30)
		lw = 30;
	x0 = 16 + (double)lw * 7.2;
	x1 = W - 20;
	memset(&h, 0, sizeof h);
	heatcells(p, &h, (int)(x1 - x0));
	heattitle(p, &h, t, sizeof t, &tl);
	H = top + p->ngrp * rowh + 80;
	svgbegin(W, H);
	svgtitle(t, tl);
	cw = (x1 - x0) / h.ncell;
	/* The axis first, so that the cells cover its grid lines. */
	snprintf(what, sizeof what, "time from %lld ns",
	    (long long)(p->base + (int64_t)h.x0));
	svgaxis(0, h.x1 - h.x0, x0, x1, top + p->ngrp * rowh + 4, top, U_NS,
	    what);
	pf("<g shape-rendering=\"crispEdges\">\n");
	for (g = 0, y = top; g < p->ngrp; g++, y += rowh) {
		n = showfit(p, &p->row[p->grp[g]], buf, lw);
		pf("<text class=\"l\" x=\"%.1f\" y=\"%.1f\" "
		    "text-anchor=\"end\">", x0 - 6, y + 15);
		svgtext(buf, n, lw);
		pf("</text>\n");
		pf("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" "
		    "fill=\"#f4f6f9\"/>\n", x0, y + 2, x1 - x0, rowh - 4);
		for (c = 0; c < h.ncell; c++) {
			if ((v = level(&h, g, c)) <= 0)
				continue;
			pf("<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" "
			    "height=\"%d\"", x0 + c * cw, y + 2, cw, rowh - 4);
			heatfill(v);
			pf("/>\n");
		}
	}
	pf("</g>\n");
	/* The legend: five steps of the scale. */
	y += 48;
	pf("<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", x0, y + 11,
	    h.share ? "busy share:" : "of the most:");
	for (i = 0; i <= 4; i++) {
		v = i / 4.0;
		pf("<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"14\" "
		    "stroke=\"#999\"", x0 + 90 + i * 60, y);
		heatfill(v);
		pf("/>\n");
		pf("<text x=\"%.1f\" y=\"%.1f\">%d%%</text>\n", x0 + 108 +
		    i * 60, y + 11, i * 25);
	}
	svgend();
	free(h.cell);
}

