#include <stdio.h>
#include "kshared.h"
int main(void) {
  long long s = 0; int n = 1000;
  if (kshared_square_sum(n, &s)) { puts("launch failed"); return 1; }
  long long want = (long long)(n - 1) * n * (2LL * n - 1) / 6;
  printf("sum %lld want %lld\n%s\n", s, want, s == want ? "PASS" : "FAIL");
  return s != want;
}
