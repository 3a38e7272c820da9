/*
 * reader_fuzz: libFuzzer target for the record readers (common/read/reader*.c,
 * table.c, csv.c, the text formats showtrace.c and showdma.c, startend.c,
 * source.c), as np-trace, np-dma and np-cc run them: each input is read as
 * instructions, as DMA transfers and as collective events, so that every
 * text format sees it.
 *
 * The first byte is a control byte, the rest the input:
 *   bits 0-3  how reads are chunked in the first pass (fuzz.h)
 *   bits 4-5  the input time unit: ns, ps, us, ns
 *   bit 6     two files: the input is cut at the place the next byte picks
 * Each input is read twice per kind, in different chunks, and the rows
 * written, the notes and the error must come out the same; the second
 * time Parquet's plain rows a span at a time (rd_span), each made a record
 * from its cells as a program that takes spans reads them, its text kept
 * at one address as asked (rd_keysome, rd_intern).  Two further
 * columns are read as -c and -v read them: x (text) and xv (a number),
 * names np does not know.  Every row must
 * have one field per column, and no raw TAB, CR or LF inside a field.
 */
#include <stdlib.h>
#include <string.h>

#include "kind/collective.h"
#include "kind/dma.h"
#include "kind/instruction.h"
#include "read/reader.h"
#include "format/table.h"
#include "write/row.h"
#include "write/tsvout.h"
#include "fuzz.h"

#define NEXTRA 2		/* further columns read: x and xv */

static struct reader rd;
static char *out_a, msg_a[FZ_MSGSZ];
static size_t outlen_a, capout_a;
static int died_a;

static void
cleanup(void)
{
	if (rd.in && rd.in->fd >= 0)
		src_close(rd.in);
	/* A Parquet file read when it died (pq_open sets fd first). */
	if (rd.pq.footer || rd.pq.col || rd.pq.cur)
		pq_close(&rd.pq);
	free(rd.rec.arena);
	json_free(&rd.j);
	free(rd.t.hdr);
	free(rd.own.buf);
	free(rd.textst);
	free(rd.names);
	memset(&rd, 0, sizeof rd);
}

static void
checkrows(const struct kind *k)
{
	size_t i, tabs = 0;

	for (i = 0; i < fz_outlen; i++) {
		FZ_CHECK(fz_out[i] != '\r', "CR in the output");
		if (fz_out[i] == '\t')
			tabs++;
		else if (fz_out[i] == '\n') {
			FZ_CHECK(tabs == (size_t)k->ncol + NEXTRA - 1,
			    "a row of %zu fields", tabs + 1);
			tabs = 0;
		}
	}
	FZ_CHECK(fz_died || fz_outlen == 0 || fz_out[fz_outlen - 1] == '\n',
	    "last row unfinished");
}

/*
 * The rows of spans, while the reader has them: each row's cells made a
 * record (the kind's finish after, as the reader's), written.  Every cell
 * is a null, a whole number or text, and the three times are there in
 * order.  Spans are taken whole, in half and not at all, in turn, so that
 * the reader's memory of a span it found is used too: after some of its
 * rows were taken, or a row by rd_next.
 */
static unsigned long taken;	/* spans met in this run */

/* A span's text cell of column c set in rec, at the address rd_intern
 * gives (rd_keysome): the same bytes. */
static void
bytes(struct record *rec, int c, const struct pq_cell *cell)
{
	const char *s = rd_intern(&rd, c, cell->s, cell->len);

	FZ_CHECK(cell->len == 0 || memcmp(s, cell->s, cell->len) == 0,
	    "rd_intern gave other bytes");
	rec_setref(rec, c, s, cell->len);
}

static void
spans(const struct kind *k)
{
	struct rd_span sp;
	struct record *rec = &rd.rec;
	const struct pq_cell *cell;
	long n, j;
	int c;

	while ((n = rd_span(&rd, &sp)) > 0) {
		FZ_CHECK(n <= PQ_BATCH, "a span of %ld rows", n);
		switch (taken++ % 3) {
		case 1:
			n /= 2;
			break;
		case 2:
			n = 0;
			break;
		}
		if (n == 0)
			return;	/* its first row by rd_next */
		for (j = 0; j < n; j++) {
			rec_clear(rec);
			rec->file = sp.file;
			rec->line = sp.line + j;
			rec->operand = rd.operand;
			for (c = 0; c < REC_MAXCOL; c++) {
				if (!sp.cell[c])
					continue;
				cell = sp.cell[c] + j;
				FZ_CHECK(cell->kind == PQ_NULL ||
				    cell->kind == sp.kind[c], "a span's cell "
				    "of kind %d, its column's %d", cell->kind,
				    sp.kind[c]);
				if (cell->kind == PQ_INT)
					rec_setint(rec, c, cell->i);
				else if (cell->kind == PQ_BYTES)
					bytes(rec, c, cell);
				else
					FZ_CHECK(cell->kind == PQ_NULL, "a "
					    "span's cell of kind %d", cell->kind);
			}
			FZ_CHECK(rec->f[k->start].set && rec->f[k->end].set &&
			    rec->f[k->dur].set && rec->f[k->dur].i >= 0 &&
			    rec->f[k->end].i >= rec->f[k->start].i,
			    "a span's row not plain");
			if (k->finish)
				k->finish(rec);
			rec_write(k, rec);
		}
		rd_spanned(&rd, n);
	}
}

static void
run(const struct kind *k, int n, const uint8_t *const *data,
    const size_t *len, unsigned chunking, const char *unit, int usespans)
{
	static char *names[FZ_MAXFILES];
	struct record *rec;
	int i;

	out_flush();	/* what a failed run left in tsvout.c's buffer */
	fz_files(n, data, len, chunking);
	fz_reset();
	taken = 0;
	if (setjmp(fz_jmp)) {
		out_flush();
		cleanup();
		checkrows(k);
		return;
	}
	for (i = 0; i < n; i++)
		names[i] = fz_name(i);
	rd_open(&rd, k, names, n);
	if (!rd_setunit(&rd, unit))
		abort();
	/* Columns of names np does not know: text, whose numbers are
	 * respelt, and a number (as np-stall's -v), whose widened floats are
	 * read as floats. */
	rd_column(&rd, "x", "c", T_TEXT, 0, "fuzz");
	rd_column(&rd, "xv", "v", T_INT, 0, "fuzz");
	if (usespans)	/* text kept as asked, as np-stall's nki */
		rd_keysome(&rd, ~0u);
	rd_header(&rd);
	for (;;) {
		if (usespans)
			spans(k);
		if (!(rec = rd_next(&rd)))
			break;
		FZ_CHECK(rec->line >= 1 && rec->file, "row from nowhere");
		FZ_CHECK(rec->f[k->start].set, "row without a start");
		for (i = 0; i < k->ncol; i++)
			FZ_CHECK(!rec->f[i].set || k->col[i].type != T_TEXT ||
			    rec->f[i].s || !rec->f[i].len,
			    "text field %d without text", i);
		rec_write(k, rec);
	}
	out_flush();
	rd_close(&rd);
	FZ_CHECK(rd.own.fd < 0, "a file left open");
	checkrows(k);
}

/* Reads the input as k's records twice, in different chunks: the rows and
 * the messages must not change. */
static void
twice(const struct kind *k, int n, const uint8_t *const *part,
    const size_t *len, unsigned chunking, const char *unit)
{
	run(k, n, part, len, chunking, unit, 0);
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

	run(k, n, part, len, chunking ? 0 : 7, unit, 1);
	FZ_CHECK(died_a == fz_died && strcmp(msg_a, fz_msg) == 0,
	    "chunking or spans change the messages:\n%s---", msg_a);
	FZ_CHECK(outlen_a == fz_outlen && (!fz_outlen ||
	    memcmp(out_a, fz_out, fz_outlen) == 0), "chunking or spans change rows");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const units[] = { "ns", "ps", "us", "ns" };
	static const struct kind *const kinds[] = {
		&kind_insn, &kind_dma, &kind_cc,
	};
	const uint8_t *part[2];
	size_t len[2], cut;
	unsigned ctl;
	int k, n = 1;

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
	fz_lineless = (len[0] >= 4 && memcmp(part[0], "PAR1", 4) == 0) ||
	    (n == 2 && len[1] >= 4 && memcmp(part[1], "PAR1", 4) == 0);
	for (k = 0; k < 3; k++)
		twice(kinds[k], n, part, len, ctl & 15, units[ctl >> 4 & 3]);
	return 0;
}
