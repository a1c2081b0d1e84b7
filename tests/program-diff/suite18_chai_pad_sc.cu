// Chai (Gómez-Luna et al., "Chai: collaborative heterogeneous applications"), CUDA-D versions of
// PAD (in-place matrix padding) and SC (stream compaction), GPU-only: tiles taken in order from
// an atomic counter (dynamic block ids, so a tile's predecessor is always running or done), each
// block reading its tile into registers, then waiting on its predecessor's flag with a spin on
// atomicOr(flag, 0) (adjacent synchronization) before writing in place and releasing its
// successor. SC also carries the running count of kept elements through the flags. Block sizes
// 64, 256 and 1024, matrices whose size is not a multiple of the tile. Checked against the host,
// exact integers.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define REGS 8
// PAD: a rows x cols matrix stored densely becomes rows x pad_cols (pad_cols > cols) in place.
// Tiles are processed from the end of the array backwards (the padded matrix is larger).
__global__ void pad_kernel(int* matrix, int rows, int cols, int pad_cols, int* flags, int* worklist, int total_tiles) {
    __shared__ int tile_id;
    if (threadIdx.x == 0) tile_id = atomicAdd(worklist, 1);
    __syncthreads();
    int t = tile_id;
    int n = rows * cols;
    int per_tile = blockDim.x * REGS;
    int base = n - (t + 1) * per_tile; // tile t covers the t-th chunk from the end
    int reg[REGS];
    for (int r = 0; r < REGS; r++) {
        int pos = base + r * blockDim.x + threadIdx.x;
        reg[r] = (pos >= 0 && pos < n) ? matrix[pos] : 0;
    }
    // wait until the tile after this one (nearer the end) has been written
    if (threadIdx.x == 0) {
        while (atomicOr(&flags[t], 0) == 0) {}
    }
    __syncthreads();
    for (int r = 0; r < REGS; r++) {
        int pos = base + r * blockDim.x + threadIdx.x;
        if (pos >= 0 && pos < n) {
            int row = pos / cols, col = pos % cols;
            matrix[row * pad_cols + col] = reg[r];
        }
    }
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0 && t + 1 < total_tiles + 1) atomicAdd(&flags[t + 1], 1);
}
// SC: keep the elements != value, in order.
__global__ void sc_kernel(int* data, int n, int value, int* flags, int* worklist) {
    __shared__ int tile_id, count, before;
    __shared__ int warp_counts[32];
    if (threadIdx.x == 0) { tile_id = atomicAdd(worklist, 1); count = 0; }
    __syncthreads();
    int t = tile_id;
    int per_tile = blockDim.x * REGS;
    int reg[REGS], keep[REGS];
    int mine = 0;
    for (int r = 0; r < REGS; r++) {
        int pos = t * per_tile + threadIdx.x * REGS + r;
        reg[r] = pos < n ? data[pos] : value;
        keep[r] = reg[r] != value;
        mine += keep[r];
    }
    // block-wide exclusive scan of `mine`: warp shuffles, then the warps' totals
    int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    int incl = mine;
    for (int o = 1; o < 32; o <<= 1) { int y = __shfl_up_sync(0xffffffff, incl, o); if (lane >= o) incl += y; }
    if (lane == 31) warp_counts[wid] = incl;
    __syncthreads();
    if (wid == 0) {
        int nw = blockDim.x >> 5;
        int w = lane < nw ? warp_counts[lane] : 0;
        for (int o = 1; o < 32; o <<= 1) { int y = __shfl_up_sync(0xffffffff, w, o); if (lane >= o) w += y; }
        if (lane < nw) warp_counts[lane] = w;
        if (lane == nw - 1) count = w;
    }
    __syncthreads();
    int excl = incl - mine + (wid ? warp_counts[wid - 1] : 0);
    if (threadIdx.x == 0) {
        int p;
        while ((p = atomicOr(&flags[t], 0)) == 0) {}
        before = p - 1;
        atomicAdd(&flags[t + 1], before + count + 1);
    }
    __syncthreads();
    int out = before + excl;
    for (int r = 0; r < REGS; r++) if (keep[r]) data[out++] = reg[r];
}
int main() {
    int bs[3] = {64, 256, 1024};
    for (int k = 0; k < 3; k++) {
        int B = bs[k];
        int rows = 97 + k * 13, cols = 211 - k * 7, pad_cols = cols + 5 + k;
        int n = rows * cols;
        int per_tile = B * REGS;
        int tiles = (n + per_tile - 1) / per_tile;
        std::vector<int> h(rows * pad_cols, -1);
        for (int i = 0; i < n; i++) h[i] = i * 3 + 1;
        int *dm, *df, *dw;
        CK(cudaMalloc(&dm, rows * pad_cols * 4));
        CK(cudaMalloc(&df, (tiles + 2) * 4));
        CK(cudaMalloc(&dw, 4));
        CK(cudaMemcpy(dm, h.data(), rows * pad_cols * 4, cudaMemcpyHostToDevice));
        CK(cudaMemset(df, 0, (tiles + 2) * 4));
        CK(cudaMemset(dw, 0, 4));
        int one = 1;
        CK(cudaMemcpy(df, &one, 4, cudaMemcpyHostToDevice));
        pad_kernel<<<tiles, B>>>(dm, rows, cols, pad_cols, df, dw, tiles);
        CK(cudaDeviceSynchronize());
        std::vector<int> r(rows * pad_cols);
        CK(cudaMemcpy(r.data(), dm, r.size() * 4, cudaMemcpyDeviceToHost));
        int bad = 0;
        for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) bad += r[i * pad_cols + j] != (i * cols + j) * 3 + 1;
        printf("PAD block %d: %dx%d -> %dx%d, %d tiles, %d wrong\n", B, rows, cols, rows, pad_cols, tiles, bad);
        // SC
        int sn = 50000 + k * 777;
        std::vector<int> d(sn);
        for (int i = 0; i < sn; i++) d[i] = (i * 7919) % 13 == 0 || i % 5 == 0 ? 0 : i;
        std::vector<int> want;
        for (int v : d) if (v != 0) want.push_back(v);
        int stiles = (sn + per_tile - 1) / per_tile;
        int* dd;
        CK(cudaMalloc(&dd, sn * 4));
        CK(cudaFree(df));
        CK(cudaMalloc(&df, (stiles + 2) * 4));
        CK(cudaMemset(df, 0, (stiles + 2) * 4));
        CK(cudaMemcpy(df, &one, 4, cudaMemcpyHostToDevice));
        CK(cudaMemset(dw, 0, 4));
        CK(cudaMemcpy(dd, d.data(), sn * 4, cudaMemcpyHostToDevice));
        sc_kernel<<<stiles, B>>>(dd, sn, 0, df, dw);
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(d.data(), dd, sn * 4, cudaMemcpyDeviceToHost));
        int total;
        CK(cudaMemcpy(&total, df + stiles, 4, cudaMemcpyDeviceToHost));
        bad = 0;
        for (size_t i = 0; i < want.size(); i++) bad += d[i] != want[i];
        printf("SC block %d: %d elements, %d tiles, kept %d (flag says %d), %d wrong\n", B, sn, stiles, (int)want.size(), total - 1, bad);
        CK(cudaFree(dm)); CK(cudaFree(df)); CK(cudaFree(dw)); CK(cudaFree(dd));
    }
    return 0;
}
