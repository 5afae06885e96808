#!/usr/bin/env bash
# Installs the Debian packages scrollrender builds against (libjpeg-turbo, libpng, zlib), only if
# they are missing. Called by Scripts/run-sample.sh and Scripts/test.sh; safe to run again.
set -euo pipefail

packages=(libjpeg-dev libpng-dev zlib1g-dev pkg-config)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing ${missing[*]} from Debian…" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "error: Swift 6 is not installed (see https://www.swift.org/install/linux/)." >&2
    exit 1
fi
