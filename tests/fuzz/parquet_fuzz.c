/*
 * parquet_fuzz: libFuzzer target for the Parquet reader
 * (common/format/parquet*.c, thrift.c, and the codecs its pages go through).
 *
 * The first byte is a control byte, the rest the Parquet file:
 *   bits 0-7  which column the second pass reads alone (modulo the count)
 *   bit 7     pass B keeps text as asked (pq_intern_lazy), not as read
 * Pass A reads every column of every row; pass B only one, its text values
 * kept at one address a value (pq_intern, or pq_intern_text on each).
 * Beyond what the sanitizers catch, it checks that
 *   - every cell is NULL or of its column's kind, and none is NULL in a
 *     batch said to hold no null (pq_batch's hasnull, on which a reader
 *     skips its look at each cell); a FIXED_LEN_BYTE_ARRAY
 *     value is of the column's length (every byte of a value is read, so
 *     that ASan sees a value reaching outside its buffer);
 *   - when pass A ends without an error, pass B does too, with the same
 *     rows and the same cells in its column (projection and pq_intern
 *     change nothing);
 *   - every error message starts with the file's name.
 * Rows past MAXROWS are not read: a small file may claim billions.
 */
#include <stdlib.h>
#include <string.h>

#include "format/parquet.h"
#include "fuzz.h"

#define MAXROWS 100000

static struct pq p;
static int opened;

struct sum {
	uint64_t rows;
	uint64_t hash;
};

static uint64_t
mix(uint64_t h, uint64_t v)
{
	return (h ^ v) * 1099511628211ULL;
}

static uint64_t
cellhash(const struct pq_column *c, const struct pq_cell *v)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	FZ_CHECK(v != NULL, "no cell for a selected column");
	FZ_CHECK(v->kind == PQ_NULL || v->kind == c->kind, "cell of kind %d "
	    "in a column of kind %d", v->kind, c->kind);
	h = mix(h, (uint64_t)v->kind);
	switch (v->kind) {
	case PQ_INT:
	case PQ_UINT:
	case PQ_BOOL:
		if (v->kind == PQ_BOOL)
			FZ_CHECK(v->i == 0 || v->i == 1, "bool %lld",
			    (long long)v->i);
		h = mix(h, v->u);
		break;
	case PQ_DOUBLE:
		h = mix(h, v->u);	/* its bits */
		break;
	case PQ_BYTES:
		if (c->physical == PQ_T_FIXED_LEN_BYTE_ARRAY)
			FZ_CHECK(v->len == (size_t)c->type_length, "a value "
			    "of %zu bytes in a column of %d", v->len,
			    c->type_length);
		FZ_CHECK(v->len == 0 || v->s, "bytes without a pointer");
		for (i = 0; i < v->len; i++)
			h = mix(h, (unsigned char)v->s[i]);
		break;
	}
	return h;
}

/* A text cell's value as pq_intern_text keeps it: the same bytes. */
static void
lazy(int cur, const struct pq_cell *v)
{
	const char *s;

	if (v->kind != PQ_BYTES)
		return;
	s = pq_intern_text(&p, cur, v->s, v->len);
	FZ_CHECK(v->len == 0 || memcmp(s, v->s, v->len) == 0, "a value "
	    "kept (pq_intern_text) is not the value given");
}

/* Reads the file with the columns sel (all if -1); sums[col] per column. */
static int
pass(const uint8_t *data, size_t size, int sel, struct sum *sums, int maxcol)
{
	const struct pq_column *c;
	uint64_t rows = 0;
	int i, n;

	fz_files(1, &data, &size, 0);
	fz_reset();
	if (setjmp(fz_jmp)) {
		FZ_CHECK(strncmp(fz_msg, "0", 1) == 0 || strncmp(fz_msg,
		    "out of memory", 13) == 0, "message without the file: %s",
		    fz_msg);
		if (opened)
			pq_close(&p);
		opened = 0;
		return -1;
	}
	opened = 1;
	pq_open(&p, fz_name(0));
	n = pq_ncols(&p);
	if (n > maxcol)
		n = maxcol;
	for (i = 0; i < n; i++)
		if (sel < 0 || i == sel % n) {
			pq_select(&p, i);
			if (sel >= 0 && (sel & 128))
				pq_intern_lazy(&p, i);
			else if (sel >= 0)
				pq_intern(&p, i);
			sums[i].rows = 0;
			sums[i].hash = 0;
		}
	while (pq_next(&p)) {
		for (i = 0; i < n; i++) {
			c = pq_col(&p, i);
			if (sel >= 0 && i != sel % n) {
				FZ_CHECK(pq_cell(&p, i) == NULL, "a cell of a "
				    "column not selected");
				continue;
			}
			FZ_CHECK(p.batch[pq_selected(&p, i)].hasnull ||
			    pq_cell(&p, i)->kind != PQ_NULL, "a null in a "
			    "batch without nulls, column %d", i);
			sums[i].hash = mix(sums[i].hash, cellhash(c,
			    pq_cell(&p, i)));
			if (sel >= 0 && (sel & 128))
				lazy(pq_selected(&p, i), pq_cell(&p, i));
			sums[i].rows++;
		}
		if (++rows >= MAXROWS)
			break;
	}
	pq_close(&p);
	opened = 0;
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct sum a[64], b[64];
	int n, k, nb;

	if (size < 1)
		return 0;
	k = data[0];
	memset(a, 0, sizeof a);
	memset(b, 0, sizeof b);
	n = pass(data + 1, size - 1, -1, a, 64);
	if (n <= 0)
		return 0;
	nb = pass(data + 1, size - 1, k, b, 64);
	FZ_CHECK(nb == n, "pass B died where pass A read every column:\n%s",
	    fz_msg);
	k %= n;
	FZ_CHECK(a[k].rows == b[k].rows && a[k].hash == b[k].hash,
	    "column %d alone reads otherwise", k);
	return 0;
}
