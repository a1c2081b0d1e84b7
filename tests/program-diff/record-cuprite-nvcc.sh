#!/usr/bin/env bash
# Records what a real GPU prints for `cuprite nvcc`'s builds of programs here, for
# expected-cuprite-nvcc/NAME.txt (crates/nvcc/tests/program_diff.rs requires that output where
# it is recorded: programs whose results clang's code generation decides differently than
# nvcc's, the GPU agreeing with Cuprite):
#   on this machine:  tests/program-diff/record-cuprite-nvcc.sh build DIR NAME...
#                     (cuprite nvcc -arch=sm_90 and each program's `// flags:`; stripped)
#   on the GPU:       tests/program-diff/record-cuprite-nvcc.sh run DIR OUTDIR
#                     (each build under NVIDIA's libcudart.so.13: OUTDIR/NAME.txt, NAME.err)
# The 2026-11-30 records were made so on an H200 (driver 580, CUDA 13.0).
set -u
here=$(cd "$(dirname "$0")" && pwd)
case "${1:-}" in
build)
    dir=${2:?usage: record-cuprite-nvcc.sh build DIR NAME...}; shift 2
    mkdir -p "$dir"
    for n in "$@"; do
        flags=$(sed -n '1s|^// flags:||p' "$here/$n.cu")
        # shellcheck disable=SC2086
        (cd "$here" && cuprite nvcc -arch=sm_90 $flags -o "$dir/$n" "$n.cu") && strip "$dir/$n" || echo "BUILD FAIL $n"
    done
    ;;
run)
    dir=${2:?usage: record-cuprite-nvcc.sh run DIR OUTDIR}; out=${3:?usage: record-cuprite-nvcc.sh run DIR OUTDIR}
    mkdir -p "$out"
    lib=$(dirname "$(find / -name 'libcudart.so.13*' -not -path '/proc/*' 2>/dev/null | head -1)")
    for e in "$dir"/*; do
        n=$(basename "$e")
        (cd "$dir" && LD_LIBRARY_PATH=$lib timeout 120 "./$n" > "$out/$n.txt" 2> "$out/$n.err"; echo "$n rc=$?")
    done
    ;;
*)
    echo "usage: record-cuprite-nvcc.sh build DIR NAME... | run DIR OUTDIR" >&2
    exit 2
    ;;
esac
