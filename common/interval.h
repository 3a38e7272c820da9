/*
 * interval: busy time from intervals that arrive roughly in start order.
 *
 * A reorder window (of a fixed number of items) puts intervals back in
 * start order when the input is only locally disordered; an interval that
 * arrives after a later one has already left the window is reported to the
 * caller, who stops with a message suggesting sort(1).  Items that arrive
 * in order, the usual case, wait in a FIFO queue at constant cost; only the
 * others go into a min-heap by start.
 * Runs then merges intervals in start order into busy runs: overlapping,
 * nested and adjacent intervals join one run; the gaps between runs are the
 * idle time.  Memory: the window, whatever the input's size.
 */
#ifndef NP_INTERVAL_H
#define NP_INTERVAL_H

#include <stddef.h>
#include <stdint.h>

struct reorder {
	char *items;		/* heap: n of cap items of size bytes */
	char *queue;		/* ring: qn items from qhead, in order */
	size_t size;
	int n, cap;
	int qhead, qn;		/* n + qn <= cap */
	int64_t lastkey;	/* start of the last item taken out */
	int taken;		/* any taken out yet */
};

/* Items are structs whose first member is an int64_t start. */
void ro_init(struct reorder *w, size_t size, int cap);
void ro_free(struct reorder *w);
/*
 * Adds item.  When the window is full, the earliest item is moved to out and
 * 1 returned; else 0.  Returns -1, adding nothing, when item starts before
 * an item already taken out: it is further out of order than the window.
 */
int ro_push(struct reorder *w, const void *item, void *out);
/* Takes the earliest item into out: 1, or 0 when the window is empty. */
int ro_pop(struct reorder *w, void *out);

struct runs {
	int64_t s, e;		/* the run being built */
	int open;
	int64_t busy;		/* total length of finished runs */
};

void runs_init(struct runs *r);
/*
 * Feeds [s, e) (s no earlier than the previous s).  When it starts after
 * the current run ends, that run is finished: it is stored in *ds, *de and 1
 * is returned; the new interval begins the next run.
 */
int runs_add(struct runs *r, int64_t s, int64_t e, int64_t *ds, int64_t *de);
/* Finishes the last run: 1 with it in *ds, *de, or 0 if there is none. */
int runs_end(struct runs *r, int64_t *ds, int64_t *de);

#endif
