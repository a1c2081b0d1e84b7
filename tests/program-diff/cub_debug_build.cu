// flags: -G -lineinfo
// CUB block and warp primitives built for debugging (-G: no optimisation, every local in
// memory, the unrolled template loops kept as loops): BlockReduce with raking and
// warp-reductions algorithms over 7x3x5 threads (105, partial warps), BlockScan exclusive with
// a block aggregate, WarpReduce sum over logical warps of 8, BlockRadixSort of float keys with
// negative zero and negatives, BlockLoad/BlockStore warp-transpose. Checked on the host.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <cub/cub.cuh>

template <cub::BlockReduceAlgorithm A>
__global__ void reduce3d(const int* in, int* out) {
    using BR = cub::BlockReduce<int, 7, A, 3, 5>;
    __shared__ typename BR::TempStorage tmp;
    int t = threadIdx.x + 7 * (threadIdx.y + 3 * threadIdx.z);
    int v = in[blockIdx.x * 105 + t];
    int s = BR(tmp).Sum(v);
    __syncthreads();
    int m = BR(tmp).Reduce(v, cuda::maximum<int>());
    if (t == 0) { out[blockIdx.x * 2] = s; out[blockIdx.x * 2 + 1] = m; }
}

__global__ void scan_warp(const int* in, int* excl, int* agg, int* wsum) {
    using BS = cub::BlockScan<int, 96>;
    using WR = cub::WarpReduce<int, 8>;
    __shared__ typename BS::TempStorage ts;
    __shared__ typename WR::TempStorage tw[12];
    int t = threadIdx.x;
    int v = in[t], e, a;
    BS(ts).ExclusiveSum(v, e, a);
    excl[t] = e;
    if (t == 0) *agg = a;
    int s = WR(tw[t / 8]).Sum(v * 3 - 1);
    if (t % 8 == 0) wsum[t / 8] = s;
}

__global__ void sort_floats(const float* in, float* out) {
    using Load = cub::BlockLoad<float, 64, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
    using Sort = cub::BlockRadixSort<float, 64, 4>;
    using Store = cub::BlockStore<float, 64, 4, cub::BLOCK_STORE_WARP_TRANSPOSE>;
    __shared__ union { typename Load::TempStorage l; typename Sort::TempStorage s; typename Store::TempStorage st; } tmp;
    float k[4];
    Load(tmp.l).Load(in, k);
    __syncthreads();
    Sort(tmp.s).Sort(k);
    __syncthreads();
    Store(tmp.st).Store(out, k);
}

int main() {
    std::vector<int> v(105 * 3);
    for (size_t i = 0; i < v.size(); i++) v[i] = (int)((i * 7919) % 201) - 100;
    int *dv, *dout;
    cudaMalloc(&dv, v.size() * 4); cudaMalloc(&dout, 1024 * 4);
    cudaMemcpy(dv, v.data(), v.size() * 4, cudaMemcpyHostToDevice);
    for (int alg = 0; alg < 3; alg++) {
        if (alg == 0) reduce3d<cub::BLOCK_REDUCE_RAKING><<<3, dim3(7, 3, 5)>>>(dv, dout);
        if (alg == 1) reduce3d<cub::BLOCK_REDUCE_WARP_REDUCTIONS><<<3, dim3(7, 3, 5)>>>(dv, dout);
        if (alg == 2) reduce3d<cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY><<<3, dim3(7, 3, 5)>>>(dv, dout);
        int h[6];
        cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
        int bad = 0;
        for (int b = 0; b < 3; b++) {
            int s = 0, m = -1000;
            for (int t = 0; t < 105; t++) { s += v[b * 105 + t]; m = std::max(m, v[b * 105 + t]); }
            bad += h[2 * b] != s || h[2 * b + 1] != m;
        }
        printf("reduce alg %d: sums %d %d %d max %d %d %d mismatches %d\n", alg, h[0], h[2], h[4], h[1], h[3], h[5], bad);
    }
    int *de, *da, *dw;
    cudaMalloc(&de, 96 * 4); cudaMalloc(&da, 4); cudaMalloc(&dw, 12 * 4);
    scan_warp<<<1, 96>>>(dv, de, da, dw);
    int he[96], ha, hw[12];
    cudaMemcpy(he, de, sizeof he, cudaMemcpyDeviceToHost);
    cudaMemcpy(&ha, da, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(hw, dw, sizeof hw, cudaMemcpyDeviceToHost);
    int bad = 0, acc = 0;
    for (int t = 0; t < 96; t++) { bad += he[t] != acc; acc += v[t]; }
    for (int w = 0; w < 12; w++) { int s = 0; for (int t = w * 8; t < w * 8 + 8; t++) s += v[t] * 3 - 1; bad += hw[w] != s; }
    printf("scan aggregate %d (host %d) warp sums %d %d %d mismatches %d\n", ha, acc, hw[0], hw[5], hw[11], bad + (ha != acc));
    std::vector<float> f(256);
    for (int i = 0; i < 256; i++) f[i] = (float)((i * 37) % 61 - 30) * 0.375f;
    f[3] = -0.0f; f[100] = 0.0f; f[200] = -0.0f; f[7] = 1e-40f; f[8] = -1e-40f; f[9] = -1e30f;
    float *df, *dfo;
    cudaMalloc(&df, 1024); cudaMalloc(&dfo, 1024);
    cudaMemcpy(df, f.data(), 1024, cudaMemcpyHostToDevice);
    sort_floats<<<1, 64>>>(df, dfo);
    std::vector<float> g(256);
    cudaMemcpy(g.data(), dfo, 1024, cudaMemcpyDeviceToHost);
    // CUB's radix sort treats -0.0 and +0.0 as equal keys: the sort is stable, zeros keep input order
    std::vector<float> w(f);
    std::stable_sort(w.begin(), w.end(), [](float a, float b) { return a < b; });
    bad = 0;
    for (int i = 0; i < 256; i++) bad += memcmp(&g[i], &w[i], 4) != 0;
    printf("float radix sort: first %a %a middle", g[0], g[1]);
    for (int i = 0; i < 256; i++) if (g[i] == 0.0f) printf(" %s", std::signbit(g[i]) ? "-0" : "+0");
    printf(" last %a mismatches %d\n", g[255], bad);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
