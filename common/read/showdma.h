/*
 * showdma: DMA transfer records from the text of
 * `neuron-profile show-session --show-dma`.
 */
#ifndef NP_SHOWDMA_H
#define NP_SHOWDMA_H

#include "read/proftext.h"

extern const struct textfmt showdma;

#endif
