#!/usr/bin/env bash
# Installs Debian/Ubuntu packages with apt (as root, or through sudo). Exits non-zero, saying
# what to install, where there is no apt or no way to become root.
#   scripts/apt-install.sh PACKAGE...
set -euo pipefail
if ! command -v apt-get >/dev/null 2>&1; then
    echo "apt-install: no apt-get here: install $* with your system's package manager" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
        echo "apt-install: $* missing; install as root: apt-get install $*" >&2
        exit 1
    fi
    sudo="sudo"
fi
echo "apt-install: installing $* (apt-get install $*)" >&2
$sudo apt-get update -qq >&2
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
