/* The functions the harness measures: name, float?, arity, bound (max ulp, CUDA Programming
 * Guide v10.2 tables 7 and 8), function, MPFR reference, input domain
 * {lo_exp, hi_exp, uniform lo, uniform hi, positive only}, optional absolute-error regime. */
#define D1(n, b, ref, ...) {#n, 0, 1, b, (void *)__nv_##n, (void *)(ref), __VA_ARGS__}
#define F1(n, b, ref, ...) {#n "f", 1, 1, b, (void *)__nv_##n##f, (void *)(ref), __VA_ARGS__}
#define D2(n, b, ref, ...) {#n, 0, 2, b, (void *)__nv_##n, (void *)(ref), __VA_ARGS__}
#define F2(n, b, ref, ...) {#n "f", 1, 2, b, (void *)__nv_##n##f, (void *)(ref), __VA_ARGS__}
static const case_t CASES[] = {
#include "case_list.h"
};
