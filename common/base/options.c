/*
 * options: the start of every program's main (options.h): the command
 * line read alike by every program, its usage and help.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/options.h"
#include "base/progress.h"

#ifndef NP_VERSION
#define NP_VERSION "0.1"
#endif

static const char *synopsis_seen;	/* from np_args, for np_optnum */
static const char *const *helpseen;	/* from np_optionhelp */

/* The usage of the running program, exit 2. */
static _Noreturn void
usagedie(void)
{
	if (synopsis_seen)
		np_usage(synopsis_seen);
	exit(NP_EXIT_USAGE);
}

void
np_optionhelp(const char *const *pairs)
{
	helpseen = pairs;
}

/* "  -e engines   what it does", the texts lined up. */
static void
printoptions(const char *const *pairs)
{
	static const char *const common[] = {
		"-h, --help", "this help",
		"--version", "the program and its version",
		NULL
	};
	const char *const *p;
	int w = 0, pass;

	for (pass = 0; pass < 2; pass++)
		for (p = pass ? common : pairs; p && *p; p += 2)
			if ((int)strlen(*p) > w)
				w = (int)strlen(*p);
	for (pass = 0; pass < 2; pass++)
		for (p = pass ? common : pairs; p && *p; p += 2)
			printf("  %-*s  %s\n", w, p[0], p[1]);
}

void
np_help(const char *synopsis)
{
	printf("usage: %s\n", synopsis);
	printoptions(helpseen);
	exit(fflush(stdout) == 0 ? 0 : NP_EXIT_DATA);
}

void
np_moved(int old, int new, const char *what, const char *other,
    const char *synopsis)
{
	fprintf(stderr, "%s: -%c is now -%c (%s)", progname, old, new, what);
	if (other)
		fprintf(stderr, "; -%c is %s", old, other);
	fputc('\n', stderr);
	np_usage(synopsis);
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
		usagedie();
	}
	return v;
}

int
np_optlist(const char *opt, char *arg, char **name, int max,
    const char *what)
{
	char *p = arg, *comma;
	int n = 0, k;

	for (;; p = comma + 1) {
		if ((comma = strchr(p, ',')))
			*comma = '\0';
		if (!*p || n == max) {
			if (!*p)
				np_warn("-%s: expected %s separated by commas, "
				    "found an empty one", opt, what);
			else
				np_warn("-%s: more than %d %s", opt, max, what);
			usagedie();
		}
		for (k = 0; k < n; k++)
			if (strcmp(name[k], p) == 0) {
				np_warn("-%s: expected distinct %s, found '%s' "
				    "twice", opt, what, p);
				usagedie();
			}
		name[n++] = p;
		if (!comma)
			return n;
	}
}

/* Does getopt take an argument after option c of optstring? */
static int
takesarg(const char *optstring, int c)
{
	const char *p = c != ':' ? strchr(optstring, c) : NULL;

	return p && p[1] == ':';
}

/* Moves argv[from] back to argv[to], the entries between one place up. */
static void
moveback(char **argv, int to, int from)
{
	char *a = argv[from];

	memmove(argv + to + 1, argv + to, (size_t)(from - to) * sizeof *argv);
	argv[to] = a;
}

/* Rewrites the long option argv[i] to its short one; returns how many
 * entries it takes: 2 when its argument is the next one. */
static int
longopt(int argc, char **argv, int i, const char *optstring,
    const char *synopsis, const char *const *map)
{
	char *a = argv[i], *eq = strchr(a, '=');
	size_t namelen = eq ? (size_t)(eq - a) : strlen(a);
	const char *const *m;
	const char *name = NULL, *shortopt = NULL;

	if (strcmp(a, "--help") == 0)
		np_help(synopsis);
	if (strcmp(a, "--version") == 0)
		np_version();
	if (strncmp(a, "--no-header", namelen) == 0 && namelen == 11) {
		name = "--no-header";
		shortopt = "-n";
	}
	if (strncmp(a, "--quiet", namelen) == 0 && namelen == 7) {
		name = "--quiet";
		shortopt = "-q";
	}
	for (m = map; !name && m && *m; m += 2)
		if (strncmp(a, m[0], namelen) == 0 && m[0][namelen] == '\0') {
			name = m[0];
			shortopt = m[1];
		}
	if (!name) {
		fprintf(stderr, "%s: unknown option '%.*s'\n", progname,
		    (int)namelen, a);
		np_usage(synopsis);
	}
	if (!takesarg(optstring, shortopt[1])) {
		if (eq) {
			fprintf(stderr, "%s: option '%s' doesn't allow an "
			    "argument\n", progname, name);
			np_usage(synopsis);
		}
		argv[i] = (char *)shortopt;
		return 1;
	}
	if (eq && eq[1] != '\0') {
		/* "--bytes=N" to "-bN" in place: never longer. */
		a[0] = '-';
		a[1] = shortopt[1];
		memmove(a + 2, eq + 1, strlen(eq + 1) + 1);
		return 1;
	}
	/* "--bytes=" has an empty one, which getopt cannot be handed (and
	 * which no option takes). */
	if (eq || i + 1 == argc) {
		fprintf(stderr, "%s: option '%s' requires an argument\n",
		    progname, name);
		np_usage(synopsis);
	}
	argv[i] = (char *)shortopt;
	return 2;
}

/* How many entries the short options of argv[i] take: 2 when the last
 * of them takes the next entry as its argument. */
static int
shortopts(int argc, char **argv, int i, const char *optstring)
{
	const char *p;

	for (p = argv[i] + 1; *p; p++)
		if (takesarg(optstring, *p))
			return p[1] == '\0' && i + 1 < argc ? 2 : 1;
	return 1;
}

void
np_args(int argc, char **argv, const char *optstring, const char *synopsis,
    const char *const *map)
{
	int i, k, n, first = 1;	/* operands passed sit in [first, i) */
	int posix = getenv("POSIXLY_CORRECT") != NULL;

	synopsis_seen = synopsis;
	for (i = 1; i < argc; i += n) {
		if (strcmp(argv[i], "--") == 0) {
			/* Ends the options, before the operands passed. */
			moveback(argv, first, i);
			break;
		}
		if (argv[i][0] != '-' || argv[i][1] == '\0') {
			if (posix)
				break;
			n = 1;	/* an operand, "-" for stdin among them */
			continue;
		}
		n = argv[i][1] == '-' ?
		    longopt(argc, argv, i, optstring, synopsis, map) :
		    shortopts(argc, argv, i, optstring);
		for (k = 0; k < n; k++)
			moveback(argv, first++, i + k);
	}
}

/* ---- the start of main ---- */

/* Options every program takes: -h, -n and -q; with ':' first, so that getopt
 * tells a missing argument (':') from an unknown option ('?') quietly. */
#define SHARED ":hnq"

static char getopts[64];	/* SHARED, then the program's own */

void
np_start(struct np_cmd *cmd, int argc, char **argv)
{
	np_init(argv);
	np_optionhelp(cmd->help);
	if (cmd->atdie)
		np_atdie(cmd->atdie, NULL);
	if (strlen(SHARED) + strlen(cmd->optstring) >= sizeof getopts) {
		np_warn("too many options");
		abort();
	}
	snprintf(getopts, sizeof getopts, "%s%s", SHARED, cmd->optstring);
	np_args(argc, argv, getopts, cmd->synopsis, cmd->longopts);
	cmd->header = 1;
	memset(cmd->seen, 0, sizeof cmd->seen);
	opterr = 0;	/* the messages are ours, the same on every libc */
}

static const struct np_oldopt *
findold(const struct np_cmd *cmd, int c)
{
	const struct np_oldopt *m;

	for (m = cmd->moved; m && m->old; m++)
		if (m->old == c)
			return m;
	return NULL;
}

void
np_oldopt(const struct np_cmd *cmd, int old)
{
	const struct np_oldopt *m = findold(cmd, old);

	if (!m)
		abort();	/* not in the table: a bug */
	np_moved(m->old, m->new, m->what, m->other, cmd->synopsis);
}

int
np_getopt(struct np_cmd *cmd, int argc, char **argv)
{
	int c;

	while ((c = getopt(argc, argv, getopts)) != -1) {
		switch (c) {
		case ':':
		case '?':
			/* An old letter: unknown now, or now needing an
			 * argument (np-gaps -u last). */
			if (findold(cmd, optopt))
				np_oldopt(cmd, optopt);
			if (c == ':')
				fprintf(stderr, "%s: option '-%c' requires an "
				    "argument\n", progname, optopt);
			else if (optopt > ' ' && optopt < 127)
				fprintf(stderr, "%s: unknown option '-%c'\n",
				    progname, optopt);
			else
				fprintf(stderr, "%s: unknown option\n",
				    progname);
			np_usage(cmd->synopsis);
		case 'h':
			np_help(cmd->synopsis);
		case 'n':
			cmd->header = 0;
			break;
		case 'q':
			prog_quiet();
			break;
		default:
			if (c > 0 && c < (int)sizeof cmd->seen)
				cmd->seen[c] = 1;
			return c;
		}
	}
	return -1;
}

/* "-G, -L or -K" for "GLK". */
static void
printletters(const char *s)
{
	for (; *s; s++)
		fprintf(stderr, "-%c%s", *s, s[1] == '\0' ? "" :
		    s[2] == '\0' ? " or " : ", ");
}

static int
seen(const struct np_cmd *cmd, int c)
{
	return c > 0 && c < (int)sizeof cmd->seen && cmd->seen[c];
}

void
np_needs(const struct np_cmd *cmd, int opt, const char *modes,
    const char *what)
{
	const char *m;

	if (!seen(cmd, opt))
		return;
	for (m = modes; *m; m++)
		if (seen(cmd, *m))
			return;
	fprintf(stderr, "%s: -%c needs ", progname, opt);
	printletters(modes);
	fprintf(stderr, " (%s)\n", what);
	np_usage(cmd->synopsis);
}

int
np_given(const struct np_cmd *cmd, const char *s)
{
	for (; *s; s++)
		if (seen(cmd, *s))
			return *s;
	return 0;
}

void
np_apart(const struct np_cmd *cmd, const char *a, const char *awhat,
    const char *b, const char *bwhat)
{
	int x = np_given(cmd, a), y = np_given(cmd, b);

	if (!x || !y)
		return;
	np_warn("-%c (%s) does not go with -%c (%s)", x, awhat, y, bwhat);
	np_usage(cmd->synopsis);
}

const char *
np_optname(const char *opt, const char *arg, const char *what)
{
	if (*arg)
		return arg;
	np_warn("-%s: expected %s, found an empty one", opt, what);
	usagedie();
}
