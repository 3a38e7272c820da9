/*
 * What the targets of a program's merge of its own partial runs share
 * (partial_fuzz, boundrows_fuzz, dmapart_fuzz): the control byte's cut of the input
 * into one or two files, the first run kept to compare the next with, and
 * the check that every row has the header's fields.  Included by the
 * target after the program's source and fuzz.h.
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

#endif
