#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "calc/hist.h"

#define GAMMA ((1 + HIST_ALPHA) / (1 - HIST_ALPHA))

static double lngamma;

void
hist_init(struct hist *h)
{
	memset(h, 0, sizeof *h);
	if (lngamma == 0)
		lngamma = log(GAMMA);
}

void
hist_free(struct hist *h)
{
	free(h->pos);
	free(h->neg);
	hist_init(h);
}

int
hist_index(double v)
{
	if (lngamma == 0)
		lngamma = log(GAMMA);
	return (int)ceil(log(fabs(v)) / lngamma);
}

void
hist_bounds(int k, double *lo, double *hi)
{
	if (lngamma == 0)
		lngamma = log(GAMMA);
	*lo = exp((k - 1) * lngamma);
	*hi = exp(k * lngamma);
}

/* Grows a dense bucket array so that it covers index k. */
static int64_t *
slot(int64_t **a, int *lo, int *n, int k)
{
	int nlo, nhi, nn;
	int64_t *na;

	if (*n && k >= *lo && k < *lo + *n)
		return &(*a)[k - *lo];
	nlo = *n ? (k < *lo ? k : *lo) : k;
	nhi = *n ? (k >= *lo + *n ? k + 1 : *lo + *n) : k + 1;
	/* Grow by a margin, so that a slowly widening range does not copy
	 * the array at every new bucket. */
	if (*n) {
		if (nlo < *lo)
			nlo -= 16;
		if (nhi > *lo + *n)
			nhi += 16;
	}
	nn = nhi - nlo;
	na = np_calloc((size_t)nn, sizeof *na);
	if (*n)
		memcpy(na + (*lo - nlo), *a, (size_t)*n * sizeof *na);
	free(*a);
	*a = na;
	*lo = nlo;
	*n = nn;
	return &na[k - nlo];
}

void
hist_add(struct hist *h, double v, int64_t count)
{
	if (v == 0)
		h->zero += count;
	else if (v > 0)
		*slot(&h->pos, &h->pos_lo, &h->pos_n, hist_index(v)) += count;
	else
		*slot(&h->neg, &h->neg_lo, &h->neg_n, hist_index(v)) += count;
	h->n += count;
}

void
hist_merge(struct hist *h, const struct hist *h2)
{
	int i;

	for (i = 0; i < h2->pos_n; i++)
		if (h2->pos[i])
			*slot(&h->pos, &h->pos_lo, &h->pos_n, h2->pos_lo + i)
			    += h2->pos[i];
	for (i = 0; i < h2->neg_n; i++)
		if (h2->neg[i])
			*slot(&h->neg, &h->neg_lo, &h->neg_n, h2->neg_lo + i)
			    += h2->neg[i];
	h->zero += h2->zero;
	h->n += h2->n;
}

static double
rep(int k)
{
	return 2 * exp(k * lngamma) / (GAMMA + 1);
}

double
hist_quantile(const struct hist *h, double q)
{
	int64_t rank, seen = 0;
	int i;

	if (h->n == 0)
		return NAN;
	rank = (int64_t)ceil(q * (double)h->n);
	if (rank < 1)
		rank = 1;
	for (i = h->neg_n - 1; i >= 0; i--)
		if ((seen += h->neg[i]) >= rank)
			return -rep(h->neg_lo + i);
	if ((seen += h->zero) >= rank)
		return 0;
	for (i = 0; i < h->pos_n; i++)
		if ((seen += h->pos[i]) >= rank)
			return rep(h->pos_lo + i);
	return rep(h->pos_lo + h->pos_n - 1);
}

void
hist_each(const struct hist *h, void (*fn)(void *, int, double, double,
    int64_t), void *ctx)
{
	double lo, hi;
	int i;

	for (i = h->neg_n - 1; i >= 0; i--)
		if (h->neg[i]) {
			hist_bounds(h->neg_lo + i, &lo, &hi);
			fn(ctx, -1, -hi, -lo, h->neg[i]);
		}
	if (h->zero)
		fn(ctx, 0, 0, 0, h->zero);
	for (i = 0; i < h->pos_n; i++)
		if (h->pos[i]) {
			hist_bounds(h->pos_lo + i, &lo, &hi);
			fn(ctx, 1, lo, hi, h->pos[i]);
		}
}

void
hist_rank(const struct hist *h, int64_t rank, int *k, int *sign)
{
	int64_t seen = 0;
	int i;

	for (i = h->neg_n - 1; i >= 0; i--)
		if ((seen += h->neg[i]) >= rank) {
			*k = h->neg_lo + i;
			*sign = -1;
			return;
		}
	*k = 0;
	*sign = 0;
	if ((seen += h->zero) >= rank)
		return;
	for (i = 0; i < h->pos_n; i++)
		if ((seen += h->pos[i]) >= rank) {
			*k = h->pos_lo + i;
			*sign = 1;
			return;
		}
	if (h->pos_n) {
		*k = h->pos_lo + h->pos_n - 1;
		*sign = 1;
	}
}

double
hist_rep(int k)
{
	if (lngamma == 0)
		lngamma = log(GAMMA);
	return rep(k);
}

void
hist_addk(struct hist *h, int sign, int k, int64_t count)
{
	if (sign == 0)
		h->zero += count;
	else if (sign > 0)
		*slot(&h->pos, &h->pos_lo, &h->pos_n, k) += count;
	else
		*slot(&h->neg, &h->neg_lo, &h->neg_n, k) += count;
	h->n += count;
}
