#include <stdio.h>
#include <string.h>

#include "base/msg.h"
#include "base/number.h"
#include "read/proftext.h"
#include "format/table.h"

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

/* The first "key=..." field of a line split into fl (max fields asked),
 * looked for as tl_keyint looks; NULL when there is none. */
static const char *
keyfield(const struct src_fields *fl, int max, const char *key, size_t *n)
{
	struct src_fields more;
	size_t klen = strlen(key);
	int i;

	for (;;) {
		for (i = 0; i < fl->n; i++)
			if (fl->len[i] > klen && fl->f[i][klen] == '=' &&
			    memcmp(fl->f[i], key, klen) == 0) {
				*n = fl->len[i];
				return fl->f[i];
			}
		if (fl->n != max)
			return NULL;
		src_split(fl->rest, &more, SRC_MAXFIELDS);
		fl = &more;
		max = SRC_MAXFIELDS;
	}
}

void
tl_badint(struct textin *tx, const struct src_fields *fl, const char *key,
    int pos)
{
	char shown[TSV_SHOWN], where[64];
	const char *s = NULL, *v, *what = "an integer";
	size_t n = 0, vn, klen = strlen(key), i;

	if (pos >= 0 && pos < fl->n) {
		s = fl->f[pos];
		n = fl->len[pos];
		snprintf(where, sizeof where, "field %d, -F %s=%d", pos + 1,
		    key, pos + 1);
	} else if (pos < 0) {
		s = keyfield(fl, tx->nsplit, key, &n);
		snprintf(where, sizeof where, "%s=N", key);
	}
	if (!s)		/* no such field: the caller's mistake */
		np_die_at(tx->in->name, tx->in->line, 0, "expected an "
		    "integer for '%s'", key);
	/* The number, after its "key=": digits too many for 64 bits are
	 * told apart from what is no integer at all. */
	v = s;
	vn = n;
	if (vn > klen && v[klen] == '=' && memcmp(v, key, klen) == 0) {
		v += klen + 1;
		vn -= klen + 1;
	}
	i = vn > 0 && v[0] == '-';
	if (i < vn) {
		while (i < vn && v[i] >= '0' && v[i] <= '9')
			i++;
		if (i == vn)
			what = "an integer within 64 bits";
	}
	np_die_at(tx->in->name, tx->in->line, src_col(tx->in, s), "expected "
	    "%s for '%s' (%s), found '%s'", what, key, where,
	    tsv_shown(shown, s, n, 40));
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
