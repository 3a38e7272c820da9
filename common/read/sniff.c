/*
 * sniff: which format a text input is, and the one error for an input
 * with nothing to read (sniff.h).
 */
#include "base/msg.h"
#include "read/sniff.h"

int
rd_sniff(struct src *in, const char *bytes, const char *expect, int flags,
    char **line, long *lineno)
{
	int fmt;

	fmt = src_sniff(in, bytes, line, lineno);
	if (flags & RD_LOOK)
		return fmt;
	switch (fmt) {
	case SRC_EMPTY:
		np_die("%s: empty input, expected %s", in->name, expect);
	case SRC_BLANKS:
		np_die("%s: only blank lines, expected %s", in->name, expect);
	case SRC_LOGS:
		if (flags & RD_LOGSOK)
			return fmt;
		np_die("%s: only blank or log lines, expected %s", in->name,
		    expect);
	case SRC_LONG:
		np_die("%s: more than %d bytes of blank or log lines, "
		    "expected %s", in->name, SRC_BUFSZ, expect);
	}
	return fmt;
}
