// The functions whose PTX has half-precision forms from nvcc's headers
// (tanh.approx.f16/.f16x2; hexp2 rounds through double): compiled and checked by ptxas only
// (tests/clang_headers.rs).
#include "prelude.h"
#include <cuda_bf16.h>
#include <cuda_fp16.h>

extern "C" __global__ void native(const __half *a, const __half2 *b, __half *o, __half2 *o2) {
    o[0] = hexp2(a[0]);
    o[1] = htanh_approx(a[1]);
    o2[0] = h2exp2(b[0]);
    o2[1] = h2tanh_approx(b[1]);
}

extern "C" __global__ void bf16_native(const __nv_bfloat16 *a, __nv_bfloat16 *o) {
    o[0] = __hadd(a[0], a[1]);
    o[1] = __hmul(a[0], a[1]);
    atomicAdd(o + 2, a[2]);
}
