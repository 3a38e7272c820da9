/* madvise's MADV_HUGEPAGE is no POSIX advice. */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "base/alloc.h"
#include "base/msg.h"

static NP_COLD _Noreturn void
nomemory(void)
{
	np_die("out of memory");
}

void *
np_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		nomemory();
	return p;
}

void *
np_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		nomemory();
	return p;
}

void *
np_realloc(void *p, size_t n)
{
	if (!(p = realloc(p, n ? n : 1)))
		nomemory();
	return p;
}

char *
np_strdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		nomemory();
	return d;
}

#define HUGE (2UL << 20)	/* bytes of a huge page (x86-64, arm64) */

void
np_hugeadvise(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	uintptr_t lo = ((uintptr_t)p + HUGE - 1) & ~(HUGE - 1);
	uintptr_t hi = ((uintptr_t)p + n) & ~(HUGE - 1);

	/* The whole huge pages inside: a page beyond the block may be
	 * another's. */
	if (hi > lo)
		(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
	(void)p;
	(void)n;
#endif
}

void *
np_hugerealloc(void *p, size_t old, size_t n)
{
	size_t room = (n + HUGE - 1) & ~(HUGE - 1);
	void *q;

	if (n < 2 * HUGE || room < n)
		return np_realloc(p, n);
	if (!(q = aligned_alloc(HUGE, room)))
		nomemory();
	np_hugeadvise(q, room);
	if (p)
		memcpy(q, p, old < n ? old : n);
	free(p);
	return q;
}

void *
np_hugecalloc(size_t n)
{
	void *p;

	if (n < 2 * HUGE)
		return np_calloc(n, 1);
	p = np_hugerealloc(NULL, 0, n);
	memset(p, 0, n);
	return p;
}
