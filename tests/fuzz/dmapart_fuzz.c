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

/* No option is given to the merge (options.c is not linked). */
int
np_given(const struct np_cmd *cmd, const char *letters)
{
	(void)cmd;
	(void)letters;
	return 0;
}

static struct src in;
static char *out_a, msg_a[FZ_MSGSZ];
static size_t outlen_a, capout_a;
static int died_a;

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

/* Every row of the output has the header's fields. */
static void
checkrows(void)
{
	size_t i, tabs = 0, want = 0;
	int first = 1;

	for (i = 0; i < fz_outlen; i++) {
		if (fz_out[i] == '\t')
			tabs++;
		else if (fz_out[i] == '\n') {
			if (first)
				want = tabs;
			FZ_CHECK(tabs == want, "a row of %zu fields, the "
			    "header %zu", tabs + 1, want + 1);
			first = 0;
			tabs = 0;
		}
	}
	FZ_CHECK(fz_outlen == 0 || fz_out[fz_outlen - 1] == '\n',
	    "last row unfinished");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *part[2];
	size_t len[2], cut;
	unsigned ctl;
	int n = 1;

	if (size < 1)
		return 0;
	ctl = data[0];
	data++;
	size--;
	part[0] = data;
	len[0] = size;
	if (ctl & 0x40 && size >= 1) {
		cut = (size_t)data[0] * (size - 1) / 255;
		part[0] = data + 1;
		len[0] = cut;
		part[1] = data + 1 + cut;
		len[1] = size - 1 - cut;
		n = 2;
	}
	run(n, part, len, ctl & 15);
	died_a = fz_died;
	memcpy(msg_a, fz_msg, fz_msglen + 1);
	if (fz_outlen > capout_a) {
		capout_a = fz_outlen;
		if (!(out_a = realloc(out_a, capout_a)))
			abort();
	}
	if (fz_outlen)
		memcpy(out_a, fz_out, fz_outlen);
	outlen_a = fz_outlen;
	run(n, part, len, (ctl & 15) ? 0 : 7);
	FZ_CHECK(died_a == fz_died && strcmp(msg_a, fz_msg) == 0,
	    "chunking changes the messages:\n%s---\n%s", msg_a, fz_msg);
	FZ_CHECK(outlen_a == fz_outlen && (!fz_outlen ||
	    memcmp(out_a, fz_out, fz_outlen) == 0), "chunking changes rows");
	if (died_a || !outlen_a)
		return 0;
	checkrows();
	/* The merged rows merged again: the same bytes; but for a row the
	 * build's small buffer cannot hold, which may be longer than those
	 * read (a key re-escaped, "1e3" bytes written 1000). */
	part[0] = (const uint8_t *)out_a;
	len[0] = outlen_a;
	run(1, part, len, 0);
	if (fz_died && strstr(fz_msg, "line longer than"))
		return 0;
	FZ_CHECK(!fz_died && fz_outlen == outlen_a &&
	    memcmp(out_a, fz_out, fz_outlen) == 0,
	    "merged rows merge into others: %s", fz_msg);
	return 0;
}
