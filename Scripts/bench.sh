#!/usr/bin/env bash
# The performance benchmark of issues 6 and 13: scrollrender against ffmpeg and a Pillow script drawing the
# same 120 frames of 1170x2532 over a 6000x4000 JPEG (a fling and a pinch), on this machine, in one run.
#
#   Scripts/bench.sh            # installs what it needs, builds, runs, prints the table and
#                               # writes it into README.md (## Performance)
#
# Environment: BENCH_RUNS (3) runs of each row, medians reported; BENCH_DEFAULT_RUNS (1) runs of
# the rows with ffmpeg's and Pillow's default PNG settings (0 skips them: Pillow's take ~2 min);
# BENCH_MAX_BUSY (0.25) how busy other processes may keep the cores before a run starts (it
# waits up to BENCH_QUIET_TIMEOUT, 300 s); BENCH_NO_README=1 prints without touching README.md.
# Needs Debian with Swift 6; installs ffmpeg, time (apt) and Pillow, NumPy (pip) when missing.
# The picture is generated once into .build/bench/ (never committed). Not run in CI.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/install-dependencies.sh
Scripts/apt-install.sh ffmpeg time
Scripts/apt-install.sh libjpeg-turbo-progs   # cjpeg streams the giant pictures
if ! python3 -c 'import PIL, numpy, pyvips' >/dev/null 2>&1; then
    echo "Installing Pillow, NumPy and pyvips from PyPI…" >&2
    python3 -m pip install --quiet pillow numpy pyvips pyvips-binary
fi

swift build -c release --product scrollrender >&2
bin=$(swift build -c release --show-bin-path)/scrollrender

mkdir -p .build/bench
image=.build/bench/bench-6000x4000.jpg
if [ ! -f "$image" ]; then
    echo "Making the benchmark picture (once)…" >&2
    python3 Scripts/bench/make-bench-image.py "$image"
fi

readme=()
[ "${BENCH_NO_README:-0}" = 1 ] && readme=(--no-readme)
python3 Scripts/bench/run-bench.py --bin "$bin" --image "$image" \
    --runs "${BENCH_RUNS:-3}" --default-runs "${BENCH_DEFAULT_RUNS:-1}" \
    --max-busy "${BENCH_MAX_BUSY:-0.25}" --quiet-timeout "${BENCH_QUIET_TIMEOUT:-300}" "${readme[@]}"
# The giant-picture rows (issue 13); BENCH_GIANT=0 skips them.
if [ "${BENCH_GIANT:-1}" = 1 ]; then
    exec python3 Scripts/bench/run-giant.py --bin "$bin" --runs "${BENCH_RUNS:-3}" \
        --max-busy "${BENCH_MAX_BUSY:-0.25}" "${readme[@]}"
fi
