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
 * Every line not understood, every log line (time="..."), and every event
 * left without its pair is counted, never dropped silently.
 */
#include <string.h>

#include "cc.h"
#include "diag.h"
#include "insn.h"
#include "num.h"
#include "pair.h"
#include "showtrace.h"

/* ---- instruction sections ---- */

#define MAXENGINES 64
#define TOKLEN 64

enum { PE, PO, PV, PT, PP };	/* textin.pos: engine opcode event ts pc */

struct insnstate {
	struct pairs eng;	/* the START waiting, per engine */
	struct insnwait {	/* and what else it carries, by slot */
		const char *name;	/* the usual spelling, else the slot's */
		char opcode[TOKLEN];
		size_t opcodelen;
		int64_t pc;
		int haspc;
	} wait[MAXENGINES];
	enum { SEC_NONE, SEC_INSN, SEC_OTHER } section;
	int64_t nd, nc;
	int hasndnc;
};

static void
insnstart(void *st, struct textin *tx)
{
	struct insnstate *s = st;

	(void)tx;
	pair_init(&s->eng, MAXENGINES, TOKLEN - 1);
	s->section = SEC_NONE;
	s->hasndnc = 0;
}

static void
insnflush(struct insnstate *s, struct textin *tx)
{
	pair_flush(&s->eng, tx->notes, "START lines without an END",
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
	s->section = tl_is(sec.what, sec.whatlen, "Instruction") ? SEC_INSN
	    : SEC_OTHER;	/* collectives, DMA: passed over */
	s->hasndnc = sec.hasnd && sec.hasnc;
	s->nd = sec.nd;
	s->nc = sec.nc;
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
	int had = s->eng.n, i = pair_find(&s->eng, e, n);
	const struct pair_slot *sl;

	if (i == PAIR_FULL)
		np_die_at(tx->in->name, line, src_col(tx->in, e),
		    "more than %d engines", MAXENGINES);
	if (i == PAIR_LONG)
		np_die_at(tx->in->name, line, src_col(tx->in, e),
		    "engine name longer than %d bytes", TOKLEN - 1);
	if (s->eng.n != had) {
		sl = &s->eng.slot[i];
		s->wait[i].name = insn_engine(sl->name, sl->len);
		if (!s->wait[i].name)
			s->wait[i].name = sl->name;
	}
	return i;
}

static int
insnnext(void *st, struct textin *tx, struct record *rec)
{
	struct insnstate *s = st;
	struct src_fields fl;
	char *line, **f = fl.f;
	size_t n, *len = fl.len;
	int pe = tx->pos[PE], po = tx->pos[PO], pv = tx->pos[PV],
	    pt = tx->pos[PT], pp = tx->pos[PP], nsplit = tx->nsplit;
	int nf, haspc, i;
	int64_t ts, pc = 0;
	struct pair_slot *sl;
	struct insnwait *w;

	while (src_getfields(tx->in, &line, &n, &fl, nsplit)) {
		long ln = tx->in->line;

		nf = fl.n;
		if (nf == 0)
			continue;
		if ((tl_maybesection(&fl) && insnheader(s, tx, line, &fl)) ||
		    s->section == SEC_OTHER)
			continue;
		if (src_islog(f[0], len[0])) {
			tl_notelog(tx, ln);
			continue;
		}
		if (s->section != SEC_INSN || pe >= nf || pv >= nf ||
		    pt >= nf || po >= nf || !num_i64(f[pt], len[pt], &ts)) {
			tl_note(tx, "lines not understood", ln);
			continue;
		}
		if (len[pv] == 5 && memcmp(f[pv], "START", 5) == 0) {
			/* The pc of the START's line is the instruction's. */
			if (pp < 0)
				haspc = tl_keyint(&fl, nsplit, "pc", &pc);
			else
				haspc = pp < nf ?
				    tl_posint(f[pp], len[pp], "pc", &pc) : 0;
			if (haspc < 0) {
				tl_note(tx, "lines not understood", ln);
				continue;
			}
			i = engineslot(s, tx, f[pe], len[pe], ln);
			sl = &s->eng.slot[i];
			w = &s->wait[i];
			if (sl->line)
				tl_unpaired(tx, "START lines without an END",
				    sl->line);
			if (len[po] >= TOKLEN)	/* never cut short */
				np_die_at(tx->in->name, ln,
				    src_col(tx->in, f[po]), "opcode longer "
				    "than %d bytes", TOKLEN - 1);
			memcpy(w->opcode, f[po], len[po]);
			w->opcodelen = len[po];
			sl->start = ts;
			w->pc = pc;
			w->haspc = haspc;
			sl->line = ln;
			continue;
		}
		if (len[pv] != 3 || memcmp(f[pv], "END", 3) != 0) {
			tl_note(tx, "lines not understood", ln);
			continue;
		}
		i = engineslot(s, tx, f[pe], len[pe], ln);
		sl = &s->eng.slot[i];
		w = &s->wait[i];
		if (!sl->line) {
			tl_unpaired(tx, "END lines without a START", ln);
			continue;
		}
		if (ts < sl->start) {
			/* Not this START's END: neither makes an instruction. */
			tl_unpaired(tx, "END lines earlier than their START",
			    ln);
			sl->line = 0;
			continue;
		}
		rec->file = tx->in->name;
		rec->line = sl->line;
		rec_setint(rec, I_START, sl->start);
		rec_setint(rec, I_END, ts);
		/* duration_ns is left to rec_complete: after -u has scaled both
		 * times to whole ns, so that it is their difference as printed. */
		/* The slot is not reused before the next call: no copies. */
		rec_setref(rec, I_ENGINE, w->name, sl->len);
		rec_setref(rec, I_OPCODE, w->opcode, w->opcodelen);
		if (w->haspc)
			rec_setint(rec, I_PC, w->pc);
		if (s->hasndnc) {
			rec_setint(rec, I_ND, s->nd);
			rec_setint(rec, I_NC, s->nc);
		}
		sl->line = 0;
		return 1;
	}
	insnflush(s, tx);
	return 0;
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
    char **f, size_t *len, int nf, long ln)
{
	int pe = tx->pos[CE], pt = tx->pos[CT], pp = tx->pos[CP];
	struct pair_slot *sl;
	int64_t ts;
	int unpaired = 0;

	if (src_islog(f[0], len[0])) {
		tl_notelog(tx, ln);
		return 0;
	}
	if (pe >= nf || pt >= nf || pp >= nf || len[pe] >= CC_TOKLEN ||
	    !num_i64(f[pt], len[pt], &ts)) {
		tl_note(tx, "lines not understood", ln);
		return 0;
	}
	/* ts stays in the input's unit: the reader scales the row to ns. */
	if (tl_is(f[pp], len[pp], "START")) {
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
	if (!tl_is(f[pp], len[pp], "END")) {
		tl_note(tx, "lines not understood", ln);
		return 0;
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
	char *line, **f = fl.f;
	size_t n, *len = fl.len;
	int nf;

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
		if (!src_getline(tx->in, &line, &n)) {
			s->draining = s->ateof = 1;
			continue;
		}
		/* The fast path: the bulk of a trace is instructions. */
		if (!s->insec && !strstr(line, "trace for"))
			continue;
		src_split(line, &fl, tx->nsplit);
		nf = fl.n;
		if (nf == 0)
			continue;
		if (ccheader(s, line, &fl)) {
			s->draining = 1;
			continue;
		}
		if (s->insec && eventline(s, tx, rec, f, len, nf,
		    tx->in->line))
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
