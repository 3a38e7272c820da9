/*
 * progress: the display of progress.h.  Its state is one struct here:
 * there is one stderr, and the display belongs to the process, not to a
 * file or a format.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/msg.h"
#include "base/progress.h"

#define REDRAW_MS 100		/* between two drawings, at least */

enum { UNDECIDED, OFF, ON };

static struct {
	int state;		/* is the display on at all */
	int fake;		/* NP_PROGRESS=test: the fake clock */
	int outtty;		/* stdout is a terminal too */
	int active;		/* a file large enough is being read */
	int shown;		/* the line is on the terminal */
	const char *name;
	long long total, done, next;
	long long t0, last;	/* ms */
	long long ticks;	/* the fake clock's readings */
} pg;

void
prog_quiet(void)
{
	pg.state = OFF;
}

static void
atexit_erase(void)
{
	prog_erase();
}

/* Decided at the first file: -q comes before it. */
static int
on(void)
{
	const char *e;

	if (pg.state != UNDECIDED)
		return pg.state == ON;
	e = getenv("NP_PROGRESS");
	if (getenv("CI") || (e && strcmp(e, "0") == 0) || !isatty(2)) {
		pg.state = OFF;
		return 0;
	}
	pg.fake = e && strcmp(e, "test") == 0;
	pg.outtty = isatty(1);
	pg.state = ON;
	atexit(atexit_erase);
	np_atmsg(prog_erase);	/* a message never lands on the line */
	return 1;
}

/* Milliseconds from some fixed time. */
static long long
now(void)
{
	struct timespec ts;

	if (pg.fake)
		return pg.ticks++ * REDRAW_MS;
	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void
prog_begin(const char *name, int fd, long long total)
{
	struct stat st;
	off_t at;

	prog_end();
	if (!on() || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		return;
	if (total < 0) {
		at = lseek(fd, 0, SEEK_CUR);	/* stdin may be part read */
		total = (long long)st.st_size - (at > 0 ? (long long)at : 0);
	}
	if (total < PROG_MINBYTES)
		return;
	pg.active = 1;
	pg.name = strcmp(name, "-") == 0 ? "stdin" : name;
	pg.total = total;
	pg.done = 0;
	/* Not at the first buffer: a format probe's read shows nothing. */
	pg.next = 2 * PROG_STEP;
	pg.ticks = 0;
	pg.t0 = pg.last = now();
}

/* The terminal's width, for a line that must not wrap (a wrapped line
 * cannot be erased with a carriage return). */
static int
columns(void)
{
#ifdef TIOCGWINSZ
	struct winsize ws;

	if (ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
#endif
	return 80;
}

static void
draw(long long t)
{
	char rest[128], left[32], line[512];
	long long ms = t - pg.t0, s;
	double rate = (double)pg.done * 1000.0 / (double)ms;	/* B/s */
	int pct = (int)(pg.done >= pg.total ? 100 : pg.done * 100 / pg.total);
	int n, room;
	size_t namelen = strlen(pg.name);
	const char *name = pg.name, *dots = "";

	s = (long long)((double)(pg.total > pg.done ? pg.total - pg.done : 0) /
	    rate + 0.5);
	if (s >= 3600)
		snprintf(left, sizeof left, "%lld:%02lld:%02lld", s / 3600,
		    s / 60 % 60, s % 60);
	else
		snprintf(left, sizeof left, "%lld:%02lld", s / 60, s % 60);
	n = snprintf(rest, sizeof rest, " %3d%% %5.0f MB/s %s left", pct,
	    rate / 1e6, left);
	/* "prog: name rest" in one line short of the width: a long name
	 * loses its start. */
	room = columns() - 1 - n - (int)strlen(progname) - 2;
	if (room < 12)
		room = 12;
	if (namelen > (size_t)room) {
		dots = "...";
		name += namelen - (size_t)(room - 3);
	}
	n = snprintf(line, sizeof line, "\r%s: %s%s%s\033[K", progname, dots,
	    name, rest);
	if (n > 0)
		(void)!write(2, line, (size_t)n < sizeof line ? (size_t)n :
		    sizeof line - 1);
	pg.shown = 1;
	pg.last = t;
}

void
prog_add(long long n)
{
	long long t;

	if (!pg.active || (pg.done += n) < pg.next)
		return;
	pg.next = pg.done + PROG_STEP;
	t = now();
	if (t - pg.last >= REDRAW_MS)
		draw(t);
}

void
prog_erase(void)
{
	if (!pg.shown)
		return;
	(void)!write(2, "\r\033[K", 4);
	pg.shown = 0;
}

void
prog_end(void)
{
	prog_erase();
	pg.active = 0;
}

void
prog_output(void)
{
	if (pg.shown && pg.outtty)
		prog_erase();
}
