#include <stdio.h>
#include <string.h>

#include "base/msg.h"
#include "base/skipped.h"

void
note_add(struct notes *ns, const char *what, long n, const char *file,
    long line)
{
	int i;

	for (i = 0; i < ns->n; i++)
		if (ns->note[i].what == what ||
		    strcmp(ns->note[i].what, what) == 0)
			break;
	if (i == ns->n) {
		if (ns->n == NOTE_MAX)	/* a program with too many kinds */
			np_die("more than %d kinds of note: %s", NOTE_MAX,
			    what);
		ns->n++;
		ns->note[i].what = what;
		ns->note[i].count = 0;
		ns->note[i].file = file;
		ns->note[i].line = line;
	}
	ns->note[i].count += n;
}

void
note_report(struct notes *ns)
{
	int i;

	for (i = 0; i < ns->n; i++)
		np_warn("%s: %ld (first: %s:%ld)", ns->note[i].what,
		    ns->note[i].count, ns->note[i].file, ns->note[i].line);
	ns->n = 0;
}

/* A name as kept: a control byte as '?'. */
static char
kept(char c)
{
	return (unsigned char)c < 0x20 || c == 0x7f ? '?' : c;
}

void
tally_add(struct tally *t, const char *s, size_t n)
{
	size_t j;
	int i;

	if (n >= TALLY_NAME)
		n = TALLY_NAME - 1;
	t->rows++;
	for (i = 0; i < t->n; i++)
		if (t->seen[i].len == n) {
			for (j = 0; j < n && t->seen[i].name[j] == kept(s[j]);
			    j++)
				;
			if (j == n) {
				t->seen[i].count++;
				return;
			}
		}
	if (t->n == TALLY_MAX) {
		t->other++;
		return;
	}
	for (j = 0; j < n; j++)
		t->seen[i].name[j] = kept(s[j]);
	t->seen[i].name[n] = '\0';
	t->seen[i].len = n;
	t->seen[i].count = 1;
	t->n++;
}

void
tally_text(const struct tally *t, char *buf, size_t size)
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	if (t->n == 0) {
		snprintf(buf, size, "none");
		return;
	}
	for (i = 0; i < t->n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s %ld",
		    i ? ", " : "", t->seen[i].len ? t->seen[i].name :
		    "(empty)", t->seen[i].count);
	if (t->other && len < size)
		snprintf(buf + len, size - len, ", and %ld rows of other names",
		    t->other);
}
