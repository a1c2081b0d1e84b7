#!/usr/bin/env bash
# Makes sure a clang that `cuprite nvcc` can use (clang++-19 to -22, or $CUPRITE_CLANG) is
# installed: on Debian/Ubuntu it installs the `clang-19` package with apt (as root, or through
# sudo); elsewhere it says which package to install. Exits non-zero when none can be had.
# With apt it also installs clang's OpenMP runtime (libomp-N-dev) when it is missing: clang
# compiles the host code of .cu files, and `-Xcompiler -fopenmp` needs its omp.h and libomp
# (nvcc's host compiler, g++, brings libgomp); without it that option is a clear error.
set -euo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
clang_version() {
    local v
    for v in 22 21 20 19; do
        command -v "clang++-$v" >/dev/null 2>&1 && { echo "$v"; return 0; }
    done
    return 1
}
have_clang() {
    clang_version >/dev/null || { [ -n "${CUPRITE_CLANG:-}" ] && [ -x "$CUPRITE_CLANG" ]; }
}
with_openmp() {
    local v
    v=$(clang_version) || return 0
    [ -e "/usr/lib/llvm-$v/lib/clang/$v/include/omp.h" ] && return 0
    command -v apt-get >/dev/null 2>&1 && "$here/apt-install.sh" "libomp-$v-dev" || true
}
if have_clang; then
    with_openmp
    exit 0
fi
if command -v apt-get >/dev/null 2>&1; then
    "$here/apt-install.sh" clang-19 || true
fi
if have_clang; then
    with_openmp
    exit 0
fi
echo "ensure-clang: cuprite nvcc needs clang 19 or newer with its CUDA headers: install your system's" \
     "clang-19 package (Debian/Ubuntu: clang-19; Fedora: clang; Arch: clang) or set CUPRITE_CLANG" >&2
exit 1
