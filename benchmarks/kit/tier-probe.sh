#!/usr/bin/env bash
# Each kit kernel with the engine forced (CUPRITE_ENGINE=warp, block, or the default) at several
# worker counts, on the GPU machine's CPU: which tier is faster where. Here, first strip the
# binaries into target/kitbin as on-gpu-machine.sh says; then run this script there with
# target/kitbin carried. KERNELS, ENGINES ("default warp block"), WORKERS ("1 4 16"), KIT_REPS.
set -u
R=$(pwd)
mkdir -p target/release
cp target/kitbin/cuprite target/kitbin/libcudart.so* target/release/
export PATH=/usr/local/cuda/bin:$PATH
cd benchmarks/kit
B=/tmp/probe; mkdir -p $B
for k in ${KERNELS:-saxpy reduce_tree coop_groups reduce_atomic transpose vector_add}; do
  nvcc -O3 -cudart shared -arch=sm_80 -o $B/$k $k.cu 2>&1 | grep -v Wno-deprecated | head -3
done
for k in ${KERNELS:-saxpy reduce_tree coop_groups reduce_atomic transpose vector_add}; do
  for e in ${ENGINES:-default warp block}; do
    for w in ${WORKERS:-1 4 16}; do
      if [ $e = default ]; then eng=""; else eng="CUPRITE_ENGINE=$e"; fi
      out=$(env $eng CUPRITE_SIMT_WORKERS=$w KIT_REPS=${KIT_REPS:-4} timeout 60 $R/target/release/cuprite exec $B/$k 2>&1 | grep -E "^KERNEL|error" | head -2)
      echo "$k engine=$e workers=$w :: $out"
    done
  done
done
