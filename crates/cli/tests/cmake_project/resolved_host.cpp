// A host-only executable linking the resolved library: 4 (0 + 1 + ... + 49) = 560 for n = 8.
#include <cstdio>
int sum_of_squares(int n);
int main() {
  int s = sum_of_squares(8);
  printf("%d %s\n", s, s == 560 ? "PASS" : "FAIL");
  return s != 560;
}
