// flags: -std=c++17
// CUB device algorithms over segments and batches: DeviceSegmentedRadixSort::SortPairsDescending
// and SortKeys with a bit range (segments of very different sizes, some empty),
// DeviceSegmentedSort::StableSortPairs and SortKeysDescending, DeviceAdjacentDifference::
// SubtractLeftCopy / SubtractRight with a custom operator, DeviceMerge::MergePairs,
// DeviceMemcpy::Batched and DeviceCopy::Batched (ranges of mixed sizes, including empty),
// DeviceFor::ForEachN and ForEachCopyN with functors writing through captured pointers,
// DeviceTransform::Transform with two inputs, and DeviceRadixSort of double keys with -0.0,
// negatives and infinities, descending. Checked on the host.
#include <cstdio>
#include <cstring>
#include <vector>
#include <algorithm>
#include <numeric>
#include <cmath>
#include <cub/cub.cuh>
#include <cub/device/device_adjacent_difference.cuh>
#include <cub/device/device_merge.cuh>
#include <cub/device/device_memcpy.cuh>
#include <cub/device/device_copy.cuh>
#include <cub/device/device_for.cuh>
#include <cub/device/device_transform.cuh>
#include <cub/device/device_segmented_sort.cuh>

template <class T> T* up(const std::vector<T>& v) { T* d; cudaMalloc(&d, v.size() * sizeof(T) + 16); cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice); return d; }
template <class T> std::vector<T> down(const T* d, size_t n) { std::vector<T> v(n); cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost); return v; }
template <class T> T* alloc(size_t n) { T* d; cudaMalloc(&d, n * sizeof(T) + 16); return d; }

static int bad = 0;
template <class T> void report(const char* what, const std::vector<T>& got, const std::vector<T>& want) {
    bool ok = got.size() == want.size() && std::memcmp(got.data(), want.data(), got.size() * sizeof(T)) == 0;
    unsigned long long h = 0;
    for (auto v : got) { unsigned long long u = 0; std::memcpy(&u, &v, sizeof v); h = h * 1000003ULL + u; }
    printf("%-30s n %zu hash %016llx %s\n", what, got.size(), h, ok ? "ok" : "MISMATCH");
    bad += !ok;
}

struct Scaled { int* out; int k; __device__ void operator()(int i) const { out[i] = i * k - 7; } };
struct Twice { int* out; __device__ void operator()(int v) const { atomicAdd(out + ((v % 16) + 16) % 16, v); } };
struct Blend { __device__ float operator()(float a, int b) const { return a * 0.5f + (float)b; } };
struct RightDiff { __device__ int operator()(int a, int b) const { return a * 3 - b; } };

int main() {
    void* tmp = nullptr; size_t bytes = 0;
    auto with_tmp = [&](auto call) { tmp = nullptr; bytes = 0; call(); cudaMalloc(&tmp, bytes); call(); cudaFree(tmp); };
    const int n = 4000;
    std::vector<int> keys(n), vals(n);
    for (int i = 0; i < n; i++) { keys[i] = (int)((i * 2654435761u) >> 11) % 4096 - 2048; vals[i] = i; }
    std::vector<int> off = {0, 0, 1, 37, 37, 1200, 1201, 3999, 4000};
    int segs = (int)off.size() - 1;
    int *dk = up(keys), *dv = up(vals), *dko = alloc<int>(n), *dvo = alloc<int>(n), *doff = up(off);
    with_tmp([&] { cub::DeviceSegmentedRadixSort::SortPairsDescending(tmp, bytes, dk, dko, dv, dvo, n, segs, doff, doff + 1); });
    std::vector<int> wk(keys), wv(vals);
    for (int s = 0; s < segs; s++) {
        std::vector<int> idx(off[s + 1] - off[s]);
        std::iota(idx.begin(), idx.end(), off[s]);
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return keys[a] > keys[b]; });
        for (size_t j = 0; j < idx.size(); j++) { wk[off[s] + j] = keys[idx[j]]; wv[off[s] + j] = idx[j]; }
    }
    report("seg radix pairs desc keys", down(dko, n), wk); report("seg radix pairs desc vals", down(dvo, n), wv);
    with_tmp([&] { cub::DeviceSegmentedRadixSort::SortKeys(tmp, bytes, dk, dko, n, segs, doff, doff + 1, 0, 8); });
    std::vector<int> wk8(keys);
    for (int s = 0; s < segs; s++) std::stable_sort(wk8.begin() + off[s], wk8.begin() + off[s + 1], [](int a, int b) { return (a & 255) < (b & 255); });
    report("seg radix keys bits [0,8)", down(dko, n), wk8);
    with_tmp([&] { cub::DeviceSegmentedSort::StableSortPairs(tmp, bytes, dk, dko, dv, dvo, n, segs, doff, doff + 1); });
    for (int s = 0; s < segs; s++) {
        std::vector<int> idx(off[s + 1] - off[s]);
        std::iota(idx.begin(), idx.end(), off[s]);
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return keys[a] < keys[b]; });
        for (size_t j = 0; j < idx.size(); j++) { wk[off[s] + j] = keys[idx[j]]; wv[off[s] + j] = idx[j]; }
    }
    report("seg sort stable pairs keys", down(dko, n), wk); report("seg sort stable pairs vals", down(dvo, n), wv);
    with_tmp([&] { cub::DeviceSegmentedSort::SortKeysDescending(tmp, bytes, dk, dko, n, segs, doff, doff + 1); });
    std::vector<int> wd(keys);
    for (int s = 0; s < segs; s++) std::sort(wd.begin() + off[s], wd.begin() + off[s + 1], std::greater<int>());
    report("seg sort keys desc", down(dko, n), wd);

    with_tmp([&] { cub::DeviceAdjacentDifference::SubtractLeftCopy(tmp, bytes, dk, dko, n); });
    std::vector<int> wl(n);
    wl[0] = keys[0];
    for (int i = 1; i < n; i++) wl[i] = keys[i] - keys[i - 1];
    report("subtract left copy", down(dko, n), wl);
    cudaMemcpy(dko, dk, n * 4, cudaMemcpyDeviceToDevice);
    with_tmp([&] { cub::DeviceAdjacentDifference::SubtractRight(tmp, bytes, dko, n, RightDiff()); });
    std::vector<int> wr(n);
    for (int i = 0; i < n - 1; i++) wr[i] = keys[i] * 3 - keys[i + 1];
    wr[n - 1] = keys[n - 1];
    report("subtract right in place op", down(dko, n), wr);

    std::vector<int> ma(1500), mb(777), mav(1500), mbv(777);
    for (int i = 0; i < 1500; i++) { ma[i] = i * 3 / 2; mav[i] = i; }
    for (int i = 0; i < 777; i++) { mb[i] = i * 2 + 1; mbv[i] = -i; }
    int *dma = up(ma), *dmb = up(mb), *dmav = up(mav), *dmbv = up(mbv), *dmk = alloc<int>(2277), *dmv = alloc<int>(2277);
    with_tmp([&] { cub::DeviceMerge::MergePairs(tmp, bytes, dma, dmav, 1500, dmb, dmbv, 777, dmk, dmv); });
    std::vector<std::pair<int, int>> pa, pb, pm;
    for (int i = 0; i < 1500; i++) pa.push_back({ma[i], mav[i]});
    for (int i = 0; i < 777; i++) pb.push_back({mb[i], mbv[i]});
    std::merge(pa.begin(), pa.end(), pb.begin(), pb.end(), std::back_inserter(pm), [](auto x, auto y) { return x.first < y.first; });
    std::vector<int> wmk, wmv;
    for (auto& p : pm) { wmk.push_back(p.first); wmv.push_back(p.second); }
    report("merge pairs keys", down(dmk, 2277), wmk); report("merge pairs values", down(dmv, 2277), wmv);

    // batched memcpy: 9 buffers of mixed sizes out of one source arena into one destination arena
    std::vector<int> sizes = {0, 1, 3, 1000, 17, 0, 4096, 5, 250};
    int nb = (int)sizes.size();
    std::vector<unsigned char> src(6000);
    for (size_t i = 0; i < src.size(); i++) src[i] = (unsigned char)(i * 131 + 7);
    unsigned char *dsrc = up(src), *ddst = alloc<unsigned char>(8000);
    cudaMemset(ddst, 0xAA, 8000);
    std::vector<void*> srcs, dsts; std::vector<size_t> szs;
    std::vector<unsigned char> want(8000, 0xAA);
    size_t so = 0, dofs = 0;
    for (int b = 0; b < nb; b++) {
        srcs.push_back(dsrc + so % 1500); dsts.push_back(ddst + dofs); szs.push_back(sizes[b]);
        for (int k = 0; k < sizes[b]; k++) want[dofs + k] = src[so % 1500 + k];
        so += 311; dofs += sizes[b] + 3;
    }
    void** dsrcs = up(srcs); void** ddsts = up(dsts); size_t* dszs = up(szs);
    with_tmp([&] { cub::DeviceMemcpy::Batched(tmp, bytes, dsrcs, ddsts, dszs, nb); });
    report("memcpy batched", down(ddst, 8000), want);
    // batched copy of int ranges
    std::vector<int*> isrc, idst; std::vector<int> isz = {5, 0, 300, 1, 64};
    int* darena = alloc<int>(1000);
    cudaMemset(darena, 0, 1000 * 4);
    std::vector<int> wantc(1000, 0);
    int at = 0;
    for (int b = 0; b < 5; b++) { isrc.push_back(dk + b * 500); idst.push_back(darena + at); for (int k = 0; k < isz[b]; k++) wantc[at + k] = keys[b * 500 + k]; at += isz[b] + 1; }
    int** disrc = up(isrc); int** didst = up(idst); int* disz = up(isz);
    with_tmp([&] { cub::DeviceCopy::Batched(tmp, bytes, disrc, didst, disz, 5); });
    report("copy batched", down(darena, 1000), wantc);

    int* dfor = alloc<int>(n);
    cub::DeviceFor::ForEachN(thrust::counting_iterator<int>(0), n, Scaled{dfor, 5});
    std::vector<int> wf(n);
    for (int i = 0; i < n; i++) wf[i] = i * 5 - 7;
    report("for each n (counting)", down(dfor, n), wf);
    int* dbins = alloc<int>(16);
    cudaMemset(dbins, 0, 64);
    cub::DeviceFor::ForEachCopyN(dk, n, Twice{dbins});
    std::vector<int> wb(16, 0);
    for (int v : keys) wb[((v % 16) + 16) % 16] += v;
    report("for each copy n (atomics)", down(dbins, 16), wb);

    std::vector<float> fa(n);
    for (int i = 0; i < n; i++) fa[i] = i * 0.75f - 100.0f;
    float *dfa = up(fa), *dfo = alloc<float>(n);
    cub::DeviceTransform::Transform(cuda::std::make_tuple(dfa, dk), dfo, n, Blend());
    std::vector<float> wt(n);
    for (int i = 0; i < n; i++) wt[i] = fa[i] * 0.5f + (float)keys[i];
    report("transform two inputs", down(dfo, n), wt);

    std::vector<double> dkeys = {3.5, -0.0, 0.0, -1e308, INFINITY, -INFINITY, 1e-310, -1e-310, 2.0, -2.0, 0.0, -0.0, 7.25, 1.0, -7.25};
    for (int i = 0; i < 200; i++) dkeys.push_back((i * 37 % 101 - 50) * 0.125);
    int nd = (int)dkeys.size();
    double *ddk = up(dkeys), *ddo = alloc<double>(nd);
    with_tmp([&] { cub::DeviceRadixSort::SortKeysDescending(tmp, bytes, ddk, ddo, nd); });
    auto gd = down(ddo, nd);
    // CUB's radix sort treats -0.0 and +0.0 as equal keys: zeros keep their input order
    std::vector<double> wdd(dkeys);
    std::stable_sort(wdd.begin(), wdd.end(), [](double a, double b) { return a > b; });
    report("radix sort doubles desc", gd, wdd);
    printf("doubles head %g %g %g tail %g %g %g\n", gd[0], gd[1], gd[2], gd[nd - 3], gd[nd - 2], gd[nd - 1]);
    printf("mismatching results %d; %s\n", bad, cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
