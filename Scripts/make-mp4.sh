#!/usr/bin/env bash
# Turns a scrollrender frame folder into an H.264 MP4 (yuv420p, padded to even sizes, which
# 4:2:0 needs) at the sequence's own frame rate.
# Usage: Scripts/make-mp4.sh OUTDIR [MP4]      (MP4 defaults to OUTDIR.mp4)
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 OUTDIR [MP4]" >&2; exit 64; }
folder=${1%/}
mp4=${2:-$folder.mp4}
[ -f "$folder/manifest.json" ] || { echo "$0: $folder has no manifest.json (not a scrollrender sequence)" >&2; exit 66; }
command -v ffmpeg >/dev/null || { sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo; $sudo apt-get update -qq && $sudo apt-get install -y -qq ffmpeg >/dev/null; }

fps=$(grep -o '"fps" : [0-9.]*' "$folder/manifest.json" | head -n 1 | awk '{print $3}')
ffmpeg -hide_banner -loglevel error -y -framerate "$fps" -i "$folder/frame_%05d.png" \
    -vf "pad=ceil(iw/2)*2:ceil(ih/2)*2" -c:v libx264 -pix_fmt yuv420p -crf 18 -movflags +faststart "$mp4"
echo "wrote $mp4" >&2
