/*
 * skipped: what a program passed over, counted by kind with the first place it
 * happened, for standard error at the end: "what: N (first: file:line)".
 * Nothing is dropped silently.
 */
#ifndef NP_NOTE_H
#define NP_NOTE_H

#include <stddef.h>

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

/*
 * What an input held, when a mode found none of what it looks for: the
 * first TALLY_MAX distinct names met (engines, events, opcodes), with
 * counts, and a count of the rest, so that the message can say what there
 * was instead.  Fixed size, whatever the input.
 */
#define TALLY_MAX 5
#define TALLY_NAME 64		/* longer names are cut */

struct tally {
	int n;
	struct {
		char name[TALLY_NAME];
		size_t len;
		long count;
	} seen[TALLY_MAX];
	long rows, other;	/* every name counted; those not kept */
};

/* Counts one more of the name s (n bytes); a control byte in it is kept
 * as '?', so that the message stays on one line. */
void tally_add(struct tally *t, const char *s, size_t n);
/* "DMA_ADVANCE 120, SEMAPHORE_WAIT 40, and 12 rows of other names", or
 * "none", into buf. */
void tally_text(const struct tally *t, char *buf, size_t size);

#endif
