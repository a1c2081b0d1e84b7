// Device code of rdc_one_command: a recursive device function, a device function template
// instantiated here, and a __device__ array, all used from main.cu.
#include "shared.h"
__device__ int table[16];
__device__ int collatz_steps(long long n) { return n == 1 ? 0 : 1 + collatz_steps(n % 2 ? 3 * n + 1 : n / 2); }
template <typename T> __device__ T clamp_to(T v, T lo, T hi) { return v < lo ? lo : v > hi ? hi : v; }
template __device__ int clamp_to<int>(int, int, int);
template __device__ double clamp_to<double>(double, double, double);
__global__ void fill_table() { table[threadIdx.x] = collatz_steps(threadIdx.x + 1); }
