/*
 * read: np-plot's rows (plot.h), from TSV or CSV through the reading
 * layer's door (read/sniff.h, read/anytable.h): which chart and columns
 * the header asks for, each row's key and values kept, np-bound's rows of
 * engines.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/number.h"
#include "read/sniff.h"
#include "plot.h"

const char *const kindname[NKIND] = { "bar", "hist", "heat", "spread" };

void *
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
		np_usage(p->synopsis);
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

int
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

const char *
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

/*
 * A bucket's bounds as what it holds, so that its label is exact
 * (np-plot(1), hist): np-dma -H's sizes lo to hi, both included;
 * np-sum -H's values lo < v <= hi, negative ones lo <= v < hi, and a
 * value held exactly as both bounds.  Of whole numbers (times and byte
 * counts are: np(7); np-sum writes whole bounds only for a column of
 * them), a bucket is made [lo, hi), or its one value; of others the
 * bounds stay as np-sum wrote them, the closed side so.
 */
static void
histform(const struct plot *p, struct row *r)
{
	double lo = r->x, hi = r->hi, big = 9007199254740992.0;

	r->whole = (r->unit == U_NS || r->unit == U_TS ||
	    r->unit == U_BYTES || (lo == floor(lo) && hi == floor(hi))) &&
	    fabs(lo) < big && fabs(hi) < big;
	r->form = lo == hi ? HF_ONE : lo < 0 ? HF_LO : HF_HI;
	if (!r->whole || lo == hi) {
		if (r->whole && lo != floor(lo))
			r->whole = 0;	/* a time or size of a fraction */
		if (r->whole)
			r->hi = lo + 1;
		return;
	}
	if (p->fileunit == U_BYTES)	/* np-dma -H: both included */
		hi = hi + 1;
	else if (lo >= 0) {
		lo = floor(lo) + 1;
		hi = floor(hi) + 1;
	} else {
		lo = ceil(lo);
		hi = ceil(hi);
	}
	if (!(lo < hi)) {	/* no whole number: left as written */
		r->whole = 0;
		return;
	}
	r->x = lo;
	r->hi = hi;
	r->form = hi - lo == 1 ? HF_ONE : HF_LO;
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
		histform(p, r);
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

void
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
	/* Every reader's words: what it reads, and "text (...)" at a binary
	 * byte; a format np-plot does not draw is named. */
	if (src_isparquet(&in))
		np_die("%s: expected %s, found Parquet (np-plot draws the TSV "
		    "the np programs write)", file, what);
	fmt = rd_sniff(&in, "text (TSV or CSV with a header line)", what, 0,
	    &line, &lineno);
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

