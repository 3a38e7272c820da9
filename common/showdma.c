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
 * Every line not understood, every log line (time="..."), and every event
 * left without its pair is counted, never dropped silently.
 */
#include <string.h>

#include "diag.h"
#include "dma.h"
#include "num.h"
#include "pair.h"
#include "showdma.h"

#define MAXQUEUES 1024
#define TOKLEN 64

enum { PQ, PV, PC, PT, PB };	/* textin.pos: queue event crc ts bytes */

struct dmastate {
	struct pairs q;		/* the SOP waiting, per queue */
	struct dmawait {	/* and the byte count it carries, by slot */
		int64_t bytes;
		int hasbytes;
	} wait[MAXQUEUES];
	enum { SEC_NONE, SEC_DMA, SEC_OTHER } section;
	int64_t nd, nc;
	int hasnd, hasnc;
};

static void
dmastart(void *st, struct textin *tx)
{
	struct dmastate *s = st;

	(void)tx;
	pair_init(&s->q, MAXQUEUES, TOKLEN - 1);
	s->section = SEC_NONE;
	s->hasnd = s->hasnc = 0;
}

static void
dmaflush(struct dmastate *s, struct textin *tx)
{
	pair_flush(&s->q, tx->notes, "SOP events without an EOP or COMPLETION",
	    tx->in->name);
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
	s->section = tl_is(sec.what, sec.whatlen, "DMA") ? SEC_DMA : SEC_OTHER;
	s->hasnd = sec.hasnd;
	s->hasnc = sec.hasnc;
	s->nd = sec.nd;
	s->nc = sec.nc;
	return 1;
}

/* The queue's slot; dies when there are too many or a name is too long. */
static int
queueslot(struct dmastate *s, struct textin *tx, const char *q, size_t n,
    long line)
{
	int i = pair_find(&s->q, q, n);

	if (i == PAIR_FULL)
		np_die_at(tx->in->name, line, src_col(tx->in, q),
		    "expected at most %d DMA queues, found more", MAXQUEUES);
	if (i == PAIR_LONG)
		np_die_at(tx->in->name, line, src_col(tx->in, q),
		    "expected a queue name of at most %d bytes, found %zu "
		    "bytes", TOKLEN - 1, n);
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

static int
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

/* Fills rec with the transfer in slot i that an end event closes: its
 * time, and the byte count and CRC it carries (the byte count may be on
 * the SOP). */
static void
transfer(struct dmastate *s, struct textin *tx, struct record *rec, int i,
    int64_t end, const char *crc, size_t crclen, int hasbytes, int64_t bytes)
{
	struct pair_slot *sl = &s->q.slot[i];

	rec->file = tx->in->name;
	rec->line = sl->line;
	rec_settext(rec, D_QUEUE, sl->name, sl->len);
	rec_setint(rec, D_START, sl->start);
	rec_setint(rec, D_END, end);
	if (hasbytes)
		rec_setint(rec, D_BYTES, bytes);
	else if (s->wait[i].hasbytes)
		rec_setint(rec, D_BYTES, s->wait[i].bytes);
	if (crc)
		rec_settext(rec, D_CRC, crc, crclen);
	if (s->hasnd)
		rec_setint(rec, D_ND, s->nd);
	if (s->hasnc)
		rec_setint(rec, D_NC, s->nc);
	sl->line = 0;
}

static int
dmanext(void *st, struct textin *tx, struct record *rec)
{
	struct dmastate *s = st;
	struct src_fields fl;
	char *line, **f = fl.f, *crc;
	size_t n, *len = fl.len, crclen;
	int pq = tx->pos[PQ], pv = tx->pos[PV], pc = tx->pos[PC],
	    pt = tx->pos[PT];
	int nf, ev, hasbytes, i;
	int64_t ts, bytes = 0;
	struct pair_slot *sl;

	while (src_getfields(tx->in, &line, &n, &fl, tx->nsplit)) {
		long ln = tx->in->line;

		nf = fl.n;
		if (nf == 0)
			continue;
		if ((tl_maybesection(&fl) && header(s, tx, line, &fl)) ||
		    s->section == SEC_OTHER)
			continue;
		if (src_islog(f[0], len[0])) {
			tl_notelog(tx, ln);
			continue;
		}
		if (pq >= nf || pv >= nf || pt >= nf ||
		    (ev = event(f[pv], len[pv])) == EV_NONE ||
		    !num_i64(f[pt], len[pt], &ts) ||
		    (hasbytes = linebytes(tx, &fl, &bytes)) < 0) {
			tl_note(tx, "lines not understood", ln);
			continue;
		}
		crc = NULL;
		crclen = 0;
		if (pc >= 0 && pc < nf && !tl_is(f[pc], len[pc], "-")) {
			crc = f[pc];
			crclen = len[pc];
		}
		i = queueslot(s, tx, f[pq], len[pq], ln);
		sl = &s->q.slot[i];
		if (ev == EV_SOP) {
			if (sl->line)
				tl_unpaired(tx, "SOP events without an EOP or "
				    "COMPLETION", sl->line);
			sl->start = ts;
			s->wait[i].bytes = bytes;
			s->wait[i].hasbytes = hasbytes;
			sl->line = ln;
			continue;
		}
		if (!sl->line) {
			tl_unpaired(tx, "EOP or COMPLETION events without a "
			    "SOP", ln);
			continue;
		}
		if (ts < sl->start) {
			/* Not this SOP's end: neither makes a transfer. */
			tl_unpaired(tx, "EOP or COMPLETION events earlier than "
			    "their SOP", ln);
			sl->line = 0;
			continue;
		}
		transfer(s, tx, rec, i, ts, crc, crclen, hasbytes, bytes);
		return 1;
	}
	dmaflush(s, tx);
	return 0;
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
