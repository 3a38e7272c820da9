/*
 * instruction: the instruction record kind (one row per executed instruction).
 */
#ifndef NP_INSN_H
#define NP_INSN_H

#include <stddef.h>

#include "kind/record.h"

/* Columns, in output order. */
enum {
	I_START, I_END, I_DUR, I_ENGINE, I_OPCODE, I_PC, I_WAIT,
	I_HBM_R, I_HBM_W, I_SBUF_R, I_SBUF_W, I_BIR, I_NKI, I_LAYER,
	I_SUBGRAPH, I_ND, I_NC, I_PCORE, I_TRACK, I_NCOL
};

extern const struct kind kind_insn;

/*
 * Engine names, in one place: every route (view JSON labels, Explorer's
 * lower-case engine column, text traces, np's own TSV, np-sum's keys)
 * spells an engine as the profiler's timelines and text trace do, as
 * np(7), Engine names, lists them.  insn_engine maps a name in any case to
 * its engine, or gives NULL for a name that is none of them (a queue, a
 * track of another kind); a timeline row of an engine (TensorMatrix) maps
 * to the engine (Tensor), and insn_track gives the row's own spelling for
 * such a name, NULL for any other.  Rows of a text trace already carry the
 * spelling, and are passed at the first test.
 */
const char *insn_engine(const char *s, size_t n);
const char *insn_track(const char *s, size_t n);
/* Does a column of that name hold engine names (engine, trigger_engine,
 * before_engine, after_engine)? */
int insn_engcol(const char *name);
/* The source line: the BIR location, else the NKI one (the first not
 * empty), else "" where either is an empty string, else NULL: missing
 * (np(7), src). */
const char *insn_src(const struct record *r, size_t *len);

/* The engines a user selects (-e): names matched without regard to case. */
#define INSN_MAXSEL 32
struct engineset {
	const char *name[INSN_MAXSEL];
	size_t len[INSN_MAXSEL];
	int n;
};

/* The -e option: adds arg's names; an empty one, one given before (in
 * any case, by any -e), or more than INSN_MAXSEL, is a usage error. */
void engineset_option(struct engineset *set, char *arg, const char *synopsis);
/* Is a record's engine field in the set?  An empty set holds every engine. */
int engineset_has(const struct engineset *set, const struct field *engine);
/* Is an instruction's engine, or its timeline track, in the set? */
int engineset_hasrow(const struct engineset *set, const struct record *r);

#endif
