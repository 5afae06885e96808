#!/usr/bin/env python3
"""The GIF benchmark of issue 27: the main job (scrollrender --fling 800 on SampleImages/tesla.jpg,
189 frames of 780x1688) made into a GIF and an MP4, each command timed as a whole process with
/usr/bin/time over several runs, medians printed as a Markdown table.

Usage (from the repository root, after `swift build -c release`):

    python3 Scripts/bench/gif-bench.py [--runs 5] [--bin .build/release/scrollrender]

Each run removes its output first. Not run in CI.
"""

import os
import shutil
import statistics
import subprocess
import tempfile

from whole_process import ROOT, arguments, timed


def main():
    args = arguments()
    work = tempfile.mkdtemp(prefix="gif-bench-")
    image = os.path.join(ROOT, "SampleImages/tesla.jpg")
    frames = os.path.join(work, "frames")
    subprocess.run([args.bin, "--quiet", "--fling", "800", image, frames], check=True)
    out = lambda name: os.path.join(work, name)
    jobs = [
        ("render + default GIF (fits 10 MB)", [args.bin, "--quiet", "--fling", "800", "--export", out("r.gif"), image, out("r")], [out("r"), out("r.gif")], out("r.gif")),
        ("export DIR x.gif (fits 10 MB)", [args.bin, "export", "--quiet", frames, out("d.gif")], [out("d.gif")], out("d.gif")),
        ("export, --max-size 5MB", [args.bin, "export", "--quiet", frames, out("5.gif"), "--max-size", "5MB"], [out("5.gif")], out("5.gif")),
        ("export, --max-size none (full size)", [args.bin, "export", "--quiet", frames, out("n.gif"), "--max-size", "none"], [out("n.gif")], out("n.gif")),
        ("render + MP4", [args.bin, "--quiet", "--fling", "800", "--export", out("m.mp4"), image, out("m")], [out("m"), out("m.mp4")], out("m.mp4")),
    ]
    print("| job | wall (median of %d) | peak memory | file |" % args.runs)
    print("| --- | ---: | ---: | ---: |")
    for name, command, outputs, made in jobs:
        walls, peaks = [], []
        for _ in range(args.runs):
            for path in outputs:
                shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else (os.path.exists(path) and os.remove(path))
            wall, peak = timed(command)
            walls.append(wall)
            peaks.append(peak)
        probe = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", made],
                               capture_output=True, text=True).stdout.strip()
        size = os.path.getsize(made) / 1e6
        print("| %s | %.2f s | %.0f MB | %.1f MB, %s |" % (name, statistics.median(walls), statistics.median(peaks), size, probe.replace(",", "×")))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
