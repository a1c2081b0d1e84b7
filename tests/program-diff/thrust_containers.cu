// flags: -O2 -std=c++17
// thrust::device_vector as a container: insert/erase/resize/assign/swap/shrink_to_fit,
// device_reference arithmetic, vectors of bool and of double2, copies between host/device/std
// vectors, fill_n/uninitialized_fill, reverse, rotate-by-copy, equality of vectors.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/fill.h>
#include <thrust/uninitialized_fill.h>
#include <thrust/reverse.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/sequence.h>
#include <thrust/logical.h>
#include <thrust/functional.h>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <numeric>

static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
struct IsTrue { __host__ __device__ bool operator()(bool b) const { return b; } };
template <class T> static void show(const char *name, const thrust::device_vector<T> &d) {
    thrust::host_vector<T> h = d;
    printf("%-30s size=%zu hash=%016llx", name, h.size(), (unsigned long long)fnv(h.data(), h.size() * sizeof(T)));
    if (h.size()) printf(" front=%lld back=%lld", (long long)h.front(), (long long)h.back());
    printf("\n");
}

int main() {
    std::vector<int> sv(1000); std::iota(sv.begin(), sv.end(), -300);
    thrust::device_vector<int> d(sv.begin(), sv.end());
    d.insert(d.begin() + 10, 5, 777);
    d.insert(d.end() - 3, sv.begin(), sv.begin() + 20);
    show("after inserts", d);
    d.erase(d.begin() + 100, d.begin() + 350);
    d.erase(d.begin());
    show("after erases", d);
    d.resize(2000, -1);
    show("resize up with -1", d);
    d.resize(123);
    d.shrink_to_fit();
    show("resize down", d);
    printf("capacity >= size: %d\n", d.capacity() >= d.size());
    // device_reference arithmetic
    d[0] = 5; d[1] += 10; d[2] *= 3; d[3] = d[0] + d[1]; ++d[4]; d[5]--;
    int sum6 = 0; for (int i = 0; i < 6; i++) sum6 += d[i];
    printf("device_reference ops: %d %d %d %d %d %d sum=%d\n", (int)d[0], (int)d[1], (int)d[2], (int)d[3], (int)d[4], (int)d[5], sum6);
    thrust::device_vector<int> e(50, 9);
    d.swap(e);
    printf("swap: sizes %zu %zu\n", d.size(), e.size());
    d.assign(sv.begin() + 500, sv.begin() + 600);
    show("assign", d);
    thrust::device_vector<int> f(d);
    printf("copies equal: %d, after a change: ", f == d);
    f[50] = 0;
    printf("%d\n", f == d);
    // bool and double2 vectors
    thrust::device_vector<bool> b(333, false);
    for (int i = 0; i < 333; i += 7) b[i] = true;
    printf("vector<bool> count=%ld any=%d all=%d\n", (long)thrust::count(b.begin(), b.end(), true), thrust::any_of(b.begin(), b.end(), IsTrue{}), thrust::all_of(b.begin(), b.end(), IsTrue{}));
    thrust::device_vector<double2> z(64);
    thrust::fill_n(z.begin(), 32, make_double2(1.5, -2.5));
    thrust::uninitialized_fill(z.begin() + 32, z.end(), make_double2(0.25, 8));
    thrust::host_vector<double2> hz = z;
    printf("double2 fill: (%g,%g) (%g,%g) hash=%016llx\n", hz[0].x, hz[0].y, hz[63].x, hz[63].y, (unsigned long long)fnv(hz.data(), 64 * 16));
    // reverse, rotate via copy, round trips to std::vector
    thrust::device_vector<int> r(sv.begin(), sv.end());
    thrust::reverse(r.begin(), r.end());
    thrust::device_vector<int> rot(r.size());
    thrust::copy(r.begin() + 250, r.end(), rot.begin());
    thrust::copy(r.begin(), r.begin() + 250, rot.end() - 250);
    std::vector<int> back(rot.size());
    thrust::copy(rot.begin(), rot.end(), back.begin());
    bool ok = true; for (int i = 0; i < 1000; i++) ok &= back[i] == sv[999 - (i + 250) % 1000];
    printf("reverse + rotate: %s %d %d\n", ok ? "ok" : "MISMATCH", back[0], back[999]);
    thrust::host_vector<long long> hl(10); thrust::sequence(hl.begin(), hl.end(), 100LL, -7LL);
    thrust::device_vector<long long> dl = hl;
    dl.push_back(1); dl.pop_back(); dl.push_back(2);
    show("host->device long long", dl);
    dl.clear();
    printf("empty after clear: %d\n", dl.empty());
    return 0;
}
