#!/usr/bin/env bash
# expectations.sh NAME: the expected outcomes of this run's versions for
# evaluate.sh, on stdout: tools-check/NAME (expected.tsv,
# expected-configs.tsv, expected-production.tsv) and each version's
# kernel/<version>/NAME with the version put in front of its kernel column.
set -euo pipefail
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"
tr_expectations "${1:?usage: expectations.sh expected.tsv|expected-configs.tsv|expected-production.tsv}"
