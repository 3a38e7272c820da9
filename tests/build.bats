#!/usr/bin/env bats
# The build: install and uninstall honour PREFIX and DESTDIR.

load helpers

TOP=$BATS_TEST_DIRNAME/..

@test "build: make install puts programs and man pages under DESTDIR/PREFIX" {
	run make -s -C "$TOP" install DESTDIR="$T/root" PREFIX=/opt/np
	[ "$status" -eq 0 ]
	for c in "$TOP"/cmd/np-*.c; do
		p=$(basename "$c" .c)
		[ -x "$T/root/opt/np/bin/$p" ]
		[ -f "$T/root/opt/np/share/man/man1/$p.1" ]
	done
	[ -f "$T/root/opt/np/share/man/man7/np.7" ]
	"$T/root/opt/np/bin/np-trace" --version
	run make -s -C "$TOP" uninstall DESTDIR="$T/root" PREFIX=/opt/np
	[ "$status" -eq 0 ]
	[ -z "$(find "$T/root" -type f)" ]
}

@test "build: the demo is its tour, the report made quietly, and last where the report is" {
	NP_DEMO=$T/demo NP_DEMO_ROWS=2000 np sh "$TOP/tests/demo"
	status_is 0
	no_err
	# The tour: each step's title and command, then its answer.
	[ "$(grep -c '^== ' "$OUT")" -eq 13 ]
	[ "$(grep -c '^\$ np-' "$OUT")" -eq 12 ]
	# Nothing of make's: no commands echoed, no directories entered.
	! grep -q 'report\.mk\|^make\|answer\|index\.sh' "$OUT"
	[ "$(wc -l <"$OUT")" -lt 140 ]
	n=$(find "$T/demo/report" -name '*.svg' -size +0 | wc -l)
	[ "$n" -gt 10 ]
	[ "$(tail -1 "$OUT")" = "np demo: the report is $T/demo/report/index.html ($n pictures of 5 profiles)" ]
	xmlcheck "$T/demo/report/index.html"
}
