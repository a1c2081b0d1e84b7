#ifndef KSHARED_H
#define KSHARED_H
#ifdef __cplusplus
extern "C" {
#endif
int kshared_square_sum(int n, long long *result);
#ifdef __cplusplus
}
#endif
#endif
