#!/usr/bin/env bash
# Re-records the golden frame sequences of the example scenarios (Tests/ScrollRenderCLITests/Goldens)
# after an intended change. Look at the new frames (and `git diff --stat`) before committing them.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh
SCROLLRENDER_RECORD=failed swift test --filter GoldenTests.matchesGolden
echo "Recorded Tests/ScrollRenderCLITests/Goldens; review with: scrollrender diff OLD NEW" >&2
