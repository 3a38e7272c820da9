/*
 * dma: the DMA transfer record kind (one row per transfer on a DMA queue).
 */
#ifndef NP_DMA_H
#define NP_DMA_H

#include "kind/record.h"

/* Columns, in output order. */
enum {
	D_QUEUE, D_START, D_END, D_DUR, D_BYTES, D_OP, D_VAR, D_SEM,
	D_QTYPE, D_ENGINE, D_READ, D_WRITE, D_CRC, D_ND, D_NC, D_PCORE, D_NCOL
};

extern const struct kind kind_dma;

#endif
