#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "calc/hashtab.h"

#define BLOCK 65536		/* bytes of keys allocated at a time */

#define ENT(g, i) ((struct grp_ent *)(void *)((g)->rec + (size_t)(i) * (g)->stride))
#define VAL(g, i) ((g)->rec + (size_t)(i) * (g)->stride + sizeof(struct grp_ent))

_Static_assert(sizeof(struct grp_ent) == 16, "an entry's head is 16 bytes");

/* An entry and its value, in whole 8-byte words. */
static size_t
strideof(size_t valsize)
{
	return sizeof(struct grp_ent) + (valsize + 7) / 8 * 8;
}

/*
 * Eight bytes per step (FNV-1a took one, and was the group-by's hot spot),
 * then a final mix so that the low bits, which pick the slot, depend on
 * every byte.  Slots depend on the machine's byte order; nothing printed
 * does.
 */
size_t
grp_hash(const char *s, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ n, w;

	uint32_t a, b;

	/* The last word read whole, overlapping the one before it when the
	 * length is no multiple of 8 (every byte still goes in, and the
	 * length went in first): a copy of a varying length was a call. */
	if (n >= 8) {
		for (; n > 8; s += 8, n -= 8) {
			memcpy(&w, s, 8);
			h = (h ^ w) * 0xff51afd7ed558ccdULL;
			h ^= h >> 32;
		}
		memcpy(&w, s + n - 8, 8);
	} else if (n >= 4) {
		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		w = (uint64_t)a << 32 | b;
	} else
		w = n ? (uint64_t)(unsigned char)s[0] |
		    (uint64_t)(unsigned char)s[n / 2] << 8 |
		    (uint64_t)(unsigned char)s[n - 1] << 16 : 0;
	h = (h ^ w) * 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return (size_t)h;
}

void
grp_init(struct group *g, size_t valsize, long cap)
{
	memset(g, 0, sizeof *g);
	g->valsize = valsize;
	g->stride = strideof(valsize);
	g->cap = cap < 0xfffffffeL ? cap : 0xfffffffeL;
	g->nslots = 1024;
	g->slots = np_calloc(g->nslots, sizeof *g->slots);
}

void
grp_free(struct group *g)
{
	void *b, *next;

	for (b = g->blocks; b; b = next) {
		memcpy(&next, b, sizeof next);
		free(b);
	}
	free(g->rec);
	free(g->slots);
	memset(g, 0, sizeof *g);
}

static void
rehash(struct group *g)
{
	uint64_t *old = g->slots;
	size_t on = g->nslots, i, j, mask;

	g->nslots *= 2;
	mask = g->nslots - 1;
	g->slots = np_hugecalloc(g->nslots * sizeof *g->slots);
	for (i = 0; i < on; i++) {
		if (!old[i])
			continue;
		j = (size_t)(old[i] >> 32) & mask;
		while (g->slots[j])
			j = (j + 1) & mask;
		g->slots[j] = old[i];
	}
	free(old);
}

/* Room for n bytes of key: from the current block, or a new one (a key
 * longer than a block gets one of its own). */
static char *
keyspace(struct group *g, size_t n)
{
	size_t sz;
	char *b;

	if (n <= g->arenaleft) {
		b = g->arena;
		g->arena += n;
		g->arenaleft -= n;
		return b;
	}
	sz = n + sizeof(void *) > BLOCK ? n + sizeof(void *) : BLOCK;
	b = np_malloc(sz);
	memcpy(b, &g->blocks, sizeof(void *));
	g->blocks = b;
	g->arena = b + sizeof(void *) + n;
	g->arenaleft = sz - sizeof(void *) - n;
	return b + sizeof(void *);
}

static void
grow(struct group *g)
{
	long na = g->alloc ? g->alloc * 2 : 256;
	char *r;

	r = np_hugerealloc(g->rec, (size_t)g->alloc * g->stride,
	    (size_t)na * g->stride);
	g->rec = r;
	g->alloc = na;
}

void *
grp_get(struct group *g, const char *key, size_t len, int *isnew)
{
	return grp_geth(g, key, len, grp_hash(key, len), isnew);
}

void *
grp_geth(struct group *g, const char *key, size_t len, size_t hash,
    int *isnew)
{
	uint64_t h = hash, tag = h << 32, s;
	size_t mask = g->nslots - 1, i = (size_t)h & mask;
	struct grp_ent *en;
	char *k;
	long e;

	for (; (s = g->slots[i]); i = (i + 1) & mask) {
		if ((s & 0xffffffff00000000ULL) != tag)
			continue;
		e = (long)(uint32_t)s - 1;
		en = ENT(g, e);
		if (en->len == len && memcmp(grp_entkey(en), key, len) == 0) {
			if (isnew)
				*isnew = 0;
			return VAL(g, e);
		}
	}
	if (g->n == g->cap)
		return NULL;
	if (len > UINT32_MAX - 1)
		np_die("a key of more than 4 GiB");
	if (g->n == g->alloc)
		grow(g);
	e = g->n++;
	en = ENT(g, e);
	if (len <= GRP_INLINE)
		k = en->key;
	else {
		k = keyspace(g, len + 1);
		memcpy(en->key, &k, sizeof k);
	}
	memcpy(k, key, len);
	k[len] = '\0';
	en->len = (uint32_t)len;
	memset(VAL(g, e), 0, g->stride - sizeof *en);
	g->slots[i] = tag | (uint64_t)(e + 1);
	if ((size_t)g->n * 2 > g->nslots)
		rehash(g);
	if (isnew)
		*isnew = 1;
	return VAL(g, e);
}

void
grp_widen(struct group *g, size_t valsize)
{
	size_t old = g->stride, ns = strideof(valsize);
	char *r;
	long i;

	if (valsize <= g->valsize)
		return;
	if (g->alloc) {
		r = np_realloc(g->rec, (size_t)g->alloc * ns);
		/* From the last entry back, each moves up. */
		for (i = g->n - 1; i >= 0; i--) {
			memmove(r + (size_t)i * ns, r + (size_t)i * old, old);
			memset(r + (size_t)i * ns + old, 0, ns - old);
		}
		g->rec = r;
	}
	g->valsize = valsize;
	g->stride = ns;
}

const char *
grp_key(const struct group *g, long i, size_t *len)
{
	*len = ENT(g, i)->len;
	return grp_entkey(ENT(g, i));
}

long
grp_index(const struct group *g, const void *val)
{
	return (long)(((const char *)val - g->rec - sizeof(struct grp_ent)) /
	    g->stride);
}

int
grp_keycmp(const struct group *g, long i, long j)
{
	const struct grp_ent *a = ENT(g, i), *b = ENT(g, j);
	size_t li = a->len, lj = b->len;
	int c = memcmp(grp_entkey(a), grp_entkey(b), li < lj ? li : lj);

	return c ? c : (li > lj) - (li < lj);
}

/* qsort has no argument for its comparison: the one grp_sorted runs. */
static const struct group *sortg;
static int (*sortcmp)(const struct group *, long, long);

static int
byentry(const void *a, const void *b)
{
	return sortcmp(sortg, *(const long *)a, *(const long *)b);
}

/* A key's first 8 bytes as a number that orders as they do (zeros past
 * its end), beside its entry. */
struct pfx {
	uint64_t p;		/* what the radix sort orders by */
	uint32_t i;		/* the entry */
	uint32_t k;		/* the key's first 4 bytes, for runs of a score */
};
/* Room for the prefixes of g's keys (and one more: malloc(0) may be
 * NULL). */
#define PFXROOM(g) (((size_t)(g)->n + 1) * sizeof(struct pfx))
/* Room for them: a sort's passes go all over it. */
static struct pfx *
pfxroom(const struct group *g)
{
	return np_hugerealloc(NULL, 0, PFXROOM(g));
}
/* bykey leaves the order in the room of its scratch array. */
_Static_assert(sizeof(long) <= sizeof(struct pfx), "a long fits a pfx");

/*
 * Least significant byte first, stable.  The eight bytes' counts are taken
 * in one pass before any is moved (how many hold each byte value does not
 * change as they move): a byte that is the same in every one (the high
 * bytes of small sums) then costs no pass at all.  By p, or (byk) by k.
 */
#define RKEY(x, byk) ((byk) ? (uint64_t)(x).k : (x).p)

static void
radix(struct pfx *a, struct pfx *tmp, long n, int byk)
{
	static size_t count[8][256];
	struct pfx *src = a, *dst = tmp, *t;
	size_t sum, c, *cb;
	uint64_t p;
	long i;
	int b, v;

	memset(count, 0, sizeof count);
	for (i = 0; i < n; i++) {
		p = RKEY(a[i], byk);
		count[0][p & 0xff]++;
		count[1][p >> 8 & 0xff]++;
		count[2][p >> 16 & 0xff]++;
		count[3][p >> 24 & 0xff]++;
		count[4][p >> 32 & 0xff]++;
		count[5][p >> 40 & 0xff]++;
		count[6][p >> 48 & 0xff]++;
		count[7][p >> 56]++;
	}
	for (b = 0; b < 8; b++) {
		cb = count[b];
		if (cb[RKEY(src[0], byk) >> 8 * b & 0xff] == (size_t)n)
			continue;	/* one byte value: the order stands */
		for (sum = 0, v = 0; v < 256; v++) {
			c = cb[v];
			cb[v] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			dst[cb[RKEY(src[i], byk) >> 8 * b & 0xff]++] =
			    src[i];
		t = src;
		src = dst;
		dst = t;
	}
	if (src != a)
		memcpy(a, src, (size_t)n * sizeof *a);
}

/* a[0..n) by p, few of them: by insertion. */
static void
inssort(struct pfx *a, long n)
{
	struct pfx x;
	long i, j;

	for (i = 1; i < n; i++) {
		x = a[i];
		for (j = i; j > 0 && a[j - 1].p > x.p; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

/*
 * a[0..n) by p, from its byte b (7 the most significant) down, in place:
 * each byte's values counted, every record swapped straight into its
 * value's bucket (an American flag sort), each bucket then by the next
 * byte; a byte the same in all of them costs only its count, a bucket of
 * few an insertion sort.  No scratch array: a million keys sort in the
 * room of the table's slots and no more.
 */
static void
msd(struct pfx *a, long n, int b)
{
	long cnt[256], next[256], i, s;
	struct pfx x, t;
	int v, d, sh;

	for (;; b--) {
		if (n <= 24) {
			inssort(a, n);
			return;
		}
		if (b < 0)
			return;	/* all the same 8 bytes */
		sh = 8 * b;
		memset(cnt, 0, sizeof cnt);
		for (i = 0; i < n; i++)
			cnt[a[i].p >> sh & 0xff]++;
		if (cnt[a[0].p >> sh & 0xff] != n)
			break;
	}
	for (s = 0, v = 0; v < 256; v++) {
		next[v] = s;
		s += cnt[v];
	}
	for (s = 0, v = 0; v < 256; v++) {
		s += cnt[v];	/* the end of v's bucket */
		while (next[v] < s) {
			x = a[next[v]];
			for (d = (int)(x.p >> sh & 0xff); d != v;
			    d = (int)(x.p >> sh & 0xff)) {
				t = a[next[d]];
				a[next[d]++] = x;
				x = t;
			}
			a[next[v]++] = x;
		}
	}
	if (b == 0)
		return;
	for (s = 0, v = 0; v < 256; s += cnt[v++])
		if (cnt[v] > 1)
			msd(a + s, cnt[v], b - 1);
}

static int
bypfxkey(const void *x, const void *y)
{
	return grp_keycmp(sortg, ((const struct pfx *)x)->i,
	    ((const struct pfx *)y)->i);
}

/*
 * By key alone, in a's room (a from the slots, or allocated): the
 * prefixes sorted in place, each run of equal prefix by whole key, and
 * the order written over the prefixes as it is read from them (a long is
 * no wider than a pfx, entry i's index at i longs from the start).
 */
static long *
bykeyonly(const struct group *g, struct pfx *a)
{
	struct pfx x;
	long i, j, k, m, e, *ix;

	msd(a, g->n, 7);
	for (i = 0; i < g->n; i = j) {
		for (j = i + 1; j < g->n && a[j].p == a[i].p; j++)
			;
		if (j - i < 2)
			continue;
		/* A short run, the common case, by insertion. */
		if (j - i <= 16) {
			for (k = i + 1; k < j; k++) {
				x = a[k];
				for (m = k; m > i && grp_keycmp(g, a[m - 1].i,
				    x.i) > 0; m--)
					a[m] = a[m - 1];
				a[m] = x;
			}
			continue;
		}
		sortg = g;
		qsort(a + i, (size_t)(j - i), sizeof *a, bypfxkey);
	}
	ix = (long *)(void *)a;
	for (i = 0; i < g->n; i++) {
		e = a[i].i;
		memcpy((char *)a + (size_t)i * sizeof e, &e, sizeof e);
	}
	return ix;
}

/*
 * By score (NULL: none), then key: the key prefixes in a radix sort, the
 * scores in another (stable, so keys stay in order within a score), then
 * each run of equal score and prefix by whole key.  Under a score the
 * prefix sorted is 4 bytes, not 8: most of a million keys' ties are
 * settled by the score, and each byte of prefix sorted is a pass over
 * them all.
 */
static long *
bykey(const struct group *g, uint64_t (*score)(const void *), struct pfx *a)
{
	struct pfx *tmp = NULL;
	long i, j, k, *ix;
	unsigned char b[8];

	if (score)
		tmp = pfxroom(g);
	for (i = 0; i < g->n; i++) {
		memset(b, 0, sizeof b);
		memcpy(b, grp_entkey(ENT(g, i)), ENT(g, i)->len < 8 ?
		    ENT(g, i)->len : 8);
		a[i].p = (uint64_t)b[0] << 56 | (uint64_t)b[1] << 48 |
		    (uint64_t)b[2] << 40 | (uint64_t)b[3] << 32 |
		    (uint64_t)b[4] << 24 | (uint64_t)b[5] << 16 |
		    (uint64_t)b[6] << 8 | b[7];
		a[i].k = (uint32_t)(a[i].p >> 32);
		a[i].i = (uint32_t)i;
		if (score)
			a[i].p = score(VAL(g, i));
	}
	if (!score)
		return bykeyonly(g, a);
	if (g->n > 0)
		radix(a, tmp, g->n, 1);
	if (g->n > 0)
		radix(a, tmp, g->n, 0);
	/* The order in tmp's room (a long is no wider than a pfx). */
	ix = (long *)(void *)tmp;
	for (i = 0; i < g->n; i++)
		ix[i] = a[i].i;
	for (i = 0; i < g->n; i = j) {
		for (j = i + 1; j < g->n && a[j].p == a[i].p &&
		    a[j].k == a[i].k; j++)
			;
		if (j - i < 2)
			continue;
		/* A short run, the common case, by insertion. */
		if (j - i <= 16) {
			for (k = i + 1; k < j; k++) {
				long x = ix[k], m = k;
				for (; m > i && grp_keycmp(g, ix[m - 1], x) > 0;
				    m--)
					ix[m] = ix[m - 1];
				ix[m] = x;
			}
			continue;
		}
		sortg = g;
		sortcmp = grp_keycmp;
		qsort(ix + i, (size_t)(j - i), sizeof *ix, byentry);
	}
	free(a);
	return ix;
}

long *
grp_sorted(const struct group *g, int (*cmp)(const struct group *, long,
    long))
{
	long i, *ix;

	if (cmp == grp_keycmp)
		return bykey(g, NULL, pfxroom(g));
	ix = np_malloc(((size_t)g->n + 1) * sizeof *ix);
	for (i = 0; i < g->n; i++)
		ix[i] = i;
	sortg = g;
	sortcmp = cmp;
	qsort(ix, (size_t)g->n, sizeof *ix, byentry);
	return ix;
}

long *
grp_sortedby(struct group *g, uint64_t (*score)(const void *val))
{
	/* The table is done with: its slots, each of their pages touched
	 * already, are the prefixes' room. */
	struct pfx *a = np_realloc(g->slots, PFXROOM(g));

	g->slots = NULL;
	g->nslots = 0;
	return bykey(g, score, a);
}

