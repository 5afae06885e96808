#!/usr/bin/env python3
"""Generate the bundled sample pictures in SampleImages/.

Usage (from the repository root):

    python3 Scripts/make-sample-images.py            # writes SampleImages/*, Examples/header.jpg
    python3 Scripts/make-sample-images.py --out DIR  # writes all four into DIR instead

Dependencies: Python 3.9+, NumPy and Pillow.  Install them with

    pip install numpy pillow

Pillow does the encoding (JPEG through the libjpeg-turbo that Pillow's wheels
bundle, PNG through zlib); no font files or other assets are needed, because
the labels are drawn with the 5x7 bitmap font defined below.

Output (all procedurally generated, CC0-1.0, see SampleImages/README.md):

    tesla.jpg   3000x4500  photo-like mountain landscape with a labelled
                           250 px coordinate grid and coloured corner markers
    header.jpg  1170x658   landscape in the same style, no grid (stretchy header), in
                           Examples/ beside the scenario that names it: a suite reads
                           only files in its own folder
    grid.png    550x350    clean 50 px grid, RGB 8-bit
    screenshot.png 1206x5550 a long screenshot of a messages app at 3x (--fit width)

Deterministic: every random number comes from numpy.random.Generator(PCG64)
with a fixed seed, and the encoder settings are fixed, so the output bytes are
identical on every run with the same NumPy and Pillow versions.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

try:
    from PIL import Image
except ImportError:  # pragma: no cover - message for humans
    sys.exit("make-sample-images.py needs Pillow: pip install pillow")

F32 = np.float32

# --------------------------------------------------------------------------
# Noise
# --------------------------------------------------------------------------


def _bspline(f):
    """Cubic B-spline weights for fractional positions f (any shape)."""
    f2 = f * f
    f3 = f2 * f
    w0 = (1.0 - f) ** 3 / 6.0
    w1 = (3.0 * f3 - 6.0 * f2 + 4.0) / 6.0
    w2 = (-3.0 * f3 + 3.0 * f2 + 3.0 * f + 1.0) / 6.0
    w3 = f3 / 6.0
    return [w.astype(F32) for w in (w0, w1, w2, w3)]


def _axis(n, cell, rng):
    t = np.arange(n, dtype=np.float64) / cell + rng.random() * 8.0
    i = np.floor(t).astype(np.int64)
    f = t - i
    i -= i[0]
    return i, _bspline(f)


def noise2d(h, w, cy, cx, rng):
    """Smooth value noise (cubic B-spline of a Gaussian lattice), std ~ 1."""
    iy, wy = _axis(h, cy, rng)
    ix, wx = _axis(w, cx, rng)
    g = rng.standard_normal((int(iy[-1]) + 4, int(ix[-1]) + 4), dtype=F32)
    a = g[:, ix] * wx[0]
    for k in (1, 2, 3):
        a += g[:, ix + k] * wx[k]
    out = a[iy] * wy[0][:, None]
    for k in (1, 2, 3):
        out += a[iy + k] * wy[k][:, None]
    out *= F32(2.1)
    return out


def noise1d(n, cell, rng):
    i, wt = _axis(n, cell, rng)
    g = rng.standard_normal(int(i[-1]) + 4).astype(F32)
    out = g[i] * wt[0]
    for k in (1, 2, 3):
        out += g[i + k] * wt[k]
    return out * F32(1.45)


def fbm2d(h, w, cell, rng, octaves=8, gain=0.5, aspect=1.0, ridged=False, min_cell=1.1):
    """Fractal sum of noise2d.  cell is the horizontal size of the coarsest
    octave; aspect = vertical/horizontal cell size.  Result std ~ 1."""
    total = np.zeros((h, w), F32)
    amp, norm = 1.0, 0.0
    cx = float(cell)
    for _ in range(octaves):
        cy = cx * aspect
        if min(cx, cy) < min_cell:
            break
        n = noise2d(h, w, cy, cx, rng)
        if ridged:
            n = np.abs(n, out=n)
            n = F32(1.0) - F32(0.75) * n
            np.maximum(n, -1.0, out=n)
        total += F32(amp) * n
        norm += amp * amp
        amp *= gain
        cx /= 2.0
    total /= F32(np.sqrt(norm))
    return total


def fbm1d(n, cell, rng, octaves=8, gain=0.5, ridged=False):
    total = np.zeros(n, F32)
    amp, norm = 1.0, 0.0
    c = float(cell)
    for _ in range(octaves):
        if c < 1.0:
            break
        v = noise1d(n, c, rng)
        if ridged:
            v = 1.0 - np.abs(v)
        total += F32(amp) * v
        norm += amp
        amp *= gain
        c /= 2.0
    return total / F32(norm)


# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return (t * t * (3.0 - 2.0 * t)).astype(F32)


def col(*rgb):
    return np.array(rgb, F32)


def mix(a, b, t):
    """Blend colour arrays a -> b by t; t is broadcast over the colour axis."""
    t = np.asarray(t, F32)
    if t.ndim == 2:  # per-pixel weight for an (h, w, 3) image
        t = t[..., None]
    return a + (b - a) * t


def blend_into(img, y0, rgb, alpha):
    """img[y0:y0+h] = mix(img, rgb, alpha)."""
    h = alpha.shape[0]
    region = img[y0:y0 + h]
    region += (rgb - region) * alpha[..., None]


# --------------------------------------------------------------------------
# Landscape
# --------------------------------------------------------------------------


def paint_sky(img, horizon, s, rng):
    h, w = horizon, img.shape[1]
    y = (np.arange(h, dtype=F32) / max(h - 1, 1))[:, None, None]
    zenith, mid, low = col(0.16, 0.34, 0.66), col(0.36, 0.57, 0.84), col(0.80, 0.86, 0.90)
    g = np.where(y < 0.55, mix(zenith, mid, y / 0.55), mix(mid, low, np.clip((y - 0.55) / 0.45, 0, 1) ** 1.3))
    sky = np.broadcast_to(g, (h, w, 3)).astype(F32).copy()

    # sun glow (sun itself hidden behind a cloud bank, upper right)
    sx, sy = 0.80 * w, 0.20 * h
    yy, xx = np.mgrid[0:h, 0:w].astype(F32)
    d = np.sqrt((xx - sx) ** 2 + ((yy - sy) * 1.1) ** 2) / max(w, h)
    glow = np.exp(-d * 6.0) * 0.35 + np.exp(-d * 30.0) * 0.35
    sky += glow[..., None] * col(1.0, 0.85, 0.6)

    # clouds: fBm density, wider than tall, more of them in the middle band
    dens = fbm2d(h, w, 520 * s, rng, octaves=9, gain=0.55, aspect=0.45)
    dens += F32(0.35) * fbm2d(h, w, 90 * s, rng, octaves=6, gain=0.6, aspect=0.6)
    band = np.exp(-(((y[..., 0] - 0.45) / 0.35) ** 2)).astype(F32)
    dens = dens + F32(1.2) * band - F32(0.9)
    cover = smoothstep(0.05, 0.9, dens)
    # self-shadowing: compare with the density one step toward the sun
    k = max(2, int(14 * s))
    shifted = np.roll(np.roll(dens, k, axis=0), -k, axis=1)
    light = np.clip(0.72 + (dens - shifted) * 1.6 + 0.2 * (1 - y[..., 0]), 0.0, 1.2)
    thick = smoothstep(0.3, 1.8, dens)
    cloud = mix(col(0.56, 0.60, 0.68), col(1.0, 0.98, 0.95), light)
    cloud = mix(cloud, col(0.45, 0.48, 0.55), thick * 0.45)
    cloud += (glow[..., None] * 0.5) * col(1.0, 0.8, 0.5)
    sky = mix(sky, cloud, cover * 0.96)
    img[:h] = sky


def gauss_blur1d(v, sigma):
    if sigma < 0.5:
        return v.copy()
    r = int(3 * sigma)
    k = np.exp(-0.5 * (np.arange(-r, r + 1) / sigma) ** 2)
    k /= k.sum()
    p = np.pad(v.astype(np.float64), r, mode="reflect")
    return np.convolve(p, k, mode="valid").astype(F32)


def mountain_layer(img, rng, s, y_base, amp, y_end, cell, rock_a, rock_b, haze_rgb, haze,
                   snow=0.55, jag=0.18, valley_mist=0.55, treeline=None):
    """One range of mountains.  The crest is broad fBm plus ridged jaggedness;
    the faces below it are shaded with the crest slope blurred more and more
    with depth (so each peak becomes a lit/shadowed pyramid), plus gullies."""
    w = img.shape[1]
    broad = fbm1d(w, cell * s, rng, octaves=4, gain=0.45)
    broad = (broad - broad.min()) / (broad.max() - broad.min())
    jagged = fbm1d(w, cell * s * 0.3, rng, octaves=9, gain=0.55, ridged=True)
    jagged = (jagged - jagged.mean()) / (jagged.std() + 1e-6)
    prof = broad ** F32(1.3) + F32(jag) * jagged * (0.4 + broad)
    prof = (prof - prof.min()) / (prof.max() - prof.min())
    R = amp * prof  # crest height above y_base, in px
    ridge = y_base - R
    top = max(0, int(ridge.min()) - 2)
    h = y_end - top
    xs = np.arange(w)
    yy = np.arange(top, y_end, dtype=F32)[:, None]
    depth = yy - ridge[None, :]
    alpha = np.clip(depth + 0.5, 0.0, 1.0)

    # slope of the crest, blurred with sigma growing with depth below it
    sigmas = [0, 3, 6, 12, 24, 48, 96, 192, 384]
    slopes = np.stack([np.gradient(gauss_blur1d(R, sg * s)) for sg in sigmas])
    kf = np.clip(np.log2(np.maximum(depth, 1.0) / (3.0 * s) + 1.0), 0, len(sigmas) - 1.001)
    k0 = kf.astype(np.int64)
    t = (kf - k0).astype(F32)
    xi = np.broadcast_to(xs[None, :], k0.shape)
    slope = slopes[k0, xi] * (1 - t) + slopes[k0 + 1, xi] * t

    # gullies and ribs running down the faces, plus fine rock detail
    gul = fbm2d(h, w, 0.12 * cell * s, rng, octaves=7, gain=0.55, aspect=2.5, ridged=True)
    gul -= gul.mean()
    fine = fbm2d(h, w, 24 * s, rng, octaves=5, gain=0.6, aspect=0.7)
    gx = np.gradient(gul, axis=1) * F32(0.12 * cell * s) + np.gradient(fine, axis=1) * F32(6 * s)
    sl = slope + 0.35 * gx
    shade = 0.62 - 0.42 * np.tanh(1.3 * sl) + 0.06 * gul
    shade *= 1.0 - 0.25 * smoothstep(0.0, 1.0, depth / amp)
    shade = np.clip(shade, 0.12, 1.15).astype(F32)

    strata = fbm2d(h, w, 0.25 * cell * s, rng, octaves=6, gain=0.6, aspect=0.25)
    rock = mix(rock_a, rock_b, smoothstep(-2.0, 2.0, strata + 0.6 * fine))
    rock = rock * shade[..., None]

    elev = (y_base - yy) / amp  # 1 at the highest crest, 0 at the base
    snowy = elev + 0.08 * strata + 0.06 * gul - 0.10 * np.abs(sl) + 0.03 * fine
    smask = smoothstep(1.0 - snow - 0.025, 1.0 - snow + 0.025, snowy)
    snow_rgb = mix(col(0.50, 0.58, 0.74), col(1.0, 0.99, 0.96), np.clip((shade - 0.2) * 1.3, 0, 1))
    out = mix(rock, snow_rgb, smask)

    if treeline is not None:  # conifer forest on the lower slopes
        canopy = fbm2d(h, w, 9 * s, rng, octaves=3, gain=0.6, aspect=1.8, min_cell=0.9)
        trees = mix(col(0.03, 0.08, 0.04), col(0.20, 0.32, 0.13), smoothstep(-1.4, 1.8, canopy))
        trees = trees * np.clip(0.55 + 0.45 * shade, 0.3, 1.2)[..., None]
        tmask = smoothstep(treeline + 0.03, treeline - 0.03,
                           elev + 0.07 * strata + 0.05 * gul + 0.08 * np.abs(sl) + 0.02 * canopy)
        out = mix(out, trees, tmask)

    mist = haze + (1.0 - haze) * valley_mist * smoothstep(0.35 * amp, 1.3 * amp, depth)
    out = mix(out, haze_rgb, mist)
    blend_into(img, top, out, alpha)
    return ridge


def forest_layer(img, rng, s, y_base, amp, y_end, dark, light, haze_rgb, haze, tree_h):
    w = img.shape[1]
    base = y_base - amp * fbm1d(w, 700 * s, rng, octaves=5, gain=0.5)
    # conifer tops: a saw-tooth skyline made of many small triangles
    sil = np.zeros(w, F32)
    x = 0.0
    xs = np.arange(w, dtype=F32)
    while x < w:
        th = tree_h * (0.55 + 0.7 * rng.random())
        tw = th * (0.22 + 0.12 * rng.random())
        lo, hi = int(max(0, x - tw)), int(min(w, x + tw + 1))
        prof = th * (1.0 - np.abs(xs[lo:hi] - x) / tw)
        sil[lo:hi] = np.maximum(sil[lo:hi], prof)
        x += tw * (0.5 + 0.8 * rng.random())
    ridge = base - sil
    top = max(0, int(ridge.min()) - 2)
    h = y_end - top
    yy = np.arange(top, y_end, dtype=F32)[:, None]
    depth = yy - ridge[None, :]
    alpha = np.clip(depth + 0.5, 0.0, 1.0)

    canopy = fbm2d(h, w, 0.45 * tree_h, rng, octaves=5, gain=0.6, aspect=2.2)
    patches = fbm2d(h, w, 160 * s, rng, octaves=4, gain=0.5, aspect=0.6)
    t = smoothstep(-1.6, 1.6, canopy + 0.6 * patches)
    c = mix(dark, light, t)
    # autumn / birch accents
    spots = fbm2d(h, w, 1.5 * tree_h, rng, octaves=3, gain=0.5, aspect=1.6)
    acc = smoothstep(1.6, 2.3, spots + 0.3 * patches + 0.3 * canopy)
    c = mix(c, col(0.50, 0.42, 0.15) * (0.6 + 0.2 * canopy[..., None]), acc * 0.65)
    shade = np.clip(1.0 - 0.35 * smoothstep(0, 3 * tree_h, depth), 0.5, 1.0)
    c *= shade[..., None]
    c = mix(c, haze_rgb, haze * (1.0 - 0.3 * smoothstep(0, 3 * tree_h, depth)))
    blend_into(img, top, c, alpha)
    return ridge


def paint_lake(img, rng, s, y0, y1):
    w = img.shape[1]
    h = y1 - y0
    depth = np.arange(h, dtype=F32)[:, None] / h
    # ripples: long horizontally, thin vertically, getting bigger toward us
    rip = fbm2d(h, w, 120 * s, rng, octaves=6, gain=0.5, aspect=0.06, min_cell=0.6)
    amp = (1.0 + 9.0 * depth) * s
    xs = np.arange(w)[None, :]
    # mirror about the shoreline, squeezed 2x so the far mountains show up
    mirror = y0 - 1 - 2.0 * np.arange(0, h)[:, None]
    refl = np.zeros((h, w, 3), F32)
    # a little vertical smear, as in a real reflection on slightly moving water
    for k, wt in ((0.0, 0.4), (2.0, 0.3), (5.0, 0.3)):
        sy = np.rint(mirror + rip * amp - k * s * (0.5 + depth))
        sy = np.clip(sy, 0, y0 - 1).astype(np.int64)
        sx = np.clip(np.rint(xs + rip * amp * 0.6), 0, w - 1).astype(np.int64)
        refl += img[sy, sx] * F32(wt)
    water = mix(col(0.16, 0.27, 0.30), col(0.08, 0.16, 0.18), depth)
    fres = np.clip(0.9 - 0.4 * depth + 0.08 * rip, 0.2, 0.95)
    out = mix(water, refl * 0.93, fres)
    # thin sky glints on the ripple crests
    glint = smoothstep(1.9, 2.6, rip) * (0.3 + 0.7 * depth)
    out = mix(out, col(0.85, 0.9, 0.95), glint * 0.35)
    # soft bright line where the far shore meets the water
    edge = np.exp(-np.arange(h, dtype=F32) / (2.0 * s))[:, None]
    out = mix(out, col(0.80, 0.84, 0.86), edge * 0.3)
    img[y0:y1] = out


def paint_ground(img, rng, s, y0):
    H, w = img.shape[:2]
    # wavy shoreline
    shore = y0 + (fbm1d(w, 400 * s, rng, octaves=7) * 22 * s).astype(F32)
    top = max(0, int(shore.min()) - 2)
    h = H - top
    yy = np.arange(top, H, dtype=F32)[:, None]
    d = yy - shore[None, :]
    alpha = np.clip(d + 0.5, 0.0, 1.0)
    near = np.clip((yy - top) / max(h - 1, 1), 0, 1)  # 0 far .. 1 near

    # pebbly beach strip
    peb_w = np.minimum((30 + 90 * near) * s, (0.03 + 0.1 * near) * h)
    pebbles = fbm2d(h, w, 14 * s, rng, octaves=4, gain=0.6, aspect=0.6)
    beach = mix(col(0.55, 0.50, 0.42), col(0.78, 0.74, 0.66), smoothstep(-1.5, 1.5, pebbles))
    beachmask = 1.0 - smoothstep(0.6, 1.0, d / peb_w + 0.15 * pebbles)

    # meadow: low-frequency colour patches plus grass blades at two scales
    patch = fbm2d(h, w, 500 * s, rng, octaves=5, gain=0.55, aspect=0.5)
    base = mix(col(0.20, 0.36, 0.10), col(0.50, 0.55, 0.20), smoothstep(-1.6, 1.6, patch))
    g_far = fbm2d(h, w, 5 * s, rng, octaves=3, gain=0.6, aspect=2.5, min_cell=0.9)
    g_near = fbm2d(h, w, 12 * s, rng, octaves=4, gain=0.6, aspect=4.0, min_cell=0.9)
    blades = g_far * (1 - near) + g_near * near
    grass = base * (0.72 + 0.17 * blades)[..., None]
    # light dry tips
    grass = mix(grass, col(0.75, 0.72, 0.42), smoothstep(1.4, 2.6, blades) * 0.6)

    # flowers: small bright blobs from thresholded fine noise
    fl = fbm2d(h, w, 7 * s, rng, octaves=2, gain=0.5, aspect=1.0, min_cell=0.9)
    fl = fl * (0.8 + 0.2 * near) + 0.0
    hue = fbm2d(h, w, 300 * s, rng, octaves=3)
    fcol = np.where((hue > 0.3)[..., None], col(0.95, 0.85, 0.25),
                    np.where((hue < -0.5)[..., None], col(0.62, 0.42, 0.85), col(0.96, 0.96, 0.92)))
    fmask = smoothstep(2.1, 2.5, fl) * smoothstep(0.5, 2.0, d / peb_w)
    grass = mix(grass, fcol, fmask)

    out = mix(grass, beach, beachmask)
    # gentle darkening toward the bottom (foreground in shadow of clouds)
    out *= (1.0 - 0.18 * near ** 2)[..., None]
    blend_into(img, top, out, alpha)

    # grass blades, boulders, a sparse layer of blades in front of them, flowers
    grass_top = int(shore.max() + 60 * s)
    grass_blades(img, rng, grass_top, s)
    for _ in range(16):
        f = 0.2 + 0.8 * rng.random() ** 0.7
        cy = int(top + h * f)
        rad = (0.01 + 0.11 * f * f * (0.4 + rng.random())) * h
        cx = int(rng.random() * w)
        boulder(img, rng, cx, cy, rad, s)
    grass_blades(img, rng, grass_top, s, coverage=0.35)
    flowers(img, rng, grass_top, s, int(2200 * w * (H - grass_top) / 3.75e6))


def boulder(img, rng, cx, cy, rad, s):
    H, W = img.shape[:2]
    ry = rad * (0.55 + 0.2 * rng.random())
    y0, y1 = max(0, int(cy - ry - 2)), min(H, int(cy + ry * 0.5 + 2))
    x0, x1 = max(0, int(cx - rad - 2)), min(W, int(cx + rad + 2))
    if y1 - y0 < 3 or x1 - x0 < 3:
        return
    h, w = y1 - y0, x1 - x0
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(F32)
    ang = np.arctan2((yy - cy) / ry, (xx - cx) / rad)
    wob = 0.12 * np.sin(3 * ang + rng.random() * 6) + 0.07 * np.sin(5 * ang + rng.random() * 6)
    r = np.sqrt(((xx - cx) / rad) ** 2 + ((yy - cy) / ry) ** 2)
    inside = np.clip((1.0 + wob - r) * rad, 0, 1) * (yy < cy + ry * 0.45)
    tex = fbm2d(h, w, max(4.0, rad * 0.5), rng, octaves=6, gain=0.6)
    lit = np.clip(0.95 - 0.75 * (yy - (cy - ry)) / (1.5 * ry) + 0.25 * (xx - cx) / rad, 0.2, 1.1)
    c = mix(col(0.36, 0.35, 0.33), col(0.66, 0.64, 0.6), smoothstep(-1.5, 1.5, tex))
    c = c * lit[..., None]
    c = mix(c, col(0.42, 0.48, 0.2), smoothstep(0.9, 1.6, tex) * 0.6)  # lichen
    region = img[y0:y1, x0:x1]
    # contact shadow
    sh = np.clip(1.0 - np.abs((yy - cy - ry * 0.4) / (ry * 0.25)), 0, 1) * (r < 1.35)
    region *= (1.0 - 0.45 * sh)[..., None]
    region += (c - region) * inside[..., None]


def grass_blades(img, rng, top, s, coverage=2.2):
    """Paint individual grass blades from top (far) to the bottom edge (near),
    far ones short and thin, near ones long and wide; painter's order."""
    H, W = img.shape[:2]
    span = H - top
    src = img.copy()  # meadow colour to take each blade's tint from
    band = max(4, int(24 * s))
    for b0 in range(top, H + int(40 * s), band):
        near = min(1.0, max(0.0, (b0 - top) / span))
        L0 = (5.0 + 75.0 * near ** 1.4) * s + 2.0
        wid = 1 + int(2.4 * near * s + 0.2)
        n = int(band * W * coverage / (L0 * wid))
        by = b0 + rng.random(n) * band
        order = np.argsort(by, kind="stable")
        by = by[order]
        bx = rng.random(n) * W
        L = L0 * (0.55 + 0.9 * rng.random(n))
        lean = (rng.random(n) - 0.5) * 0.9 + 0.15
        tint = 0.62 + 0.6 * rng.random(n)
        dry = rng.random(n) < 0.08
        m = np.ceil(L).astype(np.int64) + 1
        idx = np.repeat(np.arange(n), m)
        t = (np.arange(idx.size) - np.repeat(np.cumsum(m) - m, m)) / (m[idx] - 1)
        py = by[idx] - t * L[idx]
        px = bx[idx] + lean[idx] * L[idx] * t ** 1.6
        iy = np.rint(py).astype(np.int64)
        ix = np.rint(px).astype(np.int64)
        ok = (iy >= top) & (iy < H)
        cy = np.clip(np.rint(by).astype(np.int64), top, H - 1)
        cx = np.clip(np.rint(bx).astype(np.int64), 0, W - 1)
        base = src[cy, cx]
        base = np.where(dry[:, None], col(0.62, 0.58, 0.32), base)
        shade = (0.55 + 0.65 * t ** 0.8).astype(F32)[:, None]
        c = base[idx] * (tint[idx].astype(F32)[:, None] * shade)
        for dx in range(wid):
            jx = ix + dx
            ok2 = ok & (jx >= 0) & (jx < W)
            img[iy[ok2], jx[ok2]] = c[ok2] * (F32(1.0) - F32(0.12) * dx)


def flowers(img, rng, top, s, count):
    H, W = img.shape[:2]
    span = H - top
    near = rng.random(count) ** 0.6
    fy = (top + 0.08 * span + near * 0.92 * span).astype(np.int64)
    fx = (rng.random(count) * W).astype(np.int64)
    kind = rng.integers(0, 4, count)
    palette = np.array([[0.97, 0.97, 0.93], [0.98, 0.84, 0.20], [0.66, 0.45, 0.90],
                        [0.92, 0.35, 0.30]], F32)
    rad = np.maximum(1, np.rint((0.8 + 5.5 * near) * s * (0.7 + 0.6 * rng.random(count)))).astype(np.int64)
    for r in range(1, int(rad.max()) + 1):
        sel = rad == r
        if not sel.any():
            continue
        oy, ox = np.mgrid[-r:r + 1, -r:r + 1]
        d2 = oy * oy + ox * ox
        disc = d2 <= r * r + r // 2
        oy, ox, d2 = oy[disc], ox[disc], d2[disc]
        yy = fy[sel][:, None] + oy[None, :]
        xx = fx[sel][:, None] + ox[None, :]
        cc = palette[kind[sel]][:, None, :] * (1.0 - 0.25 * d2 / (r * r + 1))[None, :, None]
        centre = (d2 <= max(0, (r // 3) ** 2))[None, :, None]
        cc = np.where(centre, col(0.95, 0.7, 0.1), cc)
        ok = (yy >= 0) & (yy < H) & (xx >= 0) & (xx < W)
        img[yy[ok], xx[ok]] = cc[ok]


def landscape(H, W, seed, s, lay):
    """Paint the whole scene; s scales feature sizes, lay holds y positions."""
    rng = np.random.default_rng(seed)
    img = np.zeros((H, W, 3), F32)
    paint_sky(img, lay["lake"], s, rng)
    haze = col(0.72, 0.80, 0.88)
    mountain_layer(img, rng, s, lay["far_base"], lay["far_amp"], lay["lake"], 1500,
                   col(0.40, 0.45, 0.56), col(0.60, 0.63, 0.72), haze, 0.40, snow=0.55)
    mountain_layer(img, rng, s, lay["main_base"], lay["main_amp"], lay["lake"], 1900,
                   col(0.22, 0.20, 0.20), col(0.56, 0.51, 0.46), haze, 0.12, snow=0.48,
                   treeline=0.22, valley_mist=0.35)
    mountain_layer(img, rng, s, lay["near_base"], lay["near_amp"], lay["lake"], 1000,
                   col(0.16, 0.22, 0.12), col(0.40, 0.40, 0.28), haze, 0.08, snow=-1.0, jag=0.1,
                   valley_mist=0.3, treeline=1.5)
    forest_layer(img, rng, s, lay["forest1"], 60 * s, lay["lake"],
                 col(0.06, 0.13, 0.08), col(0.18, 0.30, 0.14), haze, 0.25, 28 * s)
    forest_layer(img, rng, s, lay["forest2"], 40 * s, lay["lake"],
                 col(0.03, 0.08, 0.04), col(0.14, 0.26, 0.10), haze, 0.05, 55 * s)
    paint_lake(img, rng, s, lay["lake"], min(H, lay["shore"] + int(90 * s)))
    paint_ground(img, rng, s, lay["shore"])

    # slight vignette and film grain (fine detail everywhere)
    yy = (np.arange(H, dtype=F32) / H - 0.5)[:, None]
    xx = (np.arange(W, dtype=F32) / W - 0.5)[None, :]
    vig = 1.0 - 0.22 * (xx * xx * 2 + yy * yy * 2)
    img *= vig[..., None]
    grain = rng.standard_normal((H, W), dtype=F32) * F32(0.012)
    img += grain[..., None]
    return img


def to_u8(img):
    # a little extra saturation and a gentle S-curve, then 8-bit
    x = np.clip(img, 0.0, 1.0)
    luma = (x @ np.array([0.299, 0.587, 0.114], F32))[..., None]
    x = np.clip(luma + (x - luma) * F32(1.12), 0.0, 1.0)
    x += F32(0.3) * (x * x * (3.0 - 2.0 * x) - x)
    return (x * 255.0 + 0.5).astype(np.uint8)


# --------------------------------------------------------------------------
# 5x7 bitmap font (drawn by hand; no font files needed)
# --------------------------------------------------------------------------

FONT = {
    "0": ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
    "1": ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
    "2": ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
    "3": ["11111", "00010", "00100", "00010", "00001", "10001", "01110"],
    "4": ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
    "5": ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
    "6": ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
    "7": ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
    "8": ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
    "9": ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
    "x": ["00000", "00000", "10001", "01010", "00100", "01010", "10001"],
    "y": ["00000", "00000", "10001", "10001", "01111", "00001", "01110"],
    ",": ["00000", "00000", "00000", "00000", "01100", "00100", "01000"],
    "-": ["00000", "00000", "00000", "11111", "00000", "00000", "00000"],
    " ": ["00000"] * 7,
    "A": ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
    "B": ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
    "E": ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
    "F": ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
    "G": ["01110", "10001", "10000", "10111", "10001", "10001", "01111"],
    "H": ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
    "I": ["01110", "00100", "00100", "00100", "00100", "00100", "01110"],
    "L": ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
    "M": ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
    "O": ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
    "P": ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
    "R": ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
    "T": ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
    # Letters the app screenshot's words need (added for screenshot.png; the others are as before).
    "C": ["01110", "10001", "10000", "10000", "10000", "10001", "01110"],
    "D": ["11110", "10001", "10001", "10001", "10001", "10001", "11110"],
    "K": ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
    "N": ["10001", "11001", "10101", "10011", "10001", "10001", "10001"],
    "S": ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
    "U": ["10001", "10001", "10001", "10001", "10001", "10001", "01110"],
    "V": ["10001", "10001", "10001", "10001", "10001", "01010", "00100"],
    "W": ["10001", "10001", "10001", "10101", "10101", "10101", "01010"],
    "Y": ["10001", "10001", "01010", "00100", "00100", "00100", "00100"],
    ":": ["00000", "01100", "01100", "00000", "01100", "01100", "00000"],
}


def text_mask(text, scale):
    glyphs = [np.array([[c == "1" for c in row] for row in FONT[ch]], bool) for ch in text]
    gap = np.zeros((7, 1), bool)
    parts = []
    for i, g in enumerate(glyphs):
        if i:
            parts.append(gap)
        parts.append(g)
    m = np.concatenate(parts, axis=1)
    return np.kron(m, np.ones((scale, scale), bool))


def dilate(m, r):
    out = m.copy()
    h, w = m.shape
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx * dx + dy * dy > r * r + r:
                continue
            src = m[max(0, -dy):h - max(0, dy), max(0, -dx):w - max(0, dx)]
            out[max(0, dy):h - max(0, -dy), max(0, dx):w - max(0, -dx)] |= src
    return out


def stamp(img, mask, x, y, rgb, alpha=1.0):
    """Composite a boolean/float mask at (x, y) (clipped to the image)."""
    H, W = img.shape[:2]
    h, w = mask.shape
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(W, x + w), min(H, y + h)
    if x1 <= x0 or y1 <= y0:
        return
    m = mask[y0 - y:y1 - y, x0 - x:x1 - x].astype(F32) * F32(alpha)
    region = img[y0:y1, x0:x1]
    region += (np.asarray(rgb, F32) - region) * m[..., None]


def label(img, lines, x, y, scale, fg=(1, 1, 1), bg=(0, 0, 0), bg_alpha=0.55, anchor="tl",
          pad=None):
    """Draw one or more text lines on a translucent box; returns the box."""
    masks = [text_mask(t, scale) for t in lines]
    lh = 7 * scale
    gap = 2 * scale
    tw = max(m.shape[1] for m in masks)
    th = len(masks) * lh + (len(masks) - 1) * gap
    pad = 2 * scale if pad is None else pad
    bw, bh = tw + 2 * pad, th + 2 * pad
    if "r" in anchor:
        x -= bw
    if "b" in anchor:
        y -= bh
    if "c" in anchor:
        y -= bh // 2
    stamp(img, np.ones((bh, bw), bool), x, y, bg, bg_alpha)
    for i, m in enumerate(masks):
        tx, ty = x + pad, y + pad + i * (lh + gap)
        big = np.zeros((m.shape[0] + 2 * scale, m.shape[1] + 2 * scale), bool)
        big[scale:-scale, scale:-scale] = m
        stamp(img, dilate(big, max(1, scale // 2)), tx - scale, ty - scale, (0, 0, 0), 0.85)
        stamp(img, m, tx, ty, fg)
    return x, y, bw, bh


# --------------------------------------------------------------------------
# Overlays for tesla.jpg
# --------------------------------------------------------------------------


def grid_overlay(img, step):
    H, W = img.shape[:2]
    for x in range(step, W, step):
        heavy = x % 1000 == 0
        img[:, x - 1] = mix(img[:, x - 1], col(0, 0, 0), 0.45)
        img[:, x] = mix(img[:, x], col(1, 1, 1), 0.85 if heavy else 0.65)
        if heavy:
            img[:, x + 1] = mix(img[:, x + 1], col(1, 1, 1), 0.85)
            img[:, x + 2] = mix(img[:, x + 2], col(0, 0, 0), 0.45)
    for y in range(step, H, step):
        heavy = y % 1000 == 0
        img[y - 1] = mix(img[y - 1], col(0, 0, 0), 0.45)
        img[y] = mix(img[y], col(1, 1, 1), 0.85 if heavy else 0.65)
        if heavy:
            img[y + 1] = mix(img[y + 1], col(1, 1, 1), 0.85)
            img[y + 2] = mix(img[y + 2], col(0, 0, 0), 0.45)

    # small labels at every interior intersection: "x1250" over "y1500"
    for y in range(step, H, step):
        for x in range(step, W, step):
            label(img, ["x%d" % x, "y%d" % y], x + 6, y + 6, 3, bg_alpha=0.45)
            # a cross at the intersection
            stamp(img, np.ones((3, 25), bool), x - 12, y - 1, (1, 0.25, 0.2), 0.9)
            stamp(img, np.ones((25, 3), bool), x - 1, y - 12, (1, 0.25, 0.2), 0.9)

    # big row labels on both edges and column labels on top and bottom
    for y in range(step, H, step):
        label(img, ["y %d" % y], 10, y, 6, bg_alpha=0.6, anchor="cl", fg=(1, 0.95, 0.55))
        label(img, ["y %d" % y], W - 10, y - 6, 6, bg_alpha=0.6, anchor="br", fg=(1, 0.95, 0.55))
    for x in range(step, W, step):
        if x > W - 300:  # would run into the right-hand corner markers
            continue
        label(img, ["x %d" % x], x + 8, 10, 6, bg_alpha=0.6, fg=(0.6, 0.95, 1.0))
        label(img, ["x %d" % x], x + 8, H - 10, 6, bg_alpha=0.6, anchor="bl", fg=(0.6, 0.95, 1.0))


def corner_markers(img):
    H, W = img.shape[:2]
    L, T = 220, 22  # bracket arm length and thickness
    specs = [
        ("TOP LEFT", (0.95, 0.15, 0.15), 0, 0, "tl"),
        ("TOP RIGHT", (0.15, 0.85, 0.25), W, 0, "tr"),
        ("BOTTOM LEFT", (0.20, 0.45, 1.00), 0, H, "bl"),
        ("BOTTOM RIGHT", (1.00, 0.80, 0.05), W, H, "br"),
    ]
    for name, rgb, cx, cy, anchor in specs:
        sx = 1 if "l" in anchor else -1
        sy = 1 if "t" in anchor else -1
        x0 = 0 if sx > 0 else W - L
        y0 = 0 if sy > 0 else H - L
        # filled triangle pointing into the corner
        tri = np.zeros((L, L), bool)
        ii, jj = np.mgrid[0:L, 0:L]
        di = ii if sy > 0 else L - 1 - ii
        dj = jj if sx > 0 else L - 1 - jj
        tri |= (di + dj) < 110
        edge = ((di < T) | (dj < T))
        stamp(img, edge, x0, y0, (0, 0, 0), 0.35)
        stamp(img, (edge & ((di < T - 4) | (dj < T - 4))), x0, y0, rgb)
        stamp(img, tri, x0, y0, rgb, 0.9)
        lx = T + 14 if sx > 0 else W - T - 14
        ly = T + 14 if sy > 0 else H - T - 14
        coords = "x%d y%d" % (0 if sx > 0 else W - 1, 0 if sy > 0 else H - 1)
        label(img, [name, coords], lx, ly + (110 - T - 14 if sy > 0 else -(110 - T - 14)),
              4, fg=rgb, bg_alpha=0.7, anchor=("t" if sy > 0 else "b") + ("l" if sx > 0 else "r"))


# --------------------------------------------------------------------------
# Grid test card
# --------------------------------------------------------------------------


def make_grid_png(path):
    W, H, cell = 550, 350, 50
    yy, xx = np.mgrid[0:H, 0:W]
    checker = ((yy // cell + xx // cell) % 2).astype(bool)
    img = np.where(checker[..., None], col(0.90, 0.93, 0.97), col(0.98, 0.98, 0.96)).astype(F32)
    img = img.copy()
    minor, major, border = col(0.55, 0.60, 0.70), col(0.85, 0.10, 0.10), col(0.05, 0.25, 0.75)
    for x in range(0, W, cell):
        img[:, x] = major if (x // cell) % 5 == 0 else minor
    for y in range(0, H, cell):
        img[y, :] = major if (y // cell) % 5 == 0 else minor
    img[0, :] = img[-1, :] = border
    img[:, 0] = img[:, -1] = border
    for r in range(H // cell):
        for c in range(W // cell):
            m = text_mask("%d,%d" % (c, r), 1)
            stamp(img, m, c * cell + 4, r * cell + 4, (0.15, 0.15, 0.2))
    u8 = (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)
    Image.fromarray(u8, "RGB").save(path, format="PNG", optimize=True)


# --------------------------------------------------------------------------
# An app's screen, for --fit width
# --------------------------------------------------------------------------

SCREEN_NAMES = ["ADA", "BEN", "CLEO", "DAN", "EVA", "FINN", "GUS", "HANNA", "IVO", "KAI",
                "LENA", "MILO", "NOOR", "OTTO", "PIA", "RUBY", "SAM", "TEO", "UMA", "VERA"]
SCREEN_WORDS = ["PHOTOS", "LUNCH", "TRAIL", "SUNSET", "MEETING", "BOOKS", "CODE", "DEMO",
                "WEEKEND", "SKETCH", "TRAIN", "MOUNTAIN", "LAKE", "BIKE", "NOTES", "DONE"]


def disc_mask(d):
    yy, xx = np.mgrid[0:d, 0:d]
    r = (d - 1) / 2.0
    dist = np.sqrt((yy - r) ** 2 + (xx - r) ** 2)
    return np.clip(r + 0.5 - dist, 0, 1)


def rounded_mask(h, w, radius):
    yy, xx = np.mgrid[0:h, 0:w].astype(F32)
    cx = np.clip(xx, radius, w - 1 - radius)
    cy = np.clip(yy, radius, h - 1 - radius)
    dist = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2)
    return np.clip(radius + 0.5 - dist, 0, 1)


def make_screenshot_png(path):
    """A long screenshot of a messages app at 3x (1206 px: an iPhone 16 Pro's 402 points), for
    `--fit width`: a large title, a search field, rows of avatars, names, message lines and
    times, and a photo card; flat colours, as an app's screen is."""
    W, rows, row_h, top = 1206, 18, 250, 430
    card_at, card_h = 6, 700
    H = top + rows * row_h + card_h + 120
    rng = np.random.default_rng(1206)
    img = np.ones((H, W, 3), F32)
    ink, grey, line = (0.07, 0.07, 0.09), (0.53, 0.53, 0.57), (0.86, 0.86, 0.88)
    stamp(img, text_mask("MESSAGES", 11), 60, 120, ink)
    stamp(img, rounded_mask(110, W - 120, 32), 60, 270, (0.93, 0.93, 0.95))
    stamp(img, text_mask("SEARCH", 5), 150, 308, grey)
    stamp(img, disc_mask(44), 90, 303, grey)
    stamp(img, disc_mask(30), 97, 310, (0.93, 0.93, 0.95))
    y = top
    palette = [(0.95, 0.36, 0.33), (0.20, 0.60, 0.98), (0.20, 0.78, 0.45), (1.0, 0.62, 0.10),
               (0.60, 0.38, 0.92), (0.98, 0.30, 0.56), (0.18, 0.72, 0.80), (0.55, 0.55, 0.60)]
    for row in range(rows):
        if row == card_at:
            lay = dict(far_base=300, far_amp=175, main_base=385, main_amp=210, near_base=430,
                       near_amp=82, forest1=443, forest2=462, lake=475, shore=548)
            photo = landscape(card_h - 100, W - 120, seed=1206 + row, s=0.4, lay=lay)
            mask = rounded_mask(card_h - 100, W - 120, 40)
            region = img[y + 50:y + card_h - 50, 60:W - 60]
            region += (photo - region) * mask[..., None]
            y += card_h
        name = SCREEN_NAMES[row % len(SCREEN_NAMES)]
        words = [SCREEN_WORDS[i] for i in rng.choice(len(SCREEN_WORDS), 3, replace=False)]
        color = palette[row % len(palette)]
        stamp(img, disc_mask(150), 50, y + 50, color)
        stamp(img, text_mask(name[0], 9), 50 + 75 - 22, y + 50 + 75 - 31, (1, 1, 1))
        stamp(img, text_mask(name, 6), 240, y + 62, ink)
        stamp(img, text_mask(" ".join(words), 4), 240, y + 140, grey)
        stamp(img, text_mask("%d:%02d" % (9 - row // 6, (59 - row * 7) % 60), 4), W - 190, y + 66, grey)
        if row % 4 == 1:
            stamp(img, disc_mask(36), W - 110, y + 136, (0.20, 0.48, 0.98))
        y += row_h
        stamp(img, np.ones((3, W - 240), bool), 240, y - 2, line)
    u8 = (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)
    Image.fromarray(u8, "RGB").save(path, format="PNG", optimize=True)


# --------------------------------------------------------------------------


def save_jpeg(img_u8, path, quality):
    Image.fromarray(img_u8, "RGB").save(path, format="JPEG", quality=quality, subsampling=2,
                                        optimize=True, progressive=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.join(here, "..", "SampleImages"))
    args = ap.parse_args()
    out = os.path.normpath(args.out)
    os.makedirs(out, exist_ok=True)
    # The header goes with the example suite that names it (a scenario reads only its own folder).
    header_out = os.path.normpath(os.path.join(here, "..", "Examples")) if args.out == ap.get_default("out") else out

    t0 = time.time()
    # tesla.jpg: tall portrait, 1 px = 1 pt in a 390x844 view
    W, H = 3000, 4500
    lay = dict(far_base=1650, far_amp=750, main_base=2150, main_amp=1000,
               near_base=2450, near_amp=380, forest1=2520, forest2=2600,
               lake=2700, shore=3250)
    img = landscape(H, W, seed=20240611, s=1.0, lay=lay)
    grid_overlay(img, 250)
    corner_markers(img)
    save_jpeg(to_u8(img), os.path.join(out, "tesla.jpg"), 88)
    print("tesla.jpg  %.1fs" % (time.time() - t0))

    t0 = time.time()
    W, H = 1170, 658
    s = 0.42
    lay = dict(far_base=330, far_amp=190, main_base=420, main_amp=230,
               near_base=470, near_amp=90, forest1=485, forest2=505,
               lake=520, shore=600)
    img = landscape(H, W, seed=1170658, s=s, lay=lay)
    save_jpeg(to_u8(img), os.path.join(header_out, "header.jpg"), 88)
    print("header.jpg %.1fs" % (time.time() - t0))

    make_grid_png(os.path.join(out, "grid.png"))
    print("grid.png")

    t0 = time.time()
    make_screenshot_png(os.path.join(out, "screenshot.png"))
    print("screenshot.png %.1fs" % (time.time() - t0))


if __name__ == "__main__":
    main()
