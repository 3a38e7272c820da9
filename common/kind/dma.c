/*
 * dma: the DMA transfer kind: its columns and the input names each is read
 * from, and the tidying of a row.  The text that holds transfers is read by
 * showdma.c.
 */
#include <string.h>

#include "kind/dma.h"
#include "kind/whichtable.h"

static const struct column dmacols[] = {
	[D_QUEUE] = { "queue_name", T_TEXT, 0, "subgroup queue_idx" },
	[D_START] = { "start_ts", T_INT, C_TIME, "timestamp" },
	[D_END] = { "end_ts", T_INT, C_TIME, NULL },
	[D_DUR] = { "duration_ns", T_INT, C_TIME, "duration" },
	[D_BYTES] = { "transfer_bytes", T_INT, 0, "transfer_size" },
	[D_OP] = { "op", T_TEXT, 0, NULL },
	[D_VAR] = { "variable", T_TEXT, 0, NULL },
	[D_SEM] = { "semaphore", T_TEXT, 0, "semaphore_id" },
	[D_QTYPE] = { "queue_type", T_TEXT, 0, NULL },
	[D_ENGINE] = { "engine_idx", T_INT, 0, NULL },
	[D_READ] = { "read_bytes", T_INT, 0, NULL },
	[D_WRITE] = { "write_bytes", T_INT, 0, NULL },
	[D_CRC] = { "crc", T_TEXT, 0, NULL },
	[D_ND] = { "nd", T_INT, 0, "nd_idx" },
	[D_NC] = { "nc", T_INT, 0, "nc_idx" },
	[D_PCORE] = { "pcore_idx", T_INT, 0, NULL },
};

static void dma_finish(struct record *);

const struct kind kind_dma = {
	"DMA transfer", "dma", D_NCOL, dmacols, D_START, D_END, D_DUR,
	dma_finish,
	SC_BIT(SC_DMAPACKET), "queue_name, queue_idx or transfer_bytes",
	"DmaPacket",
};

/* Tidies a row: a semaphore of "-1" (none) becomes missing. */
static void
dma_finish(struct record *r)
{
	struct field *f = &r->f[D_SEM];

	/* The view export writes "-1" for "no semaphore". */
	if (f->set && f->len == 2 && memcmp(f->s, "-1", 2) == 0)
		rec_unmark(r, D_SEM);
}
