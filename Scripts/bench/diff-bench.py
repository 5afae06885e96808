#!/usr/bin/env python3
"""The diff benchmark of issue 28: two renders of the main job (SampleImages/tesla.jpg, 189 frames
of 780x1688) compared by `scrollrender diff` — identical, 800 against 820 pt/s, and that with
--report — each command timed as a whole process with /usr/bin/time over several runs, medians
printed as a Markdown table with the report's size.

Usage (from the repository root, after `swift build -c release`):

    python3 Scripts/bench/diff-bench.py [--runs 5] [--bin .build/release/scrollrender] [--quick]

--quick (CI, through Scripts/bench/quick.sh): 1 run, the renders at 20 fps (64 frames); the
identical renders must compare equal (status 0) and the others differ (status 1).
"""

import os
import shutil
import statistics
import subprocess
import tempfile

from whole_process import ROOT, arguments, render, timed


def folder_size(path):
    return sum(os.path.getsize(os.path.join(base, name)) for base, _, names in os.walk(path) for name in names) / 1e6


def main():
    args = arguments(__doc__.split("\n\n")[0])
    work = tempfile.mkdtemp(prefix="diff-bench-")
    try:
        bench(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def bench(args, work):
    image = os.path.join(ROOT, "SampleImages/tesla.jpg")
    sequences = {name: os.path.join(work, name) for name in ("a", "a2", "b")}
    for name, velocity in (("a", "800"), ("a2", "800"), ("b", "820")):
        subprocess.run(render(args, [args.bin, "--quiet", "--fling", velocity, image, sequences[name]]), check=True)
    report = os.path.join(work, "report")
    jobs = [
        ("identical renders", [args.bin, "diff", sequences["a"], sequences["a2"]], (0,)),
        ("800 against 820 pt/s", [args.bin, "diff", sequences["a"], sequences["b"]], (1,)),
        ("800 against 820 pt/s, --report", [args.bin, "diff", sequences["a"], sequences["b"], "--report", report], (1,)),
    ]
    print("| diff | wall (median of %d) | peak memory |" % args.runs)
    print("| --- | ---: | ---: |")
    for name, command, statuses in jobs:
        walls, peaks = [], []
        for _ in range(args.runs):
            shutil.rmtree(report, ignore_errors=True)
            wall, peak = timed(command, statuses)
            walls.append(wall)
            peaks.append(peak)
        print("| %s | %.2f s | %.0f MB |" % (name, statistics.median(walls), statistics.median(peaks)))
    print("\nThe report: %.0f MB." % folder_size(report))


if __name__ == "__main__":
    main()
