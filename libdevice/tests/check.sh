#!/usr/bin/env bash
# Checks Cuprite's libdevice: builds the bitcode for every target architecture without
# warnings, links it into a kernel per __nv_* function, and checks that
#   - no __nv_* function is left undefined in the PTX,
#   - the PTX is the same under -ffp-contract=fast as under -ffp-contract=off (the library is
#     contraction-proof: no product of it can be fused, so its accuracy cannot change),
#   - NVIDIA's ptxas accepts the PTX,
# then compares the exact functions with the C library's (exact.c) and runs the accuracy
# harness (quick: 1000 random inputs per function plus the edge cases; FULL=1: 10^6).
# Usage: libdevice/tests/check.sh [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lib=$(dirname "$here")
out=${1:-$(mktemp -d)}
mkdir -p "$out"
clang=${CLANG:-clang-19}
# NVIDIA's ptxas, the reference assembler (installed on first use, as scripts/test.sh does)
# shellcheck source=scripts/nvcc-env.sh
source "$(dirname "$lib")/scripts/nvcc-env.sh" "${NVTOOL_DIR:-/tmp/nvtool}" >&2
resource=$("$clang" -print-resource-dir)

for arch in 75 80 86 89 90; do
  "$clang" -x c --target=nvptx64-nvidia-cuda -march=sm_$arch -O2 -ffp-contract=off \
    -fno-math-errno -mllvm -nvvm-reflect-enable=false -Wall -Wextra -Werror \
    -emit-llvm -c "$lib/libdevice.c" -o "$out/libdevice.sm_$arch.bc"
done
echo "bitcode: sm_75 sm_80 sm_86 sm_89 sm_90 built without warnings"

python3 "$here/gen_all_calls.py" "$resource/include/__clang_cuda_libdevice_declares.h" > "$out/all_calls.cu"
kernels=$(grep -c __global__ "$out/all_calls.cu")
ptx() { # contract-mode extra-flags... -> PTX on stdout
  local mode=$1; shift
  "$clang" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_90 -O2 \
    -Wno-unknown-cuda-version \
    -I "$resource/include" -ffp-contract="$mode" "$@" \
    -Xclang -mlink-builtin-bitcode -Xclang "$out/libdevice.sm_90.bc" -S "$out/all_calls.cu" -o -
}
ptx off > "$out/all_off.ptx"
ptx fast > "$out/all_fast.ptx"
ptx fast -fgpu-flush-denormals-to-zero > "$out/all_ftz.ptx"

if grep -n '\.extern \.func.*__nv_' "$out/all_off.ptx"; then
  echo "FAIL: __nv_* functions left undefined" >&2; exit 1
fi
echo "linking: $kernels kernels, one per __nv_* function, no __nv_* left undefined"

# Under -ffp-contract=off clang marks every plain add/sub/mul .rn (so ptxas does not fuse it);
# under fast it leaves them plain. Modulo that marker the two must be the same instructions: a
# contraction would have replaced a mul and an add by an fma.
normalize() { sed -E 's/\b(add|sub|mul)\.rn\.f(32|64)/\1.f\2/' "$1"; }
if ! diff -q <(normalize "$out/all_off.ptx") <(normalize "$out/all_fast.ptx") > /dev/null; then
  diff <(normalize "$out/all_off.ptx") <(normalize "$out/all_fast.ptx") | head -20 >&2
  echo "FAIL: the PTX differs under -ffp-contract=fast" >&2; exit 1
fi
# ptxas may fuse a plain mul with a plain add; the library has no plain float multiplication but
# in the fast intrinsics whose NVIDIA definition is a plain product, which the caller's
# contraction applies to as nvcc's does (intrinsics.c): their kernels are left out.
plain_products='k__nv_fast_(expf|exp10f|logf|log10f|powf)P'
if awk -v skip="$plain_products" '/\.entry/ { keep = ($0 !~ skip) } keep' "$out/all_fast.ptx" \
    | grep -nE '\bmul\.f(32|64)' | head -5 | grep .; then
  echo "FAIL: unmarked float multiplication under -ffp-contract=fast" >&2; exit 1
fi
echo "contraction: same instructions under -ffp-contract=off and fast; every float product is mul.rn or fma"

# flush-to-zero follows __nvvm_reflect("__CUDA_FTZ"): the ftz build uses .ftz forms
grep -q 'sqrt.rn.ftz.f32' "$out/all_ftz.ptx" || { echo "FAIL: no sqrt.rn.ftz.f32 under ftz" >&2; exit 1; }
if grep -q 'sqrt.rn.ftz.f32' "$out/all_off.ptx"; then echo "FAIL: .ftz without ftz" >&2; exit 1; fi
echo "ftz: .ftz instructions exactly under -fgpu-flush-denormals-to-zero"

ptxas -arch=sm_90 "$out/all_off.ptx" -o "$out/all_off.cubin"
ptxas -arch=sm_90 "$out/all_ftz.ptx" -o "$out/all_ftz.cubin"
echo "ptxas: sm_90 accepts the PTX"

"$clang" -O2 -march=native -ffp-contract=off -fno-math-errno -Wall -Wno-unused-function \
  "$here/exact.c" -o "$out/exact" -lm
"$out/exact"
"$clang" -O2 -march=native -ffp-contract=off -fno-math-errno -Wall -Wno-unused-function \
  "$here/accuracy.c" -o "$out/accuracy" -lmpfr -lgmp -lm
if [ "${FULL:-0}" = 1 ]; then "$out/accuracy"; else "$out/accuracy" --quick; fi
