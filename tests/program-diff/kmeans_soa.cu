// K-means clustering as an application writes it: points in a structure of arrays, centroids in
// __constant__ memory refreshed with cudaMemcpyToSymbol each iteration, assignment by squared
// distance (ties to the lower index), per-block shared-memory partial sums in 64-bit fixed point
// (integer atomics: the sums do not depend on the order), checked against the host.
#include <cstdio>
#include <cstdint>
#include <cmath>
#include <cstring>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr int K = 5, N = 3001, D = 3;
struct Points { const float* __restrict__ x; const float* __restrict__ y; const float* __restrict__ z; };
__constant__ float c_cent[K][D];

template <typename T> __host__ __device__ T sq(T v) { return v * v; }

__host__ __device__ inline int nearest(float px, float py, float pz, const float (*cent)[D]) {
    int best = 0; float bd = 3.4e38f;
    for (int k = 0; k < K; ++k) {
        float d = sq(px - cent[k][0]) + sq(py - cent[k][1]) + sq(pz - cent[k][2]);
        if (d < bd) { bd = d; best = k; }
    }
    return best;
}

__global__ void assign(Points p, int n, int* __restrict__ label, long long* sums, unsigned* counts) {
    __shared__ long long s_sum[K][D];
    __shared__ unsigned s_cnt[K];
    for (int i = threadIdx.x; i < K * D; i += blockDim.x) s_sum[i / D][i % D] = 0;
    for (int i = threadIdx.x; i < K; i += blockDim.x) s_cnt[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float px = p.x[i], py = p.y[i], pz = p.z[i];
        int k = nearest(px, py, pz, c_cent);
        label[i] = k;
        atomicAdd((unsigned long long*)&s_sum[k][0], (unsigned long long)(long long)llrintf(px * 4096.0f));
        atomicAdd((unsigned long long*)&s_sum[k][1], (unsigned long long)(long long)llrintf(py * 4096.0f));
        atomicAdd((unsigned long long*)&s_sum[k][2], (unsigned long long)(long long)llrintf(pz * 4096.0f));
        atomicAdd(&s_cnt[k], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < K * D; i += blockDim.x)
        atomicAdd((unsigned long long*)&sums[i], (unsigned long long)s_sum[i / D][i % D]);
    for (int i = threadIdx.x; i < K; i += blockDim.x) atomicAdd(&counts[i], s_cnt[i]);
}

int main() {
    static float hx[N], hy[N], hz[N];
    unsigned s = 12345u;
    auto rnd = [&]() { s = s * 1664525u + 1013904223u; return (s >> 8) * (1.0f / 16777216.0f); };
    for (int i = 0; i < N; ++i) {
        int c = i % K;
        hx[i] = c * 3.0f + rnd() * 2.5f; hy[i] = (c & 1) * 4.0f + rnd() * 2.0f; hz[i] = -c + rnd();
    }
    float cent[K][D];
    for (int k = 0; k < K; ++k) for (int d = 0; d < D; ++d) cent[k][d] = (d == 0 ? hx : d == 1 ? hy : hz)[k * 7];
    float hc[K][D]; memcpy(hc, cent, sizeof cent);
    float *dx, *dy, *dz; int* dl; long long* dsum; unsigned* dcnt;
    CK(cudaMalloc(&dx, N * 4)); CK(cudaMalloc(&dy, N * 4)); CK(cudaMalloc(&dz, N * 4));
    CK(cudaMalloc(&dl, N * 4)); CK(cudaMalloc(&dsum, K * D * 8)); CK(cudaMalloc(&dcnt, K * 4));
    CK(cudaMemcpy(dx, hx, N * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dy, hy, N * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dz, hz, N * 4, cudaMemcpyHostToDevice));
    static int hl[N], rl[N];
    int mismatches = 0;
    for (int it = 0; it < 6; ++it) {
        // upload the centroids row by row through offsets (as a program updating one row would)
        for (int k = 0; k < K; ++k) CK(cudaMemcpyToSymbol(c_cent, cent[k], sizeof cent[k], k * sizeof cent[k]));
        CK(cudaMemset(dsum, 0, K * D * 8)); CK(cudaMemset(dcnt, 0, K * 4));
        int blocks = it % 2 ? 7 : 64, threads = it % 3 == 0 ? 96 : 256;
        assign<<<blocks, threads>>>(Points{dx, dy, dz}, N, dl, dsum, dcnt);
        CK(cudaGetLastError());
        long long hs[K][D]; unsigned hcnt[K];
        CK(cudaMemcpy(hs, dsum, sizeof hs, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hcnt, dcnt, sizeof hcnt, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(hl, dl, N * 4, cudaMemcpyDeviceToHost));
        // host reference of the same step
        long long rs[K][D] = {}; unsigned rc[K] = {};
        for (int i = 0; i < N; ++i) {
            int k = nearest(hx[i], hy[i], hz[i], hc); rl[i] = k; rc[k]++;
            rs[k][0] += llrintf(hx[i] * 4096.0f); rs[k][1] += llrintf(hy[i] * 4096.0f); rs[k][2] += llrintf(hz[i] * 4096.0f);
        }
        for (int i = 0; i < N; ++i) mismatches += hl[i] != rl[i];
        for (int k = 0; k < K; ++k) {
            if (rc[k] != hcnt[k]) mismatches++;
            for (int d = 0; d < D; ++d) {
                if (rs[k][d] != hs[k][d]) mismatches++;
                if (hcnt[k]) cent[k][d] = (float)((double)hs[k][d] / 4096.0 / hcnt[k]);
                if (rc[k]) hc[k][d] = (float)((double)rs[k][d] / 4096.0 / rc[k]);
            }
        }
        printf("iter %d counts", it);
        for (int k = 0; k < K; ++k) printf(" %u", hcnt[k]);
        printf("\n");
    }
    for (int k = 0; k < K; ++k) printf("centroid %d: %a %a %a\n", k, cent[k][0], cent[k][1], cent[k][2]);
    printf("mismatches vs host: %d\n", mismatches);
    return 0;
}
