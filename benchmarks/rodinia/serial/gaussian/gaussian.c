/* The serial check for Rodinia's gaussian (CUDA only in the suite): the same matrix as its
 * create_matrix, right-hand side all ones, the same elimination without pivoting (Fan1: the
 * multipliers of column t; Fan2: subtract row t from the rows below, and from b), the same back
 * substitution, printed as the patched CUDA version prints its solution.
 *     gaussian SIZE */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 0;
    if (n < 1) {
        fprintf(stderr, "usage: gaussian SIZE\n");
        return 1;
    }
    float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n);
    float *coe = malloc(sizeof(float) * (2 * n - 1)), *x = malloc(sizeof(float) * n);
    float lambda = -0.01;
    for (int i = 0; i < n; i++) {
        float c = 10 * exp(lambda * i);
        coe[n - 1 + i] = c;
        coe[n - 1 - i] = c;
    }
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) a[i * n + j] = coe[n - 1 - i + j];
        b[i] = 1.0f;
    }
    for (int t = 0; t < n - 1; t++) {
        for (int i = t + 1; i < n; i++) {
            float m = a[i * n + t] / a[t * n + t];
            for (int j = t; j < n; j++) a[i * n + j] -= m * a[t * n + j];
            b[i] -= m * b[t];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        float s = b[i];
        for (int j = n - 1; j > i; j--) s -= a[i * n + j] * x[j];
        x[i] = s / a[i * n + i];
    }
    printf("The final solution is: \n");
    for (int i = 0; i < n; i++) printf("%.2f ", x[i]);
    printf("\n\n");
    return 0;
}
