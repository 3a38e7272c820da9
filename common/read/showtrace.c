/*
 * showtrace: instruction and collective-event records from the text of
 * `neuron-profile show-session --show-trace`.
 *
 * The format is known only second-hand, from rendered samples: no
 * specification of it is published.  What this reader relies on:
 *
 * - The text is in sections, each headed by a line "<What> trace for ...":
 *   "Instruction trace for ND <d> NC <c>", "Collectives trace for CC-core
 *   <n>" (also written "CC-core<n>" or "CC-core <n>:"), and others (DMA)
 *   that are passed over by design.
 * - An instruction section's lines are blank-separated fields,
 *       <index> <engine> <opcode> <START|END> <timestamp> pc=<N> ...
 *   by default at positions engine=2 opcode=3 event=4 ts=5, and the pc
 *   wherever its "pc=N" token is (-F overrides any of them: "ts=6",
 *   "pc=7"; a field at a position given may be "N" or "pc=N").  One
 *   instruction is a START and the next END on the same engine; the
 *   START's line carries its opcode and pc.
 * - A collectives section's lines are
 *       <event> <timestamp> <START|END> ...
 *   at positions event=1 ts=2 phase=3.  One event is a START and the next
 *   END of the same event name on the section's CC-core; a START left
 *   without its END is still a record (with no end time), written before
 *   the next section is read.
 * - Timestamps are integers in the input's unit (-u), scaled by the reader.
 *
 * - Real traces run forward: a file whose first pairs mostly end before
 *   they start, all last 0, or never start later on an engine has its time
 *   read from another field, an error naming -F (tl_judge).
 *
 * Instruction lines are read two ways that give the same bytes: a fast
 * path (tl_pairfast) over the whole lines buffered, for the plain line of a
 * trace, and the general way (insnline) for every other line, which makes
 * each check and gives each message.  The lines of a section passed over
 * by design are consumed at once up to the next that may be a header
 * (tl_skipto), unread, as the general way would pass over each.
 *
 * Every line not understood, every log line (time="..."), and every event
 * left without its pair is counted, never dropped silently.  A START or
 * END line is an instruction's or an event's, though: a time or pc in it
 * that is no integer is an error (tl_badint), not a line passed over.
 */
#include <string.h>

#include "kind/collective.h"
#include "base/msg.h"
#include "kind/instruction.h"
#include "base/number.h"
#include "format/startend.h"
#include "read/showtrace.h"
#include "format/table.h"
#include "write/row.h"
#include "write/tsvout.h"

/* ---- instruction sections ---- */

#define MAXENGINES 64
#define TOKLEN 64

enum { PE, PO, PV, PT, PP };	/* textin.pos: engine opcode event ts pc */

static const struct tl_words insnwords = {
	"START", "END", "instructions", "engine",
};

/* The fast path writes the columns that change from row to row, in the
 * kind's order, and row.h the rest: the section's nd and nc, the track. */
_Static_assert(I_START < I_END && I_END < I_DUR && I_DUR < I_ENGINE &&
    I_ENGINE < I_OPCODE && I_OPCODE < I_PC && I_PC < I_ND &&
    I_NC < I_TRACK && I_TRACK == I_NCOL - 1 && I_START == 0,
    "instruction columns in the fast path's order");

/* The most a row written by insnrow takes. */
#define ROWMAX 1024

struct insnstate {
	struct tl_pairrun run;	/* the START waiting, per engine; first */
	struct insnwait {	/* and what else it carries, by slot */
		const char *name;	/* the usual spelling, else the slot's */
		size_t namelen;
		const char *track;	/* the timeline row it names, or NULL */
		size_t tracklen;
		char opcode[TOKLEN];
		size_t opcodelen;
		int64_t pc;
		int haspc;
		/* Their text as rec_write prints them, for insnrow. */
		char ts[NUM_BUFSZ], pctext[NUM_BUFSZ];
		size_t tslen, pclen;
		char eng[OUT_ESCROOM(TOKLEN)];
		size_t englen;
		int64_t prev;	/* the START before, for tl_judge */
		int hasprev;
	} wait[MAXENGINES];
	int64_t nd, nc;
	int hasndnc;
	struct rowtail tail;	/* the columns after the pc: see settail */
};

/* The columns of a row after its pc and before its track, in this
 * section: nd and nc when the header gave them. */
static void
settail(struct insnstate *s)
{
	struct record rec;

	memset(&rec, 0, sizeof rec);
	if (s->hasndnc) {
		rec_setint(&rec, I_ND, s->nd);
		rec_setint(&rec, I_NC, s->nc);
	}
	row_tail(&s->tail, &kind_insn, &rec, I_PC + 1, I_TRACK);
}

static void
insnstart(void *st, struct textin *tx)
{
	struct insnstate *s = st;

	(void)tx;
	pair_init(&s->run.q, MAXENGINES, TOKLEN - 1);
	s->run.section = TL_SEC_NONE;
	s->hasndnc = 0;
	settail(s);
	memset(&s->run.judge, 0, sizeof s->run.judge);
	s->run.whole.whole = s->run.whole.wend = NULL;
}

static void
insnflush(struct insnstate *s, struct textin *tx)
{
	pair_flush(&s->run.q, tx->notes, "START lines without an END",
	    tx->in->name);
}

/* "Instruction trace for ND 0 NC 4", and the other section headers. */
static int
insnheader(struct insnstate *s, struct textin *tx, char *line,
    const struct src_fields *fl)
{
	struct tl_section sec;

	if (!tl_section(line, fl, &sec))
		return 0;
	insnflush(s, tx);
	s->run.section = tl_is(sec.what, sec.whatlen, "Instruction") ?
	    TL_SEC_OURS : TL_SEC_OTHER;	/* collectives, DMA: passed over */
	s->hasndnc = sec.hasnd && sec.hasnc;
	s->nd = sec.nd;
	s->nc = sec.nc;
	settail(s);
	return 1;
}

/*
 * The engine's slot, and what else its START carries; a new engine gets
 * its usual spelling.  Dies when there are too many engines or a name is
 * too long.
 */
static int
engineslot(struct insnstate *s, struct textin *tx, const char *e, size_t n,
    long line)
{
	int had = s->run.q.n, i = pair_find(&s->run.q, e, n);
	const struct pair_slot *sl;
	struct insnwait *w;

	if (i == PAIR_FULL)
		np_die_at(tx->in->name, line, src_col(tx->in, e),
		    "more than %d engines", MAXENGINES);
	if (i == PAIR_LONG)
		np_die_at(tx->in->name, line, src_col(tx->in, e),
		    "engine name longer than %d bytes", TOKLEN - 1);
	if (s->run.q.n != had) {
		sl = &s->run.q.slot[i];
		w = &s->wait[i];
		w->name = insn_engine(sl->name, sl->len);
		w->namelen = w->name ? strlen(w->name) : sl->len;
		if (!w->name)
			w->name = sl->name;
		w->track = insn_track(sl->name, sl->len);
		w->tracklen = w->track ? strlen(w->track) : 0;
		w->englen = (size_t)(out_escape(w->eng, w->name, w->namelen) -
		    w->eng);
		w->hasprev = 0;
	}
	return i;
}

/* A START waits in slot i, with what it carries; ts and pc are in the
 * text rec_write would print for them.  Inline: half the lines of a
 * trace come here from the fast path. */
TL_INLINE void
insnwaits(struct insnstate *s, struct textin *tx, int i, const char *op,
    size_t oplen, int64_t ts, int haspc, int64_t pc, long ln)
{
	struct pair_slot *sl = &s->run.q.slot[i];
	struct insnwait *w = &s->wait[i];

	if (sl->line)
		tl_unpaired(tx, "START lines without an END", sl->line);
	if (oplen <= 32)	/* op lies in src's buffer: 32 bytes readable */
		memcpy(w->opcode, op, 32);
	else
		memcpy(w->opcode, op, oplen);
	w->opcodelen = oplen;
	sl->start = ts;
	/* Once the layout is judged, there is no more to count. */
	if (!s->run.judge.done) {
		if (w->hasprev)
			tl_judgestart(&s->run.judge, ts > w->prev);
		w->prev = ts;
		w->hasprev = 1;
	}
	w->pc = pc;
	w->haspc = haspc;
	sl->line = ln;
}

/* The instruction that an END at ts closes in slot i, as a record. */
static void
insnrec(const struct insnstate *s, struct textin *tx, struct record *rec,
    int i, int64_t ts)
{
	const struct pair_slot *sl = &s->run.q.slot[i];
	const struct insnwait *w = &s->wait[i];

	rec->file = tx->in->name;
	rec->line = sl->line;
	rec_setint(rec, I_START, sl->start);
	rec_setint(rec, I_END, ts);
	/* duration_ns is left to rec_complete: after -u has scaled both
	 * times to whole ns, so that it is their difference as printed. */
	/* The slot is not reused before the next call: no copies. */
	rec_setref(rec, I_ENGINE, w->name, w->namelen);
	if (w->track)
		rec_setref(rec, I_TRACK, w->track, w->tracklen);
	rec_setref(rec, I_OPCODE, w->opcode, w->opcodelen);
	if (w->haspc)
		rec_setint(rec, I_PC, w->pc);
	if (s->hasndnc) {
		rec_setint(rec, I_ND, s->nd);
		rec_setint(rec, I_NC, s->nc);
	}
}

/*
 * The same instruction written as its row, as rec_write writes insnrec's
 * record once the reader has completed it (tx->rows: no time
 * to scale).  The END's time is its text, end (endlen bytes, 16 readable
 * ones, as num_canon found it); the START's and the pc's were kept as
 * text; only the duration is printed.
 */
TL_INLINE void
insnrow(const struct insnstate *s, struct textin *tx, int i,
    const char *end, size_t endlen, int64_t ts)
{
	const struct pair_slot *sl = &s->run.q.slot[i];
	const struct insnwait *w = &s->wait[i];
	char *o = out_reserve(ROWMAX);

	memcpy(o, w->ts, NUM_BUFSZ);
	o += w->tslen;
	o = row_gap(o, I_START, I_END);
	memcpy(o, end, 16);
	o += endlen;
	o = row_gap(o, I_END, I_DUR);
	o += num_fmt_small(o, ts - sl->start);
	o = row_gap(o, I_DUR, I_ENGINE);
	if (w->englen <= 16)
		memcpy(o, w->eng, 16);
	else
		memcpy(o, w->eng, w->englen);
	o += w->englen;
	o = row_gap(o, I_ENGINE, I_OPCODE);
	o = out_escapetoken(o, w->opcode, w->opcodelen);
	o = row_gap(o, I_OPCODE, I_PC);
	if (w->haspc) {
		memcpy(o, w->pctext, NUM_BUFSZ);
		o += w->pclen;
	}
	o = row_puttail(o, &s->tail);
	o = row_gap(o, I_TRACK - 1, I_TRACK);
	if (w->track) {
		memcpy(o, w->track, w->tracklen);
		o += w->tracklen;
	}
	out_commit(row_end(o));
	tx->written++;
}

/*
 * One line, the general way (src_getfields split it): 1 with an
 * instruction in rec, else 0.  Every line the fast path does not take
 * comes here, so this is where each check is made and each message given.
 */
static NP_COLD int
insnline(void *st, struct textin *tx, struct record *rec, char *line,
    struct src_fields *fl)
{
	struct insnstate *s = st;
	char **f = fl->f;
	size_t *len = fl->len;
	int pe = tx->pos[PE], po = tx->pos[PO], pv = tx->pos[PV],
	    pt = tx->pos[PT], pp = tx->pos[PP], nsplit = tx->nsplit;
	int nf = fl->n, haspc, start, i;
	int64_t ts, pc = 0;
	struct pair_slot *sl;
	struct insnwait *w;
	long ln = tx->in->line;

	if (nf == 0)
		return 0;
	if ((tl_maybesection(fl) && insnheader(s, tx, line, fl)) ||
	    s->run.section == TL_SEC_OTHER)
		return 0;
	if (src_islog(f[0], len[0])) {
		tl_notelog(tx, ln);
		return 0;
	}
	if (s->run.section != TL_SEC_OURS || pe >= nf || pv >= nf ||
	    pt >= nf || po >= nf ||
	    (!(start = tl_is(f[pv], len[pv], "START")) &&
	    !tl_is(f[pv], len[pv], "END"))) {
		tl_note(tx, "lines not understood", ln);
		return 0;
	}
	/* An instruction's line: a number in it that is none is an error,
	 * not a line passed over. */
	if (!num_i64(f[pt], len[pt], &ts))
		tl_badint(tx, fl, "ts", pt);
	if (start) {
		/* The pc of the START's line is the instruction's. */
		if (pp < 0)
			haspc = tl_keyint(fl, nsplit, "pc", &pc);
		else
			haspc = pp < nf ?
			    tl_posint(f[pp], len[pp], "pc", &pc) : 0;
		if (haspc < 0)
			tl_badint(tx, fl, "pc", pp);
		i = engineslot(s, tx, f[pe], len[pe], ln);
		if (len[po] >= TOKLEN)	/* never cut short */
			np_die_at(tx->in->name, ln, src_col(tx->in, f[po]),
			    "opcode longer than %d bytes", TOKLEN - 1);
		insnwaits(s, tx, i, f[po], len[po], ts, haspc, pc, ln);
		w = &s->wait[i];
		w->tslen = num_fmt_i64(w->ts, ts);
		w->pclen = haspc ? num_fmt_i64(w->pctext, pc) : 0;
		return 0;
	}
	i = engineslot(s, tx, f[pe], len[pe], ln);
	sl = &s->run.q.slot[i];
	if (!sl->line) {
		tl_unpaired(tx, "END lines without a START", ln);
		return 0;
	}
	tl_judgeend(tx, &s->run.judge, sl->start, ts, ln,
	    src_col(tx->in, f[pt]), pt, &insnwords);
	if (ts < sl->start) {
		/* Not this START's END: neither makes an instruction. */
		tl_unpaired(tx, "END lines earlier than their START", ln);
		sl->line = 0;
		return 0;
	}
	insnrec(s, tx, rec, i, ts);
	sl->line = 0;
	return 1;
}

/* The fast path's steps (tl_pairfast). */

/* An instruction line of the plain kind: a START, with its opcode not too
 * long and its pc written as num_fmt_i64 prints it, or an END. */
TL_INLINE int
fastevent(void *st, const struct tl_at *at, const struct src_fields *fl,
    const struct src_more *more, struct tl_key *k)
{
	int pv = at->pos[PV];
	const char *v = fl->f[pv];
	size_t n = fl->len[pv];

	(void)st;
	if (n == 5 && memcmp(v, "START", 5) == 0)
		return fl->len[at->pos[PO]] >= TOKLEN ||
		    (k->has = tl_fastkey(fl, more, at->pos[PP], at->nsplit,
		    "pc", &k->v, &k->t, &k->len)) < 0 ? TL_NEITHER : TL_START;
	return n == 3 && memcmp(v, "END", 3) == 0 ? TL_END : TL_NEITHER;
}

TL_INLINE void
fastwaits(void *st, struct textin *tx, const struct tl_at *at, int i,
    const struct src_fields *fl, int64_t ts, const struct tl_key *k, long ln)
{
	struct insnstate *s = st;
	struct insnwait *w = &s->wait[i];
	int po = at->pos[PO], pt = at->pos[PT];

	insnwaits(s, tx, i, fl->f[po], fl->len[po], ts, k->has, k->v, ln);
	memcpy(w->ts, fl->f[pt], 16);
	w->tslen = fl->len[pt];
	if (k->has) {
		memcpy(w->pctext, k->t, 16);
		w->pclen = k->len;
	}
}

TL_INLINE void
fastrec(void *st, struct textin *tx, const struct tl_at *at,
    struct record *rec, int i, const struct src_fields *fl, int64_t ts,
    const struct tl_key *k)
{
	(void)at;
	(void)fl;
	(void)k;
	insnrec(st, tx, rec, i, ts);
}

TL_INLINE void
fastrow(void *st, struct textin *tx, const struct tl_at *at, int i,
    const struct src_fields *fl, int64_t ts, const struct tl_key *k)
{
	int pt = at->pos[PT];

	(void)k;
	insnrow(st, tx, i, fl->f[pt], fl->len[pt], ts);
}

/* insndef's positions, 0-based, and the fields they split. */
static const struct tl_at insnplain = { { 1, 2, 3, 4, -1 }, 6 };

static const struct tl_pairops insnops = {
	fastevent, fastwaits, fastrec, fastrow, insnline,
	"START lines without an END", "END lines without a START",
	"END lines earlier than their START",
	&insnwords, PT, PE, 1u << PE | 1u << PO | 1u << PV | 1u << PT,
	1u << PE | 1u << PO | 1u << PV | 1u << PT | 1u << PP, &insnplain, 0,
};

static int
insnnext(void *st, struct textin *tx, struct record *rec)
{
	return tl_pairnext(&insnops, st, tx, rec);
}

static const char *const insnfield[] = {
	"engine", "opcode", "event", "ts", "pc",
};
static const int insndef[] = { 2, 3, 4, 5, 0 };

const struct textfmt showtrace_insn = {
	"show-session --show-trace instruction", &kind_insn,
	5, insnfield, insndef, "engine opcode event ts pc",
	sizeof(struct insnstate), insnstart, insnnext,
};

/* ---- collectives sections ---- */

enum { CE, CT, CP };		/* textin.pos: event ts phase */

struct ccstate {
	struct pairs ev;	/* the START waiting, per event name */
	int insec;		/* in a collectives section */
	int hascore;
	int64_t core;
	int sawsec;		/* a collectives section was seen */
	/* Unpaired STARTs are written out before moving to the next
	 * section (its header already read) or ending the file. */
	int draining, ateof;
	int nextsec, nexthascore;
	int64_t nextcore;
};

static void
ccstart(void *st, struct textin *tx)
{
	struct ccstate *s = st;

	(void)tx;
	pair_init(&s->ev, CC_MAXEVENTS, CC_TOKLEN - 1);
	s->insec = s->hascore = s->sawsec = 0;
	s->draining = s->ateof = 0;
	s->nextsec = s->nexthascore = 0;
	s->core = s->nextcore = 0;
}

/* "Collectives trace for CC-core 8" and the other section headers. */
static int
ccheader(struct ccstate *s, char *line, const struct src_fields *fl)
{
	struct tl_section sec;

	if (!tl_section(line, fl, &sec))
		return 0;
	s->nextsec = tl_is(sec.what, sec.whatlen, "Collectives");
	s->nexthascore = 0;
	if (!s->nextsec)
		return 1;	/* instruction or DMA trace: passed over */
	s->sawsec = 1;
	s->nexthascore = sec.hascore;
	s->nextcore = sec.core;
	return 1;
}

static void
fill(const struct ccstate *s, struct textin *tx, struct record *rec,
    const struct pair_slot *sl)
{
	rec->file = tx->in->name;
	rec->line = sl->line;
	if (s->hascore)
		rec_setint(rec, CC_CORE, s->core);
	rec_settext(rec, CC_EVENT, sl->name, sl->len);
	rec_setint(rec, CC_START, sl->start);
}

/* Writes out the earliest unpaired START left: 1, or 0 if none is left. */
static int
drain(struct ccstate *s, struct textin *tx, struct record *rec)
{
	int first = pair_oldest(&s->ev);
	struct pair_slot *sl;

	if (first < 0) {
		pair_reset(&s->ev);
		return 0;
	}
	sl = &s->ev.slot[first];
	tl_unpaired(tx, "START lines without an END", sl->line);
	fill(s, tx, rec, sl);
	sl->line = 0;
	return 1;
}

static struct pair_slot *
eventslot(struct ccstate *s, struct textin *tx, const char *e, size_t n,
    long line)
{
	int i = pair_find(&s->ev, e, n);

	/* Names are shorter than CC_TOKLEN already: never PAIR_LONG. */
	if (i < 0)
		np_die_at(tx->in->name, line, src_col(tx->in, e),
		    "more than %d distinct events on one CC-core",
		    CC_MAXEVENTS);
	return &s->ev.slot[i];
}

/* One line of a collectives section: 1 with a record in rec, else 0. */
static int
eventline(struct ccstate *s, struct textin *tx, struct record *rec,
    const struct src_fields *fl, long ln)
{
	char *const *f = fl->f;
	const size_t *len = fl->len;
	int pe = tx->pos[CE], pt = tx->pos[CT], pp = tx->pos[CP], nf = fl->n;
	int start;
	struct pair_slot *sl;
	int64_t ts;
	int unpaired = 0;

	if (src_islog(f[0], len[0])) {
		tl_notelog(tx, ln);
		return 0;
	}
	if (pe >= nf || pt >= nf || pp >= nf || len[pe] >= CC_TOKLEN ||
	    (!(start = tl_is(f[pp], len[pp], "START")) &&
	    !tl_is(f[pp], len[pp], "END"))) {
		tl_note(tx, "lines not understood", ln);
		return 0;
	}
	/* An event's line: a time that is no number is an error, not a
	 * line passed over. */
	if (!num_i64(f[pt], len[pt], &ts))
		tl_badint(tx, fl, "ts", pt);
	/* ts stays in the input's unit: the reader scales the row to ns. */
	if (start) {
		sl = eventslot(s, tx, f[pe], len[pe], ln);
		if (sl->line) {
			/* The waiting one never ended: write it unpaired. */
			tl_unpaired(tx, "START lines without an END",
			    sl->line);
			fill(s, tx, rec, sl);
			unpaired = 1;
		}
		sl->start = ts;
		sl->line = ln;
		return unpaired;
	}
	sl = eventslot(s, tx, f[pe], len[pe], ln);
	if (!sl->line) {
		tl_unpaired(tx, "END lines without a START", ln);
		return 0;
	}
	fill(s, tx, rec, sl);
	if (ts >= sl->start)
		rec_setint(rec, CC_END, ts);
	else	/* not its END: the START is written unpaired */
		tl_unpaired(tx, "END lines earlier than their START", ln);
	sl->line = 0;
	return 1;
}

static int
ccnext(void *st, struct textin *tx, struct record *rec)
{
	struct ccstate *s = st;
	struct src_fields fl;
	char *line;
	size_t n;

	for (;;) {
		if (s->draining) {
			if (drain(s, tx, rec))
				return 1;
			s->draining = 0;
			if (s->ateof)
				break;
			s->insec = s->nextsec;
			s->hascore = s->nexthascore;
			s->core = s->nextcore;
		}
		/* Outside a collectives section: the bulk of a trace is
		 * instructions, passed over unread. */
		if (!s->insec)
			tl_skipto(tx, "trace for");
		if (!src_getline(tx->in, &line, &n)) {
			s->draining = s->ateof = 1;
			continue;
		}
		/* The fast path: the bulk of a trace is instructions. */
		if (!s->insec && !strstr(line, "trace for"))
			continue;
		src_split(line, &fl, tx->nsplit);
		if (fl.n == 0)
			continue;
		if (ccheader(s, line, &fl)) {
			s->draining = 1;
			continue;
		}
		if (s->insec && eventline(s, tx, rec, &fl, tx->in->line))
			return 1;
	}
	if (!s->sawsec)
		np_die("%s: no collectives section found (expected a line "
		    "'Collectives trace for CC-core N')", tx->in->name);
	return 0;
}

static const char *const ccfield[] = { "event", "ts", "phase" };
static const int ccdef[] = { 1, 2, 3 };

const struct textfmt showtrace_cc = {
	"show-session --show-trace collectives", &kind_cc,
	3, ccfield, ccdef, "event ts phase",
	sizeof(struct ccstate), ccstart, ccnext,
};
