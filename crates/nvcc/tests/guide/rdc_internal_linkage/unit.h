// Both translation units of rdc_internal_linkage include this file: the same internal names in
// each, `tag` telling them apart (1 in main.cu, 2 in other.cu).
#pragma once
#include "../guide.h"
static __device__ int count = 0;  // one per translation unit
static __global__ void bump(int by) { count += by; }
namespace {
__global__ void report(int* out) { out[0] = count; }
}
// Runs this file's kernels: count += tag twice, then reports it; the host writes, then reads the
// file's own count through its symbol.
static void run_unit(int tag, int* d, int* got, int* after_copy) {
  bump<<<1, 1>>>(tag);
  CK(cudaGetLastError());
  bump<<<1, 1>>>(tag);
  report<<<1, 1>>>(d);
  CK(cudaGetLastError());
  CK(cudaMemcpy(got, d, sizeof(int), cudaMemcpyDeviceToHost));
  int v = 100 * tag;
  CK(cudaMemcpyToSymbol(count, &v, sizeof v));
  report<<<1, 1>>>(d);
  CK(cudaMemcpy(after_copy, d, sizeof(int), cudaMemcpyDeviceToHost));
}
