// flags: -O3 -std=c++17 --extended-lambda
// Thrust execution policies and errors: par.on(stream), par_nosync, a custom (caching) allocator
// passed to par(alloc).on(stream), device_malloc/device_ptr, universal_vector, thrust::system_error
// and its error category strings, bad_alloc from a device_vector too large, and an illegal access
// inside an algorithm reported as a system_error (last: it ends the context).
#include <thrust/device_vector.h>
#include <thrust/universal_vector.h>
#include <thrust/host_vector.h>
#include <thrust/device_malloc.h>
#include <thrust/device_free.h>
#include <thrust/execution_policy.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system/cuda/error.h>
#include <thrust/system_error.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/for_each.h>
#include <thrust/fill.h>
#include <thrust/iterator/counting_iterator.h>
#include <cstdio>
#include <cstdint>
#include <map>
#include <vector>
#include <algorithm>
#include <new>

struct CachingAllocator {
    using value_type = char;
    std::multimap<std::ptrdiff_t, char *> free_blocks;
    std::map<char *, std::ptrdiff_t> used;
    int mallocs = 0, reuses = 0;
    char *allocate(std::ptrdiff_t n) {
        auto it = free_blocks.lower_bound(n);
        if (it != free_blocks.end()) { char *p = it->second; used[p] = it->first; free_blocks.erase(it); reuses++; return p; }
        char *p = nullptr;
        if (cudaMalloc(&p, n) != cudaSuccess) throw std::bad_alloc();
        mallocs++; used[p] = n; return p;
    }
    void deallocate(char *p, size_t) { auto it = used.find(p); free_blocks.insert({it->second, p}); used.erase(it); }
    ~CachingAllocator() { for (auto &b : free_blocks) cudaFree(b.second); }
};

int main() {
    const int N = 100000;
    cudaStream_t s1, s2;
    cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
    cudaStreamCreate(&s2);
    std::vector<int> h(N); uint32_t st = 99;
    for (auto &x : h) { st = st * 1664525u + 1013904223u; x = (int)(st >> 9); }
    std::vector<int> r(h); std::sort(r.begin(), r.end());
    {  // device vectors destroyed before the fault at the end (a cudaFree then throws)
    thrust::device_vector<int> a(h.begin(), h.end()), b(h.rbegin(), h.rend());
    // sorts on two streams, a reduction without the trailing synchronization
    thrust::sort(thrust::cuda::par.on(s1), a.begin(), a.end());
    thrust::sort(thrust::cuda::par.on(s2), b.begin(), b.end(), thrust::greater<int>());
    long long sa = thrust::reduce(thrust::cuda::par.on(s1), a.begin(), a.end(), 0LL);
    thrust::inclusive_scan(thrust::cuda::par_nosync.on(s2), b.begin(), b.end(), b.begin(), thrust::maximum<int>());
    cudaStreamSynchronize(s2);
    thrust::host_vector<int> ga = a, gb = b;
    long long rs = 0; for (int x : h) rs += x;
    bool ok = std::equal(r.begin(), r.end(), ga.begin()) && sa == rs;
    for (int i = 0; i < N; i++) ok &= gb[i] == r[N - 1];
    printf("streams: sort/reduce/scan %s sum=%lld\n", ok ? "ok" : "MISMATCH", sa);
    }

    // custom allocator: temporary storage comes from it, repeated sorts reuse its blocks
    {
        CachingAllocator alloc;
        for (int rep = 0; rep < 3; rep++) {
            thrust::device_vector<int> c(h.begin(), h.end());
            thrust::sort(thrust::cuda::par(alloc).on(s1), c.begin(), c.end());
            cudaStreamSynchronize(s1);
            thrust::host_vector<int> gc = c;
            printf("allocator sort %d %s\n", rep, std::equal(r.begin(), r.end(), gc.begin()) ? "ok" : "MISMATCH");
        }
        printf("allocator used: mallocs>0 %d reuses>0 %d outstanding %zu\n", alloc.mallocs > 0, alloc.reuses > 0, alloc.used.size());
    }
    // device_malloc / device_ptr arithmetic / device_pointer_cast of a cudaMalloc pointer
    {
        thrust::device_ptr<double> p = thrust::device_malloc<double>(1000);
        thrust::sequence(p, p + 1000, 0.5, 0.25);
        double *raw = nullptr; cudaMalloc(&raw, 1000 * sizeof(double));
        thrust::device_ptr<double> q = thrust::device_pointer_cast(raw);
        thrust::transform(p, p + 1000, q, [] __device__(double x) { return x * x; });
        double s = thrust::reduce(q + 10, q + 990);
        double rs2 = 0; for (int i = 10; i < 990; i++) { double x = 0.5 + 0.25 * i; rs2 += x * x; }
        printf("device_ptr: q[999]=%.4f sum=%.4f %s, p < p+1: %d, distance %ld\n", (double)q[999], s, s == rs2 ? "ok" : "MISMATCH", p < p + 1, (long)((p + 1000) - p));
        thrust::device_free(p); cudaFree(raw);
    }
    // universal_vector read on the host after a device algorithm
    {
        thrust::universal_vector<int> u(1000);
        thrust::sequence(u.begin(), u.end(), 7, 3);
        thrust::for_each(thrust::device, u.begin(), u.end(), [] __device__(int &x) { x = x % 11; });
        cudaDeviceSynchronize();
        long t = 0; for (int i = 0; i < 1000; i++) t += u[i] * (i + 1);
        long rt = 0; for (int i = 0; i < 1000; i++) rt += ((7 + 3 * i) % 11) * (i + 1);
        printf("universal_vector: %ld %s\n", t, t == rt ? "ok" : "MISMATCH");
    }
    // error categories and strings
    {
        thrust::system_error e(cudaErrorInvalidValue, thrust::cuda_category(), "my context");
        printf("system_error what: %s\n", e.what());
        printf("code value %d, category %s, message %s\n", e.code().value(), e.code().category().name(), e.code().message().c_str());
        thrust::system_error e2(cudaErrorLaunchOutOfResources, thrust::cuda_category());
        printf("system_error what: %s\n", e2.what());
        thrust::error_code ec(cudaErrorNotReady, thrust::cuda_category());
        printf("error_code %d: %s\n", ec.value(), ec.message().c_str());
    }
    // too large a device_vector: bad_alloc with CUDA's out-of-memory text
    try {
        thrust::device_vector<char> huge(size_t(1) << 52);
        printf("huge allocation unexpectedly succeeded\n");
    } catch (std::bad_alloc &e) {
        printf("bad_alloc: %s\n", e.what());
    }
    cudaError_t le = cudaGetLastError();
    printf("last error after bad_alloc: %s\n", cudaGetErrorName(le));
    // a fault in an algorithm: thrust throws system_error when it synchronizes
    fflush(stdout);
    try {
        // raw memory, not a device_vector: its destructor would call cudaFree during unwinding
        int *v = nullptr; cudaMalloc(&v, (1 << 16) * sizeof(int));
        int *bad = v + (size_t(1) << 40);
        thrust::for_each(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(1 << 16), [bad] __device__(int i) { if (i == 12345) bad[i] = 1; });
        cudaError_t se = cudaDeviceSynchronize();
        printf("no exception; synchronize says %s\n", cudaGetErrorName(se));
    } catch (thrust::system_error &e) {
        printf("system_error: %s (code %d)\n", e.what(), e.code().value());
    }
    printf("after fault: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
