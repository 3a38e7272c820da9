#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>

#include "base/msg.h"

const char *progname = "np";
static struct {
	np_dierun *fn;
	void *ctx;
} atdie[NP_ATDIE];		/* from np_atdie, the newest last */
static int natdie;
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

void
np_atdie(np_dierun *fn, void *ctx)
{
	if (natdie == NP_ATDIE)
		abort();	/* a program's own mistake */
	atdie[natdie].fn = fn;
	atdie[natdie].ctx = ctx;
	natdie++;
}

void
np_atdie_pop(void)
{
	if (natdie > 0)
		natdie--;
}

/* Each once, newest first: a death in one (a write error) runs the
 * older ones only. */
static void
runatdie(void)
{
	while (natdie > 0) {
		natdie--;
		atdie[natdie].fn(atdie[natdie].ctx);
	}
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

