/*
 * showtrace: the text of `neuron-profile show-session --show-trace`, its
 * instruction sections (instruction records) and its collectives sections
 * (collective-event records).
 */
#ifndef NP_SHOWTRACE_H
#define NP_SHOWTRACE_H

#include "read/proftext.h"

extern const struct textfmt showtrace_insn;
extern const struct textfmt showtrace_cc;

#endif
