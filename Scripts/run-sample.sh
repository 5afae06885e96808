#!/usr/bin/env bash
# The main job on the bundled sample picture: builds and installs scrollrender (Scripts/install.sh),
# then flings at 800 pt/s over SampleImages/tesla.jpg, every frame written to out/tesla/
# (replacing an earlier run's frames). Extra arguments go to scrollrender, e.g. --fps 50.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install.sh
bin=$(swift build -c release --show-bin-path)/scrollrender
mkdir -p out
"$bin" --fling 800 --force "$@" SampleImages/tesla.jpg out/tesla
echo "Next: scrollrender export out/tesla out/tesla.gif   (a GIF for a pull request)" >&2
