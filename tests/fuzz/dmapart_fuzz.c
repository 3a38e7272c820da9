/*
 * dmapart_fuzz: libFuzzer target for np-dma's reading of its own -A rows,
 * the merge of partial runs (cmd/np-dma.c, included without its main), on
 * one or two files.
 *
 * The first byte is a control byte, the rest the input:
 *   bits 0-3  how reads are chunked in the first pass (fuzz.h)
 *   bit 6     two files: the input is cut at the place the next byte picks
 * Each input is merged twice, in different chunks, and the rows written
 * and the message must come out the same.  The merge writes -A's rows
 * again (st.partial): every row has the header's fields, and merging them
 * once more gives the same bytes.
 */
#include <setjmp.h>

#define NP_NOMAIN
#include "../../cmd/np-dma.c"
#include "fuzz.h"
#include "merge.h"

static struct src in;

/* np-dma's state, as main leaves it before a merge with -A. */
static void
reset(void)
{
	static int once;

	if (in.fd > 0)
		src_close(&in);
	if (once) {
		grp_free(&st.lines);
		grp_free(&st.queues);
	}
	once = 1;
	memset(&st, 0, sizeof st);
	st.window = 1024;
	st.skinnybelow = 512;
	st.partial = 1;
	grp_init(&st.queues, sizeof(struct queue), MAXQUEUES);
	grp_init(&st.lines, sizeof(struct srcline), MAXLINES);
	queue_init(&st.all, -1);
}

/* The merge of files 0 to n - 1, as np-dma's main runs it on them. */
static void
run(int n, const uint8_t *const *data, const size_t *len, unsigned chunking)
{
	static char *names[FZ_MAXFILES];
	static const int modeof[] = {
		[P_SKINNY] = M_SKINNY, [P_HIST] = M_HIST, [P_QHIST] = M_QHIST,
	};
	int i, form;

	out_flush();	/* what a failed run left in tsvout.c's buffer */
	reset();	/* its file closed before fz_files makes others */
	fz_files(n, data, len, chunking);
	fz_reset();
	if (setjmp(fz_jmp)) {
		out_flush();
		return;
	}
	for (i = 0; i < n; i++)
		names[i] = fz_name(i);
	src_open(&in, names[0]);
	if ((form = firstform(&in)) == P_NONE) {
		src_close(&in);
		return;
	}
	merge(&in, names, n, form);
	finish(modeof[form], 1);
	out_flush();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fm_test(run, data, size, 1);
	return 0;
}
