#!/usr/bin/env bash
# Records tests/gpu-diff/gpu-results.bin on a machine with an NVIDIA GPU and its driver (libcuda.so.1).
# Usage: tests/gpu-diff/record.sh [OUTDIR]   (default: $OUT if set, else tests/gpu-diff itself)
# Writes OUTDIR/gpu-results.bin, OUTDIR/gpu-info.txt and OUTDIR/record.log. The kernels are recorded
# twice (the second copy goes to /tmp); the two may differ only in buffers marked `unordered`: a kernel
# whose GPU result is otherwise not deterministic does not belong in kernels.txt.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-${OUT:-$here}}"
mkdir -p "$out"
bin=/tmp/cuprite-gpu-diff-record
cxx="$(command -v g++ || command -v c++ || command -v clang++ || true)"
if [ -z "$cxx" ]; then
    echo "record.sh: no C++ compiler" >&2
    exit 1
fi
"$cxx" -std=c++17 -O2 -ffp-contract=off -o "$bin" "$here/record.cpp" -ldl
"$bin" "$here/kernels.txt" "$here/../corpus/ptx" "$out/gpu-results.bin" --info "$out/gpu-info.txt" 2>&1 |
    tee "$out/record.log"
"$bin" "$here/kernels.txt" "$here/../corpus/ptx" /tmp/gpu-results-2.bin >/tmp/record-2.log 2>&1
if cmp -s "$out/gpu-results.bin" /tmp/gpu-results-2.bin; then
    echo "second recording: identical" | tee -a "$out/record.log"
else
    echo "second recording: DIFFERS (nondeterministic kernels)" | tee -a "$out/record.log"
    cp /tmp/gpu-results-2.bin "$out/gpu-results-2.bin"
fi
{
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null | sed 's/^/nvidia-smi: /' || true
    echo "host compiler: $("$cxx" --version 2>/dev/null | head -1)"
} >>"$out/gpu-info.txt"
