/*
 * startend: events waiting for their end, by name.
 *
 * The profiler's text formats write an event as two lines, a start (START,
 * M2S_SOP, ...) and an end (END, S2M_EOP, ...), joined only by a name: the
 * engine, the DMA queue, the collective event.  A pair table holds, for
 * each name seen, the start waiting for its end (its time and line; line 0
 * when none waits).  What else a format keeps of a start (an opcode, a byte
 * count) lives in its own arrays, indexed by the same slot.
 *
 * Finding the slot of a line's name is the hot path of reading a trace: a
 * name's first 8 bytes are compared as one number, and a small cache by a
 * hash of them finds the slot last used for them in one test, where a
 * search would mispredict on which name comes next.  The table has a fixed
 * size: a format says how many names, and how long, it accepts.
 */
#ifndef NP_PAIR_H
#define NP_PAIR_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/skipped.h"

#define PAIR_MAXSLOTS 1024	/* names in one table, at most */
#define PAIR_NAMEMAX 128	/* a name's bytes, at most, plus 1 */
#define PAIR_CACHE 64		/* entries of the hash cache */

/* pair_find's answers that are no slot. */
enum { PAIR_FULL = -1, PAIR_LONG = -2 };

struct pair_slot {
	uint64_t key;		/* the name's first 8 bytes (pair_key8) */
	uint64_t key2;		/* and its next 8 (0 for a name of 8 or
				   fewer) */
	size_t len;
	int64_t start;		/* of the start waiting, in the input unit */
	long line;		/* of the start waiting; 0: none waits */
	char name[PAIR_NAMEMAX];	/* NUL-terminated */
};

struct pairs {
	int n;			/* slots in use */
	int max;		/* slots allowed (<= PAIR_MAXSLOTS) */
	size_t namemax;		/* name bytes allowed (< PAIR_NAMEMAX) */
	uint16_t cache[PAIR_CACHE];	/* slot + 1, by pair_hash; 0: none */
	struct pair_slot slot[PAIR_MAXSLOTS];
};

/*
 * The name's first min(n, 8) bytes as one number.  s must have 8 readable
 * bytes: it lies in src's buffer, whose padding (SRC_PAD) makes them so
 * (and 16 for a name longer than 8, whose next 8 are read too).
 */
static inline uint64_t
pair_key8(const char *s, size_t n)
{
	uint64_t w = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&w, s, 8);
	return n >= 8 ? w : w & (((uint64_t)1 << (8 * n)) - 1);
#else
	memcpy(&w, s, n < 8 ? n : 8);
	return w;
#endif
}

#define PAIR_HASH(key, n) \
	((size_t)(((key) + (n)) * 0x9e3779b97f4a7c15ULL >> 58))

/* Empties the table, which then takes at most max names of at most
 * namemax bytes. */
void pair_init(struct pairs *p, int max, size_t namemax);
/* Empties the table (at a section or a file's start). */
void pair_reset(struct pairs *p);
/* The slot of a name not in the cache: searched, else added. */
int pair_findslow(struct pairs *p, const char *s, size_t n, uint64_t key,
    size_t h);

/* Is the slot's name the n bytes at s, whose first 8 are key?  A name of
 * up to 16 bytes (a DMA queue's "qVectorSP0") in two words, no call. */
static inline int
pair_same(const struct pair_slot *sl, const char *s, size_t n, uint64_t key)
{
	return sl->key == key && sl->len == n && (n <= 8 ||
	    (n <= 16 ? sl->key2 == pair_key8(s + 8, n - 8) :
	    memcmp(sl->name + 16, s + 16, n - 16) == 0 &&
	    sl->key2 == pair_key8(s + 8, 8)));
}

/*
 * The slot of the name s (n bytes, 16 of them readable), added with no
 * start waiting if new; PAIR_FULL when the table holds max names already,
 * PAIR_LONG when a new name is longer than namemax.  Inline, so that the
 * cache's hit costs no call.
 */
static inline int
pair_find(struct pairs *p, const char *s, size_t n)
{
	uint64_t key = pair_key8(s, n);
	size_t h = PAIR_HASH(key, n);
	int i = p->cache[h] - 1;

	if (i >= 0 && pair_same(&p->slot[i], s, n, key))
		return i;
	return pair_findslow(p, s, n, key, h);
}

/*
 * The slot of the name s (as pair_find) when the cache holds it, else -1:
 * for a fast path that leaves every other name to pair_find.
 */
static inline int
pair_cached(const struct pairs *p, const char *s, size_t n)
{
	uint64_t key = pair_key8(s, n);
	int i = p->cache[PAIR_HASH(key, n)] - 1;

	return i >= 0 && pair_same(&p->slot[i], s, n, key) ? i : -1;
}

/* The waiting start with the earliest line, or -1 when none waits. */
int pair_oldest(const struct pairs *p);
/* Counts every start still waiting as what, in notes (at file:line of each,
 * in the order the names came), and empties the table. */
void pair_flush(struct pairs *p, struct notes *notes, const char *what,
    const char *file);

#endif
