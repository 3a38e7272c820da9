/*
 * hashtab: a hash table from keys (byte strings) to fixed-size values, for
 * group-by.  Memory grows with the number of distinct keys only, up to a
 * cap the caller states; past it, the program stops with a message.
 *
 * Per key: 16 bytes of entry with the value beside it (one cache miss
 * for both; an entry of 64 bytes in a large table is one line), and 8
 * bytes of hash slot at a load of 1/4 to 1/2: 32 to 48 bytes besides the
 * value.  A key of up to GRP_INLINE bytes is in its entry; a longer one
 * (its bytes and a NUL) in a shared arena the entry points to.  So a
 * lookup of a short key reads its slot's line and its entry's, no
 * other.  A slot holds the key's hash bits beside its entry, so that a
 * probe reads no entry but the one it finds.  The slots and the entries
 * of a large table are in huge pages where the system gives them
 * (np_hugeadvise).
 *
 * Compound keys are the caller's concern: programs join the TSV-escaped
 * parts with TABs, so a key prints as it is.
 */
#ifndef NP_GROUP_H
#define NP_GROUP_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The longest key held in its entry (with its NUL). */
#define GRP_INLINE 11

struct grp_ent {
	/* The key and a NUL, or (longer than GRP_INLINE) where they are in
	 * the arena: a pointer's bytes. */
	char key[GRP_INLINE + 1];
	uint32_t len;
};

struct group {
	size_t valsize;
	long cap;		/* most distinct keys allowed */
	long n;			/* distinct keys */
	/* private */
	uint64_t *slots;	/* the hash's low half << 32, entry + 1; 0 empty */
	size_t nslots;
	char *rec;		/* per entry its grp_ent, then its value */
	size_t stride;		/* bytes of each */
	long alloc;		/* entries allocated */
	char *arena;		/* the current block of key bytes */
	size_t arenaleft;
	void *blocks;		/* every block, linked through its start */
};

void grp_init(struct group *g, size_t valsize, long cap);
/* A hash of the n bytes at s, for this table and any other keyed by
 * strings; its low bits are as good as its high ones. */
size_t grp_hash(const char *s, size_t n);
void grp_free(struct group *g);
/*
 * The value for key, zero-filled when new (*isnew set then).  NULL when the
 * key is new and the table already holds cap keys.  The pointer is valid
 * until the next grp_get or grp_widen.
 */
void *grp_get(struct group *g, const char *key, size_t len, int *isnew);
/*
 * grp_get for a key whose grp_hash is hash: a caller that looks keys up
 * some rows after it has them hashes each at once and asks for its slot
 * (grp_ask), so that the table's cache misses overlap the rows between.
 */
void *grp_geth(struct group *g, const char *key, size_t len, size_t hash,
    int *isnew);
/*
 * The entry a key of that hash most likely is, or -1: the first whose
 * slot holds the hash's bits, its key not compared.  For asking for an
 * entry's memory (grp_prefetch) some rows before it is looked up.
 */
static inline long
grp_peek(const struct group *g, size_t hash)
{
	uint64_t tag = (uint64_t)hash << 32, s;
	size_t mask = g->nslots - 1, i = hash & mask;

	/* Inline: it is on every row's path of a large table. */
	for (; (s = g->slots[i]); i = (i + 1) & mask)
		if ((s & 0xffffffff00000000ULL) == tag)
			return (long)(uint32_t)s - 1;
	return -1;
}
/* Makes every value valsize bytes (no fewer than now), the new bytes
 * zero. */
void grp_widen(struct group *g, size_t valsize);
/* Entry i (0 <= i < n), in insertion order.  The key is followed by a
 * NUL; a short one is in the entry, so that, as a value, it is valid
 * until the next grp_get or grp_widen. */
const char *grp_key(const struct group *g, long i, size_t *len);
/* Inline: a program that keeps entries by index (np-stall's spans) asks
 * for one a row. */
static inline void *
grp_val(const struct group *g, long i)
{
	return g->rec + (size_t)i * g->stride + sizeof(struct grp_ent);
}
/* The index of the entry whose value is val (from grp_get or grp_val). */
long grp_index(const struct group *g, const void *val);
/* Compares entries i and j by key: in byte order, a prefix first. */
int grp_keycmp(const struct group *g, long i, long j);
/* The entries' indexes in the order cmp gives (grp_keycmp: by key, with
 * a radix sort on the keys' first bytes); the caller frees them. */
long *grp_sorted(const struct group *g, int (*cmp)(const struct group *,
    long, long));
/*
 * The entries' indexes by score(value) (ascending; NULL: none), then by
 * key: radix sorts, no comparison but among equal scores and key
 * prefixes.  It ends the lookups: the table's slots are its room (no
 * grp_get after it), so that sorting takes no more memory than the slots
 * and one array of the entries.
 */
long *grp_sortedby(struct group *g, uint64_t (*score)(const void *val));

/* Where an entry's key is (the pointer of a long one read whole: the
 * bytes are a char array's). */
static inline const char *
grp_entkey(const struct grp_ent *en)
{
	const char *p;

	if (en->len <= GRP_INLINE)
		return en->key;
	memcpy(&p, en->key, sizeof p);
	return p;
}

/*
 * Asks for entry i to be brought into the cache ahead of its use, when a
 * loop visits entries out of their order: stage 0 its entry and value
 * (its first and last byte: a second line only where it runs into one),
 * stage 1 its key (which needs the entry: ask for it some entries later).
 */
#ifdef __GNUC__
/* A macro: GCC drops a call to a function that does nothing but prefetch. */
#define grp_prefetch(g, i, stage) ((stage) == 0 ?				\
	(__builtin_prefetch((g)->rec + (size_t)(i) * (g)->stride),	\
	__builtin_prefetch((g)->rec + ((size_t)(i) + 1) * (g)->stride - 1)) : \
	__builtin_prefetch(grp_entkey((struct grp_ent *)(void *)((g)->rec + \
	    (size_t)(i) * (g)->stride))))
/* Asks for the slot where a key of that hash is looked for first. */
#define grp_ask(g, hash)						\
	__builtin_prefetch((g)->slots + ((size_t)(hash) & ((g)->nslots - 1)))
#else
#define grp_prefetch(g, i, stage) ((void)0)
#define grp_ask(g, hash) ((void)0)
#endif

#endif
