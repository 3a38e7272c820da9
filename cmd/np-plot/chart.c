/*
 * chart: what np-plot's charts share (plot.h): labels fitted to a
 * width, titles, the note of rows not drawn, an SVG's start, end and axis.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plot.h"

/*
 * The row's label: its key parts that differ between rows, joined by
 * spaces, in buf (LABELBUF bytes), in at most w characters where it can:
 * the longest parts are cut first, so that a long rank or file name does
 * not hide the short parts beside it (np-cc -K's collective number).  A
 * part is cut in its middle, a quarter of it kept before the ellipsis and
 * the rest after: the end tells most (a path's file and line), but names
 * that end alike (mfu_hlo_achievable_estimated_percent and
 * mfu_inst_achievable_estimated_percent) must not look alike.
 */
size_t
showfit(const struct plot *p, const struct row *r, char *buf, size_t w)
{
	size_t n, len = 0, i, k0, total = 0, plen[MAXKEYS], pcp[MAXKEYS],
	    keep[MAXKEYS], ulen, head;
	const char *s = label(p, r, &n), *e = s + n, *part[MAXKEYS];
	int k, np = 0, any = 0, big;

	if (p->nkey == 0)
		return 0;
	for (k = 0; k < p->nkey; k++)
		any |= p->varies[k];
	for (k = 0; k < p->nkey && s <= e; k++) {
		part[np] = s;
		while (s < e && *s != SEP)
			s++;
		plen[np] = (size_t)(s - part[np]);
		s++;
		if (any && !p->varies[k])
			continue;
		/* A missing key (an empty field) is drawn as a word: a bar
		 * with no name would look like a continuation of the one
		 * above.  A key spelt so is told apart by samelabel. */
		if (plen[np] == 0) {
			part[np] = MISSINGKEY;
			plen[np] = sizeof MISSINGKEY - 1;
		} else if (plen[np] == 1 && *part[np] == EMPTYSTR) {
			/* An empty string, as np writes it. */
			part[np] = EMPTYKEY;
			plen[np] = sizeof EMPTYKEY - 1;
		}
		/* Counted only when there is a width to fit. */
		keep[np] = pcp[np] = w == (size_t)-1 ? plen[np] :
		    u8count(part[np], plen[np]);
		total += pcp[np] + (np > 0);
		np++;
	}
	/* One character off the longest part at a time, to 2 (an
	 * ellipsis and a character). */
	while (total > w) {
		for (k = 0, big = -1; k < np; k++)
			if (keep[k] > 2 && (big < 0 || keep[k] > keep[big]))
				big = k;
		if (big < 0)
			break;
		keep[big]--;
		total--;
	}
	for (k = 0; k < np; k++) {
		if (len)
			buf[len++] = ' ';
		i = 0;
		if (keep[k] < pcp[k]) {
			for (head = (keep[k] - 1) / 4; head > 0; head--) {
				u8next((const unsigned char *)part[k] + i,
				    plen[k] - i, &ulen);
				i += ulen;
			}
			memcpy(buf + len, part[k], i);
			len += i;
			memcpy(buf + len, "\xe2\x80\xa6", 3);	/* … */
			len += 3;
			/* Past what the ellipsis stands for. */
			for (k0 = pcp[k]; k0 > keep[k] - 1; k0--) {
				u8next((const unsigned char *)part[k] + i,
				    plen[k] - i, &ulen);
				i += ulen;
			}
		}
		memcpy(buf + len, part[k] + i, plen[k] - i);
		len += plen[k] - i;
	}
	return len;
}

/* The row's label in full, in buf (LABELBUF bytes). */
size_t
showlabel(const struct plot *p, const struct row *r, char *buf)
{
	return showfit(p, r, buf, (size_t)-1);
}

/* The chart's title: what is drawn by what, and the key parts that are
 * the same in every row. */
size_t
title(const struct plot *p, char *buf, size_t n, const char *what)
{
	size_t len;
	int k, any = 0, shown = 0;

	for (k = 0; k < p->nkey; k++)
		any |= p->varies[k];
	len = (size_t)snprintf(buf, n, "%s", what);
	for (k = 0; k < p->nkey && any; k++) {
		if (!p->varies[k])
			continue;
		len += (size_t)snprintf(buf + len, n - len, "%s%s",
		    shown++ ? ", " : " by ", p->key[k]);
	}
	for (k = 0, shown = 0; k < p->nkey && any && len < n; k++) {
		if (p->varies[k] || p->firstlen[k] == 0)
			continue;
		len += (size_t)snprintf(buf + len, n - len, "%s%s %.*s",
		    shown++ ? ", " : "; ", p->key[k], (int)p->firstlen[k],
		    p->first[k]);
	}
	return len < n ? len : n - 1;
}

/* Below a picture of the top rows (-N): how many are not drawn, and the
 * largest among them, as text in b. */
size_t
restnote(const struct plot *p, char *b, size_t n, const char *most)
{
	int len = snprintf(b, n, "(%ld more rows, each %sat most %s, not "
	    "drawn: -N 0 draws all)", p->nrest, p->kind == K_SPREAD ?
	    "spread " : "", most);

	return len < 0 ? 0 : (size_t)len < n ? (size_t)len : n - 1;
}

void
svgbegin(int w, int h)
{
	pf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\">\n", w, h, w, h);
	pf("<style>text{font:12px sans-serif;fill:#222}"
	    ".l{font-family:monospace}.t{font-size:14px;font-weight:bold}"
	    ".ax{stroke:#666}.g{stroke:#e4e4e4}.b{fill:#4e79a7}"
	    ".s{stroke:#4e79a7;stroke-width:2}</style>\n");
	pf("<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", w, h);
}

void
svgtitle(const char *s, size_t n)
{
	pf("<text class=\"t\" x=\"10\" y=\"20\">");
	xmltext(s, n);
	pf("</text>\n");
}

void
svgend(void)
{
	pf("</svg>\n");
}

/* A value's axis from lo to hi at x0..x1 px, at y. */
void
svgaxis(double lo, double hi, double x0, double x1, double y, double top,
    enum unit u, const char *name)
{
	const struct scale *s = scalefor(u, fmax(fabs(lo), fabs(hi)));
	double step = tickstep(hi - lo), v, x;
	char b[64];

	pf("<line class=\"ax\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\"/>\n", x0, y, x1, y);
	for (v = ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) {
		x = x0 + (v - lo) / (hi - lo) * (x1 - x0);
		pf("<line class=\"g\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\"/>\n", x, top, x, y);
		pf("<line class=\"ax\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\"/>\n", x, y, x, y + 4);
		sig3(b, sizeof b, v / s->div);
		pf("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s"
		    "</text>\n", x, y + 16, b);
	}
	pf("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
	    (x0 + x1) / 2, y + 32);
	xmltext(name, strlen(name));
	if (*s->name) {
		pf(" (");
		xmltext(s->name, strlen(s->name));
		pf(")");
	}
	pf("</text>\n");
}

