// flags: -O3 -std=c++17
// CUB device radix sorts as applications call them: a temp-storage query, then the sort; partial
// bit ranges, descending keys, DoubleBuffer, float keys with signed zeros, 8/16/64-bit keys.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
static uint32_t rng(uint32_t &s) { s = s * 1664525u + 1013904223u; return s >> 7; }

template <class T> struct Dev {
    T *p = nullptr; size_t n = 0;
    explicit Dev(size_t n_) : n(n_) { cudaMalloc(&p, n * sizeof(T)); }
    ~Dev() { cudaFree(p); }
    void put(const std::vector<T> &v) { cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice); }
    std::vector<T> get() const { std::vector<T> v(n); cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost); return v; }
};

static int fails = 0;
static void report(const char *what, bool ok, uint64_t h) { printf("%-34s %s hash=%016llx\n", what, ok ? "ok" : "MISMATCH", (unsigned long long)h); if (!ok) fails++; }

int main() {
    const int N = 70001;
    uint32_t s = 12345;
    std::vector<uint32_t> k(N); std::vector<int> v(N);
    for (int i = 0; i < N; i++) { k[i] = rng(s) ^ (rng(s) << 20); v[i] = i; }

    // 1. SortPairs on bits [4, 20): only those bits order; stable among equal sub-keys
    {
        Dev<uint32_t> ki(N), ko(N); Dev<int> vi(N), vo(N); ki.put(k); vi.put(v);
        size_t bytes = 0; void *tmp = nullptr;
        CK(cub::DeviceRadixSort::SortPairs(tmp, bytes, ki.p, ko.p, vi.p, vo.p, N, 4, 20));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceRadixSort::SortPairs(tmp, bytes, ki.p, ko.p, vi.p, vo.p, N, 4, 20));
        CK(cudaDeviceSynchronize());
        auto gk = ko.get(); auto gv = vo.get();
        std::vector<int> idx(N); for (int i = 0; i < N; i++) idx[i] = i;
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return ((k[a] >> 4) & 0xffff) < ((k[b] >> 4) & 0xffff); });
        bool ok = true; for (int i = 0; i < N; i++) ok &= gv[i] == idx[i] && gk[i] == k[idx[i]];
        report("SortPairs bits[4,20)", ok, fnv(gv.data(), N * 4));
        printf("  first values %d %d %d last %d\n", gv[0], gv[1], gv[2], gv[N - 1]);
        CK(cudaFree(tmp));
    }
    // 2. SortKeysDescending, whole key and bits [8,32)
    for (int begin : {0, 8}) {
        Dev<uint32_t> ki(N), ko(N); ki.put(k);
        size_t bytes = 0; void *tmp = nullptr;
        CK(cub::DeviceRadixSort::SortKeysDescending(tmp, bytes, ki.p, ko.p, N, begin, 32));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceRadixSort::SortKeysDescending(tmp, bytes, ki.p, ko.p, N, begin, 32));
        auto g = ko.get();
        std::vector<uint32_t> r = k;
        std::stable_sort(r.begin(), r.end(), [&](uint32_t a, uint32_t b) { return (a >> begin) > (b >> begin); });
        char name[64]; snprintf(name, sizeof name, "SortKeysDescending begin=%d", begin);
        report(name, g == r, fnv(g.data(), N * 4));
        CK(cudaFree(tmp));
    }
    // 3. DoubleBuffer pairs with 64-bit keys, descending, and the selector afterwards
    {
        const int M = 5000;
        std::vector<uint64_t> k64(M); std::vector<float> f(M);
        for (int i = 0; i < M; i++) { k64[i] = ((uint64_t)rng(s) << 40) ^ ((uint64_t)rng(s) << 13) ^ (i % 7); f[i] = 0.5f * i; }
        Dev<uint64_t> a(M), b(M); Dev<float> fa(M), fb(M); a.put(k64); fa.put(f);
        cub::DoubleBuffer<uint64_t> kb(a.p, b.p); cub::DoubleBuffer<float> vb(fa.p, fb.p);
        size_t bytes = 0; void *tmp = nullptr;
        CK(cub::DeviceRadixSort::SortPairsDescending(tmp, bytes, kb, vb, M));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceRadixSort::SortPairsDescending(tmp, bytes, kb, vb, M));
        std::vector<uint64_t> gk(M); std::vector<float> gv(M);
        CK(cudaMemcpy(gk.data(), kb.Current(), M * 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(gv.data(), vb.Current(), M * 4, cudaMemcpyDeviceToHost));
        std::vector<int> idx(M); for (int i = 0; i < M; i++) idx[i] = i;
        std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) { return k64[x] > k64[y]; });
        bool ok = true; for (int i = 0; i < M; i++) ok &= gk[i] == k64[idx[i]] && gv[i] == f[idx[i]];
        report("DoubleBuffer u64 pairs desc", ok, fnv(gk.data(), M * 8) ^ fnv(gv.data(), M * 4));
        printf("  selector=%d\n", kb.selector);
        CK(cudaFree(tmp));
    }
    // 4. float keys: negatives, -0.0 and +0.0 (CUB sorts them as equal keys: stable order), infinities
    {
        const int M = 4099;
        std::vector<float> fk(M); std::vector<int> fv(M);
        for (int i = 0; i < M; i++) {
            int r = rng(s) % 100;
            fk[i] = r < 5 ? -0.0f : r < 10 ? 0.0f : r < 12 ? -INFINITY : r < 14 ? INFINITY : ((int)(rng(s) % 20001) - 10000) * 0.125f;
            fv[i] = i;
        }
        Dev<float> ki(M), ko(M); Dev<int> vi(M), vo(M); ki.put(fk); vi.put(fv);
        size_t bytes = 0; void *tmp = nullptr;
        CK(cub::DeviceRadixSort::SortPairs(tmp, bytes, ki.p, ko.p, vi.p, vo.p, M));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceRadixSort::SortPairs(tmp, bytes, ki.p, ko.p, vi.p, vo.p, M));
        auto gk = ko.get(); auto gv = vo.get();
        auto rank = [](float x) { if (x == 0.0f) x = 0.0f; uint32_t u; memcpy(&u, &x, 4); return (u & 0x80000000u) ? ~u : (u | 0x80000000u); };
        std::vector<int> idx(M); for (int i = 0; i < M; i++) idx[i] = i;
        std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) { return rank(fk[x]) < rank(fk[y]); });
        bool ok = true; for (int i = 0; i < M; i++) ok &= gv[i] == idx[i];
        int firstpz = -1, lastnz = -1;
        for (int i = 0; i < M; i++) { if (gk[i] == 0.0f && !std::signbit(gk[i]) && firstpz < 0) firstpz = i; if (gk[i] == 0.0f && std::signbit(gk[i])) lastnz = i; }
        report("float keys with -0/+0/inf", ok, fnv(gv.data(), M * 4));
        printf("  last -0 at %d, first +0 at %d, min %g max %g\n", lastnz, firstpz, gk[0], gk[M - 1]);
        CK(cudaFree(tmp));
    }
    // 5. 8-bit and 16-bit signed keys
    {
        const int M = 30000;
        std::vector<int8_t> c(M); std::vector<int16_t> h(M);
        for (int i = 0; i < M; i++) { c[i] = (int8_t)rng(s); h[i] = (int16_t)rng(s); }
        Dev<int8_t> ci(M), co(M); Dev<int16_t> hi(M), ho(M); ci.put(c); hi.put(h);
        size_t b1 = 0, b2 = 0; void *tmp = nullptr;
        CK(cub::DeviceRadixSort::SortKeys(tmp, b1, ci.p, co.p, M));
        CK(cub::DeviceRadixSort::SortKeysDescending(tmp, b2, hi.p, ho.p, M));
        CK(cudaMalloc(&tmp, std::max(b1, b2)));
        CK(cub::DeviceRadixSort::SortKeys(tmp, b1, ci.p, co.p, M));
        CK(cub::DeviceRadixSort::SortKeysDescending(tmp, b2, hi.p, ho.p, M));
        auto gc = co.get(); auto gh = ho.get();
        std::sort(c.begin(), c.end()); std::sort(h.begin(), h.end(), std::greater<int16_t>());
        report("int8 keys ascending", gc == c, fnv(gc.data(), M));
        report("int16 keys descending", gh == h, fnv(gh.data(), 2 * M));
        CK(cudaFree(tmp));
    }
    // 6. empty input and a one-element input: temp-storage query still answers
    {
        size_t bytes = 123; void *tmp = nullptr;
        CK(cub::DeviceRadixSort::SortKeys(tmp, bytes, (const int *)nullptr, (int *)nullptr, 0));
        printf("empty sort temp bytes nonzero=%d\n", bytes > 0);
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
