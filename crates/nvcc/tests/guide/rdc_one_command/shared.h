#pragma once
__device__ int collatz_steps(long long n);
template <typename T> __device__ T clamp_to(T v, T lo, T hi);
extern template __device__ int clamp_to<int>(int, int, int);
extern template __device__ double clamp_to<double>(double, double, double);
extern __device__ int table[16];
__global__ void fill_table();
