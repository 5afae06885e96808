#!/usr/bin/env python3
"""Write a giant photo-like JPEG without holding it in memory: rows of a deterministic pattern
(gradients, a coordinate grid and per-pixel noise, so every block carries detail) are streamed
as a PPM into libjpeg-turbo's cjpeg (Debian package libjpeg-turbo-progs).

Usage: python3 Scripts/bench/make-giant-jpeg.py WIDTH HEIGHT OUT.jpg
Needs NumPy. A 30000x30000 picture takes about a minute and a few MB of memory.
"""

import subprocess
import sys

import numpy as np


def main() -> None:
    width, height, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    with open(out, "wb") as target:
        cjpeg = subprocess.Popen(["cjpeg", "-quality", "90", "-optimize"], stdin=subprocess.PIPE, stdout=target)
        cjpeg.stdin.write(f"P6\n{width} {height}\n255\n".encode())
        rng = np.random.default_rng(7)
        x = np.arange(width, dtype=np.int64)
        band = 64
        for top in range(0, height, band):
            y = np.arange(top, min(height, top + band), dtype=np.int64)[:, None]
            red = (x[None, :] * 255 // max(1, width - 1)) + 0 * y
            green = (y * 255 // max(1, height - 1)) + 0 * x[None, :]
            blue = ((x[None, :] // 37) ^ (y // 29)) * 53 % 256
            grid = ((x[None, :] % 500) < 3) | ((y % 500) < 3)
            noise = rng.integers(-24, 25, size=(len(y), width, 3))
            rgb = np.stack([red, green, blue], axis=-1) + noise
            rgb[grid] = 20
            cjpeg.stdin.write(np.clip(rgb, 0, 255).astype(np.uint8).tobytes())
        cjpeg.stdin.close()
        if cjpeg.wait() != 0:
            sys.exit("cjpeg failed")


if __name__ == "__main__":
    main()
