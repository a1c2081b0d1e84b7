// A bottom-up merge sort of (key, index) pairs across kernel launches, using the merge-path
// partitioning of the GPU literature: each block finds its diagonal split of the two runs by a
// binary search, then its threads merge their ranges sequentially; stable (ties take the left
// run first). Run sizes double from a per-block insertion sort of 64 elements; n = 100003
// (runs of uneven length at the end). Checked against std::stable_sort.
#include <cstdio>
#include <vector>
#include <algorithm>

struct KV { int key; int idx; };

__global__ void sort_tiles(KV* a, int n) {
    __shared__ KV t[64];
    int base = blockIdx.x * 64, i = threadIdx.x;
    if (base + i < n) t[i] = a[base + i];
    __syncthreads();
    if (i == 0) {
        int m = min(64, n - base);
        for (int p = 1; p < m; ++p) { KV v = t[p]; int q = p - 1; while (q >= 0 && t[q].key > v.key) { t[q + 1] = t[q]; --q; } t[q + 1] = v; }
    }
    __syncthreads();
    if (base + i < n) a[base + i] = t[i];
}

// the number of elements taken from A among the first `diag` outputs of merging A and B (stable)
__device__ int merge_path(const KV* A, int na, const KV* B, int nb, int diag) {
    int lo = max(0, diag - nb), hi = min(diag, na);
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (A[mid].key <= B[diag - 1 - mid].key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

__global__ void merge_pass(const KV* __restrict__ in, KV* __restrict__ out, int n, int width, int per_thread) {
    // each pair of runs gets ceil(2 * width / per_thread) threads, each merging per_thread outputs
    int per_pair = (2 * width + per_thread - 1) / per_thread;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int pair = t / per_pair, start = pair * 2 * width;
    if (start >= n) return;
    const KV* A = in + start;
    int na = min(width, n - start), nb = max(0, min(width, n - start - width));
    const KV* B = A + na;
    int d0 = (t % per_pair) * per_thread, d1 = min(d0 + per_thread, na + nb);
    if (d0 >= d1) return;
    int ia = merge_path(A, na, B, nb, d0), ib = d0 - ia;
    for (int d = d0; d < d1; ++d) {
        bool takeA = ib >= nb || (ia < na && A[ia].key <= B[ib].key);
        out[start + d] = takeA ? A[ia++] : B[ib++];
    }
}

int main() {
    const int n = 100003;
    std::vector<KV> h(n);
    unsigned s = 77;
    for (int i = 0; i < n; ++i) { s = s * 1103515245u + 12345u; h[i] = {(int)((s >> 10) % 5000) - 2500, i}; }
    KV *a, *b;
    cudaMalloc(&a, n * sizeof(KV)); cudaMalloc(&b, n * sizeof(KV));
    cudaMemcpy(a, h.data(), n * sizeof(KV), cudaMemcpyHostToDevice);
    sort_tiles<<<(n + 63) / 64, 64>>>(a, n);
    int passes = 0;
    for (int width = 64; width < n; width *= 2, ++passes) {
        const int per = 37;   // an odd number of outputs per thread
        int pairs = (n + 2 * width - 1) / (2 * width), threads = pairs * ((2 * width + per - 1) / per);
        merge_pass<<<(threads + 127) / 128, 128>>>(a, b, n, width, per);
        std::swap(a, b);
    }
    std::vector<KV> o(n);
    cudaMemcpy(o.data(), a, n * sizeof(KV), cudaMemcpyDeviceToHost);
    std::stable_sort(h.begin(), h.end(), [](KV x, KV y) { return x.key < y.key; });
    int bad = 0; long long chk = 0;
    for (int i = 0; i < n; ++i) { bad += o[i].key != h[i].key || o[i].idx != h[i].idx; chk += (long long)o[i].idx * (i % 1000); }
    printf("merge passes %d, mismatches %d, checksum %lld, first (%d,%d) last (%d,%d) (%s)\n", passes, bad, chk, o[0].key, o[0].idx, o[n - 1].key, o[n - 1].idx,
           cudaGetErrorName(cudaGetLastError()));
    return 0;
}
