#!/usr/bin/env bash
# Makes sure clang-19 (Cuprite's C++ front end and NVPTX code generator) is installed: on Debian or
# Ubuntu it installs the `clang-19` package with apt (as root, or through sudo); elsewhere it says
# which package to install. Source it or run it; it exits non-zero when clang-19 is missing.
set -euo pipefail
if command -v clang++-19 >/dev/null 2>&1; then
    exit 0 2>/dev/null || return 0
fi
if command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "ensure-clang: installing clang-19 with apt-get" >&2
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang-19 >&2
fi
if ! command -v clang++-19 >/dev/null 2>&1; then
    echo "ensure-clang: clang-19 is required (Cuprite's CUDA front end): install the clang-19 package (LLVM 19) so that clang++-19 is on PATH" >&2
    exit 1 2>/dev/null || return 1
fi
