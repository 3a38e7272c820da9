/*
 * np-plot: a picture of any np TSV, for the terminal or as SVG.
 *
 * Four kinds of chart: a bar per row (a value per key), a histogram of
 * bucket rows (np-sum -H, np-dma -H), a heat strip per engine over time
 * (np-gaps -B bucket rows) and a spread per key across several value
 * columns (np-cc -K, np-sum -w).  The kind and its columns come from the
 * header, so that each np program's output needs no option; -P, -k and -v
 * choose them by name otherwise.
 *
 * Scaling an axis needs every row, so the rows are kept: at most MAXROWS
 * rows, MAXCELLS values and labels of LABELMAX bytes (np-plot(1) LIMITS).
 * Past a bound the program stops with an error rather than draw a part.
 *
 * The SVG must parse as XML whatever the input holds: every text is
 * written through xmltext, which escapes markup and replaces control
 * bytes and malformed UTF-8 with U+FFFD.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "base/options.h"
#include "bytes/source.h"
#include "base/skipped.h"
#include "base/number.h"
#include "read/anytable.h"
#include "read/sniff.h"
#include "write/tsvout.h"

static const char optstring[] = "k:N:o:P:v:";
static const char synopsis[] =
    "np-plot [-q] [-k keys] [-N rows] [-o format] [-P kind] [-v values] "
    "[file ...]";

/* One line per option, as the man page orders them, for -h (np_help). */
static const char *const help[] = {
	"-k, --key keys", "the columns that name the rows, comma-separated",
	"-N, --top rows", "the largest bars or spreads drawn (40; 0: all)",
	"-o, --output format", "term (the default) or svg",
	"-P, --kind kind", "bar, hist, heat or spread (default: from the header)",
	"-q, --quiet", "no progress line on stderr",
	"-v, --value values", "the value column (spread: columns, comma-separated)",
	NULL
};

static const char *const longopts[] = {
	"--key", "-k", "--top", "-N", "--output", "-o", "--kind", "-P",
	"--value", "-v", NULL,
};

#define MAXROWS 65536		/* rows kept, at most */
#define MAXCELLS (1L << 20)	/* values kept (spread), at most */
#define LABELMAX 256		/* bytes of a row's key kept */
#define MAXKEYS 16		/* key columns */
#define MAXVALS TSV_MAXCOL	/* value columns */
#define MAXGROUPS 1024		/* histograms, heat strips */
#define MAXBINS 40		/* histogram bars: more buckets are merged */
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
static const char *const kindname[NKIND] = { "bar", "hist", "heat",
    "spread" };

enum unit { U_NONE, U_NS, U_TS, U_BYTES, U_SHARE, U_PERCENT, U_GBPS };

struct row {
	size_t lab, lablen;	/* key parts, SEP-separated, in labels */
	int grp;		/* hist, heat: the group (its key) */
	enum unit unit;		/* hist: of the bounds */
	double x, hi;		/* heat: bucket start; hist: bounds */
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
};

/* ---- output ---- */

static void NP_PRINTF(1, 2)
pf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	out_raw(buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void
puts_n(const char *s, int n)
{
	while (n-- > 0)
		out_raw(s, strlen(s));
}

/*
 * The code point at s (n bytes), its length in *len; U+FFFD for a
 * malformed or overlong sequence, a surrogate, a non-character U+FFFE or
 * U+FFFF, or a control character, none of which a terminal should be
 * sent or XML may hold.
 */
static long
u8next(const unsigned char *s, size_t n, size_t *len)
{
	long cp;
	size_t k, need;

	*len = 1;
	if (s[0] < 0x80)
		return s[0] < 0x20 || s[0] == 0x7f ? 0xfffd : s[0];
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		need = 1, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		need = 2, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		need = 3, cp = s[0] & 0x07;
	else
		return 0xfffd;
	if (n < need + 1)
		return 0xfffd;
	for (k = 1; k <= need; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0xfffd;
		cp = cp << 6 | (s[k] & 0x3f);
	}
	if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
	    cp == 0xfffe || cp == 0xffff || (cp >= 0x80 && cp < 0xa0))
		return 0xfffd;
	*len = need + 1;
	return cp;
}

static void
out_cp(long cp)
{
	char b[4];

	if (cp < 0x80) {
		out_byte((char)cp);
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | cp >> 6);
		b[1] = (char)(0x80 | (cp & 0x3f));
		out_raw(b, 2);
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | cp >> 12);
		b[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		out_raw(b, 3);
	} else {
		b[0] = (char)(0xf0 | cp >> 18);
		b[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		b[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		out_raw(b, 4);
	}
}

/* Code points in s. */
static size_t
u8count(const char *s, size_t n)
{
	size_t i = 0, k = 0, len;

	while (i < n) {
		u8next((const unsigned char *)s + i, n - i, &len);
		i += len;
		k++;
	}
	return k;
}

/* s as text of an XML document: markup escaped, the rest sanitised. */
static void
xmltext(const char *s, size_t n)
{
	size_t i = 0, len;
	long cp;

	while (i < n) {
		cp = u8next((const unsigned char *)s + i, n - i, &len);
		i += len;
		switch (cp) {
		case '&': out_raw("&amp;", 5); break;
		case '<': out_raw("&lt;", 4); break;
		case '>': out_raw("&gt;", 4); break;
		case '"': out_raw("&quot;", 6); break;
		case '\'': out_raw("&#39;", 5); break;
		default: out_cp(cp);
		}
	}
}

/*
 * s in exactly w terminal cells (one per code point): padded with spaces
 * after it (left) or before it, or its end after an ellipsis when it is
 * longer, since a path's end (file:line) tells most.
 */
static void
termtext(const char *s, size_t n, size_t w, int left)
{
	size_t i = 0, len, k = u8count(s, n);
	long cp;

	if (!left && k < w)
		puts_n(" ", (int)(w - k));
	if (k > w) {
		if (w == 0)
			return;
		out_raw("\xe2\x80\xa6", 3);	/* … */
		for (; k > w - 1; k--) {
			u8next((const unsigned char *)s + i, n - i, &len);
			i += len;
		}
		k = w;
	}
	while (i < n) {
		cp = u8next((const unsigned char *)s + i, n - i, &len);
		i += len;
		out_cp(cp);
	}
	if (left && k < w)
		puts_n(" ", (int)(w - k));
}

/* A line of text, not padded; cut at w cells, its end an ellipsis. */
static void
termline(const char *s, size_t n, int w)
{
	size_t i = 0, k = 0, len;
	long cp;

	if (u8count(s, n) <= (size_t)w) {
		termtext(s, n, u8count(s, n), 1);
		return;
	}
	while (i < n && k + 1 < (size_t)w) {
		cp = u8next((const unsigned char *)s + i, n - i, &len);
		i += len;
		k++;
		out_cp(cp);
	}
	out_raw("\xe2\x80\xa6", 3);
}

/* As termtext into an SVG's text: at most w characters. */
static void
svgtext(const char *s, size_t n, size_t w)
{
	size_t i = 0, len, k = u8count(s, n);

	if (k > w && w > 0) {
		out_raw("\xe2\x80\xa6", 3);
		for (; k > w - 1; k--) {
			u8next((const unsigned char *)s + i, n - i, &len);
			i += len;
		}
	}
	xmltext(s + i, n - i);
}

static void
color(const struct plot *p, const char *sgr)
{
	if (p->color)
		pf("\033[%sm", sgr);
}

/* ---- numbers and units ---- */

static int
endswith(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* What a column holds, from its name (np(7): units live in names). */
static enum unit
unitof(const char *name)
{
	if (endswith(name, "_ts"))
		return U_TS;
	if (endswith(name, "_ns") || strcmp(name, "ns") == 0)
		return U_NS;
	if (endswith(name, "_bytes") || strcmp(name, "bytes") == 0)
		return U_BYTES;
	if (endswith(name, "_share") || strcmp(name, "share") == 0)
		return U_SHARE;
	if (endswith(name, "_percent"))
		return U_PERCENT;
	if (endswith(name, "_gb_per_s"))
		return U_GBPS;
	return U_NONE;
}

struct scale {
	double div;
	const char *name;	/* "" for none */
};

/* The steps of each unit, smallest first. */
static const struct scale *
steps(enum unit u, int *n)
{
	static const struct scale ns[] = { { 1, "ns" },
	    { 1e3, "\xc2\xb5s" }, { 1e6, "ms" }, { 1e9, "s" } };
	static const struct scale bytes[] = { { 1, "B" }, { 1024, "KiB" },
	    { 1048576, "MiB" }, { 1073741824, "GiB" },
	    { 1099511627776.0, "TiB" } };
	static const struct scale plain[] = { { 1, "" }, { 1e3, "k" },
	    { 1e6, "M" }, { 1e9, "G" }, { 1e12, "T" } };
	static const struct scale share[] = { { 0.01, "%" } };
	static const struct scale pct[] = { { 1, "%" } };
	static const struct scale gbps[] = { { 1, "GB/s" } };

	switch (u) {
	case U_NS:
	case U_TS:
		*n = 4;
		return ns;
	case U_BYTES:
		*n = 5;
		return bytes;
	case U_SHARE:
		*n = 1;
		return share;
	case U_PERCENT:
		*n = 1;
		return pct;
	case U_GBPS:
		*n = 1;
		return gbps;
	default:
		*n = 5;
		return plain;
	}
}

/* Three significant digits, no exponent, trailing zeros dropped. */
static void
sig3(char *b, size_t n, double x)
{
	double a = fabs(x);
	char *dot, *e;

	snprintf(b, n, a >= 999.5 * 1000 ? "%.3g" : a >= 99.95 ? "%.0f" : a >= 9.995 ? "%.1f" :
	    a >= 0.9995 || a == 0 ? "%.2f" : "%.3g", x);
	if ((dot = strchr(b, '.')) && !strchr(b, 'e')) {
		for (e = b + strlen(b); e > dot + 1 && e[-1] == '0'; e--)
			;
		if (e == dot + 1)
			e = dot;
		*e = '\0';
	}
	if (strcmp(b, "-0") == 0)
		strcpy(b, "0");
}

/* The step of u to show values up to max in. */
static const struct scale *
scalefor(enum unit u, double max)
{
	const struct scale *s;
	int i, n;

	s = steps(u, &n);
	max = fabs(max);
	for (i = n - 1; i > 0; i--)
		if (max >= s[i].div * 0.9995)
			break;
	return &s[i];
}

/* v for a person: "16.6 ms", "128 KiB", "8.12%", "1568". */
static const char *
human(char *b, size_t n, double v, enum unit u)
{
	const struct scale *s = scalefor(u, v);
	char d[32];

	if (u == U_NONE && v == floor(v) && fabs(v) < 1e7) {
		snprintf(b, n, "%.0f", v);
		return b;
	}
	if (fabs(v) / s->div >= 1e6) {	/* beyond the largest step */
		sig3(b, n, v);
		return b;
	}
	sig3(d, sizeof d, v / s->div);
	snprintf(b, n, "%s%s%s", d, *s->name && strcmp(s->name, "%") &&
	    u != U_NONE ? " " : "", s->name);
	return b;
}

static int
cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* A tick step of 1, 2 or 5 times a power of ten, for about five ticks
 * over span. */
static double
tickstep(double span)
{
	double raw = span / 5, mag, f;

	if (!(raw > 0))
		return 1;
	mag = pow(10, floor(log10(raw)));
	f = raw / mag;
	return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * mag;
}

/* ---- reading ---- */

static void *
grow(void *a, long *cap, long need, size_t size)
{
	long n = *cap ? *cap : 256;

	if (need <= *cap)
		return a;
	while (n < need)
		n *= 2;
	a = np_realloc(a, (size_t)n * size);
	*cap = n;
	return a;
}

static int
column(const struct tsv *t, const char *name)
{
	int i;

	for (i = 0; i < t->ncol; i++)
		if (strcmp(t->name[i], name) == 0)
			return i;
	return -1;
}

/* The column of np-sum's value column names: value_column, or column as
 * np 0.1 headed it. */
static int
valuecolumn(const struct tsv *t)
{
	int c = column(t, "value_column");

	return c >= 0 ? c : column(t, "column");
}

/* np-cc -L's time of a layer: layer_ns, or ns as np 0.1 headed it. */
static const char *
layertime(const struct tsv *t)
{
	return column(t, "layer_ns") >= 0 ? "layer_ns" : column(t, "ns") >= 0 ?
	    "ns" : NULL;
}

/*
 * The columns that tell apart rows an np program writes for the same key
 * (np(7)): the physical core of np-gaps, np-stall and np-dma -s, the
 * stream of np-cc.  Without them two cores' GpSimd rows would be two bars
 * both labelled GpSimd.
 */
static const char *const identity[] = { "stream_id", "pcore_idx", NULL };

/* The key columns, unless -k named them: names, then those of identity
 * the header has and names do not. */
static void
setkeys(struct plot *p, const struct tsv *t, const char *const *names,
    int n)
{
	const char *const *id;
	int i;

	if (p->keyset)
		return;
	for (i = 0; i < n; i++)
		p->key[i] = np_strdup(names[i]);
	for (id = identity; *id && n < MAXKEYS - 1; id++) {
		if (column(t, *id) < 0)
			continue;
		for (i = 0; i < n && strcmp(p->key[i], *id) != 0; i++)
			;
		if (i == n)
			p->key[n++] = np_strdup(*id);
	}
	p->nkey = n;
}

static void
setvals(struct plot *p, const char *const *names, int n)
{
	int i;

	if (p->valset)
		return;
	for (i = 0; i < n; i++)
		p->val[i] = np_strdup(names[i]);
	p->nval = n;
}

/* The columns before column c, as keys. */
static void
keysbefore(struct plot *p, const struct tsv *t, int c, int also)
{
	const char *names[MAXKEYS];
	int i, n = 0;

	for (i = 0; i < c && n < MAXKEYS - 2; i++)
		names[n++] = t->name[i];
	if (also >= 0)
		names[n++] = t->name[also];
	setkeys(p, t, names, n);
}

/*
 * The tables of np programs that np-plot draws no picture of, told by
 * their header: lists of events, a bar each, would be thousands of bars
 * in no useful order, and np-sum's metrics each have a unit of their
 * own, which no one axis draws.  Each names the mode and what to draw.
 */
static const struct {
	const char *cols[4];	/* all in the header */
	const char *what, *instead;
} nopicture[] = {
	{ { "gap_start", "gap_end", "gap_ns" }, "np-gaps' gaps, one row "
	    "each", "draw np-gaps -U or -B" },
	{ { "event", "cc_core", "start_ts" }, "np-cc's events, one row each",
	    "draw np-cc -G, -L or -K" },
	{ { "queue_name", "transfer_bytes", "start_ts" }, "np-dma's "
	    "transfers, one row each", "draw np-dma -s, -H or -S" },
	{ { "start_ts", "end_ts", "opcode" }, "np-trace's instructions, one "
	    "row each", "draw a summary, such as np-sum -H -g engine -v "
	    "duration_ns of them" },
	{ { "rule", "finding" }, "np-sum -i's findings, which are sentences",
	    "read them as text" },
	{ { "profile", "key", "value" }, "np-sum's metrics, each in a unit "
	    "of its own", "draw np-sum -w (or -dw) of several profiles" },
};

static void
refuse(const struct tsv *t)
{
	size_t i;
	int k;

	/* np-sum -w of one profile: its metrics, a column of them. */
	if (t->ncol == 2 && strcmp(t->name[0], "key") == 0)
		np_die_at(t->in->name, t->line, 0, "no picture of np-sum -w's "
		    "metrics of one profile, each in a unit of its own: draw "
		    "np-sum -w (or -dw) of several profiles, or choose columns "
		    "with -P, -k and -v");
	for (i = 0; i < sizeof nopicture / sizeof nopicture[0]; i++) {
		for (k = 0; k < 4 && nopicture[i].cols[k]; k++)
			if (column(t, nopicture[i].cols[k]) < 0)
				break;
		if (k < 4 && nopicture[i].cols[k])
			continue;
		np_die_at(t->in->name, t->line, 0, "no picture of %s: "
		    "%s, or choose columns with -P, -k and -v",
		    nopicture[i].what, nopicture[i].instead);
	}
}

/*
 * np-bound's bounds: a bar of time_ns each, keyed by family and bound (and
 * profile, with several: first, and the profiles' bars of a bound put side
 * by side); of -w's table, a bar for each profile's column, side by side,
 * the columns change_ns and change_ratio not drawn.  The bound
 * perfect_pipeline, and the row bottleneck, are drawn with the engine.
 */
static void
boundkeys(struct plot *p, const struct tsv *t)
{
	const char *names[4];
	int n = 0, c;

	if (p->keyset || p->valset)
		return;		/* the columns the options name */
	p->isbound = 1;
	if (column(t, "profile") == 0) {
		names[n++] = "profile";
		p->interleave = 1;
	}
	names[n++] = "family";
	p->boundpart = n;
	names[n++] = "bound";
	if (column(t, "time_ns") < 0) {
		p->melt = 1;
		p->mfirst = column(t, "family") + 1;
		c = column(t, "change_ns");
		p->mlast = (c > p->mfirst ? c : t->ncol) - 1;
		names[n++] = "profile";
	}
	setkeys(p, t, names, n);
}

/* The kind of chart and its columns, from the first file's header, for
 * what the options left open. */
static void
decide(struct plot *p, const struct tsv *t)
{
	const char *names[MAXVALS];
	int i, c;

	if (!p->kindset && !p->keyset && !p->valset)
		refuse(t);
	if (!p->kindset) {
		if (column(t, "bucket_start_ns") >= 0)
			p->kind = K_HEAT;
		else if (column(t, "bucket_lo") >= 0 &&
		    column(t, "bucket_hi") >= 0)
			p->kind = K_HIST;
		else if (column(t, "first_start_ts") >= 0 &&
		    column(t, "median_start_ts") >= 0 &&
		    column(t, "last_start_ts") >= 0)
			p->kind = K_SPREAD;
		else if (t->ncol >= 3 && strcmp(t->name[0], "key") == 0 &&
		    column(t, "value") < 0)
			p->kind = K_SPREAD;	/* np-sum -w */
		else
			p->kind = K_BAR;
	}
	switch (p->kind) {
	case K_HEAT:
		p->xname = "bucket_start_ns";
		if (column(t, "pcore_idx") >= 0 || column(t, "nc") >= 0) {
			names[0] = column(t, "pcore_idx") >= 0 ? "pcore_idx" :
			    "nc";
			names[1] = "engine";
			setkeys(p, t, names, 2);
		} else {
			names[0] = column(t, "engine") >= 0 ? "engine" :
			    t->name[0];
			setkeys(p, t, names, 1);
		}
		names[0] = column(t, "busy_share") >= 0 || column(t,
		    "busy_ns") < 0 ? "busy_share" : "busy_ns";
		setvals(p, names, 1);
		break;
	case K_HIST:
		c = column(t, "bucket_lo");
		keysbefore(p, t, c < 0 ? 0 : c, -1);
		names[0] = column(t, "count") >= 0 || column(t,
		    "transfers") < 0 ? "count" : "transfers";
		setvals(p, names, 1);
		break;
	case K_SPREAD:
		if (column(t, "first_start_ts") >= 0) {
			/* np-cc -K: each collective, and who came last. */
			names[0] = column(t, "n") >= 0 ? "n" : t->name[0];
			names[1] = "latest";
			setkeys(p, t, names, column(t, "latest") >= 0 ? 2 : 1);
			names[0] = "first_start_ts";
			names[1] = "median_start_ts";
			names[2] = "last_start_ts";
			setvals(p, names, 3);
			break;
		}
		names[0] = t->name[0];
		setkeys(p, t, names, 1);
		for (i = 1; i < t->ncol; i++)
			names[i - 1] = t->name[i];
		setvals(p, names, t->ncol > 1 ? t->ncol - 1 : 1);
		if (t->ncol == 1)
			p->val[0] = np_strdup("value");
		break;
	default:
		if (column(t, "busy_share") >= 0 && column(t, "span_ns") >= 0) {
			names[0] = "engine";	/* np-gaps -u */
			setkeys(p, t, names, 1);
			names[0] = "busy_share";
		} else if (column(t, "bandwidth_gb_per_s") >= 0) {
			names[0] = "queue_name";	/* np-dma -s */
			setkeys(p, t, names, 1);
			names[0] = "bandwidth_gb_per_s";
		} else if (column(t, "layer") >= 0 && layertime(t)) {
			names[0] = "rank";		/* np-cc -L */
			names[1] = "cc_core";
			names[2] = "layer";
			setkeys(p, t, names, 3);
			names[0] = layertime(t);
			if (!p->keyset)
				p->skiptotal = 3;
		} else if (column(t, "n") >= 0 && column(t, "gap_ns") >= 0 &&
		    column(t, "rank") >= 0) {
			names[0] = "rank";		/* np-cc -G */
			names[1] = "cc_core";
			names[2] = "n";
			setkeys(p, t, names, 3);
			names[0] = "gap_ns";
		} else if (column(t, "skinny_dmas") >= 0) {
			names[0] = "source_location";	/* np-dma -S */
			setkeys(p, t, names, 1);
			names[0] = "skinny_dmas";
		} else if ((column(t, "bound") == 0 || (column(t, "bound") == 1
		    && column(t, "profile") == 0)) && column(t, "family") >= 0) {
			boundkeys(p, t);		/* np-bound */
			names[0] = "time_ns";
		} else if (column(t, "variable") >= 0 &&
		    column(t, "direction") >= 0 && column(t, "bytes") >= 0) {
			names[0] = "src";		/* np-bound -D */
			names[1] = "variable";
			names[2] = "direction";
			setkeys(p, t, names, 3);
			names[0] = "bytes";
		} else if (column(t, "what") == 0 && column(t, "variable") >= 0 &&
		    column(t, "type") >= 0 && column(t, "bytes") >= 0) {
			names[0] = "what";		/* np-bound -X */
			names[1] = "src";
			names[2] = "variable";
			names[3] = "type";
			setkeys(p, t, names, 4);
			names[0] = "bytes";
		} else if (column(t, "matmuls") >= 0 && column(t, "K") >= 0 &&
		    column(t, "flops") >= 0) {
			names[0] = "src";		/* np-bound -I */
			names[1] = "K";
			names[2] = "M";
			names[3] = "N";
			setkeys(p, t, names, 4);
			names[0] = "flops";
		} else if (column(t, "transposes") == 1 &&
		    column(t, "src") == 0) {
			names[0] = "src";		/* np-bound -T */
			setkeys(p, t, names, 1);
			names[0] = "transposes";
		} else if ((c = valuecolumn(t)) >= 0 &&
		    column(t, "p50") >= 0 && column(t, "sum") >= 0) {
			keysbefore(p, t, c, c);		/* np-sum -g */
			names[0] = "sum";
		} else if ((c = column(t, "instructions")) > 0 &&
		    c + 2 < t->ncol) {
			keysbefore(p, t, c, -1);	/* np-stall */
			names[0] = t->name[c + 2];
		} else {
			names[0] = t->name[0];
			setkeys(p, t, names, 1);
			names[0] = t->ncol > 1 ? t->name[1] : "value";
		}
		setvals(p, names, 1);
	}
	if (p->kind != K_SPREAD && p->nval > 1) {
		np_warn("-v: a %s chart draws one column, given %d",
		    kindname[p->kind], p->nval);
		np_usage(synopsis);
	}
	if (p->withfile) {
		/* Several files: which one a row came from is a key part
		 * of its own, first, so that the same key in two files is
		 * two bars (or histograms, strips) told apart. */
		memmove(p->key + 1, p->key, (size_t)p->nkey * sizeof p->key[0]);
		p->key[0] = np_strdup("file");
		p->nkey++;
		if (p->skiptotal)
			p->skiptotal++;
		p->boundpart++;
	}
	p->decided = 1;
}

static void
header_names(char *buf, size_t n, const struct tsv *t)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < t->ncol && len + 1 < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s",
		    i ? " " : "", t->name[i]);
}

static int
need(const struct tsv *t, const char *name, const char *what)
{
	char names[1024];
	int c;

	if ((c = column(t, name)) >= 0)
		return c;
	header_names(names, sizeof names, t);
	np_die_at(t->in->name, t->line, 0, "no column '%s' (%s), the header "
	    "has: %s", name, what, names);
}

/* This file's columns for the names chosen. */
static void
resolve(struct plot *p, const struct tsv *t)
{
	int i;

	for (i = 0; i < p->nkey; i++)
		p->kc[i] = p->withfile && i == 0 ? FILEKEY : p->melt &&
		    i == p->nkey - 1 ? MELTKEY : need(t, p->key[i],
		    p->keyset ? "-k" : "a key");
	for (i = 0; i < p->nval; i++)
		p->vc[i] = p->melt ? p->mfirst : need(t, p->val[i],
		    p->valset ? "-v" : "the value");
	p->boundc = column(t, "bound");
	p->enginec = column(t, "engine");
	p->xc = p->loc = p->hic = p->unitc = -1;
	if (p->kind == K_HEAT)
		p->xc = need(t, p->xname, "the bucket start");
	if (p->kind == K_HIST) {
		p->loc = need(t, "bucket_lo", "a bucket's lower bound");
		p->hic = need(t, "bucket_hi", "a bucket's upper bound");
		/* np-sum -H names the column its buckets hold; np-dma -H
		 * counts transfers by bytes. */
		p->unitc = valuecolumn(t);
		p->fileunit = column(t, "transfers") >= 0 ? U_BYTES : U_NONE;
	}
}

/* Field i as a number in *d: 1, 0 when it is empty, -1 when it is text. */
static int
number(struct tsv *t, int i, double *d)
{
	size_t n;

	if (tsv_missing(t, i))
		return 0;
	n = tsv_cell(t, i);
	return num_f64(t->f[i], n, d) && isfinite(*d) ? 1 : -1;
}

static _Noreturn void
notnumber(struct tsv *t, int i)
{
	char shown[TSV_SHOWN];

	np_die_at(t->in->name, tsv_fieldline(t, i), tsv_fieldcol(t, i),
	    "expected a number in column '%s', found '%s'", t->name[i],
	    tsv_shown(shown, t->f[i], t->len[i], 60));
}

/*
 * A time of day in field i, as ns after the first one read (p->base):
 * whole ns exactly, whatever their size.  As number, but text is an
 * error but in a spread.
 */
static int
timenumber(struct plot *p, struct tsv *t, int i, double *d)
{
	int64_t v;
	size_t n;

	if (tsv_missing(t, i))
		return 0;
	n = tsv_cell(t, i);
	if (num_i64(t->f[i], n, &v)) {
		if (!p->hasbase) {
			p->base = v;
			p->hasbase = 1;
		}
		/* v - base, unless it overflows. */
		if (!(p->base > 0 && v < INT64_MIN + p->base) &&
		    !(p->base < 0 && v > INT64_MAX + p->base)) {
			*d = (double)(v - p->base);
			return 1;
		}
	}
	if (!num_f64(t->f[i], n, d) || !isfinite(*d)) {
		if (p->kind != K_SPREAD)
			notnumber(t, i);
		return -1;
	}
	if (!p->hasbase) {
		p->base = num_inint64(*d) ? (int64_t)*d : 0;
		p->hasbase = 1;
	}
	*d -= (double)p->base;
	return 1;
}

/* Appends the row's key parts to the labels, SEP between them: a missing
 * one as nothing, an empty string as EMPTYSTR alone (a byte of a key that
 * is SEP or EMPTYSTR is kept as '?'). */
static void
addlabel(struct plot *p, struct tsv *t, struct row *r)
{
	static char emptystr[] = { EMPTYSTR, '\0' };
	size_t n, k, start;
	long cap = (long)p->labcap;
	char *s;
	int i;

	r->lab = start = p->lablen;
	for (i = 0; i < p->nkey; i++) {
		if (i == p->boundpart && p->keytext) {
			s = (char *)p->keytext;
			n = strlen(s);
		} else if (p->kc[i] == MELTKEY) {
			s = t->name[p->mcol];
			n = strlen(s);
		} else 		if (p->kc[i] == FILEKEY) {
			s = (char *)t->in->name;
			n = strlen(s);
		} else {
			n = tsv_cell(t, p->kc[i]);
			s = t->f[p->kc[i]];
			if (n == 0 && !tsv_missing(t, p->kc[i])) {
				s = emptystr;
				n = 1;
			}
		}
		if (n > LABELMAX - 1)
			n = LABELMAX - 1;
		if (p->nrow == 0) {
			memcpy(p->first[i], s, n);
			p->firstlen[i] = n;
		} else if (n != p->firstlen[i] || memcmp(s, p->first[i], n))
			p->varies[i] = 1;
		p->labels = grow(p->labels, &cap, (long)(p->lablen + n + 1),
		    1);
		p->labcap = (size_t)cap;
		if (i)
			p->labels[p->lablen++] = SEP;
		for (k = 0; k < n; k++)
			p->labels[p->lablen++] = s == emptystr ? EMPTYSTR :
			    s[k] == SEP || s[k] == EMPTYSTR ? '?' : s[k];
	}
	r->lablen = p->lablen - start;
	if (r->lablen > LABELMAX) {
		r->lablen = LABELMAX;
		/* Not in the middle of a character. */
		while (r->lablen > 0 && (p->labels[r->lab + r->lablen] &
		    0xc0) == 0x80)
			r->lablen--;
		p->lablen = r->lab + r->lablen;
	}
}

static const char *
label(const struct plot *p, const struct row *r, size_t *n)
{
	*n = r->lablen;
	return p->labels + r->lab;
}

/* The group of a row with this label: hist and heat draw one each. */
static int
group(struct plot *p, const struct row *r)
{
	const struct row *g;
	int i;

	for (i = 0; i < p->ngrp; i++) {
		g = &p->row[p->grp[i]];
		if (g->lablen == r->lablen && (r->lablen == 0 ||
		    memcmp(p->labels + g->lab, p->labels + r->lab,
		    r->lablen) == 0))
			return i;
	}
	if (p->ngrp == MAXGROUPS)
		np_die("more than %d keys to draw: np-plot draws at most %d",
		    MAXGROUPS, MAXGROUPS);
	p->grp[p->ngrp] = p->nrow;
	return p->ngrp++;
}

static void
addval(struct plot *p, double v)
{
	p->vals = grow(p->vals, &p->valcap, p->nvals + 1, sizeof(double));
	p->vals[p->nvals++] = v;
}

/* Whether field i names one of np-cc -L's summary rows. */
static int
summaryrow(struct tsv *t, int i)
{
	static const char *const names[] = { "total", "mean", "median",
	    "min", "max", NULL };
	const char *const *s;
	size_t n = tsv_cell(t, i);

	for (s = names; *s; s++)
		if (strlen(*s) == n && memcmp(t->f[i], *s, n) == 0)
			return 1;
	return 0;
}

/* One input row: 1 if kept. */
static int
readrow(struct plot *p, struct tsv *t)
{
	struct row *r;
	double d, lo, hi;
	size_t n;
	int i, k, got = 0, text = -1;

	p->row = grow(p->row, &p->rowcap, p->nrow + 1, sizeof *p->row);
	r = &p->row[p->nrow];
	memset(r, 0, sizeof *r);
	if ((k = p->skiptotal - 1) >= 0 && summaryrow(t, p->kc[k]))
		return 0;
	r->v = p->nvals;
	switch (p->kind) {
	case K_HIST:
		k = number(t, p->loc, &lo) + 2 * number(t, p->hic, &hi);
		if (k == 0)
			return 0;	/* np-sum -H's totals row */
		if (k != 3) {
			i = number(t, p->loc, &lo) != 1 ? p->loc : p->hic;
			if (tsv_missing(t, i))
				np_die_at(t->in->name, t->line, 0, "a bucket "
				    "row without %s", t->name[i]);
			notnumber(t, i);
		}
		r->x = lo;
		r->hi = hi;
		r->unit = p->fileunit;
		if (p->unitc >= 0) {
			n = tsv_cell(t, p->unitc);
			t->f[p->unitc][n] = '\0';
			r->unit = unitof(t->f[p->unitc]);
		}
		break;
	case K_HEAT:
		if (!timenumber(p, t, p->xc, &r->x))
			np_die_at(t->in->name, t->line, 0, "a bucket row "
			    "without %s", p->xname);
		break;
	default:
		break;
	}
	for (i = 0; i < p->nval; i++) {
		k = unitof(p->val[i]) == U_TS ? timenumber(p, t, p->vc[i], &d) :
		    number(t, p->vc[i], &d);
		if (k < 0 && p->kind != K_SPREAD)
			notnumber(t, p->vc[i]);
		if (k < 0 && text < 0)
			text = p->vc[i];
		got += k > 0;
		if (p->nvals + p->nval - i > MAXCELLS)
			np_die_at(t->in->name, t->line, 0, "more than %ld "
			    "values to draw: np-plot keeps at most %ld",
			    MAXCELLS, MAXCELLS);
		addval(p, k > 0 ? d : NAN);
	}
	if (got == 0) {
		p->nvals = r->v;
		note_add(&p->notes, text >= 0 ? "rows without a number "
		    "skipped" : "rows without a value skipped", 1,
		    t->in->name, t->line);
		return 0;
	}
	if (text >= 0)
		notnumber(t, text);
	r->nv = p->nval;
	r->file = t->in->name;
	r->line = t->line;
	addlabel(p, t, r);
	if (p->kind == K_HIST || p->kind == K_HEAT)
		r->grp = group(p, r);
	return 1;
}

/* The engines np-bound names, and its rows of their active times. */
static const char *const boundeng[][2] = {
	{ "Tensor", "tensor_engine_active_time" },
	{ "Vector", "vector_engine_active_time" },
	{ "Scalar", "scalar_engine_active_time" },
	{ "GpSimd", "gpsimd_engine_active_time" },
	{ "DMA", "dma_active_time" },
};
#define NBOUNDENG (int)(sizeof boundeng / sizeof boundeng[0])

static int
cellis(struct tsv *t, int c, const char *s)
{
	size_t n = tsv_cell(t, c);

	return n == strlen(s) && memcmp(t->f[c], s, n) == 0;
}

/* The index in boundeng of the engine named in cell c, or of the active
 * time the bound in it names (col 1); -1 for none. */
static int
boundengine(struct tsv *t, int c, int col)
{
	int e;

	for (e = 0; e < NBOUNDENG && !cellis(t, c, boundeng[e][col]); e++)
		;
	return e < NBOUNDENG ? e : -1;
}

/* A bar of value v for the row, its label as the keys give it. */
static void
boundbar(struct plot *p, struct tsv *t, double v)
{
	struct row *r;

	if (p->nrow == MAXROWS)
		np_die_at(t->in->name, t->line, 0, "more than %d rows to draw: "
		    "np-plot keeps at most %d", MAXROWS, MAXROWS);
	p->row = grow(p->row, &p->rowcap, p->nrow + 1, sizeof *p->row);
	r = &p->row[p->nrow];
	memset(r, 0, sizeof *r);
	r->v = p->nvals;
	addval(p, v);
	r->nv = 1;
	r->file = t->in->name;
	r->line = t->line;
	addlabel(p, t, r);
	p->nrow++;
}

/*
 * An np-bound row: its bar, or with -w one a profile column, each column's
 * bottleneck drawn with its engine and that engine's active time (read
 * in an earlier row).
 */
static void
boundrows(struct plot *p, struct tsv *t)
{
	static char text[LABELMAX];
	size_t n;
	int c, e, b, bn, pp;
	double d;

	bn = cellis(t, p->boundc, "bottleneck");
	pp = cellis(t, p->boundc, "perfect_pipeline");
	if (!p->melt) {
		if ((bn || pp) && p->enginec >= 0 &&
		    (n = tsv_cell(t, p->enginec)) > 0) {
			snprintf(text, sizeof text, "%s %.*s", bn ?
			    "bottleneck" : "perfect_pipeline", (int)n,
			    t->f[p->enginec]);
			p->keytext = text;
		}
		if (p->nrow == MAXROWS)
			np_die_at(t->in->name, t->line, 0, "more than %d rows "
			    "to draw: np-plot keeps at most %d", MAXROWS,
			    MAXROWS);
		p->nrow += readrow(p, t);
		p->keytext = NULL;
		return;
	}
	e = boundengine(t, p->boundc, 1);
	for (c = p->mfirst; c <= p->mlast; c++) {
		p->mcol = c;
		if (e >= 0)
			p->engtime[e][c - p->mfirst] = number(t, c, &d) == 1 ?
			    d : NAN;
		if (!bn) {
			p->vc[0] = c;
			if (p->nrow == MAXROWS)
				np_die_at(t->in->name, t->line, 0, "more than "
				    "%d rows to draw: np-plot keeps at most %d",
				    MAXROWS, MAXROWS);
			p->nrow += readrow(p, t);
			continue;
		}
		if ((b = boundengine(t, c, 0)) < 0 ||
		    isnan(p->engtime[b][c - p->mfirst])) {
			note_add(&p->notes, "rows without a number skipped", 1,
			    t->in->name, t->line);
			continue;
		}
		snprintf(text, sizeof text, "bottleneck %s", boundeng[b][0]);
		p->keytext = text;
		boundbar(p, t, p->engtime[b][c - p->mfirst]);
		p->keytext = NULL;
	}
}

static void
readfile(struct plot *p, const char *file)
{
	static const char what[] = "TSV or CSV with a header line";
	struct src in;
	struct tsv t;
	char *line;
	long lineno;
	int fmt;

	memset(&in, 0, sizeof in);
	memset(&t, 0, sizeof t);
	src_open(&in, file);
	fmt = rd_sniff(&in, what, what, 0, &line, &lineno);
	if (fmt == SRC_JSON)
		np_die_at(file, lineno, 1, "expected %s, found JSON (np-plot "
		    "draws the TSV the np programs write)", what);
	at_open(&t, &in, fmt == SRC_CSV ? ',' : '\t', &p->notes);
	if (!p->decided)
		decide(p, &t);
	resolve(p, &t);
	while (tsv_next(&t)) {
		if (p->nrow == MAXROWS)
			np_die_at(file, t.line, 0, "more than %d rows to draw: "
			    "np-plot keeps at most %d", MAXROWS, MAXROWS);
		if (p->isbound)
			boundrows(p, &t);
		else
			p->nrow += readrow(p, &t);
	}
	at_end(&t, &p->notes);
	free(t.hdr);
	src_close(&in);
	free(in.buf);
}

/* ---- what the charts share ---- */

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
static size_t
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
static size_t
showlabel(const struct plot *p, const struct row *r, char *buf)
{
	return showfit(p, r, buf, (size_t)-1);
}

/* The chart's title: what is drawn by what, and the key parts that are
 * the same in every row. */
static size_t
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
static size_t
restnote(const struct plot *p, char *b, size_t n, const char *most)
{
	int len = snprintf(b, n, "(%ld more rows, each %sat most %s, not "
	    "drawn: -N 0 draws all)", p->nrest, p->kind == K_SPREAD ?
	    "spread " : "", most);

	return len < 0 ? 0 : (size_t)len < n ? (size_t)len : n - 1;
}

static void
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

static void
svgtitle(const char *s, size_t n)
{
	pf("<text class=\"t\" x=\"10\" y=\"20\">");
	xmltext(s, n);
	pf("</text>\n");
}

static void
svgend(void)
{
	pf("</svg>\n");
}

/* A value's axis from lo to hi at x0..x1 px, at y. */
static void
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

/* ---- bars: one a row, or one a histogram bin ---- */

struct bar {
	const struct row *row;	/* its label's row, or NULL: lab */
	char lab[64];		/* a histogram bin's bounds */
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

/* A bin's label: "4 B–7 B". */
static void
binlabel(struct bar *b, double lo, double hi, enum unit u)
{
	char l[64], h[64];

	human(l, sizeof l, lo, u);
	human(h, sizeof h, hi, u);
	b->n = (size_t)snprintf(b->lab, sizeof b->lab, "%s\xe2\x80\x93%s", l,
	    h);
}

/*
 * A histogram's bars: a bar a bucket, in order of their bounds; more than
 * MAXBINS buckets (np-sum's are 2% wide) are merged into MAXBINS bins of
 * equal width on a log scale, a bucket going to the bin of its lower bound
 * (buckets at or below 0 to a bin of their own).
 */
static void
histbars(struct plot *p, struct bars *bs, int g, struct row **rs)
{
	double lo = INFINITY, hi = -INFINITY, ratio, *bin, nonpos = 0;
	long i, n = 0;
	int k, anyneg = 0;
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
			binlabel(b, rs[i]->x, rs[i]->hi, u);
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
		bin[k < 0 ? 0 : k >= MAXBINS ? MAXBINS - 1 : k] +=
		    p->vals[rs[i]->v];
	}
	for (k = 0; k < MAXBINS; k++) {
		b = addbar(bs);
		binlabel(b, lo * exp(ratio * k), lo * exp(ratio * (k + 1)), u);
		b->v = bin[k];
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

static void
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

/* ---- heat strips ---- */

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

static void
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

static void
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

/* ---- spreads ---- */

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

/* Least, median and most of the row's values. */
static void
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

static void
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

static void
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

static void
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

/* ---- which rows are drawn ---- */

/* A row, and the hash of its label as drawn, for cmplabel under qsort:
 * the labels themselves would be a second copy of them all. */
struct lab {
	uint64_t h;
	long i;
};

static const struct plot *cmpplot;

/* Rows i and j by their label as drawn: 0 when alike. */
static int
samelabel(const struct plot *p, long i, long j)
{
	char x[LABELBUF], y[LABELBUF];
	size_t nx = showlabel(p, &p->row[i], x);
	size_t ny = showlabel(p, &p->row[j], y);
	int c = memcmp(x, y, nx < ny ? nx : ny);

	if (c == 0 && nx != ny)
		c = nx < ny ? -1 : 1;
	return c;
}

/* By hash, then by the labels (alike ones together), then by order. */
static int
cmplabel(const void *a, const void *b)
{
	const struct lab *x = a, *y = b;
	int c;

	if (x->h != y->h)
		return x->h < y->h ? -1 : 1;
	if ((c = samelabel(cmpplot, x->i, y->i)) != 0)
		return c;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* FNV-1a, 64 bits. */
static uint64_t
hash(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ULL;

	while (n-- > 0)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/*
 * Two bars or spreads with the same label would look like one thing
 * drawn twice (two physical cores' GpSimd): an error naming both rows,
 * the first such pair in the input.  Labels are compared as drawn, so
 * that parts joined by a space cannot make two keys look alike either.
 */
static void
distinct(struct plot *p)
{
	char buf[LABELBUF], text[TSV_SHOWN], keys[512];
	struct lab *ix;
	long i, a = -1, b = -1;
	size_t n, len = 0;
	int k;

	ix = np_malloc((size_t)p->nrow * sizeof *ix);
	for (i = 0; i < p->nrow; i++) {
		ix[i].i = i;
		ix[i].h = hash(buf, showlabel(p, &p->row[i], buf));
	}
	cmpplot = p;
	qsort(ix, (size_t)p->nrow, sizeof *ix, cmplabel);
	for (i = 1; i < p->nrow; i++)
		if (ix[i - 1].h == ix[i].h && samelabel(p, ix[i - 1].i,
		    ix[i].i) == 0 && (b < 0 || ix[i].i < b))
			a = ix[i - 1].i, b = ix[i].i;
	free(ix);
	if (b < 0)
		return;
	n = showlabel(p, &p->row[b], buf);
	keys[0] = '\0';
	for (k = 0; k < p->nkey && len + 1 < sizeof keys; k++)
		len += (size_t)snprintf(keys + len, sizeof keys - len, "%s%s",
		    k ? ", " : "", p->key[k]);
	np_die_at(p->row[b].file, p->row[b].line, 0, "the same label as "
	    "%s:%ld, '%s' (%s): name the columns that tell the rows apart "
	    "with -k", p->row[a].file, p->row[a].line,
	    tsv_shown(text, buf, n, 60), keys);
}

/* What ranks a row for -N: a bar's value; a spread's width (each row on
 * its own scale: as a part of its most). */
static double
measure(const struct plot *p, const struct spread *s, const struct row *r,
    double *tmp)
{
	double lo, mid, hi;
	int n;

	if (p->kind != K_SPREAD)
		return p->vals[r->v];
	rowstats(p, r, &lo, &mid, &hi, tmp, &n);
	if (s->mode == S_ROW)
		return hi > 0 ? (hi - lo) / hi : 0;
	return hi - lo;
}

static const double *cmpm;	/* for cmptop, under qsort */

/* The largest first, then in their order. */
static int
cmptop(const void *a, const void *b)
{
	long i = *(const long *)a, j = *(const long *)b;

	if (cmpm[i] != cmpm[j])
		return cmpm[i] > cmpm[j] ? -1 : 1;
	return i < j ? -1 : i > j;
}

/*
 * -N: at most top rows drawn, those of the largest values (spreads: the
 * widest), in the order of the input; how many are left out and the
 * largest among them are told below the picture.  Four hundred bars
 * are no picture, and no label is readable in them.
 */
static void
keeptop(struct plot *p)
{
	struct spread s;
	double *m, *tmp;
	long *ix, i, n = 0;
	char *keep;

	if (p->top == 0 || p->nrow <= p->top)
		return;
	m = np_malloc((size_t)p->nrow * sizeof *m);
	ix = np_malloc((size_t)p->nrow * sizeof *ix);
	keep = np_calloc((size_t)p->nrow, 1);
	tmp = np_malloc((size_t)p->nval * sizeof *tmp);
	if (p->kind == K_SPREAD)
		spreadmode(p, &s, tmp);
	for (i = 0; i < p->nrow; i++) {
		m[i] = measure(p, &s, &p->row[i], tmp);
		ix[i] = i;
	}
	cmpm = m;
	qsort(ix, (size_t)p->nrow, sizeof *ix, cmptop);
	for (i = 0; i < p->top; i++)
		keep[ix[i]] = 1;
	p->restmax = m[ix[p->top]];
	p->nrest = p->nrow - p->top;
	for (i = 0; i < p->nrow; i++)
		if (keep[i])
			p->row[n++] = p->row[i];
	p->nrow = n;
	free(m);
	free(ix);
	free(keep);
	free(tmp);
}

/* The label of row r without its key part k, in buf (LABELMAX bytes). */
static size_t
without(const struct plot *p, const struct row *r, int k, char *buf)
{
	const char *s = p->labels + r->lab, *e = s + r->lablen;
	size_t n = 0;
	int part = 0;

	for (; s < e; s++) {
		if (*s == SEP)
			part++;
		if (part != k && !(part == k + 1 && *s == SEP && k == 0))
			buf[n++] = *s;
	}
	return n;
}

/*
 * np-bound's rows of several profiles, each profile's bounds in turn:
 * put side by side, the profiles' bars of a bound together, bounds in
 * the order they first come, profiles in theirs (a stable order).
 */
static void
interleave(struct plot *p)
{
	char a[LABELMAX], b[LABELMAX];
	struct row *out;
	char *done;
	size_t na, nb;
	long i, j, n = 0;
	int k = p->withfile ? 1 : 0;

	out = np_malloc((size_t)p->nrow * sizeof *out);
	done = np_calloc((size_t)p->nrow, 1);
	for (i = 0; i < p->nrow; i++) {
		if (done[i])
			continue;
		na = without(p, &p->row[i], k, a);
		for (j = i; j < p->nrow; j++) {
			if (done[j])
				continue;
			nb = without(p, &p->row[j], k, b);
			if (na == nb && memcmp(a, b, na) == 0) {
				out[n++] = p->row[j];
				done[j] = 1;
			}
		}
	}
	memcpy(p->row, out, (size_t)n * sizeof *out);
	free(out);
	free(done);
}

/* ---- the program ---- */

/* COLUMNS, else the terminal's width, else 80; at least 40. */
static int
termwidth(void)
{
	const char *c = getenv("COLUMNS");
	long w = 0;
	char *end;

	if (c && *c) {
		w = strtol(c, &end, 10);
		if (*end)
			w = 0;
	}
#ifdef TIOCGWINSZ
	if (w <= 0) {
		struct winsize ws;
		if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0)
			w = ws.ws_col;
	}
#endif
	if (w <= 0)
		w = 80;
	return w < 40 ? 40 : w > 1000 ? 1000 : (int)w;
}

static void
cleanup(struct plot *p)
{
	int i;

	for (i = 0; i < p->nkey; i++)
		free(p->key[i]);
	for (i = 0; i < p->nval; i++)
		free(p->val[i]);
	free(p->row);
	free(p->vals);
	free(p->labels);
}

int
main(int argc, char **argv)
{
	static char *stdin_only[] = { "-", NULL };
	static struct plot p;
	struct np_cmd cmd = {
		.optstring = optstring, .synopsis = synopsis, .help = help,
		.longopts = longopts, .atdie = out_salvage,
	};
	const char *nc;
	char **files;
	int c, i, nfiles;

	np_start(&cmd, argc, argv);
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'P':
			for (i = 0; i < NKIND; i++)
				if (strcmp(optarg, kindname[i]) == 0)
					break;
			if (i == NKIND) {
				np_warn("-P: expected bar, hist, heat or "
				    "spread, found '%s'", optarg);
				np_usage(synopsis);
			}
			p.kind = (enum kind)i;
			p.kindset = 1;
			break;
		case 'k':
			for (i = 0; i < p.nkey; i++)
				free(p.key[i]);
			p.nkey = np_optlist("k", optarg, p.key, MAXKEYS - 1,
			    "columns");
			for (i = 0; i < p.nkey; i++)
				p.key[i] = np_strdup(p.key[i]);
			p.keyset = 1;
			break;
		case 'N':
			p.top = np_optnum("N", optarg, 0, MAXROWS);
			p.topset = 1;
			break;
		case 'o':
			if (strcmp(optarg, "svg") == 0)
				p.svg = 1;
			else if (strcmp(optarg, "term") == 0)
				p.svg = 0;
			else {
				np_warn("-o: expected term or svg, found '%s'",
				    optarg);
				np_usage(synopsis);
			}
			break;
		case 'v':
			for (i = 0; i < p.nval; i++)
				free(p.val[i]);
			p.nval = np_optlist("v", optarg, p.val, MAXVALS,
			    "columns");
			for (i = 0; i < p.nval; i++)
				p.val[i] = np_strdup(p.val[i]);
			p.valset = 1;
			break;
		}
	}
	if (!cmd.header) {
		np_warn("-n: a picture has no header line to leave out");
		np_usage(synopsis);
	}
	files = argc > optind ? argv + optind : stdin_only;
	nfiles = argc > optind ? argc - optind : 1;
	p.withfile = nfiles > 1;
	if (!p.topset)
		p.top = TOPROWS;
	for (i = 0; i < nfiles; i++) {
		if (src_isdir(files[i]))
			np_die("%s: a directory; np-plot draws TSV, such as "
			    "another np program writes", files[i]);
		readfile(&p, files[i]);
	}
	note_report(&p.notes);
	if (p.nrow == 0)
		np_die("%s: no rows to draw", files[nfiles - 1]);
	nc = getenv("NO_COLOR");
	p.color = !p.svg && isatty(STDOUT_FILENO) && !(nc && *nc);
	p.width = termwidth();
	if (p.interleave)
		interleave(&p);
	if (p.kind == K_BAR || p.kind == K_SPREAD) {
		distinct(&p);
		keeptop(&p);
	}
	if (p.kind == K_HEAT)
		p.svg ? svgheat(&p) : termheat(&p);
	else if (p.kind == K_SPREAD)
		p.svg ? svgspread(&p) : termspread(&p);
	else
		drawbars(&p);
	out_flush();
	cleanup(&p);
	return 0;
}
