/*
 * unzip: one block through one of the Parquet page decompressors of
 * common/codec/codec.h, for the tests:
 *
 *	unzip CODEC SIZE <block >data
 *
 * SIZE is the uncompressed size a page header would state (the output
 * buffer's size).  A codec's error is printed as "unzip: MESSAGE", exit 1;
 * output shorter than SIZE is an error too, as it is for a page.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec.h"

static const struct {
	const char *name;
	codec_fn *fn;
} codecs[] = {
	{ "brotli", brotli_decompress },
	{ "gzip", gzip_decompress },
	{ "lz4hadoop", lz4hadoop_decompress },
	{ "lz4raw", lz4raw_decompress },
	{ "snappy", snappy_decompress },
	{ "zstd", zstd_decompress },
	{ NULL, NULL }
};

static unsigned char *
readall(size_t *n)
{
	unsigned char *buf = NULL, *nb;
	size_t cap = 0, got;

	*n = 0;
	for (;;) {
		if (*n == cap) {
			cap = cap ? cap * 2 : 65536;
			if (!(nb = realloc(buf, cap))) {
				fputs("unzip: out of memory\n", stderr);
				exit(1);
			}
			buf = nb;
		}
		got = fread(buf + *n, 1, cap - *n, stdin);
		*n += got;
		if (got == 0)
			break;
	}
	if (ferror(stdin)) {
		fputs("unzip: read error\n", stderr);
		exit(1);
	}
	return buf;
}

int
main(int argc, char *argv[])
{
	unsigned char *src, *dst;
	size_t n, cap, out;
	char err[256], *end;
	int i;

	if (argc != 3) {
		fputs("usage: unzip codec size\n", stderr);
		return 2;
	}
	for (i = 0; codecs[i].name; i++)
		if (strcmp(codecs[i].name, argv[1]) == 0)
			break;
	if (!codecs[i].name) {
		fprintf(stderr, "unzip: unknown codec '%s'\n", argv[1]);
		return 2;
	}
	cap = strtoul(argv[2], &end, 10);
	if (*end || end == argv[2]) {
		fprintf(stderr, "unzip: bad size '%s'\n", argv[2]);
		return 2;
	}
	src = readall(&n);
	/* One byte more than asked, so that a malloc(0) is never made. */
	if (!(dst = malloc(cap + 1))) {
		fputs("unzip: out of memory\n", stderr);
		return 1;
	}
	if (codecs[i].fn(src, n, dst, cap, &out, err, sizeof err) != 0) {
		fprintf(stderr, "unzip: %s\n", err);
		free(src);
		free(dst);
		return 1;
	}
	if (out != cap) {
		fprintf(stderr, "unzip: %zu bytes out, expected %zu\n", out, cap);
		free(src);
		free(dst);
		return 1;
	}
	if (fwrite(dst, 1, out, stdout) != out || fflush(stdout) != 0) {
		fputs("unzip: write error\n", stderr);
		return 1;
	}
	free(src);
	free(dst);
	return 0;
}
