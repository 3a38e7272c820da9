#include <string.h>

#include "diag.h"
#include "note.h"

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
