#!/usr/bin/env bash
# Rodinia on the GPU machine's CPU (the `device` tool's machine: 16 cores, nvcc on
# /usr/local/cuda, gcc with OpenMP; no clang, so the CUDA side is nvcc's build only). Here, first:
#   mkdir -p target/kitbin && strip -o target/kitbin/cuprite target/release/cuprite &&
#   strip -o target/kitbin/libcudart.so target/release/libcudart.so &&
#   rm -rf target/rodinia-suite && cp -r /work/shared/benchmarks/rodinia target/rodinia-suite
# then run this script there with `target/kitbin` and `target/rodinia-suite` carried. REPS
# (default 1), THREADS (default 1,16) and ONLY (default all) as for benchmarks/rodinia/run; the
# table lands in $OUT/rodinia16.md, the log in $OUT/rodinia16.log.
set -u
mkdir -p target/release
cp target/kitbin/cuprite target/kitbin/libcudart.so* target/release/
export PATH=/usr/local/cuda/bin:$PATH RODINIA=$PWD/target/rodinia-suite
nproc; gcc --version | head -1; command -v nvcc
only=(); [ -n "${ONLY:-}" ] && only=(--only "$ONLY")
timeout 570 python3 benchmarks/rodinia/run --compiler nvcc --reps "${REPS:-1}" --threads "${THREADS:-1,16}" \
  "${only[@]}" --markdown "$OUT/rodinia16.md" > "$OUT/rodinia16.log" 2>&1
echo "rc=$?"; tail -5 "$OUT/rodinia16.log"
