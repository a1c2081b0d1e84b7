/* Cuprite's CUDA toolkit headers: device_types.h, the rounding modes some device functions take
 * (cudaRoundMode: the CUDA Math API's dadd/dmul/fma(..., mode), the cuda_fp6.h/cuda_fp4.h and
 * e8m0 conversions). cuda_runtime.h includes it, as NVIDIA's does. */
#ifndef __DEVICE_TYPES_H__
#define __DEVICE_TYPES_H__

enum cudaRoundMode {
    cudaRoundNearest, /* to nearest, ties to even */
    cudaRoundZero,    /* toward zero */
    cudaRoundPosInf,  /* toward +infinity */
    cudaRoundMinInf   /* toward -infinity */
};

#endif
