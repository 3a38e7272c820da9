/*
 * operands_fuzz: libFuzzer target for the reading of a MATMUL's shape
 * from its operands text (mm_shape, common/bound.c), which np-bound -I
 * runs on every MATMUL of a profile.
 *
 * The input is the text, in a buffer of exactly its size (so that the
 * sanitizers see a read past it).  Beyond what they catch, it checks that
 * a shape read is three numbers above 0, the last word of the text is
 * "K*M" in digits, "src=" is in the text before it, and blanks added at
 * the end change nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "calc/bound.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s, *t;
	int64_t k = 0, m = 0, n = 0, k2 = 0, m2 = 0, n2 = 0;
	int got, again;
	size_t w;

	if (!(s = malloc(size ? size : 1)) || !(t = malloc(size + 2)))
		abort();
	memcpy(s, data, size);
	got = mm_shape(s, size, &k, &m, &n);
	memcpy(t, data, size);
	t[size] = ' ';
	t[size + 1] = '\n';
	again = mm_shape(t, size + 2, &k2, &m2, &n2);
	FZ_CHECK(got == again && (!got || (k == k2 && m == m2 && n == n2)),
	    "trailing blanks change the answer: %d %d", got, again);
	if (got) {
		FZ_CHECK(k > 0 && m > 0 && n > 0, "shape %lld %lld %lld",
		    (long long)k, (long long)m, (long long)n);
		while (size && strchr(" \t\r\n", s[size - 1]))
			size--;
		for (w = size; w > 0 && !strchr(" \t\r\n", s[w - 1]); w--)
			;
		FZ_CHECK(memchr(s + w, '*', size - w) != NULL,
		    "no '*' in the last word");
		FZ_CHECK(w >= 4, "no room for src= before the last word");
	}
	free(s);
	free(t);
	return 0;
}
