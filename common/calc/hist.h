/*
 * hist: a mergeable log-bucketed histogram, for percentiles in bounded
 * memory.
 *
 * Bucket k holds the values v with GAMMA^(k-1) < |v| <= GAMMA^k, where
 * GAMMA = (1 + HIST_ALPHA) / (1 - HIST_ALPHA); zero has a bucket of its
 * own and negative values mirror the positive ones.  A percentile is
 * reported as its bucket's representative 2 GAMMA^k / (GAMMA + 1), whose
 * relative error is at most HIST_ALPHA (1%).  Bucket boundaries are fixed,
 * so histograms built on different machines merge exactly by adding counts.
 * Memory grows with what was seen: while few buckets hold a value, a
 * sorted list of them (8 bytes each, the bucket and its count); an array
 * of counts from the lowest to the highest (4 bytes each) only when that
 * is smaller, the buckets between being mostly in use (about 1,400 of
 * them for values spanning 1 to 1e12); counts of 8 bytes once there are
 * 2^32 values.
 */
#ifndef NP_HIST_H
#define NP_HIST_H

#include <stdint.h>

#define HIST_ALPHA 0.01

struct hist {
	void *b;		/* the list, or the counts */
	int32_t lo;		/* counts: the key of the first */
	int32_t nb;		/* pairs listed, or counts */
	int32_t cap;		/* the list's room */
	int32_t used;		/* buckets holding a value */
	int mode;		/* list, counts of 4 bytes, counts of 8 */
	int64_t zero;		/* count of exact zeros */
	int64_t n;		/* all values */
};

void hist_init(struct hist *h);
void hist_free(struct hist *h);
/* Adds count copies of v (v finite). */
void hist_add(struct hist *h, double v, int64_t count);
/* Adds count values to bucket k of sign (-1, 0 for zeros, 1). */
void hist_addk(struct hist *h, int sign, int k, int64_t count);
/* Adds h2's counts into h. */
void hist_merge(struct hist *h, const struct hist *h2);
/* Bucket index of |v| (v != 0). */
int hist_index(double v);
/* Boundaries of bucket k for positive values: (lo, hi]. */
void hist_bounds(int k, double *lo, double *hi);
/* The bucket of the rank-th smallest value (1 <= rank <= n): its index in
 * *k and its sign in *sign (-1, 0 for zeros, 1). */
void hist_rank(const struct hist *h, int64_t rank, int *k, int *sign);
/* The representative of bucket k: 2 GAMMA^k / (GAMMA + 1). */
double hist_rep(int k);
/* The representative of the nearest-rank q-quantile (0 < q <= 1): the
 * smallest bucket by which at least ceil(q n) values are counted.  NAN
 * when empty. */
double hist_quantile(const struct hist *h, double q);
/*
 * Visits the non-empty buckets in value order: sign is -1, 0 or 1; lo and
 * hi are the bucket's bounds (for zero both 0; for negatives [-hi, -lo)).
 */
void hist_each(const struct hist *h, void (*fn)(void *ctx, int sign,
    double lo, double hi, int64_t count), void *ctx);

#endif
