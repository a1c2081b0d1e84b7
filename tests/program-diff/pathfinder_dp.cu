// flags: -O0 -G
// Rodinia-style pathfinder: the cheapest top-to-bottom path through a grid of weights, rows
// processed in pyramids of PYRAMID_HEIGHT rows per launch, each block computing a strip of
// BLOCK_SIZE columns with a halo that shrinks by one column per row (the ghost-zone trick),
// minima with the neighbours in shared memory, IN_RANGE macros as the original. The blocks
// are 96 threads (three warps), the column count is not a multiple of the strip width. Built
// with -O0 -G. Every result compared with a host DP.
#include <cstdio>
#include <vector>
#define BLOCK_SIZE 96
#define PYRAMID_HEIGHT 5
#define HALO 1
#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))
#define CLAMP_RANGE(x, lo, hi) x = (x < (lo)) ? lo : ((x > (hi)) ? hi : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void dynproc(int iteration, const int* wall, const int* src, int* dst, int cols, int rows, int start_step, int border) {
    __shared__ int prev[BLOCK_SIZE], result[BLOCK_SIZE];
    int bx = blockIdx.x, tx = threadIdx.x;
    int small_block_cols = BLOCK_SIZE - iteration * HALO * 2;
    int blk_x = small_block_cols * bx - border;
    int blk_x_max = blk_x + BLOCK_SIZE - 1;
    int xidx = blk_x + tx;
    int valid_x_min = (blk_x < 0) ? -blk_x : 0;
    int valid_x_max = (blk_x_max > cols - 1) ? BLOCK_SIZE - 1 - (blk_x_max - cols + 1) : BLOCK_SIZE - 1;
    int W = tx - 1, E = tx + 1;
    W = (W < valid_x_min) ? valid_x_min : W;
    E = (E > valid_x_max) ? valid_x_max : E;
    bool is_valid = IN_RANGE(tx, valid_x_min, valid_x_max);
    if (IN_RANGE(xidx, 0, cols - 1)) prev[tx] = src[xidx];
    __syncthreads();
    bool computed = false;
    for (int i = 0; i < iteration; ++i) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && is_valid) {
            computed = true;
            int left = prev[W], up = prev[tx], right = prev[E];
            int shortest = MIN(left, up);
            shortest = MIN(shortest, right);
            int index = cols * (start_step + i) + xidx;
            result[tx] = shortest + wall[index];
        }
        __syncthreads();
        if (i == iteration - 1) break;
        if (computed) prev[tx] = result[tx];
        __syncthreads();
    }
    if (computed) dst[xidx] = result[tx];
}

int main() {
    const int cols = 1000, rows = 23;
    std::vector<int> data(rows * cols);
    unsigned s = 99u;
    for (auto& v : data) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; v = s % 10; }
    int border = PYRAMID_HEIGHT * HALO;
    int small_block_col = BLOCK_SIZE - PYRAMID_HEIGHT * HALO * 2;
    int blocks = cols / small_block_col + ((cols % small_block_col == 0) ? 0 : 1);
    int *d_wall, *d_res[2];
    CK(cudaMalloc(&d_wall, sizeof(int) * (rows * cols - cols)));
    CK(cudaMemcpy(d_wall, data.data() + cols, sizeof(int) * (rows * cols - cols), cudaMemcpyHostToDevice));
    CK(cudaMalloc(&d_res[0], sizeof(int) * cols)); CK(cudaMalloc(&d_res[1], sizeof(int) * cols));
    CK(cudaMemcpy(d_res[0], data.data(), sizeof(int) * cols, cudaMemcpyHostToDevice));
    int src = 1, dst = 0;
    for (int t = 0; t < rows - 1; t += PYRAMID_HEIGHT) {
        int tmp = src; src = dst; dst = tmp;
        dynproc<<<blocks, BLOCK_SIZE>>>(MIN(PYRAMID_HEIGHT, rows - t - 1), d_wall, d_res[src], d_res[dst], cols, rows, t, border);
    }
    CK(cudaGetLastError());
    std::vector<int> out(cols);
    CK(cudaMemcpy(out.data(), d_res[dst], sizeof(int) * cols, cudaMemcpyDeviceToHost));
    std::vector<int> h(data.begin(), data.begin() + cols), nx(cols);
    for (int r = 1; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            int m = h[c];
            if (c > 0) m = MIN(m, h[c - 1]);
            if (c < cols - 1) m = MIN(m, h[c + 1]);
            nx[c] = m + data[r * cols + c];
        }
        h.swap(nx);
    }
    int bad = 0; long long sum = 0; int best = 1 << 30;
    for (int c = 0; c < cols; ++c) { bad += out[c] != h[c]; sum += out[c]; best = MIN(best, out[c]); }
    printf("blocks %d, strip %d, sum %lld, best %d, mismatches %d\n", blocks, small_block_col, sum, best, bad);
    for (int c = 0; c < cols; c += 111) printf("%d ", out[c]);
    printf("\n");
    return 0;
}
