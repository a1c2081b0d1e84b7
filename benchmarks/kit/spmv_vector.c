#define SPMV_NAME "spmv_vector"
#define SPMV_BLOCK "128"
#include "spmv_scalar.c"
