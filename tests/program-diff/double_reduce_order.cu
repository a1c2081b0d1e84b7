// Double-precision reductions whose order is fixed, so every bit is determined: a shared-memory
// tree in a block of 512, a warp-shuffle tree (__shfl_down_sync on doubles) in blocks of 160
// (five warps), Kahan-compensated sums per thread over strided elements, a two-pass
// mean/variance (Welford merge in fixed pairs), a dot product with fma chains, and
// atomicAdd on doubles only where the result is exact (integers below 2^53). Inputs span
// magnitudes 1e-8..1e8 so that the order shows in the low bits; printed with %a.
#include <cstdio>
#include <cmath>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void tree512(const double* x, int n, double* out) {
    __shared__ double s[512];
    int t = threadIdx.x;
    double a = 0;
    for (int i = blockIdx.x * 512 + t; i < n; i += gridDim.x * 512) a += x[i];
    s[t] = a;
    __syncthreads();
    for (int h = 256; h > 0; h >>= 1) { if (t < h) s[t] += s[t + h]; __syncthreads(); }
    if (t == 0) out[blockIdx.x] = s[0];
}

__global__ void shfl160(const double* x, int n, double* out) {
    __shared__ double w[5];
    int i = blockIdx.x * 160 + threadIdx.x;
    double v = i < n ? x[i] * x[i] : 0.0;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
    if ((threadIdx.x & 31) == 0) w[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = (((w[0] + w[1]) + w[2]) + w[3]) + w[4];
}

__global__ void kahan(const double* x, int n, int stride, double* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= stride) return;
    double s = 0, c = 0;
    for (int i = t; i < n; i += stride) { double y = x[i] - c; double u = s + y; c = (u - s) - y; s = u; }
    out[t] = s;
}

struct Stats { double n, mean, m2; };
__device__ Stats merge(Stats a, Stats b) {
    double n = a.n + b.n, d = b.mean - a.mean;
    return {n, a.mean + d * b.n / n, a.m2 + b.m2 + d * d * a.n * b.n / n};
}
__global__ void welford(const double* x, int n, Stats* out) {
    __shared__ Stats s[256];
    int t = threadIdx.x;
    Stats st = {0, 0, 0};
    for (int i = t; i < n; i += 256) { st.n += 1; double d = x[i] - st.mean; st.mean += d / st.n; st.m2 += d * (x[i] - st.mean); }
    s[t] = st;
    __syncthreads();
    for (int h = 128; h > 0; h >>= 1) { if (t < h) s[t] = merge(s[t], s[t + h]); __syncthreads(); }
    if (t == 0) *out = s[0];
}

__global__ void dot_fma(const double* x, const double* y, int n, double* out) {
    int t = threadIdx.x;
    double acc = 0;
    for (int i = t; i < n; i += blockDim.x) acc = fma(x[i], y[i], acc);
    __shared__ double s[64];
    s[t] = acc;
    __syncthreads();
    if (t == 0) { double r = 0; for (int k = 0; k < blockDim.x; ++k) r += s[k]; *out = r; }
}

__global__ void exact_atomics(const double* x, int n, double* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(out, floor(fabs(x[i])));
}

int main() {
    const int n = 20011;
    double* x; CK(cudaMallocManaged(&x, n * sizeof(double)));
    double* y; CK(cudaMallocManaged(&y, n * sizeof(double)));
    unsigned long long s = 88172645463325252ull;
    for (int i = 0; i < n; ++i) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        double m = (double)(s >> 11) / 9007199254740992.0;
        x[i] = (m - 0.5) * pow(10.0, (double)(i % 17) - 8);
        y[i] = 1.0 / (1 + (i % 101)) - 0.01;
    }
    double* o; CK(cudaMallocManaged(&o, 1024 * sizeof(double)));
    tree512<<<7, 512>>>(x, n, o);
    CK(cudaDeviceSynchronize());
    double t = 0; for (int b = 0; b < 7; ++b) t += o[b];
    printf("tree512: %a (block0 %a)\n", t, o[0]);
    int nb = (n + 159) / 160;
    shfl160<<<nb, 160>>>(x, n, o);
    CK(cudaDeviceSynchronize());
    t = 0; for (int b = 0; b < nb; ++b) t += o[b];
    printf("shfl160 sum of squares: %a (last block %a)\n", t, o[nb - 1]);
    kahan<<<3, 100>>>(x, n, 300, o);
    CK(cudaDeviceSynchronize());
    t = 0; for (int b = 0; b < 300; ++b) t += o[b];
    printf("kahan: %a (o[299] %a)\n", t, o[299]);
    Stats* st; CK(cudaMallocManaged(&st, sizeof(Stats)));
    welford<<<1, 256>>>(y, n, st);
    CK(cudaDeviceSynchronize());
    printf("welford: n %.0f mean %a var %a\n", st->n, st->mean, st->m2 / (st->n - 1));
    dot_fma<<<1, 64>>>(x, y, n, o);
    CK(cudaDeviceSynchronize());
    printf("dot: %a\n", o[0]);
    o[0] = 0;
    exact_atomics<<<(n + 255) / 256, 256>>>(x, n, o);
    CK(cudaDeviceSynchronize());
    double want = 0; for (int i = 0; i < n; ++i) want += floor(fabs(x[i]));
    printf("atomic integer sum: %.1f (host %.1f)\n", o[0], want);
    return 0;
}
