#!/usr/bin/env bash
# Runs the README as a newcomer would: every ```sh block that follows a `<!-- newcomer -->` line,
# in order, in a fresh clone of this checkout's HEAD, with scrollrender found where the first block
# puts it. Any failing command fails the check. CI runs it after the test suite.
#
#   Scripts/check-readme.sh [README.md]
set -euo pipefail
cd "$(dirname "$0")/.."
readme=${1:-README.md}
work=$(mktemp -d "${TMPDIR:-/tmp}/readme-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
# The clone is named as the checkout is, for the README's Swift-package example.
clone=$work/$(basename "$PWD")
git clone --quiet --local . "$clone"
[ -d ../shared ] && ln -s "$PWD/../shared" "$work/shared"
script=$work/newcomer.sh
{
    echo 'set -euxo pipefail'
    # scrollrender is linked into the check's own folder, never over an installed one.
    echo "export SCROLLRENDER_LINK_DIR=\"$work/bin\""
    echo 'export PATH="$SCROLLRENDER_LINK_DIR:$PATH"'
    awk '/^<!-- newcomer -->$/ { marked = 1; next }
         marked && /^```sh$/ { inside = 1; next }
         inside && /^```$/ { inside = 0; marked = 0; print ""; next }
         inside { print }' "$readme"
} > "$script"
if [ "$(grep -cv '^\(set \|export \|$\)' "$script")" -eq 0 ]; then
    echo "check-readme: $readme marks no block with <!-- newcomer -->" >&2
    exit 1
fi
echo "check-readme: running $(grep -c . "$script") lines of $readme in a fresh clone ($clone)" >&2
(cd "$clone" && bash "$script")
echo "check-readme: every newcomer block of $readme ran" >&2
