// flags: -std=c++17
// cuda::barrier in shared memory as producer/consumer kernels use it: init by one thread,
// arrive_and_wait across phases, arrive() returning a token then wait(token) with work in
// between, arrive_and_drop so that finished threads leave the barrier (expected count shrinks
// for later phases), a completion function that runs once per phase, cuda::std::barrier with
// thread_scope_block, and barrier::arrive(update) counting several arrivals. Block shapes of
// 96, 7x3x5 and 256 threads. Results exact, independent of scheduling.
#include <cstdio>
#include <cuda/barrier>
#include <cuda/std/barrier>
#include <cuda/std/utility>

struct Completion {
    int* phases;
    __device__ void operator()() noexcept { (*phases)++; }
};

// each phase: every thread adds its value into a slot, the completion counts phases;
// thread t drops out after t % 4 + 1 phases.
template <int MAXT>
__global__ void drop_out(int* out, int phases) {
    using Bar = cuda::barrier<cuda::thread_scope_block, Completion>;
    __shared__ cuda::std::aligned_storage_t<sizeof(Bar), alignof(Bar)> storage;
    __shared__ int phase_count;
    __shared__ int sums[16];
    Bar* bar = reinterpret_cast<Bar*>(&storage);
    int nt = blockDim.x * blockDim.y * blockDim.z;
    int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    if (t == 0) { phase_count = 0; new (bar) Bar(nt, Completion{&phase_count}); }
    if (t < 16) sums[t] = 0;
    __syncthreads();
    int mine = t % 4 + 1;
    for (int p = 0; p < phases; p++) {
        if (p < mine) atomicAdd(&sums[p], t + 1);
        if (p + 1 == mine) { bar->arrive_and_drop(); break; }
        bar->arrive_and_wait();
    }
    __syncthreads();
    if (t < phases) out[blockIdx.x * 17 + t] = sums[t];
    if (t == 0) out[blockIdx.x * 17 + 16] = phase_count;
}

// split arrive/wait: write, arrive, do independent work, wait, then read neighbours
__global__ void split_phase(const int* in, int* out, int rounds) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ int buf[2][256];
    int t = threadIdx.x, n = blockDim.x;
    if (t == 0) init(&bar, n);
    __syncthreads();
    int v = in[blockIdx.x * n + t];
    for (int r = 0; r < rounds; r++) {
        buf[r & 1][t] = v;
        auto token = bar.arrive();
        int local = (v * 7 + r) % 1009;           // work overlapped with the barrier
        bar.wait(cuda::std::move(token));
        v = local + buf[r & 1][(t + 1) % n] - buf[r & 1][(t + n - 1) % n];
    }
    out[blockIdx.x * n + t] = v;
}

// std-flavoured barrier, one thread arriving for its whole warp with arrive(update)
__global__ void counted(int* out) {
    __shared__ cuda::std::barrier<> *bp;
    __shared__ cuda::std::aligned_storage_t<sizeof(cuda::std::barrier<>), alignof(cuda::std::barrier<>)> st;
    __shared__ int acc;
    int t = threadIdx.x, warps = blockDim.x / 32;
    if (t == 0) { bp = new (&st) cuda::std::barrier<>(warps + 1); acc = 0; }
    __syncthreads();
    if (t % 32 == 0) {
        atomicAdd(&acc, t);
        (void)bp->arrive(1);
    }
    if (t == 1) {
        // the extra participant: arrives and waits for the warps' leaders
        bp->arrive_and_wait();
        out[blockIdx.x] = acc;
    }
}

int main() {
    int* d;
    cudaMalloc(&d, 4096 * sizeof(int));
    cudaMemset(d, 0, 4096 * sizeof(int));
    drop_out<96><<<2, 96>>>(d, 4);
    drop_out<105><<<1, dim3(7, 3, 5)>>>(d + 34, 4);
    int h[51];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int b = 0; b < 3; b++) {
        int nt = b < 2 ? 96 : 105;
        printf("drop-out block %d:", b);
        for (int p = 0; p < 4; p++) {
            int want = 0;
            for (int t = 0; t < nt; t++) if (p < t % 4 + 1) want += t + 1;
            printf(" phase %d sum %d (host %d)", p, h[b * 17 + p], want);
        }
        printf(" completions %d\n", h[b * 17 + 16]);
    }
    const int n = 256, blocks = 3, rounds = 9;
    int hin[n * blocks], hout[n * blocks];
    for (int i = 0; i < n * blocks; i++) hin[i] = (i * 37) % 211;
    int *din, *dout;
    cudaMalloc(&din, sizeof hin); cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    split_phase<<<blocks, n>>>(din, dout, rounds);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    int bad = 0; long long s = 0;
    for (int b = 0; b < blocks; b++) {
        int v[n], w[n];
        for (int t = 0; t < n; t++) v[t] = hin[b * n + t];
        for (int r = 0; r < rounds; r++) {
            for (int t = 0; t < n; t++) w[t] = (v[t] * 7 + r) % 1009 + v[(t + 1) % n] - v[(t + n - 1) % n];
            for (int t = 0; t < n; t++) v[t] = w[t];
        }
        for (int t = 0; t < n; t++) { bad += hout[b * n + t] != v[t]; s += hout[b * n + t] * (t + 1); }
    }
    printf("split arrive/wait: checksum %lld mismatches %d\n", s, bad);
    counted<<<4, 224>>>(d);
    int c[4];
    cudaMemcpy(c, d, sizeof c, cudaMemcpyDeviceToHost);
    printf("counted arrivals: %d %d %d %d (host %d)\n", c[0], c[1], c[2], c[3], 0 + 32 + 64 + 96 + 128 + 160 + 192);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
