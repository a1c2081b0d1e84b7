#!/usr/bin/env bash
# Checks that programs built by `cuprite nvcc` run unchanged on an NVIDIA GPU under NVIDIA's own
# libcudart.so.13 (ABI-compatible fatbins and registration).
#   scripts/gpu-check-cuprite-nvcc.sh build DIR   here: builds every suite program that passes on
#                                                 Cuprite (crates/nvcc/tests/known_failures.txt
#                                                 lists the others) and the sample into DIR/bin,
#                                                 with NVIDIA's libcudart.so.13 in DIR/lib (from
#                                                 $CUDA_HOME, see scripts/nvcc-env.sh)
#   scripts/gpu-check-cuprite-nvcc.sh run DIR OUT on the device machine (carry DIR): runs each,
#                                                 writing OUT/results.txt and OUT/log.txt
# Compare with tests/gpu-programs/results.txt (the same programs built by nvcc).
set -u
mode=${1:?usage: gpu-check-cuprite-nvcc.sh build DIR | run DIR OUT}
dir=${2:?DIR}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case $mode in
build)
    mkdir -p "$dir/bin" "$dir/lib"
    cp "${CUDA_HOME:?source scripts/nvcc-env.sh first}/lib/libcudart.so.13" "$dir/lib/" 2>/dev/null ||
        cp "$(dirname "$(command -v nvcc)")/../lib/libcudart.so.13" "$dir/lib/"
    src="$root/crates/cudart/tests/cuda"
    known=$(awk '!/^#/ {print $1}' "$root/crates/nvcc/tests/known_failures.txt")
    for f in "$src"/*.cu; do
        n=$(basename "$f" .cu)
        echo "$known" | grep -qx "$n" && continue
        flags=""
        case $n in
            per_thread_stream | batch_logs) flags="--default-stream=per-thread" ;;
            classes_virtual) flags="--extended-lambda" ;;
            cub_device_block | modern_cpp | guide_misc) flags="-std=c++17" ;;
            fault_report) flags="-lineinfo" ;;
            func_versions) flags="-DWANT_PTX=90" ;;
        esac
        "$root/target/release/cuprite" nvcc -arch=sm_90 $flags "$f" -o "$dir/bin/$n" || echo "build failed: $n"
    done
    "$root/target/release/cuprite" nvcc -arch=sm_90 "$root/samples/vectorAdd.cu" -o "$dir/bin/sample_vectorAdd"
    ;;
run)
    out=${3:?OUT}
    mkdir -p "$out"
    dir=$(cd "$dir" && pwd)
    : > "$out/results.txt"; : > "$out/log.txt"
    nvidia-smi -L >> "$out/log.txt" 2>&1
    for exe in "$dir"/bin/*; do
        n=$(basename "$exe"); args=""
        [ "$n" = env_config ] && args=visible
        [ "$n" = fault_report ] && args=atomic
        (cd /tmp && LD_LIBRARY_PATH="$dir/lib" timeout 60 "$exe" $args > "/tmp/$n.out" 2>&1); rc=$?
        if [ $rc -eq 0 ] && grep -q PASS "/tmp/$n.out" && ! grep -q FAIL "/tmp/$n.out"; then
            echo "$n PASS" >> "$out/results.txt"
        else
            echo "$n FAIL rc=$rc" >> "$out/results.txt"
            { echo "== $n rc=$rc"; tail -c 1500 "/tmp/$n.out"; } >> "$out/log.txt"
        fi
    done
    ;;
*) echo "usage: gpu-check-cuprite-nvcc.sh build DIR | run DIR OUT" >&2; exit 2 ;;
esac
