#!/usr/bin/env python3
"""The anchor for giant pictures: pyvips (libvips decodes on demand) drawing the frames of a
scrollrender manifest at zoom 1 -- the crop each frame shows, scaled to device pixels, the
background where the view is past the content's edge -- as PNGs at compression level 1.

Usage: python3 Scripts/bench/pyvips-frames.py IMAGE MANIFEST OUTDIR [--frames N]
Needs pyvips and pyvips-binary (Scripts/bench.sh installs them).
"""

import argparse
import json
import os

import pyvips

import bench_manifest


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("manifest")
    ap.add_argument("out")
    ap.add_argument("--frames", type=int, default=None)
    args = ap.parse_args()
    with open(args.manifest) as f:
        manifest = json.load(f)
    scale = bench_manifest.display_scale(manifest)
    view_w, view_h = bench_manifest.view_size(manifest)
    image = pyvips.Image.new_from_file(args.image)  # random access: libvips decodes as tiles are asked for
    os.makedirs(args.out, exist_ok=True)
    frames = manifest["frames"][: args.frames] if args.frames else manifest["frames"]
    for frame in frames:
        x, y = frame["contentOffset"]["x"], frame["contentOffset"]["y"]
        left, top = max(0, int(round(x))), max(0, int(round(y)))
        right = min(image.width, int(round(x + view_w)))
        bottom = min(image.height, int(round(y + view_h)))
        crop = image.crop(left, top, max(1, right - left), max(1, bottom - top))
        placed = crop.embed(left - int(round(x)), top - int(round(y)), int(view_w), int(view_h),
                            extend="background", background=[255, 255, 255])
        placed.resize(scale, kernel="linear").pngsave(
            os.path.join(args.out, "frame_%05d.png" % frame["index"]), compression=1, filter="none")


if __name__ == "__main__":
    main()
