// flags: --extended-lambda -std=c++17
// Thrust with fancy iterators and execution policies: thrust::cuda::par.on(stream) and
// thrust::device, tabulate and sequence with a step, gather_if / scatter_if with stencils,
// reduce_by_key with a custom key predicate (keys equal within a band) and a custom reduction,
// adjacent_difference with a custom operator, inner_product with custom plus/multiply,
// count_if, minmax_element, transform over zip_iterators of three vectors producing a tuple,
// permutation_iterator reads, discard_iterator outputs (reduce_by_key counting keys only),
// transform_output_iterator, constant_iterator, reverse_iterator, thrust::complex<double>
// accumulation, and host_vector <-> device_vector copies of a struct. Checked on the host.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <numeric>
#include <complex>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/tabulate.h>
#include <thrust/sequence.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/reduce.h>
#include <thrust/adjacent_difference.h>
#include <thrust/inner_product.h>
#include <thrust/count.h>
#include <thrust/extrema.h>
#include <thrust/transform.h>
#include <thrust/complex.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/reverse_iterator.h>

static int bad = 0;
template <class T> static void report(const char* what, const std::vector<T>& got, const std::vector<T>& want) {
    bool ok = got == want;
    long long h = 0;
    for (auto v : got) h = (h * 131 + (long long)v) % 1000000007;
    printf("%-26s n %zu hash %lld %s\n", what, got.size(), h, ok ? "ok" : "MISMATCH");
    bad += !ok;
}
template <class T> static std::vector<T> vec(const thrust::device_vector<T>& d) { thrust::host_vector<T> h(d); return std::vector<T>(h.begin(), h.end()); }

struct Band { __host__ __device__ bool operator()(int a, int b) const { return a / 10 == b / 10; } };
struct AbsMaxOp { __host__ __device__ int operator()(int a, int b) const { return abs(a) >= abs(b) ? a : b; } };
struct Particle { float x; int id; short tag; };
struct Square { __host__ __device__ int operator()(int x) const { return x * x; } };

int main() {
    cudaStream_t st;
    cudaStreamCreate(&st);
    auto pol = thrust::cuda::par.on(st);
    const int n = 3001;
    thrust::device_vector<int> a(n), b(n);
    thrust::tabulate(pol, a.begin(), a.end(), [] __device__ (int i) -> int { return (i * 7919) % 1013 - 500; });
    thrust::sequence(pol, b.begin(), b.end(), 100, -3);
    std::vector<int> ha(n), hb(n);
    for (int i = 0; i < n; i++) { ha[i] = (i * 7919) % 1013 - 500; hb[i] = 100 - 3 * i; }
    report("tabulate", vec(a), ha); report("sequence step -3", vec(b), hb);

    // gather_if / scatter_if
    thrust::device_vector<int> map(n), stencil(n), out(n, -1);
    thrust::tabulate(map.begin(), map.end(), [] __device__ (int i) -> int { return (i * 17) % 3001; });
    thrust::tabulate(stencil.begin(), stencil.end(), [] __device__ (int i) -> int { return i % 3 == 1; });
    thrust::gather_if(pol, map.begin(), map.end(), stencil.begin(), a.begin(), out.begin());
    std::vector<int> w(n, -1);
    for (int i = 0; i < n; i++) if (i % 3 == 1) w[i] = ha[(i * 17) % 3001];
    report("gather_if", vec(out), w);
    thrust::fill(out.begin(), out.end(), -1);
    thrust::scatter_if(thrust::device, a.begin(), a.end(), map.begin(), stencil.begin(), out.begin(), [] __device__ (int s) -> bool { return s == 0; });
    std::fill(w.begin(), w.end(), -1);
    for (int i = 0; i < n; i++) if (i % 3 != 1) w[(i * 17) % 3001] = ha[i];
    report("scatter_if predicate", vec(out), w);

    // reduce_by_key with a band predicate, keys sorted
    thrust::device_vector<int> keys(n), ok(n), ov(n);
    thrust::tabulate(keys.begin(), keys.end(), [] __device__ (int i) -> int { return i / 7 + (i % 11 == 0); });
    auto e = thrust::reduce_by_key(pol, keys.begin(), keys.end(), a.begin(), ok.begin(), ov.begin(), Band(), AbsMaxOp());
    int groups = e.first - ok.begin();
    std::vector<int> hk(n), wk, wv;
    for (int i = 0; i < n; i++) hk[i] = i / 7 + (i % 11 == 0);
    for (int i = 0; i < n; i++) {
        // with a custom predicate the output key is the run's last key (CUB's reduce-by-key on an H200)
        if (i == 0 || !Band()(hk[i - 1], hk[i])) { wk.push_back(hk[i]); wv.push_back(ha[i]); }
        else { wk.back() = hk[i]; wv.back() = AbsMaxOp()(wv.back(), ha[i]); }
    }
    ok.resize(groups); ov.resize(groups);
    report("reduce_by_key band keys", vec(ok), wk); report("reduce_by_key absmax", vec(ov), wv);
    // count keys only: values discarded
    auto e2 = thrust::reduce_by_key(keys.begin(), keys.end(), thrust::make_constant_iterator(1), thrust::make_discard_iterator(), ov.begin());
    printf("distinct keys %d\n", (int)(e2.second - ov.begin()));

    thrust::device_vector<int> diff(n);
    thrust::adjacent_difference(pol, a.begin(), a.end(), diff.begin(), [] __device__ (int x, int y) -> int { return x * 2 - y; });
    std::vector<int> wd(n); wd[0] = ha[0];
    for (int i = 1; i < n; i++) wd[i] = ha[i] * 2 - ha[i - 1];
    report("adjacent_difference op", vec(diff), wd);

    long long ip = thrust::inner_product(pol, a.begin(), a.end(), b.begin(), 7LL,
                                         [] __device__ (long long x, long long y) -> long long { return x + y; },
                                         [] __device__ (int x, int y) -> long long { return (long long)x * y % 1000; });
    long long wip = 7;
    for (int i = 0; i < n; i++) wip += (long long)ha[i] * hb[i] % 1000;
    int cnt = thrust::count_if(thrust::device, a.begin(), a.end(), [] __device__ (int x) -> bool { return x > 0 && x % 2 == 0; });
    auto mm = thrust::minmax_element(a.begin(), a.end());
    auto hmm = std::minmax_element(ha.begin(), ha.end());
    printf("inner_product %lld (host %lld) count_if %d (host %ld) minmax %d@%ld %d@%ld (host min %d@%ld, max %d, std gives its last position %ld)\n", ip, wip, cnt,
           std::count_if(ha.begin(), ha.end(), [](int x) { return x > 0 && x % 2 == 0; }),
           (int)*mm.first, mm.first - a.begin(), (int)*mm.second, mm.second - a.begin(), *hmm.first, hmm.first - ha.begin(), *hmm.second, hmm.second - ha.begin());

    // zip of three, producing a tuple
    thrust::device_vector<float> fx(n);
    thrust::device_vector<int> r1(n); thrust::device_vector<float> r2(n);
    thrust::tabulate(fx.begin(), fx.end(), [] __device__ (int i) -> float { return i * 0.25f; });
    auto zin = thrust::make_zip_iterator(thrust::make_tuple(a.begin(), b.begin(), fx.begin()));
    auto zout = thrust::make_zip_iterator(thrust::make_tuple(r1.begin(), r2.begin()));
    thrust::transform(pol, zin, zin + n, zout, [] __device__ (thrust::tuple<int, int, float> t) -> thrust::tuple<int, float> {
        return thrust::make_tuple(thrust::get<0>(t) - thrust::get<1>(t), thrust::get<2>(t) * 2.0f + (float)thrust::get<0>(t));
    });
    std::vector<int> w1(n); std::vector<float> w2(n);
    for (int i = 0; i < n; i++) { w1[i] = ha[i] - hb[i]; w2[i] = i * 0.25f * 2.0f + (float)ha[i]; }
    report("zip transform first", vec(r1), w1); report("zip transform second", vec(r2), w2);

    // permutation iterator sum, transform_output_iterator, reverse iterator copy
    auto perm = thrust::make_permutation_iterator(a.begin(), map.begin());
    long long ps = thrust::reduce(perm, perm + n, 0LL);
    long long wps = 0;
    for (int i = 0; i < n; i++) wps += ha[(i * 17) % 3001];
    thrust::device_vector<int> sq(n);
    auto tout = thrust::make_transform_output_iterator(sq.begin(), Square());
    thrust::copy(thrust::make_reverse_iterator(a.end()), thrust::make_reverse_iterator(a.begin()), tout);
    std::vector<int> wsq(n);
    for (int i = 0; i < n; i++) wsq[i] = ha[n - 1 - i] * ha[n - 1 - i];
    printf("permutation sum %lld (host %lld)\n", ps, wps);
    report("reverse -> squared output", vec(sq), wsq);

    // complex accumulation: sum of z^k for z on a circle, exact dyadic parts
    thrust::device_vector<thrust::complex<double>> zs(64);
    thrust::tabulate(zs.begin(), zs.end(), [] __device__ (int k) -> thrust::complex<double> {
        thrust::complex<double> z(0.5, -0.25), p(1.0, 0.0);
        for (int j = 0; j < k % 9; j++) p *= z;
        return p * thrust::complex<double>(k, 1.0);
    });
    thrust::complex<double> zsum = thrust::reduce(zs.begin(), zs.end(), thrust::complex<double>(0, 0));
    std::complex<double> hz(0, 0);
    for (int k = 0; k < 64; k++) { std::complex<double> z(0.5, -0.25), p(1, 0); for (int j = 0; j < k % 9; j++) p *= z; hz += p * std::complex<double>(k, 1.0); }
    printf("complex sum (%a, %a) host (%a, %a)\n", zsum.real(), zsum.imag(), hz.real(), hz.imag());

    // struct round trip host -> device -> host
    thrust::host_vector<Particle> hp(100);
    for (int i = 0; i < 100; i++) hp[i] = Particle{i * 1.5f, i * i, (short)-i};
    thrust::device_vector<Particle> dp = hp;
    thrust::transform(dp.begin(), dp.end(), dp.begin(), [] __device__ (Particle p) -> Particle { p.x += 1; p.id ^= 0x55; p.tag *= 3; return p; });
    thrust::host_vector<Particle> back = dp;
    int pbad = 0;
    for (int i = 0; i < 100; i++) pbad += back[i].x != i * 1.5f + 1 || back[i].id != ((i * i) ^ 0x55) || back[i].tag != (short)(-3 * i);
    printf("struct round trip mismatches %d\n", pbad);
    cudaStreamSynchronize(st);
    cudaStreamDestroy(st);
    printf("mismatching results %d; %s\n", bad, cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
