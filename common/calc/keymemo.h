/*
 * keymemo: a memo of recent rows' group entries by where their key's text
 * is.  Parquet's dictionary pages hand every row of a value the same bytes
 * at the same address, so that a key is escaped, hashed and looked up once
 * for its parts' values, not once a row.  A slot holds each part's address
 * and length, their bytes (an address is reused for other bytes when the
 * next column chunk's dictionary is read: the bytes are compared too), the
 * caller's tag (a physical core, a table) and the entry they made.  Where
 * addresses never repeat (text read a line at a time), the memo stops
 * trying for a while once most lookups miss.
 *
 * Inline: it is on the path of every row, where a call would cost more
 * than a hit saves.
 */
#ifndef NP_KEYMEMO_H
#define NP_KEYMEMO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/bytes.h"

/* 1024 slots (208 KB): with 256, a few hundred keys (a model's source
 * locations, each core's) took one another's slots, a row in 60 then
 * looked up the long way. */
#define KM_BITS 10
#define KM_SLOTS (1 << KM_BITS)	/* a power of 2 */
#define KM_PARTS 4		/* key parts, at most, to be memoized */
#define KM_RAW 128		/* their bytes, at most */
#define KM_WINDOW 4096		/* lookups between looks at the hit rate */
#define KM_REST 65536		/* rows without the memo after a bad window */

struct km_slot {
	const char *s[KM_PARTS];	/* NULL: the part missing */
	size_t n[KM_PARTS];
	int64_t tag;
	long entry;		/* its index + 1; 0: none */
	char raw[KM_RAW];
};

struct keymemo {
	struct km_slot slot[KM_SLOTS];
	long tries, hits, rest;
};

/* Every slot emptied: a new table's entries are not the old one's. */
static inline void
km_forget(struct keymemo *km)
{
	memset(km, 0, sizeof *km);
}

/* Does the memo rest (a row of its rest counted off)?  Then the caller
 * neither gathers the key's parts nor calls km_find. */
static inline int
km_rests(struct keymemo *km)
{
	if (km->rest == 0)
		return 0;
	km->rest--;
	return 1;
}

/*
 * The slot of the key of np parts (s[i], n[i] bytes; s[i] NULL missing)
 * and tag: NULL where the memo does not apply (more parts or bytes than
 * it keeps).  *entry is the entry it holds on a hit, else -1:
 * then km_keep fills the slot once the caller has the entry.
 */
static inline struct km_slot *
km_find(struct keymemo *km, int np, const char *const *s, const size_t *n,
    int64_t tag, long *entry)
{
	struct km_slot *m;
	uint64_t h = (uint64_t)tag << 17;
	size_t len = 0;
	int i;

	*entry = -1;
	if (np > KM_PARTS)
		return NULL;
	for (i = 0; i < np; i++) {
		h = (h ^ (uint64_t)(uintptr_t)s[i] ^ n[i]) *
		    0x9e3779b97f4a7c15ULL;
		len += n[i];
	}
	if (len > KM_RAW)
		return NULL;
	m = &km->slot[h >> (64 - KM_BITS)];
	km->tries++;
	if (m->entry > 0 && m->tag == tag) {
		for (i = 0, len = 0; i < np; i++) {
			if (m->s[i] != s[i] || m->n[i] != n[i] ||
			    !bytes_eq(m->raw + len, s[i], n[i]))
				break;
			len += n[i];
		}
		if (i == np) {
			km->hits++;
			*entry = m->entry - 1;
			return m;
		}
	}
	if (km->tries == KM_WINDOW) {
		/* Mostly misses: addresses do not repeat here. */
		if (km->hits < KM_WINDOW / 4)
			km->rest = KM_REST;
		km->tries = km->hits = 0;
	}
	return m;
}

/* Keeps the key's parts, tag and entry in slot m (of km_find). */
static inline void
km_keep(struct km_slot *m, int np, const char *const *s, const size_t *n,
    int64_t tag, long entry)
{
	size_t len = 0;
	int i;

	for (i = 0; i < np; i++) {
		m->s[i] = s[i];
		m->n[i] = n[i];
		if (n[i])
			memcpy(m->raw + len, s[i], n[i]);
		len += n[i];
	}
	m->tag = tag;
	m->entry = entry + 1;
}

#endif
