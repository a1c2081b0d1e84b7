#!/usr/bin/env bash
# Builds a CUDA sample with NVIDIA's nvcc (installed from PyPI on first use) and runs it on the CPU
# through Cuprite's drop-in libcudart.so.13 (`cuprite exec`). No GPU or NVIDIA driver needed.
#   scripts/run-sample.sh [FILE.cu] [ARGS...]     default: samples/vectorAdd.cu
# Until Cuprite's own CUDA C++ compiler lands, nvcc builds the program; Cuprite runs it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="${1:-$root/samples/vectorAdd.cu}"
shift || true
# shellcheck source=scripts/nvcc-env.sh
source "$root/scripts/nvcc-env.sh" "${NVTOOL_DIR:-/tmp/nvtool}" >&2
(cd "$root" && cargo build --release -q --bin cuprite -p cuprite-cli -p cuprite-cudart)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
exe="$out/$(basename "${src%.cu}")"
nvcc -arch=sm_90 -cudart shared -o "$exe" "$src"
"$root/target/release/cuprite" exec "$exe" "$@"
