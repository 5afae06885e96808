#!/usr/bin/env bash
# Builds scrollrender (release) and puts it on the PATH: a link in /usr/local/bin when that folder
# is writable (root, as in a container), else in ~/.local/bin — said plainly, with a hint when
# that folder is not on PATH yet. Installs the Debian libraries it builds against first.
# SCROLLRENDER_LINK_DIR puts the link in another folder (Scripts/check-readme.sh uses its own, so
# that checking the README leaves the scrollrender you installed alone).
# Safe to run again: the link is replaced, nothing else is touched.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-dependencies.sh
swift build -c release --product scrollrender >&2
bin=$(swift build -c release --show-bin-path)/scrollrender
if [ -n "${SCROLLRENDER_LINK_DIR:-}" ]; then folder=$SCROLLRENDER_LINK_DIR; mkdir -p "$folder"
elif [ -w /usr/local/bin ]; then folder=/usr/local/bin; else folder=$HOME/.local/bin; mkdir -p "$folder"; fi
ln -sf "$bin" "$folder/scrollrender"
echo "scrollrender: linked $folder/scrollrender -> $bin" >&2
case ":$PATH:" in
    *":$folder:"*) ;;
    *) echo "scrollrender: $folder is not on your PATH; add it: export PATH=\"$folder:\$PATH\"" >&2 ;;
esac
