#!/usr/bin/env bash
# Turns a scrollrender frame folder into an H.264 MP4 (yuv420p, padded to even sizes, which
# 4:2:0 needs) at the sequence's own frame rate.
# Usage: Scripts/make-mp4.sh OUTDIR [MP4]      (MP4 defaults to OUTDIR.mp4)
set -euo pipefail
source "$(dirname "$0")/sequence-env.sh" mp4 "$@"

ffmpeg -hide_banner -loglevel error -y -framerate "$fps" -i "$folder/frame_%05d.png" \
    -vf "pad=ceil(iw/2)*2:ceil(ih/2)*2" -c:v libx264 -pix_fmt yuv420p -crf 18 -movflags +faststart "$output"
echo "wrote $output" >&2
