#!/bin/sh
# Regenerates the PTX next to each .cu file here (nvcc 13.0; see shared/tools/nvcc-env.sh), or
# next to the .cu files named as arguments only (nvcc's -G output embeds a random hash in
# internal names, so regenerating an unchanged file still changes its .G.ptx).
set -e
cd "$(dirname "$0")"
[ $# -gt 0 ] || set -- *.cu
for cu in "$@"; do
    cu=$(basename "$cu")
    stem=${cu%.cu}
    if [ "$stem" = mma ]; then
        # stmatrix needs sm_90; -G output is ~1 MB, so only -O3 (one kernel uses generic addresses).
        nvcc -ptx -arch=sm_90 -O3 "$cu" -o "$stem.sm_90.O3.ptx"
        continue
    fi
    # Thread block clusters, 128-bit and vector atomics, cp.async.bulk and st.async/red.async need
    # compute capability 9.0.
    arch=sm_80
    [ "$stem" = cluster ] && arch=sm_90
    [ "$stem" = atom128 ] && arch=sm_90
    [ "$stem" = async_store ] && arch=sm_90
    [ "$stem" = address_wrap ] && arch=sm_90
    [ "$stem" = warps_together_async ] && arch=sm_90
    nvcc -ptx -arch=$arch -O3 "$cu" -o "$stem.$arch.O3.ptx"
    nvcc -ptx -arch=$arch -G "$cu" -o "$stem.$arch.G.ptx"
done
