#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer, in its own build folder (.build-asan) so that
# it never disturbs the ordinary build. Extra arguments go to `swift test` (e.g. --filter Fuzz).
#
# The C shim, the Swift code and the tests are instrumented; libjpeg, libpng and zlib are the
# system's (uninstrumented), so ASan checks what our code does with their buffers, and catches
# overflows of blocks we allocate only where instrumented code touches them.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh --tests

# Swift's own crash handler would otherwise run first on a trap and confuse ASan's report.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
# detect_leaks: LeakSanitizer runs at the exit of the test runner and of every scrollrender the
# CLI tests start; a leak fails the run like any other report. XCTest's own are suppressed.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:strict_string_checks=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0}
exec swift test --sanitize=address --scratch-path .build-asan "$@"
