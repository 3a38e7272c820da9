/*
 * insn: the instruction kind, and the instruction sections of
 * `neuron-profile show-session --show-trace` text.
 *
 * The text format is known only second-hand (FORMATS.md section 7), so the
 * reader recognises lines by their tokens, takes field positions from a table
 * the user can override (-F), and counts every line it does not understand.
 */
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "insn.h"
#include "num.h"
#include "reader.h"
#include "schema.h"
#include "textline.h"

static const struct column insncols[] = {
	[I_START] = { "start_ts", T_INT, C_TIME, "timestamp" },
	[I_END] = { "end_ts", T_INT, C_TIME, NULL },
	[I_DUR] = { "duration_ns", T_INT, C_TIME, "duration" },
	[I_ENGINE] = { "engine", T_TEXT, 0, "label subgroup timeline_track" },
	[I_OPCODE] = { "opcode", T_TEXT, 0, "compiler_opcode" },
	[I_PC] = { "pc", T_INT, 0, "compiler_pc" },
	[I_WAIT] = { "evt_wait_time_ns", T_INT, C_TIME, "evt_wait_time" },
	[I_HBM_R] = { "hbm_read_bytes", T_INT, 0, NULL },
	[I_HBM_W] = { "hbm_write_bytes", T_INT, 0, NULL },
	[I_SBUF_R] = { "sbuf_read_bytes", T_INT, 0, NULL },
	[I_SBUF_W] = { "sbuf_write_bytes", T_INT, 0, NULL },
	[I_BIR] = { "bir_debug_info_source_location", T_TEXT, 0, NULL },
	[I_NKI] = { "nki_source_location", T_TEXT, 0, NULL },
	[I_LAYER] = { "layer", T_TEXT, 0, NULL },
	[I_SUBGRAPH] = { "subgraph", T_TEXT, 0, NULL },
	[I_ND] = { "nd", T_INT, 0, "nd_idx" },
	[I_NC] = { "nc", T_INT, 0, "nc_idx" },
};

static int insntext(struct reader *, struct record *);
static void insn_finish(struct record *);

const struct kind kind_insn = {
	"instruction", "instruction", I_NCOL, insncols, I_START, I_END, I_DUR,
	insntext, "show-session --show-trace instruction",
	"engine opcode event ts pc", insn_finish,
	SC_BIT(SC_INSTRUCTION), "opcode, pc or engine",
	"Instruction",
};

/*
 * Engines by their usual spelling; the input's case does not matter.  Each
 * is found at once by a hash of its first letter (either case) and length,
 * which no two of them share (two that did would be a -Woverride-init
 * warning), and a bats test reads every one in both cases.
 */
#define ENGINEHASH(c, n) ((((c) & 0x1f) + 7 * ((n) & 0x1f)) & 0x1f)
static const struct {
	const char *name;
	size_t len;
} engines[0x20] = {
#define E(i, s) [i] = { s, sizeof s - 1 }
	E(ENGINEHASH('T', 6), "Tensor"), E(ENGINEHASH('T', 12), "TensorMatrix"),
	E(ENGINEHASH('V', 6), "Vector"), E(ENGINEHASH('S', 6), "Scalar"),
	E(ENGINEHASH('G', 6), "GpSimd"), E(ENGINEHASH('S', 4), "Sync"),
	E(ENGINEHASH('A', 10), "Activation"), E(ENGINEHASH('P', 4), "Pool"),
#undef E
};

/* The usual spelling of an engine name given in any case, or NULL.  Rows
 * of a text trace already carry it, and are passed at the first test. */
static const char *
insn_engine(const char *s, size_t n)
{
	int h;

	if (n == 0)
		return NULL;
	h = ENGINEHASH(s[0], n);
	if (engines[h].len == n && (s == engines[h].name ||
	    strncasecmp(engines[h].name, s, n) == 0))
		return engines[h].name;
	return NULL;
}

/* Canonical engine spelling; called on every row read. */
static void
insn_finish(struct record *r)
{
	struct field *f = &r->f[I_ENGINE];
	const char *canon;

	if (f->set && (canon = insn_engine(f->s, f->len)))
		f->s = canon;
}

void
engineset_option(struct engineset *set, char *arg, const char *synopsis)
{
	char *name[INSN_MAXSEL];
	int i, n;

	n = np_optlist("e", arg, name, INSN_MAXSEL, "engine names");
	if (set->n + n > INSN_MAXSEL) {	/* over several -e */
		np_warn("-e: more than %d engine names", INSN_MAXSEL);
		np_usage(synopsis);
	}
	for (i = 0; i < n; i++) {
		set->name[set->n] = name[i];
		set->len[set->n++] = strlen(name[i]);
	}
}

int
engineset_has(const struct engineset *set, const struct field *engine)
{
	int i;

	if (set->n == 0)
		return 1;
	for (i = 0; i < set->n; i++)
		if (engine->set && engine->len == set->len[i] &&
		    strncasecmp(engine->s, set->name[i], engine->len) == 0)
			return 1;
	return 0;
}

const char *
insn_src(const struct record *r, size_t *len)
{
	if (r->f[I_BIR].set && r->f[I_BIR].len) {
		*len = r->f[I_BIR].len;
		return r->f[I_BIR].s;
	}
	if (r->f[I_NKI].set && r->f[I_NKI].len) {
		*len = r->f[I_NKI].len;
		return r->f[I_NKI].s;
	}
	*len = 6;
	return "<none>";
}

/* ---- show-session --show-trace text ---- */

#define MAXENGINES 64
#define TOKLEN 64

/* A START waiting for its END, per engine. */
static struct pending {
	char engine[TOKLEN], opcode[TOKLEN];
	const char *name;	/* the usual spelling, else engine */
	size_t enginelen, opcodelen;
	uint64_t key;		/* the engine name's first 8 bytes */
	int64_t start, pc;
	int haspc;
	long line;
} pend[MAXENGINES];
static int npend;
/* The slot last found for a hash of an engine's name, plus 1: one test
 * finds it, where a search would mispredict on which engine comes next. */
static unsigned char slotcache[64];

#define SLOTHASH(key, n) \
	((size_t)(((key) + (n)) * 0x9e3779b97f4a7c15ULL >> 58))

static enum { SEC_NONE, SEC_INSN, SEC_OTHER } section;
static int64_t nd, nc;
static int hasndnc;
static const char *pendfile;

static void
flushpending(struct reader *r)
{
	int i;

	for (i = 0; i < npend; i++)
		if (pend[i].line)
			rd_unpaired(r, "START lines without an END", pend[i].line);
	npend = 0;
	memset(slotcache, 0, sizeof slotcache);
}

/* "Instruction trace for ND 0 NC 4", and the other section headers. */
static int
header(struct reader *r, char *line, const struct src_fields *fl)
{
	struct tl_section sec;

	if (!tl_section(line, fl, &sec))
		return 0;
	flushpending(r);
	section = tl_is(sec.what, sec.whatlen, "Instruction") ? SEC_INSN
	    : SEC_OTHER;	/* collectives, DMA: passed over */
	hasndnc = sec.hasnd && sec.hasnc;
	nd = sec.nd;
	nc = sec.nc;
	return 1;
}

/* The engine's slot, found by the first 8 bytes of its name (which the
 * padded input buffer lets us load whole) before the rest is compared. */
static struct pending *
engineslot(struct reader *r, const char *e, size_t n, long line)
{
	uint64_t key = tl_key8(e, n);
	size_t h = SLOTHASH(key, n);
	struct pending *p;
	int i;

#define SAME(p) ((p)->key == key && (p)->enginelen == n && \
	    (n <= 8 || memcmp((p)->engine + 8, e + 8, n - 8) == 0))
	if (slotcache[h] && SAME(&pend[slotcache[h] - 1]))
		return &pend[slotcache[h] - 1];
	for (i = 0; i < npend; i++)
		if (SAME(&pend[i])) {
			slotcache[h] = (unsigned char)(i + 1);
			return &pend[i];
		}
#undef SAME
	if (npend == MAXENGINES)
		np_die_at(r->in.name, line, src_col(&r->in, e),
		    "more than %d engines",
		    MAXENGINES);
	if (n >= TOKLEN)
		np_die_at(r->in.name, line, src_col(&r->in, e),
		    "engine name longer than %d "
		    "bytes", TOKLEN - 1);
	slotcache[h] = (unsigned char)(npend + 1);
	p = &pend[npend++];
	memcpy(p->engine, e, n);
	p->engine[n] = '\0';
	p->enginelen = n;
	p->key = key;
	p->name = insn_engine(e, n);
	if (!p->name)
		p->name = p->engine;
	p->line = 0;
	return p;
}

static int
insntext(struct reader *r, struct record *rec)
{
	struct src_fields fl;
	char *line, **f = fl.f;
	size_t n, *len = fl.len;
	/* Field positions: the defaults of FORMATS.md's rendering; pc=0
	 * means the pc=N token wherever it is. */
	static const char *const names[] = {
		"engine", "opcode", "event", "ts", "pc",
	};
	static const int defs[] = { 2, 3, 4, 5, 0 };
	enum { PE, PO, PV, PT, PP };
	static int pos[5], nsplit;
	int nf, haspc;
	int64_t ts, pc = 0;
	struct pending *p;
	int pe, po, pv, pt, pp;

	if (pendfile != r->in.name) {
		pendfile = r->in.name;
		npend = 0;
		memset(slotcache, 0, sizeof slotcache);
		section = SEC_NONE;
		hasndnc = 0;
		nsplit = tl_positions(r, names, defs, 5, pos);
	}
	pe = pos[PE];
	po = pos[PO];
	pv = pos[PV];
	pt = pos[PT];
	pp = pos[PP];
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
		if (section != SEC_INSN || pe >= nf || pv >= nf || pt >= nf ||
		    po >= nf || !num_i64(f[pt], len[pt], &ts)) {
			rd_note(r, "lines not understood", ln);
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
				rd_note(r, "lines not understood", ln);
				continue;
			}
			p = engineslot(r, f[pe], len[pe], ln);
			if (p->line)
				rd_unpaired(r, "START lines without an END",
				    p->line);
			if (len[po] >= TOKLEN)	/* never cut short */
				np_die_at(r->in.name, ln,
				    src_col(&r->in, f[po]), "opcode longer "
				    "than %d bytes", TOKLEN - 1);
			memcpy(p->opcode, f[po], len[po]);
			p->opcodelen = len[po];
			p->start = ts;
			p->pc = pc;
			p->haspc = haspc;
			p->line = ln;
			continue;
		}
		if (len[pv] != 3 || memcmp(f[pv], "END", 3) != 0) {
			rd_note(r, "lines not understood", ln);
			continue;
		}
		p = engineslot(r, f[pe], len[pe], ln);
		if (!p->line) {
			rd_unpaired(r, "END lines without a START", ln);
			continue;
		}
		if (ts < p->start) {
			/* Not this START's END: neither makes an instruction. */
			rd_unpaired(r, "END lines earlier than their START", ln);
			p->line = 0;
			continue;
		}
		rec->file = r->in.name;
		rec->line = p->line;
		rec_setint(rec, I_START, p->start);
		rec_setint(rec, I_END, ts);
		/* duration_ns is left to rec_complete: after -u has scaled both
		 * times to whole ns, so that it is their difference as printed. */
		/* The slot is not reused before the next call: no copies. */
		rec_setref(rec, I_ENGINE, p->name, p->enginelen);
		rec_setref(rec, I_OPCODE, p->opcode, p->opcodelen);
		if (p->haspc)
			rec_setint(rec, I_PC, p->pc);
		if (hasndnc) {
			rec_setint(rec, I_ND, nd);
			rec_setint(rec, I_NC, nc);
		}
		p->line = 0;
		return 1;
	}
	flushpending(r);
	pendfile = NULL;
	return 0;
}
