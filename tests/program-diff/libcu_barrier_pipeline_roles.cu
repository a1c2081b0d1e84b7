// flags: -O3 -std=c++17 -arch=sm_90
// cuda::barrier with arrival tokens, a completion function, arrive_and_drop (a block whose
// threads leave one by one); cuda::memcpy_async with cuda::aligned_size_t into a barrier;
// cuda::pipeline with producer/consumer roles (partitioned) streaming tiles through stages.
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdint>
namespace cg = cooperative_groups;
using barrier_t = cuda::barrier<cuda::thread_scope_block, void (*)() noexcept>;

__device__ int g_phase_count;
__device__ void on_phase() noexcept { g_phase_count++; }

// threads do work in phases; thread t drops out after phase t % 8; sums are taken each phase
__global__ void drop_kernel(int *out) {
    __shared__ barrier_t *bar;
    __shared__ alignas(barrier_t) unsigned char storage[sizeof(barrier_t)];
    __shared__ int acc[8];
    if (threadIdx.x == 0) { bar = new (storage) barrier_t(blockDim.x, on_phase); g_phase_count = 0; for (int i = 0; i < 8; i++) acc[i] = 0; }
    __syncthreads();
    for (int p = 0; p < 8; p++) {
        atomicAdd(&acc[p], (int)threadIdx.x + 1);
        if ((int)(threadIdx.x % 8) == p) { bar->arrive_and_drop(); return; }
        auto tok = bar->arrive();
        bar->wait(cuda::std::move(tok));
        if (threadIdx.x == 7) out[p] = acc[p];  // the whole phase's arrivals are visible (thread 7 stays until phase 7)
    }
}

// tokens: arrive early, do independent work, then wait
__global__ void split_arrive(const int *in, int *out, int n) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ int tile[2][256];
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0) init(&bar, block.size());
    block.sync();
    int t = threadIdx.x;
    int cur = 0;
    tile[0][t] = in[t];
    auto tok = bar.arrive();
    for (int r = 1; r <= n; r++) {
        int local = t * r;  // independent work between arrive and wait
        bar.wait(cuda::std::move(tok));
        int v = tile[cur][(t + 1) % 256] + tile[cur][(t + 255) % 256] + local % 7;
        tile[cur ^ 1][t] = v & 0xffff;
        tok = bar.arrive();
        cur ^= 1;
    }
    bar.wait(cuda::std::move(tok));
    out[t] = tile[cur][t];
}

// memcpy_async of 16-byte aligned chunks into shared memory, completion through the barrier
__global__ void async_copy(const float4 *in, float *out, int chunks) {
    __shared__ alignas(16) float4 buf[512];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0) init(&bar, block.size());
    block.sync();
    for (int c = 0; c < chunks; c++) {
        cuda::memcpy_async(block, buf, in + c * 512, cuda::aligned_size_t<16>(sizeof(float4) * 512), bar);
        bar.arrive_and_wait();
        float s = 0;
        for (int i = threadIdx.x; i < 512; i += blockDim.x) s += buf[i].x * 1 + buf[i].y * 2 + buf[i].z * 3 + buf[i].w * 4;
        out[c * blockDim.x + threadIdx.x] = s;
        bar.arrive_and_wait();
    }
}

// producer warp copies tiles through a 3-stage pipeline; three consumer warps reduce them
__global__ void roles(const int *in, long long *out, int tiles) {
    constexpr int STAGES = 3, TILE = 384;
    __shared__ alignas(16) int buf[STAGES][TILE];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
    auto block = cg::this_thread_block();
    const bool producer = threadIdx.x < 32;
    auto pipe = cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
    long long acc = 0;
    if (producer) {
        for (int t = 0; t < tiles; t++) {
            pipe.producer_acquire();
            for (int i = threadIdx.x * 4; i < TILE; i += 32 * 4)
                cuda::memcpy_async(&buf[t % STAGES][i], &in[t * TILE + i], cuda::aligned_size_t<16>(16), pipe);
            pipe.producer_commit();
        }
    } else {
        int c = threadIdx.x - 32;
        for (int t = 0; t < tiles; t++) {
            pipe.consumer_wait();
            for (int i = c; i < TILE; i += 96) acc += (long long)buf[t % STAGES][i] * (t + 1);
            pipe.consumer_release();
        }
        out[c] = acc;
    }
}

int main() {
    int *o; cudaMalloc(&o, 64 * 4); cudaMemset(o, 0, 64 * 4);
    drop_kernel<<<1, 64>>>(o);
    cudaError_t e = cudaDeviceSynchronize();
    int ho[8], phases; cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost); cudaMemcpyFromSymbol(&phases, g_phase_count, 4);
    printf("arrive_and_drop: %s phases=%d acc", cudaGetErrorString(e), phases);
    bool ok = true;
    for (int p = 0; p < 8; p++) { int r = 0; for (int t = 0; t < 64; t++) if (t % 8 >= p) r += t + 1; if (p == 7) r = 0; ok &= ho[p] == r; printf(" %d", ho[p]); }
    printf(" %s\n", ok ? "ok" : "MISMATCH");

    int hin[256]; for (int i = 0; i < 256; i++) hin[i] = (i * 37) % 101;
    int *din, *dout; cudaMalloc(&din, 1024); cudaMalloc(&dout, 1024);
    cudaMemcpy(din, hin, 1024, cudaMemcpyHostToDevice);
    split_arrive<<<1, 256>>>(din, dout, 10);
    e = cudaDeviceSynchronize();
    int hr[256]; cudaMemcpy(hr, dout, 1024, cudaMemcpyDeviceToHost);
    int a[256], b[256]; for (int i = 0; i < 256; i++) a[i] = hin[i];
    for (int r = 1; r <= 10; r++) { for (int t = 0; t < 256; t++) b[t] = (a[(t + 1) % 256] + a[(t + 255) % 256] + (t * r) % 7) & 0xffff; for (int t = 0; t < 256; t++) a[t] = b[t]; }
    ok = true; for (int i = 0; i < 256; i++) ok &= hr[i] == a[i];
    printf("split arrive/wait: %s %s [0]=%d [255]=%d\n", cudaGetErrorString(e), ok ? "ok" : "MISMATCH", hr[0], hr[255]);

    const int CH = 4;
    float4 *f; float *fo; cudaMalloc(&f, CH * 512 * 16); cudaMalloc(&fo, CH * 128 * 4);
    float4 hf[CH * 512]; for (int i = 0; i < CH * 512; i++) hf[i] = make_float4(i % 5, i % 7, i % 11, (i % 3) * 0.5f);
    cudaMemcpy(f, hf, sizeof hf, cudaMemcpyHostToDevice);
    async_copy<<<1, 128>>>(f, fo, CH);
    e = cudaDeviceSynchronize();
    float hfo[CH * 128]; cudaMemcpy(hfo, fo, sizeof hfo, cudaMemcpyDeviceToHost);
    ok = true;
    for (int c = 0; c < CH; c++) for (int t = 0; t < 128; t++) { float s = 0; for (int i = t; i < 512; i += 128) { float4 v = hf[c * 512 + i]; s += v.x * 1 + v.y * 2 + v.z * 3 + v.w * 4; } ok &= s == hfo[c * 128 + t]; }
    printf("memcpy_async aligned_size_t: %s %s [0]=%g\n", cudaGetErrorString(e), ok ? "ok" : "MISMATCH", hfo[0]);

    const int TILES = 10, TILE = 384;
    int *pin; long long *pout; cudaMalloc(&pin, TILES * TILE * 4); cudaMalloc(&pout, 96 * 8);
    int hp[TILES * TILE]; for (int i = 0; i < TILES * TILE; i++) hp[i] = (i * 7919) % 1000 - 300;
    cudaMemcpy(pin, hp, sizeof hp, cudaMemcpyHostToDevice);
    roles<<<1, 128>>>(pin, pout, TILES);
    e = cudaDeviceSynchronize();
    long long hpo[96]; cudaMemcpy(hpo, pout, sizeof hpo, cudaMemcpyDeviceToHost);
    ok = true; long long tot = 0;
    for (int c = 0; c < 96; c++) { long long r = 0; for (int t = 0; t < TILES; t++) for (int i = c; i < TILE; i += 96) r += (long long)hp[t * TILE + i] * (t + 1); ok &= r == hpo[c]; tot += hpo[c]; }
    printf("pipeline producer/consumer: %s %s total=%lld\n", cudaGetErrorString(e), ok ? "ok" : "MISMATCH", tot);
    return 0;
}
