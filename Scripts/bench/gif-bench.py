#!/usr/bin/env python3
"""The GIF benchmark of issue 27: the main job (scrollrender --fling 800 on SampleImages/tesla.jpg,
190 frames of 780x1688) made into a GIF and an MP4, each command timed as a whole process with
/usr/bin/time over several runs, medians printed as a Markdown table, with each GIF's mean SSIM
against the frames it shows scaled alike (measured by ffmpeg's ssim filter, area scaling), and
the render with --hold 3 (370 frames) to show that memory stays flat as frames grow; and, for
issue 38, an iPhone 16 Pro render's default GIF (1 px per point, the phone's screen drawn over
it) and the README demo's command (--fit width --show-touches over SampleImages/screenshot.png).

Usage (from the repository root, after `swift build -c release`):

    python3 Scripts/bench/gif-bench.py [--runs 5] [--bin .build/release/scrollrender] [--quick]

Each run removes its output first. --quick (CI, through Scripts/bench/quick.sh): 1 run, every
render at 20 fps (a third of the frames); every command, ffprobe and the SSIM must succeed.
"""

import json
import os
import re
import shutil
import statistics
import subprocess
import tempfile

from whole_process import ROOT, arguments, render, timed


def probe(made, entries):
    """ffprobe's values of the first video stream, which must be found."""
    result = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=" + entries,
                             "-of", "csv=p=0", made], capture_output=True, text=True)
    values = result.stdout.strip().split(",")
    if result.returncode != 0 or len(values) != len(entries.split(",")) or not all(values):
        raise SystemExit("bench: ffprobe found no %s in %s\n%s" % (entries, made, result.stderr))
    return values


def similarity(frames, made):
    """ffmpeg's mean SSIM of a file's frames against the frame files (at their manifest's rate) at its rate and size."""
    width, height, rate = probe(made, "width,height,r_frame_rate")
    with open(os.path.join(frames, "manifest.json")) as f:
        frames_rate = json.load(f)["fps"]
    graph = "[0:v]fps=%s,scale=%s:%s:flags=area,format=rgb24[a];[1:v]fps=%s,format=rgb24[b];[a][b]ssim" % (rate, width, height, rate)
    result = subprocess.run(["ffmpeg", "-v", "info", "-framerate", str(frames_rate), "-i", os.path.join(frames, "frame_%05d.png"),
                             "-i", made, "-lavfi", graph, "-f", "null", "-"], capture_output=True, text=True)
    found = re.search(r"All:([0-9.]+)", result.stderr)
    if result.returncode != 0 or not found:
        raise SystemExit("bench: ffmpeg's ssim of %s failed\n%s" % (made, result.stderr[-2000:]))
    return found.group(1)


def main():
    args = arguments(__doc__.split("\n\n")[0])
    work = tempfile.mkdtemp(prefix="gif-bench-")
    try:
        bench(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def bench(args, work):
    image = os.path.join(ROOT, "SampleImages/tesla.jpg")
    screenshot = os.path.join(ROOT, "SampleImages/screenshot.png")
    frames = os.path.join(work, "frames")
    subprocess.run(render(args, [args.bin, "--quiet", "--fling", "800", image, frames]), check=True)
    out = lambda name: os.path.join(work, name)
    jobs = [
        ("render + default GIF (fits 10 MB)", [args.bin, "--quiet", "--fling", "800", "--export", out("r.gif"), image, out("r")], [out("r"), out("r.gif")], out("r.gif")),
        ("render + full-size GIF (--max-size none)", [args.bin, "--quiet", "--fling", "800", "--export", out("f.gif"), "--max-size", "none", image, out("f")], [out("f"), out("f.gif")], out("f.gif")),
        ("export DIR x.gif (fits 10 MB)", [args.bin, "export", "--quiet", frames, out("d.gif")], [out("d.gif")], out("d.gif")),
        ("export, --max-size 5MB", [args.bin, "export", "--quiet", frames, out("5.gif"), "--max-size", "5MB"], [out("5.gif")], out("5.gif")),
        ("export, --max-size none (full size)", [args.bin, "export", "--quiet", frames, out("n.gif"), "--max-size", "none"], [out("n.gif")], out("n.gif")),
        ("render + MP4", [args.bin, "--quiet", "--fling", "800", "--export", out("m.mp4"), image, out("m")], [out("m"), out("m.mp4")], out("m.mp4")),
        ("render --hold 3 (370 frames) + default GIF", [args.bin, "--quiet", "--fling", "800", "--hold", "3", "--export", out("h.gif"), image, out("h")], [out("h"), out("h.gif")], out("h.gif")),
        # Issue 38: a device's render exports at 1 px per point with the phone's screen drawn over it.
        ("iPhone 16 Pro render + default GIF", [args.bin, "--quiet", "--device", "iPhone 16 Pro", "--image-scale", "3", "--fps", "50", "--fling", "2500",
                                                "--export", out("p.gif"), image, out("p")], [out("p"), out("p.gif")], out("p.gif")),
        ("iPhone 16 Pro --fit width --show-touches (screenshot.png)", [args.bin, "--quiet", "--device", "iPhone 16 Pro", "--fit", "width", "--fling", "2500",
                                                                        "--show-touches", "--export", out("s.gif"), screenshot, out("s")],
         [out("s"), out("s.gif")], out("s.gif")),
    ]
    print("| job | wall (median of %d) | peak memory | file | SSIM |" % args.runs)
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, command, outputs, made in jobs:
        if command[1] != "export":
            command = render(args, command)
        walls, peaks = [], []
        for _ in range(args.runs):
            for path in outputs:
                shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else (os.path.exists(path) and os.remove(path))
            wall, peak = timed(command)
            walls.append(wall)
            peaks.append(peak)
        width, height = probe(made, "width,height")
        size = os.path.getsize(made) / 1e6
        # SSIM against the main job's frames: not for the longer sequence or the device renders.
        score = similarity(frames, made) if made.endswith(".gif") and "hold" not in name and "iPhone" not in name else ""
        print("| %s | %.2f s | %.0f MB | %.1f MB, %s | %s |" % (name, statistics.median(walls), statistics.median(peaks), size,
                                                              "%s×%s" % (width, height), score))


if __name__ == "__main__":
    main()
