#!/usr/bin/env python3
"""The giant-picture rows of Scripts/bench.sh (issue 13): the README's main job (`--fling 800`,
780x1688 frames) over a 12000x8400 and a 30000x30000 JPEG, against pyvips drawing the same crops,
and `scrollrender decode` of the 100-megapixel one. Reports frames/s, peak memory and time to the
first frame, writes the table between the bench-giant markers of docs/PERFORMANCE.md.

Usage: python3 Scripts/bench/run-giant.py --bin BIN [--runs N] [--max-busy F] [--no-docs]
       python3 Scripts/bench/run-giant.py --bin BIN --quick

--quick (what CI runs, in seconds; no figure asserted, nothing written outside .build/): every
command once over a 2400x1680 and a 3000x3000 JPEG (made once into .build/bench-quick/), pyvips
drawing 3 frames, no waiting for a quiet machine, no docs written.
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
QUICK_PICTURES = [(2400, 1680), (3000, 3000)]
QUICK_PYVIPS_FRAMES = 3


# run-bench.py's measuring and docs writing, shared rather than repeated.
_spec = importlib.util.spec_from_file_location("run_bench", os.path.join(HERE, "run-bench.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def measure(cmd, max_busy, out=None, quick=False):
    """As run-bench.py measures: into a fresh `out` (removed just before the clock starts, as the
    README's main job writes a new folder), again while the machine was busy (--quick: once, at once)."""
    if quick:
        return bench.measure(cmd, 1.0, quiet_timeout=0, fresh=out, attempts=1, warm_mb=0)
    return bench.measure(cmd, max_busy, quiet_timeout=300, fresh=out)


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--max-busy", type=float, default=0.25)
    ap.add_argument("--docs", "--readme", dest="docs", default=bench.DOCS,
                    help="the file whose bench-giant markers take the table (default docs/PERFORMANCE.md)")
    ap.add_argument("--no-docs", "--no-readme", dest="no_docs", action="store_true", help="print only")
    ap.add_argument("--quick", action="store_true",
                    help="every command once over small pictures, in seconds; prints, writes no docs")
    args = ap.parse_args()
    args.bin = os.path.abspath(args.bin)
    pictures = QUICK_PICTURES if args.quick else PICTURES
    if args.quick:
        args.runs, args.no_docs = 1, True
    work = bench.QUICK_WORK if args.quick else os.path.join(ROOT, ".build", "bench")
    os.makedirs(work, exist_ok=True)
    timed = lambda cmd, out: measure(cmd, args.max_busy, out, args.quick)
    rows, checks, commands = [], [], []
    for number, (width, height) in enumerate(pictures):
        image = os.path.join(work, "giant-%dx%d.jpg" % (width, height))
        if not os.path.exists(image):
            print("bench: making %s (once)…" % os.path.relpath(image, ROOT), file=sys.stderr)
            subprocess.run([sys.executable, os.path.join(HERE, "make-giant-jpeg.py"), str(width), str(height), image], check=True)
        out = os.path.join(work, "giant-out")
        sr = [args.bin, "--fling", "800", "--quiet", image, out]
        first = [args.bin, "--fling", "800", "--quiet", "--frames", "0", image, out]
        runs = [timed(sr, out) for _ in range(args.runs)]
        firsts = [timed(first, out) for _ in range(args.runs)]
        fresh(out)
        subprocess.run(sr, check=True, cwd=ROOT)  # the manifest pyvips draws from
        manifest = os.path.join(work, "giant-%d-manifest.json" % width)
        shutil.copy(os.path.join(out, "manifest.json"), manifest)
        with open(manifest) as f:
            written = json.load(f)
        frames, region = written["frameCount"], written["input"].get("decodedRegion")
        vips_out = os.path.join(work, "giant-pyvips")
        vips = [sys.executable, os.path.join(HERE, "pyvips-frames.py"), image, manifest, vips_out]
        if args.quick:
            vips += ["--frames", str(QUICK_PYVIPS_FRAMES)]
        vruns = [timed(vips, vips_out) for _ in range(max(1, args.runs // 3))]
        vfirst = timed(vips + ["--frames", "1"], vips_out)
        vframes = min(frames, QUICK_PYVIPS_FRAMES) if args.quick else frames
        wall = statistics.median(r["wall"] for r in runs)
        mem = statistics.median(r["peak_mb"] for r in runs)
        vwall = statistics.median(r["wall"] for r in vruns)
        vmem = statistics.median(r["peak_mb"] for r in vruns)
        label = "%d×%d (%.0f MP)" % (width, height, width * height / 1e6)
        rows.append("| %s | scrollrender | %.2f s | %.1f | %.0f MB | %.2f s | %s |" % (
            label, wall, frames / wall, mem, statistics.median(r["wall"] for r in firsts),
            "%d×%d" % (region["width"], region["height"]) if region else "whole"))
        rows.append("| %s | pyvips (same crops, PNG level 1) | %.2f s | %.1f | %.0f MB | %.2f s | on demand |" % (
            label, vwall, vframes / vwall, vmem, vfirst["wall"]))
        megapixels = "%.0f-megapixel" % (width * height / 1e6)
        if number == 0:
            checks.append("README main job on the %s JPEG: %.2f s (target < 0.4 s) %s, %.0f MB (target < 100 MB) %s" % (
                megapixels, wall, "met" if wall < 0.4 else "**missed**", mem, "met" if mem < 100 else "**missed**"))
            png = os.path.join(work, "giant.png")
            dec = [timed([args.bin, "decode", image, png], png) for _ in range(args.runs)]
            dwall = statistics.median(r["wall"] for r in dec)
            checks.append("`scrollrender decode` of the %s JPEG: %.2f s (target < 5 s) %s, %.0f MB" % (
                megapixels, dwall, "met" if dwall < 5 else "**missed**", statistics.median(r["peak_mb"] for r in dec)))
            os.remove(os.path.join(work, "giant.png"))
        else:
            checks.append("fling at zoom 1 over the %d×%d JPEG at default settings: %.2f s (target < 2 s) %s, %.0f MB (target < 200 MB) %s" % (
                width, height, wall, "met" if wall < 2 else "**missed**", mem, "met" if mem < 200 else "**missed**"))
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
    if args.quick:
        text = "(--quick: small pictures, 1 run, pyvips %d frames; these figures are not the benchmark's)\n%s" % (
            QUICK_PYVIPS_FRAMES, text)
    print(text)
    if not args.no_docs:
        bench.update_docs(args.docs, text, START, END, after=bench.END)
        print("bench: wrote the result into %s" % os.path.relpath(args.docs, ROOT), file=sys.stderr)


if __name__ == "__main__":
    main()
