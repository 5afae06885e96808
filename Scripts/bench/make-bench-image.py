#!/usr/bin/env python3
"""Generate the benchmark picture: a deterministic, photo-like 6000x4000 JPEG.

Usage (from the repository root):

    python3 Scripts/bench/make-bench-image.py OUT.jpg [--width 6000 --height 4000]

The scene is the procedural landscape of Scripts/make-sample-images.py (fBm sky
and clouds, ridged mountain ranges with snow and gullies, forests, a lake with
reflections, a meadow with grass blades, boulders and flowers, film grain),
painted at 6000x4000 with fixed seeds and no grid or labels, so every 8x8 block
carries detail the way a 24 MP photograph does. Encoded by Pillow at quality 90,
4:2:0, baseline. Deterministic for a given NumPy and Pillow version.

Needs NumPy and Pillow (Scripts/bench.sh installs them). Takes about a minute
and ~3 GB of memory once; Scripts/bench.sh caches the result under .build/bench/.
The picture is never committed.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def load_sample_painter():
    path = os.path.join(HERE, "..", "make-sample-images.py")
    spec = importlib.util.spec_from_file_location("make_sample_images", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--width", type=int, default=6000)
    ap.add_argument("--height", type=int, default=4000)
    ap.add_argument("--quality", type=int, default=90)
    ap.add_argument("--seed", type=int, default=60004000)
    args = ap.parse_args()

    painter = load_sample_painter()
    W, H = args.width, args.height
    # The sample picture's layout (3000x4500, horizon at 60 %) moved up for a landscape frame:
    # sky in the top ~45 %, mountains to the lake, then shore and meadow.
    k = H / 4000.0
    lay = {name: int(round(v * k)) for name, v in dict(
        far_base=1400, far_amp=700, main_base=1800, main_amp=950, near_base=2050,
        near_amp=360, forest1=2110, forest2=2180, lake=2280, shore=2800).items()}
    s = 1.25 * W / 6000.0  # feature size: a little larger than the sample's, as in a wider lens

    t0 = time.time()
    img = painter.landscape(H, W, seed=args.seed, s=s, lay=lay)
    u8 = painter.to_u8(img)
    del img
    tmp = args.out + ".tmp"
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    from PIL import Image
    Image.fromarray(u8, "RGB").save(tmp, format="JPEG", quality=args.quality, subsampling=2,
                                    optimize=True, progressive=False)
    os.replace(tmp, args.out)
    print("%s: %dx%d, %.1f MB, %.1fs" % (args.out, W, H, os.path.getsize(args.out) / 1e6,
                                         time.time() - t0), file=sys.stderr)


if __name__ == "__main__":
    main()
