"""What the workflow benchmarks (gif-bench.py, diff-bench.py) share: their command line and the
timing of one whole process by GNU time."""

import argparse
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def arguments():
    """--runs (5) and --bin (the release build)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release/scrollrender"))
    return parser.parse_args()


def timed(command, statuses=(0,)):
    """Wall seconds and peak memory (MB) of one run of `command`, which must exit with one of `statuses`."""
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + command, cwd=ROOT, capture_output=True, text=True)
    if result.returncode not in statuses:
        raise SystemExit("bench: failed: %s\n%s" % (" ".join(command), result.stderr))
    wall, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kilobytes) / 1000
