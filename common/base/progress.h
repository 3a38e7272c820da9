/*
 * progress: a one-line display on stderr while a large file is read.
 *
 * While a program reads a regular file of at least PROG_MINBYTES and
 * stderr is a terminal, a line shows the file's name, the percent of its
 * bytes read, MB/s (10^6 bytes) since it was opened, and the time left at
 * that rate; it is drawn again at most every 1/10 s, and erased when the
 * file is done, before any message (msg.c calls prog_erase) and before
 * output is written to the same terminal (table.c), and at exit.  Never when
 * stderr is not a terminal, when CI is set in the environment (to
 * anything), when NP_PROGRESS is 0, or after prog_quiet (-q).
 *
 * The cost is one call per read(2) or Parquet read (of up to 1 MiB), and
 * a clock reading at most once per PROG_STEP bytes, never per record.
 *
 * NP_PROGRESS=test (for the test suite) replaces the clock by one that
 * moves 1/10 s at every reading, so that the line is drawn at every
 * reading and what it shows depends on the bytes read only.
 *
 * One display per process, so its state is this module's: stderr is one.
 */
#ifndef NP_PROGRESS_H
#define NP_PROGRESS_H

#define PROG_MINBYTES (8LL << 20)	/* files smaller show nothing */
#define PROG_STEP (1LL << 20)		/* bytes between clock readings */

/* -q: no display in this run. */
void prog_quiet(void);
/*
 * A file is opened on fd (name as given, "-" for standard input); total
 * is the bytes that will be read, or -1 for the rest of the file.
 * Shows nothing unless fd is a regular file and the display is on.
 */
void prog_begin(const char *name, int fd, long long total);
/* n more bytes read. */
void prog_add(long long n);
/* The file is done: the line is erased. */
void prog_end(void);
/* Erases the line if it is shown (before a message); it comes back at
 * the next reading. */
void prog_erase(void);
/* Before output is written to stdout: erases the line if stdout is the
 * terminal it is on. */
void prog_output(void);

#endif
