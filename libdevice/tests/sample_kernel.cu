/* Device side of the engine comparison: out[i] = function fn of (x[i], y[i]), with Cuprite's
 * libdevice linked in. Built by engine_compare.sh with clang-19 (no CUDA headers). */
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define CUDA_VERSION 12030
#include "__clang_cuda_libdevice_declares.h"
#define SAMPLE_QUALIFIER __device__
#include "sample_functions.h"

extern "C" __global__ void eval(int fn, const double *x, const double *y, double *out, int n) {
  int i = (int)(__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
                __nvvm_read_ptx_sreg_tid_x());
  if (i < n) out[i] = sample_eval(fn, x[i], y[i]);
}
