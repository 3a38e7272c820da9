# np: small, fast filters for AWS Neuron profiler output.
#
#   make            build bin/np-*
#   make demo       build, then a report on the bundled sample profiles
#   make report     PROFILES=dir/ (REPORT=report): answers and pictures of
#                   every profile in dir, side by side in REPORT/index.html
#   make test       build, then the bats suite ("N passed, N failed"),
#                   make deps's check among its tests (tests/deps.bats)
#   make test-big   the production-size tests, tests/*-big.bats
#   make deps       the layers of common/ kept (tests/deps)
#   make check      the same suite against an ASan + UBSan build
#   make check-portable  the same suite against the portable C paths
#   make valgrind   part of the suite under valgrind memcheck
#   make lint       man pages through mandoc -Tlint
#   make bench      throughput and peak memory beside jq, python, awk, and
#                   each route's instructions a byte (callgrind)
#   make bench-check     each route's instructions a byte (or row) on small
#                   fixed slices, under callgrind, against the committed
#                   tests/bench-baseline.tsv: fails on a rise of more
#                   than 3%, names a fall (deterministic, unlike wall time)
#   make bench-baseline  the same counts, written as the new baseline
#   make bench-grid group-by at 10^2 to 10^6 groups of 1, 3 and 30 values,
#                   np-sum -g and np-stall beside DuckDB (one thread) and
#                   datamash: CPU and bytes a group (tests/bench-grid)
#   make fuzz       the parser and readers under libFuzzer (clang), FUZZTIME
#                   seconds each (not part of make test)
#   make install    PREFIX (/usr/local) and DESTDIR honoured

# The build runs a job a core unless given -j (or clean, which must not run
# beside a build).
ifeq ($(filter -j%,$(MAKEFLAGS))$(filter clean,$(MAKECMDGOALS)),)
MAKEFLAGS += -j$(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
endif

VERSION = 0.1
PREFIX = /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man

CC = cc
# No -g: it adds a sixth to the build, which make test pays on every
# clean clone; make CFLAGS="-O2 -g" for a build to debug.
CFLAGS = -O2
# Programs and test tools are linked statically: libc is all they use (no
# NSS, no dlopen), and a static program starts in about two thirds of the
# CPU time of a dynamic PIE one (no loader, no relocations, no lazy
# binding), which the test suite, thousands of short runs, and a shell
# pipeline of np programs both pay.  LDFLAGS= links them dynamically, as
# make check (ASan cannot link statically) and make valgrind (memcheck
# must replace malloc in the C library) do.
LDFLAGS = -static
NPFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -DNP_VERSION=\"$(VERSION)\" \
	-Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Icommon
LDLIBS = -lm

PROGS = $(patsubst cmd/%.c,%,$(wildcard cmd/np-*.c)) $(DIRPROGS)
# A program of several files has a folder of them: cmd/np-sum/*.c.
DIRPROGS = $(patsubst cmd/%/,%,$(wildcard cmd/np-*/))
# common/'s folders, lowest first: each uses only those before it.
LAYERS = base bytes codec calc format kind write read
LIBSRC = $(wildcard $(LAYERS:%=common/%/*.c))
LIBHDR = $(wildcard $(LAYERS:%=common/%/*.h))
PROGHDR = $(wildcard cmd/np-*/*.h)
MANS = $(wildcard man/*.1 man/*.7)

# Objects live under build/ (or build/asan/ for make check).
B = build
LIBOBJ = $(LIBSRC:common/%.c=$(B)/obj/%.o)
BIN = $(PROGS:%=$(B)/bin/%)
# Test tools: every tests/tools/*.c is one, linked with the library.
TOOLNAMES = $(patsubst tests/tools/%.c,%,$(wildcard tests/tools/*.c))
TOOLS = $(TOOLNAMES:%=$(B)/bin/%)

all: $(BIN) $(TOOLS)
	@mkdir -p bin
	@for p in $(PROGS); do ln -sf ../$(B)/bin/$$p bin/$$p; done

$(B)/bin/np-%: cmd/np-%.c $(B)/libnp.a
	@mkdir -p $(B)/bin
	$(CC) $(NPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/libnp.a $(LDLIBS)

# A program of a folder: its objects, then the library.
define dirprog
$(B)/bin/$(1): $(patsubst cmd/%.c,$(B)/cmd/%.o,$(wildcard cmd/$(1)/*.c)) \
    $(B)/libnp.a
	@mkdir -p $(B)/bin
	$(CC) $(NPFLAGS) $(CFLAGS) $(LDFLAGS) -o $$@ $$(filter %.o,$$^) $(B)/libnp.a \
	    $(LDLIBS)
endef
$(foreach p,$(DIRPROGS),$(eval $(call dirprog,$(p))))

$(B)/cmd/%.o: cmd/%.c $(LIBHDR) $(PROGHDR)
	@mkdir -p $(@D)
	$(CC) $(NPFLAGS) $(CFLAGS) -c -o $@ $<

$(B)/libnp.a: $(LIBOBJ)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(B)/obj/%.o: common/%.c $(LIBHDR)
	@mkdir -p $(@D)
	$(CC) $(NPFLAGS) $(CFLAGS) -c -o $@ $<

$(B)/bin/%: tests/tools/%.c $(B)/libnp.a
	@mkdir -p $(B)/bin
	$(CC) $(NPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/libnp.a $(LDLIBS)
$(B)/bin/npgen $(B)/bin/profgen: tests/tools/thriftw.h

# The layers of common/ (LAYERS, lowest first) kept: no #include and no
# call goes up a layer or round a loop (tests/deps says how it looks).
deps: all
	sh tests/deps $(B) $(LAYERS)

# Not on deps: tests/deps.bats runs its check on this build, and asks more.
test: all
	MAKEFLAGS= NP_BIN=$(CURDIR)/$(B)/bin sh tests/run

# The production-size tests (hundreds of MB, a million keys, the memory
# proofs), tests/*-big.bats: make test runs a small version of each.
test-big: all
	MAKEFLAGS= NP_BIN=$(CURDIR)/$(B)/bin sh tests/run \
	    $(notdir $(wildcard tests/*-big.bats))

ASANFLAGS = -O1 -g -fsanitize=address,undefined,float-cast-overflow \
	-fno-sanitize-recover=all \
	-fno-omit-frame-pointer

check:
	$(MAKE) B=build/asan CFLAGS="$(ASANFLAGS)" LDFLAGS= build/asan/libnp.a \
	    $(PROGS:%=build/asan/bin/%) $(TOOLNAMES:%=build/asan/bin/%)
	MAKEFLAGS= NP_BIN=$(CURDIR)/build/asan/bin NP_ASAN=1 \
	    ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 sh tests/run

# The same suite against the portable C paths (no SSE2, so no AVX2 either,
# no little-endian word tricks), which an x86-64 build never takes
# otherwise; NP_PORTABLE tells the tests that only the portable string
# scanner is there.
check-portable:
	$(MAKE) B=build/portable CFLAGS="-O2 -g -U__SSE2__ -U__BYTE_ORDER__" \
	    build/portable/libnp.a $(PROGS:%=build/portable/bin/%) \
	    $(TOOLNAMES:%=build/portable/bin/%)
	MAKEFLAGS= NP_BIN=$(CURDIR)/build/portable/bin NP_PORTABLE=1 sh tests/run

# The fuzz targets link the readers' sources, built with clang's libFuzzer
# and sanitizers, small buffers (to reach their edges with small inputs),
# in-memory files read in chunks, and msg.h's functions returning to the
# target instead of exiting (tests/fuzz/fuzz.h).  New inputs go under
# build/fuzz; tests/fuzz/corpus holds the seeds.
FUZZCC = clang
FUZZTIME = 60
FUZZFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Icommon \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-U_FORTIFY_SOURCE -Dopen=fz_open -Dread=fz_read -Dclose=fz_close \
	-Dwrite=fz_write -Dpread=fz_pread -Dlseek=fz_lseek
FUZZSRC = $(filter-out common/base/msg.c common/base/options.c,$(LIBSRC)) \
	tests/fuzz/stubs.c
FUZZDEPS = $(FUZZSRC) $(LIBHDR) tests/fuzz/fuzz.h

# One target per tests/fuzz/NAME_fuzz.c; its seeds are in corpus/NAME and
# its dictionary, if any, is NAME.dict.  Buffers are small so that small
# inputs reach their edges.
FUZZERS = $(patsubst tests/fuzz/%_fuzz.c,%,$(wildcard tests/fuzz/*_fuzz.c))
FUZZSMALL = -DSRC_BUFSZ=256 -DJSON_MAXSTR=200 -DREC_ARENA=1000 -DSRC_SNIFF=64

$(B)/fuzz/json_fuzz: FUZZSMALL = -DSRC_BUFSZ=64 -DJSON_MAXSTR=100
# and the reader's Parquet batches small, for rd_span's at their ends
$(B)/fuzz/reader_fuzz: FUZZSMALL += -DPQ_BATCH=8
$(B)/fuzz/parquet_fuzz: FUZZSMALL = -DPQ_BATCH=8 -DPQ_READAHEAD=64 \
	-DPQ_HEADER_FIRST=16
# partial_fuzz, boundrows_fuzz and dmapart_fuzz include np-stall's,
# np-bound's and np-dma's sources, for their merges.
$(B)/fuzz/partial_fuzz: cmd/np-stall.c tests/fuzz/merge.h
$(B)/fuzz/boundrows_fuzz: cmd/np-bound.c tests/fuzz/merge.h
$(B)/fuzz/dmapart_fuzz: cmd/np-dma.c tests/fuzz/merge.h
$(B)/fuzz/brotli_fuzz $(B)/fuzz/zstd_fuzz $(B)/fuzz/lz4raw_fuzz \
    $(B)/fuzz/snappy_fuzz: tests/fuzz/decode.h
$(B)/fuzz/%_fuzz: tests/fuzz/%_fuzz.c $(FUZZDEPS)
	@mkdir -p $(B)/fuzz
	$(FUZZCC) $(FUZZFLAGS) $(FUZZSMALL) -o $@ $< $(FUZZSRC) -lm

fuzz: $(FUZZERS:%=$(B)/fuzz/%_fuzz)
	for f in $(FUZZERS); do \
	    mkdir -p $(B)/fuzz/$$f tests/fuzz/corpus/$$f && \
	    dict= && { [ ! -f tests/fuzz/$$f.dict ] || \
	        dict=-dict=tests/fuzz/$$f.dict; } && \
	    $(B)/fuzz/$${f}_fuzz -max_total_time=$(FUZZTIME) -max_len=4096 \
	        $$dict -artifact_prefix=$(B)/fuzz/$$f- \
	        -print_final_stats=1 $(B)/fuzz/$$f tests/fuzz/corpus/$$f \
	        || exit 1; \
	done

# A part of the suite with every program under valgrind's memcheck: the
# golden, error and option tests of the readers and the programs (those
# under ulimit -v skip: valgrind's own address space does not fit).  The
# build takes the memcheck-safe path of out_escape (no 16-byte load past a
# short field), which is otherwise sound but reads bytes memcheck cannot
# know to be harmless.
VGFILES = reader.bats np-trace.bats np-dma.bats np-stall.bats np-sum.bats \
	parquet.bats np-plot.bats
VALGRIND = valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite \
	--suppressions=$(CURDIR)/tests/valgrind.supp
valgrind:
	$(MAKE) B=build/vg CFLAGS="-O2 -g -DOVERREAD_OK=0" LDFLAGS= \
	    build/vg/libnp.a \
	    $(PROGS:%=build/vg/bin/%) $(TOOLNAMES:%=build/vg/bin/%)
	rm -rf build/vg/wrap && mkdir -p build/vg/wrap
	for p in $(PROGS) $(filter-out npgen profgen,$(TOOLNAMES)); do \
	    printf '#!/bin/sh\nexec %s %s "$$@"\n' '$(VALGRIND)' \
	        $(CURDIR)/build/vg/bin/$$p >build/vg/wrap/$$p && \
	    chmod +x build/vg/wrap/$$p || exit 1; \
	done
	ln -sf $(CURDIR)/build/vg/bin/npgen build/vg/wrap/npgen
	ln -sf $(CURDIR)/build/vg/bin/profgen build/vg/wrap/profgen
	MAKEFLAGS= NP_BIN=$(CURDIR)/build/vg/wrap NP_VALGRIND=1 sh tests/run \
	    $(VGFILES)

# The man page linter, named once (tests/build.bats reads it here).
LINT = mandoc
lint:
	@command -v $(LINT) >/dev/null || { echo "make lint: $(LINT) is not \
	installed (apt-get install $(LINT); dnf install $(LINT); brew install \
	$(LINT))" >&2; exit 1; }
	$(LINT) -Tlint -Wwarning $(MANS)

# make report PROFILES=dir/: every profile in dir, answered and drawn, in
# REPORT/index.html (cmd/report/report.mk says what goes in it).
PROFILES = profiles/
REPORT = report
report: all
	$(MAKE) -f cmd/report/report.mk PROFILES=$(PROFILES) \
	    REPORT=$(REPORT) NP=$(CURDIR)/$(B)/bin

demo: all
	@NP_BIN=$(CURDIR)/$(B)/bin NP_DEMO=$(CURDIR)/build/demo sh cmd/report/demo

bench: all
	NP_BENCH_BUILD="$(CC) $(CFLAGS)" sh tests/bench

# Instructions (callgrind's Ir, inside main) a byte or row of input of
# every route make bench times, on slices of its inputs small enough for
# callgrind (tests/bench-count says how they are made and run).  A count
# moves with the compiler, C library and valgrind too: the baseline says
# which it was made with, and bench-check notes a difference.
BENCHCOUNT = NP_BIN=$(CURDIR)/$(B)/bin CC="$(CC)" \
	NP_BENCH_BUILD="$(CC) $(CFLAGS)" sh tests/bench-count
bench-check: all
	$(BENCHCOUNT) check

bench-baseline: all
	$(BENCHCOUNT) baseline

bench-grid: all
	NP_BIN=$(CURDIR)/$(B)/bin sh tests/bench-grid

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man7
	for p in $(PROGS); do cp $(B)/bin/$$p $(DESTDIR)$(BINDIR)/; done
	for m in man/*.1; do cp $$m $(DESTDIR)$(MANDIR)/man1/; done
	cp man/np.7 $(DESTDIR)$(MANDIR)/man7/

uninstall:
	for p in $(PROGS); do rm -f $(DESTDIR)$(BINDIR)/$$p; done
	for m in man/*.1; do rm -f $(DESTDIR)$(MANDIR)/man1/$${m#man/}; done
	rm -f $(DESTDIR)$(MANDIR)/man7/np.7

clean:
	rm -rf bin build tests/out

.PHONY: all deps report test test-big check check-portable valgrind lint demo \
	bench bench-check bench-baseline bench-grid install uninstall clean fuzz
