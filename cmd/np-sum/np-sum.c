/*
 * np-sum is two programs behind one name, told apart by their options
 * (np-sum(1) gives each its synopsis line):
 *
 *   summaries (summaries.c)  profile summaries, in every form the profiler
 *                            prints them, as key-value rows, a column per
 *                            profile (-w), with derived metrics (-d,
 *                            derive.c) or findings (-i);
 *   group-by (groupby.c)     statistics of value columns (-v) per group
 *                            of key columns (-g) of any rows, or their
 *                            mergeable histogram rows (-H).
 *
 * Here: the options, which may not mix the two, and the one they ask for.
 * With neither's options, a first file of histogram rows is group-by's
 * (they say what they hold) and anything else is a summary.
 */
#include <stdlib.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/options.h"
#include "groupby.h"
#include "summaries.h"
#include "write/tsvout.h"

static const char optstring[] = "dg:Hik:M:v:w";
static const char synopsis[] =
    "np-sum [-dinqw] [-k column] [file ...]\n"
    "       np-sum [-Hnq] [-g keys] [-M groups] [-v values] [file ...]";

/* One line per option, as the man page orders them, for -h (np_help). */
static const char *const help[] = {
	"-d, --derived", "add the derived metrics",
	"-g, --group keys", "group by these columns, comma-separated",
	"-H, --histograms", "histogram rows instead of statistics",
	"-i, --insights", "findings of the insight rules",
	"-k, --key column", "the header cell that names a table's rows",
	"-M, --max-groups groups", "at most this many groups (default 100000)",
	"-n, --no-header", "no header line",
	"-q, --quiet", "no progress line on stderr",
	"-v, --value values", "the value columns, comma-separated",
	"-w, --wide", "one column per profile",
	NULL
};

static const char *const longopts[] = {
	"--derived", "-d", "--insights", "-i", "--wide", "-w",
	"--key", "-k", "--group", "-g", "--value", "-v",
	"--histograms", "-H", "--max-groups", "-M", NULL,
};

/* Letters that moved (np(7) OPTIONS). */
static const struct np_oldopt oldopts[] = {
	{ 'm', 'M', "bound on groups", "np-gaps' minimum gap" },
	{ 0 }
};

int
main(int argc, char **argv)
{
	static char *stdin_only[] = { "-" };
	static struct src in;
	char *keys[GS_MAXKEY], *vals[GS_MAXVAL];
	struct np_cmd cmd = {
		.optstring = optstring, .synopsis = synopsis, .help = help,
		.longopts = longopts, .moved = oldopts, .atdie = out_salvage,
	};
	struct summaries so = { 0 };
	struct groupby go = { .keys = keys, .vals = vals, .cap = 100000 };
	struct src *first = NULL;
	int c, grp;
	char **files;
	int nfiles;

	np_start(&cmd, argc, argv);
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'd':
			so.derived = 1;
			break;
		case 'g':
			go.nkey = np_optlist("g", optarg, keys, GS_MAXKEY,
			    "column names");
			break;
		case 'H':
			go.hist = 1;
			break;
		case 'i':
			so.insight = 1;
			break;
		case 'k':
			so.tablekey = np_optname("k", optarg, "a column name");
			break;
		case 'M':
			go.cap = (long)np_optnum("M", optarg, 1, 100000000);
			break;
		case 'v':
			go.nval = np_optlist("v", optarg, vals, GS_MAXVAL,
			    "column names");
			break;
		case 'w':
			so.wide = 1;
			break;
		}
	}
	np_apart(&cmd, "dikw", "summaries", "gHMv", "group-by statistics");
	so.header = go.header = cmd.header;
	grp = np_given(&cmd, "gHMv");
	if (so.insight && (so.wide || so.derived)) {
		np_warn("-i writes findings: it takes neither -w nor -d");
		np_usage(synopsis);
	}
	files = argc > optind ? argv + optind : stdin_only;
	nfiles = argc > optind ? argc - optind : 1;
	if (!grp && !np_given(&cmd, "dikw") && !src_isdir(files[0])) {
		/* Histogram rows need no option: they say what they hold. */
		src_open(&in, files[0]);
		grp = gs_ishist(&in);
		first = &in;
	}
	if (grp)
		groupby(&go, files, nfiles, first);
	else
		summaries(&so, files, nfiles, first);
	return 0;
}
