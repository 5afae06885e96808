#!/usr/bin/env python3
"""The suite benchmark of issue 37: the example scenarios (Examples/*.json) as a suite over
SampleImages/screenshot.png (the README's suite: an app's screen), recorded compact once, then `scrollrender test` timed as whole processes:
all equal, all equal with --report and --junit, and one scenario changed (a fling at 820 pt/s
instead of 800) with its report. Medians printed as a Markdown table.

Usage (from the repository root, after `swift build -c release`):

    python3 Scripts/bench/suite-bench.py [--runs 5] [--bin .build/release/scrollrender] [--quick]

--quick (CI, through Scripts/bench/quick.sh): 1 run of each; recording, the equal runs (status 0)
and the changed one (status 1) must behave, or it fails.
"""

import os
import shutil
import statistics
import subprocess
import tempfile

from whole_process import ROOT, arguments, timed

PICTURE = "SampleImages/screenshot.png"


def main():
    args = arguments(__doc__.split("\n\n")[0])
    work = tempfile.mkdtemp(prefix="suite-bench-", dir=os.path.join(ROOT, ".build"))
    try:
        bench(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def bench(args, work):
    suite = os.path.join(work, "suite")
    shutil.copytree(os.path.join(ROOT, "Examples"), suite, ignore=shutil.ignore_patterns("SnapshotPackage"))
    picture = os.path.join(ROOT, PICTURE)
    test = [args.bin, "test", suite, "--picture", picture]
    subprocess.run(test + ["--record", "missing"], check=True, capture_output=True)
    report, junit = os.path.join(work, "report"), os.path.join(work, "junit.xml")
    rows = [("all equal", test, (0,)), ("all equal, --report and --junit", test + ["--report", report, "--junit", junit], (0,))]
    changed = os.path.join(suite, "fling.json")
    runs = {}
    for name, command, statuses in rows:
        runs[name] = [timed(command, statuses) for _ in range(args.runs)]
    with open(changed) as f:
        text = f.read()
    if '"fling": 800' not in text:
        raise SystemExit("bench: %s has no fling at 800 pt/s to change" % os.path.relpath(changed, work))
    with open(changed, "w") as f:
        f.write(text.replace('"fling": 800', '"fling": 820'))
    name = "one changed, with its report"
    runs[name] = [timed(test + ["--report", report, "--junit", junit], (1,)) for _ in range(args.runs)]
    scenarios = len([n for n in os.listdir(suite) if n.endswith(".json")])
    print("%d scenarios over %s, goldens compact (%.0f MB)\n" % (scenarios, PICTURE, size(os.path.join(suite, "goldens"))))
    print("| scrollrender test | wall (median of %d) | peak memory |" % args.runs)
    print("| --- | ---: | ---: |")
    for name, samples in runs.items():
        print("| %s | %.2f s | %.0f MB |" % (name, statistics.median(s[0] for s in samples), max(s[1] for s in samples)))


def size(folder):
    return sum(os.path.getsize(os.path.join(base, n)) for base, _, names in os.walk(folder) for n in names) / 1e6


if __name__ == "__main__":
    main()
