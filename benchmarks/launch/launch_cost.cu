// launch_cost: what one kernel launch, one tiny block, one synchronization and one small copy
// cost, in ns, beside a plain C function call loop (issue 21: "tiny blocks cheap: aim for
// < 50 ns", "the runtime at the machine's speed"). Each figure is the median of LAUNCH_ROUNDS
// rounds of the steady state (warm-up launches first, so the JIT's compiles are not in it).
// Prints one line per measure: `LAUNCH name ns=... per=...`.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                         \
    do {                                                                                 \
        cudaError_t e_ = (x);                                                            \
        if (e_ != cudaSuccess) {                                                         \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
            std::exit(1);                                                                \
        }                                                                                \
    } while (0)

__global__ void empty_kernel() {}

// One store per thread: the smallest kernel whose work cannot be optimized away.
__global__ void tiny_kernel(int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = i;
}

// A float operation per thread: blocks narrower than the engine's lane groups leave lanes
// idle, whose values must not cost more than the busy ones'.
__global__ void tiny_axpy(float a, const float *x, float *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = a * x[i] + y[i];
}

// A host function the compiler may not inline: the yardstick for "one call".
__attribute__((noinline)) void host_call(int *out, int i) {
    out[i & 7] = i;
    asm volatile("" ::: "memory");
}

static double now_ns() {
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static int rounds() {
    const char *s = std::getenv("LAUNCH_ROUNDS");
    return s ? std::max(1, std::atoi(s)) : 5;
}

// Median over rounds of `body(n)`'s time divided by `per`.
template <class F> static double median_ns(int n, double per, F body) {
    std::vector<double> t;
    for (int r = 0; r < rounds(); r++) {
        double t0 = now_ns();
        body(n);
        t.push_back((now_ns() - t0) / per);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

static void report(const char *name, double ns, const char *per) {
    std::printf("LAUNCH %-28s ns=%10.1f per=%s\n", name, ns, per);
}

int main() {
    const int launches = 2000;
    const int blocks = 100000;
    int *out;
    CHECK(cudaMalloc(&out, sizeof(int) * blocks * 8));
    float *x, *y;
    CHECK(cudaMalloc(&x, sizeof(float) * blocks * 8));
    CHECK(cudaMalloc(&y, sizeof(float) * blocks * 8));
    CHECK(cudaMemset(x, 0, sizeof(float) * blocks * 8));
    CHECK(cudaMemset(y, 0, sizeof(float) * blocks * 8));
    int host[8] = {};
    // Warm-up: every kernel and shape launched a few times (compiles and tier decisions).
    for (int i = 0; i < 20; i++) {
        empty_kernel<<<1, 1>>>();
        tiny_kernel<<<blocks, 8>>>(out);
        tiny_kernel<<<1, 8>>>(out);
        tiny_axpy<<<blocks, 8>>>(2.0f, x, y);
        CHECK(cudaDeviceSynchronize());
    }

    report("host_call", median_ns(1000000, 1e6, [&](int n) {
               for (int i = 0; i < n; i++) host_call(host, i);
           }), "call");
    report("empty<<<1,1>>>+sync", median_ns(launches, launches, [&](int n) {
               for (int i = 0; i < n; i++) {
                   empty_kernel<<<1, 1>>>();
                   CHECK(cudaDeviceSynchronize());
               }
           }), "launch");
    report("empty<<<1,1>>>x2000,sync", median_ns(launches, launches, [&](int n) {
               for (int i = 0; i < n; i++) empty_kernel<<<1, 1>>>();
               CHECK(cudaDeviceSynchronize());
           }), "launch");
    report("tiny<<<1,8>>>+sync", median_ns(launches, launches, [&](int n) {
               for (int i = 0; i < n; i++) {
                   tiny_kernel<<<1, 8>>>(out);
                   CHECK(cudaDeviceSynchronize());
               }
           }), "launch");
    report("tiny<<<100000,8>>>", median_ns(blocks, blocks, [&](int n) {
               tiny_kernel<<<n, 8>>>(out);
               CHECK(cudaDeviceSynchronize());
           }), "block");
    report("axpy<<<100000,8>>>", median_ns(blocks, blocks, [&](int n) {
               tiny_axpy<<<n, 8>>>(2.0f, x, y);
               CHECK(cudaDeviceSynchronize());
           }), "block");
    report("tiny<<<100000/32,256>>>", median_ns(blocks, blocks, [&](int n) {
               tiny_kernel<<<n / 32, 256>>>(out);
               CHECK(cudaDeviceSynchronize());
           }), "8 threads");
    report("sync(idle)", median_ns(launches, launches, [&](int n) {
               for (int i = 0; i < n; i++) CHECK(cudaDeviceSynchronize());
           }), "call");
    report("memcpy H2D 32B", median_ns(launches, launches, [&](int n) {
               for (int i = 0; i < n; i++) CHECK(cudaMemcpy(out, host, sizeof host, cudaMemcpyHostToDevice));
           }), "copy");
    report("memcpy D2H 32B", median_ns(launches, launches, [&](int n) {
               for (int i = 0; i < n; i++) CHECK(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
           }), "copy");
    // Check: a tiny launch writes i at i (the copies above overwrote the first elements).
    tiny_kernel<<<blocks, 8>>>(out);
    CHECK(cudaDeviceSynchronize());
    std::vector<int> check(blocks * 8);
    CHECK(cudaMemcpy(check.data(), out, sizeof(int) * check.size(), cudaMemcpyDeviceToHost));
    for (int i = 0; i < (int)check.size(); i++)
        if (check[i] != i) {
            std::printf("check=FAIL at %d: %d\n", i, check[i]);
            return 1;
        }
    std::printf("check=ok\n");
    CHECK(cudaFree(out));
    CHECK(cudaFree(x));
    CHECK(cudaFree(y));
    return 0;
}
