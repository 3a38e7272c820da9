/*
 * brotli: the tables of the Brotli format (RFC 7932) that brotli.c decodes
 * with, for the tests to check against the checksums the RFC states.  The
 * decompressor itself, brotli_decompress, is declared in codec.h with the
 * others.
 */
#ifndef NP_BROTLI_H
#define NP_BROTLI_H

#include <stddef.h>

/* The static dictionary, RFC 7932 Appendix A (brotli_dict.c). */
#define BROTLI_DICT_SIZE 122784
extern const unsigned char brotli_dict[BROTLI_DICT_SIZE];

/* The context lookup tables Lut0, Lut1 and Lut2 of RFC 7932 section 7.1. */
extern const unsigned char brotli_lut[3][256];

/*
 * The 121 word transforms of RFC 7932 Appendix B, as the bytes that the
 * appendix checksums: for each, its prefix and a NUL, the number of its
 * elementary transform (0 Identity, 1 FermentFirst, 2 FermentAll, 3 to 11
 * OmitFirst1 to 9, 12 to 20 OmitLast1 to 9), its suffix and a NUL.  Puts
 * at most cap bytes in buf and returns how many there are in all (648).
 */
size_t brotli_transform_bytes(unsigned char *buf, size_t cap);

#endif
