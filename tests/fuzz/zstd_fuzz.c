/*
 * zstd_fuzz: libFuzzer target for the Zstandard decompressor
 * (common/codec/zstd.c).
 *
 * The first two bytes choose the output buffer's size (so sizes reach
 * past one 128 KiB block), the rest is the compressed input; decode.h's
 * fc_frame says what is checked beyond what the sanitizers catch.
 */
#include <stdint.h>

#include "fuzz.h"
#include "decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fc_frame(zstd_decompress, "zstd", data, size);
	return 0;
}
