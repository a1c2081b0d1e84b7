#!/usr/bin/env bash
# Regenerates tests/corpus/ptx-clang/*.ptx: PTX from LLVM's NVPTX back end (clang 14, Debian's
# clang-14 package), the other dialect Cuprite must read (.version 6.4, %SP/%SPL depots, .weak
# declarations). Each source is compiled for sm_75 and sm_80 at -O3 and -O0.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$root/tests/corpus/clang"
out="$root/tests/corpus/ptx-clang"
mkdir -p "$out"
command -v clang-14 >/dev/null || apt-get install -y -qq clang-14
n=0
for f in "$src"/*.cu; do
    stem="$(basename "$f" .cu)"
    for arch in sm_75 sm_80; do
        for opt in O3 O0; do
            clang-14 -x cuda --cuda-device-only --cuda-gpu-arch="$arch" -nocudainc -nocudalib \
                -Xclang -target-feature -Xclang +ptx64 -Wno-unknown-cuda-version \
                -S "-$opt" "$f" -o "$out/$stem.$arch.$opt.ptx"
            n=$((n + 1))
        done
    done
done
echo "generated $n clang PTX fixtures in $out"
