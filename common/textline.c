#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "num.h"
#include "textline.h"

int
tl_keyrest(char *rest, const char *key, int64_t *v)
{
	struct src_fields more;

	/* 64 fields a pass: the rest of a trace line is a few short ones. */
	src_split(rest, &more, SRC_MAXFIELDS);
	return tl_keyint(&more, SRC_MAXFIELDS, key, v);
}

int
tl_posint(const char *s, size_t n, const char *key, int64_t *v)
{
	size_t klen = strlen(key);

	if (n > klen && s[klen] == '=' && memcmp(s, key, klen) == 0) {
		s += klen + 1;
		n -= klen + 1;
	}
	return num_i64(s, n, v) ? 1 : -1;
}

/* The decimal number at the start of s ("8", "8:"), if any. */
static int
leadint(const char *s, size_t n, int64_t *v)
{
	size_t d = 0;

	while (d < n && s[d] >= '0' && s[d] <= '9')
		d++;
	return d > 0 && num_i64(s, d, v);
}

int
tl_section(char *line, const struct src_fields *fl, struct tl_section *sec)
{
	struct src_fields all;
	char **w = all.f;
	size_t *wl = all.len;
	int i, n;

	if (fl->n < 3 || !tl_is(fl->f[1], fl->len[1], "trace") ||
	    !tl_is(fl->f[2], fl->len[2], "for"))
		return 0;
	memset(sec, 0, sizeof *sec);
	sec->what = fl->f[0];
	sec->whatlen = fl->len[0];
	src_split(line, &all, SRC_MAXFIELDS);
	n = all.n;
	for (i = 3; i < n; i++) {
		if (i + 1 < n && tl_is(w[i], wl[i], "ND"))
			sec->hasnd = num_i64(w[i + 1], wl[i + 1], &sec->nd);
		else if (i + 1 < n && tl_is(w[i], wl[i], "NC"))
			sec->hasnc = num_i64(w[i + 1], wl[i + 1], &sec->nc);
		else if (tl_is(w[i], wl[i], "CC-core") && i + 1 < n)
			sec->hascore = leadint(w[i + 1], wl[i + 1],
			    &sec->core);
		else if (wl[i] > 7 && memcmp(w[i], "CC-core", 7) == 0)
			sec->hascore = leadint(w[i] + 7, wl[i] - 7,
			    &sec->core);
	}
	return 1;
}

int
tl_nsplit(const int *pos, int n)
{
	int i, nsplit = 3;

	for (i = 0; i < n; i++)
		if (pos[i] >= nsplit)
			nsplit = pos[i] + 1;
	for (i = 0; i < n; i++)
		if (pos[i] < 0 && nsplit < TL_MAXFIELDS) {
			nsplit++;
			break;
		}
	return nsplit;
}

void
tl_judge(struct textin *tx, struct tl_judge *j, int tspos,
    const struct tl_words *w)
{
	char found[160];

	if (j->done)
		return;
	j->done = 1;
	if (j->pairs < TL_JUDGEMIN)
		return;
	if (j->earlier * 2 > j->pairs)
		snprintf(found, sizeof found, "%ld of the first %ld %s lines "
		    "earlier than their %s", j->earlier, j->pairs, w->end,
		    w->start);
	else if (j->zero == j->pairs)
		snprintf(found, sizeof found, "all of the first %ld %s "
		    "lasting 0", j->pairs, w->things);
	else if (j->again >= TL_JUDGEMIN && j->rose == 0)
		snprintf(found, sizeof found, "no %s line later than the one "
		    "before it on its %s, in the first %ld %s", w->start,
		    w->place, j->pairs, w->things);
	else
		return;
	np_die_at(tx->in->name, j->line, j->col, "expected the time at "
	    "field %d (-F ts=%d), found %s: give the field that holds it "
	    "with -F ts=N", tspos + 1, tspos + 1, found);
}

void
tl_skipto(struct textin *tx, const char *word)
{
	struct src *in = tx->in;
	char *p = in->p, *w = src_whole(in), *end, *ls;
	size_t n;

	if (w - p < 2)
		return;
	w[-1] = '\0';	/* the last whole line's '\n', for a moment */
	if (!(end = strstr(p, word))) {
		n = strlen(p);	/* to a NUL in a line, or that '\n' */
		end = p + n == w - 1 ? w : p + n;
	}
	w[-1] = '\n';
	for (ls = end; ls > p && ls[-1] != '\n'; ls--)
		;
	src_take(in, ls, src_countnl(p, ls));
}
