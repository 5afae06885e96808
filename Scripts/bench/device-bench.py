#!/usr/bin/env python3
"""The device benchmark of issue 47: for every device `scrollrender devices --json` lists, the demo
command over a screenshot of that device (made here: its pixel width, 2.2 screens tall, a status bar band
with an island's black pill and a few glyphs, a list of rows, a home-indicator band), timed as a
whole process with /usr/bin/time: render + the default GIF, wall time and peak memory, medians
printed as a Markdown table with the GIF's size, dimensions and rate. The budget issue 47 sets is
2 s and 250 MB a device on this 2-core machine; the table says which rows are within it (no
figure is asserted: a benchmark, not a test).

Usage (from the repository root, after `swift build -c release`):

    python3 Scripts/bench/device-bench.py [--runs 3] [--bin .build/release/scrollrender] [--quick]
    python3 Scripts/bench/device-bench.py --device "iPad Pro 11-inch (M4)"     # one device

--quick (CI, through Scripts/bench/quick.sh): 1 run of one device of each class (an island
iPhone, a notched one, a home-button one, an iPad with a home indicator and one with a home
button) at 20 fps; every command must succeed.
"""

import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import zlib

from whole_process import ROOT, arguments, render, timed

BUDGET_SECONDS, BUDGET_MB = 2.0, 250
QUICK_DEVICES = ["iPhone 16 Pro", "iPhone 12", "iPhone SE (3rd generation)", "iPad Pro 13-inch (M4)", "iPad (9th generation)"]


def png(path, width, height, row):
    """An RGB PNG whose row y is row(y) (bytes of width × 3)."""
    raw = b"".join(b"\0" + row(y) for y in range(height))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))


def screenshot(path, device):
    """A scrolling screenshot of `device` in portrait, 2.2 screens tall as SampleImages/screenshot.png
    is: status bar, island (or not), rows of a list, home-indicator band."""
    scale, width = device["scale"], device["pixelWidth"]
    height, top = int(device["pixelHeight"] * 2.2), int(device["portraitSafeArea"]["top"] * scale)
    bottom = int(device["portraitSafeArea"]["bottom"] * scale)
    white, black = b"\xff\xff\xff", b"\x00\x00\x00"
    glyphs = [(int(0.08 * width), int(0.16 * width)), (int(0.8 * width), int(0.92 * width))]
    cut = device.get("cutOut")
    pill = (int((width - cut["width"] * scale) / 2), int((width + cut["width"] * scale) / 2)) if cut else None

    def row(y):
        if y < top:
            spans = glyphs + ([pill] if pill and y >= cut["top"] * scale and y < (cut["top"] + cut["height"]) * scale else [])
            line = bytearray(white * width)
            if top * 0.35 <= y < top * 0.65 or pill:
                for a, b in spans:
                    if a <= b and (top * 0.35 <= y < top * 0.65 or (a, b) == pill):
                        line[a * 3:b * 3] = black * (b - a)
            return bytes(line)
        if y >= height - bottom:
            return b"\xf2\xf2\xf7" * width
        band = (y - top) // int(44 * scale)
        inside = (y - top) % int(44 * scale)
        if inside < 2:
            return b"\xc6\xc6\xc8" * width
        tint = bytes([(band * 37) % 200, (band * 91) % 200, (band * 53) % 200])
        text = int(0.06 * width), int(0.06 * width + (0.3 + (band % 5) * 0.1) * width)
        return white * text[0] + (tint * (text[1] - text[0]) if 14 * scale < inside < 30 * scale else white * (text[1] - text[0])) + white * (width - text[1])

    png(path, width, height, row)


def main():
    args = arguments(__doc__.split("\n\n")[0], extra=lambda parser: parser.add_argument("--device", action="append"))
    devices = json.loads(subprocess.run([args.bin, "devices", "--json"], capture_output=True, text=True, check=True).stdout)
    wanted = args.device or (QUICK_DEVICES if args.quick else [d["name"] for d in devices])
    work = tempfile.mkdtemp(prefix="device-bench-")
    try:
        bench(args, work, [d for d in devices if d["name"] in wanted])
    finally:
        shutil.rmtree(work, ignore_errors=True)


def reference(args, work):
    """The README demo's wall time in the same conditions (1.15 s on a quiet machine, docs/EXPORT.md):
    what each row is also given against, so that a busy machine's table still compares."""
    out, gif = os.path.join(work, "ref"), os.path.join(work, "ref.gif")
    command = render(args, [args.bin, "--quiet", "--device", "iPhone 16 Pro", "--fit", "width", "--fling", "2500", "--show-touches",
                            "--export", gif, os.path.join(ROOT, "SampleImages/screenshot.png"), out])
    walls = []
    for _ in range(args.runs):
        shutil.rmtree(out, ignore_errors=True)
        walls.append(timed(command)[0])
    return statistics.median(walls)


def bench(args, work, devices):
    base = reference(args, work)
    load = os.getloadavg()[0]
    print("The README demo (iPhone 16 Pro over SampleImages/screenshot.png) took %.2f s in the same conditions; load average %.1f.\n"
          % (base, load))
    print("| device | GIF | wall (median of %d) | × README demo | peak memory | within 2 s, 250 MB |" % args.runs)
    print("| --- | ---: | ---: | ---: | ---: | :---: |")
    over = []
    for device in devices:
        shot, out, gif = os.path.join(work, "shot.png"), os.path.join(work, "out"), os.path.join(work, "demo.gif")
        screenshot(shot, device)
        command = render(args, [args.bin, "--quiet", "--device", device["name"], "--screenshot", "--fit", "width", "--fling", "2500",
                                "--show-touches", "--title", device["name"], "--export", gif, shot, out])
        walls, peaks = [], []
        for _ in range(args.runs):
            shutil.rmtree(out, ignore_errors=True)
            if os.path.exists(gif):
                os.remove(gif)
            wall, peak = timed(command)
            walls.append(wall)
            peaks.append(peak)
        probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height,r_frame_rate",
                                "-of", "csv=p=0", gif], capture_output=True, text=True, check=True).stdout.strip().split(",")
        wall, peak = statistics.median(walls), statistics.median(peaks)
        within = wall <= BUDGET_SECONDS and peak <= BUDGET_MB
        if not within:
            over.append(device["name"])
        rate = eval(probe[2]) if "/" in probe[2] else float(probe[2])
        print("| %s | %.1f MB, %s×%s at %.3g fps | %.2f s | %.2f | %.0f MB | %s |" % (
            device["name"], os.path.getsize(gif) / 1e6, probe[0], probe[1], rate, wall, wall / base, peak, "yes" if within else "**no**"))
        sys.stdout.flush()
    print("\n%d of %d devices within the budget%s" % (len(devices) - len(over), len(devices), (": over: " + ", ".join(over)) if over else ""))


if __name__ == "__main__":
    main()
