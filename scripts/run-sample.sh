#!/usr/bin/env bash
# Builds a CUDA sample with Cuprite's own compiler (`cuprite nvcc`: clang plus Cuprite's headers,
# no NVIDIA software) and runs it on the CPU through Cuprite's libcudart.so.13. No GPU, NVIDIA
# driver or CUDA toolkit needed.
#   scripts/run-sample.sh [FILE.cu] [ARGS...]     default: samples/vectorAdd.cu
# clang (19 or newer) is installed with apt on Debian/Ubuntu when missing (as root or with sudo).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="${1:-$root/samples/vectorAdd.cu}"
shift || true

"$root/scripts/ensure-clang.sh"

(cd "$root" && cargo build --release -q --bin cuprite -p cuprite-cli -p cuprite-cudart)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
exe="$out/$(basename "${src%.cu}")"
"$root/target/release/cuprite" nvcc -arch=sm_90 -o "$exe" "$src"
"$root/target/release/cuprite" exec "$exe" "$@"
