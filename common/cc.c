/*
 * cc: the collective-event kind, and the collectives sections of
 * `neuron-profile show-session --show-trace` text.
 *
 * The text format is known only second-hand (FORMATS.md section 7): a
 * section headed "Collectives trace for CC-core N" holds lines
 * "<event> <timestamp> <START|END> ...".  The reader recognises lines by
 * their tokens, takes field positions from a table the user can override
 * (-F), pairs a START with the next END of the same event on the same
 * CC-core, and counts every line it does not understand.  Lines outside
 * collectives sections (instruction and DMA traces) are passed over by
 * design, unread beyond a search for the next section header.
 */
#include <string.h>

#include "cc.h"
#include "diag.h"
#include "num.h"
#include "reader.h"
#include "schema.h"
#include "textline.h"

static const struct column cccols[] = {
	[CC_RANK] = { "rank", T_TEXT, 0, NULL },
	[CC_CORE] = { "cc_core", T_INT, 0, "core_idx" },
	[CC_EVENT] = { "event", T_TEXT, 0, "description" },
	[CC_START] = { "start_ts", T_INT, C_TIME, "timestamp" },
	[CC_END] = { "end_ts", T_INT, C_TIME, NULL },
	[CC_DUR] = { "duration_ns", T_INT, C_TIME, "duration" },
	[CC_ENGINE] = { "trigger_engine", T_TEXT, 0, NULL },
	[CC_OPERATION] = { "operation", T_TEXT, 0, NULL },
	[CC_ALGORITHM] = { "algorithm", T_TEXT, 0, NULL },
	[CC_OPID] = { "op_id", T_TEXT, 0, NULL },
	[CC_STREAM] = { "stream_id", T_TEXT, 0, NULL },
	[CC_NELEM] = { "num_elements", T_INT, 0, NULL },
	[CC_DTYPE] = { "dtype", T_TEXT, 0, NULL },
	[CC_INSIZE] = { "input_size", T_INT, 0, NULL },
	[CC_OUTSIZE] = { "output_size", T_INT, 0, NULL },
	[CC_ALGBW] = { "algorithm_bandwidth", T_NUM, 0, NULL },
	[CC_BUSBW] = { "bus_bandwidth", T_NUM, 0, NULL },
	[CC_GROUP] = { "replica_group", T_TEXT, 0, NULL },
};

static int cctext(struct reader *, struct record *);
static void cc_finish(struct record *);

const struct kind kind_cc = {
	"collective", "cc_stream", CC_NCOL, cccols, CC_START, CC_END, CC_DUR,
	cctext, "show-session --show-trace collectives",
	"event ts phase", cc_finish,
	SC_BIT(SC_CCOP) | SC_BIT(SC_CCINSTRUCTION),
	"event, description or operation",
	"CcInstruction CcOp",
};

/*
 * Tidies a row: the rank is the file's (or profile directory's) name when
 * the input has none, and a CcOp row's operation (AllReduce, ...) is its
 * event when it has none.
 */
static void
cc_finish(struct record *r)
{
	struct field *f = &r->f[CC_RANK];

	if (!f->set && r->operand) {
		/* The name lives as long as the program: no copy needed. */
		f->s = r->operand;
		f->len = strlen(r->operand);
		rec_mark(r, CC_RANK);
	}
	if (!r->f[CC_EVENT].set && r->f[CC_OPERATION].set) {
		r->f[CC_EVENT] = r->f[CC_OPERATION];
		rec_mark(r, CC_EVENT);
	}
}

/* ---- show-session --show-trace text ---- */

/* A START waiting for its END, per event on the current CC-core. */
static struct pending {
	char event[CC_TOKLEN];
	size_t len;
	int64_t start;
	long line;		/* of the START; 0 when none is waiting */
} pend[CC_MAXEVENTS];
static int npend;

static struct {
	const char *file;	/* the file being read; NULL between files */
	int pe, pt, pp;		/* field positions, 0-based */
	int nsplit;		/* fields to split (tl_positions) */
	int insec;		/* in a collectives section */
	int hascore;
	int64_t core;
	int sawsec;		/* a collectives section was seen */
	/* Unpaired STARTs are written out before moving to the next
	 * section (its header already read) or ending the file. */
	int draining, ateof;
	int nextsec, nexthascore;
	int64_t nextcore;
} st;

/* "Collectives trace for CC-core 8" and the other section headers. */
static int
header(char *line, const struct src_fields *fl)
{
	struct tl_section sec;

	if (!tl_section(line, fl, &sec))
		return 0;
	st.nextsec = tl_is(sec.what, sec.whatlen, "Collectives");
	st.nexthascore = 0;
	if (!st.nextsec)
		return 1;	/* instruction or DMA trace: passed over */
	st.sawsec = 1;
	st.nexthascore = sec.hascore;
	st.nextcore = sec.core;
	return 1;
}

static void
fill(struct reader *r, struct record *rec, const struct pending *p)
{
	rec->file = r->in.name;
	rec->line = p->line;
	if (st.hascore)
		rec_setint(rec, CC_CORE, st.core);
	rec_settext(rec, CC_EVENT, p->event, p->len);
	rec_setint(rec, CC_START, p->start);
}

/* Writes out the earliest unpaired START left: 1, or 0 if none is left. */
static int
drain(struct reader *r, struct record *rec)
{
	int i, first = -1;

	for (i = 0; i < npend; i++)
		if (pend[i].line && (first < 0 ||
		    pend[i].line < pend[first].line))
			first = i;
	if (first < 0) {
		npend = 0;
		return 0;
	}
	rd_unpaired(r, "START lines without an END", pend[first].line);
	fill(r, rec, &pend[first]);
	pend[first].line = 0;
	return 1;
}

static struct pending *
eventslot(struct reader *r, const char *e, size_t n, long line)
{
	int i;

	for (i = 0; i < npend; i++)
		if (pend[i].len == n && memcmp(pend[i].event, e, n) == 0)
			return &pend[i];
	if (npend == CC_MAXEVENTS)
		np_die_at(r->in.name, line, src_col(&r->in, e),
		    "more than %d distinct events "
		    "on one CC-core", CC_MAXEVENTS);
	memcpy(pend[npend].event, e, n);
	pend[npend].len = n;
	pend[npend].line = 0;
	return &pend[npend++];
}

static void
begin(struct reader *r)
{
	static const char *const names[] = { "event", "ts", "phase" };
	static const int defs[] = { 1, 2, 3 };
	int pos[3];

	memset(&st, 0, sizeof st);
	npend = 0;
	st.file = r->in.name;
	st.nsplit = tl_positions(r, names, defs, 3, pos);
	st.pe = pos[0];
	st.pt = pos[1];
	st.pp = pos[2];
}

/* One line of a collectives section: 1 with a record in rec, else 0. */
static int
eventline(struct reader *r, struct record *rec, char **f, size_t *len,
    int nf, long ln)
{
	struct pending *p;
	int64_t ts;
	int unpaired = 0;

	if (src_islog(f[0], len[0])) {
		rd_notelog(r, ln);
		return 0;
	}
	if (st.pe >= nf || st.pt >= nf || st.pp >= nf ||
	    len[st.pe] >= CC_TOKLEN || !num_i64(f[st.pt], len[st.pt], &ts)) {
		rd_note(r, "lines not understood", ln);
		return 0;
	}
	/* ts stays in the input's unit: rd_next scales the row to ns. */
	if (tl_is(f[st.pp], len[st.pp], "START")) {
		p = eventslot(r, f[st.pe], len[st.pe], ln);
		if (p->line) {
			/* The waiting one never ended: write it unpaired. */
			rd_unpaired(r, "START lines without an END", p->line);
			fill(r, rec, p);
			unpaired = 1;
		}
		p->start = ts;
		p->line = ln;
		return unpaired;
	}
	if (!tl_is(f[st.pp], len[st.pp], "END")) {
		rd_note(r, "lines not understood", ln);
		return 0;
	}
	p = eventslot(r, f[st.pe], len[st.pe], ln);
	if (!p->line) {
		rd_unpaired(r, "END lines without a START", ln);
		return 0;
	}
	fill(r, rec, p);
	if (ts >= p->start)
		rec_setint(rec, CC_END, ts);
	else	/* not its END: the START is written unpaired */
		rd_unpaired(r, "END lines earlier than their START", ln);
	p->line = 0;
	return 1;
}

static int
cctext(struct reader *r, struct record *rec)
{
	struct src_fields fl;
	char *line, **f = fl.f;
	size_t n, *len = fl.len;
	int nf;

	if (st.file != r->in.name)
		begin(r);
	for (;;) {
		if (st.draining) {
			if (drain(r, rec))
				return 1;
			st.draining = 0;
			if (st.ateof)
				break;
			st.insec = st.nextsec;
			st.hascore = st.nexthascore;
			st.core = st.nextcore;
		}
		if (!src_getline(&r->in, &line, &n)) {
			st.draining = st.ateof = 1;
			continue;
		}
		/* The fast path: the bulk of a trace is instructions. */
		if (!st.insec && !strstr(line, "trace for"))
			continue;
		src_split(line, &fl, st.nsplit);
		nf = fl.n;
		if (nf == 0)
			continue;
		if (header(line, &fl)) {
			st.draining = 1;
			continue;
		}
		if (st.insec && eventline(r, rec, f, len, nf, r->in.line))
			return 1;
	}
	if (!st.sawsec)
		np_die("%s: no collectives section found (expected a line "
		    "'Collectives trace for CC-core N')", r->in.name);
	st.file = NULL;
	return 0;
}
