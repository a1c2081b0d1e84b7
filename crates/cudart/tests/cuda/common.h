// Shared by the self-checking test programs: each prints PASS (exit 0) or FAIL ... (exit 1).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  printf("FAIL %s:%d %s: %s (%s)\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_), cudaGetErrorString(e_)); exit(1); } } while (0)
#define EXPECT(c) do { if (!(c)) { printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); exit(1); } } while (0)
#define EXPECT_ERR(x, want) do { cudaError_t e_ = (x); if (e_ != (want)) { \
  printf("FAIL %s:%d %s: got %d %s, want %d %s\n", __FILE__, __LINE__, #x, (int)e_, cudaGetErrorName(e_), (int)(want), cudaGetErrorName(want)); exit(1); } } while (0)
