// flags: -O3 -std=c++17
// An application pipeline captured into a CUDA graph: CUB temp-storage queries done outside,
// then radix sort + reduce-by-key + exclusive scan + select captured on a stream, the graph
// instantiated once and launched for several input batches (updated in place between launches);
// the same work run eagerly on the stream must give the same bytes.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
static uint64_t fnv(const void *p, size_t n, uint64_t h = 1469598103934665603ull) { const unsigned char *b = (const unsigned char *)p; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
struct Big { __host__ __device__ bool operator()(int x) const { return x > 40; } };

struct Work {
    int n; unsigned *keys, *keys_s; int *vals, *vals_s, *ukeys_dummy; unsigned *ukeys; int *sums, *nruns, *scan, *sel, *nsel;
    void *tmp; size_t tmp_bytes;
};

static cudaError_t enqueue(Work &w, cudaStream_t s) {
    size_t b = w.tmp_bytes; cudaError_t e;
    if ((e = cub::DeviceRadixSort::SortPairs(w.tmp, b, w.keys, w.keys_s, w.vals, w.vals_s, w.n, 0, 12, s))) return e;
    b = w.tmp_bytes;
    if ((e = cub::DeviceReduce::ReduceByKey(w.tmp, b, w.keys_s, w.ukeys, w.vals_s, w.sums, w.nruns, cuda::std::plus<>{}, w.n, s))) return e;
    b = w.tmp_bytes;
    if ((e = cub::DeviceScan::ExclusiveSum(w.tmp, b, w.sums, w.scan, w.n, s))) return e;
    b = w.tmp_bytes;
    return cub::DeviceSelect::If(w.tmp, b, w.vals_s, w.sel, w.nsel, w.n, Big{}, s);
}

static void fill(std::vector<unsigned> &k, std::vector<int> &v, uint32_t seed) {
    for (size_t i = 0; i < k.size(); i++) { seed = seed * 1664525u + 1013904223u; k[i] = (seed >> 8) % 4096; v[i] = (int)((seed >> 3) % 50); }
}

static uint64_t digest(Work &w, int *runs_out) {
    int runs, nsel; cudaMemcpy(&runs, w.nruns, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&nsel, w.nsel, 4, cudaMemcpyDeviceToHost);
    std::vector<unsigned> uk(runs); std::vector<int> su(runs), sc(runs), se(nsel);
    cudaMemcpy(uk.data(), w.ukeys, runs * 4, cudaMemcpyDeviceToHost); cudaMemcpy(su.data(), w.sums, runs * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(sc.data(), w.scan, runs * 4, cudaMemcpyDeviceToHost); cudaMemcpy(se.data(), w.sel, nsel * 4, cudaMemcpyDeviceToHost);
    *runs_out = runs;
    return fnv(se.data(), nsel * 4, fnv(sc.data(), runs * 4, fnv(su.data(), runs * 4, fnv(uk.data(), runs * 4))));
}

int main() {
    const int N = 60000;
    Work w{}; w.n = N;
    CK(cudaMalloc(&w.keys, N * 4)); CK(cudaMalloc(&w.keys_s, N * 4)); CK(cudaMalloc(&w.vals, N * 4)); CK(cudaMalloc(&w.vals_s, N * 4));
    CK(cudaMalloc(&w.ukeys, N * 4)); CK(cudaMalloc(&w.sums, N * 4)); CK(cudaMalloc(&w.nruns, 4)); CK(cudaMalloc(&w.scan, N * 4));
    CK(cudaMalloc(&w.sel, N * 4)); CK(cudaMalloc(&w.nsel, 4));
    // the largest temp-storage requirement of the four
    size_t b1 = 0, b2 = 0, b3 = 0, b4 = 0;
    CK(cub::DeviceRadixSort::SortPairs(nullptr, b1, w.keys, w.keys_s, w.vals, w.vals_s, N, 0, 12));
    CK(cub::DeviceReduce::ReduceByKey(nullptr, b2, w.keys_s, w.ukeys, w.vals_s, w.sums, w.nruns, cuda::std::plus<>{}, N));
    CK(cub::DeviceScan::ExclusiveSum(nullptr, b3, w.sums, w.scan, N));
    CK(cub::DeviceSelect::If(nullptr, b4, w.vals_s, w.sel, w.nsel, N, Big{}));
    w.tmp_bytes = std::max(std::max(b1, b2), std::max(b3, b4));
    CK(cudaMalloc(&w.tmp, w.tmp_bytes));
    cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CK(enqueue(w, s));
    cudaGraph_t g; CK(cudaStreamEndCapture(s, &g));
    size_t nodes = 0; CK(cudaGraphGetNodes(g, nullptr, &nodes));
    cudaGraphExec_t ge; CK(cudaGraphInstantiate(&ge, g, 0));
    printf("captured graph: nodes>0 %d\n", nodes > 0);
    std::vector<unsigned> hk(N); std::vector<int> hv(N);
    for (int batch = 0; batch < 4; batch++) {
        fill(hk, hv, 1000 + batch);
        CK(cudaMemcpyAsync(w.keys, hk.data(), N * 4, cudaMemcpyHostToDevice, s));
        CK(cudaMemcpyAsync(w.vals, hv.data(), N * 4, cudaMemcpyHostToDevice, s));
        CK(cudaGraphLaunch(ge, s));
        CK(cudaStreamSynchronize(s));
        int runs; uint64_t dg = digest(w, &runs);
        // eager run of the same batch
        CK(cudaMemcpy(w.keys, hk.data(), N * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(w.vals, hv.data(), N * 4, cudaMemcpyHostToDevice));
        CK(enqueue(w, s)); CK(cudaStreamSynchronize(s));
        int runs2; uint64_t de = digest(w, &runs2);
        // host reference
        std::vector<int> idx(N); for (int i = 0; i < N; i++) idx[i] = i;
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return hk[a] < hk[b]; });
        std::vector<unsigned> uk; std::vector<int> su, sel;
        for (int j = 0; j < N; j++) { int i = idx[j]; if (uk.empty() || uk.back() != hk[i]) { uk.push_back(hk[i]); su.push_back(0); } su.back() += hv[i]; if (hv[i] > 40) sel.push_back(hv[i]); }
        std::vector<int> sc(su.size()); int acc = 0; for (size_t i = 0; i < su.size(); i++) { sc[i] = acc; acc += su[i]; }
        uint64_t dr = fnv(sel.data(), sel.size() * 4, fnv(sc.data(), sc.size() * 4, fnv(su.data(), su.size() * 4, fnv(uk.data(), uk.size() * 4))));
        printf("batch %d: runs=%d graph=%016llx eager %s host %s\n", batch, runs, (unsigned long long)dg, de == dg && runs2 == runs ? "same" : "DIFFERENT", dr == dg ? "same" : "DIFFERENT");
    }
    CK(cudaGraphExecDestroy(ge)); CK(cudaGraphDestroy(g)); CK(cudaStreamDestroy(s));
    return 0;
}
