// Host C++ calling CUDA code of the same target: checks v[i] = 3 i + 1.
#include <cstdio>
int run_scale(float *host, int n);
int main() {
  float v[300];
  for (int i = 0; i < 300; i++) v[i] = i;
  if (run_scale(v, 300)) { printf("FAIL: CUDA error\n"); return 1; }
  for (int i = 0; i < 300; i++)
    if (v[i] != 3.0f * i + 1.0f) { printf("FAIL at %d: %f\n", i, v[i]); return 1; }
  printf("PASS\n");
  return 0;
}
