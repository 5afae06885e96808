"""What the workflow benchmarks (gif-bench.py, diff-bench.py, suite-bench.py, inflate-bench.py)
share: their command line and the timing of one whole process by GNU time."""

import argparse
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# --quick renders at this frame rate: a third of the main job's frames, the same motion (5 cs a
# GIF frame, exactly).
QUICK_FPS = "20"


def arguments(description=None, extra=None):
    """--runs (5), --bin (the release build) and --quick: what CI runs, in seconds (1 run, renders
    at QUICK_FPS frames a second; every command still runs and must succeed; no figure is asserted)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release/scrollrender"))
    parser.add_argument("--quick", action="store_true", help="1 run over fewer frames, in seconds (CI)")
    if extra:
        extra(parser)
    args = parser.parse_args()
    args.bin = os.path.abspath(args.bin)
    if args.quick:
        args.runs = 1
    return args


def render(args, command):
    """A render command (`--fps N` in it or not) as --quick runs it: at QUICK_FPS frames a second."""
    if not args.quick:
        return command
    if "--fps" in command:
        at = command.index("--fps")
        return command[:at + 1] + [QUICK_FPS] + command[at + 2:]
    return command[:1] + ["--fps", QUICK_FPS] + command[1:]


def timed(command, statuses=(0,)):
    """Wall seconds and peak memory (MB) of one run of `command`, which must exit with one of `statuses`."""
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + command, cwd=ROOT, capture_output=True, text=True)
    if result.returncode not in statuses:
        raise SystemExit("bench: failed (status %d, expected %s): %s\n%s" % (
            result.returncode, " or ".join(map(str, statuses)), " ".join(command), result.stderr))
    wall, kilobytes = result.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kilobytes) / 1000
