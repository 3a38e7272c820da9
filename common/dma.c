/*
 * dma: the DMA transfer kind, and the DMA sections of
 * `neuron-profile show-session --show-dma` text.
 *
 * The text format is known only second-hand (FORMATS.md section 8): lines
 * name a queue, a hardware notification (M2S_SOP, S2M_EOP, ...) and a
 * timestamp, and one transfer is a start of packet (SOP) followed by an end
 * of packet (EOP) or a COMPLETION on the same queue.  So the reader
 * recognises lines by their tokens, takes field positions from a table the
 * user can override (-F), and counts every line it does not understand and
 * every event it cannot pair.
 */
#include <string.h>

#include "diag.h"
#include "dma.h"
#include "num.h"
#include "reader.h"
#include "schema.h"
#include "textline.h"

static const struct column dmacols[] = {
	[D_QUEUE] = { "queue_name", T_TEXT, 0, "subgroup queue_idx" },
	[D_START] = { "start_ts", T_INT, C_TIME, "timestamp" },
	[D_END] = { "end_ts", T_INT, C_TIME, NULL },
	[D_DUR] = { "duration_ns", T_INT, C_TIME, "duration" },
	[D_BYTES] = { "transfer_bytes", T_INT, 0, "transfer_size" },
	[D_OP] = { "op", T_TEXT, 0, NULL },
	[D_VAR] = { "variable", T_TEXT, 0, NULL },
	[D_SEM] = { "semaphore", T_TEXT, 0, "semaphore_id" },
	[D_QTYPE] = { "queue_type", T_TEXT, 0, NULL },
	[D_ENGINE] = { "engine_idx", T_INT, 0, NULL },
	[D_READ] = { "read_bytes", T_INT, 0, NULL },
	[D_WRITE] = { "write_bytes", T_INT, 0, NULL },
	[D_CRC] = { "crc", T_TEXT, 0, NULL },
	[D_ND] = { "nd", T_INT, 0, "nd_idx" },
	[D_NC] = { "nc", T_INT, 0, "nc_idx" },
};

static int dmatext(struct reader *, struct record *);
static void dma_finish(struct record *);

const struct kind kind_dma = {
	"DMA transfer", "dma", D_NCOL, dmacols, D_START, D_END, D_DUR,
	dmatext, "show-session --show-dma", "queue event crc ts bytes",
	dma_finish,
	SC_BIT(SC_DMAPACKET), "queue_name, queue_idx or transfer_bytes",
	"DmaPacket",
};

/* Tidies a row: a semaphore of "-1" (none) becomes missing. */
static void
dma_finish(struct record *r)
{
	struct field *f = &r->f[D_SEM];

	/* The view export writes "-1" for "no semaphore". */
	if (f->set && f->len == 2 && memcmp(f->s, "-1", 2) == 0)
		rec_unmark(r, D_SEM);
}

/* ---- show-session --show-dma text ---- */

#define MAXQUEUES 1024
#define TOKLEN 64

/* A SOP waiting for its EOP or COMPLETION, per queue. */
static struct pending {
	char queue[TOKLEN];
	size_t qlen;
	uint64_t key;		/* the queue name's first 8 bytes */
	int64_t start, bytes;
	int hasbytes;
	long line;		/* of the SOP; 0: none waiting */
} pend[MAXQUEUES];
static int npend, lastq;
static enum { SEC_NONE, SEC_DMA, SEC_OTHER } section;
static int64_t nd, nc;
static int hasnd, hasnc;
static const char *pendfile;
enum { PQ, PV, PC, PT, PB };
static int pos[5];			/* field positions, 0-based */
static int nsplit;			/* fields to split (tl_positions) */

static void
flushpending(struct reader *r)
{
	int i;

	for (i = 0; i < npend; i++)
		if (pend[i].line)
			rd_unpaired(r, "SOP events without an EOP or COMPLETION",
			    pend[i].line);
	npend = 0;
	lastq = 0;
}

/*
 * "DMA trace for ND 0 NC 4 queue qSyncIO0" and the other section headers
 * ("Instruction trace for ...", "Collectives trace for ..."), whose lines
 * are passed over by design.
 */
static int
header(struct reader *r, char *line, const struct src_fields *fl)
{
	struct tl_section sec;

	if (!tl_section(line, fl, &sec))
		return 0;
	flushpending(r);
	section = tl_is(sec.what, sec.whatlen, "DMA") ? SEC_DMA : SEC_OTHER;
	hasnd = sec.hasnd;
	hasnc = sec.hasnc;
	nd = sec.nd;
	nc = sec.nc;
	return 1;
}

static struct pending *
queueslot(struct reader *r, const char *q, size_t n, long line)
{
	uint64_t key = tl_key8(q, n);
	int i;

#define SAME(p) ((p)->key == key && (p)->qlen == n && \
	    (n <= 8 || memcmp((p)->queue + 8, q + 8, n - 8) == 0))
	/* Lines of one queue usually come together: try the last first. */
	if (lastq < npend && SAME(&pend[lastq]))
		return &pend[lastq];
	for (i = 0; i < npend; i++)
		if (SAME(&pend[i]))
			return &pend[lastq = i];
#undef SAME
	if (npend == MAXQUEUES)
		np_die_at(r->in.name, line, src_col(&r->in, q),
		    "expected at most %d DMA queues, found more", MAXQUEUES);
	if (n >= TOKLEN)
		np_die_at(r->in.name, line, src_col(&r->in, q),
		    "expected a queue name of at "
		    "most %d bytes, found %zu bytes", TOKLEN - 1, n);
	memcpy(pend[npend].queue, q, n);
	pend[npend].qlen = n;
	pend[npend].key = key;
	pend[npend].line = 0;
	return &pend[lastq = npend++];
}

/*
 * The byte count of a line: the field at its position ("N" or "bytes=N"),
 * or by default its first "bytes=N" field.  1, 0 when there is none, -1
 * when it is not a number.
 */
static int
linebytes(const struct src_fields *fl, int64_t *v)
{
	if (pos[PB] < 0)
		return tl_keyint(fl, nsplit, "bytes", v);
	if (pos[PB] >= fl->n)
		return 0;
	return tl_posint(fl->f[pos[PB]], fl->len[pos[PB]], "bytes", v);
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

static void
startfile(struct reader *r)
{
	/* Field positions: the defaults of FORMATS.md's rendering; bytes=0
	 * means the bytes=N token wherever it is. */
	static const char *const names[] = {
		"queue", "event", "crc", "ts", "bytes",
	};
	static const int defs[] = { 2, 3, 4, 5, 0 };

	pendfile = r->in.name;
	npend = lastq = 0;
	section = SEC_NONE;
	hasnd = hasnc = 0;
	nsplit = tl_positions(r, names, defs, 5, pos);
}

/* Fills rec with the transfer p that an end event closes: its time, and
 * the byte count and CRC it carries (the byte count may be on the SOP). */
static void
transfer(struct reader *r, struct record *rec, struct pending *p,
    int64_t end, const char *crc, size_t crclen, int hasbytes, int64_t bytes)
{
	rec->file = r->in.name;
	rec->line = p->line;
	rec_settext(rec, D_QUEUE, p->queue, p->qlen);
	rec_setint(rec, D_START, p->start);
	rec_setint(rec, D_END, end);
	if (hasbytes)
		rec_setint(rec, D_BYTES, bytes);
	else if (p->hasbytes)
		rec_setint(rec, D_BYTES, p->bytes);
	if (crc)
		rec_settext(rec, D_CRC, crc, crclen);
	if (hasnd)
		rec_setint(rec, D_ND, nd);
	if (hasnc)
		rec_setint(rec, D_NC, nc);
	p->line = 0;
}

static int
dmatext(struct reader *r, struct record *rec)
{
	struct src_fields fl;
	char *line, **f = fl.f, *crc;
	size_t n, *len = fl.len, crclen;
	int pq, pv, pc, pt;
	int nf, ev, hasbytes;
	int64_t ts, bytes = 0;
	struct pending *p;

	if (pendfile != r->in.name)
		startfile(r);
	pq = pos[PQ];
	pv = pos[PV];
	pc = pos[PC];
	pt = pos[PT];
	while (src_getfields(&r->in, &line, &n, &fl, nsplit)) {
		long ln = r->in.line;

		nf = fl.n;
		if (nf == 0)
			continue;
		if (header(r, line, &fl) || section == SEC_OTHER)
			continue;
		if (src_islog(f[0], len[0])) {
			rd_notelog(r, ln);
			continue;
		}
		if (pq >= nf || pv >= nf || pt >= nf ||
		    (ev = event(f[pv], len[pv])) == EV_NONE ||
		    !num_i64(f[pt], len[pt], &ts) ||
		    (hasbytes = linebytes(&fl, &bytes)) < 0) {
			rd_note(r, "lines not understood", ln);
			continue;
		}
		crc = NULL;
		crclen = 0;
		if (pc >= 0 && pc < nf && !tl_is(f[pc], len[pc], "-")) {
			crc = f[pc];
			crclen = len[pc];
		}
		p = queueslot(r, f[pq], len[pq], ln);
		if (ev == EV_SOP) {
			if (p->line)
				rd_unpaired(r, "SOP events without an EOP or "
				    "COMPLETION", p->line);
			p->start = ts;
			p->bytes = bytes;
			p->hasbytes = hasbytes;
			p->line = ln;
			continue;
		}
		if (!p->line) {
			rd_unpaired(r, "EOP or COMPLETION events without a SOP", ln);
			continue;
		}
		if (ts < p->start) {
			/* Not this SOP's end: neither makes a transfer. */
			rd_unpaired(r, "EOP or COMPLETION events earlier than their SOP",
			    ln);
			p->line = 0;
			continue;
		}
		transfer(r, rec, p, ts, crc, crclen, hasbytes,
		    bytes);
		return 1;
	}
	flushpending(r);
	pendfile = NULL;
	return 0;
}
