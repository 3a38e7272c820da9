#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>

#include "base/msg.h"

const char *progname = "np";
static void (*atdie)(void);		/* from np_atdie */
static void (*atmsg)(void);		/* from np_atmsg */

void
np_init(char **argv)
{
	const char *slash = strrchr(argv[0], '/');

	progname = slash ? slash + 1 : argv[0];
	argv[0] = (char *)progname;
	signal(SIGPIPE, SIG_IGN);
}

void
np_atmsg(void (*fn)(void))
{
	atmsg = fn;
}

static void
vmsg(const char *file, long line, long col, const char *fmt, va_list ap)
{
	if (atmsg)
		atmsg();
	fprintf(stderr, "%s: ", progname);
	if (file) {
		if (line > 0 && col > 0)
			fprintf(stderr, "%s:%ld:%ld: ", file, line, col);
		else if (line > 0)
			fprintf(stderr, "%s:%ld: ", file, line);
		else
			fprintf(stderr, "%s: ", file);
	}
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

np_dierun
np_atdie(np_dierun fn)
{
	np_dierun old = atdie;

	atdie = fn;
	return old;
}

/* Once: a write error in it dies without it. */
static void
runatdie(void)
{
	void (*fn)(void) = atdie;

	atdie = NULL;
	if (fn)
		fn();
}

void
np_die(const char *fmt, ...)
{
	va_list ap;

	runatdie();
	va_start(ap, fmt);
	vmsg(NULL, 0, 0, fmt, ap);
	va_end(ap);
	exit(NP_EXIT_DATA);
}

void
np_die_at(const char *file, long line, long col, const char *fmt, ...)
{
	va_list ap;

	runatdie();
	va_start(ap, fmt);
	vmsg(file, line, col, fmt, ap);
	va_end(ap);
	exit(NP_EXIT_DATA);
}

void
np_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(NULL, 0, 0, fmt, ap);
	va_end(ap);
}

void
np_usage(const char *synopsis)
{
	if (atmsg)
		atmsg();
	fprintf(stderr, "usage: %s\n", synopsis);
	exit(NP_EXIT_USAGE);
}

