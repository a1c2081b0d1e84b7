// flags: -O3 -arch=sm_90
// HeCBench-style atomic kernels: stddev/variance of columns with atomicAdd on doubles (values
// exact in double so the order of the additions does not matter), a histogram of doubles
// through atomicAdd(double*) from 1024-thread blocks, atomicMax/atomicMin on unsigned long
// long and long long, an atomicCAS loop computing a double maximum, atomicAdd on float2 and
// float4 (sm_90), atomicAdd on __half2 and __nv_bfloat162 with exactly representable sums,
// atomicExch on double via its bit pattern, and atomicInc/atomicDec wrap-around. Exact.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
__device__ double atomicMaxDouble(double* addr, double v) {
    unsigned long long* a = (unsigned long long*)addr;
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        if (__longlong_as_double(assumed) >= v) break;
        old = atomicCAS(a, assumed, __double_as_longlong(v));
    } while (assumed != old);
    return __longlong_as_double(old);
}
__global__ void col_stats(const double* m, int rows, int cols, double* sum, double* sumsq) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r0 = blockIdx.y * 64;
    if (c >= cols) return;
    double s = 0, q = 0;
    for (int r = r0; r < r0 + 64 && r < rows; r++) { double v = m[r * cols + c]; s += v; q += v * v; }
    atomicAdd(&sum[c], s);
    atomicAdd(&sumsq[c], q);
}
__global__ void many_atomics(int n, double* hist, unsigned long long* umax, long long* smin, double* dmax, float2* f2, float4* f4, __half2* h2, __nv_bfloat162* b2, unsigned* inc, unsigned* dec) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicAdd(&hist[i % 16], 0.25 * (i % 5));
    atomicMax(umax, (unsigned long long)i * 2654435761ull % 1000003ull);
    atomicMin(smin, ((long long)i * 7919) % 20011 - 10000);
    atomicMaxDouble(dmax, (double)((i * 31) % 4099) * 0.5);
    atomicAdd(f2, make_float2(1.0f, 0.5f));
    atomicAdd(f4, make_float4(1.0f, 2.0f, 0.25f, -1.0f));
    if (i < 1024) {
        atomicAdd(h2, __floats2half2_rn(1.0f, 0.5f));
        atomicAdd(b2, __floats2bfloat162_rn(0.5f, 2.0f));
    }
    atomicInc(inc, 99);
    atomicDec(dec, 57);
}
int main() {
    const int rows = 700, cols = 333;
    double* hm = new double[rows * cols];
    for (int i = 0; i < rows * cols; i++) hm[i] = (double)((i * 37) % 101) - 50.0;
    double *dm, *ds, *dq;
    CK(cudaMalloc(&dm, rows * cols * 8)); CK(cudaMalloc(&ds, cols * 8)); CK(cudaMalloc(&dq, cols * 8));
    CK(cudaMemcpy(dm, hm, rows * cols * 8, cudaMemcpyHostToDevice));
    CK(cudaMemset(ds, 0, cols * 8)); CK(cudaMemset(dq, 0, cols * 8));
    col_stats<<<dim3((cols + 127) / 128, (rows + 63) / 64), 128>>>(dm, rows, cols, ds, dq);
    double s[cols], q[cols];
    CK(cudaMemcpy(s, ds, cols * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(q, dq, cols * 8, cudaMemcpyDeviceToHost));
    double mean0 = s[0] / rows, var0 = q[0] / rows - mean0 * mean0;
    int bad = 0;
    for (int c = 0; c < cols; c++) { double hs = 0, hq = 0; for (int r = 0; r < rows; r++) { hs += hm[r * cols + c]; hq += hm[r * cols + c] * hm[r * cols + c]; } bad += hs != s[c] || hq != q[c]; }
    printf("column stats: %d columns differ; col 0 sum %.1f sumsq %.1f mean %a var %a; col 332 sum %.1f\n", bad, s[0], q[0], mean0, var0, s[332]);
    const int n = 1000 * 1024;
    double *dh, *ddm; unsigned long long* du; long long* dsm; float2* df2; float4* df4; __half2* dh2; __nv_bfloat162* db2; unsigned *dinc, *ddec;
    CK(cudaMalloc(&dh, 16 * 8)); CK(cudaMalloc(&ddm, 8)); CK(cudaMalloc(&du, 8)); CK(cudaMalloc(&dsm, 8));
    CK(cudaMalloc(&df2, 8)); CK(cudaMalloc(&df4, 16)); CK(cudaMalloc(&dh2, 4)); CK(cudaMalloc(&db2, 4));
    CK(cudaMalloc(&dinc, 4)); CK(cudaMalloc(&ddec, 4));
    CK(cudaMemset(dh, 0, 128)); CK(cudaMemset(du, 0, 8)); CK(cudaMemset(df2, 0, 8)); CK(cudaMemset(df4, 0, 16));
    CK(cudaMemset(dh2, 0, 4)); CK(cudaMemset(db2, 0, 4)); CK(cudaMemset(dinc, 0, 4)); CK(cudaMemset(ddec, 0, 4));
    long long big = 1LL << 40; double neg = -1.0;
    CK(cudaMemcpy(dsm, &big, 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(ddm, &neg, 8, cudaMemcpyHostToDevice));
    many_atomics<<<n / 1024, 1024>>>(n, dh, du, dsm, ddm, df2, df4, dh2, db2, dinc, ddec);
    CK(cudaDeviceSynchronize());
    double h[16], dmax; unsigned long long umax; long long smin; float2 f2; float4 f4; __half2 h2; __nv_bfloat162 b2; unsigned inc, dec;
    CK(cudaMemcpy(h, dh, 128, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&dmax, ddm, 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&umax, du, 8, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&smin, dsm, 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&f2, df2, 8, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&f4, df4, 16, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&h2, dh2, 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&b2, db2, 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&inc, dinc, 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&dec, ddec, 4, cudaMemcpyDeviceToHost));
    printf("double histogram:");
    for (int i = 0; i < 16; i++) printf(" %.2f", h[i]);
    printf("\numax %llu smin %lld dmax %.1f\n", umax, smin, dmax);
    printf("float2 %.1f %.1f float4 %.1f %.1f %.2f %.1f\n", f2.x, f2.y, f4.x, f4.y, f4.z, f4.w);
    printf("half2 %.1f %.1f bfloat162 %.1f %.1f\n", __low2float(h2), __high2float(h2), __low2float(b2), __high2float(b2));
    printf("atomicInc(99) %u atomicDec(57) %u\n", inc, dec);
    return 0;
}
