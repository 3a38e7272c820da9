/*
 * plot: what the parts of np-plot share.  np-plot draws any np TSV for
 * the terminal or as SVG (np-plot.c, its top comment); its files, by
 * concern:
 *   np-plot.c  options, the terminal's width, the order of the work;
 *   read.c     the rows: which chart and columns a header asks for, each
 *              row's key and values kept, np-bound's rows of engines;
 *   pick.c     which rows are drawn: labels that differ, the top -N,
 *              np-bound's profiles side by side;
 *   scale.c    units by column name, their scales, a value spelt for
 *              people, an axis's ticks;
 *   chart.c    what the charts share: labels fitted, titles, the note of
 *              rows not drawn, an SVG's start, end and axis;
 *   bars.c     bars: one a row, or one a histogram bin;
 *   heat.c     heat strips: an engine's busy share over time;
 *   spread.c   spreads: a row's least, median and most of its columns;
 *   emit.c     bytes out: text cut to a terminal's width, or escaped as
 *              XML, whatever the input holds.
 * Each chart is drawn twice, for the terminal (term*) and as SVG (svg*).
 */
#ifndef NP_PLOT_H
#define NP_PLOT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/msg.h"
#include "base/skipped.h"
#include "read/anytable.h"
#include "write/tsvout.h"

#define MAXROWS 65536		/* rows kept, at most */
#define MAXCELLS (1L << 20)	/* values kept (spread), at most */
#define LABELMAX 256		/* bytes of a row's key kept */
#define MAXKEYS 16		/* key columns */
#define MAXVALS TSV_MAXCOL	/* value columns */
#define MAXGROUPS 1024		/* histograms, heat strips */
#define MAXBINS 40		/* histogram bars: more buckets are merged */
#define HF_LO 1			/* a bucket [x, hi) */
#define HF_HI 2			/* a bucket (x, hi] */
#define HF_ONE 3		/* a bucket of the one value x */
#define TOPROWS 40		/* bars or spreads drawn without -N */
#define FILEKEY (-2)		/* a key part that is the file's name */
#define MELTKEY (-3)		/* np-bound -w: the profile column's name */
#define MISSINGKEY "\xe2\x88\x85"	/* an empty key, as drawn: U+2205 */
#define SEP '\x1f'		/* between key parts in a kept label */
#define EMPTYSTR '\x1e'		/* a key part that is an empty string, in a
				   kept label: apart from a missing one */
#define EMPTYKEY "\"\""		/* an empty string, as drawn: as np writes it */
#define LABELBUF (LABELMAX + 4 * MAXKEYS)	/* a label as drawn */

enum kind { K_BAR, K_HIST, K_HEAT, K_SPREAD, NKIND };
extern const char *const kindname[NKIND];

enum unit { U_NONE, U_NS, U_TS, U_BYTES, U_SHARE, U_PERCENT, U_GBPS };

struct row {
	size_t lab, lablen;	/* key parts, SEP-separated, in labels */
	int grp;		/* hist, heat: the group (its key) */
	enum unit unit;		/* hist: of the bounds */
	double x, hi;		/* heat: bucket start; hist: bounds */
	/* hist: what the bounds hold (histform): [x, hi), (x, hi] or x
	 * alone (HF_LO, HF_HI, HF_ONE); whole: of whole numbers */
	char form, whole;
	long v;			/* the first value in vals */
	int nv;
	const char *file;	/* where it was read, for messages */
	long line;
};

struct plot {
	enum kind kind;
	int kindset, decided, svg, color, width;
	char *key[MAXKEYS];
	int nkey, keyset;
	char *val[MAXVALS];
	int nval, valset;
	const char *xname;	/* heat: the bucket start column */
	int skiptotal;		/* np-cc -L: its summary rows are no layers
				   (the total would dwarf them); the key
				   part of the layer + 1 */
	int withfile;		/* several files: the name is a key part */
	/* np-bound: the bound column (a key part), drawn with the engine
	 * where it names one (perfect_pipeline, bottleneck); its rows of
	 * several profiles put side by side (interleave); with -w, a bar for
	 * each of its profile columns mfirst .. mlast (melt), the one read in
	 * mcol, and each engine's active time, to draw each bottleneck. */
	int isbound, boundc, enginec, boundpart, interleave, melt, mfirst,
	    mlast, mcol;
	const char *keytext;	/* the bound part as drawn, or NULL */
	double engtime[5][MAXVALS];
	long top;		/* -N: bars or spreads drawn, 0 for all */
	int topset;
	long nrest;		/* rows not drawn, past the top */
	double restmax;		/* the largest measure among them */

	/* Each key part's first text, and whether any row differs: parts
	 * the same in every row go to the title, not the labels. */
	char first[MAXKEYS][LABELMAX];
	size_t firstlen[MAXKEYS];
	int varies[MAXKEYS];

	struct row *row;
	long nrow, rowcap;
	double *vals;
	long nvals, valcap;
	char *labels;
	size_t lablen, labcap;
	long grp[MAXGROUPS];	/* the first row of each group */
	int ngrp;

	/* The columns of the file being read. */
	int kc[MAXKEYS], vc[MAXVALS], xc, loc, hic, unitc;
	enum unit fileunit;

	/* Times of day are kept as ns after the first one read, so that a
	 * double holds them exactly (1e18 ns since 1970 would not). */
	int64_t base;
	int hasbase;
	struct notes notes;
	const char *synopsis;	/* np-plot(1)'s, for np_usage: a usage error
				   found in the header */
};

/* A unit's scale: values are divided by div and named name. */
struct scale {
	double div;
	const char *name;	/* "" for none */
};

/*
 * How a spread is scaled: times of day (_ts) from each row's least, on
 * one axis; values of one unit on one axis from 0; values of no common
 * unit (one column per profile) each row on its own, from 0 to its most.
 */
enum { S_OFFSET, S_COMMON, S_ROW };

struct spread {
	int mode;
	enum unit unit;
	double max;
};

/* s, n times.  Inline, so that a constant s's length is known where it
 * is called: a terminal's bars and padding are written a byte at a time. */
static inline void
puts_n(const char *s, int n)
{
	while (n-- > 0)
		out_raw(s, strlen(s));
}

/* emit.c */
void color(const struct plot *p, const char *sgr);
void NP_PRINTF(1, 2) pf(const char *fmt, ...);
void svgtext(const char *s, size_t n, size_t w);
void termline(const char *s, size_t n, int w);
void termtext(const char *s, size_t n, size_t w, int left);
size_t u8count(const char *s, size_t n);
long u8next(const unsigned char *s, size_t n, size_t *len);
void xmltext(const char *s, size_t n);

/* scale.c */
int cmpd(const void *a, const void *b);
const char *human(char *b, size_t n, double v, enum unit u);
const char *exactnum(char *b, size_t n, double v, enum unit u, int whole,
    int dir);
const struct scale *scalefor(enum unit u, double max);
void sig3(char *b, size_t n, double x);
double tickstep(double span);
enum unit unitof(const char *name);

/* read.c */
void *grow(void *a, long *cap, long need, size_t size);
const char *label(const struct plot *p, const struct row *r, size_t *n);
int need(const struct tsv *t, const char *name, const char *what);
void readfile(struct plot *p, const char *file);

/* chart.c */
size_t restnote(const struct plot *p, char *b, size_t n, const char *most);
size_t showfit(const struct plot *p, const struct row *r, char *buf, size_t w);
size_t showlabel(const struct plot *p, const struct row *r, char *buf);
void svgaxis(double lo, double hi, double x0, double x1, double y, double top,
    enum unit u, const char *name);
void svgbegin(int w, int h);
void svgend(void);
void svgtitle(const char *s, size_t n);
size_t title(const struct plot *p, char *buf, size_t n, const char *what);

/* bars.c */
void drawbars(struct plot *p);

/* heat.c */
void svgheat(struct plot *p);
void termheat(struct plot *p);

/* spread.c */
void rowstats(const struct plot *p, const struct row *r, double *lo,
    double *mid, double *hi, double *tmp, int *n);
void spreadmode(const struct plot *p, struct spread *s, double *tmp);
void svgspread(struct plot *p);
void termspread(struct plot *p);

/* pick.c */
void distinct(struct plot *p);
void interleave(struct plot *p);
void keeptop(struct plot *p);

#endif
