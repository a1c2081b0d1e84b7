// flags: -O3 -arch=sm_80
// GPU-Puzzles-style exercises (srush/GPU-Puzzles, and its CUDA ports such as
// LeetGPU/"gpu-puzzles-cuda"): each puzzle's kernel written the way the exercises expect, with
// their tiny, awkward launch shapes (more threads than data, 2D blocks smaller than the data,
// several blocks with a per-block shared cache): map, zip, guard, 2D map with guard, broadcast,
// blocks, shared-memory map, pooling (sum of the last 3), dot product (shared reduction per
// block), 1D convolution with a shared tile plus halo, prefix sum (naive Hillis-Steele with a
// double buffer), axis sum, tiled matmul with TPB x TPB tiles and a guard on ragged edges.
// Integers and exact small floats: results must match the host reference exactly.
#include <cstdio>
#include <vector>
#define TPB 8

__global__ void map_add10(const float *a, float *out, int size)
{
    int local_i = threadIdx.x;
    if (local_i < size) out[local_i] = a[local_i] + 10;
}
__global__ void zip(const float *a, const float *b, float *out, int size)
{
    int i = threadIdx.x;
    if (i < size) out[i] = a[i] + b[i];
}
__global__ void map2d(const float *a, float *out, int size)
{
    int i = threadIdx.x, j = threadIdx.y;
    if (i < size && j < size) out[i * size + j] = a[i * size + j] + 10;
}
__global__ void broadcast(const float *a, const float *b, float *out, int size)
{
    int i = threadIdx.x, j = threadIdx.y;
    if (i < size && j < size) out[i * size + j] = a[i] + b[j];
}
__global__ void blocks(const float *a, float *out, int size)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < size) out[i] = a[i] + 10;
}
__global__ void blocks2d(const float *a, float *out, int size)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < size && j < size) out[i * size + j] = a[i * size + j] + 10;
}
__global__ void shared_map(const float *a, float *out, int size)
{
    __shared__ float shared[TPB];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int local_i = threadIdx.x;
    if (i < size) shared[local_i] = a[i];
    __syncthreads();
    if (i < size) out[i] = shared[local_i] + 10;
}
__global__ void pooling(const float *a, float *out, int size)
{
    __shared__ float shared[TPB];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int local_i = threadIdx.x;
    if (i < size) shared[local_i] = a[i];
    __syncthreads();
    if (i < size) {
        float s = shared[local_i];
        if (local_i >= 1) s += shared[local_i - 1];
        if (local_i >= 2) s += shared[local_i - 2];
        out[i] = s;
    }
}
__global__ void dot(const float *a, const float *b, float *out, int size)
{
    __shared__ float shared[TPB];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int local_i = threadIdx.x;
    shared[local_i] = i < size ? a[i] * b[i] : 0.0f;
    __syncthreads();
    for (int stride = TPB / 2; stride > 0; stride /= 2) {
        if (local_i < stride) shared[local_i] += shared[local_i + stride];
        __syncthreads();
    }
    if (local_i == 0) out[blockIdx.x] = shared[0];
}
#define MAX_CONV 4
__global__ void conv1d(const float *a, const float *b, float *out, int a_size, int b_size)
{
    __shared__ float shared_a[TPB + MAX_CONV];
    __shared__ float shared_b[MAX_CONV];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int local_i = threadIdx.x;
    shared_a[local_i] = i < a_size ? a[i] : 0.0f;
    if (local_i < b_size) {
        shared_b[local_i] = b[local_i];
        int k = i + TPB;
        shared_a[local_i + TPB] = k < a_size ? a[k] : 0.0f;
    }
    __syncthreads();
    if (i < a_size) {
        float acc = 0;
        for (int k = 0; k < b_size; k++) acc += shared_a[local_i + k] * shared_b[k];
        out[i] = acc;
    }
}
__global__ void prefix_sum_block(const float *a, float *out, int size)
{
    __shared__ float buf[2][TPB];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int local_i = threadIdx.x;
    int cur = 0;
    buf[cur][local_i] = i < size ? a[i] : 0.0f;
    __syncthreads();
    for (int off = 1; off < TPB; off *= 2) {
        float v = buf[cur][local_i];
        if (local_i >= off) v += buf[cur][local_i - off];
        buf[1 - cur][local_i] = v;
        cur = 1 - cur;
        __syncthreads();
    }
    if (local_i == TPB - 1) out[blockIdx.x] = buf[cur][local_i];
}
__global__ void axis_sum(const float *a, float *out, int size)
{
    __shared__ float cache[TPB];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int local_i = threadIdx.x;
    int batch = blockIdx.y;
    cache[local_i] = i < size ? a[batch * size + i] : 0.0f;
    __syncthreads();
    for (int p = 1; p < TPB; p *= 2) {
        float v = 0;
        if (local_i % (2 * p) == 0 && local_i + p < TPB) v = cache[local_i + p];
        __syncthreads();
        if (local_i % (2 * p) == 0) cache[local_i] += v;
        __syncthreads();
    }
    if (local_i == 0) out[batch] = cache[0];
}
__global__ void matmul(const float *a, const float *b, float *out, int size)
{
    __shared__ float a_shared[TPB][TPB];
    __shared__ float b_shared[TPB][TPB];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    int local_i = threadIdx.x, local_j = threadIdx.y;
    float acc = 0;
    for (int k = 0; k < size; k += TPB) {
        a_shared[local_i][local_j] = (i < size && k + local_j < size) ? a[i * size + k + local_j] : 0.0f;
        b_shared[local_i][local_j] = (j < size && k + local_i < size) ? b[(k + local_i) * size + j] : 0.0f;
        __syncthreads();
        for (int l = 0; l < TPB; l++) acc += a_shared[local_i][l] * b_shared[l][local_j];
        __syncthreads();
    }
    if (i < size && j < size) out[i * size + j] = acc;
}

static int fails = 0;
static void check(const char *name, const std::vector<float> &got, const std::vector<float> &want)
{
    int bad = 0;
    double sum = 0;
    for (size_t k = 0; k < want.size(); k++) {
        bad += got[k] != want[k];
        sum += got[k];
    }
    printf("%-10s n=%zu sum %.9g first %g last %g %s\n", name, want.size(), sum, got[0], got.back(), bad ? "WRONG" : "ok");
    fails += bad != 0;
}
static float *up(const std::vector<float> &h)
{
    float *d;
    cudaMalloc(&d, h.size() * sizeof(float));
    cudaMemcpy(d, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice);
    return d;
}
static std::vector<float> down(const float *d, size_t n)
{
    std::vector<float> h(n);
    cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
    return h;
}
static std::vector<float> iota(int n, int mul = 1)
{
    std::vector<float> v(n);
    for (int i = 0; i < n; i++) v[i] = (float)((i * mul) % 13);
    return v;
}

int main()
{
    float *d_out;
    cudaMalloc(&d_out, 4096 * sizeof(float));
    {   // map, zip: more threads than elements
        auto a = iota(4), b = iota(4, 3);
        float *da = up(a), *db = up(b);
        map_add10<<<1, 8>>>(da, d_out, 4);
        std::vector<float> w(4);
        for (int i = 0; i < 4; i++) w[i] = a[i] + 10;
        check("map", down(d_out, 4), w);
        zip<<<1, 8>>>(da, db, d_out, 4);
        for (int i = 0; i < 4; i++) w[i] = a[i] + b[i];
        check("zip", down(d_out, 4), w);
        cudaFree(da); cudaFree(db);
    }
    {   // map2d, broadcast: a 3x3 block over 2x2 data
        auto a = iota(4, 5), b = iota(2, 7);
        float *da = up(a), *db = up(b);
        map2d<<<1, dim3(3, 3)>>>(da, d_out, 2);
        std::vector<float> w(4);
        for (int i = 0; i < 4; i++) w[i] = a[i] + 10;
        check("map2d", down(d_out, 4), w);
        broadcast<<<1, dim3(3, 3)>>>(da, db, d_out, 2);
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) w[i * 2 + j] = a[i] + b[j];
        check("broadcast", down(d_out, 4), w);
        cudaFree(da); cudaFree(db);
    }
    {   // blocks, blocks2d, shared, pooling: blocks smaller than the data
        auto a = iota(9, 2);
        float *da = up(a);
        std::vector<float> w(9);
        blocks<<<3, 4>>>(da, d_out, 9);
        for (int i = 0; i < 9; i++) w[i] = a[i] + 10;
        check("blocks", down(d_out, 9), w);
        shared_map<<<2, TPB>>>(da, d_out, 9);
        check("shared", down(d_out, 9), w);
        pooling<<<2, TPB>>>(da, d_out, 9);
        for (int i = 0; i < 9; i++) {
            int li = i % TPB;
            w[i] = a[i] + (li >= 1 ? a[i - 1] : 0) + (li >= 2 ? a[i - 2] : 0);
        }
        check("pooling", down(d_out, 9), w);
        auto m = iota(25, 4);
        float *dm = up(m);
        blocks2d<<<dim3(2, 2), dim3(3, 3)>>>(dm, d_out, 5);
        std::vector<float> w2(25);
        for (int i = 0; i < 25; i++) w2[i] = m[i] + 10;
        check("blocks2d", down(d_out, 25), w2);
        cudaFree(da); cudaFree(dm);
    }
    {   // dot, prefix sum, axis sum over several blocks
        const int n = 29;
        auto a = iota(n, 3), b = iota(n, 5);
        float *da = up(a), *db = up(b);
        int nb = (n + TPB - 1) / TPB;
        dot<<<nb, TPB>>>(da, db, d_out, n);
        std::vector<float> w(nb, 0);
        for (int i = 0; i < n; i++) w[i / TPB] += a[i] * b[i];
        check("dot", down(d_out, nb), w);
        prefix_sum_block<<<nb, TPB>>>(da, d_out, n);
        std::fill(w.begin(), w.end(), 0.0f);
        for (int i = 0; i < n; i++) w[i / TPB] += a[i];
        check("prefix", down(d_out, nb), w);
        auto batch = iota(4 * 6, 7);
        float *dbt = up(batch);
        axis_sum<<<dim3(1, 4), TPB>>>(dbt, d_out, 6);
        std::vector<float> ws(4, 0);
        for (int r = 0; r < 4; r++)
            for (int i = 0; i < 6; i++) ws[r] += batch[r * 6 + i];
        check("axis_sum", down(d_out, 4), ws);
        cudaFree(da); cudaFree(db); cudaFree(dbt);
    }
    {   // conv1d with a 4-wide kernel and a ragged last block
        const int n = 15, k = 4;
        auto a = iota(n, 2), b = iota(k, 3);
        float *da = up(a), *db = up(b);
        conv1d<<<(n + TPB - 1) / TPB, TPB>>>(da, db, d_out, n, k);
        std::vector<float> w(n, 0);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < k; j++)
                if (i + j < n) w[i] += a[i + j] * b[j];
        check("conv1d", down(d_out, n), w);
        cudaFree(da); cudaFree(db);
    }
    {   // matmul with tiles over a 19x19 matrix
        const int n = 19;
        auto a = iota(n * n, 3), b = iota(n * n, 5);
        float *da = up(a), *db = up(b);
        dim3 grid((n + TPB - 1) / TPB, (n + TPB - 1) / TPB);
        matmul<<<grid, dim3(TPB, TPB)>>>(da, db, d_out, n);
        std::vector<float> w(n * n, 0);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                for (int l = 0; l < n; l++) w[i * n + j] += a[i * n + l] * b[l * n + j];
        check("matmul", down(d_out, n * n), w);
        cudaFree(da); cudaFree(db);
    }
    cudaFree(d_out);
    printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails ? 1 : 0;
}
