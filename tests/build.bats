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
