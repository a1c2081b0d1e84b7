/* Cuprite's CUDA toolkit headers: threadIdx, blockIdx, blockDim, gridDim and warpSize are clang's
 * CUDA built-in variables (declared by the force-included wrapper). */
#pragma once
/* NVIDIA's include guard, which programs test (see driver_types.h). */
#define __DEVICE_LAUNCH_PARAMETERS_H__
