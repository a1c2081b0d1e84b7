// flags: -O3
// CUDA-samples-style lineOfSight (an older sample: thrust scan over a height map): along a ray
// from an observer, each sample's elevation angle atan2f(h - h0, distance) (computed by a
// thrust::transform with a device functor), then thrust::inclusive_scan with thrust::maximum
// gives the highest angle so far, and a sample is visible when its angle is at least the maximum
// before it. Visibility is exact given the angles (max is order-free); printed as a bit string
// and a count, checked against the host's same computation; plus a thrust::reduce of the
// heights (integers, exact) and a thrust::count_if.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)
static unsigned g_seed = 12345u;
static inline unsigned lcg() { g_seed = g_seed * 1664525u + 1013904223u; return g_seed >> 8; }
static inline float frand() { return (float)(lcg() & 0xffff) / 65536.0f; }
// FNV-1a over raw bytes: the bit pattern of a result, for results every run must reproduce exactly
static inline unsigned long long fnv(const void* p, size_t n) {
    const unsigned char* b = (const unsigned char*)p; unsigned long long h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ull; }
    return h;
}
static inline double max_rel(const float* a, const float* b, int n, double floor_ = 1e-3) {
    double m = 0; for (int i = 0; i < n; i++) { double d = fabs((double)a[i] - b[i]) / fmax(fabs((double)b[i]), floor_); if (d > m || d != d) m = d != d ? 1e30 : d; } return m;
}
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/transform.h>
#include <thrust/scan.h>
#include <thrust/reduce.h>
#include <thrust/count.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#define NS 2000
struct Angle {
    const float* h; float h0, dx;
    __host__ __device__ float operator()(int i) const { return atan2f(h[i] - h0, (i + 1) * dx); }
};
struct Visible {
    const float* ang; const float* mx;
    __host__ __device__ int operator()(int i) const { return i == 0 ? 1 : (ang[i] >= mx[i - 1] ? 1 : 0); }
};
struct Tall { __host__ __device__ bool operator()(float v) const { return v > 120.0f; } };
int main() {
    thrust::host_vector<float> h(NS);
    for (int i = 0; i < NS; i++) h[i] = (float)(int)(100 + 40 * sinf(i * 0.013f) + 25 * sinf(i * 0.071f) + (lcg() % 20) + i / 40);
    thrust::device_vector<float> dh = h, ang(NS), mx(NS);
    thrust::device_vector<int> vis(NS);
    Angle a{thrust::raw_pointer_cast(dh.data()), 130.0f, 0.5f};
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(NS), ang.begin(), a);
    thrust::inclusive_scan(ang.begin(), ang.end(), mx.begin(), thrust::maximum<float>());
    Visible v{thrust::raw_pointer_cast(ang.data()), thrust::raw_pointer_cast(mx.data())};
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(NS), vis.begin(), v);
    int nvis = thrust::reduce(vis.begin(), vis.end());
    float sumh = thrust::reduce(dh.begin(), dh.end(), 0.0f);
    int tall = thrust::count_if(dh.begin(), dh.end(), Tall());
    thrust::host_vector<int> hv = vis;
    thrust::host_vector<float> hang = ang;
    // host: the same angles from the GPU (atan2f is the GPU's), the running max and visibility
    std::vector<int> rv(NS); float m = -1e30f; int rvis = 0;
    for (int i = 0; i < NS; i++) { rv[i] = i == 0 ? 1 : hang[i] >= m; m = fmaxf(m, hang[i]); rvis += rv[i]; }
    int same = 1; for (int i = 0; i < NS; i++) same &= hv[i] == rv[i];
    double maxe = 0; for (int i = 0; i < NS; i++) maxe = fmax(maxe, fabs(hang[i] - atan2((double)h[i] - 130.0, (i + 1) * 0.5)));
    printf("lineOfSight samples=%d visible=%d match=%s angles=%s sum(h)=%.1f tall=%d\n", NS, nvis, same && nvis == rvis ? "yes" : "no", maxe < 1e-6 ? "ok" : "FAIL", sumh, tall);
    printf("visible:");
    for (int i = 0; i < NS; i++) if (hv[i]) printf(" %d", i);
    printf("\nangle bits=%016llx\n", fnv(thrust::raw_pointer_cast(hang.data()), NS * 4));
    return 0;
}
