/*
 * thrift: a reader of the Thrift compact protocol, the encoding of
 * Parquet's footer (FileMetaData) and page headers.
 *
 * Facts of the format it relies on:
 *   - a struct is a run of fields ended by a 0 byte; a field header byte
 *     holds a field id delta (high nibble, 1..15, from the previous field
 *     of the same struct) and a type (low nibble); a zero delta is followed
 *     by the id as a zigzag varint i16;
 *   - types: 1 true, 2 false (a bool field's value is its type), 3 i8 (one
 *     byte), 4 i16, 5 i32, 6 i64 (zigzag ULEB128 varints), 7 double (8
 *     bytes, little-endian), 8 binary (varint length, then the bytes),
 *     9 list, 10 set (a byte: size in the high nibble, 15 meaning a varint
 *     size follows, element type in the low), 11 map (varint size, then,
 *     if not empty, a byte of key and value types), 12 struct;
 *   - in a list, a bool element is one byte, 1 for true.
 *
 * Every length is checked against the end of the buffer, every field type
 * against what its reader expects, and nesting (structs, lists and maps
 * within each other) is limited to TH_MAXDEPTH, so that skipping unknown
 * fields of a hostile footer costs stack and time in proportion to its
 * bytes.  Errors die through np_die as "FILE: byte OFFSET: what", the offset
 * counted in the file (base is the file offset of the buffer's first byte).
 */
#ifndef NP_THRIFT_H
#define NP_THRIFT_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#define TH_MAXDEPTH 32

enum th_type {
	TH_STOP = 0, TH_TRUE = 1, TH_FALSE = 2, TH_I8 = 3, TH_I16 = 4,
	TH_I32 = 5, TH_I64 = 6, TH_DOUBLE = 7, TH_BINARY = 8, TH_LIST = 9,
	TH_SET = 10, TH_MAP = 11, TH_STRUCT = 12
};

struct thrift {
	const unsigned char *p, *start, *end;
	const char *file;
	long long base;		/* file offset of start */
	int depth;
	const unsigned char *fpos;	/* where the last field header began */
	const char *where;	/* what the buffer holds: "the footer" */
	/* When set, running out of bytes jumps here instead of dying: the
	 * caller had only part of the file and may read more. */
	jmp_buf *shortjmp;
};

/* One field of a struct being read. */
struct th_field {
	int id;
	int type;
	int lastid;		/* the struct's previous field id */
	const char *st;		/* the struct's name, for messages */
};

void th_init(struct thrift *t, const void *buf, size_t n, const char *file,
    long long base);
/* The file offset of the next byte. */
long long th_off(const struct thrift *t);
_Noreturn void th_fail(const struct thrift *t, const unsigned char *at,
    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Enters a struct named st (for messages); th_next reads its fields until
 * the stop byte, after which it returns 0 and the struct is left. */
void th_begin(struct thrift *t, struct th_field *f, const char *st);
int th_next(struct thrift *t, struct th_field *f);

/* A field's value, its type checked; name is the field's, for messages. */
int th_bool(struct thrift *t, const struct th_field *f, const char *name);
int8_t th_i8(struct thrift *t, const struct th_field *f, const char *name);
int32_t th_i32(struct thrift *t, const struct th_field *f, const char *name);
int64_t th_i64(struct thrift *t, const struct th_field *f, const char *name);
const unsigned char *th_binary(struct thrift *t, const struct th_field *f,
    const char *name, size_t *len);
/* A list field: its element count; the elements follow, each read with
 * th_elem_* or th_begin (a struct).  Elements of another type than elem
 * are an error.  th_list_end leaves it. */
uint32_t th_list(struct thrift *t, const struct th_field *f, const char *name,
    int elem);
void th_list_end(struct thrift *t);
int32_t th_elem_i32(struct thrift *t);
const unsigned char *th_elem_binary(struct thrift *t, size_t *len);

/* Passes over a value of the given type, whatever it holds. */
void th_skip(struct thrift *t, int type);

#endif
