# np: small, fast filters for AWS Neuron profiler output.
.POSIX:

VERSION = 0.1
PREFIX = /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man

CC = cc
CFLAGS = -O2 -g
NPFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -DNP_VERSION=\"$(VERSION)\" \
	-Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes
LDLIBS = -lm

PROGS = np-trace
LIBOBJ = common/diag.o common/input.o common/json.o common/num.o \
	common/tsv.o common/record.o common/reader.o common/insn.o
LIBHDR = common/diag.h common/input.h common/json.h common/num.h \
	common/tsv.h common/record.h common/reader.h common/insn.h
BIN = $(PROGS:%=bin/%)
TESTBIN = bin/npgen bin/jsontok

all: $(BIN)

bin/%: cmd/%.c build/libnp.a
	@mkdir -p bin
	$(CC) $(NPFLAGS) $(CFLAGS) -o $@ $< build/libnp.a $(LDLIBS)

build/libnp.a: $(LIBOBJ)
	@mkdir -p build
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(LIBOBJ): $(LIBHDR)

.c.o:
	$(CC) $(NPFLAGS) $(CFLAGS) -c -o $@ $<

bin/npgen: tests/npgen.c
	@mkdir -p bin
	$(CC) $(NPFLAGS) $(CFLAGS) -o $@ tests/npgen.c

bin/jsontok: tests/jsontok.c build/libnp.a
	@mkdir -p bin
	$(CC) $(NPFLAGS) $(CFLAGS) -o $@ tests/jsontok.c build/libnp.a $(LDLIBS)

clean:
	rm -rf bin build common/*.o

.PHONY: all clean
