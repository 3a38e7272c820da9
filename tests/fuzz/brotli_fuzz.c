/*
 * brotli_fuzz: libFuzzer target for the Brotli decompressor
 * (common/codec/brotli.c).
 *
 * The first two bytes choose the output buffer's size, the rest is the
 * compressed input:
 *   bytes 0-1  little-endian; bits 0-14 are the size, times 4 when bit 15
 *              is set (so sizes reach 128 KiB)
 * The buffer is followed by guard bytes.  Beyond what the sanitizers catch,
 * it checks that
 *   - nothing is written past the size, and *outlen is within it;
 *   - a message is "brotli: at byte N: ..." with N within the input, and a
 *     shorter message buffer holds the same message cut short;
 *   - on success the input decodes again, into a buffer of exactly the
 *     size it gave, to the same bytes, and fails in one byte less.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec.h"
#include "fuzz.h"

#define GUARD 64

static void
checkguard(const unsigned char *dst, size_t cap)
{
	size_t i;

	for (i = 0; i < GUARD; i++)
		FZ_CHECK(dst[cap + i] == 0xA5, "byte %zu past the end of a "
		    "%zu-byte buffer written", i, cap);
}

static void
checkmsg(const char *err, size_t n)
{
	unsigned long at;
	char *end;

	FZ_CHECK(memchr(err, '\0', 256) != NULL, "message not terminated");
	FZ_CHECK(strncmp(err, "brotli: at byte ", 16) == 0, "message '%s'",
	    err);
	at = strtoul(err + 16, &end, 10);
	FZ_CHECK(end != err + 16 && strncmp(end, ": ", 2) == 0 && end[2],
	    "message '%s'", err);
	FZ_CHECK(at <= n, "message '%s' for %zu bytes", err, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *dst, *again;
	char err[256], shorter[256];
	size_t cap, out, out2, errlen;
	int rc;

	if (size < 2)
		return 0;
	cap = (data[0] | data[1] << 8) & 0x7FFF;
	if (data[1] & 0x80)
		cap *= 4;
	data += 2;
	size -= 2;
	if (!(dst = malloc(cap + GUARD)))
		abort();
	memset(dst, 0xA5, cap + GUARD);
	rc = brotli_decompress(data, size, dst, cap, &out, err, sizeof err);
	checkguard(dst, cap);
	if (rc != 0) {
		FZ_CHECK(rc == -1, "returns %d", rc);
		checkmsg(err, size);
		errlen = 1 + cap % 40;
		rc = brotli_decompress(data, size, dst, cap, &out, shorter,
		    errlen);
		FZ_CHECK(rc == -1, "fails once, not twice");
		FZ_CHECK(strlen(shorter) < errlen && strncmp(shorter, err,
		    strlen(shorter)) == 0 && (strlen(shorter) == errlen - 1 ||
		    strcmp(shorter, err) == 0), "'%s' cut to %zu is '%s'", err,
		    errlen, shorter);
		free(dst);
		return 0;
	}
	FZ_CHECK(out <= cap, "%zu bytes out of %zu", out, cap);
	if (!(again = malloc(out + GUARD)))
		abort();
	memset(again, 0xA5, out + GUARD);
	rc = brotli_decompress(data, size, again, out, &out2, err, sizeof err);
	FZ_CHECK(rc == 0 && out2 == out, "a second decode into %zu bytes "
	    "gives %d, %zu bytes: %s", out, rc, out2, rc ? err : "");
	FZ_CHECK(memcmp(dst, again, out) == 0, "a second decode differs");
	checkguard(again, out);
	if (out > 0) {
		memset(again, 0xA5, out + GUARD);
		rc = brotli_decompress(data, size, again, out - 1, &out2, err,
		    sizeof err);
		FZ_CHECK(rc == -1, "%zu bytes fit in %zu", out, out - 1);
		checkmsg(err, size);
		checkguard(again, out - 1);
	}
	free(again);
	free(dst);
	return 0;
}
