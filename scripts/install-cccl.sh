#!/usr/bin/env bash
# Installs the headers of CCCL (Thrust, CUB, libcu++) that `cuprite nvcc` compiles against.
#
#   scripts/install-cccl.sh [DIR]
#
# DIR (default: ${XDG_CACHE_HOME:-$HOME/.cache}/cuprite/cccl-<version>, where the driver looks
# without being told) receives the include root: DIR/thrust, DIR/cub, DIR/cuda, DIR/nv.
# Source: NVIDIA's PyPI wheel `nvidia-cuda-cccl`, pinned to the release that ships with the CUDA 13.0
# toolkit (the version NVIDIA's nvcc 13.0, the tests' oracle, uses), fetched with pip. The wheel needs
# no compiler and no network access beyond PyPI; its headers carry their SPDX lines (Apache-2.0 WITH
# LLVM-exception; CUB BSD-3-Clause). Running it again when DIR is complete does nothing.
set -euo pipefail
# CCCL 3.0 as packaged for CUDA 13.0 (CUDA 13.0.2's toolkit wheels pin this one).
version="13.0.85"
dir="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/cuprite/cccl-$version}"
fail() { echo "install-cccl: $*" >&2; exit 1; }
complete() {
    [ -f "$1/thrust/version.h" ] && [ -f "$1/cub/version.cuh" ] && [ -d "$1/cuda/std" ]
}
if complete "$dir"; then
    echo "$dir"
    exit 0
fi
command -v python3 >/dev/null 2>&1 || fail "python3 is needed (its pip fetches the nvidia-cuda-cccl wheel)"
python3 -m pip --version >/dev/null 2>&1 || fail "python3 has no pip; install it (Debian/Ubuntu: apt-get install python3-pip)"
mkdir -p "$(dirname "$dir")" || fail "cannot create $(dirname "$dir")"
staging="$(mktemp -d "$(dirname "$dir")/.cccl-staging.XXXXXX")"
trap 'rm -rf "$staging"' EXIT
echo "install-cccl: fetching nvidia-cuda-cccl==$version from PyPI" >&2
python3 -m pip install --quiet --disable-pip-version-check --no-deps --no-compile \
    --target "$staging/wheel" "nvidia-cuda-cccl==$version" >&2 \
    || fail "pip could not install nvidia-cuda-cccl==$version (is PyPI reachable?)"
headers="$(find "$staging/wheel" -path '*/include/cccl/thrust/version.h' -print -quit)"
[ -n "$headers" ] || fail "the wheel has no include/cccl/thrust/version.h: its layout changed"
root_dir="$(dirname "$(dirname "$headers")")"
complete "$root_dir" || fail "the wheel's include/cccl lacks cub/ or cuda/std"
# Move into place whole, so that an interrupted run never leaves a half-filled DIR.
rm -rf "$dir"
mv "$root_dir" "$dir" || fail "cannot move the headers to $dir"
echo "install-cccl: installed CCCL headers into $dir" >&2
echo "$dir"
