#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <signal.h>

#include "diag.h"

#ifndef NP_VERSION
#define NP_VERSION "0.1"
#endif

const char *progname = "np";
static const char *synopsis_seen;	/* from np_longopts, for np_optnum */

void
np_init(char **argv)
{
	const char *slash = strrchr(argv[0], '/');

	progname = slash ? slash + 1 : argv[0];
	argv[0] = (char *)progname;
	signal(SIGPIPE, SIG_IGN);
}

static void
vmsg(const char *file, long line, long col, const char *fmt, va_list ap)
{
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
np_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(NULL, 0, 0, fmt, ap);
	va_end(ap);
	exit(NP_EXIT_DATA);
}

void
np_die_at(const char *file, long line, long col, const char *fmt, ...)
{
	va_list ap;

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
	fprintf(stderr, "usage: %s\n", synopsis);
	exit(NP_EXIT_USAGE);
}

void
np_help(const char *synopsis)
{
	printf("usage: %s\n", synopsis);
	exit(fflush(stdout) == 0 ? 0 : NP_EXIT_DATA);
}

void
np_version(void)
{
	printf("%s %s\n", progname, NP_VERSION);
	exit(fflush(stdout) == 0 ? 0 : NP_EXIT_DATA);
}

long long
np_optnum(const char *opt, const char *arg, long long lo, long long hi)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(arg, &end, 10);
	if (errno || end == arg || *end || v < lo || v > hi) {
		fprintf(stderr, "%s: -%s: expected an integer from %lld to %lld, "
		    "found '%s'\n", progname, opt, lo, hi, arg);
		if (synopsis_seen)
			np_usage(synopsis_seen);
		exit(NP_EXIT_USAGE);
	}
	return v;
}

int
np_optlist(const char *opt, char *arg, char **name, int max,
    const char *what)
{
	char *p = arg, *comma;
	int n = 0;

	for (;; p = comma + 1) {
		if ((comma = strchr(p, ',')))
			*comma = '\0';
		if (!*p || n == max) {
			if (!*p)
				np_warn("-%s: expected %s separated by commas, "
				    "found an empty one", opt, what);
			else
				np_warn("-%s: more than %d %s", opt, max, what);
			if (synopsis_seen)
				np_usage(synopsis_seen);
			exit(NP_EXIT_USAGE);
		}
		name[n++] = p;
		if (!comma)
			return n;
	}
}

void
np_longopts(int argc, char **argv, const char *synopsis,
    const char *const *map)
{
	const char *const *m;
	int i;

	synopsis_seen = synopsis;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0 || strcmp(argv[i], "-") == 0)
			break;
		if (strncmp(argv[i], "--", 2) != 0)
			continue;
		if (strcmp(argv[i], "--help") == 0)
			np_help(synopsis);
		if (strcmp(argv[i], "--version") == 0)
			np_version();
		if (strcmp(argv[i], "--no-header") == 0) {
			argv[i] = "-n";
			continue;
		}
		for (m = map; m && *m; m += 2)
			if (strcmp(argv[i], m[0]) == 0)
				break;
		if (!m || !*m) {
			fprintf(stderr, "%s: unknown option '%s'\n", progname,
			    argv[i]);
			np_usage(synopsis);
		}
		argv[i] = (char *)m[1];
	}
}
