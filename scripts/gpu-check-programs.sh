#!/usr/bin/env bash
# Builds every self-checking test program (crates/cudart/tests/cuda/*.cu) with nvcc and runs it
# natively on a real GPU: a program that passes on the GPU checks what CUDA really does, so its
# expectations are facts, not our reading of the guide. Run on the device machine:
#   scripts/gpu-check-programs.sh OUTDIR
# Writes OUTDIR/results.txt (one "name PASS|FAIL|BUILD-FAIL" line each) and OUTDIR/log.txt.
set -u
out=${1:?usage: gpu-check-programs.sh OUTDIR}
mkdir -p "$out" /tmp/gpuprog
src=$(cd "$(dirname "$0")/../crates/cudart/tests/cuda" && pwd)
: > "$out/results.txt"; : > "$out/log.txt"
# The flags programs.rs builds each program with.
build() {
    name=$1; flags=""
    case $name in
        per_thread_stream | batch_logs) flags="--default-stream=per-thread" ;;
        dynamic_parallelism) flags="-rdc=true" ;;
        classes_virtual) flags="--extended-lambda" ;;
        cub_device_block | modern_cpp | guide_misc) flags="-std=c++17" ;;
    esac
    nvcc -arch=sm_90 $flags "$src/$name.cu" -o "/tmp/gpuprog/$name" > "/tmp/gpuprog/$name.build" 2>&1
}
# Relocatable device code over two files (programs.rs: relocatable_device_code_two_files).
nvcc -arch=sm_90 -rdc=true "$src/rdc/main.cu" "$src/rdc/other.cu" -o /tmp/gpuprog/rdc_two_files \
    > /tmp/gpuprog/rdc_two_files.build 2>&1 &
for f in "$src"/*.cu; do
    name=$(basename "$f" .cu)
    build "$name" &
    while [ "$(jobs -r | wc -l)" -ge 12 ]; do sleep 0.2; done
done
wait
for f in "$src"/*.cu "$src/rdc_two_files.cu"; do
    name=$(basename "$f" .cu)
    if [ ! -x "/tmp/gpuprog/$name" ]; then
        echo "$name BUILD-FAIL" >> "$out/results.txt"
        { echo "== $name (build)"; cat "/tmp/gpuprog/$name.build"; } >> "$out/log.txt"
        continue
    fi
    (cd /tmp/gpuprog && timeout 60 "./$name" > "$name.out" 2>&1); rc=$?
    if [ $rc -eq 0 ] && grep -q PASS "/tmp/gpuprog/$name.out" && ! grep -q FAIL "/tmp/gpuprog/$name.out"; then
        echo "$name PASS" >> "$out/results.txt"
    else
        echo "$name FAIL rc=$rc" >> "$out/results.txt"
        { echo "== $name (rc=$rc)"; tail -c 3000 "/tmp/gpuprog/$name.out"; } >> "$out/log.txt"
    fi
done
