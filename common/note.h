/*
 * note: what a program passed over, counted by kind with the first place it
 * happened, for standard error at the end: "what: N (first: file:line)".
 * Nothing is dropped silently.
 */
#ifndef NP_NOTE_H
#define NP_NOTE_H

#define NOTE_MAX 32		/* kinds of note: a fixed set in the code */

/* Logrus lines (time="...") captured with 2>&1 before or among the data. */
#define NOTE_LOGS "log lines skipped"

struct notes {
	int n;
	struct note {
		const char *what;	/* compared by content */
		long count;
		const char *file;	/* and line: the first one */
		long line;
	} note[NOTE_MAX];
};

/* Counts n more of what, first seen at file:line if it is new. */
void note_add(struct notes *ns, const char *what, long n, const char *file,
    long line);
/* Writes each kind on standard error, in the order first seen; empties. */
void note_report(struct notes *ns);

#endif
