#include <string.h>

#include "base/msg.h"
#include "format/partrows.h"

void
pr_plain(const char *prog, const char *file, long line, const char *s,
    size_t n)
{
	size_t i;
	unsigned char c;

	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			np_die_at(file, line, (long)i + 1, "expected %s's rows "
			    "(np's TSV, its control bytes escaped), found the "
			    "byte 0x%02x", prog, c);
	}
}

int
pr_split(char *s, size_t n, char **f, size_t *len, int max)
{
	char *e = s + n, *tab;
	int i;

	for (i = 0;; i++) {
		if (i == max)
			return max + 1;
		tab = memchr(s, '\t', (size_t)(e - s));
		f[i] = s;
		len[i] = (size_t)((tab ? tab : e) - s);
		if (!tab)
			return i + 1;
		*tab = '\0';
		s = tab + 1;
	}
}
