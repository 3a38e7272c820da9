/*
 * np-trace: one TSV row per instruction, from any profile format that
 * carries instructions.  The normalised stream the other programs read.
 */
#include <unistd.h>

#include "../common/diag.h"
#include "../common/insn.h"
#include "../common/num.h"
#include "../common/reader.h"
#include "../common/tsv.h"

static const char optstring[] = "c:e:F:t:u:";
static const char synopsis[] =
    "np-trace [-nq] [-c columns] [-e engines] [-F positions] [-t from,to] "
    "[-u unit] [file ...]";

/* One line per option, as the man page orders them, for -h (np_help). */
static const char *const help[] = {
	"-c columns", "further input columns carried through to the rows",
	"-e engines", "only instructions on these engines or tracks",
	"-F positions", "field positions of show-session text",
	"-n, --no-header", "no header line",
	"-q, --quiet", "no progress line on stderr",
	"-t from,to", "only instructions during [from, to), ns",
	"-u unit", "the input's time unit: ps, ns (default) or us",
	NULL
};

static struct engineset engines;
static int64_t from = INT64_MIN, to = INT64_MAX;

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
	struct np_cmd cmd = {
		.optstring = optstring, .synopsis = synopsis, .help = help,
		.atdie = out_salvage,
	};
	int c, window = 0, hasfrom, hasto;
	const char *unit = NULL, *pos = NULL;
	char *cols = NULL;

	np_start(&cmd, argc, argv);
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'c':
			cols = optarg;
			break;
		case 'e':
			engineset_option(&engines, optarg, synopsis);
			break;
		case 'F':
			pos = optarg;
			break;
		case 't':
			if (!num_range(optarg, &from, &to, &hasfrom, &hasto)) {
				np_warn("-t: expected FROM,TO in ns (FROM <= "
				    "TO), found '%s'", optarg);
				np_usage(synopsis);
			}
			window = 1;
			break;
		case 'u':
			unit = optarg;
			break;
		}
	}
	rd_open(&rd, &kind_insn, argv + optind, argc - optind);
	rd_options(&rd, unit, pos, synopsis);
	if (cols)
		rd_extra(&rd, cols, synopsis);
	else if (engines.n == 0 && !window)
		rd_rows(&rd);	/* every record written as it comes */
	if (cmd.header)
		rd_header(&rd);
	while ((rec = rd_next(&rd))) {
		if (!engineset_hasrow(&engines, rec))
			continue;
		if (window && !in_window(rec))
			continue;
		rec_write(&kind_insn, rec);
	}
	out_flush();
	rd_close(&rd);
	return 0;
}
