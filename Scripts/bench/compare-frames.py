#!/usr/bin/env python3
"""Compare two PNG sequences frame by frame: mean absolute difference per channel (0-255).

Usage: python3 Scripts/bench/compare-frames.py DIR_A DIR_B [--frames N] [--every K]

Prints the mean over the compared frames, the worst frame and its index. Resampling filters
differ between scrollrender, swscale and Pillow, so the sequences are not pixel-identical; a
misplaced offset or zoom shows up as a mean difference of tens, a matching one as a few units.
"""

import argparse
import os
import sys

import numpy as np
from PIL import Image


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--frames", type=int, default=120)
    ap.add_argument("--every", type=int, default=1)
    args = ap.parse_args()
    diffs = []
    for i in range(0, args.frames, args.every):
        name = "frame_%05d.png" % i
        pa, pb = os.path.join(args.a, name), os.path.join(args.b, name)
        if not (os.path.exists(pa) and os.path.exists(pb)):
            sys.exit("missing %s" % name)
        a = np.asarray(Image.open(pa).convert("RGB"), np.int16)
        b = np.asarray(Image.open(pb).convert("RGB"), np.int16)
        if a.shape != b.shape:
            sys.exit("%s: %s vs %s" % (name, a.shape, b.shape))
        diffs.append((float(np.abs(a - b).mean()), i))
    mean = sum(d for d, _ in diffs) / len(diffs)
    worst = max(diffs)
    print("mean abs diff %.2f over %d frames, worst %.2f (frame %d)" % (mean, len(diffs), worst[0], worst[1]))


if __name__ == "__main__":
    main()
