// Asynchronous copies into shared memory as Ampere+ kernels stage data: cooperative_groups::
// memcpy_async + cg::wait (whole block and per-tile), a double-buffered cuda::pipeline with
// producer_acquire/commit and consumer_wait/release over a tiled 1D convolution, __pipeline_*
// primitives (memcpy_async of 4/8/16 bytes, commit, wait_prior), and cuda::memcpy_async with a
// cuda::barrier; results compared with the host.
#include <cstdio>
#include <vector>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
#include <cuda/barrier>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

constexpr int TILE = 256, R = 3;

__global__ void conv_cg(const float* __restrict__ in, float* out, int n) {
    __shared__ float s[TILE + 2 * R];
    cg::thread_block b = cg::this_thread_block();
    int base = blockIdx.x * TILE;
    // halo-padded tile: clamp at the ends by copying the valid part and filling the rest
    int lo = base - R, cnt = TILE + 2 * R;
    int first = lo < 0 ? -lo : 0, last = (lo + cnt > n) ? n - lo : cnt;
    cg::memcpy_async(b, s + first, in + lo + first, sizeof(float) * (last - first));
    cg::wait(b);
    for (int k = threadIdx.x; k < cnt; k += blockDim.x) if (k < first || k >= last) s[k] = 0.0f;
    b.sync();
    for (int k = threadIdx.x; k < TILE && base + k < n; k += blockDim.x) {
        float acc = 0;
        for (int j = -R; j <= R; ++j) acc += s[k + R + j] * (float)(R + 1 - (j < 0 ? -j : j));
        out[base + k] = acc;
    }
}

__global__ void sum_pipeline(const int* __restrict__ in, long long* out, int n) {   // double buffering, one stage per chunk
    constexpr int STAGES = 2, CH = 128;
    __shared__ int buf[STAGES][CH];
    auto block = cg::this_thread_block();
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
    auto pipe = cuda::make_pipeline(block, &state);
    int chunks = (n + CH - 1) / CH;
    long long acc = 0;
    int fetch = 0;
    for (int c = 0; c < chunks; ++c) {
        for (; fetch < chunks && fetch < c + STAGES; ++fetch) {
            pipe.producer_acquire();
            int len = min(CH, n - fetch * CH);
            cuda::memcpy_async(block, buf[fetch % STAGES], in + fetch * CH, sizeof(int) * len, pipe);
            pipe.producer_commit();
        }
        pipe.consumer_wait();
        int len = min(CH, n - c * CH);
        for (int k = threadIdx.x; k < len; k += blockDim.x) acc += (long long)buf[c % STAGES][k] * (c + 1);
        pipe.consumer_release();
    }
    atomicAdd((unsigned long long*)out, (unsigned long long)acc);
}

__global__ void prim_copy(const int4* __restrict__ a, const double* __restrict__ b, const int* __restrict__ c, long long* out) {
    __shared__ int4 sa[64]; __shared__ double sb[64]; __shared__ int sc[64];
    int t = threadIdx.x;
    __pipeline_memcpy_async(&sa[t], &a[t], 16);
    __pipeline_commit();
    __pipeline_memcpy_async(&sb[t], &b[t], 8);
    __pipeline_commit();
    __pipeline_memcpy_async(&sc[t], &c[t], 4);
    __pipeline_commit();
    __pipeline_wait_prior(2);   // this thread's first group has landed
    __syncthreads();            // and every other thread's (each waited for its own)
    long long v = sa[63 - t].x + sa[63 - t].w;
    __pipeline_wait_prior(0);
    __syncthreads();
    v += (long long)sb[(t + 1) % 64] + sc[(t + 7) % 64];
    out[t] = v;
}

__global__ void barrier_copy(const float* __restrict__ in, float* out) {
    __shared__ float s[512];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0) init(&bar, block.size());
    block.sync();
    cuda::memcpy_async(block, s, in + blockIdx.x * 512, sizeof(float) * 512, bar);
    bar.arrive_and_wait();
    for (int k = threadIdx.x; k < 512; k += blockDim.x) out[blockIdx.x * 512 + k] = s[511 - k] * 2.0f;
}

int main() {
    const int n = 10000;
    std::vector<float> h(n);
    for (int i = 0; i < n; ++i) h[i] = (float)((i * 37) % 101) - 50.0f;
    float *di, *dout; cudaMalloc(&di, n * 4); cudaMalloc(&dout, n * 4);
    cudaMemcpy(di, h.data(), n * 4, cudaMemcpyHostToDevice);
    conv_cg<<<(n + TILE - 1) / TILE, 96>>>(di, dout, n);
    std::vector<float> o(n);
    cudaMemcpy(o.data(), dout, n * 4, cudaMemcpyDeviceToHost);
    int bad = 0; double chk = 0;
    for (int i = 0; i < n; ++i) {
        float acc = 0;
        for (int j = -R; j <= R; ++j) { float v = (i + j >= 0 && i + j < n) ? h[i + j] : 0.0f; acc += v * (float)(R + 1 - (j < 0 ? -j : j)); }
        bad += acc != o[i]; chk += o[i] * (i % 5);
    }
    printf("cg memcpy_async conv: checksum %.1f mismatches %d\n", chk, bad);
    std::vector<int> hi(n + 77);
    for (int i = 0; i < n + 77; ++i) hi[i] = i % 1000 - 333;
    int* dii; long long* dsum; cudaMalloc(&dii, (n + 77) * 4); cudaMalloc(&dsum, 64 * 8);
    cudaMemcpy(dii, hi.data(), (n + 77) * 4, cudaMemcpyHostToDevice);
    cudaMemset(dsum, 0, 8);
    sum_pipeline<<<1, 64>>>(dii, dsum, n + 77);
    long long s, want = 0;
    cudaMemcpy(&s, dsum, 8, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n + 77; ++i) want += (long long)hi[i] * (i / 128 + 1);
    printf("pipeline weighted sum %lld %s\n", s, s == want ? "ok" : "BAD");
    std::vector<int4> a(64); std::vector<double> b(64); std::vector<int> c(64);
    for (int i = 0; i < 64; ++i) { a[i] = make_int4(i, 2 * i, 3 * i, -i * i); b[i] = i * 0.5 + 1e9; c[i] = 7 * i - 100; }
    int4* da; double* dbb; int* dc;
    cudaMalloc(&da, 64 * 16); cudaMalloc(&dbb, 64 * 8); cudaMalloc(&dc, 64 * 4);
    cudaMemcpy(da, a.data(), 64 * 16, cudaMemcpyHostToDevice); cudaMemcpy(dbb, b.data(), 64 * 8, cudaMemcpyHostToDevice); cudaMemcpy(dc, c.data(), 64 * 4, cudaMemcpyHostToDevice);
    prim_copy<<<1, 64>>>(da, dbb, dc, dsum);
    long long po[64];
    cudaMemcpy(po, dsum, sizeof po, cudaMemcpyDeviceToHost);
    bad = 0;
    for (int t = 0; t < 64; ++t) bad += po[t] != a[63 - t].x + a[63 - t].w + (long long)b[(t + 1) % 64] + c[(t + 7) % 64];
    printf("__pipeline primitives: %lld %lld mismatches %d\n", po[0], po[63], bad);
    std::vector<float> hb(4 * 512);
    for (int i = 0; i < 4 * 512; ++i) hb[i] = i * 0.25f;
    float *dbi, *dbo; cudaMalloc(&dbi, 4 * 512 * 4); cudaMalloc(&dbo, 4 * 512 * 4);
    cudaMemcpy(dbi, hb.data(), 4 * 512 * 4, cudaMemcpyHostToDevice);
    barrier_copy<<<4, 160>>>(dbi, dbo);
    std::vector<float> ob(4 * 512);
    cudaMemcpy(ob.data(), dbo, 4 * 512 * 4, cudaMemcpyDeviceToHost);
    bad = 0;
    for (int bI = 0; bI < 4; ++bI) for (int k = 0; k < 512; ++k) bad += ob[bI * 512 + k] != hb[bI * 512 + 511 - k] * 2.0f;
    printf("barrier memcpy_async mismatches %d (%s)\n", bad, cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
