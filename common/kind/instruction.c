/*
 * instruction: the instruction kind: its columns and the input names each
 * is read from, the usual spelling of engine names, the engines a user
 * selects, and an instruction's source line.  The text that holds
 * instructions is read by showtrace.c.
 */
#include <string.h>
#include <strings.h>

#include "base/msg.h"
#include "base/options.h"
#include "kind/instruction.h"
#include "kind/whichtable.h"

static const struct column insncols[] = {
	[I_START] = { "start_ts", T_INT, C_TIME, "timestamp" },
	[I_END] = { "end_ts", T_INT, C_TIME, NULL },
	[I_DUR] = { "duration_ns", T_INT, C_TIME, "duration" },
	[I_ENGINE] = { "engine", T_TEXT, 0, "label subgroup" },
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
	[I_PCORE] = { "pcore_idx", T_INT, 0, NULL },
	[I_TRACK] = { "timeline_track", T_TEXT, 0, NULL },
};

static void insn_finish(struct record *);

const struct kind kind_insn = {
	"instruction", "instruction", I_NCOL, insncols, I_START, I_END, I_DUR,
	insn_finish,
	SC_BIT(SC_INSTRUCTION), "opcode, pc or engine",
	"Instruction",
};

/*
 * Engines by their usual spelling; the input's case does not matter.  Each
 * is found at once by a hash of its first letter (either case) and length,
 * which no two of them share (two that did would be a -Woverride-init
 * warning), and a bats test reads every one in both cases.
 *
 * TensorMatrix is not an engine but a timeline row of the Tensor engine:
 * the profiler draws its matrix multiplies apart from its weight loads,
 * which overlap them.  The view JSON's label names that row where
 * Neuron Explorer's engine column names the engine and its timeline_track
 * the row, so the name maps to Tensor and is kept as the track.
 */
#define ENGINEHASH(c, n) ((((c) & 0x1f) + 7 * ((n) & 0x1f)) & 0x1f)
static const char tensor[] = "Tensor";
static const struct {
	const char *name;
	size_t len;
	const char *engine;	/* name, or the engine of a track */
	size_t englen;
} engines[0x20] = {
#define E(i, s) [i] = { s, sizeof s - 1, s, sizeof s - 1 }
#define T(i, s, e) [i] = { s, sizeof s - 1, e, sizeof e - 1 }
	T(ENGINEHASH('T', 6), tensor, tensor),
	T(ENGINEHASH('T', 12), "TensorMatrix", tensor),
	E(ENGINEHASH('V', 6), "Vector"), E(ENGINEHASH('S', 6), "Scalar"),
	E(ENGINEHASH('G', 6), "GpSimd"), E(ENGINEHASH('S', 4), "Sync"),
	E(ENGINEHASH('A', 10), "Activation"), E(ENGINEHASH('P', 4), "Pool"),
#undef T
#undef E
};

/*
 * Do the n bytes at s (4 to 16) spell name, a word of letters, in any
 * case?  A letter's case is its bit 0x20, and only that letter in either
 * case has the same bits but that one: so the two are compared in two
 * words that cover the n bytes between them, bit 0x20 of every byte left
 * out.  No call: the Explorer tables' engines are in lower case, so that a
 * row would call strncasecmp.
 */
static int
sameletters(const char *s, const char *name, size_t n)
{
	uint64_t a, b, x, y;
	uint32_t a4, b4, x4, y4;

	if (n >= 8) {
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		memcpy(&x, name, 8);
		memcpy(&y, name + n - 8, 8);
		return (((a ^ x) | (b ^ y)) & ~0x2020202020202020ULL) == 0;
	}
	if (n >= 4) {
		memcpy(&a4, s, 4);
		memcpy(&b4, s + n - 4, 4);
		memcpy(&x4, name, 4);
		memcpy(&y4, name + n - 4, 4);
		return (((a4 ^ x4) | (b4 ^ y4)) & ~0x20202020U) == 0;
	}
	return strncasecmp(name, s, n) == 0;
}

/* The entry s names, in any case, or -1. */
static int
engine_find(const char *s, size_t n)
{
	int h;

	if (n == 0)
		return -1;
	h = ENGINEHASH(s[0], n);
	if (engines[h].len == n && (s == engines[h].name ||
	    sameletters(s, engines[h].name, n)))
		return h;
	return -1;
}

const char *
insn_engine(const char *s, size_t n)
{
	int h = engine_find(s, n);

	return h < 0 ? NULL : engines[h].engine;
}

const char *
insn_track(const char *s, size_t n)
{
	int h = engine_find(s, n);

	return h < 0 || engines[h].engine == engines[h].name ? NULL :
	    engines[h].name;
}

int
insn_engcol(const char *name)
{
	size_t n = strlen(name);

	return n >= 6 && strcmp(name + n - 6, "engine") == 0 &&
	    (n == 6 || strcmp(name, "trigger_engine") == 0 ||
	    strcmp(name, "before_engine") == 0 ||
	    strcmp(name, "after_engine") == 0);
}

/*
 * Called on every row read: the engine is the timeline track's where the
 * input gives no engine (Explorer's UI export, a NULL engine), and either
 * is spelt the usual way.  An engine that names a track (the view JSON's
 * TensorMatrix label) gives the track where the input has none, and
 * becomes the track's engine.  The track stays as given.
 */
static void
insn_finish(struct record *r)
{
	struct field *f = &r->f[I_ENGINE];
	int h;

	if (!f->set && r->f[I_TRACK].set) {
		*f = r->f[I_TRACK];
		rec_mark(r, I_ENGINE);
	}
	if (!f->set || (h = engine_find(f->s, f->len)) < 0)
		return;
	if (engines[h].engine != engines[h].name && !r->f[I_TRACK].set)
		rec_setref(r, I_TRACK, engines[h].name, engines[h].len);
	f->s = engines[h].engine;
	f->len = engines[h].englen;
}

void
engineset_option(struct engineset *set, char *arg, const char *synopsis)
{
	char *name[INSN_MAXSEL];
	int i, n, k;

	n = np_optlist("e", arg, name, INSN_MAXSEL, "engine names");
	if (set->n + n > INSN_MAXSEL) {	/* over several -e */
		np_warn("-e: more than %d engine names", INSN_MAXSEL);
		np_usage(synopsis);
	}
	for (i = 0; i < n; i++) {
		for (k = 0; k < set->n; k++)
			if (strcasecmp(set->name[k], name[i]) == 0) {
				np_warn("-e: expected distinct engine names, "
				    "found '%s' twice", name[i]);
				np_usage(synopsis);
			}
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

int
engineset_hasrow(const struct engineset *set, const struct record *r)
{
	return engineset_has(set, &r->f[I_ENGINE]) ||
	    (r->f[I_TRACK].set && engineset_has(set, &r->f[I_TRACK]));
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
	/* Neither holds a location: an empty string where either is one
	 * (SQL's COALESCE(NULLIF(bir, ''), NULLIF(nki, ''), bir, nki)),
	 * else missing, never a label that a location could be. */
	*len = 0;
	return r->f[I_BIR].set || r->f[I_NKI].set ? "" : NULL;
}
