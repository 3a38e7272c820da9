/*
 * unzip: one block through one of the Parquet page decompressors of
 * common/codec/codec.h, for the tests:
 *
 *	unzip CODEC SIZE <block >data
 *	unzip -c FROM,STEP CODEC SIZE <block
 *	unzip -x FROM,STEP,BYTE CODEC SIZE <block
 *
 * SIZE is the uncompressed size a page header would state (the output
 * buffer's size).  A codec's error is printed as "unzip: MESSAGE", exit 1;
 * output shorter than SIZE is an error too, as it is for a page.
 *
 * -c and -x decode many variants of the block in one run, where a test
 * would otherwise start a process for each: -c the block cut to its first
 * K bytes, -x the block with its byte K made BYTE (a number, 0 to 255),
 * for K = FROM, FROM + STEP, ... below the block's length.  Each variant
 * is a buffer of its own, of exactly its length, and gives one line,
 * "cut K: " or "byte K: ", then "ok" where it decodes to SIZE bytes, or
 * what unzip would print after "unzip: "; exit 0 once all are done.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static void
usage(void)
{
	fputs("usage: unzip [-c from,step | -x from,step,byte] codec size\n",
	    stderr);
	exit(2);
}

static void *
xmalloc(size_t n)
{
	void *p;

	/* One byte more than asked, so that a malloc(0) is never made. */
	if (!(p = malloc(n + 1))) {
		fputs("unzip: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

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

/* "from,step[,byte]" into v[0..want), or a usage error. */
static void
nums(const char *arg, unsigned long *v, int want)
{
	char *end;
	int i;

	for (i = 0; i < want; i++) {
		v[i] = strtoul(arg, &end, 10);
		if (end == arg || *end != (i + 1 < want ? ',' : '\0'))
			usage();
		arg = end + 1;
	}
	if (v[1] == 0 || (want == 3 && v[2] > 255))
		usage();
}

/* Decodes src[0..n) into dst (cap bytes): NULL, or what went wrong in
 * msg. */
static const char *
decode(codec_fn *fn, const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *out, char *msg, size_t msgsz)
{
	if (fn(src, n, dst, cap, out, msg, msgsz) != 0)
		return msg;
	if (*out != cap) {
		snprintf(msg, msgsz, "%zu bytes out, expected %zu", *out, cap);
		return msg;
	}
	return NULL;
}

int
main(int argc, char *argv[])
{
	unsigned char *src, *dst, *v;
	unsigned long var[3];
	size_t n, cap, out, k;
	char err[256], *end;
	const char *why;
	int i, c, mode = 0;

	while ((c = getopt(argc, argv, "c:x:")) != -1) {
		if (mode || (c != 'c' && c != 'x'))
			usage();
		mode = c;
		nums(optarg, var, c == 'c' ? 2 : 3);
	}
	argc -= optind;
	argv += optind;
	if (argc != 2)
		usage();
	for (i = 0; codecs[i].name; i++)
		if (strcmp(codecs[i].name, argv[0]) == 0)
			break;
	if (!codecs[i].name) {
		fprintf(stderr, "unzip: unknown codec '%s'\n", argv[0]);
		return 2;
	}
	cap = strtoul(argv[1], &end, 10);
	if (*end || end == argv[1]) {
		fprintf(stderr, "unzip: bad size '%s'\n", argv[1]);
		return 2;
	}
	src = readall(&n);
	dst = xmalloc(cap);
	if (mode) {
		for (k = var[0]; k < n; k += var[1]) {
			v = xmalloc(mode == 'c' ? k : n);
			memcpy(v, src, mode == 'c' ? k : n);
			if (mode == 'x')
				v[k] = (unsigned char)var[2];
			why = decode(codecs[i].fn, v, mode == 'c' ? k : n, dst,
			    cap, &out, err, sizeof err);
			printf("%s %zu: %s\n", mode == 'c' ? "cut" : "byte", k,
			    why ? why : "ok");
			fflush(stdout);
			free(v);
		}
		free(src);
		free(dst);
		return ferror(stdout) ? 1 : 0;
	}
	if ((why = decode(codecs[i].fn, src, n, dst, cap, &out, err,
	    sizeof err))) {
		fprintf(stderr, "unzip: %s\n", why);
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
