/*
 * brtab: writes one of the tables common/codec/brotli.c decodes with, as
 * bytes, for the tests to checksum against the CRC-32 values RFC 7932 states:
 *
 *	brtab dict|transforms|lut0|lut1|lut2 >bytes
 *
 * dict is the static dictionary (Appendix A), transforms the 121 word
 * transforms serialized as Appendix B says, lut0 to lut2 the context
 * lookup tables of section 7.1.
 */
#include <stdio.h>
#include <string.h>

#include "codec/brotli.h"

int
main(int argc, char *argv[])
{
	unsigned char buf[1024];
	const unsigned char *p;
	size_t n;

	if (argc != 2) {
		fputs("usage: brtab dict|transforms|lut0|lut1|lut2\n", stderr);
		return 2;
	}
	if (strcmp(argv[1], "dict") == 0) {
		p = brotli_dict;
		n = BROTLI_DICT_SIZE;
	} else if (strcmp(argv[1], "transforms") == 0) {
		n = brotli_transform_bytes(buf, sizeof buf);
		if (n > sizeof buf) {
			fputs("brtab: transforms too long\n", stderr);
			return 1;
		}
		p = buf;
	} else if (strncmp(argv[1], "lut", 3) == 0 && argv[1][3] >= '0' &&
	    argv[1][3] <= '2' && argv[1][4] == '\0') {
		p = brotli_lut[argv[1][3] - '0'];
		n = 256;
	} else {
		fprintf(stderr, "brtab: unknown table '%s'\n", argv[1]);
		return 2;
	}
	if (fwrite(p, 1, n, stdout) != n || fflush(stdout) != 0) {
		fputs("brtab: write error\n", stderr);
		return 1;
	}
	return 0;
}
