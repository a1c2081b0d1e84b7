// The second translation unit of rdc_internal_linkage (see main.cu).
#include "unit.h"
void run_other(int* d, int* got, int* after_copy) { run_unit(2, d, got, after_copy); }
