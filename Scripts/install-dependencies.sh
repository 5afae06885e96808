#!/usr/bin/env bash
# Installs the Debian packages scrollrender builds against (libjpeg-turbo, libpng, zlib, libdeflate,
# OpenSSL's libcrypto, FreeType) and the font an export's --title is drawn in (DejaVu Sans Bold,
# fonts-dejavu-core), only if they are missing; with --tests also what the test suite runs.
# Called by Scripts/run-sample.sh and (with --tests) Scripts/test.sh; safe to run again.
#
# The test tools:
#   time           GNU time, with which the extreme-number tests measure each run's CPU
#   parallel       GNU parallel, with which the sharding tests render shards as docs/SCALING.md does
#   ffmpeg         what --export and scrollrender export run (its ffprobe reads exports back)
#   libxml2-utils  xmllint, with which the tests validate diff's JUnit XML against its schema
#   chromium       the headless browser the report test drives (Tests/ScrollRenderCLITests/Browser)
set -euo pipefail

packages=(libjpeg-dev libpng-dev zlib1g-dev libdeflate-dev libssl-dev libfreetype-dev fonts-dejavu-core pkg-config)
[ "${1:-}" = --tests ] && packages+=(time parallel ffmpeg libxml2-utils chromium)
"$(dirname "$0")/apt-install.sh" "${packages[@]}"

if ! command -v swift >/dev/null 2>&1; then
    echo "error: Swift 6 is not installed (see https://www.swift.org/install/linux/)." >&2
    exit 1
fi
