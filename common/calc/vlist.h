/*
 * vlist: a short list of exact decimal values, in as few bytes as they
 * need, for the groups of a group-by that have seen a handful of values.
 *
 * Each value is a variable-length integer (7 bits a byte): a whole number
 * of int64 as its zigzag code (0 -1 1 -2 ... as 0 1 2 3 ...: a value below
 * 2^20 in 3 bytes), or, once the list holds a decimal that is not one, every
 * value as the zigzag codes of its mantissa and its power of ten (the list
 * is written again then).  The bytes are one stream: its first 21 held in
 * the list itself (in a group's cell); past them, the first 13 stay and
 * the rest go on in chunks chained from the newest back, 32 to 256 bytes
 * each, growing, every one but the newest full (a value may run on from
 * one into the next), carved from large slabs of a pool and given back to
 * the pool's free lists when the list is emptied: no malloc per group, no
 * copying as a list grows, and no room left behind by a list that grew.
 */
#ifndef NP_VLIST_H
#define NP_VLIST_H

#include <stdint.h>
#include <string.h>

#include "base/decimal.h"

#define VL_INLINE 21		/* bytes held in the list itself */
#define VL_PTR 13		/* chained: the bytes held before the link */
#define VL_CLASSES 4		/* chunks of 32, 64, 128 and 256 bytes */
#define VL_MAXVAL 24		/* bytes of one value, at most */
#define VL_MAXN 32		/* values in a list, at most */
#define VL_HEAD 8		/* a chunk's link to the one before it */
#define VL_CMASK 3		/* a link's class bits (chunks are 32-aligned) */

enum { VL_IN, VL_CHAIN, VL_OTHER };	/* kind; VL_OTHER: the owner's */

struct vlist {
	unsigned char kind;	/* VL_IN: the values in b; VL_CHAIN: chunks */
	unsigned char gen;	/* decimals: mantissa and power each */
	unsigned char len;	/* bytes used: of b, or of the newest chunk */
	unsigned char b[VL_INLINE];	/* VL_CHAIN: the newest chunk at
					   b + VL_PTR, its class in the low
					   bits */
};

struct vpool {
	void *free[VL_CLASSES];	/* chunks given back, by class */
	char *next;		/* the current slab's room */
	size_t left;
	void *slabs;		/* every slab, linked through its start */
	long nslab;
};

/* A value decoded: exact, and its double. */
struct xval {
	struct dec d;
	double v;
};

void vp_init(struct vpool *p);
void vp_free(struct vpool *p);

/* Appends d to a list of n values (n < VL_MAXN): the slow path of
 * vl_add. */
void vl_addslow(struct vpool *p, struct vlist *l, int n, const struct dec *d);
/*
 * The list's values, n of them (as many as were added), in the order they
 * were added, into x.
 */
void vl_get(const struct vlist *l, int n, struct xval *x);
/* A list of whole numbers of int64: its n values, as added, in x (1);
 * or 0, a list of decimals. */
int vl_ints(const struct vlist *l, int n, int64_t *x);
/* Gives the list's chunks back; the list is empty (and whole numbers). */
void vl_clear(struct vpool *p, struct vlist *l);

/*
 * Appends d to a list of n values (n < VL_MAXN): a whole number of int64
 * into room at hand, in the list or its newest chunk, in a list of them
 * without a call.
 */
static inline void
vl_add(struct vpool *p, struct vlist *l, int n, const struct dec *d)
{
	uint64_t z, m = d->lo;
	uintptr_t tail;
	unsigned char *o;
	int k;

	if (d->e != 0 || d->hi != (uint64_t)-(int64_t)(m >> 63) || l->gen)
		goto slow;
	z = m << 1 ^ (uint64_t)-(int64_t)(m >> 63);
	k = z < 1ULL << 7 ? 1 : z < 1ULL << 14 ? 2 : z < 1ULL << 21 ? 3 :
	    z < 1ULL << 28 ? 4 : 0;
	if (k == 0)
		goto slow;
	if (l->kind == VL_IN && l->len + k <= VL_INLINE)
		o = l->b + l->len;
	else if (l->kind == VL_CHAIN) {
		memcpy(&tail, l->b + VL_PTR, sizeof tail);
		if (l->len + k > (32 << (tail & VL_CMASK)) - VL_HEAD)
			goto slow;
		o = (unsigned char *)(tail & ~(uintptr_t)VL_CMASK) + VL_HEAD +
		    l->len;
	} else
		goto slow;
	l->len += (unsigned char)k;
	for (; k > 1; k--, z >>= 7)
		*o++ = (unsigned char)(z | 0x80);
	*o = (unsigned char)z;
	return;
slow:
	vl_addslow(p, l, n, d);
}

/* The first value of a list of whole numbers held in the list itself, in
 * *i: 1, or 0 (another list: vl_get). */
static inline int
vl_int1(const struct vlist *l, int64_t *i)
{
	const unsigned char *s = l->b;
	uint64_t z = 0;
	int sh = 0;

	if (l->gen || l->kind != VL_IN)
		return 0;
	for (; *s & 0x80; s++, sh += 7)
		z |= (uint64_t)(*s & 0x7f) << sh;
	z |= (uint64_t)*s << sh;
	*i = (int64_t)(z >> 1 ^ -(z & 1));
	return 1;
}

/* Asks for the room the list's next value goes to, when it is in a
 * chunk (a macro, as grp_prefetch). */
#ifdef __GNUC__
#define vl_ask(l) do {							\
	uintptr_t t_;							\
	if ((l)->kind == VL_CHAIN) {					\
		memcpy(&t_, (l)->b + VL_PTR, sizeof t_);		\
		__builtin_prefetch((const char *)(t_ &			\
		    ~(uintptr_t)VL_CMASK) + VL_HEAD + (l)->len);	\
	}								\
} while (0)
#else
#define vl_ask(l) ((void)0)
#endif

#endif
