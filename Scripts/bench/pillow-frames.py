#!/usr/bin/env python3
"""The Pillow baseline of Scripts/bench.sh: the frames of a scrollrender manifest, drawn with Pillow.

Usage:

    python3 Scripts/bench/pillow-frames.py IMAGE MANIFEST OUTDIR [--processes 2] [--compress-level 1]

Decodes IMAGE once (before the worker processes fork, so they share it), then for every frame
of MANIFEST (scrollrender's manifest.json: frames[i].contentOffset, zoomScale; pixelWidth,
pixelHeight, displayScale; settings.imageScale, background, read by bench_manifest.py) crops and
resizes the part of the picture the scroll view shows, pastes it on the background and saves
OUTDIR/frame_%05d.png.
The mapping is scrollrender's: view point v shows content point (v + contentOffset) / zoomScale,
content point p is source pixel p * imageScale; output pixel i covers view points
[i/s, (i+1)/s). Resampling mirrors scrollrender's choice: the area average (BOX) when minifying,
bilinear when magnifying, both on a fractional source box. Parts of the view the picture does
not cover (overscroll, a zoomed-out picture) show the background. Frames are split into
contiguous ranges, one per process (multiprocessing, fork).

`--compress-level` is Pillow's zlib level for PNG (1 = fastest; Pillow's default is 6).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import sys

from PIL import Image

import bench_manifest

SOURCE = None  # the decoded picture, set before the workers fork
JOB = None


def parse_colour(text):
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


def render(frame):
    j = JOB
    width, height, s = j["width"], j["height"], j["scale"]
    W, H = SOURCE.size
    z = frame["zoomScale"] / j["image_scale"]  # view points per source pixel
    ox, oy = frame["contentOffset"]["x"], frame["contentOffset"]["y"]
    # where the picture lies in output pixels
    left, top = -ox * s, -oy * s
    right, bottom = left + W * z * s, top + H * z * s
    dx0, dy0 = max(0, round(left)), max(0, round(top))
    dx1, dy1 = min(width, round(right)), min(height, round(bottom))
    canvas = None
    if dx1 > dx0 and dy1 > dy0:
        # the source box those output pixels cover
        box = ((dx0 / s + ox) / z, (dy0 / s + oy) / z, (dx1 / s + ox) / z, (dy1 / s + oy) / z)
        box = (max(0.0, box[0]), max(0.0, box[1]), min(float(W), box[2]), min(float(H), box[3]))
        footprint = 1.0 / (z * s)  # source pixels per output pixel
        resample = Image.BOX if footprint > 1.0 else Image.BILINEAR
        part = SOURCE.resize((dx1 - dx0, dy1 - dy0), resample, box=box)
        if (dx0, dy0, dx1, dy1) == (0, 0, width, height):
            canvas = part
        else:
            canvas = Image.new("RGB", (width, height), j["background"])
            canvas.paste(part, (dx0, dy0))
    else:
        canvas = Image.new("RGB", (width, height), j["background"])
    return canvas


def work(frames):
    for frame in frames:
        path = os.path.join(JOB["out"], "frame_%05d.png" % frame["index"])
        render(frame).save(path, format="PNG", compress_level=JOB["compress_level"])
    return len(frames)


def main():
    global SOURCE, JOB
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("image")
    ap.add_argument("manifest")
    ap.add_argument("out")
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--compress-level", type=int, default=1)
    ap.add_argument("--frames", type=int, default=0, help="only the first N frames (0: all)")
    args = ap.parse_args()

    with open(args.manifest) as f:
        manifest = json.load(f)
    frames = manifest["frames"]
    if args.frames:
        frames = frames[:args.frames]
    os.makedirs(args.out, exist_ok=True)
    JOB = dict(width=manifest["pixelWidth"], height=manifest["pixelHeight"],
               scale=bench_manifest.display_scale(manifest), image_scale=bench_manifest.image_scale(manifest),
               background=parse_colour(bench_manifest.background(manifest)),
               out=args.out, compress_level=args.compress_level)

    SOURCE = Image.open(args.image)
    SOURCE = SOURCE.convert("RGB")  # decodes once (ImageOps.exif_transpose is not needed: orientation 1)
    SOURCE.load()

    n = max(1, args.processes)
    per = math.ceil(len(frames) / n)
    ranges = [frames[i:i + per] for i in range(0, len(frames), per)]
    if n == 1:
        done = work(frames)
    else:
        with mp.get_context("fork").Pool(len(ranges)) as pool:
            done = sum(pool.map(work, ranges, chunksize=1))
    if done != len(frames):
        sys.exit("pillow-frames: wrote %d of %d frames" % (done, len(frames)))


if __name__ == "__main__":
    main()
