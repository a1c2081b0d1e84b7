#include "devlib.cuh"
__device__ int g_offset = 7;
__device__ float g_table[4] = {0.5f, 1.5f, 2.5f, 3.5f};
__device__ int add_offset(int x) { return x + g_offset; }
