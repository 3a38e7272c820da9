/*
 * busy: busy time from intervals in start order (spill.h puts them in
 * it).  Overlapping, nested and adjacent intervals join one busy run; the
 * gaps between runs are the idle time.  Memory: one run, whatever the
 * input's size.
 */
#ifndef NP_INTERVAL_H
#define NP_INTERVAL_H

#include <stdint.h>

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
/*
 * runs_add, and the part of [s, e) that no interval fed before covers, in
 * *ns, *ne: 1 when it is not empty.  In start order that part is one
 * interval, from the current run's end (or s) to e; time-bucketed busy
 * time (np-gaps -B) counts it into the buckets it falls in.
 */
int runs_grow(struct runs *r, int64_t s, int64_t e, int64_t *ns, int64_t *ne);
/* Finishes the last run: 1 with it in *ds, *de, or 0 if there is none. */
int runs_end(struct runs *r, int64_t *ds, int64_t *de);

#endif
