// The NVTX 3 headers a program includes by name: the C++ API (nvtx3/nvtx3.hpp: scoped ranges,
// marks, domains, NVTX3_FUNC_RANGE) with CUB's own ranges in the same program, the driver and
// runtime object naming; with no tool attached, push and pop return NVTX_NO_PUSH_POP_TRACKING.
#include <nvtx3/nvtx3.hpp>
#include <nvtx3/nvToolsExtCuda.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <cub/cub.cuh>  // CUB includes nvtx3.hpp too
#include <cstdio>
struct my_domain { static constexpr char const *name = "mine"; };
__global__ void k(int *p) { *p = 7; }
int main() {
  NVTX3_FUNC_RANGE();
  nvtx3::scoped_range r{"outer"};
  nvtx3::scoped_range_in<my_domain> r2{"in domain"};
  nvtx3::mark("a mark");
  int level = nvtxRangePushA("push");
  nvtxMarkA("mark");
  nvtxDomainHandle_t d = nvtxDomainCreateA("dom");
  nvtxNameCudaStreamA(0, "default");
  nvtxNameCuDeviceA(0, "dev");
  int *p; cudaMalloc(&p, 4); k<<<1, 1>>>(p);
  int h = 0; cudaMemcpy(&h, p, 4, cudaMemcpyDeviceToHost);
  int popped = nvtxRangePop();
  nvtxDomainDestroy(d);
  bool ok = h == 7 && level == NVTX_NO_PUSH_POP_TRACKING && popped == NVTX_NO_PUSH_POP_TRACKING;
  printf("%d %d %d\n%s\n", level, popped, h, ok ? "PASS" : "FAIL");
}
