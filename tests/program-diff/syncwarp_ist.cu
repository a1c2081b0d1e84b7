// Independent thread scheduling patterns that are well defined with __syncwarp: lanes of one
// warp in different branches exchanging data through shared memory with __syncwarp(mask),
// a producer/consumer hand-off between the two halves of a warp, __syncwarp inside a loop with
// a lane-dependent trip count, and shuffles after re-convergence.
#include <cstdio>

__global__ void k(int *out) {
    __shared__ int buf[4][32];
    int w = threadIdx.x / 32, lane = threadIdx.x % 32;
    int *b = buf[w];
    b[lane] = lane * 3 + w;
    __syncwarp();
    int v = lane < 16 ? b[lane + 16] : b[lane - 16];   // the other half's value
    __syncwarp();                                      // every lane has read before any writes
    if (lane < 16) {
        __syncwarp(0x0000ffff);                        // lower half only
        b[lane] = v * 2;
    } else {
        __syncwarp(0xffff0000);
        b[lane] = v + 1000;
    }
    __syncwarp();
    int swapped = b[lane ^ 16];
    // lane-dependent trip count, synchronizing the lanes still looping each iteration
    int acc = 0;
    for (int r = 0; r < 5; r++) {
        unsigned m = __ballot_sync(0xffffffff, r < (lane % 5) + 1);
        if (r < (lane % 5) + 1) {
            acc += __popc(m) * (r + 1);
            __syncwarp(m);
        }
    }
    // pairs: even lane produces, odd lane consumes
    __shared__ volatile int mail[4][32];
    if (lane % 2 == 0) mail[w][lane] = lane * lane + w;
    __syncwarp();
    int got = lane % 2 ? mail[w][lane - 1] : -1;
    __syncwarp();
    int total = __reduce_add_sync(0xffffffff, got > 0 ? got : 0);
    out[threadIdx.x * 4 + 0] = swapped;
    out[threadIdx.x * 4 + 1] = acc;
    out[threadIdx.x * 4 + 2] = got;
    out[threadIdx.x * 4 + 3] = total;
}

int main() {
    int *d, h[128 * 4];
    cudaMalloc(&d, sizeof h);
    k<<<1, 128>>>(d);
    printf("sync %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < 128; t++) {
        int w = t / 32, lane = t % 32;
        int partner = lane ^ 16;
        int want_sw = partner < 16 ? (partner + 16) * 3 + w : (partner - 16) * 3 + w;
        want_sw = partner < 16 ? want_sw * 2 : want_sw + 1000;
        int want_acc = 0;
        for (int r = 0; r < (lane % 5) + 1; r++) { int c = 0; for (int l = 0; l < 32; l++) c += r < (l % 5) + 1; want_acc += c * (r + 1); }
        int want_got = lane % 2 ? (lane - 1) * (lane - 1) + w : -1;
        int want_total = 0;
        for (int l = 1; l < 32; l += 2) { int g = (l - 1) * (l - 1) + w; want_total += g > 0 ? g : 0; }
        int *q = h + t * 4;
        if (q[0] != want_sw || q[1] != want_acc || q[2] != want_got || q[3] != want_total) {
            if (bad++ < 5) printf("t%d: %d %d %d %d want %d %d %d %d\n", t, q[0], q[1], q[2], q[3], want_sw, want_acc, want_got, want_total);
        }
    }
    printf("bad %d sample %d %d %d %d\n", bad, h[37 * 4], h[37 * 4 + 1], h[37 * 4 + 2], h[37 * 4 + 3]);
    return 0;
}
