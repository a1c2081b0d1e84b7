#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
int main(int argc, char** argv) {
  FILE* f = fopen(argv[1], "rb"); FILE* o = fopen(argv[2], "wb");
  int64_t p1 = 0, p2 = 0; signed char c;
  while (fread(&c, 1, 1, f) == 1) {
    int64_t v;
    if (c == -128) { int32_t w; if (fread(&w, 4, 1, f) != 1) return 1; v = w; }
    else v = c + 2 * p1 - p2;
    p2 = p1; p1 = v; uint32_t u = (uint32_t)v; fwrite(&u, 4, 1, o);
  }
  return 0;
}
