/*
 * np-trace: one TSV row per instruction, from any profile format that
 * carries instructions.  The normalised stream the other programs read.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "../common/diag.h"
#include "../common/insn.h"
#include "../common/num.h"
#include "../common/reader.h"
#include "../common/tsv.h"

static const char synopsis[] =
    "np-trace [-n] [-e engines] [-F positions] [-t from,to] [-u unit] "
    "[file ...]";

#define MAXSEL 32

static struct {
	const char *name[MAXSEL];
	size_t len[MAXSEL];
	int n;
} engines;

static int64_t from = INT64_MIN, to = INT64_MAX;

static void
parseengines(char *arg)
{
	char *p;

	for (p = strtok(arg, ","); p; p = strtok(NULL, ",")) {
		if (engines.n == MAXSEL)
			np_usage(synopsis);
		engines.name[engines.n] = p;
		engines.len[engines.n++] = strlen(p);
	}
}

static int
wanted_engine(const struct field *f)
{
	int i;

	if (engines.n == 0)
		return 1;
	for (i = 0; i < engines.n; i++)
		if (f->set && f->len == engines.len[i] &&
		    strncasecmp(f->s, engines.name[i], f->len) == 0)
			return 1;
	return 0;
}

/* "FROM,TO" in ns; either side may be left empty. */
static void
parsewindow(const char *arg)
{
	const char *comma = strchr(arg, ',');

	if (!comma)
		goto bad;
	if (comma > arg && !num_i64(arg, (size_t)(comma - arg), &from))
		goto bad;
	if (comma[1] && !num_i64(comma + 1, strlen(comma + 1), &to))
		goto bad;
	if (from > to)
		goto bad;
	return;
bad:
	np_warn("-t: expected FROM,TO in ns (FROM <= TO), found '%s'", arg);
	np_usage(synopsis);
}

/* An instruction is in the window if it runs during [from, to), or is a
 * zero-length one at a time inside it. */
static int
in_window(const struct record *r)
{
	int64_t s = r->f[I_START].i, e = r->f[I_END].set ? r->f[I_END].i : s;

	if (s >= to)
		return 0;
	return e > from || s >= from;
}

int
main(int argc, char **argv)
{
	struct reader rd;
	struct record *rec;
	int c, header = 1, window = 0;
	const char *unit = NULL, *pos = NULL;
	char err[128];

	np_init(argv);
	np_longopts(argc, argv, synopsis, NULL);
	while ((c = getopt(argc, argv, "ne:F:t:u:h")) != -1) {
		switch (c) {
		case 'n':
			header = 0;
			break;
		case 'e':
			parseengines(optarg);
			break;
		case 'F':
			pos = optarg;
			break;
		case 't':
			parsewindow(optarg);
			window = 1;
			break;
		case 'u':
			unit = optarg;
			break;
		case 'h':
			np_help(synopsis);
		default:
			np_usage(synopsis);
		}
	}
	rd_open(&rd, &kind_insn, argv + optind, argc - optind);
	if (unit && !rd_setunit(&rd, unit)) {
		np_warn("-u: expected ps, ns or us, found '%s'", unit);
		np_usage(synopsis);
	}
	if (pos && !rd_setpos(&rd, pos, err, sizeof err)) {
		np_warn("-F: %s", err);
		np_usage(synopsis);
	}
	if (header)
		kind_header(&kind_insn);
	while ((rec = rd_next(&rd))) {
		if (!wanted_engine(&rec->f[I_ENGINE]))
			continue;
		if (window && !in_window(rec))
			continue;
		rec_write(&kind_insn, rec);
	}
	out_flush();
	rd_close(&rd);
	return 0;
}
