# Sourced by make-gif.sh and make-mp4.sh: checks the frame folder, installs ffmpeg when missing,
# and sets $folder, $output (argument 2, or OUTDIR.<extension>) and $fps (from the manifest).
# Usage inside a script: source "$(dirname "$0")/sequence-env.sh" EXTENSION "$@"
extension=$1
shift
[ $# -ge 1 ] || { echo "usage: $0 OUTDIR [OUTPUT.$extension]" >&2; exit 64; }
folder=${1%/}
output=${2:-$folder.$extension}
[ -f "$folder/manifest.json" ] || { echo "$0: $folder has no manifest.json (not a scrollrender sequence)" >&2; exit 66; }
if grep -q '"partial" : true' "$folder/manifest.json"; then
    echo "$0: $folder holds part of a sequence (a shard); join the parts first: scrollrender merge OUT SHARD..." >&2
    exit 65
fi
"$(dirname "$0")/apt-install.sh" ffmpeg
fps=$(grep -o '"fps" : [0-9.]*' "$folder/manifest.json" | head -n 1 | awk '{print $3}')
