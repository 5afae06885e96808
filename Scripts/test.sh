#!/usr/bin/env bash
# Runs the whole test suite. Decoder conformance reads ../shared/corpus when it is there.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh --tests
# The README's ScrollRenderTesting example first, built and run as a user's package (not when a
# filter or other arguments ask for part of the suite).
if [ "$#" -eq 0 ]; then
    swift test --package-path Examples/SnapshotPackage
fi
swift test "$@"
