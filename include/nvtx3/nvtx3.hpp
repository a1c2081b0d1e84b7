/* Cuprite's CUDA toolkit headers: the NVTX 3 C++ API (nvtx3::scoped_range, nvtx3::mark,
 * NVTX3_FUNC_RANGE, domains, registered strings, event attributes), a header-only layer over
 * the C API of nvToolsExt.h. CCCL, a dependency of cuprite nvcc, ships NVIDIA's NVTX C++
 * header for CUB's own ranges: this header is that one. */
#pragma once
#include "nvToolsExt.h"
#if __has_include(<cub/detail/nvtx3.hpp>)
#include <cub/detail/nvtx3.hpp>
#else
#error "nvtx3/nvtx3.hpp: the NVTX C++ API comes with CCCL's headers, which are not on the include path (install them with scripts/install-cccl.sh, or set CUPRITE_CCCL)"
#endif
