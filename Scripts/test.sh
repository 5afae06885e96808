#!/usr/bin/env bash
# Runs the whole test suite. Decoder conformance reads ../shared/corpus when it is there.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh --tests
swift test "$@"
