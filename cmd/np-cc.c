/*
 * np-cc: collective events, the gaps between the starts of one event,
 * per-layer latency from those gaps, and skew across CC-cores and ranks.
 *
 * Every file is one rank.  A stream is one rank's CC-core, or one of its
 * collective streams (CcOp's stream_id, which CcInstruction rows lack);
 * its n-th START of the chosen event is collective n of that stream.  -G,
 * -L and -K need each
 * stream's starts in time order: spill.h puts them in it (a reorder window
 * of -r starts in memory, sorted runs in TMPDIR for those beyond it), so
 * the answer is that of the input sorted, whatever its order.  Streams come
 * out in a fixed order: by the file they first appear in, then rank, then
 * CC-core (numbers in numeric order).  The default, -G and -L modes keep a
 * few numbers per stream, whatever the input's size; --skew keeps one row
 * per stream per collective until the end (bounded by SKEW_MAX).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/alloc.h"
#include "kind/collective.h"
#include "base/decimal.h"
#include "base/msg.h"
#include "base/decimal.h"
#include "base/options.h"
#include "calc/hashtab.h"
#include "calc/hist.h"
#include "base/number.h"
#include "read/reader.h"
#include "calc/spill.h"
#include "format/table.h"
#include "write/row.h"
#include "write/tsvout.h"

static const char optstring[] = "C:c:E:F:GKLl:p:r:u:x:";
static const char synopsis[] =
    "np-cc [-nq] [-G | -L | -K] [-E event] [-l per_layer] [-p prologue] "
    "[-x factor] [-C first,last] [-c columns] [-F positions] [-r rows] "
    "[-u unit] [file ...]";

/* One line per option, as the man page orders them, for -h (np_help). */
static const char *const help[] = {
	"-C first,last", "with -K: only collectives first to last",
	"-c columns", "further input columns carried through to the events",
	"-E event", "the event (default with -G, -L, -K: TPB_TRIGGER)",
	"-F positions", "field positions of show-session text",
	"-G, --gaps", "gaps between the starts of the event",
	"-K, --skew", "skew across CC-cores and ranks",
	"-L, --layers", "time per layer",
	"-l per_layer", "with -L: collectives per layer (default 2)",
	"-n, --no-header", "no header line",
	"-p prologue", "with -L: gaps before the first layer (default 1)",
	"-q, --quiet", "no progress line on stderr",
	"-r rows", "with -G, -L, -K: reorder window, starts (default 4096)",
	"-u unit", "the input's time unit: ps, ns (default) or us",
	"-x factor", "with -K: threshold of the slow column (default 2)",
	NULL
};

static const char *const longopts[] = {
	"--gaps", "-G", "--layers", "-L", "--skew", "-K", NULL,
};

/* Letters that moved (np(7) OPTIONS). */
static const struct np_oldopt oldopts[] = {
	{ 'e', 'E', "event", "the engine filter elsewhere" },
	{ 'g', 'G', "gaps mode", "group-by keys elsewhere" },
	{ 'k', 'l', "collectives per layer", "np-sum's summary key column" },
	{ 'w', 'r', "reorder window", "np-sum's one column per profile" },
	{ 0 }
};

#define STREAM_MAX 65536	/* ranks x CC-cores */
#define EXACT_MAX 1024		/* steady layers whose median is exact */
#define SKEW_MAX (1 << 20)	/* collectives held by --skew */
#define DEFWIN 4096		/* reorder window, starts */
#define MAXWIN (1 << 20)

enum mode { EVENTS, GAPS, LAYERS, SKEW };
enum { CORE_NONE, CORE_INT, CORE_OTHER };

/* One rank's CC-core. */
struct stream {
	long id;		/* order of first appearance */
	long pos;		/* place in the output order */
	long file;		/* the file it first appears in, counted */
	size_t ranklen;		/* the key is rank, TAB, cc_core, TAB, */
	size_t corelen;		/* stream_id: these end the first two */
	long sid;		/* stream_id, an index in sids */
	int corekind;		/* cc_core: CORE_NONE, CORE_INT (in core) */
	int64_t core;
	int64_t pushed;		/* STARTs of the event read */
	int64_t starts;		/* STARTs of the event so far, in order */
	int64_t prev;		/* the last one's start_ts */
	/* -L: the layer being summed */
	int64_t lfirst, lsum, lgaps, lastgap;
	/* complete layers */
	int64_t layers, total, tlast;
	/* The last complete layer past layer 0, held back from the steady
	 * state until a gap follows it: if none does, it holds the epilogue. */
	int haspend;
	int64_t pendns, pendfirst, pendlast;
	/* steady-state layers: every complete one but layer 0 and an
	 * epilogue */
	int64_t nsteady, ssum, smin, smax, sfirst, slast;
	int64_t *exact;		/* the first EXACT_MAX of them */
	struct hist h;		/* all of them, past EXACT_MAX */
};

/* A START of the chosen event on its way into time order. */
struct start {
	int64_t t;
	int64_t dur;		/* INT64_MIN when unknown */
	int64_t seq;		/* input order, for ties */
	int64_t line;
	const char *file;
	long stream;		/* id */
};

/* --skew: the n-th START of a stream. */
struct coll {
	int64_t start, dur;	/* dur: INT64_MIN when unknown */
	int32_t n;
	int32_t member;		/* stream id */
	int32_t sid;		/* its stream_id's place in the output order */
};

/* The program's state: its options, and what it has read. */
static struct cc {
	enum mode mode;
	const char *event;	/* the event chosen, or NULL for all */
	size_t eventlen;
	int64_t perlayer, prologue;
	double factor;
	int64_t first, last;	/* --skew: collectives */
	struct group streams;
	long *order;		/* stream ids by pos */
	struct group sids;	/* the distinct stream_ids, each keyed as in
				   a stream's key (sidkey) */
	long *sidpos;		/* their places in the output order */
	struct spill sorter;
	int window;
	int64_t seq;
	long nfile;		/* files seen, less one */
	const char *curfile;
	struct coll *colls;
	size_t ncolls, collcap;
	/* Trailing layers with fewer than -l gaps, and the first one's
	 * stream. */
	long incomplete;
	long incompletefirst;
	/* Last complete layers left out of the steady state as the
	 * epilogue, and the first one's stream. */
	long epilogues;
	long epiloguefirst;
	/* What was found, for a mode that finds nothing: the reader (for
	 * its notes), the events read that are not the one chosen, rows of
	 * the one chosen. */
	struct reader *rdr;
	struct tally others;
	long chosen;
	char *lookup;		/* the key being looked up */
	size_t lookupcap;
	long lastid;		/* the stream of the previous record */
} st = {
	.mode = EVENTS,
	.perlayer = 2, .prologue = 1,
	.factor = 2,
	.first = 1, .last = INT64_MAX,
	.window = DEFWIN,
	.nfile = -1,
	.lastid = -1,
};
/* ---- options ---- */

static void
parserange(const char *arg)
{
	int hasfirst, haslast;

	if (num_range(arg, &st.first, &st.last, &hasfirst, &haslast) &&
	    st.first >= 1)
		return;
	np_warn("-C: expected FIRST,LAST with 1 <= FIRST <= LAST, "
	    "found '%s'", arg);
	np_usage(synopsis);
}

static void
parsefactor(const char *arg)
{
	if (!num_f64(arg, strlen(arg), &st.factor) || !isfinite(st.factor) ||
	    st.factor <= 0) {
		np_warn("-x: expected a number above 0, found '%s'", arg);
		np_usage(synopsis);
	}
}

static void
setmode(enum mode m)
{
	if (st.mode != EVENTS && st.mode != m) {
		np_warn("-G, -L and -K exclude one another");
		np_usage(synopsis);
	}
	st.mode = m;
}

/* ---- streams ---- */

/* The text of a number field into buf, and its length (0: missing). */
static size_t
numtext(const struct field *f, char *buf)
{
	if (!f->set)
		return 0;
	return f->isint ? num_fmt_i64(buf, f->i) : num_fmt_f64(buf, f->d);
}

static int
corekind(const struct field *core)
{
	return !core->set ? CORE_NONE : core->isint ? CORE_INT : CORE_OTHER;
}

/*
 * A stream_id in a key: nothing when the row has none, else SIDSET and
 * its text, so that a missing stream_id and an empty one are two streams
 * (np(7), OUTPUT).  Its length there.
 */
#define SIDSET '='

static size_t
sidkeylen(const struct field *sid)
{
	return sid->set ? sid->len + 1 : 0;
}

/* Is s the stream of rank and core?  A core that is not an integer is
 * never matched here: it takes the lookup. */
static int
samestream(const struct stream *s, const struct field *rank,
    const struct field *core, const struct field *sid)
{
	size_t n, slen = sidkeylen(sid);
	int k = corekind(core);
	const char *key;

	if (s->ranklen != rank->len || k == CORE_OTHER || k != s->corekind ||
	    (k == CORE_INT && s->core != core->i))
		return 0;
	key = grp_key(&st.streams, s->id, &n);
	return n - s->corelen - 1 == slen &&
	    (rank->len == 0 || memcmp(key, rank->s, rank->len) == 0) &&
	    (slen <= 1 || memcmp(key + s->corelen + 2, sid->s, slen - 1) ==
	    0);
}

static struct stream *
streamof(const struct record *rec)
{
	const struct field *rank = &rec->f[CC_RANK], *core = &rec->f[CC_CORE];
	const struct field *sid = &rec->f[CC_STREAM];
	struct stream *s;
	size_t slen = sidkeylen(sid), corelen;
	size_t need = rank->len + 2 + NUM_BUFSZ + slen;
	long *sp;
	int isnew;

	/* Rows of one stream usually come in runs: skip the hashing. */
	if (st.lastid >= 0 &&
	    samestream(s = grp_val(&st.streams, st.lastid), rank, core, sid))
		return s;
	if (need > st.lookupcap) {
		free(st.lookup);
		st.lookupcap = need * 2;
		st.lookup = np_malloc(st.lookupcap);
	}
	if (rank->len)
		memcpy(st.lookup, rank->s, rank->len);
	st.lookup[rank->len] = '\t';
	corelen = rank->len + 1 + numtext(core, st.lookup + rank->len + 1);
	st.lookup[corelen] = '\t';
	if (slen)
		st.lookup[corelen + 1] = SIDSET;
	if (slen > 1)
		memcpy(st.lookup + corelen + 2, sid->s, slen - 1);
	need = corelen + 1 + slen;
	s = grp_get(&st.streams, st.lookup, need, &isnew);
	if (!s)
		np_die_at(rec->file, rec->line, 0, "more than %d streams "
		    "(ranks x CC-cores x stream_ids)", STREAM_MAX);
	if (isnew) {
		s->id = st.streams.n - 1;
		s->file = st.nfile;
		s->ranklen = rank->len;
		s->corelen = corelen;
		s->corekind = corekind(core);
		s->core = core->i;
		if (!(sp = grp_get(&st.sids, st.lookup + corelen + 1, slen,
		    &isnew)))
			np_die_at(rec->file, rec->line, 0, "more than %d "
			    "stream_ids", STREAM_MAX);
		s->sid = st.sids.n - 1;
		if (!isnew)
			s->sid = *sp;
		else
			*sp = s->sid;
		hist_init(&s->h);
	}
	st.lastid = s->id;
	return s;
}

/* rank, TAB, cc_core */
static void
outstream(const struct stream *s)
{
	size_t n;
	const char *key = grp_key(&st.streams, s->id, &n);

	out_text(key, s->ranklen);
	out_raw(key + s->ranklen, s->corelen - s->ranklen);
}

/* TAB, stream_id (missing: nothing; empty: ""): the last column of a
 * row of -G, -L and -K */
static void
outsid(const struct stream *s)
{
	size_t n;
	const char *key = grp_key(&st.streams, s->id, &n);

	out_tab();
	if (n > s->corelen + 1)
		out_text(key + s->corelen + 2, n - s->corelen - 2);
}

/*
 * rank:cc_core, or rank alone when the core is unknown.  An empty rank
 * is written "" only where it is the whole field (alone, no core): a
 * field that begins with "" and goes on would read as quoted.
 */
static void
outmember(const struct stream *s, int alone)
{
	size_t n;
	const char *key = grp_key(&st.streams, s->id, &n);
	int core = s->corelen > s->ranklen + 1;

	if (s->ranklen > 0 || (alone && !core))
		out_text(key, s->ranklen);
	if (core) {
		out_raw(":", 1);
		out_raw(key + s->ranklen + 1, s->corelen - s->ranklen - 1);
	}
}

static int
isdigits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return n > 0 && (n == 1 || s[0] != '0');
}

/* The order of stream_ids: none first, then numbers in numeric order,
 * then the others by their bytes (the empty one first). */
static int
sidcmp(long a, long b)
{
	size_t na, nb, n;
	const char *ka = grp_key(&st.sids, a, &na);
	const char *kb = grp_key(&st.sids, b, &nb);
	int da, db, c;

	if ((na == 0) != (nb == 0))
		return na == 0 ? -1 : 1;
	if (na == 0)
		return 0;
	ka++, na--;	/* past SIDSET */
	kb++, nb--;
	da = isdigits(ka, na);
	db = isdigits(kb, nb);
	if (da != db)
		return da ? -1 : 1;
	if (da && na != nb)
		return na < nb ? -1 : 1;
	n = na < nb ? na : nb;
	if ((c = memcmp(ka, kb, n)) != 0)
		return c;
	return (na > nb) - (na < nb);
}

static int
bysid(const void *a, const void *b)
{
	return sidcmp(*(const long *)a, *(const long *)b);
}

/* sidpos from sidcmp. */
static void
place_sids(void)
{
	long i, *o;

	o = np_malloc(((size_t)st.sids.n + 1) * sizeof *o);
	st.sidpos = np_malloc(((size_t)st.sids.n + 1) * sizeof *st.sidpos);
	for (i = 0; i < st.sids.n; i++)
		o[i] = i;
	qsort(o, (size_t)st.sids.n, sizeof *o, bysid);
	for (i = 0; i < st.sids.n; i++)
		st.sidpos[o[i]] = i;
	free(o);
}

/* The output order of streams: file, rank, then CC-core (none, numbers
 * in numeric order, then the others by their text), then stream_id. */
static int
streamcmp(long a, long b)
{
	const struct stream *x = grp_val(&st.streams, a);
	const struct stream *y = grp_val(&st.streams, b);
	const char *kx, *ky;
	size_t nx, ny, n;
	int c;

	if (a == b)
		return 0;
	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	kx = grp_key(&st.streams, a, &nx);
	ky = grp_key(&st.streams, b, &ny);
	n = x->ranklen < y->ranklen ? x->ranklen : y->ranklen;
	if ((c = memcmp(kx, ky, n)) != 0)
		return c;
	if (x->ranklen != y->ranklen)
		return x->ranklen < y->ranklen ? -1 : 1;
	if (x->corekind != y->corekind)
		return x->corekind < y->corekind ? -1 : 1;
	if (x->corekind == CORE_INT && x->core != y->core)
		return x->core < y->core ? -1 : 1;
	if (x->corelen == y->corelen &&
	    memcmp(kx, ky, x->corelen) == 0 && x->sid != y->sid)
		return sidcmp(x->sid, y->sid);
	n = nx < ny ? nx : ny;
	if ((c = memcmp(kx, ky, n)) != 0)
		return c;
	return (nx > ny) - (nx < ny);
}

/*
 * Stream, then time, then duration (unknown first): the n-th collective's
 * duration (--skew) is not the input's choice between two STARTs of a
 * stream at one time.  Then input order, between STARTs that are the same.
 */
static int
bystream(const void *a, const void *b)
{
	const struct start *x = a, *y = b;
	int c;

	if (x->stream != y->stream && (c = streamcmp(x->stream, y->stream)))
		return c;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	if (x->dur != y->dur)
		return x->dur < y->dur ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

static int
byorder(const void *a, const void *b)
{
	return streamcmp(*(const long *)a, *(const long *)b);
}

/* pos and order[] from streamcmp. */
static void
place_streams(void)
{
	long i;

	st.order = np_malloc(((size_t)st.streams.n + 1) * sizeof *st.order);
	for (i = 0; i < st.streams.n; i++)
		st.order[i] = i;
	qsort(st.order, (size_t)st.streams.n, sizeof *st.order, byorder);
	for (i = 0; i < st.streams.n; i++)
		((struct stream *)grp_val(&st.streams, st.order[i]))->pos = i;
}

/* ---- -G ---- */

static void
gaprow(const struct stream *s, int64_t n, int64_t start, int64_t gap)
{
	outstream(s);
	out_tab();
	out_i64(n);
	out_tab();
	out_i64(start);
	out_tab();
	out_i64(gap);
	outsid(s);
	out_nl();
}

/* ---- -L ---- */

static void
layerrow(const struct stream *s, int64_t layer, int64_t lo, int64_t hi,
    int64_t ns)
{
	outstream(s);
	out_tab();
	out_i64(layer);
	out_tab();
	out_i64(lo);
	out_tab();
	out_i64(hi);
	out_tab();
	out_i64(ns);
	outsid(s);
	out_nl();
}

/* A steady-state layer of ns, gaps lo .. hi. */
static void
steady(struct stream *s, int64_t ns, int64_t lo, int64_t hi)
{
	int64_t i;

	if (s->nsteady == 0) {
		s->smin = s->smax = ns;
		s->sfirst = lo;
	}
	s->slast = hi;
	if (ns < s->smin)
		s->smin = ns;
	if (ns > s->smax)
		s->smax = ns;
	s->ssum += ns;
	if (s->nsteady < EXACT_MAX) {
		if (!s->exact)
			s->exact = np_malloc(EXACT_MAX * sizeof *s->exact);
		s->exact[s->nsteady] = ns;
	} else {
		if (s->nsteady == EXACT_MAX)	/* from now on, estimate */
			for (i = 0; i < EXACT_MAX; i++)
				hist_add(&s->h, (double)s->exact[i], 1);
		hist_add(&s->h, (double)ns, 1);
	}
	s->nsteady++;
}

/* Gap g (1-based) of a stream: layer k is gaps P+kK+1 .. P+(k+1)K. */
static void
layergap(struct stream *s, int64_t g, int64_t gap)
{
	int64_t layer;

	if (g <= st.prologue)
		return;
	layer = (g - st.prologue - 1) / st.perlayer;
	if (s->haspend) {	/* a gap follows it: a layer like the others */
		steady(s, s->pendns, s->pendfirst, s->pendlast);
		s->haspend = 0;
	}
	if (s->lgaps == 0) {
		s->lfirst = g;
		s->lsum = 0;
	}
	s->lsum += gap;
	s->lastgap = g;
	if (++s->lgaps < st.perlayer)
		return;
	layerrow(s, layer, s->lfirst, g, s->lsum);
	s->lgaps = 0;
	s->layers++;
	s->total += s->lsum;
	s->tlast = g;
	if (layer > 0) {
		s->haspend = 1;
		s->pendns = s->lsum;
		s->pendfirst = s->lfirst;
		s->pendlast = g;
	}
}

static int
cmpi64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The ceil(m/2)-th smallest: exact, or from the histogram (1%). */
static int64_t
median(struct stream *s)
{
	double v;

	if (s->nsteady <= EXACT_MAX) {
		qsort(s->exact, (size_t)s->nsteady, sizeof *s->exact,
		    cmpi64);
		return s->exact[(s->nsteady + 1) / 2 - 1];
	}
	v = hist_quantile(&s->h, 0.5);
	/* The true median lies within [min, max]: so does the estimate. */
	if (v < (double)s->smin)
		v = (double)s->smin;
	if (v > (double)s->smax)
		v = (double)s->smax;
	return (int64_t)llround(v);
}

/* The start of a summary row, up to its value (empty unless has). */
static void
sumrow(const struct stream *s, const char *what, int has, int64_t lo,
    int64_t hi)
{
	outstream(s);
	out_tab();
	out_str(what);
	out_tab();
	if (has)
		out_i64(lo);
	out_tab();
	if (has)
		out_i64(hi);
	out_tab();
}

/* The steady layers' mean: the nearest double of the exact quotient, as
 * np-stall's and np-dma's, not the quotient of two rounded doubles. */
static double
mean(const struct stream *s)
{
	struct dec sum, n;

	dec_i64(&sum, s->ssum);
	dec_i64(&n, s->nsteady);
	return dec_div(&sum, &n);
}

static void
summary(struct stream *s)
{
	int has = s->nsteady > 0;
	int64_t slast = s->slast;

	/* The last complete layer that no gap follows holds what runs after
	 * the last layer: it is left out of the steady state, and counted.
	 * Followed by an incomplete layer, it was a layer like the others. */
	if (s->haspend && !st.epilogues++)
		st.epiloguefirst = s->id;
	if (s->lgaps) {
		/* Reported as it is, not padded to -l gaps. */
		layerrow(s, s->layers, s->lfirst, s->lastgap, s->lsum);
		if (!st.incomplete++)
			st.incompletefirst = s->id;
	}
	sumrow(s, "total", s->layers > 0, st.prologue + 1, s->tlast);
	if (s->layers > 0)
		out_i64(s->total);
	outsid(s);
	out_nl();
	sumrow(s, "mean", has, s->sfirst, slast);
	if (has)
		out_f64(mean(s));
	outsid(s);
	out_nl();
	sumrow(s, "median", has, s->sfirst, slast);
	if (has)
		out_i64(median(s));
	outsid(s);
	out_nl();
	sumrow(s, "min", has, s->sfirst, slast);
	if (has)
		out_i64(s->smin);
	outsid(s);
	out_nl();
	sumrow(s, "max", has, s->sfirst, slast);
	if (has)
		out_i64(s->smax);
	outsid(s);
	out_nl();
}

/* ---- --skew ---- */

static void
skewadd(const struct stream *s, const struct start *sa)
{
	struct coll *c;

	if (s->starts < st.first || s->starts > st.last)
		return;
	if (s->starts > INT32_MAX)
		np_die_at(sa->file, (long)sa->line, 0, "--skew: more than %ld "
		    "collectives on one CC-core", (long)INT32_MAX);
	if (st.ncolls == SKEW_MAX)
		np_die_at(sa->file, (long)sa->line, 0, "--skew holds at most %d "
		    "collectives (ranks x CC-cores x collectives); select "
		    "fewer with -C first,last", SKEW_MAX);
	if (st.ncolls == st.collcap) {
		st.collcap = st.collcap ? st.collcap * 2 : 4096;
		st.colls = np_realloc(st.colls, st.collcap * sizeof *st.colls);
	}
	c = &st.colls[st.ncolls++];
	c->start = sa->t;
	c->dur = sa->dur;
	c->n = (int32_t)s->starts;
	c->member = (int32_t)s->id;	/* its pos once all are known */
	c->sid = (int32_t)s->sid;	/* likewise */
}

static int
cmpcoll(const void *a, const void *b)
{
	const struct coll *x = a, *y = b;

	if (x->n != y->n)
		return (x->n > y->n) - (x->n < y->n);
	if (x->sid != y->sid)
		return (x->sid > y->sid) - (x->sid < y->sid);
	return (x->member > y->member) - (x->member < y->member);
}

/* One row for the members c[0..m) of collective c->n, in member order. */
static void
skewrow(const struct coll *c, size_t m, int64_t *starts, int64_t *durs)
{
	size_t i, nd = 0, late = 0, nslow = 0;
	int64_t dmed = 0;
	int comma = 0;

	for (i = 0; i < m; i++) {
		starts[i] = c[i].start;
		if (c[i].dur != INT64_MIN)
			durs[nd++] = c[i].dur;
		if (c[i].start > c[late].start)
			late = i;	/* ties: the first member */
	}
	qsort(starts, m, sizeof *starts, cmpi64);
	qsort(durs, nd, sizeof *durs, cmpi64);
	if (nd)
		dmed = durs[(nd + 1) / 2 - 1];
	out_i64(c->n);
	out_tab();
	out_i64((int64_t)m);
	out_opt_i64(1, starts[0]);
	out_opt_i64(1, starts[(m + 1) / 2 - 1]);
	out_opt_i64(1, starts[m - 1]);
	out_opt_i64(1, starts[m - 1] - starts[0]);
	out_opt_i64(nd > 0, nd ? durs[0] : 0);
	out_opt_i64(nd > 0, dmed);
	out_opt_i64(nd > 0, nd ? durs[nd - 1] : 0);
	out_tab();
	outmember(grp_val(&st.streams, st.order[c[late].member]), 1);
	out_tab();
	for (i = 0; i < m && nd; i++)
		nslow += c[i].dur != INT64_MIN &&
		    (double)c[i].dur > st.factor * (double)dmed;
	for (i = 0; i < m && nd; i++)
		if (c[i].dur != INT64_MIN &&
		    (double)c[i].dur > st.factor * (double)dmed) {
			if (comma)
				out_raw(",", 1);
			outmember(grp_val(&st.streams, st.order[c[i].member]),
			    nslow == 1);
			comma = 1;
		}
	outsid(grp_val(&st.streams, st.order[c->member]));
	out_nl();
}

static void
skewreport(void)
{
	int64_t *starts, *durs;
	size_t i, j;

	if (!st.ncolls)
		return;
	qsort(st.colls, st.ncolls, sizeof *st.colls, cmpcoll);
	starts = np_malloc((size_t)st.streams.n * sizeof *starts);
	durs = np_malloc((size_t)st.streams.n * sizeof *durs);
	for (i = 0; i < st.ncolls; i = j) {
		for (j = i + 1; j < st.ncolls &&
		    st.colls[j].n == st.colls[i].n &&
		    st.colls[j].sid == st.colls[i].sid; j++)
			;
		skewrow(st.colls + i, j - i, starts, durs);
	}
	free(starts);
	free(durs);
}

/* ---- the loop ---- */

static int
wanted(const struct record *rec)
{
	const struct field *f = &rec->f[CC_EVENT];

	return !st.event || (f->set && f->len == st.eventlen &&
	    strncasecmp(f->s, st.event, f->len) == 0);
}

/* "rank R, CC-core C", or "rank R" when the core is unknown, and the
 * stream_id where there is one (an empty rank or stream_id as ""): for
 * messages. */
static const char *
streamname(const struct stream *s)
{
	static char buf[512];
	size_t n;
	const char *key = grp_key(&st.streams, s->id, &n);

	size_t at;

	at = (size_t)snprintf(buf, sizeof buf, "rank %.*s",
	    s->ranklen ? (int)s->ranklen : 2, s->ranklen ? key : "\"\"");
	if (s->corelen > s->ranklen + 1 && at < sizeof buf)
		at += (size_t)snprintf(buf + at, sizeof buf - at,
		    ", CC-core %.*s", (int)(s->corelen - s->ranklen - 1),
		    key + s->ranklen + 1);
	if (n > s->corelen + 2 && at < sizeof buf)
		snprintf(buf + at, sizeof buf - at, ", stream %.*s",
		    (int)(n - s->corelen - 2), key + s->corelen + 2);
	else if (n > s->corelen + 1 && at < sizeof buf)
		snprintf(buf + at, sizeof buf - at, ", stream \"\"");
	return buf;
}

/* A START of the chosen event: checked, then on its way into order.  The
 * reader has left out rows whose start is not whole ns. */
static void
onstart(struct reader *rd, const struct record *rec)
{
	const struct field *f = &rec->f[CC_START], *d = &rec->f[CC_DUR];
	struct stream *s;
	struct start sa;
	int64_t t;

	t = f->i;
	if (t <= -REC_TIMEMAX || t >= REC_TIMEMAX) {
		/* So that every gap, spread and sum of gaps fits in 64 bits. */
		rd_note(rd, "rows with times beyond 2^62 ns skipped",
		    rec->line);
		return;
	}
	if (rec->file != st.curfile) {
		st.curfile = rec->file;
		st.nfile++;
	}
	sa.t = t;
	sa.dur = d->set && d->isint ? d->i : INT64_MIN;
	sa.seq = st.seq++;
	sa.line = rec->line;
	sa.file = rec->file;
	s = streamof(rec);
	s->pushed++;
	sa.stream = s->id;
	if (sp_push(&st.sorter, &sa))
		sp_beyondat(&st.sorter, rec->file, rec_line(rec, CC_START),
		    f->col);
}

/* A start in stream and time order: gaps, layers, skew (spill.h's
 * deliver, too). */
static void
onsorted(void *ctx, const void *p)
{
	const struct start *sa = p;
	struct stream *s = grp_val(&st.streams, sa->stream);
	int64_t gap;

	(void)ctx;
	s->starts++;
	if (st.mode == SKEW)
		skewadd(s, sa);
	if (s->starts > 1) {
		gap = sa->t - s->prev;
		if (st.mode == GAPS)
			gaprow(s, s->starts - 1, s->prev, gap);
		else if (st.mode == LAYERS)
			layergap(s, s->starts - 1, gap);
	}
	s->prev = sa->t;
}

static void
replay(void)
{
	struct start sa;
	size_t i;

	sp_end(&st.sorter);
	while (sp_next(&st.sorter, &sa))
		onsorted(NULL, &sa);
	place_streams();
	place_sids();
	for (i = 0; i < st.ncolls; i++) {
		st.colls[i].member = (int32_t)((struct stream *)
		    grp_val(&st.streams, st.colls[i].member))->pos;
		st.colls[i].sid = (int32_t)st.sidpos[st.colls[i].sid];
	}
}

static void
header(struct reader *rd)
{
	static const char *const gaps[] = { "rank", "cc_core", "n",
	    "start_ts", "gap_ns", "stream_id" };
	static const char *const layers[] = { "rank", "cc_core", "layer",
	    "first_gap", "last_gap", "layer_ns", "stream_id" };
	static const char *const skew[] = { "n", "members", "first_start_ts",
	    "median_start_ts", "last_start_ts", "spread_ns",
	    "min_duration_ns", "median_duration_ns", "max_duration_ns",
	    "latest", "slow", "stream_id" };

	switch (st.mode) {
	case EVENTS:
		rd_header(rd);
		break;
	case GAPS:
		out_header(gaps, 6);
		break;
	case LAYERS:
		out_header(layers, 7);
		break;
	case SKEW:
		out_header(skew, 12);
		break;
	}
}

/* ---- nothing to report ---- */

/* A mode that found nothing to report on input that has rows: what was
 * passed over, then why, and exit 1. */
static _Noreturn void NP_PRINTF(1, 2)
nothing(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	rd_close(st.rdr);
	np_die("%s", msg);
}

/* No row of the event chosen: the events there were, and -e. */
static void
noevent(void)
{
	char seen[512];

	/* An empty table: an empty answer. */
	if (st.chosen || st.others.rows == 0)
		return;
	tally_text(&st.others, seen, sizeof seen);
	nothing("no %s events in %ld rows read (-E chooses the event; seen: "
	    "%s)", st.event, st.others.rows, seen);
}

/* The most STARTs of the event on one stream. */
static int64_t
maxstarts(void)
{
	int64_t m = 0;
	long i;

	for (i = 0; i < st.streams.n; i++)
		if (((struct stream *)grp_val(&st.streams, i))->pushed > m)
			m = ((struct stream *)grp_val(&st.streams, i))->pushed;
	return m;
}

/* Before the replay: -g without a gap, -L without a layer, -K without a
 * collective in -C. */
static void
nonefound(void)
{
	int64_t m = maxstarts();
	char lastspec[NUM_BUFSZ] = "";

	if (st.chosen == 0)
		return;		/* an empty table: an empty answer */
	if (st.last != INT64_MAX)
		num_fmt_i64(lastspec, st.last);

	if (st.seq == 0)
		nothing("no %s start within +-2^62 ns", st.event);
	if (st.mode == GAPS && m < 2)
		nothing("no gaps: at most one %s start on each CC-core",
		    st.event);
	if (st.mode == LAYERS && m - 1 <= st.prologue)
		nothing("no layers: at most %lld %s starts on one CC-core (gaps: "
		    "%lld), and the prologue takes %lld (-p)", (long long)m,
		    st.event, (long long)(m > 0 ? m - 1 : 0),
		    (long long)st.prologue);
	if (st.mode == SKEW && m < st.first)
		nothing("no collectives in -C %lld,%s: at most %lld %s starts "
		    "on one CC-core", (long long)st.first, lastspec,
		    (long long)m, st.event);
}

/* After the input: what -g, -L and --skew write at the end, under the
 * header (hdr) when there is something to write. */
static void
report(int hdr)
{
	long i;

	if (st.mode == EVENTS) {
		out_flush();
		return;
	}
	nonefound();
	if (hdr)
		header(st.rdr);
	replay();
	if (st.mode == LAYERS)
		for (i = 0; i < st.streams.n; i++)
			summary(grp_val(&st.streams, st.order[i]));
	if (st.mode == SKEW)
		skewreport();
	out_flush();
}

/* What was passed over or left incomplete, after the reader's notes. */
static void
warnings(void)
{
	if (st.incomplete)
		np_warn("incomplete trailing layers, with fewer than %lld "
		    "gaps: %ld (first: %s)", (long long)st.perlayer,
		    st.incomplete,
		    streamname(grp_val(&st.streams, st.incompletefirst)));
	if (st.epilogues)
		np_warn("last layers left out of mean, median, min and max, as "
		    "the epilogue: %ld (first: %s)", st.epilogues,
		    streamname(grp_val(&st.streams, st.epiloguefirst)));
}

static void
cleanup(void)
{
	long i;
	struct stream *s;

	for (i = 0; i < st.streams.n; i++) {
		s = grp_val(&st.streams, i);
		free(s->exact);
		hist_free(&s->h);
	}
	grp_free(&st.streams);
	grp_free(&st.sids);
	free(st.sidpos);
	if (st.mode != EVENTS)
		sp_free(&st.sorter);
	free(st.order);
	free(st.colls);
	free(st.lookup);
}

int
main(int argc, char **argv)
{
	struct reader rd;
	struct record *rec;
	struct np_cmd cmd = {
		.optstring = optstring, .synopsis = synopsis, .help = help,
		.longopts = longopts, .moved = oldopts, .atdie = out_salvage,
	};
	int c;
	const char *unit = NULL, *pos = NULL;
	char *cols = NULL;

	np_start(&cmd, argc, argv);
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'C':
			parserange(optarg);
			break;
		case 'c':
			cols = optarg;
			break;
		case 'E':
			st.event = np_optname("E", optarg, "an event name");
			break;
		case 'F':
			pos = optarg;
			break;
		case 'G':
			setmode(GAPS);
			break;
		case 'K':
			setmode(SKEW);
			break;
		case 'L':
			setmode(LAYERS);
			break;
		case 'l':
			st.perlayer = np_optnum("l", optarg, 1, 1000000);
			break;
		case 'p':
			st.prologue = np_optnum("p", optarg, 0, 1000000000);
			break;
		case 'r':
			st.window = (int)np_optnum("r", optarg, 1, MAXWIN);
			break;
		case 'u':
			unit = optarg;
			break;
		case 'x':
			parsefactor(optarg);
			break;
		}
	}
	np_needs(&cmd, 'C', "K", "skew");
	np_needs(&cmd, 'l', "L", "layers");
	np_needs(&cmd, 'p', "L", "layers");
	np_needs(&cmd, 'r', "GLK", "a mode that puts starts in order");
	np_needs(&cmd, 'x', "K", "skew");
	if (st.mode != EVENTS && !st.event)
		st.event = "TPB_TRIGGER";
	if (st.event)
		st.eventlen = strlen(st.event);
	if (cols && st.mode != EVENTS) {
		np_warn("-c: the events' columns, not with -G, -L or -K");
		np_usage(synopsis);
	}
	rd_open(&rd, &kind_cc, argv + optind, argc - optind);
	rd_options(&rd, unit, pos, synopsis);
	if (cols)
		rd_extra(&rd, cols, synopsis);
	grp_init(&st.streams, sizeof(struct stream), STREAM_MAX);
	grp_init(&st.sids, sizeof(long), STREAM_MAX);
	if (st.mode != EVENTS)
		sp_init(&st.sorter, sizeof(struct start), st.window, bystream,
		    onsorted, NULL);
	st.rdr = &rd;
	while ((rec = rd_next(&rd))) {
		if (!wanted(rec)) {
			tally_add(&st.others, rec->f[CC_EVENT].s,
			    rec->f[CC_EVENT].len);
			continue;
		}
		if (st.mode == EVENTS) {
			/* The header with the first row: a -e that
			 * matches nothing is an error, not a header. */
			if (st.chosen++ == 0 && cmd.header)
				header(st.rdr);
			rec_write(&kind_cc, rec);
		} else {
			st.chosen++;
			onstart(&rd, rec);
		}
	}
	if (st.event)
		noevent();
	if (st.mode == EVENTS && st.chosen == 0 && cmd.header)
		header(st.rdr);	/* an empty table: an empty answer */
	report(cmd.header);
	rd_close(&rd);
	if (st.mode != EVENTS)
		sp_report(&st.sorter);
	warnings();
	cleanup();
	return 0;
}
