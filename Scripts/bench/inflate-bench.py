#!/usr/bin/env python3
"""The frame reader's inflater (libdeflate, through the shim's inflate.c) against zlib: renders the
main job (SampleImages/tesla.jpg, 190 frames of 780x1688, as the release build writes them),
builds Scripts/bench/inflate-bench.c with clang against the shim's inflate.c, libdeflate and zlib,
and prints the median frame's inflate time for each (both check the Adler-32). One thread.

Usage (from the repository root, after `swift build -c release`):

    python3 Scripts/bench/inflate-bench.py [--runs 5] [--bin .build/release/scrollrender] [--quick]

Needs clang (the Swift toolchain's), libdeflate-dev and zlib1g-dev (Scripts/install-dependencies.sh).
--quick (CI, through Scripts/bench/quick.sh): 1 run over the main job rendered at 20 fps.
"""

import glob
import os
import shutil
import subprocess
import tempfile

from whole_process import ROOT, arguments, render


def main():
    args = arguments(__doc__.split("\n\n")[0])
    work = tempfile.mkdtemp(prefix="inflate-bench-")
    try:
        bench(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def bench(args, work):
    frames = os.path.join(work, "frames")
    subprocess.run(render(args, [args.bin, "--quiet", "--fling", "800", os.path.join(ROOT, "SampleImages/tesla.jpg"), frames]),
                   check=True)
    binary = os.path.join(work, "inflate-bench")
    subprocess.run(["clang", "-O2", "-I", os.path.join(ROOT, "Sources/_DeflateShims/include"),
                    os.path.join(ROOT, "Scripts/bench/inflate-bench.c"),
                    os.path.join(ROOT, "Sources/_DeflateShims/inflate.c"), "-ldeflate", "-lz", "-o", binary], check=True)
    subprocess.run([binary, str(args.runs)] + sorted(glob.glob(os.path.join(frames, "frame_*.png"))), check=True)


if __name__ == "__main__":
    main()
