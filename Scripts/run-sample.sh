#!/usr/bin/env bash
# The main job on the bundled sample picture: a fling at 800 pt/s over SampleImages/tesla.jpg,
# every frame written to out/tesla-fling/ (replacing an earlier run's frames).
# Extra arguments go to scrollrender, e.g. Scripts/run-sample.sh --fps 50
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh
swift build -c release --product scrollrender >&2
bin=$(swift build -c release --show-bin-path)/scrollrender
mkdir -p out
"$bin" --fling 800 --force "$@" SampleImages/tesla.jpg out/tesla-fling/
echo "Make a GIF: $bin export out/tesla-fling out/tesla-fling.gif --max-size 10MB" >&2
