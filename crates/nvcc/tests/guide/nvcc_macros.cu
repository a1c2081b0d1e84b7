// nvcc-flags: -rdc=true -G --extended-lambda --expt-relaxed-constexpr
// The macros the nvcc manual lists for the modes its options select, which programs and
// libraries test (CUB enables device-side launches under __CUDACC_RDC__): -rdc=true defines
// __CUDACC_RDC__, -G __CUDACC_DEBUG__, --extended-lambda __CUDACC_EXTENDED_LAMBDA__,
// --expt-relaxed-constexpr __CUDACC_RELAXED_CONSTEXPR__, in host and device code alike; and
// __CUDACC__ is 1 (`#if __CUDACC__` works), the version macros those of CUDA 13.0.88.
#include "guide.h"
constexpr int mode_bits() {
  int bits = 0;
#ifdef __CUDACC_RDC__
  bits |= 1;
#endif
#ifdef __CUDACC_DEBUG__
  bits |= 2;
#endif
#ifdef __CUDACC_EXTENDED_LAMBDA__
  bits |= 4;
#endif
#ifdef __CUDACC_RELAXED_CONSTEXPR__
  bits |= 8;
#endif
#if __CUDACC__
  bits |= 16;
#endif
  return bits;
}
__global__ void device_bits(int* out) { *out = mode_bits(); }
int main() {
  int* d;
  CK(cudaMalloc(&d, sizeof(int)));
  device_bits<<<1, 1>>>(d);
  int dev = 0;
  CK(cudaMemcpy(&dev, d, sizeof dev, cudaMemcpyDeviceToHost));
  check(mode_bits() == 31, "host code sees the mode macros and __CUDACC__ == 1");
  check(dev == 31, "device code sees the mode macros and __CUDACC__ == 1");
  check(__CUDACC_VER_MAJOR__ == 13 && __CUDACC_VER_MINOR__ == 0 && __CUDACC_VER_BUILD__ == 88,
        "__CUDACC_VER_MAJOR__.MINOR__.BUILD__ is 13.0.88");
  check(__CUDA_API_VER_MAJOR__ == 13 && __CUDA_API_VER_MINOR__ == 0, "__CUDA_API_VER_MAJOR__.MINOR__ is 13.0");
  return finish();
}
