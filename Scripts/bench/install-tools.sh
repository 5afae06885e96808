#!/usr/bin/env bash
# What the benchmarks run besides scrollrender, installed when missing: the libraries it builds
# against, ffmpeg and GNU time (apt), cjpeg (it streams the giant pictures), and Pillow, NumPy and
# pyvips (pip) for the baselines. Called by Scripts/bench.sh and Scripts/bench/quick.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
Scripts/install-dependencies.sh
Scripts/apt-install.sh ffmpeg time libjpeg-turbo-progs
if ! python3 -c 'import PIL, numpy, pyvips' >/dev/null 2>&1; then
    echo "Installing Pillow, NumPy and pyvips from PyPI…" >&2
    python3 -m pip install --quiet pillow numpy pyvips pyvips-binary
fi
