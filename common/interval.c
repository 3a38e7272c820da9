#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "interval.h"

#define KEY(w, i) (*(int64_t *)(void *)((w)->items + (size_t)(i) * (w)->size))
#define ITEM(w, i) ((w)->items + (size_t)(i) * (w)->size)
/* The queue's item i, counted from its head. */
#define QITEM(w, i) ((w)->queue + \
	(size_t)(((w)->qhead + (i)) % (w)->cap) * (w)->size)
#define QKEY(w, i) (*(int64_t *)(void *)QITEM(w, i))

void
ro_init(struct reorder *w, size_t size, int cap)
{
	memset(w, 0, sizeof *w);
	w->size = size;
	w->cap = cap;
	/* The heap has one spare slot, for the item being sifted. */
	if (!(w->items = malloc(size * ((size_t)cap + 1))) ||
	    !(w->queue = malloc(size * (size_t)cap)))
		np_die("out of memory");
}

void
ro_free(struct reorder *w)
{
	free(w->items);
	free(w->queue);
	w->items = w->queue = NULL;
}

/*
 * The sifts move a hole rather than swapping: one copy per level.  The
 * spare slot at cap holds the item being placed.
 */
static void
siftup(struct reorder *w, int i)
{
	char *tmp = ITEM(w, w->cap);
	int64_t key = KEY(w, i);

	if (i == 0 || KEY(w, (i - 1) / 2) <= key)
		return;
	memcpy(tmp, ITEM(w, i), w->size);
	while (i > 0 && KEY(w, (i - 1) / 2) > key) {
		memcpy(ITEM(w, i), ITEM(w, (i - 1) / 2), w->size);
		i = (i - 1) / 2;
	}
	memcpy(ITEM(w, i), tmp, w->size);
}

static void
siftdown(struct reorder *w, int i)
{
	char *tmp = ITEM(w, w->cap);
	int64_t key = KEY(w, i);
	int c;

	memcpy(tmp, ITEM(w, i), w->size);
	for (;;) {
		c = 2 * i + 1;
		if (c >= w->n)
			break;
		if (c + 1 < w->n && KEY(w, c + 1) < KEY(w, c))
			c++;
		if (key <= KEY(w, c))
			break;
		memcpy(ITEM(w, i), ITEM(w, c), w->size);
		i = c;
	}
	memcpy(ITEM(w, i), tmp, w->size);
}

/* Does the queue hold the earliest item (the heap being no earlier)? */
static int
queuefirst(const struct reorder *w)
{
	return w->qn && (w->n == 0 || QKEY(w, 0) <= KEY(w, 0));
}

int
ro_pop(struct reorder *w, void *out)
{
	if (w->n + w->qn == 0)
		return 0;
	if (queuefirst(w)) {
		memcpy(out, QITEM(w, 0), w->size);
		w->lastkey = QKEY(w, 0);
		w->qhead = (w->qhead + 1) % w->cap;
		w->qn--;
	} else {
		memcpy(out, ITEM(w, 0), w->size);
		w->lastkey = KEY(w, 0);
		if (--w->n) {
			memcpy(ITEM(w, 0), ITEM(w, w->n), w->size);
			siftdown(w, 0);
		}
	}
	w->taken = 1;
	return 1;
}

int
ro_push(struct reorder *w, const void *item, void *out)
{
	int64_t key, first;
	int popped = 0;

	memcpy(&key, item, sizeof key);
	if (w->taken && key < w->lastkey)
		return -1;
	if (w->n + w->qn == w->cap) {
		/* The earliest leaves; that may be the new item itself. */
		first = queuefirst(w) ? QKEY(w, 0) : KEY(w, 0);
		if (key <= first) {
			memcpy(out, item, w->size);
			w->lastkey = key;
			w->taken = 1;
			return 1;
		}
		popped = ro_pop(w, out);
	}
	if (w->qn == 0 || key >= QKEY(w, w->qn - 1)) {
		memcpy(QITEM(w, w->qn), item, w->size);
		w->qn++;
	} else {
		memcpy(ITEM(w, w->n), item, w->size);
		siftup(w, w->n++);
	}
	return popped;
}

void
runs_init(struct runs *r)
{
	memset(r, 0, sizeof *r);
}

int
runs_add(struct runs *r, int64_t s, int64_t e, int64_t *ds, int64_t *de)
{
	if (e < s)
		e = s;
	if (r->open && s <= r->e) {	/* overlapping, nested or adjacent */
		if (e > r->e)
			r->e = e;
		return 0;
	}
	if (!r->open) {
		r->open = 1;
		r->s = s;
		r->e = e;
		return 0;
	}
	*ds = r->s;
	*de = r->e;
	r->busy += r->e - r->s;
	r->s = s;
	r->e = e;
	return 1;
}

int
runs_end(struct runs *r, int64_t *ds, int64_t *de)
{
	if (!r->open)
		return 0;
	*ds = r->s;
	*de = r->e;
	r->busy += r->e - r->s;
	r->open = 0;
	return 1;
}
