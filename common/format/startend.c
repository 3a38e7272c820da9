#include <string.h>

#include "format/startend.h"

void
pair_init(struct pairs *p, int max, size_t namemax)
{
	p->max = max < PAIR_MAXSLOTS ? max : PAIR_MAXSLOTS;
	p->namemax = namemax < PAIR_NAMEMAX ? namemax : PAIR_NAMEMAX - 1;
	pair_reset(p);
}

void
pair_reset(struct pairs *p)
{
	p->n = 0;
	memset(p->cache, 0, sizeof p->cache);
}

int
pair_findslow(struct pairs *p, const char *s, size_t n, uint64_t key,
    size_t h)
{
	struct pair_slot *sl;
	int i;

	for (i = 0; i < p->n; i++)
		if (pair_same(&p->slot[i], s, n, key)) {
			p->cache[h] = (uint16_t)(i + 1);
			return i;
		}
	if (p->n == p->max)
		return PAIR_FULL;
	if (n > p->namemax)
		return PAIR_LONG;
	p->cache[h] = (uint16_t)(p->n + 1);
	sl = &p->slot[p->n];
	memcpy(sl->name, s, n);
	sl->name[n] = '\0';
	sl->len = n;
	sl->key = key;
	sl->key2 = n > 8 ? pair_key8(s + 8, n - 8) : 0;
	sl->start = 0;
	sl->line = 0;
	return p->n++;
}

int
pair_oldest(const struct pairs *p)
{
	int i, first = -1;

	for (i = 0; i < p->n; i++)
		if (p->slot[i].line && (first < 0 ||
		    p->slot[i].line < p->slot[first].line))
			first = i;
	return first;
}

void
pair_flush(struct pairs *p, struct notes *notes, const char *what,
    const char *file)
{
	int i;

	for (i = 0; i < p->n; i++)
		if (p->slot[i].line)
			note_add(notes, what, 1, file, p->slot[i].line);
	pair_reset(p);
}
