#!/usr/bin/env python3
"""The ffmpeg baseline of Scripts/bench.sh: a filter graph that draws the frames of a scrollrender manifest.

Usage:

    python3 Scripts/bench/ffmpeg-frames.py IMAGE MANIFEST WORKDIR [--frames N] > ffmpeg-args

Writes WORKDIR/graph.txt (for -filter_complex_script) and WORKDIR/commands.txt (for its
sendcmd filter), and prints the ffmpeg arguments before the output options, one per line
(`-framerate FPS -i IMAGE -filter_complex_script WORKDIR/graph.txt -map [out] -frames:v N
-fps_mode passthrough`); Scripts/bench.sh
adds the PNG options and the output pattern, and times ffmpeg alone.

The graph decodes the picture once, converts it to RGB once and repeats that frame
(`loop`) at 60 fps; for every frame, `sendcmd` sets the `crop` box (the source pixels the
view shows, rounded to whole pixels: crop cannot do better), the `scale` size (the output
pixels the picture covers); `pad` fills the rest of the view with the manifest's background
colour (overscroll, a zoomed-out picture) — or, when the picture does not always start at the
view's top-left corner, `overlay` puts it on a background picture at a per-frame position. The mapping is scrollrender's:
view point v shows content point (v + contentOffset) / zoomScale, content point p is source
pixel p * imageScale, output pixel i covers view points [i/s, (i+1)/s). swscale's bilinear
filter (its footprint widens when minifying, like an area average).
"""

from __future__ import annotations

import argparse
import json
import os

import bench_manifest


def geometry(frame, width, height, s, image_scale, W, H):
    z = frame["zoomScale"] / image_scale
    ox, oy = frame["contentOffset"]["x"], frame["contentOffset"]["y"]
    left, top = -ox * s, -oy * s
    right, bottom = left + W * z * s, top + H * z * s
    dx0, dy0 = max(0, round(left)), max(0, round(top))
    dx1, dy1 = min(width, round(right)), min(height, round(bottom))
    if dx1 <= dx0 or dy1 <= dy0:
        raise SystemExit("frame %d shows none of the picture: not supported" % frame["index"])
    bx0, by0 = (dx0 / s + ox) / z, (dy0 / s + oy) / z
    bx1, by1 = (dx1 / s + ox) / z, (dy1 / s + oy) / z
    cx, cy = max(0, round(bx0)), max(0, round(by0))
    cw, ch = max(1, min(W, round(bx1)) - cx), max(1, min(H, round(by1)) - cy)
    return dict(cx=cx, cy=cy, cw=cw, ch=ch, dx=dx0, dy=dy0, dw=dx1 - dx0, dh=dy1 - dy0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("image")
    ap.add_argument("manifest")
    ap.add_argument("workdir")
    ap.add_argument("--frames", type=int, default=0, help="only the first N frames (0: all)")
    args = ap.parse_args()

    with open(args.manifest) as f:
        m = json.load(f)
    frames = m["frames"][:args.frames] if args.frames else m["frames"]
    width, height, s = m["pixelWidth"], m["pixelHeight"], bench_manifest.display_scale(m)
    W, H = m["input"]["pixelWidth"], m["input"]["pixelHeight"]
    fps = m["fps"]
    bg = "0x" + bench_manifest.background(m).lstrip("#")
    geo = [geometry(fr, width, height, s, bench_manifest.image_scale(m), W, H) for fr in frames]

    # the picture always starts at the view's top-left corner: pad on the right and bottom
    use_pad = all(g["dx"] == 0 and g["dy"] == 0 for g in geo)

    os.makedirs(args.workdir, exist_ok=True)
    commands = os.path.join(args.workdir, "commands.txt")
    with open(commands, "w") as f:
        for i, g in enumerate(geo[1:], start=1):
            t = i / fps - 0.25 / fps  # before frame i's timestamp, after frame i-1's
            f.write("%.6f crop w %d, crop h %d, crop x %d, crop y %d, scale w %d, scale h %d"
                    % (t, g["cw"], g["ch"], g["cx"], g["cy"], g["dw"], g["dh"]))
            f.write(";\n" if use_pad else ", overlay x %d, overlay y %d;\n" % (g["dx"], g["dy"]))
    g = geo[0]
    head = ("[0:v]format=rgb24,loop=loop=-1:size=1:start=0,setpts=N/%d/TB,\n"
            "sendcmd=f='%s',\n"
            "crop=w=%d:h=%d:x=%d:y=%d:exact=1,\n"
            "scale=w=%d:h=%d:flags=bilinear"
            % (fps, commands, g["cw"], g["ch"], g["cx"], g["cy"], g["dw"], g["dh"]))
    if use_pad:
        graph_text = head + (",\npad=w=%d:h=%d:x=0:y=0:color=%s:eval=frame[out]\n" % (width, height, bg))
    else:
        graph_text = ("color=c=%s:s=%dx%d:r=%d,format=rgb24[bg];\n" % (bg, width, height, fps)
                      + head + "[fg];\n"
                      + "[bg][fg]overlay=x=%d:y=%d:format=rgb,format=rgb24[out]\n" % (g["dx"], g["dy"]))
    graph = os.path.join(args.workdir, "graph.txt")
    with open(graph, "w") as f:
        f.write(graph_text)
    print("\n".join(["-framerate", str(fps), "-i", args.image, "-filter_complex_script", graph,
                     "-map", "[out]", "-frames:v", str(len(frames)), "-fps_mode", "passthrough"]))


if __name__ == "__main__":
    main()
