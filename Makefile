# Front door. `make run` is the main job, `make check` the test suite.
# Big things (kernel trees, builds, guest image, ccache) live in
# $TRACEFS_RELOC_CACHE (default ~/.cache/tracefs-relocation); results in out/.
SHELL := /bin/bash
K ?= patched
S ?= tracefs
U ?= root

.PHONY: help run check check-debug check-configs check-production deps tree kernels image matrix quick host-tests guest shellcheck clean bench

help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## run         build the patched kernel, boot it, show trace-cmd and perf working
run:
	scripts/main.sh

## check       the test suite: both kernels, host tests, the scenario matrix, report
##             (cells whose inputs did not change are reused; FRESH=1 boots them all)
check:
	TRACEFS_RELOC_FRESH=$(FRESH) scripts/check.sh

## check-debug the same, with the baseline debug kernel booted too (check
##             boots it only when the patched debug kernel fails a point)
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

## tree        unpack the pristine tree and apply kernel/patches/series
tree: deps
	scripts/prepare-tree.sh

## kernels     build baseline and patched kernels
kernels: tree
	scripts/build-kernel.sh baseline
	scripts/build-kernel.sh patched

## image       build the guest initramfs
image: deps
	qemu-env/build-initramfs.sh

## matrix      boot every kernel x scenario and run the checks (after kernels, image)
matrix:
	scripts/run-matrix.sh
	scripts/evaluate.sh tools-check/expected.tsv out/results >out/results.tsv
	scripts/report.sh out/results.tsv out/report.md
	scripts/report-html.py out/report.md out/report.html
	@echo "report: out/report.md, out/report.html"

## quick       one kernel, one scenario: make quick K=patched S=debugfs-only
quick: image
	scripts/build-kernel.sh $(K)
	qemu-env/run-guest.sh -k $(K) -s $(S) -u $(U) -- sh /tools-check/run-checks.sh scenario tools

## guest       run your own command: make guest K=baseline S=debugfs-off CMD='trace-cmd list -t'
guest: image
	qemu-env/run-guest.sh -k $(K) -s $(S) -u $(U) -- sh -c '$(CMD)'

## host-tests  the host-side tests of the pipeline
host-tests:
	scripts/run-host-tests.sh

clean:
	rm -rf out

## bench       boot baseline and patched alternately under -icount; ratios in out/bench/ (not part of check)
bench: image
	scripts/build-kernel.sh baseline
	scripts/build-kernel.sh patched
	scripts/bench.sh
