#!/usr/bin/env python3
"""The giant-picture rows of Scripts/bench.sh (issue 13): the README's main job (`--fling 800`,
780x1688 frames) over a 12000x8400 and a 30000x30000 JPEG, against pyvips drawing the same crops,
and `scrollrender decode` of the 100-megapixel one. Reports frames/s, peak memory and time to the
first frame, writes the table between the bench-giant markers of README.md.

Usage: python3 Scripts/bench/run-giant.py --bin BIN [--runs N] [--no-readme]
"""

import argparse
import datetime
import importlib.util
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
START, END = "<!-- bench-giant:start -->", "<!-- bench-giant:end -->"
PICTURES = [(12000, 8400), (30000, 30000)]


# run-bench.py's measuring and README writing, shared rather than repeated.
_spec = importlib.util.spec_from_file_location("run_bench", os.path.join(HERE, "run-bench.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def measure(cmd, max_busy, out=None):
    """As run-bench.py measures: into a fresh `out` (removed just before the clock starts, as the
    README's main job writes a new folder), again while the machine was busy."""
    return bench.measure(cmd, max_busy, quiet_timeout=300, fresh=out)


def after_bench_section(readme, text):
    anchor = readme.index(bench.END) + len(bench.END)
    return readme[:anchor] + "\n\n" + text + readme[anchor:]


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--max-busy", type=float, default=0.25)
    ap.add_argument("--no-readme", action="store_true")
    args = ap.parse_args()
    work = os.path.join(ROOT, ".build", "bench")
    rows, checks, commands = [], [], []
    for width, height in PICTURES:
        image = os.path.join(work, "giant-%dx%d.jpg" % (width, height))
        if not os.path.exists(image):
            print("bench: making %s (once)…" % os.path.relpath(image, ROOT), file=sys.stderr)
            subprocess.run([sys.executable, os.path.join(HERE, "make-giant-jpeg.py"), str(width), str(height), image], check=True)
        out = os.path.join(work, "giant-out")
        sr = [args.bin, "--fling", "800", "--quiet", image, out]
        first = [args.bin, "--fling", "800", "--quiet", "--frames", "0", image, out]
        runs = [measure(sr, args.max_busy, out) for _ in range(args.runs)]
        firsts = [measure(first, args.max_busy, out) for _ in range(args.runs)]
        fresh(out)
        subprocess.run(sr, check=True, cwd=ROOT)  # the manifest pyvips draws from
        manifest = os.path.join(work, "giant-%d-manifest.json" % width)
        shutil.copy(os.path.join(out, "manifest.json"), manifest)
        with open(manifest) as f:
            written = json.load(f)
        frames, region = written["frameCount"], written["input"].get("decodedRegion")
        vips_out = os.path.join(work, "giant-pyvips")
        vips = [sys.executable, os.path.join(HERE, "pyvips-frames.py"), image, manifest, vips_out]
        vruns = [measure(vips, args.max_busy, vips_out) for _ in range(max(1, args.runs // 3))]
        vfirst = measure(vips + ["--frames", "1"], args.max_busy, vips_out)
        wall = statistics.median(r["wall"] for r in runs)
        mem = statistics.median(r["peak_mb"] for r in runs)
        vwall = statistics.median(r["wall"] for r in vruns)
        vmem = statistics.median(r["peak_mb"] for r in vruns)
        label = "%d×%d (%.0f MP)" % (width, height, width * height / 1e6)
        rows.append("| %s | scrollrender | %.2f s | %.1f | %.0f MB | %.2f s | %s |" % (
            label, wall, frames / wall, mem, statistics.median(r["wall"] for r in firsts),
            "%d×%d" % (region["width"], region["height"]) if region else "whole"))
        rows.append("| %s | pyvips (same crops, PNG level 1) | %.2f s | %.1f | %.0f MB | %.2f s | on demand |" % (
            label, vwall, frames / vwall, vmem, vfirst["wall"]))
        if width == 12000:
            checks.append("README main job on the 100-megapixel JPEG: %.2f s (target < 0.4 s) %s, %.0f MB (target < 100 MB) %s" % (
                wall, "met" if wall < 0.4 else "**missed**", mem, "met" if mem < 100 else "**missed**"))
            png = os.path.join(work, "giant.png")
            dec = [measure([args.bin, "decode", image, png], args.max_busy, png) for _ in range(args.runs)]
            dwall = statistics.median(r["wall"] for r in dec)
            checks.append("`scrollrender decode` of the 100-megapixel JPEG: %.2f s (target < 5 s) %s, %.0f MB" % (
                dwall, "met" if dwall < 5 else "**missed**", statistics.median(r["peak_mb"] for r in dec)))
            os.remove(os.path.join(work, "giant.png"))
        else:
            checks.append("fling at zoom 1 over the 30000×30000 JPEG at default settings: %.2f s (target < 2 s) %s, %.0f MB (target < 200 MB) %s" % (
                wall, "met" if wall < 2 else "**missed**", mem, "met" if mem < 200 else "**missed**"))
        for cmd in (sr, first, vips):
            commands.append(shlex.join(os.path.relpath(c, ROOT) if os.path.isabs(c) and c.startswith(ROOT) else
                                       ("python3" if c == sys.executable else c) for c in cmd))
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    text = "\n".join([
        START,
        "Giant pictures (last run %s, medians of %d runs; pyvips %d): the README's main job (`--fling 800`, "
        "780×1688 frames at 60 fps) over JPEGs from `Scripts/bench/make-giant-jpeg.py`. scrollrender decodes only "
        "the region its frames read (`decodedRegion` in the manifest); time to the first frame is a run with "
        "`--frames 0` (pyvips: one frame)." % (date, args.runs, max(1, args.runs // 3)),
        "",
        "| picture | tool | wall | frames/s | peak memory | first frame | decoded |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    ] + rows + ["", "Targets (issue 13):", ""] + ["- " + c for c in checks] + ["", "```sh"] + commands + ["```", END])
    print(text)
    if not args.no_readme:
        bench.update_readme(os.path.join(ROOT, "README.md"), text, START, END, insert=after_bench_section)


if __name__ == "__main__":
    main()
