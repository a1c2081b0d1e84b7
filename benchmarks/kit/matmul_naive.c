#define MM_NAME "matmul_naive"
#define MM_BLOCK "32x32"
#include "matmul_tiled.c"
