/*
 * What the fuzz targets share (stubs.c).
 *
 * The library is compiled for fuzzing with open, read, close and write
 * renamed to the fz_ functions below, and linked without msg.c and
 * options.c:
 *   - files live in memory, and each read hands out a chunk whose size the
 *     input chooses, so tokens and lines straddle the end of the data read so
 *     far, as they do on a pipe;
 *   - np_die and np_die_at record the message and jump back to the target
 *     (fz_try), which goes on with the next input instead of exiting;
 *   - what the programs would write to stdout is kept in fz_out.
 */
#ifndef NP_FUZZ_H
#define NP_FUZZ_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define FZ_MAXFILES 4
#define FZ_MSGSZ 8192

/* Chunked reads: 0 reads all that fits; 1 to 15 pick pseudo-random chunk
 * sizes from 1 byte up to about 1 KiB. */
void fz_files(int n, const uint8_t *const *data, const size_t *len,
    unsigned chunking);
/* A name for file i that no earlier run used (reader state is keyed on the
 * name's address). */
char *fz_name(int i);

extern jmp_buf fz_jmp;
extern char fz_msg[FZ_MSGSZ];	/* np_die / np_warn messages, one a line */
extern size_t fz_msglen;
extern int fz_died;
/* A Parquet file is read: its header's errors name no line (a file has
 * none), np_die_at with line 0. */
extern int fz_lineless;
extern char *fz_out;		/* what went to stdout */
extern size_t fz_outlen;
void fz_reset(void);		/* clears messages and output */

int fz_open(const char *path, int flags, ...);
ssize_t fz_read(int fd, void *buf, size_t n);
int fz_close(int fd);
ssize_t fz_write(int fd, const void *buf, size_t n);
/* Whole-file access, for the Parquet reader: pread of any range, lseek to
 * the end for the size. */
ssize_t fz_pread(int fd, void *buf, size_t n, off_t off);
off_t fz_lseek(int fd, off_t off, int whence);

/* Aborts (a finding) with a message when cond is false. */
#define FZ_CHECK(cond, ...) \
	((cond) ? (void)0 : fz_fail(__FILE__, __LINE__, __VA_ARGS__))
_Noreturn void fz_fail(const char *file, int line, const char *fmt, ...);

/* Is s[0..n) valid UTF-8 (no surrogates, nothing above U+10FFFF)? */
int fz_utf8ok(const unsigned char *s, size_t n);

#endif
