#!/usr/bin/env bash
# Runs Cuprite's whole test suite on a fresh machine: installs NVIDIA's nvcc/ptxas 13.0 from PyPI
# (the tests' reference oracle: every PTX we print must pass ptxas) and clang-19 (Cuprite's CUDA
# front end), cmake (a test builds a CMake project) and CCCL's headers (Thrust, CUB, libcu++: scripts/install-cccl.sh) if they are not
# there yet, then runs every test of every crate. Extra arguments go to `cargo test`.
#
# CUPRITE_TESTS=full runs the whole suite; without it (the README's command, CI's 2-core budget)
# tests/program-diff checks a fixed third of its programs built by nvcc and a tenth built by
# cuprite nvcc, none that include CCCL (nvcc's builds of all of them take 25 minutes of such a
# machine, cuprite nvcc's 40 with the block tier's compiles), and the conformance table's second
# pass (single-pass registers) runs the warp tier only. Both say so as they run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=scripts/nvcc-env.sh
source "$root/scripts/nvcc-env.sh" "${NVTOOL_DIR:-/tmp/nvtool}" >&2
# clang-19 compiles the tests' CUDA with Cuprite's own headers.
"$root/scripts/ensure-clang.sh"
# cmake: a test builds a CMake project with Cuprite as its CUDA toolkit.
command -v cmake >/dev/null 2>&1 || "$root/scripts/apt-install.sh" cmake
# CCCL's headers, into the default directory where `cuprite nvcc` finds them.
"$root/scripts/install-cccl.sh" >/dev/null
cd "$root"
# The JIT tiers' output goes through Cranelift's IR verifier in tests (release builds skip it).
export CUPRITE_JIT_VERIFY=1
# The block tier's C compiles at -O1 here, not at -O3 as users' kernels do (CUPRITE_CC_OPT): gcc at
# -O3 was most of the tests' CPU (conformance compiles ~900 kernels, 0.9 to 6.5 s each at -O3 against
# 0.5 to 1.4 s at -O1). The block tier's own tests then run again at -O3 (a plain run only), and the
# tier ladder's: at another level than -O3 the veto keeps the block tier (`jit::may_leave`).
export CUPRITE_CC_OPT="${CUPRITE_CC_OPT:--O1}"
cargo test --workspace --release "$@"
if [ $# -eq 0 ] && [ "$CUPRITE_CC_OPT" != -O3 ]; then
    CUPRITE_CC_OPT=-O3 cargo test --release -p cuprite-simt --test 'block_tier*' --test tier_trials
fi
if [ $# -eq 0 ]; then
    # The warp tier's first code of a long kernel has single-pass registers (CUPRITE_WARP_REGALLOC):
    # the conformance tests once more with every warp-tier compile so (the warp tier alone
    # beside the interpreter, unless the whole suite runs).
    engines=warp
    [ "${CUPRITE_TESTS:-}" = full ] && engines=interp,jit-all,warp,block
    CUPRITE_WARP_REGALLOC=single_pass CONFORMANCE_ENGINES=$engines \
        cargo test --release -p cuprite-simt --test conformance
fi
if [ "${CUPRITE_TESTS:-}" != full ]; then
    echo "scripts/test.sh: tests/program-diff checked a third of its programs built by nvcc and a tenth" \
        "built by cuprite nvcc (none that include CCCL)" \
        "and the second conformance pass the warp tier only; CUPRITE_TESTS=full scripts/test.sh checks all" >&2
fi
