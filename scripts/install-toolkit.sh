#!/usr/bin/env bash
# Installs Cuprite as a CUDA toolkit directory:
#   PREFIX/bin/nvcc, PREFIX/bin/cuprite        the compiler driver (`nvcc` runs `cuprite nvcc`)
#   PREFIX/bin/ptxas, PREFIX/bin/fatbinary     for clang --cuda-path=PREFIX (`cuprite ptxas`, ...)
#   PREFIX/include/                            Cuprite's CUDA headers
#   PREFIX/lib64/libcudart.so{.13,}            Cuprite's runtime library (also as libcuda.so)
#   PREFIX/lib64/libcurand.so{.10,}            Cuprite's cuRAND host API
#   PREFIX/lib64/libcudadevrt.a, libcudart_static.a   what build systems link beside it
#   PREFIX/nvvm/libdevice/libdevice.10.bc      the math library's bitcode (when libdevice/ exists)
#   PREFIX/version.json                        the CUDA version it implements
#   scripts/install-toolkit.sh PREFIX
set -euo pipefail
prefix=${1:?usage: install-toolkit.sh PREFIX}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# CUPRITE_BUILT=DIR takes the cuprite binary and libcudart from DIR (cargo's output directory,
# as the tests have it) instead of building them.
built="${CUPRITE_BUILT:-}"
if [ -z "$built" ]; then
    (cd "$root" && cargo build --release -q --bin cuprite -p cuprite-cli -p cuprite-cudart -p cuprite-curand)
    built="$root/target/release"
fi
mkdir -p "$prefix/bin" "$prefix/lib64" "$prefix/nvvm/libdevice"
prefix="$(cd "$prefix" && pwd)"
install -m 755 "$built/cuprite" "$prefix/bin/cuprite"
cat > "$prefix/bin/nvcc" <<'SH'
#!/bin/sh
# Cuprite's nvcc: the CUDA compiler driver of this toolkit.
exec "$(dirname "$(readlink -f "$0")")/cuprite" nvcc "$@"
SH
chmod 755 "$prefix/bin/nvcc"
# The tools clang's CUDA mode (clang++ --cuda-path=PREFIX) runs after compiling device code.
for tool in ptxas fatbinary; do
    printf '#!/bin/sh\n# Cuprite'"'"'s %s, for clang --cuda-path: see `cuprite help`.\nexec "$(dirname "$(readlink -f "$0")")/cuprite" %s "$@"\n' \
        "$tool" "$tool" > "$prefix/bin/$tool"
    chmod 755 "$prefix/bin/$tool"
done
rm -rf "$prefix/include"
cp -r "$root/include" "$prefix/include"
# cargo leaves the library in two places (built directly, or as the cli's dependency): the newer.
lib="$built/libcudart.so"
if [ ! -f "$lib" ] || [ "$built/deps/libcudart.so" -nt "$lib" ]; then lib="$built/deps/libcudart.so"; fi
install -m 755 "$lib" "$prefix/lib64/libcudart.so.13"
ln -sf libcudart.so.13 "$prefix/lib64/libcudart.so"
# Makefiles link -lcuda (NVIDIA's driver library, which a GPU machine has) beside -lcudart,
# most without calling the Driver API (Rodinia's): the name links the runtime, and a program
# that calls cuInit & co. fails to link, naming the function (Cuprite has no driver library).
ln -sf libcudart.so.13 "$prefix/lib64/libcuda.so"
# cuRAND's host API (crates/curand), under NVIDIA's names.
curand="$built/libcurand.so"
if [ ! -f "$curand" ] || [ "$built/deps/libcurand.so" -nt "$curand" ]; then curand="$built/deps/libcurand.so"; fi
install -m 755 "$curand" "$prefix/lib64/libcurand.so.10"
ln -sf libcurand.so.10 "$prefix/lib64/libcurand.so"
# Build systems link these beside the runtime (CMake: cudadevrt with every CUDA target,
# cudart_static when asked for the static runtime). The device runtime is part of Cuprite's
# libcudart.so, and there is no static runtime: an empty archive, and a linker script that
# links the shared library (as `cuprite nvcc -cudart static` does).
printf '!<arch>\n' > "$prefix/lib64/libcudadevrt.a"
cat > "$prefix/lib64/libcudart_static.a" <<'LD'
/* Cuprite has no static CUDA runtime: this linker script links its shared libcudart. */
INPUT(-lcudart)
LD
if [ -f "$root/libdevice/libdevice.c" ]; then
    clang=""
    for v in 22 21 20 19; do command -v "clang-$v" >/dev/null 2>&1 && { clang="clang-$v"; break; }; done
    "${clang:-clang}" -x c --target=nvptx64-nvidia-cuda -march=sm_52 -O2 -ffp-contract=off -fno-math-errno \
        -mllvm -nvvm-reflect-enable=false -emit-llvm -c "$root/libdevice/libdevice.c" -o "$prefix/nvvm/libdevice/libdevice.10.bc"
fi
cat > "$prefix/version.json" <<JSON
{
  "cuda": { "name": "CUDA SDK", "version": "13.0.0" },
  "cuda_cudart": { "name": "CUDA Runtime (cudart), Cuprite", "version": "13.0.0" },
  "cuda_nvcc": { "name": "CUDA NVCC, Cuprite (cuprite nvcc over clang)", "version": "13.0.0" }
}
JSON
echo "installed Cuprite's CUDA toolkit in $prefix (compile with $prefix/bin/nvcc; run with LD_LIBRARY_PATH=$prefix/lib64)"
