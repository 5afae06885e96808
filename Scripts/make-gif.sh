#!/usr/bin/env bash
# Turns a scrollrender frame folder into a GIF with ffmpeg's two-stage palette recipe
# (palettegen → paletteuse, ordered dither so that noise does not crawl while scrolling).
# Usage: Scripts/make-gif.sh OUTDIR [GIF]      (GIF defaults to OUTDIR.gif)
set -euo pipefail
source "$(dirname "$0")/sequence-env.sh" gif "$@"

rate_filter=""
# GIF stores delays in whole centiseconds: 60 fps cannot be shown (players slow 1-cs frames to 10 cs).
if ! awk -v f="$fps" 'BEGIN { d = 100 / f; exit (d == int(d)) ? 0 : 1 }'; then
    echo "$0: warning: GIF cannot show $fps fps; resampling to 50 fps (render with --fps 50 to avoid this)" >&2
    rate_filter="fps=50,"
fi
ffmpeg -hide_banner -loglevel error -y -framerate "$fps" -i "$folder/frame_%05d.png" \
    -filter_complex "[0:v]${rate_filter}split[a][b];[a]palettegen=stats_mode=diff:reserve_transparent=0[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle" \
    -loop 0 "$output"
echo "wrote $output" >&2
