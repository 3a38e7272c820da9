/*
 * brotli_fuzz: libFuzzer target for the Brotli decompressor
 * (common/codec/brotli.c).
 *
 * The first two bytes choose the output buffer's size (so sizes reach
 * 128 KiB), the rest is the compressed input; decode.h's fc_frame says
 * what is checked beyond what the sanitizers catch.
 */
#include <stdint.h>

#include "fuzz.h"
#include "decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fc_frame(brotli_decompress, "brotli", data, size);
	return 0;
}
