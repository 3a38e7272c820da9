/*
 * What the targets of a program's merge of its own partial runs share
 * (partial_fuzz, boundrows_fuzz, dmapart_fuzz): the control byte's cut of
 * the input into one or two files, the first run kept to compare the next
 * with, the check that every row has the header's fields, and the whole
 * test of an input (fm_test) for a merge without options.  Included by
 * the target after the program's source and fuzz.h.
 */
#ifndef NP_FUZZ_MERGE_H
#define NP_FUZZ_MERGE_H

#include <stdlib.h>
#include <string.h>

/* No option is given to the merge (options.c is not linked). */
int
np_given(const struct np_cmd *cmd, const char *letters)
{
	(void)cmd;
	(void)letters;
	return 0;
}

/* A run kept: its rows, messages and whether it died. */
static char *fm_out, fm_msg[FZ_MSGSZ];
static size_t fm_outlen, fm_cap;
static int fm_died;

static void
fm_keep(void)
{
	fm_died = fz_died;
	memcpy(fm_msg, fz_msg, fz_msglen + 1);
	if (fz_outlen > fm_cap) {
		fm_cap = fz_outlen;
		if (!(fm_out = realloc(fm_out, fm_cap)))
			abort();
	}
	if (fz_outlen)
		memcpy(fm_out, fz_out, fz_outlen);
	fm_outlen = fz_outlen;
}

/* The run just made, in other chunks, wrote and said what the kept one
 * did. */
static void
fm_same(void)
{
	FZ_CHECK(fm_died == fz_died && strcmp(fm_msg, fz_msg) == 0,
	    "chunking changes the messages:\n%s---\n%s", fm_msg, fz_msg);
	FZ_CHECK(fm_outlen == fz_outlen && (!fz_outlen ||
	    memcmp(fm_out, fz_out, fz_outlen) == 0),
	    "chunking changes rows:\n%.*s---\n%.*s", (int)fm_outlen, fm_out,
	    (int)fz_outlen, fz_out);
}

/* Every row of the output has the header's fields. */
static void
fm_checkrows(void)
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

/* The input after the control byte ctl: one file, or with bit 6 two, cut
 * at the place the next byte picks.  Returns how many. */
static int
fm_parts(const uint8_t *data, size_t size, unsigned ctl,
    const uint8_t **part, size_t *len)
{
	size_t cut;

	part[0] = data;
	len[0] = size;
	if (!(ctl & 0x40) || size < 1)
		return 1;
	cut = (size_t)data[0] * (size - 1) / 255;
	part[0] = data + 1;
	len[0] = cut;
	part[1] = data + 1 + cut;
	len[1] = size - 1 - cut;
	return 2;
}

/* A merge of n files, chunked as chunking says (fz_files), as the
 * program's main runs it. */
typedef void fm_run(int n, const uint8_t *const *data, const size_t *len,
    unsigned chunking);

/*
 * The test of one input: its control byte (fm_parts's cut; bits 0-3 the
 * chunking), the merge run twice in other chunks to the same rows and
 * messages, every row the header's fields, and the merged rows merged
 * again to the same bytes.  longok: the merge of merged rows may die on a
 * line longer than the build's small buffer, which one the program wrote
 * may be (a key re-escaped, "1e3" bytes written 1000).
 */
static void
fm_test(fm_run *run, const uint8_t *data, size_t size, int longok)
{
	const uint8_t *part[2];
	size_t len[2];
	unsigned ctl;
	int n;

	if (size < 1)
		return;
	ctl = data[0];
	data++;
	size--;
	n = fm_parts(data, size, ctl, part, len);
	run(n, part, len, ctl & 15);
	fm_keep();
	run(n, part, len, (ctl & 15) ? 0 : 7);
	fm_same();
	if (fm_died || !fm_outlen)
		return;
	fm_checkrows();
	part[0] = (const uint8_t *)fm_out;
	len[0] = fm_outlen;
	run(1, part, len, 0);
	if (longok && fz_died && strstr(fz_msg, "line longer than"))
		return;
	FZ_CHECK(!fz_died && fz_outlen == fm_outlen &&
	    memcmp(fm_out, fz_out, fz_outlen) == 0,
	    "merged rows merge into others: %s", fz_msg);
}

#endif
