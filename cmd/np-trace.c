/*
 * np-trace: one TSV row per instruction, from any profile format that
 * carries instructions.  The normalised stream the other programs read.
 */
#include <unistd.h>

#include "base/msg.h"
#include "base/options.h"
#include "kind/instruction.h"
#include "base/skipped.h"
#include "base/number.h"
#include "read/reader.h"
#include "format/table.h"
#include "write/row.h"
#include "write/tsvout.h"

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

/* The program's state: its options. */
static struct trace {
	struct engineset engines;
	int64_t from, to;
	const char *window_arg;	/* -t as given, for a message */
} st = {
	.from = INT64_MIN, .to = INT64_MAX,
};

/* An instruction is in the window if it runs during [from, to), or is a
 * zero-length one at a time inside it. */
static int
in_window(const struct record *r)
{
	int64_t s = r->f[I_START].i, e = r->f[I_END].set ? r->f[I_END].i : s;

	if (s >= st.to)
		return 0;
	return e > st.from || s >= st.from;
}

/*
 * The input had rows but -e and -t left none: how many each passed over
 * (and the engines seen), and exit 1, as np(7) Exit status says.
 */
static _Noreturn void
nothing(struct reader *rd, const struct tally *seen, long nread,
    long notsel, long outside)
{
	char engs[512];

	tally_text(seen, engs, sizeof engs);
	rd_close(rd);
	if (notsel && outside)
		np_die("no instruction to write in %ld rows read: %ld not on "
		    "the engines -e names (seen: %s), %ld outside -t %s",
		    nread, notsel, engs, outside, st.window_arg);
	if (notsel)
		np_die("no instruction to write in %ld rows read: %ld not on "
		    "the engines -e names (seen: %s)", nread, notsel, engs);
	np_die("no instruction to write in %ld rows read: %ld outside -t %s",
	    nread, outside, st.window_arg);
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
	int filtered;
	long nread = 0, notsel = 0, outside = 0, written = 0;
	struct tally seen = { 0 };
	const char *unit = NULL, *pos = NULL;
	char *cols = NULL;

	np_start(&cmd, argc, argv);
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'c':
			cols = optarg;
			break;
		case 'e':
			engineset_option(&st.engines, optarg, synopsis);
			break;
		case 'F':
			pos = optarg;
			break;
		case 't':
			if (!num_range(optarg, &st.from, &st.to, &hasfrom,
			    &hasto)) {
				np_warn("-t: expected FROM,TO in ns (FROM <= "
				    "TO), found '%s'", optarg);
				np_usage(synopsis);
			}
			window = 1;
			st.window_arg = optarg;
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
	else if (st.engines.n == 0 && !window)
		rd_rows(&rd);	/* every record written as it comes */
	/* With -e or -t, the header comes with the first row, so that a
	 * filter that leaves nothing is an error with nothing written. */
	filtered = st.engines.n > 0 || window;
	if (cmd.header && !filtered)
		rd_header(&rd);
	while ((rec = rd_next(&rd))) {
		nread++;
		if (!engineset_hasrow(&st.engines, rec)) {
			notsel++;
			tally_add(&seen, rec->f[I_ENGINE].s,
			    rec->f[I_ENGINE].set ? rec->f[I_ENGINE].len : 0);
			continue;
		}
		if (window && !in_window(rec)) {
			outside++;
			continue;
		}
		if (written++ == 0 && cmd.header && filtered)
			rd_header(&rd);
		rec_write(&kind_insn, rec);
	}
	if (filtered && written == 0 && nread > 0)
		nothing(&rd, &seen, nread, notsel, outside);
	if (filtered && written == 0 && cmd.header)
		rd_header(&rd);	/* an empty input: an empty answer */
	out_flush();
	rd_close(&rd);
	return 0;
}
