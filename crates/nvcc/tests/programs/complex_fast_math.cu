// cuCabsf, cuCdivf and cuCmulf of 64 complex numbers, their bits printed
// (crates/nvcc/tests/float_options.rs runs the nvcc 13.0 and cuprite nvcc builds and compares,
// under -use_fast_math too, where cuCabsf's square root is sqrt.approx).
#include <cstdio>
#include <cstring>
#include <cuComplex.h>

__global__ void ops(const cuFloatComplex *a, float *abs_out, cuFloatComplex *div_out, cuFloatComplex *mul_out) {
    int i = threadIdx.x;
    abs_out[i] = cuCabsf(a[i]);
    div_out[i] = cuCdivf(a[i], a[63 - i]);
    mul_out[i] = cuCmulf(a[i], a[(i + 7) % 64]);
}

int main() {
    const int n = 64;
    cuFloatComplex h[n];
    unsigned s = 99;
    for (int i = 0; i < n; i++) {
        float c[2];
        for (int k = 0; k < 2; k++) {
            s = s * 1664525u + 1013904223u;
            c[k] = ((s >> 8) / 16777216.0f - 0.5f) * (k ? 3.0f : 7.0f);
        }
        h[i] = make_cuFloatComplex(c[0], c[1]);
    }
    cuFloatComplex *a, *d, *m;
    float *ab;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&m, sizeof h);
    cudaMalloc(&ab, n * 4);
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    ops<<<1, n>>>(a, ab, d, m);
    float r[2 * n];
    unsigned u[2 * n];
    cudaMemcpy(r, ab, n * 4, cudaMemcpyDeviceToHost);
    memcpy(u, r, n * 4);
    for (int i = 0; i < n; i++) printf("abs[%d] %08x\n", i, u[i]);
    cudaMemcpy(r, d, sizeof h, cudaMemcpyDeviceToHost);
    memcpy(u, r, sizeof h);
    for (int i = 0; i < 2 * n; i++) printf("div[%d] %08x\n", i, u[i]);
    cudaMemcpy(r, m, sizeof h, cudaMemcpyDeviceToHost);
    memcpy(u, r, sizeof h);
    for (int i = 0; i < 2 * n; i++) printf("mul[%d] %08x\n", i, u[i]);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
