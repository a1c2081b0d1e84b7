#!/usr/bin/env bash
# Makes sure a clang that `cuprite nvcc` can use (clang++-19 to -22, or $CUPRITE_CLANG) is
# installed: on Debian/Ubuntu it installs the `clang-19` package with apt (as root, or through
# sudo); elsewhere it says which package to install. Exits non-zero when none can be had.
set -euo pipefail
have_clang() {
    local v
    for v in 22 21 20 19; do
        command -v "clang++-$v" >/dev/null 2>&1 && return 0
    done
    [ -n "${CUPRITE_CLANG:-}" ] && [ -x "$CUPRITE_CLANG" ]
}
have_clang && exit 0
if command -v apt-get >/dev/null 2>&1; then
    "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" clang-19 || true
fi
have_clang && exit 0
echo "ensure-clang: cuprite nvcc needs clang 19 or newer with its CUDA headers: install your system's" \
     "clang-19 package (Debian/Ubuntu: clang-19; Fedora: clang; Arch: clang) or set CUPRITE_CLANG" >&2
exit 1
