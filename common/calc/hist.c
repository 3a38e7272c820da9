#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "calc/hist.h"

#define GAMMA ((1 + HIST_ALPHA) / (1 - HIST_ALPHA))

/*
 * A bucket's key orders buckets as their values: bucket k of positive
 * values is k + KOFF, of negative ones -(k + KOFF), so that the keys of
 * negative values are below those of positive ones and a larger
 * magnitude is further from 0.  Every k of a finite double is within
 * (-KOFF, KOFF): |k| < 37,300.
 */
#define KOFF 65536
/* Margins the counts grow by, and past which they become a list again. */
#define MARGIN 16

enum { LIST, COUNTS, WIDE };

struct pair {
	int32_t key;
	uint32_t count;
};

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
	free(h->b);
	hist_init(h);
}

/*
 * A memo of recent values' buckets, by the value's bits: a bucket costs a
 * log, and the values a histogram is given repeat (durations, sizes in
 * bytes: a few thousand distinct ones over millions of rows).  What it
 * holds came from the log below, so the bucket is the same either way.
 */
#define MEMO 4096		/* a power of 2 */

static struct {
	uint64_t bits;
	int k;
} memo[MEMO];

int
hist_index(double v)
{
	uint64_t b;
	unsigned u;
	int k;

	memcpy(&b, &v, sizeof b);
	u = (unsigned)((b * 0x9e3779b97f4a7c15ULL) >> 52) & (MEMO - 1);
	if (memo[u].bits == b && b != 0)
		return memo[u].k;
	if (lngamma == 0)
		lngamma = log(GAMMA);
	k = (int)ceil(log(fabs(v)) / lngamma);
	memo[u].bits = b;
	memo[u].k = k;
	return k;
}

void
hist_bounds(int k, double *lo, double *hi)
{
	if (lngamma == 0)
		lngamma = log(GAMMA);
	*lo = exp((k - 1) * lngamma);
	*hi = exp(k * lngamma);
}

/* Position i's key and count (0: none held). */
static int64_t
at(const struct hist *h, int i, int32_t *key)
{
	if (h->mode == LIST) {
		*key = ((const struct pair *)h->b)[i].key;
		return ((const struct pair *)h->b)[i].count;
	}
	*key = h->lo + i;
	if (h->mode == COUNTS)
		return ((const uint32_t *)h->b)[i];
	return ((const int64_t *)h->b)[i];
}

/* Counts of w bytes (4 or 8) for keys lo to lo + n - 1, from h's. */
static void
recount(struct hist *h, int mode, int32_t lo, int32_t n)
{
	size_t w = mode == COUNTS ? 4 : 8;
	unsigned char *b;
	int64_t c;
	int32_t key;
	uint32_t c32;
	int i;

	b = np_calloc((size_t)n, w);
	for (i = 0; i < h->nb; i++) {
		if (!(c = at(h, i, &key)))
			continue;
		if (w == 4) {
			c32 = (uint32_t)c;
			memcpy(b + (size_t)(key - lo) * 4, &c32, 4);
		} else
			memcpy(b + (size_t)(key - lo) * 8, &c, 8);
	}
	free(h->b);
	h->b = b;
	h->mode = mode;
	h->lo = lo;
	h->nb = n;
	h->cap = 0;
}

/* The counts as a list again. */
static void
relist(struct hist *h)
{
	struct pair *l;
	int64_t c;
	int32_t key;
	int i, j;

	l = np_malloc((size_t)(h->used ? h->used : 1) * sizeof *l);
	for (i = j = 0; i < h->nb; i++)
		if ((c = at(h, i, &key))) {
			l[j].key = key;
			l[j++].count = (uint32_t)c;
		}
	free(h->b);
	h->b = l;
	h->mode = LIST;
	h->nb = h->cap = j;
}

/* Adds count to the bucket of key in the list: 1 when the bucket is new. */
static int
listadd(struct hist *h, int32_t key, int64_t count)
{
	struct pair *l = h->b;
	int a = 0, z = h->nb, m;

	while (a < z) {
		m = (a + z) / 2;
		if (l[m].key < key)
			a = m + 1;
		else
			z = m;
	}
	if (a < h->nb && l[a].key == key) {
		l[a].count += (uint32_t)count;
		return 0;
	}
	if (h->nb == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 4;
		l = np_realloc(l, (size_t)h->cap * sizeof *l);
		h->b = l;
	}
	memmove(l + a + 1, l + a, (size_t)(h->nb - a) * sizeof *l);
	l[a].key = key;
	l[a].count = (uint32_t)count;
	h->nb++;
	return 1;
}

/* Adds count to the bucket of key among the counts, which grow to hold it
 * (by a margin, so that a slowly widening range does not copy them at
 * every new bucket); 0 when they would then be more than twice the
 * buckets in use (the list is smaller), and nothing was added. */
static int
countadd(struct hist *h, int32_t key, int64_t count)
{
	int32_t lo = h->lo, hi = h->lo + h->nb;
	unsigned char *b;
	uint32_t c32;
	int64_t c;
	size_t w = h->mode == COUNTS ? 4 : 8;

	if (key < lo || key >= hi) {
		lo = key < lo ? key - MARGIN : lo;
		hi = key >= hi ? key + 1 + MARGIN : hi;
		if (h->mode == COUNTS && hi - lo > 2 * (h->used + 1) +
		    2 * MARGIN)
			return 0;
		recount(h, h->mode, lo, hi - lo);
	}
	b = (unsigned char *)h->b + (size_t)(key - h->lo) * w;
	if (w == 4) {
		memcpy(&c32, b, 4);
		h->used += c32 == 0;
		c32 += (uint32_t)count;
		memcpy(b, &c32, 4);
	} else {
		memcpy(&c, b, 8);
		h->used += c == 0;
		c += count;
		memcpy(b, &c, 8);
	}
	return 1;
}

/* Adds count values to the bucket of key. */
static void
add(struct hist *h, int32_t key, int64_t count)
{
	int32_t first, last;

	/* No count of 4 bytes can pass 2^32 - 1 while all of them do not. */
	if (h->mode != WIDE && (uint64_t)h->n + (uint64_t)count > UINT32_MAX) {
		if (h->mode == LIST && h->nb > 0) {
			at(h, 0, &first);
			at(h, h->nb - 1, &last);
			recount(h, WIDE, first, last - first + 1);
		} else if (h->mode == LIST)
			recount(h, WIDE, key, 1);
		else
			recount(h, WIDE, h->lo, h->nb);
	}
	if (h->mode != LIST && countadd(h, key, count))
		return;
	if (h->mode != LIST)
		relist(h);
	if (!listadd(h, key, count))
		return;
	h->used++;
	/* Counts when they take less room than the list: the buckets
	 * from the first to the last mostly in use. */
	at(h, 0, &first);
	at(h, h->nb - 1, &last);
	if (last - first + 1 <= 2 * h->used)
		recount(h, COUNTS, first, last - first + 1);
}

void
hist_addk(struct hist *h, int sign, int k, int64_t count)
{
	if (sign == 0)
		h->zero += count;
	else
		add(h, sign > 0 ? k + KOFF : -(k + KOFF), count);
	h->n += count;
}

void
hist_add(struct hist *h, double v, int64_t count)
{
	hist_addk(h, v == 0 ? 0 : v > 0 ? 1 : -1, v == 0 ? 0 : hist_index(v),
	    count);
}

void
hist_merge(struct hist *h, const struct hist *h2)
{
	int64_t c;
	int32_t key;
	int i;

	for (i = 0; i < h2->nb; i++)
		if ((c = at(h2, i, &key))) {
			add(h, key, c);
			h->n += c;
		}
	h->zero += h2->zero;
	h->n += h2->zero;
}

static double
rep(int k)
{
	return 2 * exp(k * lngamma) / (GAMMA + 1);
}

/* The sign and k of a key. */
static int
keyk(int32_t key, int *sign)
{
	*sign = key < 0 ? -1 : 1;
	return key < 0 ? -key - KOFF : key - KOFF;
}

void
hist_rank(const struct hist *h, int64_t rank, int *k, int *sign)
{
	int64_t seen = 0, c;
	int32_t key = 0, last = 0;
	int i, zero = 0;

	*k = 0;
	*sign = 0;
	for (i = 0; i < h->nb; i++) {
		if (!(c = at(h, i, &key)))
			continue;
		if (key > 0 && !zero) {
			zero = 1;
			if ((seen += h->zero) >= rank)
				return;
		}
		last = key;
		if ((seen += c) >= rank) {
			*k = keyk(key, sign);
			return;
		}
	}
	if (!zero && (seen += h->zero) >= rank)
		return;
	if (last > 0)	/* past the end: the largest bucket */
		*k = keyk(last, sign);
}

double
hist_quantile(const struct hist *h, double q)
{
	int64_t rank;
	int k, sign;

	if (h->n == 0)
		return NAN;
	rank = (int64_t)ceil(q * (double)h->n);
	if (rank < 1)
		rank = 1;
	hist_rank(h, rank, &k, &sign);
	return sign == 0 ? 0 : sign * rep(k);
}

void
hist_each(const struct hist *h, void (*fn)(void *, int, double, double,
    int64_t), void *ctx)
{
	double lo, hi;
	int64_t c;
	int32_t key;
	int i, k, sign, zero = 0;

	for (i = 0; i < h->nb; i++) {
		if (!(c = at(h, i, &key)))
			continue;
		if (key > 0 && !zero) {
			zero = 1;
			if (h->zero)
				fn(ctx, 0, 0, 0, h->zero);
		}
		k = keyk(key, &sign);
		hist_bounds(k, &lo, &hi);
		if (sign < 0)
			fn(ctx, -1, -hi, -lo, c);
		else
			fn(ctx, 1, lo, hi, c);
	}
	if (!zero && h->zero)
		fn(ctx, 0, 0, 0, h->zero);
}

double
hist_rep(int k)
{
	if (lngamma == 0)
		lngamma = log(GAMMA);
	return rep(k);
}
