// flags: -O2 -arch=sm_86
// Professional CUDA C ch.7: single vs double precision representations printed with %.20f,
// standard vs intrinsic functions (__powf vs powf), the MAD/FMA question (-fmad), atomics built
// from atomicCAS (myAtomicAdd, float max), and the rounding-mode intrinsics.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void kernel(float *F, double *D) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid == 0) {
        *F = 128.1f;
        *D = 128.1;
    }
}
__global__ void intrinsic(float *ptr) {
    *ptr = __powf(*ptr, 2.0f);
}
__global__ void standard(float *ptr) {
    *ptr = powf(*ptr, 2.0f);
}
__device__ int myAtomicAdd(int *address, int incr) {
    int expected = *address;
    int oldValue = atomicCAS(address, expected, expected + incr);
    while (oldValue != expected) {
        expected = oldValue;
        oldValue = atomicCAS(address, expected, expected + incr);
    }
    return oldValue;
}
__device__ float atomicMaxFloat(float *addr, float value) {
    int *ai = (int *)addr;
    int old = *ai, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= value) break;
        old = atomicCAS(ai, assumed, __float_as_int(value));
    } while (assumed != old);
    return __int_as_float(old);
}
__global__ void atomics(int *shared_var, float *fmax_, const float *vals, int iters) {
    for (int i = 0; i < iters; ++i) myAtomicAdd(shared_var, 1);
    atomicMaxFloat(fmax_, vals[blockIdx.x * blockDim.x + threadIdx.x]);
}
__global__ void rounding(const float *a, const float *b, float *o, const double *da, const double *db, double *od) {
    int i = threadIdx.x;
    float x = a[i], y = b[i];
    o[i * 12 + 0] = __fadd_rn(x, y); o[i * 12 + 1] = __fadd_rz(x, y); o[i * 12 + 2] = __fadd_ru(x, y); o[i * 12 + 3] = __fadd_rd(x, y);
    o[i * 12 + 4] = __fmul_rz(x, y); o[i * 12 + 5] = __fdiv_ru(x, y); o[i * 12 + 6] = __fsqrt_rd(fabsf(x)); o[i * 12 + 7] = __frcp_rz(y);
    o[i * 12 + 8] = __fmaf_rd(x, y, 1.0f); o[i * 12 + 9] = __saturatef(x); o[i * 12 + 10] = __int2float_rz(0x7fffffc1 + i);
    o[i * 12 + 11] = __uint2float_ru(0xfffffff1u - i);
    double p = da[i], q = db[i];
    od[i * 6 + 0] = __dadd_rz(p, q); od[i * 6 + 1] = __dmul_ru(p, q); od[i * 6 + 2] = __ddiv_rd(p, q);
    od[i * 6 + 3] = __dsqrt_ru(fabs(p)); od[i * 6 + 4] = __fma_rz(p, q, -1.0); od[i * 6 + 5] = __drcp_rn(q);
}
__global__ void conversions(const float *f, int *o, long long *ol) {
    int i = threadIdx.x;
    float x = f[i];
    o[i * 6 + 0] = __float2int_rn(x); o[i * 6 + 1] = __float2int_rd(x); o[i * 6 + 2] = __float2int_ru(x);
    o[i * 6 + 3] = (int)x; o[i * 6 + 4] = (int)__float2uint_rn(x); o[i * 6 + 5] = __float_as_int(x) >> 23;
    ol[i * 2 + 0] = __float2ll_rn(x * 1e10f); ol[i * 2 + 1] = __double2ll_rz((double)x * 1e15);
}

int main() {
    float *dF, hF;
    double *dD, hD;
    cudaMalloc(&dF, 4); cudaMalloc(&dD, 8);
    kernel<<<1, 32>>>(dF, dD);
    cudaMemcpy(&hF, dF, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hD, dD, 8, cudaMemcpyDeviceToHost);
    printf("Host single-precision representation of 128.1 = %.20f\n", 128.1f);
    printf("Host double-precision representation of 128.1 = %.20f\n", 128.1);
    printf("Device single-precision representation is %.20f\n", hF);
    printf("Device double-precision representation is %.20f\n", hD);
    printf("Device and host single-precision representations are %s\n", hF == 128.1f ? "the same" : "different");
    float value = 23.0f, *d;
    cudaMalloc(&d, 4);
    float hostResult = powf(value, 2.0f), iRes, sRes;
    cudaMemcpy(d, &value, 4, cudaMemcpyHostToDevice);
    standard<<<1, 1>>>(d);
    cudaMemcpy(&sRes, d, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(d, &value, 4, cudaMemcpyHostToDevice);
    intrinsic<<<1, 1>>>(d);
    cudaMemcpy(&iRes, d, 4, cudaMemcpyDeviceToHost);
    printf("Host calculated\t\t\t%f\nStandard Device calculated\t%f\nIntrinsic Device calculated\t%f\n", hostResult, sRes, iRes);
    printf("standard == host %d, intrinsic bits %08x\n", sRes == hostResult, *(unsigned *)&iRes);
    value = 1.7f;
    cudaMemcpy(d, &value, 4, cudaMemcpyHostToDevice);
    intrinsic<<<1, 1>>>(d);
    cudaMemcpy(&iRes, d, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(d, &value, 4, cudaMemcpyHostToDevice);
    standard<<<1, 1>>>(d);
    cudaMemcpy(&sRes, d, 4, cudaMemcpyDeviceToHost);
    printf("1.7^2: standard %a intrinsic %a\n", sRes, iRes);

    int *sv;
    float *fm, *vals;
    cudaMallocManaged(&sv, 4); cudaMallocManaged(&fm, 4); cudaMallocManaged(&vals, 256 * 4);
    *sv = 0; *fm = -1e30f;
    for (int i = 0; i < 256; ++i) vals[i] = (float)((i * 37) % 251) * 0.5f - 20.0f;
    atomics<<<4, 64>>>(sv, fm, vals, 10);
    cudaDeviceSynchronize();
    printf("myAtomicAdd total %d, float max %.1f\n", *sv, *fm);

    const int n = 8;
    float ha[n] = {1.0f, -1.5f, 3.0e38f, 1e-40f, 0.1f, 2.5f, -0.0f, 7.0f};
    float hb[n] = {3.0f, 1e-8f, 3.0e38f, 3.0f, 0.2f, -3.0f, 1e-45f, 1e20f};
    double hda[n] = {1.0, -2.0, 1e300, 3.0, 0.1, 2.0, 5e-324, 10.0}, hdb[n] = {3.0, 7.0, 1e10, 1e-310, 0.3, -3.0, 2.0, 3.0};
    float *da, *db, *dof, *hof = new float[n * 12];
    double *dda, *ddb, *dod, *hod = new double[n * 6];
    cudaMalloc(&da, sizeof(ha)); cudaMalloc(&db, sizeof(hb)); cudaMalloc(&dof, n * 12 * 4);
    cudaMalloc(&dda, sizeof(hda)); cudaMalloc(&ddb, sizeof(hdb)); cudaMalloc(&dod, n * 6 * 8);
    cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice); cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice);
    cudaMemcpy(dda, hda, sizeof(hda), cudaMemcpyHostToDevice); cudaMemcpy(ddb, hdb, sizeof(hdb), cudaMemcpyHostToDevice);
    rounding<<<1, n>>>(da, db, dof, dda, ddb, dod);
    cudaMemcpy(hof, dof, n * 12 * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(hod, dod, n * 6 * 8, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) {
        printf("f%d:", i);
        for (int k = 0; k < 12; ++k) printf(" %a", hof[i * 12 + k]);
        printf("\nd%d:", i);
        for (int k = 0; k < 6; ++k) printf(" %a", hod[i * 6 + k]);
        printf("\n");
    }
    float hf[n] = {2.5f, -2.5f, 3.5f, -0.5f, 1e10f, -1e10f, 0.49999997f, 2147483520.0f};
    int *dio, hio[n * 6];
    long long *dlo, hlo[n * 2];
    cudaMemcpy(da, hf, sizeof(hf), cudaMemcpyHostToDevice);
    cudaMalloc(&dio, sizeof(hio)); cudaMalloc(&dlo, sizeof(hlo));
    conversions<<<1, n>>>(da, dio, dlo);
    cudaMemcpy(hio, dio, sizeof(hio), cudaMemcpyDeviceToHost);
    cudaMemcpy(hlo, dlo, sizeof(hlo), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) printf("cvt %g: %d %d %d %d %d %d %lld %lld\n", hf[i], hio[i * 6], hio[i * 6 + 1], hio[i * 6 + 2], hio[i * 6 + 3], hio[i * 6 + 4], hio[i * 6 + 5], hlo[i * 2], hlo[i * 2 + 1]);
    return 0;
}
