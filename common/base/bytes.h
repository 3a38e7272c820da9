/*
 * bytes: short byte strings compared and hashed inline, on the path of
 * every row, where a call to memcmp costs more than the comparison: a
 * value of 4 bytes or more is compared 8 (or 4) bytes at a time, the last
 * load ending at its end.
 */
#ifndef NP_BYTES_H
#define NP_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t
bytes_ld8(const char *s)
{
	uint64_t v;

	memcpy(&v, s, 8);
	return v;
}

static inline uint32_t
bytes_ld4(const char *s)
{
	uint32_t v;

	memcpy(&v, s, 4);
	return v;
}

/* Are n bytes at a and at b the same? */
static inline int
bytes_eq(const char *a, const char *b, size_t n)
{
	size_t i;

	if (n >= 8) {
		for (i = 0; i + 8 < n; i += 8)
			if (bytes_ld8(a + i) != bytes_ld8(b + i))
				return 0;
		return bytes_ld8(a + n - 8) == bytes_ld8(b + n - 8);
	}
	if (n >= 4)
		return bytes_ld4(a) == bytes_ld4(b) &&
		    bytes_ld4(a + n - 4) == bytes_ld4(b + n - 4);
	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* A hash of n bytes from their two ends (at most 8 bytes of each), with
 * n: enough to tell apart the few distinct values of a column. */
static inline uint64_t
bytes_hash(const char *s, size_t n)
{
	uint64_t a = 0, b = 0;
	size_t i;

	if (n >= 8) {
		a = bytes_ld8(s);
		b = bytes_ld8(s + n - 8);
	} else if (n >= 4) {
		a = bytes_ld4(s);
		b = bytes_ld4(s + n - 4);
	} else
		for (i = 0; i < n; i++)
			a = a << 8 | (unsigned char)s[i];
	return (a ^ b * 0xff51afd7ed558ccdULL ^ n) * 0x9e3779b97f4a7c15ULL;
}

#endif
