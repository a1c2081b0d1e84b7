// flags: -O3 -std=c++17
// thrust::sort over many key types and sizes (radix paths: 8/16/32/64-bit, float, double with
// signed zeros; merge path: comparators, struct keys), sort_by_key with 64-bit values, a
// million-key sort, stable_sort with greater<>, is_sorted checks.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/functional.h>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>
#include <algorithm>
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
static uint64_t st = 88172645463325252ull;
static uint64_t xr() { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
static int fails = 0;

template <class T, class Cmp = thrust::less<T>>
static void check(const char *name, std::vector<T> h, Cmp cmp = Cmp{}) {
    thrust::device_vector<T> d(h.begin(), h.end());
    thrust::sort(d.begin(), d.end(), cmp);
    thrust::host_vector<T> g = d;
    std::stable_sort(h.begin(), h.end(), cmp);
    // equal keys may be ordered differently (e.g. -0/+0), so compare as values, hash the bits
    bool ok = true; for (size_t i = 0; i < h.size(); i++) ok &= !(cmp(h[i], g[i]) || cmp(g[i], h[i]));
    bool sorted = thrust::is_sorted(d.begin(), d.end(), cmp);
    printf("%-28s n=%-8zu %s sorted=%d hash=%016llx\n", name, h.size(), ok ? "ok" : "MISMATCH", sorted, (unsigned long long)fnv(g.data(), g.size() * sizeof(T)));
    fails += !ok;
}

struct Rec { uint32_t key; uint16_t sub; uint8_t flag; };
struct RecLess { __host__ __device__ bool operator()(const Rec &a, const Rec &b) const { return a.key != b.key ? a.key < b.key : a.sub > b.sub; } };
struct AbsLess { __host__ __device__ bool operator()(int a, int b) const { int x = a < 0 ? -a : a, y = b < 0 ? -b : b; return x < y; } };

int main() {
    std::vector<int8_t> a8(50001); for (auto &x : a8) x = (int8_t)xr();
    check("int8", a8);
    std::vector<uint16_t> a16(70000); for (auto &x : a16) x = (uint16_t)xr();
    check("uint16 greater", a16, thrust::greater<uint16_t>());
    std::vector<int> a32(1 << 20); for (auto &x : a32) x = (int)xr();
    check("int32 1M", a32);
    std::vector<uint64_t> a64(300000); for (auto &x : a64) { uint64_t r = xr(); x = r >> (xr() % 40); }
    check("uint64", a64);
    std::vector<float> af(200000);
    for (auto &x : af) { uint64_t r = xr(); x = (r % 10 == 0) ? ((r & 16) ? -0.0f : 0.0f) : (float)((int64_t)(r >> 20) % 100000) / 7.0f; }
    check("float with signed zeros", af);
    std::vector<double> ad(100000);
    for (auto &x : ad) { uint64_t r = xr(); x = (r % 13 == 0) ? -0.0 : (r % 17 == 0) ? 1e300 * (double)(int)(r % 3 - 1) : (double)(int64_t)r / 3.0e12; }
    check("double greater", ad, thrust::greater<double>());
    std::vector<int> ab(100000); for (auto &x : ab) x = (int)(xr() % 20001) - 10000;
    check("int abs comparator", ab, AbsLess{});
    std::vector<Rec> ar(60000); for (auto &r : ar) { uint64_t v = xr(); r = {(uint32_t)(v % 1000), (uint16_t)(v >> 20), (uint8_t)(v >> 40)}; }
    {
        thrust::device_vector<Rec> d(ar.begin(), ar.end());
        thrust::stable_sort(d.begin(), d.end(), RecLess{});
        thrust::host_vector<Rec> g = d;
        std::stable_sort(ar.begin(), ar.end(), RecLess{});
        bool ok = true; uint64_t rh = 0;  // members: Rec has a padding byte
        for (size_t i = 0; i < ar.size(); i++) { ok &= ar[i].key == g[i].key && ar[i].sub == g[i].sub && ar[i].flag == g[i].flag; rh = rh * 1000003 + ((uint64_t)g[i].key << 24 | (uint64_t)g[i].sub << 8 | g[i].flag); }
        printf("%-28s n=%-8zu %s hash=%016llx\n", "struct stable_sort", ar.size(), ok ? "ok" : "MISMATCH", (unsigned long long)rh);
        fails += !ok;
    }
    {
        const int N = 400000;
        std::vector<uint32_t> k(N); std::vector<uint64_t> v(N);
        for (int i = 0; i < N; i++) { k[i] = (uint32_t)(xr() % 5000); v[i] = ((uint64_t)i << 32) | (uint32_t)xr(); }
        thrust::device_vector<uint32_t> dk(k.begin(), k.end()); thrust::device_vector<uint64_t> dv(v.begin(), v.end());
        thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin(), thrust::greater<uint32_t>());
        thrust::host_vector<uint64_t> g = dv;
        std::vector<int> idx(N); for (int i = 0; i < N; i++) idx[i] = i;
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return k[a] > k[b]; });
        bool ok = true; for (int i = 0; i < N; i++) ok &= g[i] == v[idx[i]];
        printf("%-28s n=%-8d %s hash=%016llx\n", "stable_sort_by_key u32->u64", N, ok ? "ok" : "MISMATCH", (unsigned long long)fnv(g.data(), N * 8));
        fails += !ok;
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
