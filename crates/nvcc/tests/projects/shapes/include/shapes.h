#pragma once
// Included by .cpp and .cu alike.
#ifdef __CUDACC__
#define SHAPES_HD __host__ __device__
#else
#define SHAPES_HD
#endif
struct Pair { int a; int b; };
SHAPES_HD inline int combine(Pair p) { return 3 * p.a + p.b; }
int run_template_kernels(int n);      // launch.cu
int run_device_variables(int n);      // launch.cu
int run_omp_launches(int streams);    // omp_host.cpp -> launch.cu
int launch_scaled(float *out, int n, int chunk); // launch.cu
