#include <cstdio>
#include "shapes.h"
int main() {
  int a = run_device_variables(1000), b = run_template_kernels(777), c = run_omp_launches(8);
  std::printf("vars %d templates %d omp %d combine %d\n", a, b, c, combine(Pair{2, 3}));
  std::printf(a + b + c == 0 && combine(Pair{2, 3}) == 9 ? "PASS\n" : "FAIL\n");
  return a + b + c != 0;
}
