#!/usr/bin/env bash
# Builds a CUDA sample with Cuprite's own compiler (`cuprite nvcc`: clang plus Cuprite's headers,
# no NVIDIA software) and runs it on the CPU through Cuprite's libcudart.so.13. No GPU, NVIDIA
# driver or CUDA toolkit needed.
#   scripts/run-sample.sh [FILE.cu] [ARGS...]     default: samples/vectorAdd.cu
# clang (19 or newer) is installed with apt on Debian/Ubuntu when missing (as root or with sudo).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="${1:-$root/samples/vectorAdd.cu}"
shift || true

have_clang() {
    local v
    for v in 22 21 20 19; do
        command -v "clang++-$v" >/dev/null 2>&1 && return 0
    done
    [ -n "${CUPRITE_CLANG:-}" ] && [ -x "$CUPRITE_CLANG" ]
}

if ! have_clang; then
    if command -v apt-get >/dev/null 2>&1; then
        sudo=""
        if [ "$(id -u)" != 0 ]; then
            if command -v sudo >/dev/null 2>&1; then
                sudo="sudo"
            else
                echo "run-sample: clang-19 is missing; install it as root: apt-get install clang-19" >&2
                exit 1
            fi
        fi
        echo "run-sample: installing clang-19 (apt-get install clang-19)" >&2
        $sudo apt-get update -qq >&2
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang-19 >&2
    else
        echo "run-sample: cuprite nvcc needs clang 19 or newer with its CUDA headers: install your system's" \
             "clang-19 package (Debian/Ubuntu: clang-19; Fedora: clang; Arch: clang) or set CUPRITE_CLANG" >&2
        exit 1
    fi
fi

(cd "$root" && cargo build --release -q --bin cuprite -p cuprite-cli -p cuprite-cudart)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
exe="$out/$(basename "${src%.cu}")"
"$root/target/release/cuprite" nvcc -arch=sm_90 -o "$exe" "$src"
"$root/target/release/cuprite" exec "$exe" "$@"
