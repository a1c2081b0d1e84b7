// Shuffles with width < 32, out-of-range source lanes and deltas, 64-bit and half2 payloads,
// in a 48-thread block (a full warp plus 16 lanes) and under a partial mask.
#include <cstdio>
#include <cuda_fp16.h>

__global__ void k(long long *out) {
    int t = threadIdx.x, lane = t & 31;
    long long *o = out + t * 16;
    unsigned full = __activemask();
    int v = t * 10 + 1;
    o[0] = __shfl_sync(full, v, lane + 3, 8);       // wraps inside the 8-lane segment
    o[1] = __shfl_sync(full, v, -1, 16);            // negative lane: (-1) mod 16
    o[2] = __shfl_sync(full, v, 100, 4);
    o[3] = __shfl_up_sync(full, v, 3, 8);           // lanes below 3 of each segment keep theirs
    o[4] = __shfl_down_sync(full, v, 5, 16);
    o[5] = __shfl_xor_sync(full, v, 9, 16);         // xor leaves the segment: own value
    o[6] = __shfl_xor_sync(full, v, 2, 4);
    o[7] = __shfl_down_sync(full, v, 40);           // delta beyond the warp
    double d = t * 0.5 - 3.25;
    double dd = __shfl_sync(full, d, 31 - lane);
    o[8] = __double_as_longlong(dd);
    long long w = (long long)t << 36 | (unsigned)(t * 3);
    o[9] = __shfl_xor_sync(full, w, 17);
    __half2 h2 = __floats2half2_rn(t * 0.25f, -t * 1.5f);
    __half2 r2 = __shfl_down_sync(full, h2, 1, 2);
    o[10] = *(unsigned *)&r2;
    o[11] = __shfl_up_sync(full, v, 0, 1);
    if (lane & 1) {
        unsigned m = __activemask();
        o[12] = __shfl_sync(m, v, lane + 2, 32) ;   // odd lanes read odd lanes
        o[13] = __shfl_down_sync(m, v, 2, 16);
    } else {
        o[12] = o[13] = -1;
    }
    float f = __int_as_float(0x7fc00000 | t);
    o[14] = __float_as_int(__shfl_sync(full, f, lane ^ 1));
    unsigned long long u = ~0ULL - t;
    o[15] = (long long)__shfl_up_sync(full, u, 16, 32);
}

int main() {
    long long *d, h[48 * 16];
    cudaMalloc(&d, sizeof h);
    k<<<1, 48>>>(d);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 48; t++) {
        printf("%2d:", t);
        for (int j = 0; j < 16; j++) {
            // lanes 48..63 do not exist: what a shuffle reads from them is undefined
            bool undefined = t >= 32 && (j == 8 || j == 9 || (j == 12 && t == 47));
            if (undefined) printf(" -"); else printf(" %llx", (unsigned long long)h[t * 16 + j]);
        }
        printf("\n");
    }
    return 0;
}
