// flags: -O3 -std=c++17
// thrust::random engines and distributions in device code (per-element discard), thrust::shuffle
// and shuffle_copy with a seeded engine, then checks that each result is a permutation.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/random.h>
#include <thrust/shuffle.h>
#include <thrust/transform.h>
#include <thrust/sort.h>
#include <thrust/sequence.h>
#include <thrust/equal.h>
#include <algorithm>
#include <thrust/iterator/counting_iterator.h>
#include <cstdio>
#include <cstdint>
#include <vector>
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }

struct Draw {
    __host__ __device__ thrust::tuple<unsigned, int, float, double> operator()(int i) const {
        thrust::default_random_engine e(12345);
        e.discard(3 * i);
        thrust::uniform_int_distribution<int> ui(-50, 50);
        thrust::uniform_real_distribution<float> uf(1.0f, 2.0f);
        unsigned raw = e();
        int k = ui(e);
        float f = uf(e);
        thrust::minstd_rand m(i + 1);
        thrust::normal_distribution<double> nd(10.0, 2.0);
        double n = nd(m);
        return thrust::make_tuple(raw, k, f, n);
    }
};
struct Engines {
    __host__ __device__ unsigned long long operator()(int i) const {
        thrust::ranlux24 a(i + 7); thrust::ranlux48 b(i + 11); thrust::taus88 c(i + 13); thrust::minstd_rand0 d(i + 17);
        a.discard(10); b.discard(5);
        unsigned long long x = a(); x = x * 31 + b(); x = x * 31 + c(); x = x * 31 + d();
        return x;
    }
};

int main() {
    const int N = 5000;
    thrust::device_vector<thrust::tuple<unsigned, int, float, double>> d(N);
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(N), d.begin(), Draw{});
    thrust::host_vector<thrust::tuple<unsigned, int, float, double>> g = d;
    int same = 0; double mean = 0; uint64_t th = 1469598103934665603ull;  // over the members (the tuple has padding)
    for (int i = 0; i < N; i++) {
        auto r = Draw{}(i);
        same += thrust::get<0>(r) == thrust::get<0>(g[i]) && thrust::get<1>(r) == thrust::get<1>(g[i]) && thrust::get<2>(r) == thrust::get<2>(g[i]);
        mean += thrust::get<3>(g[i]);
        unsigned a0 = thrust::get<0>(g[i]); int a1 = thrust::get<1>(g[i]); float a2 = thrust::get<2>(g[i]); double a3 = thrust::get<3>(g[i]);
        th = fnv(&a0, 4) ^ th; th = fnv(&a1, 4) ^ (th * 31); th = fnv(&a2, 4) ^ (th * 31); th = fnv(&a3, 8) ^ (th * 31);
    }
    printf("draws: %d/%d integer+float draws equal the host's; hash=%016llx\n", same, N, (unsigned long long)th);
    printf("  [0] %u %d %a %.17g\n  [4999] %u %d %a %.17g\n", thrust::get<0>(g[0]), thrust::get<1>(g[0]), thrust::get<2>(g[0]), thrust::get<3>(g[0]),
           thrust::get<0>(g[N - 1]), thrust::get<1>(g[N - 1]), thrust::get<2>(g[N - 1]), thrust::get<3>(g[N - 1]));
    printf("  normal mean %.3f\n", mean / N);
    thrust::device_vector<unsigned long long> e(256);
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(256), e.begin(), Engines{});
    thrust::host_vector<unsigned long long> ge = e; int esame = 0;
    for (int i = 0; i < 256; i++) esame += ge[i] == Engines{}(i);
    printf("engines: %d/256 equal the host's; hash=%016llx\n", esame, (unsigned long long)fnv(ge.data(), 256 * 8));

    // shuffle: the permutation depends only on the engine's seed
    thrust::device_vector<int> v(10007);
    thrust::sequence(v.begin(), v.end());
    thrust::default_random_engine g1(2024);
    thrust::shuffle(v.begin(), v.end(), g1);
    thrust::host_vector<int> hv = v;
    printf("shuffle hash=%016llx first %d %d %d\n", (unsigned long long)fnv(hv.data(), hv.size() * 4), hv[0], hv[1], hv[2]);
    thrust::device_vector<int> w(10007);
    thrust::default_random_engine g2(2024);
    thrust::shuffle_copy(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(10007), w.begin(), g2);
    printf("shuffle_copy equals shuffle: %s\n", thrust::equal(v.begin(), v.end(), w.begin()) ? "yes" : "no");
    thrust::sort(v.begin(), v.end());
    thrust::host_vector<int> sv = v; bool perm = true;
    for (int i = 0; i < 10007; i++) perm &= sv[i] == i;
    printf("shuffle is a permutation: %s\n", perm ? "yes" : "no");
    // the host backend with the same engine and input
    thrust::host_vector<int> hh(10007);
    thrust::sequence(hh.begin(), hh.end());
    thrust::default_random_engine g3(2024);
    thrust::shuffle(thrust::host, hh.begin(), hh.end(), g3);
    printf("host shuffle equals device shuffle: %s\n", std::equal(hh.begin(), hh.end(), hv.begin()) ? "yes" : "no");
    return 0;
}
