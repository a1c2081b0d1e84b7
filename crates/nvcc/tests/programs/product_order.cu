// Sums of two products: which one each compiler fuses shows in the last bit. The program
// prints every result's bits; crates/nvcc/tests/float_options.rs runs its nvcc 13.0 build and
// its cuprite nvcc build and compares. NVVM reads a float2/float4 (and a by-value struct
// parameter) with one access whose fields rank alike, clang field by field.
#include <cstdio>
#include <cstring>
#include <cuComplex.h>

__global__ void scalars(float *o, const float *in) {
    const float *i = in + 4 * threadIdx.x;
    float a = i[0], b = i[1], c = i[2], d = i[3];
    o[threadIdx.x] = a * d + b * c;
}
__global__ void scalars_late(float *o, const float *in) {
    const float *i = in + 4 * threadIdx.x;
    float d = i[3], c = i[2], b = i[1], a = i[0];
    o[threadIdx.x] = a * d + b * c;
}
__global__ void float2_cross(float *o, const float2 *p) {
    float2 x = p[2 * threadIdx.x], y = p[2 * threadIdx.x + 1];
    o[threadIdx.x] = x.x * y.y + x.y * y.x;
}
__global__ void float4_cross(float *o, const float4 *p) {
    float4 q = p[threadIdx.x];
    o[threadIdx.x] = q.x * q.w + q.y * q.z;
}
__global__ void complex_mul(cuFloatComplex *o, const cuFloatComplex *a) {
    int i = threadIdx.x;
    o[i] = cuCmulf(a[2 * i], a[2 * i + 1]);
}
__global__ void complex_mul_d(cuDoubleComplex *o, const cuDoubleComplex *a) {
    int i = threadIdx.x;
    o[i] = cuCmul(a[2 * i], a[2 * i + 1]);
}
__global__ void by_value_float4(float4 c, const float *x, float *y) {
    int i = threadIdx.x;
    float v = x[i];
    y[i] = c.x * v * v + c.y * v - c.z * c.w;
}
__global__ void scalar_params(float *o, const float *in, float a, float c, float d, float e) {
    float b = in[threadIdx.x];
    o[threadIdx.x] = a * b * b + c * b - d * e;
}

static void show(const char *name, const void *p, int n, int size) {
    for (int i = 0; i < n; i++) {
        unsigned long long u = 0;
        memcpy(&u, (const char *)p + i * size, size);
        printf("%s[%d] %0*llx\n", name, i, 2 * size, u);
    }
}

int main() {
    const int T = 64;
    static float hf[8 * T];
    static double hd[8 * T];
    unsigned s = 2024;
    for (int i = 0; i < 8 * T; i++) {
        s = s * 1664525u + 1013904223u;
        hf[i] = ((s >> 8) / 16777216.0f - 0.5f) * 8.0f;
        hd[i] = hf[i] * (1.0 + 1e-9 * i);
    }
    float *f, *of;
    double *d, *od;
    cudaMalloc(&f, sizeof hf);
    cudaMalloc(&of, sizeof hf);
    cudaMalloc(&d, sizeof hd);
    cudaMalloc(&od, sizeof hd);
    cudaMemcpy(f, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(d, hd, sizeof hd, cudaMemcpyHostToDevice);
    static float r[2 * T];
    static double rd[2 * T];
    scalars<<<1, T>>>(of, f);
    cudaMemcpy(r, of, T * 4, cudaMemcpyDeviceToHost);
    show("scalars", r, T, 4);
    scalars_late<<<1, T>>>(of, f);
    cudaMemcpy(r, of, T * 4, cudaMemcpyDeviceToHost);
    show("scalars_late", r, T, 4);
    float2_cross<<<1, T>>>(of, (const float2 *)f);
    cudaMemcpy(r, of, T * 4, cudaMemcpyDeviceToHost);
    show("float2_cross", r, T, 4);
    float4_cross<<<1, T>>>(of, (const float4 *)f);
    cudaMemcpy(r, of, T * 4, cudaMemcpyDeviceToHost);
    show("float4_cross", r, T, 4);
    complex_mul<<<1, T>>>((cuFloatComplex *)of, (const cuFloatComplex *)f);
    cudaMemcpy(r, of, T * 8, cudaMemcpyDeviceToHost);
    show("complex_mul", r, 2 * T, 4);
    complex_mul_d<<<1, T>>>((cuDoubleComplex *)od, (const cuDoubleComplex *)d);
    cudaMemcpy(rd, od, T * 16, cudaMemcpyDeviceToHost);
    show("complex_mul_d", rd, 2 * T, 8);
    by_value_float4<<<1, T>>>(make_float4(1.3f, -0.7f, 2.1f, 0.9f), f, of);
    cudaMemcpy(r, of, T * 4, cudaMemcpyDeviceToHost);
    show("by_value_float4", r, T, 4);
    scalar_params<<<1, T>>>(of, f, 1.3f, -0.7f, 2.1f, 0.9f);
    cudaMemcpy(r, of, T * 4, cudaMemcpyDeviceToHost);
    show("scalar_params", r, T, 4);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorString(e));
    return 0;
}
