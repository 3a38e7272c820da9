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

const struct kind kind_insn = {
	"instruction", "instruction", I_NCOL, insncols, I_START, I_END, I_DUR,
	insntext, "show-session --show-trace instruction",
	"engine opcode event ts pc", insn_finish,
};

/* Engines by their usual spelling; the input's case does not matter. */
static const char *const engines[] = {
	"Tensor", "TensorMatrix", "Vector", "Scalar", "GpSimd", "Sync",
	"Activation", "Pool", NULL,
};

const char *
insn_engine(const char *s, size_t n)
{
	const char *const *e;

	for (e = engines; *e; e++)
		if (strlen(*e) == n && strncasecmp(*e, s, n) == 0)
			return *e;
	return NULL;
}

void
insn_finish(struct record *r)
{
	struct field *f = &r->f[I_ENGINE];
	const char *canon;

	if (f->set && (canon = insn_engine(f->s, f->len)))
		f->s = canon;
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
#define MAXFIELDS 64
#define TOKLEN 64

/* A START waiting for its END, per engine. */
static struct pending {
	char engine[TOKLEN], opcode[TOKLEN];
	int64_t start, pc;
	int haspc;
	long line;
} pend[MAXENGINES];
static int npend;

static enum { SEC_NONE, SEC_INSN, SEC_OTHER } section;
static int64_t nd, nc;
static int hasndnc;
static const char *pendfile;

static int
splitws(char *line, char **f, size_t *len)
{
	int n = 0;
	char *p = line;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return n;
		if (n < MAXFIELDS)
			f[n] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (n < MAXFIELDS)
			len[n] = (size_t)(p - f[n]);
		n++;
	}
}

static void
flushpending(struct reader *r)
{
	int i;

	for (i = 0; i < npend; i++)
		if (pend[i].line)
			rd_note(r, "START lines without an END", pend[i].line);
	npend = 0;
}

/* "Instruction trace for ND 0 NC 4" and the other section headers. */
static int
header(struct reader *r, char **f, size_t *len, int n)
{
	int64_t v;

	if (n >= 3 && len[1] == 5 && memcmp(f[1], "trace", 5) == 0 &&
	    len[2] == 3 && memcmp(f[2], "for", 3) == 0) {
		flushpending(r);
		if (len[0] == 11 && memcmp(f[0], "Instruction", 11) == 0) {
			section = SEC_INSN;
			hasndnc = n >= 7 && num_i64(f[4], len[4], &v) &&
			    (nd = v, num_i64(f[6], len[6], &v)) &&
			    (nc = v, 1);
		} else
			section = SEC_OTHER;	/* collectives, DMA */
		return 1;
	}
	return 0;
}

static struct pending *
engineslot(struct reader *r, const char *e, size_t n, long line)
{
	int i;

	for (i = 0; i < npend; i++)
		if (strlen(pend[i].engine) == n &&
		    memcmp(pend[i].engine, e, n) == 0)
			return &pend[i];
	if (npend == MAXENGINES)
		np_die_at(r->in.name, line, 0, "more than %d engines",
		    MAXENGINES);
	memcpy(pend[npend].engine, e, n);
	pend[npend].engine[n] = '\0';
	pend[npend].line = 0;
	return &pend[npend++];
}

static void
copytok(char *dst, const char *s, size_t n)
{
	if (n >= TOKLEN)
		n = TOKLEN - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static int
insntext(struct reader *r, struct record *rec)
{
	char *line, *f[MAXFIELDS];
	size_t n, len[MAXFIELDS];
	static int pe, po, pv, pt, pp;	/* field positions, 0-based */
	int nf, i, haspc;
	int64_t ts, pc = 0;
	struct pending *p;

	if (pendfile != r->in.name) {
		pendfile = r->in.name;
		npend = 0;
		section = SEC_NONE;
		hasndnc = 0;
		rd_defpos(r, "engine", 2);
		rd_defpos(r, "opcode", 3);
		rd_defpos(r, "event", 4);
		rd_defpos(r, "ts", 5);
		rd_defpos(r, "pc", 0);	/* 0: the pc=N token */
		pe = rd_pos(r, "engine") - 1;
		po = rd_pos(r, "opcode") - 1;
		pv = rd_pos(r, "event") - 1;
		pt = rd_pos(r, "ts") - 1;
		pp = rd_pos(r, "pc") - 1;
	}
	while (src_getline(&r->in, &line, &n)) {
		long ln = r->in.line;

		nf = splitws(line, f, len);
		if (nf == 0)
			continue;
		if (nf > MAXFIELDS)
			nf = MAXFIELDS;
		if (header(r, f, len, nf) || section == SEC_OTHER)
			continue;
		if (nf >= 6 && strncmp(f[0], "time=\"", 6) == 0) {
			rd_note(r, "log lines skipped", ln);
			r->filenotes--;
			continue;
		}
		/* An engine or opcode longer than a token is no instruction
		 * line: counted, never cut short (nor overflowing pend). */
		if (section != SEC_INSN || pe >= nf || pv >= nf || pt >= nf ||
		    po >= nf || !num_i64(f[pt], len[pt], &ts) ||
		    len[pe] >= TOKLEN || len[po] >= TOKLEN) {
			rd_note(r, "lines not understood", ln);
			continue;
		}
		haspc = 0;
		if (pp >= 0 && pp < nf)
			haspc = num_i64(f[pp], len[pp], &pc);
		for (i = 0; i < nf && !haspc && pp < 0; i++)
			if (len[i] > 3 && memcmp(f[i], "pc=", 3) == 0)
				haspc = num_i64(f[i] + 3, len[i] - 3, &pc);
		if (len[pv] == 5 && memcmp(f[pv], "START", 5) == 0) {
			p = engineslot(r, f[pe], len[pe], ln);
			if (p->line)
				rd_note(r, "START lines without an END",
				    p->line);
			copytok(p->opcode, f[po], len[po]);
			p->start = rd_time(r, ts);
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
			rd_note(r, "END lines without a START", ln);
			continue;
		}
		rec->file = r->in.name;
		rec->line = p->line;
		rec_setint(rec, I_START, p->start);
		rec_setint(rec, I_END, rd_time(r, ts));
		rec_settext(rec, I_ENGINE, p->engine, strlen(p->engine));
		rec_settext(rec, I_OPCODE, p->opcode, strlen(p->opcode));
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
