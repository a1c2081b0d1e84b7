#!/usr/bin/env bash
# Runs the Programming Guide programs (crates/nvcc/tests/guide) on an NVIDIA GPU under NVIDIA's own
# libcudart.so.13, each built twice: by `cuprite nvcc` (are Cuprite's builds ABI-compatible and
# right on real hardware?) and by NVIDIA's nvcc (are the programs' expectations right?).
#   scripts/gpu-check-guide.sh build DIR      here: builds every program (single .cu files with the
#                                             flags of their `// nvcc-flags:` line, directories by
#                                             their build.txt) into DIR/cuprite and DIR/nvcc, with
#                                             NVIDIA's libcudart.so.13 in DIR/lib (source
#                                             scripts/nvcc-env.sh first); build failures are listed
#                                             in DIR/build-failures.txt (ONLY="NAME ..."
#                                             rebuilds just those)
#   scripts/gpu-check-guide.sh run DIR OUT    on the device machine (carry DIR): runs each, writing
#                                             OUT/results.txt (NAME COMPILER PASS|FAIL) and
#                                             OUT/log.txt (the output of each failure)
# A program that passes with both compilers on the GPU but is in tests/guide/known_failures.txt
# fails on Cuprite's CPU engine only (or in cuprite nvcc's output only where the nvcc build passes
# there).
set -u
mode=${1:?usage: gpu-check-guide.sh build DIR | run DIR OUT}
dir=${2:?DIR}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
guide="$root/crates/nvcc/tests/guide"
arch=-arch=sm_90

# build_one COMPILER NAME OUTDIR: builds program NAME with COMPILER ("cuprite" or "nvcc").
build_one() {
    local compiler=$1 name=$2 out=$3 nv
    if [ "$compiler" = cuprite ]; then nv=("$root/target/release/cuprite" nvcc "$arch"); else nv=(nvcc -cudart shared "$arch"); fi
    mkdir -p "$out"
    if [ -f "$guide/$name.cu" ]; then
        local flags
        flags=$(sed -n 's|^// nvcc-flags: *||p' "$guide/$name.cu" | head -1)
        # shellcheck disable=SC2086 # the flags are separate words
        "${nv[@]}" $flags "$guide/$name.cu" -o "$out/prog"
        return
    fi
    local src="$guide/$name" line tool
    while read -r line; do
        case $line in '' | '#'*) continue ;; esac
        line=${line//\$SRC/$src}
        line=${line//\$OUT/$out}
        read -r tool line <<< "$line"
        # shellcheck disable=SC2086 # build.txt lines are word lists
        case $tool in
            nvcc) "${nv[@]}" $line || return 1 ;;
            ar) ar $line || return 1 ;;
            *) echo "build.txt: unknown command $tool" >&2; return 1 ;;
        esac
    done < "$src/build.txt"
}

case $mode in
build)
    mkdir -p "$dir/lib"
    cp "${CUDA_HOME:?source scripts/nvcc-env.sh first}/lib/libcudart.so.13" "$dir/lib/" 2>/dev/null ||
        cp "$(dirname "$(command -v nvcc)")/../lib/libcudart.so.13" "$dir/lib/"
    [ -n "${ONLY:-}" ] || : > "$dir/build-failures.txt"
    names=$(cd "$guide" && { ls ./*.cu | sed 's|^\./||; s|\.cu$||'; for d in */; do [ -f "$d/build.txt" ] && echo "${d%/}"; done; })
    # ONLY="name ..." rebuilds just those (into an existing DIR)
    [ -n "${ONLY:-}" ] && names=$ONLY
    for n in $names; do
        for c in cuprite nvcc; do
            build_one $c "$n" "$dir/$c/$n" > "$dir/$c-$n.build.log" 2>&1 || echo "$n $c" >> "$dir/build-failures.txt"
        done
    done
    ;;
run)
    out=${3:?OUT}
    mkdir -p "$out"
    dir=$(cd "$dir" && pwd)
    : > "$out/results.txt"; : > "$out/log.txt"
    nvidia-smi -L >> "$out/log.txt" 2>&1
    for c in cuprite nvcc; do
        for d in "$dir/$c"/*/; do
            n=$(basename "$d"); exe="$d/prog"
            if [ ! -x "$exe" ]; then echo "$n $c NOT-BUILT" >> "$out/results.txt"; continue; fi
            (cd /tmp && LD_LIBRARY_PATH="$dir/lib" timeout "${TIMEOUT:-120}" "$exe" > "/tmp/guide-$c-$n.out" 2>&1); rc=$?
            if [ $rc -eq 0 ] && grep -q PASS "/tmp/guide-$c-$n.out" && ! grep -q FAIL "/tmp/guide-$c-$n.out"; then
                echo "$n $c PASS" >> "$out/results.txt"
            else
                echo "$n $c FAIL rc=$rc" >> "$out/results.txt"
                { echo "== $n ($c) rc=$rc"; grep -v '^PASS' "/tmp/guide-$c-$n.out" | tail -c 1500; } >> "$out/log.txt"
            fi
        done
    done
    ;;
*) echo "usage: gpu-check-guide.sh build DIR | run DIR OUT" >&2; exit 2 ;;
esac
