#!/usr/bin/env bash
# Builds libdevice for sm_80, links it into sample_kernel.cu, and runs engine_compare on
# Cuprite's engine (target/release/libcudart.so: cargo build --release -p cudart).
# Usage: libdevice/tests/engine_compare.sh [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lib=$(dirname "$here")
root=$(dirname "$lib")
out=${1:-$(mktemp -d)}
mkdir -p "$out"
clang=${CLANG:-clang-19}
resource=$("$clang" -print-resource-dir)
"$clang" -x c --target=nvptx64-nvidia-cuda -march=sm_80 -O2 -ffp-contract=off -fno-math-errno \
  -mllvm -nvvm-reflect-enable=false -emit-llvm -c "$lib/libdevice.c" -o "$out/libdevice.sm_80.bc"
"$clang" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 -O2 \
  -Wno-unknown-cuda-version -ffp-contract=fast -I "$resource/include" -I "$here" \
  -Xclang -mlink-builtin-bitcode -Xclang "$out/libdevice.sm_80.bc" \
  -S "$here/sample_kernel.cu" -o "$out/sample.ptx"
"$clang" -O2 -ffp-contract=off -fno-math-errno -Wall -Wno-unused-function \
  "$here/engine_compare.c" -o "$out/engine_compare" -L "$root/target/release" -lcudart -lm
# the executable asks for the SONAME libcudart.so.13
mkdir -p "$out/lib"
ln -sf "$root/target/release/libcudart.so" "$out/lib/libcudart.so.13"
LD_LIBRARY_PATH="$out/lib" "$out/engine_compare" "$out/sample.ptx"
