/*
 * pick: which of np-plot's rows are drawn (plot.h): the labels that
 * differ, the top -N, np-bound's profiles side by side.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "plot.h"

/* A row, and the hash of its label as drawn, for cmplabel under qsort:
 * the labels themselves would be a second copy of them all. */
struct lab {
	uint64_t h;
	long i;
};

/* What the comparators read, which qsort passes no context: the plot
 * (cmplabel) and each row's measure (cmptop).  Set just before each sort. */
static struct {
	const struct plot *plot;
	const double *m;
} sortby;

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
	if ((c = samelabel(sortby.plot, x->i, y->i)) != 0)
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
void
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
	sortby.plot = p;
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

/* The largest first, then in their order. */
static int
cmptop(const void *a, const void *b)
{
	long i = *(const long *)a, j = *(const long *)b;

	if (sortby.m[i] != sortby.m[j])
		return sortby.m[i] > sortby.m[j] ? -1 : 1;
	return i < j ? -1 : i > j;
}

/*
 * -N: at most top rows drawn, those of the largest values (spreads: the
 * widest), in the order of the input; how many are left out and the
 * largest among them are told below the picture.  Four hundred bars
 * are no picture, and no label is readable in them.
 */
void
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
	sortby.m = m;
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
void
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

