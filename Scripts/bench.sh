#!/usr/bin/env bash
# The performance benchmark of issues 6 and 13: scrollrender against ffmpeg and a Pillow script drawing the
# same frames of 1170x2532 over a 6000x4000 JPEG (a fling and a pinch), and the giant-picture rows
# against pyvips, on this machine, in one run.
#
#   Scripts/bench.sh              # installs what it needs, builds, runs, prints the tables and
#                                 # writes them into docs/PERFORMANCE.md (between the bench markers)
#   Scripts/bench.sh --quick      # CI: every command once over small pictures, in seconds; prints,
#                                 # never writes docs/PERFORMANCE.md; fails when any command fails
#   Scripts/bench.sh --bin PATH   # (with or without --quick) this scrollrender instead of building
#
# Environment: BENCH_RUNS (3) runs of each row, medians reported; BENCH_DEFAULT_RUNS (1) runs of
# the rows with ffmpeg's and Pillow's default PNG settings (0 skips them: Pillow's take ~2 min);
# BENCH_MAX_BUSY (0.25) how busy other processes may keep the cores before a run starts (it
# waits up to BENCH_QUIET_TIMEOUT, 300 s); BENCH_NO_DOCS=1 (or the older BENCH_NO_README=1) prints
# without touching docs/PERFORMANCE.md; BENCH_GIANT=0 skips the giant-picture rows.
# Needs Debian with Swift 6; installs ffmpeg, time, cjpeg (apt) and Pillow, NumPy, pyvips (pip) when
# missing. The pictures are generated once into .build/bench/ (--quick: .build/bench-quick/), never
# committed. Scripts/bench/quick.sh runs this with --quick, and every other benchmark's --quick.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
bin=""
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick=1 ;;
        --bin) bin=$2; shift ;;
        *) echo "usage: Scripts/bench.sh [--quick] [--bin PATH]" >&2; exit 64 ;;
    esac
    shift
done

Scripts/bench/install-tools.sh

if [ -z "$bin" ]; then
    swift build -c release --product scrollrender >&2
    bin=$(swift build -c release --show-bin-path)/scrollrender
fi

if [ "$quick" = 1 ]; then
    python3 Scripts/bench/run-bench.py --bin "$bin" --quick
    python3 Scripts/bench/run-giant.py --bin "$bin" --quick
    exit 0
fi

mkdir -p .build/bench
image=.build/bench/bench-6000x4000.jpg
if [ ! -f "$image" ]; then
    echo "Making the benchmark picture (once)…" >&2
    python3 Scripts/bench/make-bench-image.py "$image"
fi

docs=()
if [ "${BENCH_NO_DOCS:-${BENCH_NO_README:-0}}" = 1 ]; then docs=(--no-docs); fi
python3 Scripts/bench/run-bench.py --bin "$bin" --image "$image" \
    --runs "${BENCH_RUNS:-3}" --default-runs "${BENCH_DEFAULT_RUNS:-1}" \
    --max-busy "${BENCH_MAX_BUSY:-0.25}" --quiet-timeout "${BENCH_QUIET_TIMEOUT:-300}" "${docs[@]}"
# The giant-picture rows (issue 13); BENCH_GIANT=0 skips them.
if [ "${BENCH_GIANT:-1}" = 1 ]; then
    exec python3 Scripts/bench/run-giant.py --bin "$bin" --runs "${BENCH_RUNS:-3}" \
        --max-busy "${BENCH_MAX_BUSY:-0.25}" "${docs[@]}"
fi
