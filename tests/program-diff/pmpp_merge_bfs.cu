// flags: -O3 -std=c++17
// PMPP ch.12 (merge: co_rank, basic and tiled merge kernels) and ch.15 (BFS on CSR: vertex-
// centric push, pull, edge-centric, frontier-based with a shared-memory privatized frontier).
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CHK(x) do { cudaError_t _e = (x); if (_e) { printf("%s failed: %s\n", #x, cudaGetErrorString(_e)); return 1; } } while (0)

__host__ __device__ void merge_sequential(const int *A, int m, const int *B, int n, int *C) {
    int i = 0, j = 0, k = 0;
    while (i < m && j < n) {
        if (A[i] <= B[j]) C[k++] = A[i++];
        else C[k++] = B[j++];
    }
    if (i == m) while (j < n) C[k++] = B[j++];
    else while (i < m) C[k++] = A[i++];
}
__host__ __device__ int co_rank(int k, const int *A, int m, const int *B, int n) {
    int i = k < m ? k : m;
    int j = k - i;
    int i_low = 0 > (k - n) ? 0 : k - n;
    int j_low = 0 > (k - m) ? 0 : k - m;
    int delta;
    bool active = true;
    while (active) {
        if (i > 0 && j < n && A[i - 1] > B[j]) {
            delta = ((i - i_low + 1) >> 1);
            j_low = j;
            j = j + delta;
            i = i - delta;
        } else if (j > 0 && i < m && B[j - 1] >= A[i]) {
            delta = ((j - j_low + 1) >> 1);
            i_low = i;
            i = i + delta;
            j = j - delta;
        } else active = false;
    }
    return i;
}
__global__ void merge_basic_kernel(const int *A, int m, const int *B, int n, int *C) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int elementsPerThread = (m + n + blockDim.x * gridDim.x - 1) / (blockDim.x * gridDim.x);
    int k_curr = min(tid * elementsPerThread, m + n);
    int k_next = min((tid + 1) * elementsPerThread, m + n);
    int i_curr = co_rank(k_curr, A, m, B, n);
    int i_next = co_rank(k_next, A, m, B, n);
    int j_curr = k_curr - i_curr;
    int j_next = k_next - i_next;
    merge_sequential(&A[i_curr], i_next - i_curr, &B[j_curr], j_next - j_curr, &C[k_curr]);
}
__global__ void merge_tiled_kernel(const int *A, int m, const int *B, int n, int *C, int tile_size) {
    extern __shared__ int shareAB[];
    int *A_S = &shareAB[0];
    int *B_S = &shareAB[tile_size];
    int C_curr = blockIdx.x * ((m + n + gridDim.x - 1) / gridDim.x);
    int C_next = min((blockIdx.x + 1) * ((m + n + gridDim.x - 1) / gridDim.x), (m + n));
    if (threadIdx.x == 0) {
        A_S[0] = co_rank(C_curr, A, m, B, n);
        A_S[1] = co_rank(C_next, A, m, B, n);
    }
    __syncthreads();
    int A_curr = A_S[0], A_next = A_S[1];
    int B_curr = C_curr - A_curr, B_next = C_next - A_next;
    __syncthreads();
    int counter = 0;
    int C_length = C_next - C_curr, A_length = A_next - A_curr, B_length = B_next - B_curr;
    int total_iteration = (C_length + tile_size - 1) / tile_size;
    int C_completed = 0, A_consumed = 0, B_consumed = 0;
    while (counter < total_iteration) {
        for (int i = 0; i < tile_size; i += blockDim.x)
            if (i + threadIdx.x < A_length - A_consumed) A_S[i + threadIdx.x] = A[A_curr + A_consumed + i + threadIdx.x];
        for (int i = 0; i < tile_size; i += blockDim.x)
            if (i + threadIdx.x < B_length - B_consumed) B_S[i + threadIdx.x] = B[B_curr + B_consumed + i + threadIdx.x];
        __syncthreads();
        int c_curr = threadIdx.x * (tile_size / blockDim.x);
        int c_next = (threadIdx.x + 1) * (tile_size / blockDim.x);
        c_curr = (c_curr <= C_length - C_completed) ? c_curr : C_length - C_completed;
        c_next = (c_next <= C_length - C_completed) ? c_next : C_length - C_completed;
        int a_curr = co_rank(c_curr, A_S, min(tile_size, A_length - A_consumed), B_S, min(tile_size, B_length - B_consumed));
        int b_curr = c_curr - a_curr;
        int a_next = co_rank(c_next, A_S, min(tile_size, A_length - A_consumed), B_S, min(tile_size, B_length - B_consumed));
        int b_next = c_next - a_next;
        merge_sequential(A_S + a_curr, a_next - a_curr, B_S + b_curr, b_next - b_curr, C + C_curr + C_completed + c_curr);
        counter++;
        // the book's co_rank(tile_size, A_S, tile_size, B_S, tile_size) reads past the loaded
        // data on the last tiles; the lengths actually loaded are used instead
        int a_len = min(tile_size, A_length - A_consumed), b_len = min(tile_size, B_length - B_consumed);
        A_consumed += co_rank(min(tile_size, C_length - C_completed), A_S, a_len, B_S, b_len);
        C_completed += tile_size;
        B_consumed = C_completed - A_consumed;
        __syncthreads();
    }
}

struct CSRGraph { int numVertices; int *srcPtrs; int *dst; };
__global__ void bfs_push(CSRGraph g, unsigned *level, unsigned *newVertexVisited, unsigned currLevel) {
    int vertex = blockIdx.x * blockDim.x + threadIdx.x;
    if (vertex < g.numVertices && level[vertex] == currLevel - 1)
        for (int edge = g.srcPtrs[vertex]; edge < g.srcPtrs[vertex + 1]; ++edge) {
            int neighbor = g.dst[edge];
            if (level[neighbor] == 0xFFFFFFFF) {
                level[neighbor] = currLevel;
                *newVertexVisited = 1;
            }
        }
}
__global__ void bfs_pull(CSRGraph g, unsigned *level, unsigned *newVertexVisited, unsigned currLevel) {
    int vertex = blockIdx.x * blockDim.x + threadIdx.x;
    if (vertex < g.numVertices && level[vertex] == 0xFFFFFFFF)
        for (int edge = g.srcPtrs[vertex]; edge < g.srcPtrs[vertex + 1]; ++edge)
            if (level[g.dst[edge]] == currLevel - 1) {
                level[vertex] = currLevel;
                *newVertexVisited = 1;
                break;
            }
}
#define LOCAL_FRONTIER_CAPACITY 64
__global__ void bfs_frontier_private(CSRGraph g, unsigned *level, const int *prevFrontier, int *currFrontier, int numPrev,
                                     int *numCurr, unsigned currLevel) {
    __shared__ int currFrontier_s[LOCAL_FRONTIER_CAPACITY];
    __shared__ int numCurrFrontier_s;
    if (threadIdx.x == 0) numCurrFrontier_s = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < numPrev) {
        int vertex = prevFrontier[i];
        for (int edge = g.srcPtrs[vertex]; edge < g.srcPtrs[vertex + 1]; ++edge) {
            int neighbor = g.dst[edge];
            if (atomicCAS(&level[neighbor], 0xFFFFFFFF, currLevel) == 0xFFFFFFFF) {
                int idx_s = atomicAdd(&numCurrFrontier_s, 1);
                if (idx_s < LOCAL_FRONTIER_CAPACITY) currFrontier_s[idx_s] = neighbor;
                else {
                    numCurrFrontier_s = LOCAL_FRONTIER_CAPACITY;
                    int idx = atomicAdd(numCurr, 1);
                    currFrontier[idx] = neighbor;
                }
            }
        }
    }
    __syncthreads();
    __shared__ int currFrontierStartIdx;
    if (threadIdx.x == 0) currFrontierStartIdx = atomicAdd(numCurr, numCurrFrontier_s);
    __syncthreads();
    for (int j = threadIdx.x; j < numCurrFrontier_s; j += blockDim.x) currFrontier[currFrontierStartIdx + j] = currFrontier_s[j];
}

int main() {
    // merge
    const int m = 10007, n = 7919;
    std::vector<int> A(m), B(n), C(m + n), ref(m + n);
    for (int i = 0; i < m; ++i) A[i] = i * 3 / 2;
    for (int i = 0; i < n; ++i) B[i] = i * 2 + (i % 5 == 0);
    std::merge(A.begin(), A.end(), B.begin(), B.end(), ref.begin());
    int *dA, *dB, *dC;
    CHK(cudaMalloc(&dA, m * 4)); CHK(cudaMalloc(&dB, n * 4)); CHK(cudaMalloc(&dC, (m + n) * 4));
    CHK(cudaMemcpy(dA, A.data(), m * 4, cudaMemcpyHostToDevice));
    CHK(cudaMemcpy(dB, B.data(), n * 4, cudaMemcpyHostToDevice));
    merge_basic_kernel<<<16, 128>>>(dA, m, dB, n, dC);
    CHK(cudaMemcpy(C.data(), dC, (m + n) * 4, cudaMemcpyDeviceToHost));
    printf("merge basic: %s C[9000] %d\n", C == ref ? "ok" : "BAD", C[9000]);
    CHK(cudaMemset(dC, 0, (m + n) * 4));
    int tile = 1024;
    merge_tiled_kernel<<<12, 128, 2 * tile * sizeof(int)>>>(dA, m, dB, n, dC, tile);
    CHK(cudaGetLastError());
    CHK(cudaMemcpy(C.data(), dC, (m + n) * 4, cudaMemcpyDeviceToHost));
    printf("merge tiled: %s C[last] %d\n", C == ref ? "ok" : "BAD", C[m + n - 1]);
    // BFS on a grid graph with shortcuts
    const int W = 60, V = W * W;
    std::vector<std::vector<int>> adj(V);
    for (int y = 0; y < W; ++y)
        for (int x = 0; x < W; ++x) {
            int v = y * W + x;
            if (x + 1 < W) { adj[v].push_back(v + 1); adj[v + 1].push_back(v); }
            if (y + 1 < W) { adj[v].push_back(v + W); adj[v + W].push_back(v); }
            if (v % 97 == 0 && v + 1234 < V) { adj[v].push_back(v + 1234); adj[v + 1234].push_back(v); }
        }
    std::vector<int> ptr(V + 1, 0), dst;
    for (int v = 0; v < V; ++v) { ptr[v + 1] = ptr[v] + adj[v].size(); for (int u : adj[v]) dst.push_back(u); }
    std::vector<unsigned> lref(V, 0xFFFFFFFF);
    std::vector<int> q{0};
    lref[0] = 0;
    for (size_t h = 0; h < q.size(); ++h) for (int u : adj[q[h]]) if (lref[u] == 0xFFFFFFFF) { lref[u] = lref[q[h]] + 1; q.push_back(u); }
    CSRGraph g{V, nullptr, nullptr};
    CHK(cudaMalloc(&g.srcPtrs, (V + 1) * 4)); CHK(cudaMalloc(&g.dst, dst.size() * 4));
    CHK(cudaMemcpy(g.srcPtrs, ptr.data(), (V + 1) * 4, cudaMemcpyHostToDevice));
    CHK(cudaMemcpy(g.dst, dst.data(), dst.size() * 4, cudaMemcpyHostToDevice));
    unsigned *level, *flag;
    CHK(cudaMalloc(&level, V * 4)); CHK(cudaMallocManaged(&flag, 4));
    std::vector<unsigned> lv(V);
    for (int variant = 0; variant < 2; ++variant) {
        CHK(cudaMemset(level, 0xff, V * 4));
        CHK(cudaMemset(level, 0, 4));
        unsigned cur = 1;
        for (;; ++cur) {
            *flag = 0;
            if (variant == 0) bfs_push<<<(V + 127) / 128, 128>>>(g, level, flag, cur);
            else bfs_pull<<<(V + 127) / 128, 128>>>(g, level, flag, cur);
            CHK(cudaDeviceSynchronize());
            if (!*flag) break;
        }
        CHK(cudaMemcpy(lv.data(), level, V * 4, cudaMemcpyDeviceToHost));
        printf("bfs %s: %s levels %u max %u\n", variant ? "pull" : "push", lv == lref ? "ok" : "BAD", cur - 1, *std::max_element(lv.begin(), lv.end()));
    }
    int *f0, *f1, *numCurr;
    CHK(cudaMalloc(&f0, V * 4)); CHK(cudaMalloc(&f1, V * 4)); CHK(cudaMallocManaged(&numCurr, 4));
    CHK(cudaMemset(level, 0xff, V * 4)); CHK(cudaMemset(level, 0, 4)); CHK(cudaMemset(f0, 0, 4));
    int numPrev = 1, iters = 0;
    unsigned cur = 1;
    while (numPrev > 0) {
        *numCurr = 0;
        bfs_frontier_private<<<(numPrev + 127) / 128, 128>>>(g, level, f0, f1, numPrev, numCurr, cur++);
        CHK(cudaDeviceSynchronize());
        numPrev = *numCurr;
        std::swap(f0, f1);
        ++iters;
    }
    CHK(cudaMemcpy(lv.data(), level, V * 4, cudaMemcpyDeviceToHost));
    printf("bfs frontier: %s iterations %d\n", lv == lref ? "ok" : "BAD", iters);
    return 0;
}
