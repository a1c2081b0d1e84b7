// NAS Parallel Benchmarks EP (embarrassingly parallel), as the NPB-GPU CUDA ports write it:
// the NPB linear congruential generator randlc/vranlc in double (a = 5^13, 2^46 modulus split
// into 23-bit halves, r23/t23/r46/t46 constants), each thread seeding its stream by
// exponentiation (the log2 loop of randlc(t1, t1)), generating 2*NK uniforms, accepting pairs
// inside the unit circle, transforming with sqrt(-2 log(t)/t), and counting the Gaussian deviates
// per annulus; block reductions of sx, sy in shared memory (doubles) and the ten counts with
// atomicAdd on doubles. Class "S"-like size M = 20 reduced; printed with %.15e as NPB verifies.
#include <cstdio>
#include <cmath>
#define M 18
#define MK 10
#define MM (M - MK)
#define NN (1 << MM)
#define NK (1 << MK)
#define NQ 10
#define EPSILON 1.0e-8
#define A 1220703125.0
#define S 271828183.0
#define THREADS 128
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__host__ __device__ double randlc(double* x, double a) {
    const double r23 = 1.1920928955078125e-07, r46 = r23 * r23, t23 = 8.388608e+06, t46 = t23 * t23;
    double t1, t2, t3, t4, a1, a2, x1, x2, z;
    double r;
    t1 = r23 * a;
    a1 = (int)t1;
    a2 = a - t23 * a1;
    t1 = r23 * (*x);
    x1 = (int)t1;
    x2 = *x - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    t2 = (int)(r23 * t1);
    z = t1 - t23 * t2;
    t3 = t23 * z + a2 * x2;
    t4 = (int)(r46 * t3);
    *x = t3 - t46 * t4;
    r = r46 * (*x);
    return r;
}
__device__ void vranlc(int n, double* x, double a, double y[]) {
    const double r23 = 1.1920928955078125e-07, r46 = r23 * r23, t23 = 8.388608e+06, t46 = t23 * t23;
    double t1, t2, t3, t4, a1, a2, x1, x2, z;
    t1 = r23 * a;
    a1 = (int)t1;
    a2 = a - t23 * a1;
    for (int i = 0; i < n; i++) {
        t1 = r23 * (*x);
        x1 = (int)t1;
        x2 = *x - t23 * x1;
        t1 = a1 * x2 + a2 * x1;
        t2 = (int)(r23 * t1);
        z = t1 - t23 * t2;
        t3 = t23 * z + a2 * x2;
        t4 = (int)(r46 * t3);
        *x = t3 - t46 * t4;
        y[i] = r46 * (*x);
    }
}
__global__ void ep_kernel(double an, double* sx_out, double* sy_out, double* q_out) {
    __shared__ double ssx[THREADS], ssy[THREADS];
    double x[2 * NK];
    double qq[NQ];
    for (int i = 0; i < NQ; i++) qq[i] = 0.0;
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    double sx = 0.0, sy = 0.0;
    if (k < NN) {
        int kk = k;
        double t1 = S, t2 = an, t3;
        for (int i = 1; i <= 100; i++) {
            int ik = kk / 2;
            if (2 * ik != kk) t3 = randlc(&t1, t2);
            if (ik == 0) break;
            t3 = randlc(&t2, t2);
            kk = ik;
        }
        (void)t3;
        vranlc(2 * NK, &t1, A, x);
        for (int i = 0; i < NK; i++) {
            double x1 = 2.0 * x[2 * i] - 1.0;
            double x2 = 2.0 * x[2 * i + 1] - 1.0;
            t1 = x1 * x1 + x2 * x2;
            if (t1 <= 1.0) {
                t2 = sqrt(-2.0 * log(t1) / t1);
                double t3b = (x1 * t2);
                double t4 = (x2 * t2);
                int l = (int)fmax(fabs(t3b), fabs(t4));
                qq[l] += 1.0;
                sx = sx + t3b;
                sy = sy + t4;
            }
        }
    }
    ssx[threadIdx.x] = sx;
    ssy[threadIdx.x] = sy;
    __syncthreads();
    for (int s = THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) { ssx[threadIdx.x] += ssx[threadIdx.x + s]; ssy[threadIdx.x] += ssy[threadIdx.x + s]; }
        __syncthreads();
    }
    if (threadIdx.x == 0) { sx_out[blockIdx.x] = ssx[0]; sy_out[blockIdx.x] = ssy[0]; }
    for (int i = 0; i < NQ; i++) if (qq[i] != 0.0) atomicAdd(&q_out[i], qq[i]);
}
int main() {
    double t1 = A, dum = 0;
    for (int i = 0; i < MK + 1; i++) dum = randlc(&t1, t1);
    double an = t1;
    printf("EP: M=%d, an = %.15e (last %.15e)\n", M, an, dum);
    int blocks = (NN + THREADS - 1) / THREADS;
    double *dsx, *dsy, *dq;
    CK(cudaMalloc(&dsx, blocks * sizeof(double)));
    CK(cudaMalloc(&dsy, blocks * sizeof(double)));
    CK(cudaMalloc(&dq, NQ * sizeof(double)));
    CK(cudaMemset(dq, 0, NQ * sizeof(double)));
    CK(cudaDeviceSetLimit(cudaLimitStackSize, 24 * 1024));
    ep_kernel<<<blocks, THREADS>>>(an, dsx, dsy, dq);
    CK(cudaGetLastError());
    double hsx[1024], hsy[1024], q[NQ];
    CK(cudaMemcpy(hsx, dsx, blocks * sizeof(double), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hsy, dsy, blocks * sizeof(double), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(q, dq, NQ * sizeof(double), cudaMemcpyDeviceToHost));
    double sx = 0, sy = 0, gc = 0;
    for (int i = 0; i < blocks; i++) { sx += hsx[i]; sy += hsy[i]; }
    for (int i = 0; i < NQ; i++) gc += q[i];
    printf("  blocks %d: sx = %.15e sy = %.15e\n", blocks, sx, sy);
    printf("  Gaussian pairs %.0f; counts:", gc);
    for (int i = 0; i < NQ; i++) printf(" %.0f", q[i]);
    printf("\n  block 0: %.15e %.15e, block %d: %a %a\n", hsx[0], hsy[0], blocks - 1, hsx[blocks - 1], hsy[blocks - 1]);
    return 0;
}
