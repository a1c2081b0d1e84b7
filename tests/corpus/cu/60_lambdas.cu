// min-arch: sm_75
// Lambdas and functors: device lambdas with captures by value/reference, generic lambdas (auto params),
// lambdas passed to __global__ function templates (mangled closure types), immediately-invoked lambdas,
// recursive-style lambda via Y-combinator pattern, __forceinline__ callables, std-free transform/reduce helpers.

template <typename F> __global__ void transform_kernel(int n, F f, const float *in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = f(in[i], i);
}

template <typename T, typename A, typename F> __device__ __forceinline__ A reduce_span(const T *p, int n, A init, F op) {
    for (int k = 0; k < n; ++k) init = op(init, p[k]);
    return init;
}

struct Saxpy {
    float a;
    __device__ float operator()(float x, int) const { return a * x; }
};

// Host-side instantiation of a kernel with a functor (no extended lambdas needed)
template __global__ void transform_kernel<Saxpy>(int, Saxpy, const float *, float *);

extern "C" __global__ void lambda_captures(const float *in, float *out, int n, float scale, int shift) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int counter = 0;
    auto by_value = [scale, shift](float x) { return x * scale + shift; };
    auto by_ref = [&counter](float x) { counter += (x > 0.f); return x; };
    auto generic = [](auto a, auto b) { return a > b ? a : b; };
    float v = by_value(in[i]);
    by_ref(v);
    by_ref(-v);
    float m = generic(v, 0.0f);
    int mi = generic(counter, shift);
    float iife = [&] { return v * v + (float)counter; }();
    out[i] = m + (float)mi + iife;
}

extern "C" __global__ void lambda_reduce(const int *in, int *out, int len) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int *p = in + t * len;
    int s = reduce_span(p, len, 0, [](int a, int b) { return a + b; });
    int mx = reduce_span(p, len, -2147483647 - 1, [](int a, int b) { return a > b ? a : b; });
    long long prod = reduce_span(p, len, 1LL, [](long long a, int b) { return a * (b | 1); });
    out[3 * t] = s;
    out[3 * t + 1] = mx;
    out[3 * t + 2] = (int)prod;
}

// Y-combinator style recursion through a generic lambda
extern "C" __global__ void lambda_recursion(const int *in, int *out) {
    auto fact = [](auto self, int n) -> int { return n <= 1 ? 1 : n * self(self, n - 1); };
    out[threadIdx.x] = fact(fact, in[threadIdx.x] & 7);
}

// Lambda stored in a struct and invoked through a templated member
template <typename F> struct Deferred {
    F f;
    __device__ auto run(int x) const { return f(x); }
};
template <typename F> __device__ Deferred<F> defer(F f) { return Deferred<F>{f}; }
extern "C" __global__ void lambda_in_struct(int *data, int k) {
    auto d = defer([k](int x) { return x * k + 1; });
    data[threadIdx.x] = d.run(data[threadIdx.x]);
}
