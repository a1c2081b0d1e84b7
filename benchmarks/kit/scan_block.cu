/* Work-efficient (Blelloch) exclusive scan of 1024-element tiles in shared memory by 512 threads,
 * the tiles' sums scanned recursively, then added back. */
#include "scan.h"
#define THREADS 512
#define TILE (2 * THREADS)
__global__ void scan_tiles(const unsigned *in, unsigned *out, unsigned *sums, int n) {
    __shared__ unsigned s[TILE];
    int base = blockIdx.x * TILE, t = threadIdx.x;
    s[t] = base + t < n ? in[base + t] : 0;
    s[t + THREADS] = base + t + THREADS < n ? in[base + t + THREADS] : 0;
    int offset = 1;
    for (int d = TILE >> 1; d > 0; d >>= 1) { /* up-sweep */
        __syncthreads();
        if (t < d) s[offset * (2 * t + 2) - 1] += s[offset * (2 * t + 1) - 1];
        offset <<= 1;
    }
    if (t == 0) {
        sums[blockIdx.x] = s[TILE - 1];
        s[TILE - 1] = 0;
    }
    for (int d = 1; d < TILE; d <<= 1) { /* down-sweep */
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
            unsigned x = s[ai];
            s[ai] = s[bi];
            s[bi] += x;
        }
    }
    __syncthreads();
    if (base + t < n) out[base + t] = s[t];
    if (base + t + THREADS < n) out[base + t + THREADS] = s[t + THREADS];
}
__global__ void add_offsets(unsigned *out, const unsigned *offsets, int n) {
    int i = blockIdx.x * TILE + threadIdx.x;
    unsigned o = offsets[blockIdx.x];
    if (i < n) out[i] += o;
    if (i + THREADS < n) out[i + THREADS] += o;
}
/* sums[level] and scanned[level] hold each level's tile sums and their scan. */
static void scan(const unsigned *in, unsigned *out, int n, unsigned **sums, unsigned **scanned) {
    int tiles = (n + TILE - 1) / TILE;
    scan_tiles<<<tiles, THREADS>>>(in, out, sums[0], n);
    if (tiles > 1) {
        scan(sums[0], scanned[0], tiles, sums + 1, scanned + 1);
        add_offsets<<<tiles, THREADS>>>(out, scanned[0], n);
    }
}
int main(void) {
    unsigned *in = (unsigned *)kit_ints(SCAN_N, 8, 16);
    unsigned *din = kit_device_copy(in, SCAN_N), *dout = kit_device_copy<unsigned>(0, SCAN_N);
    unsigned *sums[8], *scanned[8];
    int level = 0;
    for (int n = SCAN_N; level < 8; n = (n + TILE - 1) / TILE, level++) {
        sums[level] = kit_device_copy<unsigned>(0, (n + TILE - 1) / TILE);
        scanned[level] = kit_device_copy<unsigned>(0, (n + TILE - 1) / TILE);
    }
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < SCAN_LAUNCHES; l++) scan(din, dout, SCAN_N, sums, scanned));
    unsigned *out = (unsigned *)kit_alloc(SCAN_N * sizeof(unsigned));
    kit_host_copy(out, dout, SCAN_N);
    return kit_report("scan_block", "cuda", "512", &t, scan_check(in, out, 0));
}
