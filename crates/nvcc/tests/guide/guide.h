// Shared by the Programming Guide programs: each prints one PASS/FAIL line per check and exits
// non-zero when any check failed. Expected values are computed on the host from the semantics the
// guide states, never copied from a run.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static int guide_failures = 0;

// A runtime call that must succeed; a failure ends the program.
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  printf("FAIL %s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_)); exit(1); } } while (0)
// A runtime call that must return `want`.
#define CK_ERR(x, want) do { cudaError_t e_ = (x); if (e_ != (want)) { \
  printf("FAIL %s:%d %s: got %s, want %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_), cudaGetErrorName(want)); \
  guide_failures++; } } while (0)
// A named check: prints PASS name or FAIL name.
static bool check(bool ok, const char* name) {
  printf("%s %s\n", ok ? "PASS" : "FAIL", name);
  if (!ok) guide_failures++;
  return ok;
}
// Compares n values; reports the first mismatch.
template <typename T, typename U>
static bool check_eq(const T* got, const U* want, int n, const char* name) {
  for (int i = 0; i < n; i++) {
    if (!(got[i] == want[i])) {
      printf("FAIL %s: [%d] got %lld want %lld\n", name, i, (long long)got[i], (long long)want[i]);
      guide_failures++;
      return false;
    }
  }
  return check(true, name);
}
// The exit status: 0 when every check passed.
static int finish() {
  if (guide_failures) printf("FAIL %d check(s) failed\n", guide_failures);
  return guide_failures ? 1 : 0;
}
