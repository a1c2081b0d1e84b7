// cuda::barrier as in libcu_barrier.cu, with each barrier in raw __shared__ storage initialized by
// init() (a form every CUDA compiler accepts: the barrier type's constructor and destructor are
// not run for __shared__ variables).
// nvcc-flags: -std=c++17
#define BARRIER_IN_RAW_STORAGE
#include "libcu_barrier.cu"
