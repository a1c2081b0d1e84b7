#!/usr/bin/env bash
# Does a machine run the same code at one speed? Prints per-batch times of a plain C loop of
# independent integer operations (ipc.c: no memory, no threads, no Cuprite) and of a graph of
# 100 small kernels (graph_only.cu) under NVIDIA's runtime and under `cuprite exec`.
# Usage: run.sh CUPRITE  (nvcc and gcc on PATH; the directory must be writable)
set -eu
here=$(cd "$(dirname "$0")" && pwd); cuprite=${1:?usage: run.sh PATH-TO-cuprite}
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
gcc -O2 -o "$w/ipc" "$here/ipc.c"
nvcc -O3 -arch=sm_90 -cudart shared -o "$w/graph_only" "$here/graph_only.cu"
nproc; lscpu | grep "Model name" || true
if nvidia-smi -L >/dev/null 2>&1; then echo "== NVIDIA's runtime"; "$w/graph_only" 10 100 | head -1; fi
for i in 1 2 3 4; do
  echo "== plain C loop, run $i"; "$w/ipc" 40
  echo "== Cuprite, run $i"; "$cuprite" exec "$w/graph_only" 20 100 | head -1
done
