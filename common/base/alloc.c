#include <stdlib.h>
#include <string.h>

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
