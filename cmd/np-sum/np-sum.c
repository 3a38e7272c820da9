/*
 * np-sum: profile summaries as TSV (one profile per column with -w, derived
 * metrics, insights); or group-by statistics on any TSV with a header.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "derive.h"
#include "base/msg.h"
#include "groupby.h"
#include "read/summary.h"
#include "format/table.h"

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

static int header = 1, derived, wide;

/* ---- summaries ---- */

static void
longrows(struct sumset *s, long from)
{
	const struct metric *m;
	const struct profile *p;
	long i, k;

	for (i = from; i < s->nprof; i++) {
		p = &s->prof[i];
		for (k = p->first; k >= 0; k = m->next) {
			m = &s->met[k];
			out_text(sum_name(s, p), p->namelen);
			out_tab();
			out_text(sum_key(s, m), m->klen);
			out_tab();
			out_text(sum_val(s, m), m->vlen);
			out_nl();
		}
	}
}

/*
 * Wide form: the keys of every profile.  A key new in a profile goes after
 * the key before it there, then past the keys that follow and that this
 * profile lacks, as long as they sort before it: so profiles whose keys are
 * sorted give a sorted union, and any profile's order is kept.
 */
struct kent {
	long id, next, rank;
	long seen;		/* the last profile that has it */
	int placed;
};

struct cellref {
	long rank, prof, met;
};

/* Links e into the key list after prev (-1: at the head), then moves it
 * past following keys of other profiles that sort before it. */
static void
place(struct group *g, struct kent *e, long prev, long *head, long prof)
{
	struct kent *nx;
	size_t el, nl, min;
	const char *ek = grp_key(g, e->id, &el), *nk;
	long next = prev < 0 ? *head : ((struct kent *)grp_val(g, prev))->next;

	while (next >= 0) {
		nx = grp_val(g, next);
		nk = grp_key(g, next, &nl);
		min = el < nl ? el : nl;
		if (nx->seen == prof || memcmp(nk, ek, min) > 0 ||
		    (memcmp(nk, ek, min) == 0 && nl >= el))
			break;
		prev = next;
		next = nx->next;
	}
	e->next = next;
	if (prev < 0)
		*head = e->id;
	else
		((struct kent *)grp_val(g, prev))->next = e->id;
	e->placed = 1;
}

static int
byrank(const void *a, const void *b)
{
	const struct cellref *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return (x->prof > y->prof) - (x->prof < y->prof);
}

static void
widerows(struct sumset *s)
{
	struct group g;
	struct kent *e;
	struct cellref *ref;
	long head = -1, prev, i, k, m, r, nref = 0;
	int isnew;

	grp_init(&g, sizeof(struct kent), SUM_MAXMETRICS);
	for (i = 0; i < s->nprof; i++) {
		for (m = s->prof[i].first; m >= 0; m = s->met[m].next) {
			e = grp_get(&g, sum_key(s, &s->met[m]), s->met[m].klen,
			    &isnew);
			if (isnew)
				e->id = g.n - 1;
			e->seen = i;
		}
		prev = -1;
		for (m = s->prof[i].first; m >= 0; m = s->met[m].next) {
			e = grp_get(&g, sum_key(s, &s->met[m]), s->met[m].klen,
			    NULL);
			if (!e->placed)
				place(&g, e, prev, &head, i);
			prev = e->id;
		}
	}
	for (k = head, r = 0; k >= 0; k = e->next) {
		e = grp_val(&g, k);
		e->rank = r++;
	}
	if (!(ref = malloc(((size_t)s->nmet + 1) * sizeof *ref)))
		np_die("out of memory");
	for (i = 0; i < s->nprof; i++)
		for (m = s->prof[i].first; m >= 0; m = s->met[m].next) {
			e = grp_get(&g, sum_key(s, &s->met[m]), s->met[m].klen,
			    NULL);
			ref[nref].rank = e->rank;
			ref[nref].prof = i;
			ref[nref++].met = m;
		}
	qsort(ref, (size_t)nref, sizeof *ref, byrank);
	if (header) {
		out_str("key");
		for (i = 0; i < s->nprof; i++) {
			out_tab();
			out_text(sum_name(s, &s->prof[i]), s->prof[i].namelen);
		}
		out_nl();
	}
	for (k = 0; k < nref; ) {
		const struct metric *mt = &s->met[ref[k].met];
		r = ref[k].rank;
		out_text(sum_key(s, mt), mt->klen);
		for (i = 0; i < s->nprof; i++) {
			out_tab();
			if (k < nref && ref[k].rank == r && ref[k].prof == i) {
				mt = &s->met[ref[k++].met];
				out_text(sum_val(s, mt), mt->vlen);
			}
		}
		out_nl();
	}
	free(ref);
	grp_free(&g);
}

static const char *const longcols[] = { "profile", "key", "value" };

/* The first file, opened to look at, or NULL. */
static struct src *first;

static void
summaries(char **files, int n, int insight, const char *tablekey)
{
	struct sumset s;
	long from, p;
	int f, headed = 0;

	sum_init(&s);
	if (first)
		sum_use(&s, first);
	if (tablekey)
		s.table_key = tablekey;
	for (f = 0; f < n; f++) {
		if (!wide)
			sum_clear(&s);
		from = s.nprof;
		if (f == 0 && first)
			sum_readin(&s);	/* opened to look at: read on */
		else
			sum_read(&s, files[f]);
		/* The header with the first file read whole, as rows of any
		 * program come: input that is not a summary leaves none. */
		if (header && !wide && !headed++)
			out_header(insight ? insight_columns : longcols,
			    insight ? INSIGHT_NCOL : 3);
		for (p = from; p < s.nprof; p++) {
			if (insight)
				insights(&s, p);
			else if (derived)
				derive(&s, p);
		}
		if (!wide && !insight)
			longrows(&s, from);
	}
	if (wide)
		widerows(&s);
	out_flush();
	sum_report(&s);
	sum_free(&s);
	if (first)
		free(first->buf);
}

/* ---- group-by ---- */

static void
groupby(char **files, int n, char **keys, int nkey, char **vals, int nval,
    long cap, int hist)
{
	struct gstat gs;
	int f;

	gs_init(&gs, nkey ? keys : NULL, nkey, nval ? vals : NULL, nval, cap);
	if (first)
		gs_use(&gs, first);
	for (f = 0; f < n; f++) {
		if (f == 0 && first)
			gs_readin(&gs);	/* opened to look at: read on */
		else
			gs_read(&gs, files[f]);
	}
	if (hist)
		gs_write_hist(&gs, header);
	else
		gs_write(&gs, header);
	out_flush();
	gs_report(&gs);
	gs_free(&gs);
	if (first)
		free(first->buf);
}

int
main(int argc, char **argv)
{
	static char *stdin_only[] = { "-" };
	char *keys[GS_MAXKEY], *vals[GS_MAXVAL];
	const char *tablekey = NULL;
	struct np_cmd cmd = {
		.optstring = optstring, .synopsis = synopsis, .help = help,
		.longopts = longopts, .moved = oldopts, .atdie = out_salvage,
	};
	int c, insight = 0, hist = 0, nkey = 0, nval = 0, grp;
	long cap = 100000;
	char **files;
	int nfiles;

	np_start(&cmd, argc, argv);
	while ((c = np_getopt(&cmd, argc, argv)) != -1) {
		switch (c) {
		case 'd':
			derived = 1;
			break;
		case 'g':
			nkey = np_optlist("g", optarg, keys, GS_MAXKEY,
			    "column names");
			break;
		case 'H':
			hist = 1;
			break;
		case 'i':
			insight = 1;
			break;
		case 'k':
			tablekey = np_optname("k", optarg, "a column name");
			break;
		case 'M':
			cap = (long)np_optnum("M", optarg, 1, 100000000);
			break;
		case 'v':
			nval = np_optlist("v", optarg, vals, GS_MAXVAL,
			    "column names");
			break;
		case 'w':
			wide = 1;
			break;
		}
	}
	np_apart(&cmd, "dikw", "summaries", "gHMv", "group-by statistics");
	header = cmd.header;
	grp = np_given(&cmd, "gHMv");
	if (insight && (wide || derived)) {
		np_warn("-i writes findings: it takes neither -w nor -d");
		np_usage(synopsis);
	}
	files = argc > optind ? argv + optind : stdin_only;
	nfiles = argc > optind ? argc - optind : 1;
	if (!grp && !np_given(&cmd, "dikw") && !src_isdir(files[0])) {
		/* Histogram rows need no option: they say what they hold. */
		static struct src in;
		src_open(&in, files[0]);
		grp = gs_ishist(&in);
		first = &in;
	}
	if (grp)
		groupby(files, nfiles, keys, nkey, vals, nval, cap, hist);
	else
		summaries(files, nfiles, insight, tablekey);
	return 0;
}
