#define RED_NAME "reduce_shuffle"
#define RED_BLOCK "128"
#include "reduce_tree.c"
