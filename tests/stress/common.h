// Shared by the stress programs: error checks, a seeded generator, the iteration count
// (argv[1], default 20) and the PASS/FAIL line every program ends with.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("FAIL %s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(2); } } while (0)
static inline uint32_t rng(uint64_t& s) { s = s * 6364136223846793005ull + 1442695040888963407ull; return (uint32_t)(s >> 33); }
static inline int iters(int argc, char** argv) { return argc > 1 ? atoi(argv[1]) : 20; }
static int g_fail = 0;
#define EXPECT(cond, ...) do { if (!(cond)) { if (g_fail < 10) { printf("FAIL "); printf(__VA_ARGS__); printf("\n"); } ++g_fail; } } while (0)
static inline int finish(const char* name, int n) { if (g_fail) { printf("FAIL %s: %d failures in %d iterations\n", name, g_fail, n); return 1; } printf("PASS %s %d iterations\n", name, n); return 0; }
