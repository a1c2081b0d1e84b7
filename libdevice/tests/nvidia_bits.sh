#!/usr/bin/env bash
# Share of inputs on which Cuprite's libdevice gives other bits than NVIDIA's, per function, and
# the largest distance in ulps (libdevice/tests/nvidia_bits.cu, 2^20 inputs each). NVIDIA's bits:
# the program built by nvcc 13.0, whose PTX (NVIDIA's libdevice inlined) Cuprite executes exactly;
# Cuprite's: the same program built by `cuprite nvcc`. Both run by `cuprite exec`.
# Needs nvcc (scripts/nvcc-env.sh) and a release build (cargo build --release -p cuprite-cli
# -p cuprite-cudart). Usage: libdevice/tests/nvidia_bits.sh [OUT_DIR] [FUNCTION]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
out=${1:-$(mktemp -d)}
cuprite="$root/target/release/cuprite"
mkdir -p "$out/nv" "$out/cu"
nvcc -arch=sm_90 -cudart shared -O3 "$here/nvidia_bits.cu" -o "$out/bits_nvcc"
"$cuprite" nvcc -arch=sm_90 -O3 "$here/nvidia_bits.cu" -o "$out/bits_cuprite"
"$cuprite" exec "$out/bits_nvcc" run "$out/nv" ${2:-}
"$cuprite" exec "$out/bits_cuprite" run "$out/cu" ${2:-}
"$out/bits_cuprite" cmp "$out/nv" "$out/cu" | if [ -n "${2:-}" ]; then grep -E "^(function|$2 )"; else cat; fi
