// flags: -O3 -std=c++17 --extended-lambda
// More CUB device algorithms: DeviceAdjacentDifference (left/right, copy and in place),
// DeviceTransform with several inputs, DeviceMemcpy::Batched and DeviceCopy::Batched over
// buffers of uneven sizes, DeviceScan::InclusiveScanInit, DeviceReduce::Reduce on a struct,
// DeviceSelect::FlaggedIf, and the CUB iterators CacheModifiedInputIterator/ArgIndexInputIterator.
#include <cub/cub.cuh>
#include <cub/device/device_transform.cuh>
#include <cub/device/device_copy.cuh>
#include <cub/device/device_memcpy.cuh>
#include <cub/iterator/cache_modified_input_iterator.cuh>
#include <cub/iterator/arg_index_input_iterator.cuh>
#include <cuda/std/tuple>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
template <class T> T *up(const std::vector<T> &v) { T *p; cudaMalloc(&p, std::max<size_t>(1, v.size()) * sizeof(T)); cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice); return p; }
template <class T> std::vector<T> down(const T *p, size_t n) { std::vector<T> v(n); cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost); return v; }
static int fails = 0;
static void report(const char *what, bool ok, uint64_t h) { printf("%-40s %s hash=%016llx\n", what, ok ? "ok" : "MISMATCH", (unsigned long long)h); if (!ok) fails++; }

struct Box { int lo, hi; long long area; };
struct BoxJoin { __host__ __device__ Box operator()(const Box &a, const Box &b) const { return {a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi, a.area + b.area}; } };
struct Sq { __device__ int operator()(int a, int b) const { return a * a - b; } };
struct FlagOdd { __device__ bool operator()(char f) const { return f & 1; } };

int main() {
    uint32_t s = 1;
    auto rnd = [&]() { s = s * 1664525u + 1013904223u; return s >> 8; };
    size_t bytes = 0; void *tmp = nullptr;
    auto fresh = [&]() { if (tmp) cudaFree(tmp); tmp = nullptr; bytes = 0; };
    const int N = 40000;
    std::vector<int> h(N); for (auto &x : h) x = (int)(rnd() % 1000);
    int *d = up(h), *o; CK(cudaMalloc(&o, N * 4));
    {
        CK(cub::DeviceAdjacentDifference::SubtractLeftCopy(tmp, bytes, d, o, N, Sq{}));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceAdjacentDifference::SubtractLeftCopy(tmp, bytes, d, o, N, Sq{}));
        auto g = down(o, N); bool ok = g[0] == h[0];
        for (int i = 1; i < N; i++) ok &= g[i] == h[i] * h[i] - h[i - 1];
        report("SubtractLeftCopy custom op", ok, fnv(g.data(), N * 4));
        fresh();
        int *d2 = up(h);
        CK(cub::DeviceAdjacentDifference::SubtractRight(tmp, bytes, d2, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceAdjacentDifference::SubtractRight(tmp, bytes, d2, N));
        g = down(d2, N); ok = g[N - 1] == h[N - 1];
        for (int i = 0; i < N - 1; i++) ok &= g[i] == h[i] - h[i + 1];
        report("SubtractRight in place", ok, fnv(g.data(), N * 4));
        fresh();
    }
    {
        std::vector<float> a(N), b(N); for (int i = 0; i < N; i++) { a[i] = i * 0.5f; b[i] = (i % 9) - 4.0f; }
        float *da = up(a), *db = up(b), *dc; CK(cudaMalloc(&dc, N * 4));
        CK(cub::DeviceTransform::Transform(cuda::std::make_tuple(da, db, d), dc, N, [] __device__(float x, float y, int z) -> float { return x * y + z; }));
        CK(cudaDeviceSynchronize());
        auto g = down(dc, N); bool ok = true;
        for (int i = 0; i < N; i++) ok &= g[i] == a[i] * b[i] + h[i];
        report("DeviceTransform three inputs", ok, fnv(g.data(), N * 4));
    }
    {
        // 50 buffers of sizes 0..~3000 bytes, copied by DeviceMemcpy::Batched
        const int B = 50;
        std::vector<size_t> sizes(B), off(B); size_t tot = 0;
        for (int i = 0; i < B; i++) { sizes[i] = i % 9 == 4 ? 0 : rnd() % 3000; off[i] = tot; tot += (sizes[i] + 15) / 16 * 16; }
        std::vector<unsigned char> src(tot); for (auto &c : src) c = (unsigned char)rnd();
        unsigned char *dsrc = up(src), *ddst; CK(cudaMalloc(&ddst, tot)); CK(cudaMemset(ddst, 0, tot));
        std::vector<void *> ins(B), outs(B);
        for (int i = 0; i < B; i++) { ins[i] = dsrc + off[i]; outs[i] = ddst + (tot - off[i] - (sizes[i] + 15) / 16 * 16); }
        void **dins = up(ins), **douts = up(outs); size_t *dsz = up(sizes);
        CK(cub::DeviceMemcpy::Batched(tmp, bytes, dins, douts, dsz, B));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceMemcpy::Batched(tmp, bytes, dins, douts, dsz, B));
        auto g = down(ddst, tot); bool ok = true;
        for (int i = 0; i < B; i++) ok &= std::equal(src.begin() + off[i], src.begin() + off[i] + sizes[i], g.begin() + (tot - off[i] - (sizes[i] + 15) / 16 * 16));
        report("DeviceMemcpy::Batched 50 buffers", ok, fnv(g.data(), tot));
        fresh();
        // DeviceCopy::Batched of int ranges
        std::vector<int *> ri(B), ro(B); std::vector<int> rs(B); int *pool; CK(cudaMalloc(&pool, N * 4));
        int pos = 0; for (int i = 0; i < B; i++) { rs[i] = (int)(rnd() % 500); ri[i] = d + (rnd() % (N - 500)); ro[i] = pool + pos; pos += rs[i]; }
        int **dri = up(ri), **dro = up(ro); int *drs = up(rs);
        CK(cub::DeviceCopy::Batched(tmp, bytes, dri, dro, drs, B));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceCopy::Batched(tmp, bytes, dri, dro, drs, B));
        auto gp = down(pool, pos); ok = true; int q = 0;
        for (int i = 0; i < B; i++) for (int j = 0; j < rs[i]; j++) ok &= gp[q++] == h[(ri[i] - d) + j];
        report("DeviceCopy::Batched 50 ranges", ok, fnv(gp.data(), pos * 4));
        fresh();
    }
    {
        CK(cub::DeviceScan::InclusiveScanInit(tmp, bytes, d, o, cuda::std::plus<>{}, 1000000, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceScan::InclusiveScanInit(tmp, bytes, d, o, cuda::std::plus<>{}, 1000000, N));
        auto g = down(o, N); bool ok = true; int acc = 1000000;
        for (int i = 0; i < N; i++) { acc += h[i]; ok &= g[i] == acc; }
        report("InclusiveScanInit", ok, fnv(g.data(), N * 4));
        fresh();
    }
    {
        std::vector<Box> bx(N); for (int i = 0; i < N; i++) { int lo = (int)(rnd() % 100000), w = (int)(rnd() % 100); bx[i] = {lo, lo + w, (long long)w * w}; }
        Box *dbx = up(bx), *dr; CK(cudaMalloc(&dr, sizeof(Box)));
        Box init{1 << 30, -(1 << 30), 0};
        CK(cub::DeviceReduce::Reduce(tmp, bytes, dbx, dr, N, BoxJoin{}, init));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceReduce::Reduce(tmp, bytes, dbx, dr, N, BoxJoin{}, init));
        Box g = down(dr, 1)[0], r = init; for (auto &b : bx) r = BoxJoin{}(r, b);
        report("DeviceReduce::Reduce struct", g.lo == r.lo && g.hi == r.hi && g.area == r.area, (uint64_t)g.area);
        fresh();
    }
    {
        std::vector<char> fl(N); for (auto &f : fl) f = (char)(rnd() % 4);
        char *dfl = up(fl); int *dn; CK(cudaMalloc(&dn, 4));
        CK(cub::DeviceSelect::FlaggedIf(tmp, bytes, d, dfl, o, dn, N, FlagOdd{}));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSelect::FlaggedIf(tmp, bytes, d, dfl, o, dn, N, FlagOdd{}));
        int m = down(dn, 1)[0]; auto g = down(o, m);
        std::vector<int> r; for (int i = 0; i < N; i++) if (fl[i] & 1) r.push_back(h[i]);
        report("DeviceSelect::FlaggedIf", m == (int)r.size() && std::equal(r.begin(), r.end(), g.begin()), fnv(g.data(), m * 4));
        fresh();
    }
    {
        cub::CacheModifiedInputIterator<cub::LOAD_LDG, int> it(d);
        int *dsum; CK(cudaMalloc(&dsum, 4));
        CK(cub::DeviceReduce::Sum(tmp, bytes, it, dsum, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceReduce::Sum(tmp, bytes, it, dsum, N));
        int g = down(dsum, 1)[0]; long r = 0; for (int x : h) r += x;
        report("Sum through CacheModifiedInputIterator", g == r, (uint64_t)g);
        fresh();
        cub::ArgIndexInputIterator<int *> ai(d);
        using KV = cub::KeyValuePair<ptrdiff_t, int>;
        KV *dkv; CK(cudaMalloc(&dkv, sizeof(KV)));
        auto maxop = [] __device__(const KV &a, const KV &b) -> KV { return b.value > a.value || (b.value == a.value && b.key < a.key) ? b : a; };
        CK(cub::DeviceReduce::Reduce(tmp, bytes, ai, dkv, N, maxop, KV(-1, -1)));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceReduce::Reduce(tmp, bytes, ai, dkv, N, maxop, KV(-1, -1)));
        KV gk = down(dkv, 1)[0];
        int bi = (int)(std::max_element(h.begin(), h.end()) - h.begin());
        report("Reduce over ArgIndexInputIterator", gk.key == bi && gk.value == h[bi], (uint64_t)gk.key);
        fresh();
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
