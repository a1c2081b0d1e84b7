#!/usr/bin/env bash
# NVIDIA's CUDA samples built by `cuprite nvcc`, run on an NVIDIA GPU under NVIDIA's own
# libcudart.so.13: are Cuprite's builds of programs it was not written against ABI-compatible
# and right on real hardware? (scripts/cuda-samples runs the same builds on the CPU.)
#   scripts/gpu-check-cuda-samples.sh build SAMPLES DIR CATEGORY...
#                         here: builds every sample that tests/cuda-samples/CATEGORY.txt runs (not
#                         the skipped ones) into DIR/CATEGORY/NAME/NAME, stripped, beside the
#                         sample's small data files, with NVIDIA's libcudart.so.13 in DIR/lib
#                         (source scripts/nvcc-env.sh first); build failures go to DIR/build.txt
#   scripts/gpu-check-cuda-samples.sh run DIR OUT
#                         on the device machine (carry DIR): runs each in its folder, writing
#                         OUT/results.txt (CATEGORY/NAME PASS|FAIL) and OUT/CATEGORY-NAME.log
# A sample passes as scripts/cuda-samples says: exit status 0 and no failure verdict printed.
set -u
mode=${1:?usage: gpu-check-cuda-samples.sh build SAMPLES DIR CATEGORY... | run DIR OUT}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case $mode in
build)
    samples=$(cd "${2:?SAMPLES}" && pwd) dir=${3:?DIR}
    mkdir -p "$dir" && dir=$(cd "$dir" && pwd)
    shift 3
    mkdir -p "$dir/lib"
    cp "$(dirname "$(command -v nvcc)")/../lib/libcudart.so.13" "$dir/lib/" || exit 2
    : > "$dir/build.txt"
    for category in "$@"; do
        while IFS= read -r line; do
            case $line in '' | '#'* | *"skip:"*) continue ;; esac
            name=$(awk '{print $1}' <<< "$line")
            flags=$(sed -n 's/.*| *flags: *\([^|]*\).*/\1/p' <<< "$line")
            src="$samples/Samples/$category/$name" out="$dir/$category/$name"
            mkdir -p "$out"
            mapfile -t files < <(cd "$src" && ls ./*.cu ./*.cpp src/*.cu src/*.cpp 2> /dev/null)
            (cd "$src" && find . -maxdepth 1 -type f ! -name '*.cu' ! -name '*.cpp' ! -name '*.h' ! -name '*.cuh' \
                ! -name '*.hpp' -size -2M -exec cp {} "$out/" \;)
            # shellcheck disable=SC2086 # flags are separate words
            if (cd "$src" && "$root/target/release/cuprite" nvcc -arch=sm_90 -O3 -std=c++17 -I "$samples/Common" \
                $flags "${files[@]}" -o "$out/$name") > "$out/build.log" 2>&1; then
                strip "$out/$name"
            else
                echo "$category/$name" >> "$dir/build.txt"
            fi
        done < "$root/tests/cuda-samples/$category.txt"
    done
    ;;
run)
    dir=$(cd "${2:?DIR}" && pwd) out=${3:?OUT}
    mkdir -p "$out"
    : > "$out/results.txt"
    nvidia-smi -L > "$out/gpu.txt" 2>&1
    for d in "$dir"/*/*/; do
        name=$(basename "$d") category=$(basename "$(dirname "$d")")
        [ "$category" = lib ] && continue
        log="$out/$category-$name.log"
        if [ ! -x "$d/$name" ]; then echo "$category/$name NOT-BUILT" >> "$out/results.txt"; continue; fi
        (cd "$d" && LD_LIBRARY_PATH="$dir/lib" timeout "${TIMEOUT:-120}" "./$name" > "$log" 2>&1)
        status=$?
        verdict=PASS
        [ $status -ne 0 ] && verdict="FAIL status $status"
        grep -Eq 'Test failed|FAILED|Validation FAILURE|NOT OK' "$log" && verdict="FAIL verdict (status $status)"
        echo "$category/$name $verdict" >> "$out/results.txt"
    done
    ;;
*) echo "usage: gpu-check-cuda-samples.sh build SAMPLES DIR CATEGORY... | run DIR OUT" >&2; exit 2 ;;
esac
