/*
 * thriftw: Thrift's compact protocol written, for the tools that make
 * Parquet files (npgen, profgen): field headers as deltas of the last id
 * of the open struct, varints, zigzag integers, structs and lists.  The
 * tool defines tw_put(p, n), where the bytes go, before it includes this.
 */
#ifndef NP_THRIFTW_H
#define NP_THRIFTW_H

#include <stddef.h>
#include <stdint.h>

enum { T_STOP, T_I32 = 5, T_I64, T_BINARY = 8, T_LIST = 9, T_STRUCT = 12 };

static void tw_put(const void *p, size_t n);

/* The last field id of each open struct, the outermost at 0. */
static struct {
	int last[8], depth;
} tw_nest;

/* A new message: no struct open. */
static void
tw_reset(void)
{
	tw_nest.depth = 0;
}

static void
tw_byte(int c)
{
	unsigned char b = (unsigned char)c;

	tw_put(&b, 1);
}

static void
tw_varint(uint64_t v)
{
	unsigned char b[10];
	size_t n = 0;

	for (; v >= 0x80; v >>= 7)
		b[n++] = (unsigned char)(v | 0x80);
	b[n++] = (unsigned char)v;
	tw_put(b, n);
}

static void
tw_zigzag(int64_t v)
{
	tw_varint(((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

/* A field header: the id as a delta from the last when it fits 4 bits. */
static void
tw_field(int id, int type)
{
	int delta = id - tw_nest.last[tw_nest.depth];

	if (delta > 0 && delta <= 15)
		tw_byte(delta << 4 | type);
	else {
		tw_byte(type);
		tw_zigzag(id);
	}
	tw_nest.last[tw_nest.depth] = id;
}

static void
tw_i32(int id, int64_t v)
{
	tw_field(id, T_I32);
	tw_zigzag(v);
}

static void
tw_i64(int id, int64_t v)
{
	tw_field(id, T_I64);
	tw_zigzag(v);
}

static void
tw_bin(int id, const char *s, size_t n)
{
	tw_field(id, T_BINARY);
	tw_varint(n);
	tw_put(s, n);
}

/* A struct: as field id (0: a list's element, no header), then fields. */
static void
tw_begin(int id)
{
	if (id > 0)
		tw_field(id, T_STRUCT);
	tw_nest.last[++tw_nest.depth] = 0;
}

static void
tw_end(void)
{
	tw_byte(T_STOP);
	tw_nest.depth--;
}

static void
tw_list(int id, int etype, uint64_t n)
{
	tw_field(id, T_LIST);
	if (n < 15)
		tw_byte((int)n << 4 | etype);
	else {
		tw_byte(0xf0 | etype);
		tw_varint(n);
	}
}

#endif
