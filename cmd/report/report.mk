# make report: the np answers for every profile in PROFILES, their
# pictures, and one index.html that shows them side by side, the metrics
# that differ most between the runs first.  Run from the top Makefile
# (make report PROFILES=dir/ [REPORT=dir] [-j N]), which hands on NP, the
# directory of the np programs.
#
# A profile is each file or directory in PROFILES: a view JSON export, a
# Neuron Explorer profile directory (name@latest/), a show-session text
# trace, or a summary; its name is its file name without .json, .txt or
# @latest, or the whole file name where two profiles would have one name
# (r0.json and r0.txt).  For each, REPORT/name/ holds a link to it (named after it, so
# that np's rank and profile columns say its name) and one TSV per answer:
#   summary.tsv  np-sum -d: the summary, with derived metrics
#   mix.tsv      np-trace | np-sum -g engine,opcode: the instruction mix,
#                most time first
#   stall.tsv    np-stall -N 20: the source lines that wait longest
#   util.tsv     np-gaps -U: busy share per engine
#   buckets.tsv  np-gaps -B $(BUCKET) (100 buckets over the span): busy
#                share over time, when np-gaps has -B
#   dma.tsv      np-dma -s: bandwidth per DMA queue
#   dmasize.tsv  np-dma -H: DMA sizes
#   layers.tsv   np-cc -L: time per layer, where there are collectives
#   bound.tsv    np-bound: the performance bounds and the bottleneck, of a
#                profile directory
# and beside each its picture, np-plot -o svg (the header says what to
# draw).  An answer a profile cannot give (a summary has no
# instructions, a view export no collectives) is an empty TSV, with what
# the program said in name.err; so is one whose program wrote notes.
# Every file is made by one rule from the profile alone, so make -j runs
# the profiles, and the answers of each, side by side.

PROFILES = profiles/
REPORT = report
NP = build/bin
BUCKET = 100x
HERE := $(dir $(lastword $(MAKEFILE_LIST)))

SRCS := $(wildcard $(PROFILES:%/=%)/*)
short = $(basename $(notdir $(patsubst %@latest,%,$(patsubst %/,%,$(1)))))
SHORTS := $(foreach s,$(SRCS),$(call short,$(s)))
# Two profiles of one short name (r0.json and r0.txt) are each named by
# their whole file name: one rule a name, or make would keep one of them.
name = $(if $(filter-out 1,$(words $(filter $(call short,$(1)),$(SHORTS)))),$\
	$(notdir $(patsubst %/,%,$(1))),$(call short,$(1)))
NAMES := $(foreach s,$(SRCS),$(call name,$(s)))
DUP := $(firstword $(foreach n,$(sort $(NAMES)),$\
	$(if $(filter-out 1,$(words $(filter $(n),$(NAMES)))),$(n))))

HASB := $(shell $(NP)/np-gaps -h 2>/dev/null | grep -c -- '-B')
ANSWERS = summary mix stall util dma dmasize layers bound \
	$(if $(filter-out 0,$(HASB)),buckets)
PICTURES = mix stall util dma dmasize layers bound \
	$(if $(filter-out 0,$(HASB)),buckets)

FILES = $(foreach n,$(NAMES),$(ANSWERS:%=$(REPORT)/$(n)/%.tsv) \
	$(PICTURES:%=$(REPORT)/$(n)/%.svg))

all: $(REPORT)/index.html

ifeq ($(NAMES),)
$(error no profiles in PROFILES=$(PROFILES))
endif
ifneq ($(DUP),)
$(error more than one profile named $(DUP): $(strip $(foreach s,$(SRCS),$\
	$(if $(filter $(DUP),$(call name,$(s))),$(s)))) (rename one))
endif

# answer OUT 'pipeline', run in the profile's directory, $$p its name.
ANSWER = sh $(HERE)answer

define profile
$(REPORT)/$(1)/.link: $(2)
	@mkdir -p '$$(@D)'
	ln -sfn '$$(abspath $(2))' '$$(@D)/$(1)'
	@touch '$$@'
endef
$(foreach s,$(SRCS),$(eval $(call profile,$(call name,$(s)),$(s))))

$(REPORT)/%/summary.tsv: $(REPORT)/%/.link
	$(ANSWER) '$@' '$(NP)/np-sum -d "$$p"'
$(REPORT)/%/mix.tsv: $(REPORT)/%/.link
	$(ANSWER) '$@' '$(NP)/np-trace "$$p" | $(NP)/np-sum -g engine,opcode \
	    -v duration_ns | { IFS= read -r h && printf "%s\n" "$$h" && \
	    sort -t "$$(printf "\t")" -k5,5gr; }'
$(REPORT)/%/stall.tsv: $(REPORT)/%/.link
	$(ANSWER) '$@' '$(NP)/np-stall -N 20 "$$p"'
$(REPORT)/%/util.tsv: $(REPORT)/%/.link
	$(ANSWER) '$@' '$(NP)/np-gaps -U "$$p"'
$(REPORT)/%/buckets.tsv: $(REPORT)/%/.link
	$(ANSWER) '$@' '$(NP)/np-gaps -B $(BUCKET) "$$p"'
$(REPORT)/%/dma.tsv: $(REPORT)/%/.link
	$(ANSWER) '$@' '$(NP)/np-dma -s "$$p"'
$(REPORT)/%/dmasize.tsv: $(REPORT)/%/.link
	$(ANSWER) '$@' '$(NP)/np-dma -H "$$p"'
$(REPORT)/%/layers.tsv: $(REPORT)/%/.link
	$(ANSWER) '$@' '$(NP)/np-cc -L "$$p"'
$(REPORT)/%/bound.tsv: $(REPORT)/%/.link
	$(ANSWER) '$@' '$(NP)/np-bound "$$p"'

# A picture of each answer that has rows; an empty file for one that has
# none, or that np-plot cannot draw, which the index shows as a dash; what
# np-plot said in name.svg.err.
$(REPORT)/%.svg: $(REPORT)/%.tsv
	if [ -s '$<' ] && $(NP)/np-plot -o svg '$<' >'$@.tmp' 2>'$@.err'; \
	then mv '$@.tmp' '$@'; else rm -f '$@.tmp'; : >'$@'; fi; \
	[ -s '$@.err' ] || rm -f '$@.err'

# The metrics of every profile, one column each, those that differ most
# first; and their picture.
$(REPORT)/metrics.tsv: $(NAMES:%=$(REPORT)/%/summary.tsv) $(HERE)metrics.awk
	awk -f $(HERE)metrics.awk $(NAMES:%='$(REPORT)/%/summary.tsv') \
	    >'$@.tmp' && mv '$@.tmp' '$@'
$(REPORT)/metrics.svg: $(REPORT)/metrics.tsv
	awk -F '\t' 'NR == 1 || (($$NF == "inf" || $$NF > 1) && n++ < 20)' '$<' | \
	    cut -f1-$(words $(NAMES) x) >'$@.tsv' && \
	    if [ "$$(wc -l <'$@.tsv')" -gt 1 ]; then \
	    $(NP)/np-plot -P spread -o svg '$@.tsv' >'$@.tmp'; \
	    else : >'$@.tmp'; fi && mv '$@.tmp' '$@' && rm '$@.tsv'

$(REPORT)/index.html: $(FILES) $(REPORT)/metrics.svg $(HERE)index.sh
	sh $(HERE)index.sh '$(REPORT)' '$(PICTURES)' $(NAMES:%='%') >'$@.tmp' && \
	    mv '$@.tmp' '$@'

.PHONY: all
.DELETE_ON_ERROR:
