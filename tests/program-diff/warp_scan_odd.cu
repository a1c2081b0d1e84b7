// Block-wide inclusive scan built from warp shuffles (the classic two-level pattern) over
// block sizes that are not multiples of 32 (33, 96, 100, 1000, 1024), plus a warp-aggregated
// atomic counter (__activemask + __popc + __ffs leader election) under data-dependent branches.
#include <cstdio>
#include <vector>

__global__ void scan(const int *in, int *out, int n) {
    __shared__ int warp_sums[32];
    int t = threadIdx.x, lane = t & 31, warp = t >> 5;
    int i = blockIdx.x * blockDim.x + t;
    int v = i < n ? in[i] : 0;
    unsigned m = __ballot_sync(0xffffffffu, 1) ;   // lanes that exist in this (maybe partial) warp
    for (int d = 1; d < 32; d <<= 1) {
        int u = __shfl_up_sync(m, v, d);
        if (lane >= d && (m >> (lane - d) & 1)) v += u;
    }
    if (lane == 31 - __clz(m)) warp_sums[warp] = v;   // the warp's last existing lane
    __syncthreads();
    int nw = (blockDim.x + 31) / 32;
    if (warp == 0) {
        int s = lane < nw ? warp_sums[lane] : 0;
        for (int d = 1; d < 32; d <<= 1) { int u = __shfl_up_sync(0xffffffffu, s, d); if (lane >= d) s += u; }
        if (lane < nw) warp_sums[lane] = s;
    }
    __syncthreads();
    if (warp > 0) v += warp_sums[warp - 1];
    if (i < n) out[i] = v;
}

__global__ void aggregated(const int *in, int n, int *counters, int *slots) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    if (v % 3 == 0) {
        unsigned active = __activemask();
        int leader = __ffs(active) - 1;
        int lane = threadIdx.x & 31;
        int base;
        if (lane == leader) base = atomicAdd(&counters[0], __popc(active));
        base = __shfl_sync(active, base, leader);
        int rank = __popc(active & ((1u << lane) - 1));
        slots[base + rank] = v;
    } else if (v % 3 == 1) {
        atomicAdd(&counters[1], 1);
    }
}

int main() {
    const int n = 5000;
    std::vector<int> in(n), out(n), want(n);
    for (int i = 0; i < n; i++) in[i] = (int)((i * 7919u) % 201) - 100;
    int *din, *dout;
    cudaMalloc(&din, n * 4); cudaMalloc(&dout, n * 4);
    cudaMemcpy(din, in.data(), n * 4, cudaMemcpyHostToDevice);
    for (int b : {33, 96, 100, 1000, 1024, 1}) {
        scan<<<(n + b - 1) / b, b>>>(din, dout, n);
        cudaError_t e = cudaDeviceSynchronize();
        cudaMemcpy(out.data(), dout, n * 4, cudaMemcpyDeviceToHost);
        int bad = 0;
        for (int i = 0; i < n; i++) {
            int start = i / b * b;
            want[i] = (i == start ? 0 : want[i - 1]) + in[i];
            bad += out[i] != want[i];
        }
        printf("block %4d: %s bad %d last %d\n", b, cudaGetErrorString(e), bad, out[n - 1]);
    }
    int *cnt, *slots;
    cudaMalloc(&cnt, 8); cudaMalloc(&slots, n * 4);
    cudaMemset(cnt, 0, 8);
    aggregated<<<(n + 95) / 96, 96>>>(din, n, cnt, slots);
    int hc[2];
    cudaMemcpy(hc, cnt, 8, cudaMemcpyDeviceToHost);
    std::vector<int> hs(hc[0]);
    cudaMemcpy(hs.data(), slots, hc[0] * 4, cudaMemcpyDeviceToHost);
    long long sum = 0, want_sum = 0; int wc0 = 0, wc1 = 0;
    for (int v : hs) sum += v;
    for (int v : in) { if (v % 3 == 0) { wc0++; want_sum += v; } else if (v % 3 == 1) wc1++; }
    printf("aggregated %d (want %d) other %d (want %d) sum %lld (want %lld)\n", hc[0], wc0, hc[1], wc1, sum, want_sum);
    return 0;
}
