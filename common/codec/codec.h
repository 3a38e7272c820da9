/*
 * codec: the block decompressors that Parquet pages need, each written here
 * from its public format description:
 *   snappy  the Snappy block format (no framing);
 *   lz4raw  the LZ4 block format (Parquet's LZ4_RAW: no frame);
 *   lz4hadoop  Parquet's deprecated LZ4: LZ4 blocks in Hadoop's frames of
 *           two big-endian sizes, or one raw block (lz4hadoop.c);
 *   gzip    RFC 1952 members, one or more, holding RFC 1951 DEFLATE data;
 *   zstd    RFC 8878 Zstandard frames, one or more (skippable frames passed
 *           over);
 *   brotli  an RFC 7932 Brotli stream (brotli.h has its tables).
 *
 * Each takes one whole compressed block and the buffer it must fill: Parquet
 * states the uncompressed size of every page, so cap is that size and the
 * caller compares *outlen with it.  Nothing is allocated on the heap that
 * grows with the input; nothing is read outside src[0..n) nor written
 * outside dst[0..cap).
 *
 * Each returns 0 with *outlen set, or -1 with a message in err (errlen
 * bytes, NUL-terminated) that says what was wrong and where: "at byte N" of
 * src, for example "snappy: at byte 17: copy offset 4096 before the start of
 * the output".  The caller adds the file, its byte offset and the column.
 */
#ifndef NP_CODEC_H
#define NP_CODEC_H

#include <stdarg.h>
#include <stddef.h>

typedef int codec_fn(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen);

int snappy_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen);
int lz4raw_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen);
int lz4hadoop_decompress(const unsigned char *src, size_t n,
    unsigned char *dst, size_t cap, size_t *outlen, char *err, size_t errlen);
int gzip_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen);
int zstd_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen);
int brotli_decompress(const unsigned char *src, size_t n, unsigned char *dst,
    size_t cap, size_t *outlen, char *err, size_t errlen);

/* For the decompressors: puts "NAME: at byte AT: MESSAGE" in err (errlen
 * bytes) and returns -1. */
int codec_vfail(char *err, size_t errlen, const char *name, size_t at,
    const char *fmt, va_list ap);

#endif
