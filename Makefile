# Front door. `make run` is the main job, `make check` the test suite.
# Big things (kernel trees, builds, guest image, ccache) live in
# $TRACEFS_RELOC_CACHE (default ~/.cache/tracefs-relocation); results in out/.
SHELL := /bin/bash
K ?= patched
S ?= tracefs
U ?= root
# KVER=6.1: the kernel version that a kernel id without one (K=patched) and
# make run mean; the newest folder of kernel/ by default. VERSIONS="6.1":
# only these versions in check, kernels, bench.
ifneq ($(KVER),)
export TRACEFS_RELOC_VERSION := $(KVER)
endif
ifneq ($(VERSIONS),)
export TRACEFS_RELOC_VERSIONS := $(VERSIONS)
endif
ifneq ($(DEBUG_VERSIONS),)
export TRACEFS_RELOC_DEBUG_VERSIONS := $(DEBUG_VERSIONS)
endif

.PHONY: compare help run check check-debug check-configs check-production deps tree kernels image matrix quick host-tests guest shellcheck clean bench

help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## run         build the patched kernel, boot it, show trace-cmd and perf working
##             (the newest version in kernel/; KVER=6.1 picks another)
run:
	scripts/main.sh

## check       the test suite: baseline and patched of every version in kernel/
##             (VERSIONS="6.1" for some), host tests, the scenario matrix, report
##             (cells whose inputs did not change are reused; FRESH=1 boots them all)
check:
	TRACEFS_RELOC_FRESH=$(FRESH) scripts/check.sh

## check-debug the same, with every version's debug kernels (KASAN, lockdep)
##             booted, baseline and patched, and the host-root cells of every
##             version (check boots the newest version's only, and no debug
##             kernel: it would not fit CI's cold budget; DEBUG_VERSIONS="6.12"
##             adds that version's patched one, and its baseline one when the
##             patched one fails a point); writes kernel/<version>/debug.tap,
##             the record every check verifies: commit it with the series
check-debug:
	TRACEFS_RELOC_DEBUG_BASELINE=1 TRACEFS_RELOC_FRESH=$(FRESH) scripts/check.sh

## check-configs  baseline and patched in each kernel/config/combos combination
##             (DEBUG_FS=n, TRACING=n, lockdown...): builds, W=1, sparse,
##             coccicheck, kernel-doc, and boots where the series changes
##             behaviour; not part of check (see README)
check-configs:
	scripts/check-configs-all.sh

## check-production  the patched kernel with Debian's production config
##             (linux-config-6.1), booted: debugfs/tracefs audits, boot log
##             lines bounded; about an hour to build, not part of check
check-production:
	scripts/check-production.sh

## deps        install the Debian packages (idempotent)
deps:
	scripts/install-deps.sh

## tree        unpack each version's pristine tree, apply kernel/<version>/patches/series
tree: deps
	scripts/prepare-tree.sh

## kernels     build the baseline and patched kernels of every version
kernels: tree
	for k in $$(scripts/list-kernels.sh); do scripts/build-kernel.sh $$k || exit 1; done

## image       build the guest initramfs
image: deps
	qemu-env/build-initramfs.sh

## matrix      boot every kernel x scenario and run the checks (after kernels, image)
matrix:
	scripts/run-matrix.sh
	scripts/expectations.sh expected.tsv >out/expected.tsv
	scripts/evaluate.sh out/expected.tsv out/results >out/results.tsv
	scripts/report.sh out/results.tsv out/report.md
	scripts/report-html.py out/report.md out/report.html
	@echo "report: out/report.md, out/report.html"

## quick       one kernel, one scenario: make quick K=6.1-patched S=debugfs-only
quick: image
	scripts/build-kernel.sh $(K)
	qemu-env/run-guest.sh -k $(K) -s $(S) -u $(U) -- sh /tools-check/run-checks.sh scenario tools

## guest       run your own command: make guest K=6.12-baseline S=debugfs-off CMD='trace-cmd list -t'
##             (HOSTROOT=1: in this machine's own userspace, any installed tool:
##             make guest HOSTROOT=1 S=compat-view CMD='opensnoop-bpfcc -d 2')
guest: image
	qemu-env/run-guest.sh $(if $(HOSTROOT),-H) -k $(K) -s $(S) -u $(U) -- sh -c '$(CMD)'

## compare     your command on every version's baseline and patched kernel,
##             side by side: make compare S=debugfs-off U=tracer CMD='mytool --check'
##             (K="6.1-patched 6.12-patched" picks kernels; HOSTROOT=1 as for guest;
##             outputs in out/compare)
compare: image
	scripts/compare-kernels.sh $(if $(HOSTROOT),-H) -s $(S) -u $(U) $(if $(filter-out patched,$(K)),-k "$(K)") -- sh -c '$(CMD)'

## host-tests  the host-side tests of the pipeline
host-tests:
	scripts/run-host-tests.sh

clean:
	rm -rf out

## bench       per version, boot baseline and patched alternately under -icount;
##             ratios in out/bench/<version>/ (not part of check)
bench: image
	for k in $$(scripts/list-kernels.sh); do scripts/build-kernel.sh $$k || exit 1; done
	scripts/bench.sh
