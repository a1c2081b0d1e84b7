#define S3_NAME "stencil3d_shared"
#define S3_BLOCK "8x8x8"
#include "stencil3d.c"
