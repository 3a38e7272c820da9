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

/* No option is given to the merge (options.c is not linked). */
int
np_given(const struct np_cmd *cmd, const char *letters)
{
	(void)cmd;
	(void)letters;
	return 0;
}

static char *out_a, msg_a[FZ_MSGSZ];
static size_t outlen_a, capout_a;
static int died_a;
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

static void
keep(void)
{
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
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *part[2];
	size_t len[2], cut;
	unsigned ctl;
	int n = 1, w;

	if (size < 1)
		return 0;
	ctl = data[0];
	w = (ctl & 0x10) != 0;
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
	run(n, part, len, ctl & 15, w, 0);
	keep();
	run(n, part, len, (ctl & 15) ? 0 : 7, w, 0);
	FZ_CHECK(died_a == fz_died && strcmp(msg_a, fz_msg) == 0,
	    "chunking changes the messages:\n%s---\n%s", msg_a, fz_msg);
	FZ_CHECK(outlen_a == fz_outlen && (!fz_outlen ||
	    memcmp(out_a, fz_out, fz_outlen) == 0), "chunking changes rows:\n%.*s---\n%.*s", (int)outlen_a, out_a, (int)fz_outlen, fz_out);
	if (died_a || !outlen_a)
		return 0;
	checkrows();
	if (w)
		return 0;
	/* Written again with -A, merged: the same bytes. */
	run(n, part, len, 0, 0, 1);
	FZ_CHECK(!fz_died, "-A fails where the merge did not: %s", fz_msg);
	part[0] = (const uint8_t *)fz_out;
	len[0] = fz_outlen;
	keep();		/* out_a: the -A rows, read back below */
	part[0] = (const uint8_t *)out_a;
	len[0] = outlen_a;
	run(1, part, len, 0, 0, 1);
	FZ_CHECK(!fz_died && fz_outlen == outlen_a &&
	    memcmp(out_a, fz_out, fz_outlen) == 0,
	    "-A rows merge into others: %s\n%.*s---\n%.*s", fz_msg, (int)outlen_a, out_a, (int)fz_outlen, fz_out);
	return 0;
}
