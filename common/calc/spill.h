/*
 * spill: items put in order whatever order they arrive in, in memory
 * bounded by a window and a merge fan-in, never by the input.
 *
 * Items are fixed-size structs compared by the caller's function, which
 * must be a total order (ties broken by input order, kept in the item), so
 * that the output is the stable sort of the input.  A reorder window of
 * -r items puts locally disordered items right in memory: what leaves it,
 * in order, is run 0.  An item that comes after a later one has already
 * left the window is beyond it: such items are gathered in a second buffer
 * (of the window's size, or SP_MINLATE items if that is more), sorted and
 * written as a run.  Runs live in
 * unlinked temporary files under TMPDIR (default /tmp), created with
 * mkstemp, so nothing is left behind however the program ends; run 0 and
 * the last late buffer stay in memory while they fit.  When fanin runs of
 * one size class pile up they are merged into one (as sort(1) does), and
 * at the end at most fanin runs are merged through a heap as the caller
 * reads.  The run files hold the items' bytes as they are: they are written
 * and read back by this process only.  Where TMPDIR cannot take run 0 and
 * nothing has come beyond the window, the items go to the caller's deliver
 * function as they leave the window instead, so that input in order needs
 * no TMPDIR; an item beyond the window is then an error.
 */
#ifndef NP_SPILL_H
#define NP_SPILL_H

#include <stddef.h>
#include <stdint.h>

#define SP_FANIN 16		/* runs merged at once (NP_MERGE_FANIN) */
#define SP_MAXFANIN 1024
#define SP_MEMRUN (1 << 19)	/* bytes of run 0 kept in memory, at most */
#define SP_RUNBUF (1 << 16)	/* read buffer of one run in a merge */
#define SP_MINLATE 1024	/* items beyond the window held at least */
#define SP_LEVELS 64		/* size classes: each fanin times the last */

typedef int sp_cmp(const void *, const void *);
/* Takes an item in order during the input (see sp_init); ctx is sp_init's. */
typedef void sp_deliver(void *ctx, const void *item);

struct sp_run {
	int fd;			/* -1: in memory, at mem */
	char *mem;
	int64_t n;		/* items */
	int level;		/* size class: merged from fanin of level - 1 */
	char name[64];		/* of the unlinked file, for messages */
};

struct sp_reader {
	struct sp_run *run;
	char *buf;
	size_t pos, len;	/* bytes in buf: taken, held */
	int64_t left;		/* items not yet read into buf */
};

struct sp_merge {
	struct sp_reader *r;
	int *heap;		/* readers with an item, by their item */
	int n;
};

struct spill {
	size_t size;
	sp_cmp *cmp;
	sp_deliver *deliver;
	void *ctx;		/* deliver's first argument */
	int live;		/* delivering: the errno TMPDIR gave */
	int cap;		/* the window, items */
	int fanin;
	/* the window: a FIFO of items in order, a heap of the others */
	char *heap, *fifo, *tmp;
	int hn, qhead, qn;
	char *last;		/* the last item out of the window */
	int taken;
	/* run 0: what leaves the window, in order */
	char *w0;
	size_t w0len, w0cap;
	struct sp_run run0;
	/* items beyond the window */
	char *late;
	int ln, latecap;
	/* runs written, smallest last; their levels never increase */
	struct sp_run *runs;
	int nruns, maxruns;
	const char *dir;
	int dirlen;		/* dir without trailing slashes, to join */
	int64_t beyond;		/* items beyond the window */
	const char *bfile;	/* where the first of them was read */
	long bline, bcol;
	int64_t spilled;	/* bytes of items written to files */
	int64_t made;		/* runs written from the input */
	int64_t merges;		/* runs merged into one before the last */
	int ended;
	struct sp_merge m;	/* the last merge, read by sp_next */
	struct sp_run *final;	/* its runs */
	int nfinal;
};

/*
 * Items of size bytes, window items held in memory, compared by cmp.
 * deliver (or NULL) takes items in order during the input where TMPDIR
 * fails them, with ctx as its first argument; it must do what the caller
 * does with what sp_next gives.
 */
void sp_init(struct spill *sp, size_t size, int window, sp_cmp *cmp,
    sp_deliver *deliver, void *ctx);
/* Adds an item: 1 when it is beyond the window (it is kept all the same),
 * else 0. */
int sp_push(struct spill *sp, const void *item);
/* Where the item beyond the window that sp_push has just taken was read
 * (file:line:col of its key, col 0 for none), for sp_report: the first
 * is kept. */
void sp_beyondat(struct spill *sp, const char *file, long line, long col);
/* Ends the input: from now on sp_next gives every item in order (those
 * not given to deliver already). */
void sp_end(struct spill *sp);
/* The next item into out: 1, or 0 when there are no more. */
int sp_next(struct spill *sp, void *out);
/*
 * Once per run, on stderr, when items came beyond the window: how many,
 * and how much was spilled, where, and where the first of them was read
 * (sp_beyondat).
 */
void sp_report(const struct spill *sp);
void sp_free(struct spill *sp);

#endif
