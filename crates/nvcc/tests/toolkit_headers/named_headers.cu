// Headers of NVIDIA's include directory that programs include by name, with what they declare:
// the sm_*/common/vector wrappers, library_types.h's values (CUDA_R_*, libraryPropertyType),
// device_types.h's cudaRoundMode with device_double_functions.h's functions of a rounding mode,
// CCCL's <nv/target> dispatch (NV_IF_TARGET with NV_IS_DEVICE / NV_PROVIDES_SM_*), and the fatbin
// wrapper of fatbinary_section.h (the magic and 24-byte layout __cudaRegisterFatBinary reads).
#include <common_functions.h>
#include <device_double_functions.h>
#include <device_types.h>
#include <library_types.h>
#include <sm_20_atomic_functions.h>
#include <sm_20_intrinsics.h>
#include <sm_30_intrinsics.h>
#include <sm_32_atomic_functions.h>
#include <sm_32_intrinsics.h>
#include <sm_35_atomic_functions.h>
#include <sm_35_intrinsics.h>
#include <sm_60_atomic_functions.h>
#include <sm_61_intrinsics.h>
#include <surface_indirect_functions.h>
#include <vector_functions.hpp>
#include <cudart_platform.h>
#include <cuda_pipeline.h>
#include <fatbinary_section.h>
#include <nv/target>
#include <cstdio>

__host__ __device__ int where() {
  NV_IF_TARGET(NV_IS_DEVICE, (return 1;), (return 2;));
}
__device__ int sm80() {
  NV_IF_ELSE_TARGET(NV_PROVIDES_SM_80, (return 80;), (return 0;));
}

// dadd/dsub/dmul/fma with a cudaRoundMode round as the mode says; the conversions truncate by
// default; __ldg (sm_32), __shfl_sync (sm_30), __dp4a (sm_61), atomicAdd on double (sm_60).
__global__ void device_checks(int *bad, double *sum) {
  const double tiny = 0x1p-60;
  int b = 0;
  b |= (dadd(1.0, tiny, cudaRoundPosInf) <= 1.0) << 0;
  b |= (dadd(1.0, tiny) != 1.0) << 1;
  b |= (dadd(1.0, tiny, cudaRoundZero) != 1.0) << 2;
  b |= (dsub(1.0, tiny, cudaRoundMinInf) >= 1.0) << 3;
  b |= (dmul(1.0 + 0x1p-52, 1.0 + 0x1p-52, cudaRoundPosInf) != 1.0 + 0x1p-51 + 0x1p-52) << 4;
  b |= (fma(1.0, 1.0, tiny, cudaRoundPosInf) <= 1.0) << 5;
  b |= (double2int(-2.7) != -2 || double2int(-2.7, cudaRoundMinInf) != -3 || double2int(2.5, cudaRoundNearest) != 2) << 6;
  b |= (ll2double((1ll << 53) + 1, cudaRoundPosInf) != 0x1p53 + 2) << 7;
  int x = threadIdx.x;
  b |= (__shfl_sync(0xffffffffu, x, 0) != 0) << 8;
  b |= (__dp4a(0x01020304, 0x01010101, 0) != 10) << 9;
  b |= (__ldg(bad + 1) != 7) << 10;
  b |= (where() != 1 || sm80() != 80) << 11;
  atomicAdd(sum, 0.5);
  atomicOr(bad, b);
}

int main() {
  int *d, h[2] = {0, 7};
  double *s, hs = 0;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&s, sizeof(double));
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(s, 0, sizeof(double));
  device_checks<<<1, 32>>>(d, s);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hs, s, sizeof hs, cudaMemcpyDeviceToHost);
  bool types = CUDA_R_32F == 0 && CUDA_R_64F == 1 && CUDA_R_16F == 2 && CUDA_C_32F == 4 && CUDA_R_16BF == 14 &&
               CUDA_R_8F_E4M3 == 28 && CUDA_R_8F_E5M2 == 29 && CUDA_R_4F_E2M1 == 33 && MAJOR_VERSION == 0 &&
               MINOR_VERSION == 1 && PATCH_LEVEL == 2 && cudaRoundNearest == 0 && cudaRoundMinInf == 3;
  types = types && FATBINC_MAGIC == 0x466243B1 && sizeof(__fatBinC_Wrapper_t) == 24 && FATBINC_LINK_VERSION == 2;
  cudaDataType_t t = CUDA_R_32I;
  libraryPropertyType p = PATCH_LEVEL;
  float4 f = make_float4(1, 2, 3, 4);
  printf("device failures %#x, sum %g, host where %d\n", h[0], hs, where());
  bool ok = h[0] == 0 && hs == 16.0 && types && t == 10 && p == 2 && f.w == 4 && where() == 2;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
