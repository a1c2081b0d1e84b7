#pragma once
extern __device__ int g_counter;
__device__ int scale(int x);
__global__ void from_other(int* o);
int other_calls_host();
template <typename T> __device__ __noinline__ T add_one(T x) { return x + 1; }
