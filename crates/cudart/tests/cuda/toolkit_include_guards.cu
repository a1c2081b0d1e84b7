// NVIDIA's toolkit headers define their include-guard macros, and programs test them: the CUDA
// samples' helper_cuda.h declares checkCudaErrors only #ifdef __DRIVER_TYPES_H__ and
// findCudaDevice only #ifdef __CUDA_RUNTIME_H__. Each macro is checked after including its header.
#include "common.h"
#include <cuComplex.h>
#include <cuda.h>
#include <cuda_pipeline.h>
#include <cooperative_groups.h>
#include <device_launch_parameters.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#if defined(__CUDA_RUNTIME_H__) && defined(__CUDA_RUNTIME_API_H__) && defined(__DRIVER_TYPES_H__) && \
    defined(__VECTOR_TYPES_H__) && defined(__VECTOR_FUNCTIONS_H__) && defined(__DRIVER_FUNCTIONS_H__)
const bool runtime_guards = true;
#else
const bool runtime_guards = false;
#endif
#if defined(__cuda_cuda_h__) && defined(CU_COMPLEX_H_) && defined(_CUDA_PIPELINE_H_) && \
    defined(_COOPERATIVE_GROUPS_H_) && defined(__DEVICE_LAUNCH_PARAMETERS_H__)
const bool other_guards = true;
#else
const bool other_guards = false;
#endif
#if defined(__CUDA_FP16_H__) && defined(__CUDA_BF16_H__)
const bool half_guards = true;
#else
const bool half_guards = false;
#endif
int main() {
  EXPECT(runtime_guards);
  EXPECT(other_guards);
  EXPECT(half_guards);
  printf("PASS\n");
  return 0;
}
