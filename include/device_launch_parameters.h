/* Cuprite's CUDA toolkit headers: threadIdx, blockIdx, blockDim, gridDim and warpSize are clang's
 * CUDA built-in variables (declared by the force-included wrapper). */
#pragma once
