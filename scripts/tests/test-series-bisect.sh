#!/usr/bin/env bash
# Every patch of the series builds and boots on top of the ones before it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
"$here/../check-series-bisect.sh"
