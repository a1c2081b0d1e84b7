// Kernels with __syncthreads() in the shapes CUDA programs use them (tests/block_barriers.rs
// runs them on every engine and block shape and checks them against the CUDA semantics).
// Threads are numbered linearly: t = (tid.z * ntid.y + tid.y) * ntid.x + tid.x, n per block.

__device__ unsigned linear_tid() { return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x; }
__device__ unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }

// out[block] = the sum of the block's n inputs: a tree in dynamic shared memory, a barrier per
// level (any n: a thread adds its partner's partial sum while the partner exists).
extern "C" __global__ void block_sum(const unsigned *in, unsigned *out) {
    extern __shared__ unsigned partial[];
    unsigned t = linear_tid(), n = block_threads();
    partial[t] = in[blockIdx.x * n + t];
    __syncthreads();
    for (unsigned s = 1; s < n; s *= 2) {
        if (t % (2 * s) == 0 && t + s < n) partial[t] += partial[t + s];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = partial[0];
}

// `rounds` rounds of: every thread publishes v; after a barrier it reads the value of thread
// (t + r + 1) % n, runs a loop of t % 5 turns on it and mixes it into v by t % 3; a barrier.
extern "C" __global__ void exchange_rounds(const unsigned *in, unsigned *out, int rounds) {
    __shared__ unsigned published[1024];
    unsigned t = linear_tid(), n = block_threads();
    unsigned v = in[blockIdx.x * n + t];
    for (int r = 0; r < rounds; r++) {
        published[t] = v;
        __syncthreads();
        unsigned u = published[(t + r + 1) % n];
        for (unsigned k = 0; k < t % 5; k++) u = u * 3 + k;
        if (t % 3 == 0)
            v = v + u;
        else if (t % 3 == 1)
            v = v ^ (u << 1);
        else
            v = v - u;
        __syncthreads();
    }
    out[blockIdx.x * n + t] = v;
}

// A 5-point stencil on a w x h grid through a shared tile with a one-element halo (the tile
// loaded by a loop over the block's threads, as 2D stencils write it); 2D blocks up to 32x32.
extern "C" __global__ void halo_stencil(const float *in, float *out, int w, int h) {
    __shared__ float tile[34 * 34];
    int tw = blockDim.x + 2, th = blockDim.y + 2;
    int x0 = blockIdx.x * blockDim.x - 1, y0 = blockIdx.y * blockDim.y - 1;
    for (int k = threadIdx.y * blockDim.x + threadIdx.x; k < tw * th; k += blockDim.x * blockDim.y) {
        int gx = x0 + k % tw, gy = y0 + k / tw;
        tile[k] = gx >= 0 && gx < w && gy >= 0 && gy < h ? in[gy * w + gx] : 0.0f;
    }
    __syncthreads();
    int tx = threadIdx.x + 1, ty = threadIdx.y + 1, x = x0 + tx, y = y0 + ty;
    if (x < w && y < h)
        out[y * w + x] = (((tile[ty * tw + tx] + tile[ty * tw + tx - 1]) + tile[ty * tw + tx + 1]) +
                          tile[(ty - 1) * tw + tx]) + tile[(ty + 1) * tw + tx];
}

// c = a * b for n x n matrices through square shared tiles of blockDim.x (up to 32), padded
// with zeros past n.
extern "C" __global__ void tiled_matmul(const float *a, const float *b, float *c, int n) {
    __shared__ float as[32][32], bs[32][32];
    unsigned tile = blockDim.x, tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * tile + ty, col = blockIdx.x * tile + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += tile) {
        as[ty][tx] = row < n && k0 + tx < n ? a[row * n + k0 + tx] : 0.0f;
        bs[ty][tx] = k0 + ty < n && col < n ? b[(k0 + ty) * n + col] : 0.0f;
        __syncthreads();
        for (unsigned k = 0; k < tile; k++) sum += as[ty][k] * bs[k][tx];
        __syncthreads();
    }
    if (row < n && col < n) c[row * n + col] = sum;
}

// out = in transposed (n x n) through a padded shared tile of blockDim.x squared, each thread
// moving blockDim.x / blockDim.y elements (blocks of 32x8, 16x16, 8x8).
extern "C" __global__ void tile_transpose(const float *in, float *out, int n) {
    __shared__ float tile[32][33];
    unsigned size = blockDim.x;
    int x = blockIdx.x * size + threadIdx.x, y = blockIdx.y * size + threadIdx.y;
    for (unsigned j = 0; j < size; j += blockDim.y)
        if (x < n && y + j < n) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * size + threadIdx.x;
    y = blockIdx.x * size + threadIdx.y;
    for (unsigned j = 0; j < size; j += blockDim.y)
        if (x < n && y + j < n) out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Per thread: the block's count of odd inputs, whether every input is below `bound`, whether
// some input is zero (__syncthreads_count/and/or), and its mirror thread's input.
extern "C" __global__ void block_votes(const unsigned *in, unsigned *out, unsigned bound) {
    __shared__ unsigned seen[1024];
    unsigned t = linear_tid(), n = block_threads(), v = in[blockIdx.x * n + t];
    seen[t] = v;
    int odd = __syncthreads_count(v & 1);
    int below = __syncthreads_and(v < bound);
    int zero = __syncthreads_or(v == 0);
    unsigned *o = out + 4 * (blockIdx.x * n + t);
    o[0] = odd;
    o[1] = below;
    o[2] = zero;
    o[3] = seen[n - 1 - t];
}
