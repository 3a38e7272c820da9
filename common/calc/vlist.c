#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/msg.h"
#include "calc/vlist.h"

#define SLAB (1 << 20)		/* bytes of chunks allocated at a time */
#define BIGAFTER 8		/* slabs before they are BIGSLAB */
#define BIGSLAB (4 << 20)	/* bytes, their link among them */
#define HEAD VL_HEAD
#define CLASSMASK VL_CMASK
#define MAXBYTES (VL_MAXN * VL_MAXVAL)

_Static_assert(VL_CLASSES - 1 <= CLASSMASK, "a class fits a link's bits");
_Static_assert(VL_PTR + 8 == VL_INLINE, "a chunk's link ends the list");
_Static_assert(VL_INLINE - VL_PTR <= 32 - HEAD, "a list's bytes fit a chunk");
_Static_assert(sizeof(struct vlist) == 24, "a list is 24 bytes");

static size_t
csize(int c)
{
	return (size_t)32 << c;
}

void
vp_init(struct vpool *p)
{
	memset(p, 0, sizeof *p);
}

void
vp_free(struct vpool *p)
{
	void *s, *next;

	for (s = p->slabs; s; s = next) {
		memcpy(&next, s, sizeof next);
		free(s);
	}
	memset(p, 0, sizeof *p);
}

/* A chunk of class c: one given back, or carved from the slab. */
static unsigned char *
chunk(struct vpool *p, int c)
{
	size_t sz = csize(c), k;
	char *s;
	int j;

	if ((s = p->free[c])) {
		memcpy(&p->free[c], s, sizeof(void *));
		return (unsigned char *)s;
	}
	if (p->left < sz) {
		/* What is left of the slab goes to the free lists; a new
		 * slab has its link in its first 32 bytes and chunks after
		 * it, 32-aligned. */
		for (j = VL_CLASSES - 1; j >= 0; j--)
			for (k = csize(j); p->left >= k; p->left -= k,
			    p->next += k) {
				memcpy(p->next, &p->free[j], sizeof(void *));
				p->free[j] = p->next;
			}
		/* Past a few slabs, the groups are many and their chunks
		 * met at random: slabs of huge pages (np_hugeadvise), which
		 * a small pool would hold resident and not use. */
		if (p->nslab < BIGAFTER) {
			s = np_malloc(SLAB + 64);
			p->left = SLAB;
		} else {
			s = np_hugerealloc(NULL, 0, BIGSLAB);
			p->left = BIGSLAB - 64;
		}
		p->nslab++;
		memcpy(s, &p->slabs, sizeof(void *));
		p->slabs = s;
		p->next = s + 64 - (uintptr_t)s % 32;
	}
	s = p->next;
	p->next += sz;
	p->left -= sz;
	return (unsigned char *)s;
}

static uintptr_t
getlink(const unsigned char *at)
{
	uintptr_t u;

	memcpy(&u, at, sizeof u);
	return u;
}

static void
setlink(unsigned char *at, uintptr_t u)
{
	memcpy(at, &u, sizeof u);
}

/*
 * Appends the k bytes at s.  Every chunk but the newest is full, a value
 * running on from one chunk into the next, so that the lengths of the
 * chunks are their sizes' and need not be kept.
 */
static void
put(struct vpool *p, struct vlist *l, const unsigned char *s, int k)
{
	uintptr_t tail;
	unsigned char *ch;
	int c, room, n;

	if (l->kind == VL_IN) {
		if (l->len + k <= VL_INLINE) {
			memcpy(l->b + l->len, s, (size_t)k);
			l->len += (unsigned char)k;
			return;
		}
		/* The bytes held past VL_PTR to a first chunk, then on;
		 * those before it filled first. */
		if (l->len < VL_PTR) {
			n = VL_PTR - l->len;
			memcpy(l->b + l->len, s, (size_t)n);
			l->len = VL_PTR;
			s += n;
			k -= n;
		}
		ch = chunk(p, 0);
		setlink(ch, 0);
		memcpy(ch + HEAD, l->b + VL_PTR, (size_t)(l->len - VL_PTR));
		l->len -= VL_PTR;
		l->kind = VL_CHAIN;
		setlink(l->b + VL_PTR, (uintptr_t)ch);
	}
	for (;;) {
		tail = getlink(l->b + VL_PTR);
		c = (int)(tail & CLASSMASK);
		ch = (unsigned char *)(tail & ~(uintptr_t)CLASSMASK);
		room = (int)csize(c) - HEAD - l->len;
		n = k < room ? k : room;
		memcpy(ch + HEAD + l->len, s, (size_t)n);
		l->len += (unsigned char)n;
		if ((k -= n) == 0)
			return;
		s += n;
		/* A new chunk, the next size up. */
		if (c < VL_CLASSES - 1)
			c++;
		ch = chunk(p, c);
		setlink(ch, tail);
		l->len = 0;
		setlink(l->b + VL_PTR, (uintptr_t)ch | (uintptr_t)c);
	}
}

static int
varint(unsigned char *o, uint64_t z)
{
	int k = 0;

	for (; z >= 0x80; z >>= 7)
		o[k++] = (unsigned char)(z | 0x80);
	o[k++] = (unsigned char)z;
	return k;
}

/* A whole number of int64: its value in *i. */
static int
isint(const struct dec *d, int64_t *i)
{
	if (d->e != 0 || d->hi != (uint64_t)-(int64_t)(d->lo >> 63))
		return 0;
	*i = (int64_t)d->lo;
	return 1;
}

/* The mantissa's zigzag code, 128 bits (its magnitude is below 2^127),
 * then the power's. */
static int
encgen(unsigned char *o, const struct dec *d)
{
	uint64_t s = (uint64_t)-(int64_t)(d->hi >> 63);
	uint64_t hi = (d->hi << 1 | d->lo >> 63) ^ s, lo = d->lo << 1 ^ s;
	uint32_t e = (uint32_t)d->e << 1 ^ (uint32_t)-(int32_t)((uint32_t)d->e
	    >> 31);
	int k = 0;

	while (hi || lo >= 0x80) {
		o[k++] = (unsigned char)(lo | 0x80);
		lo = lo >> 7 | hi << 57;
		hi >>= 7;
	}
	o[k++] = (unsigned char)lo;
	return k + varint(o + k, e);
}

void
vl_addslow(struct vpool *p, struct vlist *l, int n, const struct dec *d)
{
	struct xval x[VL_MAXN];
	unsigned char buf[VL_MAXVAL];
	int64_t i;
	int j;

	if (n >= VL_MAXN)
		np_die("internal error: a value list of more than %d values",
		    VL_MAXN);
	if (!l->gen && isint(d, &i)) {
		put(p, l, buf, varint(buf, (uint64_t)i << 1 ^
		    (uint64_t)(i >> 63)));
		return;
	}
	if (!l->gen) {
		/* The values so far written again, as decimals. */
		vl_get(l, n, x);
		vl_clear(p, l);
		l->gen = 1;
		for (j = 0; j < n; j++)
			put(p, l, buf, encgen(buf, &x[j].d));
	}
	put(p, l, buf, encgen(buf, d));
}

/* The list's bytes, in order, at o (MAXBYTES of room): their length. */
static size_t
bytes(const struct vlist *l, unsigned char *o)
{
	unsigned char *ch[MAXBYTES / (32 - HEAD) + 1];
	size_t n = 0, sz;
	uintptr_t link;
	int nch = 0, c, i;

	if (l->kind == VL_IN) {
		memcpy(o, l->b, l->len);
		return l->len;
	}
	memcpy(o, l->b, VL_PTR);
	n = VL_PTR;
	for (link = getlink(l->b + VL_PTR); link; link = getlink(ch[nch - 1]))
		ch[nch++] = (unsigned char *)(link & ~(uintptr_t)CLASSMASK);
	/* From the oldest: class 0, 1, ... up to the largest. */
	for (i = nch - 1, c = 0; i >= 0; i--) {
		sz = i > 0 ? csize(c) - HEAD : l->len;
		memcpy(o + n, ch[i] + HEAD, sz);
		n += sz;
		if (c < VL_CLASSES - 1)
			c++;
	}
	return n;
}

static uint64_t
unvarint(const unsigned char **s)
{
	const unsigned char *p = *s;
	uint64_t z = 0;
	int sh = 0;

	for (; *p & 0x80; p++, sh += 7)
		z |= (uint64_t)(*p & 0x7f) << sh;
	z |= (uint64_t)*p++ << sh;
	*s = p;
	return z;
}

void
vl_get(const struct vlist *l, int n, struct xval *x)
{
	unsigned char buf[MAXBYTES];
	const unsigned char *s = buf;
	uint64_t z, hi, lo, sign;
	int i, sh;

	bytes(l, buf);
	for (i = 0; i < n; i++) {
		if (!l->gen) {
			z = unvarint(&s);
			dec_i64(&x[i].d, (int64_t)(z >> 1 ^ -(z & 1)));
			x[i].v = (double)(int64_t)x[i].d.lo;
			continue;
		}
		for (hi = lo = 0, sh = 0; *s & 0x80; s++, sh += 7) {
			z = *s & 0x7f;
			lo |= sh < 64 ? z << sh : 0;
			hi |= sh >= 64 ? z << (sh - 64) : sh > 57 ? z >>
			    (64 - sh) : 0;
		}
		z = *s++;
		lo |= sh < 64 ? z << sh : 0;
		hi |= sh >= 64 ? z << (sh - 64) : sh > 57 ? z >> (64 - sh) : 0;
		sign = (uint64_t)-(int64_t)(lo & 1);
		x[i].d.lo = (lo >> 1 | hi << 63) ^ sign;
		x[i].d.hi = hi >> 1 ^ sign;
		z = unvarint(&s);
		x[i].d.e = (int)(int32_t)(uint32_t)(z >> 1 ^ -(z & 1));
		x[i].v = dec_f64(&x[i].d);
	}
}

void
vl_clear(struct vpool *p, struct vlist *l)
{
	uintptr_t link, next;
	unsigned char *ch;
	int c;

	if (l->kind == VL_CHAIN)
		for (link = getlink(l->b + VL_PTR); link; link = next) {
			c = (int)(link & CLASSMASK);
			ch = (unsigned char *)(link & ~(uintptr_t)CLASSMASK);
			next = getlink(ch);
			memcpy(ch, &p->free[c], sizeof(void *));
			p->free[c] = ch;
		}
	memset(l, 0, sizeof *l);
}

int
vl_ints(const struct vlist *l, int n, int64_t *x)
{
	unsigned char buf[MAXBYTES];
	const unsigned char *s = buf;
	uint64_t z;
	int i;

	if (l->gen)
		return 0;
	if (l->kind == VL_IN)
		s = l->b;
	else
		bytes(l, buf);
	for (i = 0; i < n; i++) {
		z = unvarint(&s);
		x[i] = (int64_t)(z >> 1 ^ -(z & 1));
	}
	return 1;
}
