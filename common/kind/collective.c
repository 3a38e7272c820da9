/*
 * collective: the collective-event kind: its columns and the input names
 * each is read from, and the tidying of a row.  The text that holds collective
 * events is read by showtrace.c.
 */
#include <string.h>

#include "kind/collective.h"
#include "kind/instruction.h"
#include "kind/whichtable.h"

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

static void cc_finish(struct record *);

const struct kind kind_cc = {
	"collective", "cc_stream", CC_NCOL, cccols, CC_START, CC_END, CC_DUR,
	cc_finish,
	SC_BIT(SC_CCOP) | SC_BIT(SC_CCINSTRUCTION),
	"event, description or operation",
	"CcInstruction CcOp",
};

/*
 * Tidies a row: the rank is the file's (or profile directory's) name when
 * the input has none, a CcOp row's operation (AllReduce, ...) is its event
 * when it has none, and trigger_engine is spelt as instruction.h spells
 * engines.
 */
static void
cc_finish(struct record *r)
{
	struct field *f = &r->f[CC_RANK];
	const char *canon;

	if (!f->set && r->operand) {
		/* The name lives as long as the program: no copy needed. */
		f->s = r->operand;
		f->len = strlen(r->operand);
		rec_mark(r, CC_RANK);
	}
	f = &r->f[CC_ENGINE];
	if (f->set && (canon = insn_engine(f->s, f->len)))
		f->s = canon;
	if (!r->f[CC_EVENT].set && r->f[CC_OPERATION].set) {
		r->f[CC_EVENT] = r->f[CC_OPERATION];
		rec_mark(r, CC_EVENT);
	}
}
