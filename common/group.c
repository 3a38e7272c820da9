#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "group.h"

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

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, s, n);
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
	g->cap = cap;
	g->nslots = 1024;
	if (!(g->slots = calloc(g->nslots, sizeof *g->slots)))
		np_die("out of memory");
}

void
grp_free(struct group *g)
{
	long i;

	for (i = 0; i < g->n; i++)
		free(g->key[i]);
	free(g->key);
	free(g->keylen);
	free(g->vals);
	free(g->slots);
	memset(g, 0, sizeof *g);
}

static void
rehash(struct group *g)
{
	size_t i, h;
	long e;

	free(g->slots);
	g->nslots *= 2;
	if (!(g->slots = calloc(g->nslots, sizeof *g->slots)))
		np_die("out of memory");
	for (e = 0; e < g->n; e++) {
		h = grp_hash(g->key[e], g->keylen[e]) & (g->nslots - 1);
		for (i = h; g->slots[i]; i = (i + 1) & (g->nslots - 1))
			;
		g->slots[i] = e + 1;
	}
}

void *
grp_get(struct group *g, const char *key, size_t len, int *isnew)
{
	size_t i = grp_hash(key, len) & (g->nslots - 1);
	long e;

	for (; g->slots[i]; i = (i + 1) & (g->nslots - 1)) {
		e = g->slots[i] - 1;
		if (g->keylen[e] == len && memcmp(g->key[e], key, len) == 0) {
			if (isnew)
				*isnew = 0;
			return g->vals + (size_t)e * g->valsize;
		}
	}
	if (g->n == g->cap)
		return NULL;
	if (g->n == g->alloc) {
		long na = g->alloc ? g->alloc * 2 : 256;
		char **k = realloc(g->key, (size_t)na * sizeof *k);
		size_t *kl = k ? realloc(g->keylen, (size_t)na * sizeof *kl) : NULL;
		char *v;
		if (!k || !kl)
			np_die("out of memory");
		g->key = k;
		g->keylen = kl;
		if (!(v = realloc(g->vals, (size_t)na * g->valsize)))
			np_die("out of memory");
		g->vals = v;
		g->alloc = na;
	}
	e = g->n++;
	if (!(g->key[e] = malloc(len + 1)))
		np_die("out of memory");
	memcpy(g->key[e], key, len);
	g->key[e][len] = '\0';
	g->keylen[e] = len;
	memset(g->vals + (size_t)e * g->valsize, 0, g->valsize);
	g->slots[i] = e + 1;
	if ((size_t)g->n * 2 > g->nslots)
		rehash(g);
	if (isnew)
		*isnew = 1;
	return g->vals + (size_t)e * g->valsize;
}

const char *
grp_key(const struct group *g, long i, size_t *len)
{
	*len = g->keylen[i];
	return g->key[i];
}

void *
grp_val(const struct group *g, long i)
{
	return g->vals + (size_t)i * g->valsize;
}

int
grp_keycmp(const struct group *g, long i, long j)
{
	size_t li = g->keylen[i], lj = g->keylen[j];
	int c = memcmp(g->key[i], g->key[j], li < lj ? li : lj);

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

long *
grp_sorted(const struct group *g, int (*cmp)(const struct group *, long,
    long))
{
	long i, *ix = malloc(((size_t)g->n + 1) * sizeof *ix);

	if (!ix)
		np_die("out of memory");
	for (i = 0; i < g->n; i++)
		ix[i] = i;
	sortg = g;
	sortcmp = cmp;
	qsort(ix, (size_t)g->n, sizeof *ix, byentry);
	return ix;
}
