/*
 * boundrows_fuzz: libFuzzer target for np-bound's reading of its own rows,
 * the merge of partial runs (cmd/np-bound.c, included without its main),
 * on one or two files.
 *
 * The first byte is a control byte, the rest the input:
 *   bits 0-3  how reads are chunked in the first pass (fuzz.h)
 *   bit 4     -w: the bounds side by side
 *   bit 6     two files: the input is cut at the place the next byte picks
 * Each input is merged twice, in different chunks, and the rows written
 * and the message must come out the same; every row has the header's
 * fields.  Merged rows of one profile, or of several without -w, are
 * np-bound's rows again: written with -A and merged once more they give
 * the same bytes.
 */
#include <setjmp.h>

#define NP_NOMAIN
#include "../../cmd/np-bound.c"
#include "fuzz.h"
#include "merge.h"

static struct bound st;

/* np-bound's state, as main leaves it before reading. */
static void
reset(int w, int a)
{
	int i;

	if (st.bp.in.fd > 0)
		src_close(&st.bp.in);
	for (i = 0; i < st.nprofiles; i++)
		free((char *)st.profiles[i].name);
	free(st.bp.held);
	free(st.bp.firstname);
	free(st.bp.name);
	free(st.bp.in.buf);
	memset(&st, 0, sizeof st);
	boundinit(&st);
	st.wide = w;
	st.partial = a;
}

static void
run(int n, const uint8_t *const *data, const size_t *len, unsigned chunking,
    int w, int a)
{
	static char *names[FZ_MAXFILES];
	int i, m;

	out_flush();	/* what a failed run left in tsvout.c's buffer */
	reset(w, a);	/* its file closed before fz_files makes others */
	fz_files(n, data, len, chunking);
	fz_reset();
	if (setjmp(fz_jmp)) {
		out_flush();
		return;
	}
	for (i = 0; i < n; i++)
		names[i] = fz_name(i);
	src_open(&st.bp.in, names[0]);
	if ((m = firstmode(&st.bp.in)) < 0 ||
	    (w && m)) {
		src_close(&st.bp.in);
		return;
	}
	mergeparts(&st, names, n, m, NULL);
	mergedrows(&st);
	out_flush();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *part[2];
	size_t len[2];
	unsigned ctl;
	int n, w;

	if (size < 1)
		return 0;
	ctl = data[0];
	w = (ctl & 0x10) != 0;
	data++;
	size--;
	n = fm_parts(data, size, ctl, part, len);
	run(n, part, len, ctl & 15, w, 0);
	fm_keep();
	run(n, part, len, (ctl & 15) ? 0 : 7, w, 0);
	fm_same();
	if (fm_died || !fm_outlen)
		return 0;
	fm_checkrows();
	if (w)
		return 0;
	/* Written again with -A, merged: the same bytes. */
	run(n, part, len, 0, 0, 1);
	FZ_CHECK(!fz_died, "-A fails where the merge did not: %s", fz_msg);
	part[0] = (const uint8_t *)fz_out;
	len[0] = fz_outlen;
	fm_keep();		/* fm_out: the -A rows, read back below */
	part[0] = (const uint8_t *)fm_out;
	len[0] = fm_outlen;
	run(1, part, len, 0, 0, 1);
	FZ_CHECK(!fz_died && fz_outlen == fm_outlen &&
	    memcmp(fm_out, fz_out, fz_outlen) == 0,
	    "-A rows merge into others: %s\n%.*s---\n%.*s", fz_msg,
	    (int)fm_outlen, fm_out, (int)fz_outlen, fz_out);
	return 0;
}
