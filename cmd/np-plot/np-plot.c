/*
 * np-plot: a picture of any np TSV, for the terminal or as SVG.
 *
 * Four kinds of chart: a bar per row (a value per key), a histogram of
 * bucket rows (np-sum -H, np-dma -H), a heat strip per engine over time
 * (np-gaps -B bucket rows) and a spread per key across several value
 * columns (np-cc -K, np-sum -w).  The kind and its columns come from the
 * header, so that each np program's output needs no option; -P, -k and -v
 * choose them by name otherwise.
 *
 * Scaling an axis needs every row, so the rows are kept: at most MAXROWS
 * rows, MAXCELLS values and labels of LABELMAX bytes (np-plot(1) LIMITS).
 * Past a bound the program stops with an error rather than draw a part.
 *
 * The SVG must parse as XML whatever the input holds: every text is
 * written through xmltext, which escapes markup and replaces control
 * bytes and malformed UTF-8 with U+FFFD.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "base/alloc.h"
#include "base/options.h"
#include "write/tsvout.h"
#include "plot.h"

static const char optstring[] = "k:N:o:P:v:";
static const char synopsis[] =
    "np-plot [-q] [-k keys] [-N rows] [-o format] [-P kind] [-v values] "
    "[file ...]";

/* One line per option, as the man page orders them, for -h (np_help). */
static const char *const help[] = {
	"-k, --key keys", "the columns that name the rows, comma-separated",
	"-N, --top rows", "the largest bars or spreads drawn (40; 0: all)",
	"-o, --output format", "term (the default) or svg",
	"-P, --kind kind", "bar, hist, heat or spread (default: from the header)",
	"-q, --quiet", "no progress line on stderr",
	"-v, --value values", "the value column (spread: columns, comma-separated)",
	NULL
};

static const char *const longopts[] = {
	"--key", "-k", "--top", "-N", "--output", "-o", "--kind", "-P",
	"--value", "-v", NULL,
};


/* ---- the program ---- */

/* COLUMNS, else the terminal's width, else 80; at least 40. */
static int
termwidth(void)
{
	const char *c = getenv("COLUMNS");
	long w = 0;
	char *end;

	if (c && *c) {
		w = strtol(c, &end, 10);
		if (*end)
			w = 0;
	}
#ifdef TIOCGWINSZ
	if (w <= 0) {
		struct winsize ws;
		if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0)
			w = ws.ws_col;
	}
#endif
	if (w <= 0)
		w = 80;
	return w < 40 ? 40 : w > 1000 ? 1000 : (int)w;
}

static void
cleanup(struct plot *p)
{
	int i;

	for (i = 0; i < p->nkey; i++)
		free(p->key[i]);
	for (i = 0; i < p->nval; i++)
		free(p->val[i]);
	free(p->row);
	free(p->vals);
	free(p->labels);
}

int
main(int argc, char **argv)
{
	static char *stdin_only[] = { "-", NULL };
	static struct plot p;
	struct np_cmd cmd = {
		.optstring = optstring, .synopsis = synopsis, .help = help,
		.longopts = longopts, .atdie = out_salvage,
	};
	const char *nc;
	char **files;
	int c, i, nfiles;

	np_start(&cmd, argc, argv);
	p.synopsis = synopsis;
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'P':
			for (i = 0; i < NKIND; i++)
				if (strcmp(optarg, kindname[i]) == 0)
					break;
			if (i == NKIND) {
				np_warn("-P: expected bar, hist, heat or "
				    "spread, found '%s'", optarg);
				np_usage(synopsis);
			}
			p.kind = (enum kind)i;
			p.kindset = 1;
			break;
		case 'k':
			for (i = 0; i < p.nkey; i++)
				free(p.key[i]);
			p.nkey = np_optlist("k", optarg, p.key, MAXKEYS - 1,
			    "columns");
			for (i = 0; i < p.nkey; i++)
				p.key[i] = np_strdup(p.key[i]);
			p.keyset = 1;
			break;
		case 'N':
			p.top = np_optnum("N", optarg, 0, MAXROWS);
			p.topset = 1;
			break;
		case 'o':
			if (strcmp(optarg, "svg") == 0)
				p.svg = 1;
			else if (strcmp(optarg, "term") == 0)
				p.svg = 0;
			else {
				np_warn("-o: expected term or svg, found '%s'",
				    optarg);
				np_usage(synopsis);
			}
			break;
		case 'v':
			for (i = 0; i < p.nval; i++)
				free(p.val[i]);
			p.nval = np_optlist("v", optarg, p.val, MAXVALS,
			    "columns");
			for (i = 0; i < p.nval; i++)
				p.val[i] = np_strdup(p.val[i]);
			p.valset = 1;
			break;
		}
	}
	if (!cmd.header) {
		np_warn("-n: a picture has no header line to leave out");
		np_usage(synopsis);
	}
	files = argc > optind ? argv + optind : stdin_only;
	nfiles = argc > optind ? argc - optind : 1;
	p.withfile = nfiles > 1;
	if (!p.topset)
		p.top = TOPROWS;
	for (i = 0; i < nfiles; i++) {
		if (src_isdir(files[i]))
			np_die("%s: a directory; np-plot draws TSV, such as "
			    "another np program writes", files[i]);
		readfile(&p, files[i]);
	}
	note_report(&p.notes);
	if (p.nrow == 0)
		np_die("%s: no rows to draw", files[nfiles - 1]);
	nc = getenv("NO_COLOR");
	p.color = !p.svg && isatty(STDOUT_FILENO) && !(nc && *nc);
	p.width = termwidth();
	if (p.interleave)
		interleave(&p);
	if (p.kind == K_BAR || p.kind == K_SPREAD) {
		distinct(&p);
		keeptop(&p);
	}
	if (p.kind == K_HEAT)
		p.svg ? svgheat(&p) : termheat(&p);
	else if (p.kind == K_SPREAD)
		p.svg ? svgspread(&p) : termspread(&p);
	else
		drawbars(&p);
	out_flush();
	cleanup(&p);
	return 0;
}
