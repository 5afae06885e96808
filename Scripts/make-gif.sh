#!/usr/bin/env bash
# Turns a scrollrender frame folder into a GIF with ffmpeg's two-stage palette recipe
# (palettegen → paletteuse, ordered dither so that noise does not crawl while scrolling).
# Usage: Scripts/make-gif.sh OUTDIR [GIF]      (GIF defaults to OUTDIR.gif)
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 OUTDIR [GIF]" >&2; exit 64; }
folder=${1%/}
gif=${2:-$folder.gif}
[ -f "$folder/manifest.json" ] || { echo "$0: $folder has no manifest.json (not a scrollrender sequence)" >&2; exit 66; }
command -v ffmpeg >/dev/null || { sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo; $sudo apt-get update -qq && $sudo apt-get install -y -qq ffmpeg >/dev/null; }

fps=$(grep -o '"fps" : [0-9.]*' "$folder/manifest.json" | head -n 1 | awk '{print $3}')
rate_filter=""
# GIF stores delays in whole centiseconds: 60 fps cannot be shown (players slow 1-cs frames to 10 cs).
if ! awk -v f="$fps" 'BEGIN { d = 100 / f; exit (d == int(d)) ? 0 : 1 }'; then
    echo "$0: warning: GIF cannot show $fps fps; resampling to 50 fps (render with --fps 50 to avoid this)" >&2
    rate_filter="fps=50,"
fi
ffmpeg -hide_banner -loglevel error -y -framerate "$fps" -i "$folder/frame_%05d.png" \
    -filter_complex "[0:v]${rate_filter}split[a][b];[a]palettegen=stats_mode=diff:reserve_transparent=0[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle" \
    -loop 0 "$gif"
echo "wrote $gif" >&2
