/*
 * showdma: DMA transfer records from the text of
 * `neuron-profile show-session --show-dma`.
 *
 * The format is known only second-hand, from rendered samples: no
 * specification of it is published.  What this reader relies on:
 *
 * - The text is in sections, each headed by a line "<What> trace for ...":
 *   "DMA trace for ND <d> NC <c> queue <name>", and others (Instruction,
 *   Collectives) whose lines are passed over by design.
 * - A DMA section's lines are blank-separated fields,
 *       <index> <queue> <notification> <crc> <timestamp> bytes=<N> ...
 *   by default at positions queue=2 event=3 crc=4 ts=5, and the byte count
 *   wherever its "bytes=N" token is (-F overrides any of them; a field at a
 *   position given may be "N" or "bytes=N").  A CRC of "-" is none.
 * - The notification is a hardware one, M2S_ or S2M_ followed by SOP
 *   (start of packet), EOP (end of packet) or COMPLETION; others are not
 *   understood.  One transfer is a SOP followed by an EOP or a COMPLETION
 *   on the same queue; its byte count is the end's, else the SOP's.
 * - Timestamps are integers in the input's unit (-u), scaled by the reader.
 *
 * - Real traces run forward: a file whose first pairs mostly end before
 *   they start, all last 0, or never start later on a queue has its time
 *   read from another field, an error naming -F (tl_judge).
 *
 * Lines are read two ways that give the same bytes: a fast path (tl_pairfast)
 * over the whole lines buffered, for the plain line of a trace, and the
 * general way (dmaline) for every other line, which makes each check and
 * gives each message.  The lines of a section passed over by design are
 * consumed at once up to the next that may be a header (tl_skipto),
 * unread, as the general way would pass over each.
 *
 * Every line not understood, every log line (time="..."), and every event
 * left without its pair is counted, never dropped silently.  A line of
 * one of the events is a transfer's, though: a time or byte count in it
 * that is no integer is an error (tl_badint), not a line passed over.
 */
#include <string.h>

#include "base/msg.h"
#include "kind/dma.h"
#include "base/number.h"
#include "format/startend.h"
#include "read/showdma.h"
#include "format/table.h"
#include "write/row.h"
#include "write/tsvout.h"

#define MAXQUEUES 1024
#define TOKLEN 64

enum { PQ, PV, PC, PT, PB };	/* textin.pos: queue event crc ts bytes */

#define NOEND "SOP events without an EOP or COMPLETION"
#define NOSTART "EOP or COMPLETION events without a SOP"
#define EARLIER "EOP or COMPLETION events earlier than their SOP"

static const struct tl_words dmawords = {
	"SOP", "EOP or COMPLETION", "transfers", "queue",
};

/* The fast path writes the columns that change from row to row, in the
 * kind's order, and row.h the rest: the section's nd and nc. */
_Static_assert(D_QUEUE == 0 && D_QUEUE < D_START && D_START < D_END &&
    D_END < D_DUR && D_DUR < D_BYTES && D_BYTES < D_CRC &&
    D_CRC - D_BYTES <= 8 && D_CRC < D_ND && D_ND < D_NC,
    "DMA columns in the fast path's order");

#define ROWMAX 1024		/* the most a row written by transferrow takes */

struct dmastate {
	struct tl_pairrun run;	/* the SOP waiting, per queue; first */
	struct dmawait {	/* and the byte count it carries, by slot */
		int64_t bytes;
		int hasbytes;
		/* The SOP's time and count as rec_write prints them, and
		 * the queue's name escaped, for transferrow. */
		char ts[NUM_BUFSZ], bytestext[NUM_BUFSZ];
		size_t tslen, byteslen;
		char q[OUT_ESCROOM(TOKLEN)];
		size_t qlen;
		int64_t prev;	/* the SOP before, for tl_judge */
		int hasprev;
	} wait[MAXQUEUES];
	int64_t nd, nc;
	int hasnd, hasnc;
	struct rowtail tail;	/* the columns after the crc: see settail */
};

/* The columns of a row after its crc, in this section: nd and nc when
 * the header gave them. */
static void
settail(struct dmastate *s)
{
	struct record rec;

	memset(&rec, 0, sizeof rec);
	if (s->hasnd)
		rec_setint(&rec, D_ND, s->nd);
	if (s->hasnc)
		rec_setint(&rec, D_NC, s->nc);
	row_tail(&s->tail, &kind_dma, &rec, D_CRC + 1, D_NCOL);
}

static void
dmastart(void *st, struct textin *tx)
{
	struct dmastate *s = st;

	(void)tx;
	pair_init(&s->run.q, MAXQUEUES, TOKLEN - 1);
	s->run.section = TL_SEC_NONE;
	s->hasnd = s->hasnc = 0;
	settail(s);
	s->run.whole.whole = s->run.whole.wend = NULL;
	memset(&s->run.judge, 0, sizeof s->run.judge);
}

static void
dmaflush(struct dmastate *s, struct textin *tx)
{
	pair_flush(&s->run.q, tx->notes, NOEND, tx->in->name);
}

/*
 * "DMA trace for ND 0 NC 4 queue qSyncIO0" and the other section headers
 * ("Instruction trace for ...", "Collectives trace for ..."), whose lines
 * are passed over by design.
 */
static int
header(struct dmastate *s, struct textin *tx, char *line,
    const struct src_fields *fl)
{
	struct tl_section sec;

	if (!tl_section(line, fl, &sec))
		return 0;
	dmaflush(s, tx);
	s->run.section = tl_is(sec.what, sec.whatlen, "DMA") ? TL_SEC_OURS :
	    TL_SEC_OTHER;
	s->hasnd = sec.hasnd;
	s->hasnc = sec.hasnc;
	s->nd = sec.nd;
	s->nc = sec.nc;
	settail(s);
	return 1;
}

/* The queue's slot; dies when there are too many or a name is too long. */
static int
queueslot(struct dmastate *s, struct textin *tx, const char *q, size_t n,
    long line)
{
	int had = s->run.q.n, i = pair_find(&s->run.q, q, n);
	struct dmawait *w;

	if (i == PAIR_FULL)
		np_die_at(tx->in->name, line, src_col(tx->in, q),
		    "expected at most %d DMA queues, found more", MAXQUEUES);
	if (i == PAIR_LONG)
		np_die_at(tx->in->name, line, src_col(tx->in, q),
		    "expected a queue name of at most %d bytes, found %zu "
		    "bytes", TOKLEN - 1, n);
	if (s->run.q.n != had) {
		w = &s->wait[i];
		w->qlen = (size_t)(out_escape(w->q, s->run.q.slot[i].name,
		    s->run.q.slot[i].len) - w->q);
		w->hasprev = 0;
	}
	return i;
}

/*
 * The byte count of a line: the field at its position ("N" or "bytes=N"),
 * or by default its first "bytes=N" field.  1, 0 when there is none, -1
 * when it is not a number.
 */
static int
linebytes(const struct textin *tx, const struct src_fields *fl, int64_t *v)
{
	int pb = tx->pos[PB];

	if (pb < 0)
		return tl_keyint(fl, tx->nsplit, "bytes", v);
	if (pb >= fl->n)
		return 0;
	return tl_posint(fl->f[pb], fl->len[pb], "bytes", v);
}

/* SOP, EOP / COMPLETION, or neither. */
enum { EV_NONE, EV_SOP, EV_END };

static inline int
event(const char *s, size_t n)
{
	if (n < 4 || (memcmp(s, "M2S_", 4) && memcmp(s, "S2M_", 4)))
		return EV_NONE;
	if (tl_is(s + 4, n - 4, "SOP"))
		return EV_SOP;
	if (tl_is(s + 4, n - 4, "EOP") || tl_is(s + 4, n - 4, "COMPLETION"))
		return EV_END;
	return EV_NONE;
}

/* A SOP at ts waits in slot i, with the byte count it carries.  Inline:
 * half the lines of a trace come here from the fast path. */
TL_INLINE void
sopwaits(struct dmastate *s, struct textin *tx, int i, int64_t ts,
    int hasbytes, int64_t bytes, long ln)
{
	struct pair_slot *sl = &s->run.q.slot[i];
	struct dmawait *w = &s->wait[i];

	if (sl->line)
		tl_unpaired(tx, NOEND, sl->line);
	/* Once the layout is judged, there is no more to count. */
	if (!s->run.judge.done) {
		if (w->hasprev)
			tl_judgestart(&s->run.judge, ts > w->prev);
		w->prev = ts;
		w->hasprev = 1;
	}
	sl->start = ts;
	w->bytes = bytes;
	w->hasbytes = hasbytes;
	sl->line = ln;
}

/* Fills rec with the transfer in slot i that an end event closes: its
 * time, and the byte count and CRC it carries (the byte count may be on
 * the SOP). */
static void
transfer(struct dmastate *s, struct textin *tx, struct record *rec, int i,
    int64_t end, const char *crc, size_t crclen, int hasbytes, int64_t bytes)
{
	struct pair_slot *sl = &s->run.q.slot[i];

	rec->file = tx->in->name;
	rec->line = sl->line;
	/* Neither the slot nor the line changes before the next call: no
	 * copies. */
	if (tx->want & 1u << D_QUEUE)
		rec_setref(rec, D_QUEUE, sl->name, sl->len);
	rec_setint(rec, D_START, sl->start);
	rec_setint(rec, D_END, end);
	if (hasbytes)
		rec_setint(rec, D_BYTES, bytes);
	else if (s->wait[i].hasbytes)
		rec_setint(rec, D_BYTES, s->wait[i].bytes);
	if (crc && tx->want & 1u << D_CRC)
		rec_setref(rec, D_CRC, crc, crclen);
	if (s->hasnd && tx->want & 1u << D_ND)
		rec_setint(rec, D_ND, s->nd);
	if (s->hasnc && tx->want & 1u << D_NC)
		rec_setint(rec, D_NC, s->nc);
	sl->line = 0;
}

/*
 * The same transfer written as its row, as rec_write writes transfer's
 * record once the reader has completed it (tx->rows: no time
 * to scale).  The end's time and byte count are their text (16 readable
 * bytes each, as num_canon found them); the SOP's were kept as text; only
 * the duration is printed.
 */
TL_INLINE void
transferrow(struct dmastate *s, struct textin *tx, int i, const char *end,
    size_t endlen, int64_t ts, const char *crc, size_t crclen,
    const char *bytes, size_t byteslen)
{
	struct pair_slot *sl = &s->run.q.slot[i];
	const struct dmawait *w = &s->wait[i];
	char *o = out_reserve(ROWMAX);

	if (w->qlen <= 16)
		memcpy(o, w->q, 16);
	else
		memcpy(o, w->q, w->qlen);
	o += w->qlen;
	o = row_gap(o, D_QUEUE, D_START);
	memcpy(o, w->ts, NUM_BUFSZ);
	o += w->tslen;
	o = row_gap(o, D_START, D_END);
	memcpy(o, end, 16);
	o += endlen;
	o = row_gap(o, D_END, D_DUR);
	o += num_fmt_small(o, ts - sl->start);
	o = row_gap(o, D_DUR, D_BYTES);
	if (bytes) {
		memcpy(o, bytes, 16);
		o += byteslen;
	} else if (w->hasbytes) {
		memcpy(o, w->bytestext, NUM_BUFSZ);
		o += w->byteslen;
	}
	o = row_gap(o, D_BYTES, D_CRC);
	if (crc)
		o = out_escapetoken(o, crc, crclen);
	out_commit(row_puttail(o, &s->tail));
	tx->written++;
	sl->line = 0;
}

/*
 * One line, the general way (src_getfields split it): 1 with a transfer
 * in rec, else 0.  Every line the fast path does not take comes here, so
 * this is where each check is made and each message given.
 */
static NP_COLD int
dmaline(void *st, struct textin *tx, struct record *rec, char *line,
    struct src_fields *fl)
{
	struct dmastate *s = st;
	char **f = fl->f, *crc;
	size_t *len = fl->len, crclen;
	int pq = tx->pos[PQ], pv = tx->pos[PV], pc = tx->pos[PC],
	    pt = tx->pos[PT];
	int nf = fl->n, ev, hasbytes, i;
	int64_t ts, bytes = 0;
	struct pair_slot *sl;
	struct dmawait *w;
	long ln = tx->in->line;

	if (nf == 0)
		return 0;
	if ((tl_maybesection(fl) && header(s, tx, line, fl)) ||
	    s->run.section == TL_SEC_OTHER)
		return 0;
	if (src_islog(f[0], len[0])) {
		tl_notelog(tx, ln);
		return 0;
	}
	if (pq >= nf || pv >= nf || pt >= nf ||
	    (ev = event(f[pv], len[pv])) == EV_NONE) {
		tl_note(tx, "lines not understood", ln);
		return 0;
	}
	/* A transfer's line: a number in it that is none is an error, not
	 * a line passed over. */
	if (!num_i64(f[pt], len[pt], &ts))
		tl_badint(tx, fl, "ts", pt);
	if ((hasbytes = linebytes(tx, fl, &bytes)) < 0)
		tl_badint(tx, fl, "bytes", tx->pos[PB]);
	crc = NULL;
	crclen = 0;
	if (pc >= 0 && pc < nf && !tl_is(f[pc], len[pc], "-")) {
		crc = f[pc];
		crclen = len[pc];
	}
	i = queueslot(s, tx, f[pq], len[pq], ln);
	sl = &s->run.q.slot[i];
	w = &s->wait[i];
	if (ev == EV_SOP) {
		sopwaits(s, tx, i, ts, hasbytes, bytes, ln);
		w->tslen = num_fmt_i64(w->ts, ts);
		w->byteslen = hasbytes ? num_fmt_i64(w->bytestext, bytes) : 0;
		return 0;
	}
	if (!sl->line) {
		tl_unpaired(tx, NOSTART, ln);
		return 0;
	}
	tl_judgeend(tx, &s->run.judge, sl->start, ts, ln,
	    src_col(tx->in, f[pt]), pt, &dmawords);
	if (ts < sl->start) {
		/* Not this SOP's end: neither makes a transfer. */
		tl_unpaired(tx, EARLIER, ln);
		sl->line = 0;
		return 0;
	}
	transfer(s, tx, rec, i, ts, crc, crclen, hasbytes, bytes);
	return 1;
}

/* The fast path's steps (tl_pairfast). */

/* A DMA line of the plain kind: its event, and its byte count when written
 * as num_fmt_i64 prints it. */
TL_INLINE int
fastevent(void *st, const struct tl_at *at, const struct src_fields *fl,
    const struct src_more *more, struct tl_key *k)
{
	int pv = at->pos[PV], ev = event(fl->f[pv], fl->len[pv]);

	(void)st;
	if (ev == EV_NONE || (k->has = tl_fastkey(fl, more, at->pos[PB],
	    at->nsplit, "bytes", &k->v, &k->t, &k->len)) < 0)
		return TL_NEITHER;
	return ev == EV_SOP ? TL_START : TL_END;
}

TL_INLINE void
fastwaits(void *st, struct textin *tx, const struct tl_at *at, int i,
    const struct src_fields *fl, int64_t ts, const struct tl_key *k, long ln)
{
	struct dmastate *s = st;
	struct dmawait *w = &s->wait[i];
	int pt = at->pos[PT];

	sopwaits(s, tx, i, ts, k->has, k->v, ln);
	memcpy(w->ts, fl->f[pt], 16);
	w->tslen = fl->len[pt];
	if (k->has) {
		memcpy(w->bytestext, k->t, 16);
		w->byteslen = k->len;
	}
}

/* The CRC of an end's line, or none. */
TL_INLINE const char *
linecrc(const struct tl_at *at, const struct src_fields *fl, size_t *crclen)
{
	int pc = at->pos[PC];

	*crclen = 0;
	if (pc < 0 || pc >= fl->n || tl_is(fl->f[pc], fl->len[pc], "-"))
		return NULL;
	*crclen = fl->len[pc];
	return fl->f[pc];
}

TL_INLINE void
fastrec(void *st, struct textin *tx, const struct tl_at *at,
    struct record *rec, int i, const struct src_fields *fl, int64_t ts,
    const struct tl_key *k)
{
	const char *crc;
	size_t crclen;

	crc = linecrc(at, fl, &crclen);
	transfer(st, tx, rec, i, ts, crc, crclen, k->has, k->v);
}

TL_INLINE void
fastrow(void *st, struct textin *tx, const struct tl_at *at, int i,
    const struct src_fields *fl, int64_t ts, const struct tl_key *k)
{
	int pt = at->pos[PT];
	const char *crc;
	size_t crclen;

	crc = linecrc(at, fl, &crclen);
	transferrow(st, tx, i, fl->f[pt], fl->len[pt], ts, crc, crclen,
	    k->has ? k->t : NULL, k->len);
}

/* dmadef's positions, 0-based, and the fields they split. */
static const struct tl_at dmaplain = { { 1, 2, 3, 4, -1 }, 6 };

static const struct tl_pairops dmaops = {
	fastevent, fastwaits, fastrec, fastrow, dmaline,
	NOEND, NOSTART, EARLIER, &dmawords,
	PT, PQ, 1u << PQ | 1u << PV | 1u << PT,
	1u << PQ | 1u << PV | 1u << PC | 1u << PT | 1u << PB, &dmaplain, 1,
};

static int
dmanext(void *st, struct textin *tx, struct record *rec)
{
	return tl_pairnext(&dmaops, st, tx, rec);
}

static const char *const dmafield[] = {
	"queue", "event", "crc", "ts", "bytes",
};
static const int dmadef[] = { 2, 3, 4, 5, 0 };

const struct textfmt showdma = {
	"show-session --show-dma", &kind_dma,
	5, dmafield, dmadef, "queue event crc ts bytes",
	sizeof(struct dmastate), dmastart, dmanext,
};
