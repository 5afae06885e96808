#!/usr/bin/env bash
# The main job on the bundled sample picture: builds scrollrender and shows what it sees in
# SampleImages/tesla.jpg, then writes the decoded picture to out/tesla.png.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh
swift build -c release --product scrollrender >&2
bin=$(swift build -c release --show-bin-path)/scrollrender
"$bin" info SampleImages/tesla.jpg
mkdir -p out
"$bin" decode SampleImages/tesla.jpg out/tesla.png
echo "wrote out/tesla.png" >&2
