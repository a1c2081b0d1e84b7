#!/bin/sh
# Regenerates the PTX next to each .cu file here (nvcc 13.0; see shared/tools/nvcc-env.sh).
set -e
cd "$(dirname "$0")"
for cu in *.cu; do
    stem=${cu%.cu}
    if [ "$stem" = mma ]; then
        # stmatrix needs sm_90; -G output is ~1 MB, so only -O3 (one kernel uses generic addresses).
        nvcc -ptx -arch=sm_90 -O3 "$cu" -o "$stem.sm_90.O3.ptx"
        continue
    fi
    nvcc -ptx -arch=sm_80 -O3 "$cu" -o "$stem.sm_80.O3.ptx"
    nvcc -ptx -arch=sm_80 -G "$cu" -o "$stem.sm_80.G.ptx"
done
