#!/usr/bin/env bash
# Runs the whole test suite. Decoder conformance reads ../shared/corpus when it is there.
#
# The suite is built optimised (-c release, with -enable-testing for @testable imports): it renders,
# decodes and compares thousands of frames, which a debug build does many times slower, and the
# command-line tests then run the release `scrollrender` beside the test bundle. Arguments go to
# `swift test` (e.g. `--filter DiffCommandTests`); SCROLLRENDER_TEST_CONFIGURATION=debug runs the
# debug build instead.
set -euo pipefail
cd "$(dirname "$0")/.."
# Docs first, in a second: no Markdown file may repeat a paragraph or grow past its line limit.
Scripts/check-prose.py
Scripts/install-dependencies.sh --tests
configuration=${SCROLLRENDER_TEST_CONFIGURATION:-release}
flags=(-c "$configuration")
[ "$configuration" = release ] && flags+=(-Xswiftc -enable-testing)
# No test may change a file of the checkout it reads (sample pictures, example scenarios, goldens,
# fixtures): scrollrender never writes over an input, and neither may its tests.
inputs() { git ls-files -z -- SampleImages Examples Tests 2>/dev/null | xargs -0 sha256sum 2>/dev/null; }
before=$(inputs)
# The README's ScrollRenderTesting example first, built and run as a user's package (not when a
# filter or other arguments ask for part of the suite).
if [ "$#" -eq 0 ]; then
    swift test --package-path Examples/SnapshotPackage
fi
swift test "${flags[@]}" "$@"
if [ "$(inputs)" != "$before" ]; then
    echo "error: the tests changed files of the checkout they read:" >&2
    diff <(echo "$before") <(inputs) >&2 || true
    exit 1
fi
