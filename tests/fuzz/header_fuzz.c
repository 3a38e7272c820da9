/*
 * header_fuzz: libFuzzer target for the test of whether a TSV or CSV
 * header line names a column (bd_headhas, common/calc/bound.c), which
 * np-bound asks of a Metadata table's header.
 *
 * The input's first byte picks the delimiter (odd: TAB, even: comma), the
 * rest is the line, in a buffer of exactly its size (so that the
 * sanitizers see a read past it).  Beyond what they catch, it checks the
 * answer against the line split here another way: every field (without a
 * NUL byte) is found, bare and, when quoted, without its quotes; a name
 * one byte longer than a field is found only where some field is it.
 */
#include <stdlib.h>
#include <string.h>

#include "calc/bound.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXF 64

/* Is name (n bytes) a field of the line, bare or in quotes? */
static int
among(char **fs, size_t *fl, int nf, const char *name, size_t n)
{
	int i;

	for (i = 0; i < nf; i++) {
		if (fl[i] == n && memcmp(fs[i], name, n) == 0)
			return 1;
		if (fl[i] == n + 2 && fs[i][0] == '"' && fs[i][n + 1] == '"' &&
		    memcmp(fs[i] + 1, name, n) == 0)
			return 1;
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line, *e, *p, *q, name[260];
	char *fs[MAXF];
	size_t fl[MAXF], n;
	char delim;
	int nf = 0, i;

	if (size == 0)
		return 0;
	delim = data[0] & 1 ? '\t' : ',';
	size--;
	if (!(line = malloc(size ? size : 1)))
		abort();
	memcpy(line, data + 1, size);
	e = line + size;
	if (e > line && e[-1] == '\r')
		e--;
	for (p = line; nf < MAXF; p = q + 1) {
		for (q = p; q < e && *q != delim; q++)
			;
		fs[nf] = p;
		fl[nf++] = (size_t)(q - p);
		if (q == e)
			break;
	}
	for (i = 0; i < nf; i++) {
		n = fl[i] < sizeof name - 2 ? fl[i] : 0;
		if (n != fl[i] || memchr(fs[i], '\0', n))
			continue;
		memcpy(name, fs[i], n);
		name[n] = '\0';
		FZ_CHECK(bd_headhas(line, line + size, delim, name),
		    "field %d not found", i);
		if (n >= 2 && name[0] == '"' && name[n - 1] == '"') {
			name[n - 1] = '\0';
			FZ_CHECK(bd_headhas(line, line + size, delim, name + 1),
			    "quoted field %d not found bare", i);
			name[n - 1] = '"';
		}
		name[n] = 'x';
		name[n + 1] = '\0';
		if (nf < MAXF)
			FZ_CHECK(bd_headhas(line, line + size, delim, name) ==
			    among(fs, fl, nf, name, n + 1),
			    "field %d and a byte more: not as split here", i);
	}
	free(line);
	return 0;
}
