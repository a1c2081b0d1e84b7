#define J2_NAME "jacobi2d_shared"
#include "jacobi2d.c"
