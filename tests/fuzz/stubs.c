/*
 * In-memory files with chunked reads, and msg.h's functions made to return
 * to the fuzz target instead of exiting.  See fuzz.h.
 */

#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "base/msg.h"
#include "base/options.h"
#include "fuzz.h"

#define FD0 100			/* fds of the in-memory files */

const char *progname = "np-fuzz";
jmp_buf fz_jmp;
char fz_msg[FZ_MSGSZ];
size_t fz_msglen;
int fz_died;
int fz_lineless;
char *fz_out;
size_t fz_outlen;
static size_t outcap;

static struct file {
	const uint8_t *data;
	size_t len, off;
	int open;
	uint32_t rng;
} files[FZ_MAXFILES];
static int nfiles;
static unsigned chunkmax;

void
fz_files(int n, const uint8_t *const *data, const size_t *len,
    unsigned chunking)
{
	int i;

	nfiles = n;
	for (i = 0; i < n; i++) {
		files[i].data = data[i];
		files[i].len = len[i];
		files[i].off = 0;
		files[i].open = 0;
		files[i].rng = 2463534242u + chunking;
	}
	/* 1..8: chunks up to that many bytes; 9..15: up to 16..1024. */
	chunkmax = chunking == 0 ? 0 : chunking <= 8 ? chunking
	    : 1u << (chunking - 5);
}

char *
fz_name(int i)
{
	static char ring[1 << 16][4];
	static unsigned next;
	char *s = ring[next++ % (1 << 16)];

	s[0] = (char)('0' + i);
	s[1] = '\0';
	return s;
}

void
fz_reset(void)
{
	fz_msglen = 0;
	fz_msg[0] = '\0';
	fz_died = 0;
	fz_outlen = 0;
}

void
fz_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%d: fuzz check failed: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nmessages so far:\n%s", fz_msg);
	abort();
}

int
fz_open(const char *path, int flags, ...)
{
	int i = path[0] - '0';

	FZ_CHECK(i >= 0 && i < nfiles && path[1] == '\0', "open %s", path);
	FZ_CHECK(!files[i].open, "file %d opened twice", i);
	(void)flags;
	files[i].open = 1;
	files[i].off = 0;
	return FD0 + i;
}

ssize_t
fz_read(int fd, void *buf, size_t n)
{
	struct file *f;
	size_t left, k;

	FZ_CHECK(fd >= FD0 && fd < FD0 + nfiles, "read from fd %d", fd);
	f = &files[fd - FD0];
	FZ_CHECK(f->open, "read from closed file %d", fd - FD0);
	FZ_CHECK(n > 0, "read of 0 bytes");
	left = f->len - f->off;
	k = n < left ? n : left;
	if (chunkmax) {
		f->rng ^= f->rng << 13;
		f->rng ^= f->rng >> 17;
		f->rng ^= f->rng << 5;
		if (k > 1 + f->rng % chunkmax)
			k = 1 + f->rng % chunkmax;
	}
	memcpy(buf, f->data + f->off, k);	/* ASan checks buf's bounds */
	f->off += k;
	return (ssize_t)k;
}

ssize_t
fz_pread(int fd, void *buf, size_t n, off_t off)
{
	struct file *f;
	size_t k;

	FZ_CHECK(fd >= FD0 && fd < FD0 + nfiles, "pread from fd %d", fd);
	f = &files[fd - FD0];
	FZ_CHECK(f->open, "pread from closed file %d", fd - FD0);
	FZ_CHECK(n > 0 && off >= 0, "pread of %zu bytes at %lld", n,
	    (long long)off);
	if ((size_t)off >= f->len)
		return 0;
	k = f->len - (size_t)off;
	if (k > n)
		k = n;
	memcpy(buf, f->data + off, k);	/* ASan checks buf's bounds */
	return (ssize_t)k;
}

off_t
fz_lseek(int fd, off_t off, int whence)
{
	struct file *f;

	FZ_CHECK(fd >= FD0 && fd < FD0 + nfiles, "lseek on fd %d", fd);
	f = &files[fd - FD0];
	FZ_CHECK(f->open, "lseek on closed file %d", fd - FD0);
	FZ_CHECK(whence == SEEK_END && off == 0, "lseek other than to the "
	    "end");
	return (off_t)f->len;
}

int
fz_close(int fd)
{
	FZ_CHECK(fd >= FD0 && fd < FD0 + nfiles && files[fd - FD0].open,
	    "close of fd %d", fd);
	files[fd - FD0].open = 0;
	return 0;
}

ssize_t
fz_write(int fd, const void *buf, size_t n)
{
	FZ_CHECK(fd == 1, "write to fd %d", fd);
	if (fz_outlen + n > outcap) {
		outcap = (fz_outlen + n) * 2;
		if (!(fz_out = realloc(fz_out, outcap)))
			abort();
	}
	memcpy(fz_out + fz_outlen, buf, n);
	fz_outlen += n;
	return (ssize_t)n;
}

static void
vmsg(const char *file, long line, long col, const char *fmt, va_list ap)
{
	char *m = fz_msg + fz_msglen;
	size_t room = sizeof fz_msg - fz_msglen;
	int k;

	if (room < 2)
		return;
	if (file && line > 0 && col > 0)
		k = snprintf(m, room, "%s:%ld:%ld: ", file, line, col);
	else if (file && line > 0)
		k = snprintf(m, room, "%s:%ld: ", file, line);
	else if (file)
		k = snprintf(m, room, "%s: ", file);
	else
		k = 0;
	if (k >= 0 && (size_t)k < room)
		k += vsnprintf(m + k, room - (size_t)k, fmt, ap);
	if (k < 0 || (size_t)k + 1 >= room)
		k = (int)room - 2;
	m[k++] = '\n';
	m[k] = '\0';
	fz_msglen += (size_t)k;
}

void
np_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(NULL, 0, 0, fmt, ap);
	va_end(ap);
	fz_died = 1;
	longjmp(fz_jmp, 1);
}

void
np_die_at(const char *file, long line, long col, const char *fmt, ...)
{
	va_list ap;

	/* Every data error names a line; a column, when given, is real. */
	FZ_CHECK((line >= 1 || (fz_lineless && line == 0 && col == 0)) &&
	    col >= 0, "np_die_at line %ld col %ld", line,
	    col);
	va_start(ap, fmt);
	vmsg(file, line, col, fmt, ap);
	va_end(ap);
	fz_died = 1;
	longjmp(fz_jmp, 1);
}

void
np_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(NULL, 0, 0, fmt, ap);
	va_end(ap);
}

/* No progress line to erase: messages go to fz_msg. */
void
np_atmsg(void (*fn)(void))
{
	(void)fn;
}

/* The rest of msg.h, and options.h: options are fixed in the targets, so
 * reaching any of these is a finding. */
void
np_init(char **argv)
{
	(void)argv;
}

void
np_usage(const char *synopsis)
{
	fz_fail(__FILE__, __LINE__, "np_usage(%s)", synopsis);
}

void
np_help(const char *synopsis)
{
	fz_fail(__FILE__, __LINE__, "np_help(%s)", synopsis);
}

void
np_version(void)
{
	fz_fail(__FILE__, __LINE__, "np_version");
}

long long
np_optnum(const char *opt, const char *arg, long long lo, long long hi)
{
	(void)lo;
	(void)hi;
	fz_fail(__FILE__, __LINE__, "np_optnum(%s, %s)", opt, arg);
}

int
np_optlist(const char *opt, char *arg, char **name, int max,
    const char *what)
{
	(void)name;
	(void)max;
	(void)what;
	fz_fail(__FILE__, __LINE__, "np_optlist(%s, %s)", opt, arg);
}

void
np_longopts(int argc, char **argv, const char *synopsis,
    const char *const *map)
{
	(void)argc;
	(void)argv;
	(void)map;
	fz_fail(__FILE__, __LINE__, "np_longopts(%s)", synopsis);
}

/* An independent check of what the JSON parser hands out as text. */
int
fz_utf8ok(const unsigned char *s, size_t n)
{
	size_t i = 0, k, need;
	unsigned long cp, min;

	while (i < n) {
		unsigned c = s[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		if ((c & 0xe0) == 0xc0)
			need = 1, cp = c & 0x1f, min = 0x80;
		else if ((c & 0xf0) == 0xe0)
			need = 2, cp = c & 0x0f, min = 0x800;
		else if ((c & 0xf8) == 0xf0)
			need = 3, cp = c & 0x07, min = 0x10000;
		else
			return 0;
		if (i + need >= n)
			return 0;	/* truncated */
		for (k = 1; k <= need; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		i += need + 1;
	}
	return 1;
}
