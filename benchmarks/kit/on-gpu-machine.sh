#!/usr/bin/env bash
# The benchmark kit on the GPU machine's CPU (the `device` tool's machine: 16 cores, nvcc on
# /usr/local/cuda, gcc with OpenMP). Here, first:
#   mkdir -p target/kitbin && strip -o target/kitbin/cuprite target/release/cuprite &&
#   strip -o target/kitbin/libcudart.so target/release/libcudart.so
# then run this script there with `target/kitbin` carried (the unstripped binaries exceed the
# tool's 64 MiB). KIT_REPS (default 6) and THREADS (default 1,16) as for scripts/bench-kit; the
# table lands in $OUT/kit16.md, the log in $OUT/kit16.log.
set -u
mkdir -p target/release
cp target/kitbin/cuprite target/kitbin/libcudart.so* target/release/
export PATH=/usr/local/cuda/bin:$PATH
nproc; gcc --version | head -1; command -v nvcc
KIT_REPS=${KIT_REPS:-6} timeout 560 python3 scripts/bench-kit --reps 1 --threads "${THREADS:-1,16}" \
  --markdown "$OUT/kit16.md" > "$OUT/kit16.log" 2>&1
echo "rc=$?"; tail -5 "$OUT/kit16.log"
