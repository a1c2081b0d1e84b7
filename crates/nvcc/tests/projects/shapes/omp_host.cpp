#include <omp.h>
#include <vector>
#include "shapes.h"
int run_omp_launches(int chunks) {
  const int n = 256;
  std::vector<float> all(chunks * n);
#pragma omp parallel for num_threads(4)
  for (int c = 0; c < chunks; ++c) launch_scaled(all.data() + c * n, n, c);
  int bad = 0;
  for (int c = 0; c < chunks; ++c)
    for (int i = 0; i < n; ++i) if (all[c * n + i] != (c * n + i) * 0.5f) ++bad;
  return bad;
}
