#include <stdarg.h>
#include <stdio.h>

#include "codec/codec.h"

int
codec_vfail(char *err, size_t errlen, const char *name, size_t at,
    const char *fmt, va_list ap)
{
	int k;

	if (errlen == 0)
		return -1;
	k = snprintf(err, errlen, "%s: at byte %zu: ", name, at);
	if (k >= 0 && (size_t)k < errlen)
		vsnprintf(err + k, errlen - (size_t)k, fmt, ap);
	return -1;
}
