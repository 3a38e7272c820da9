/*
 * partial_fuzz: libFuzzer target for np-stall's reading of its own rows,
 * the merge of partial runs (cmd/np-stall.c, included without its main),
 * on one or two files.
 *
 * The first byte is a control byte, the rest the input:
 *   bits 0-3  how reads are chunked in the first pass (fuzz.h)
 *   bit 6     two files: the input is cut at the place the next byte picks
 * Each input is merged twice, in different chunks, and the rows written
 * and the message must come out the same.  Merged rows are np-stall's
 * rows again, one a key: every row has the header's fields, and merging
 * them once more gives the same bytes.
 */
#include <setjmp.h>

#define NP_NOMAIN
#include "../../cmd/np-stall.c"
#include "fuzz.h"
#include "merge.h"

static struct src in;
static struct stall st;

/* np-stall's state, as main leaves it before reading. */
static void
reset(void)
{
	int i;

	if (in.fd > 0)
		src_close(&in);
	for (i = 0; i < st.pt.n; i++)
		free(st.pt.name[i]);
	grp_free(&st.grp);
	memset(&st, 0, sizeof st);
	stallinit(&st);
	grp_init(&st.grp, sizeof(struct acc), MAXKEYS);
}

/* The merge of files 0 to n - 1, as np-stall's main runs it on them. */
static void
run(int n, const uint8_t *const *data, const size_t *len, unsigned chunking)
{
	static char *names[FZ_MAXFILES];
	int i;

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
	if (!firstpartial(&in)) {
		src_close(&in);
		return;
	}
	merge(&st, &in, names, n, NULL);
	if (st.nrows > 0 && st.nvalued == 0)
		np_die("no instruction with the value");
	writerows(&st, 1, -1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fm_test(run, data, size, 0);
	return 0;
}
