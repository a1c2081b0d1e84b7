// Warp match/reduce/vote intrinsics under divergence and partial masks, in a 7x3x5 block
// (105 threads: the last warp has 9 lanes).
#include <cstdio>

__global__ void k(unsigned *out) {
    int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    int lane = t & 31;
    unsigned *o = out + (blockIdx.x * 105 + t) * 12;
    unsigned act = __activemask();
    o[0] = act;
    unsigned key = (lane * 7) % 5;
    if (lane % 3 != 0) {
        unsigned m = __activemask();
        o[1] = m;
        o[2] = __match_any_sync(m, key);
        int pred;
        o[3] = __match_all_sync(m, lane >= 0 ? 42u : 0u, &pred);
        o[4] = pred;
        o[5] = __match_all_sync(m, key, &pred);
        o[6] = pred;
        o[7] = __reduce_add_sync(m, lane * 1000 + blockIdx.x);
        o[8] = (unsigned)__reduce_min_sync(m, (int)(lane * 37 % 11) - 5);
        o[9] = __reduce_max_sync(m, 1000u - lane * 13u);
        o[10] = __reduce_xor_sync(m, 1u << (lane % 17)) ^ __reduce_or_sync(m, lane << 3) ^ (__reduce_and_sync(m, ~lane) << 8);
    } else {
        unsigned m = __activemask();
        unsigned long long k64 = (unsigned long long)(lane / 6) << 40 | 5;
        o[1] = m;
        o[2] = __match_any_sync(m, k64);
        o[3] = __ballot_sync(m, lane & 4);
        o[4] = __any_sync(m, lane == 9);
        o[5] = __all_sync(m, lane != 30);
        o[6] = __popc(__ballot_sync(m, 1));
        o[7] = __reduce_add_sync(m, 1);
        o[8] = __reduce_min_sync(m, (unsigned)lane + 3);
        o[9] = (unsigned)__reduce_max_sync(m, -lane);
        o[10] = 0;
    }
    o[11] = __match_any_sync(act, (float)(lane / 8) == 2.0f ? 1 : lane / 8);
}

int main() {
    const int blocks = 3, n = blocks * 105 * 12;
    unsigned *d, *h = new unsigned[n];
    cudaMalloc(&d, n * 4);
    k<<<blocks, dim3(7, 3, 5)>>>(d);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, n * 4, cudaMemcpyDeviceToHost);
    unsigned long long chk = 1469598103934665603ULL;
    for (int i = 0; i < n; i++) { chk ^= h[i]; chk *= 1099511628211ULL; }
    for (int t : {0, 1, 2, 3, 31, 32, 33, 64, 95, 96, 100, 104}) {
        printf("t%3d:", t);
        for (int j = 0; j < 12; j++) printf(" %08x", h[(105 + t) * 12 + j]);
        printf("\n");
    }
    printf("checksum %016llx\n", chk);
    return 0;
}
