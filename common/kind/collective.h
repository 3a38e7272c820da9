/*
 * collective: the collective-event record kind (one row per event on a
 * CC-core: TPB_TRIGGER, DMA_ADVANCE, SEMAPHORE_WAIT, ..., or per collective
 * operation from Neuron Explorer CcOp rows).
 */
#ifndef NP_CC_H
#define NP_CC_H

#include "kind/record.h"

/* Columns, in output order. */
enum {
	CC_RANK, CC_CORE, CC_EVENT, CC_START, CC_END, CC_DUR, CC_ENGINE,
	CC_OPERATION, CC_ALGORITHM, CC_OPID, CC_STREAM, CC_NELEM, CC_DTYPE,
	CC_INSIZE, CC_OUTSIZE, CC_ALGBW, CC_BUSBW, CC_GROUP, CC_NCOL
};

#define CC_MAXEVENTS 256	/* distinct events in flight on one CC-core */
#define CC_TOKLEN 128		/* an event name in the text trace: shorter */

extern const struct kind kind_cc;

#endif
