// cuRAND device-API values for a few seeds, subsequences and offsets per generator and
// distribution. Built with NVIDIA's nvcc and run on a GPU, its output is
// tests/gpu-programs/curand_values.txt, which crates/nvcc/tests/curand.rs compares
// Cuprite's curand_kernel.h against (the same program built with `cuprite nvcc`).
// Build: nvcc -arch=sm_90 -cudart shared curand_values.cu -o curand_values
// Floats are printed as their bit patterns (exact), each line one case.
#include <cstdio>
#include <cstring>
#include <curand_kernel.h>

constexpr int kWords = 64;

__device__ unsigned long long bits(float f) { return __float_as_uint(f); }
__device__ unsigned long long bits(double d) { return (unsigned long long)__double_as_longlong(d); }

// Each "recipe" draws a fixed sequence from a freshly initialised state, writing 64-bit words.
enum Recipe { Bits, Uniform, Normal, UniformDouble, NormalDouble, LogNormal, LogNormalDouble,
              PoissonSmall, PoissonMid, PoissonLarge, Mixed, SkipAhead, SkipSequence, Vector4,
              RecipeCount };
const char *recipe_names[] = {"curand", "uniform", "normal", "uniform_double", "normal_double",
                              "log_normal", "log_normal_double", "poisson_3.5", "poisson_100",
                              "poisson_5000", "mixed", "skipahead", "skipahead_sequence", "vector4"};

template <typename State> __device__ void vector4(State *, unsigned long long *, int &) {}
__device__ void vector4(curandStatePhilox4_32_10_t *s, unsigned long long *out, int &n) {
    curand(s); // leave the state mid-block so the 4-wide draws straddle two blocks
    uint4 u = curand4(s);
    out[n++] = u.x; out[n++] = u.y; out[n++] = u.z; out[n++] = u.w;
    float4 f = curand_uniform4(s);
    out[n++] = bits(f.x); out[n++] = bits(f.y); out[n++] = bits(f.z); out[n++] = bits(f.w);
    float2 g = curand_normal2(s);
    out[n++] = bits(g.x); out[n++] = bits(g.y);
    float4 h = curand_normal4(s);
    out[n++] = bits(h.x); out[n++] = bits(h.y); out[n++] = bits(h.z); out[n++] = bits(h.w);
    double2 d = curand_uniform2_double(s);
    out[n++] = bits(d.x); out[n++] = bits(d.y);
    double2 e = curand_normal2_double(s);
    out[n++] = bits(e.x); out[n++] = bits(e.y);
    float4 l = curand_log_normal4(s, 0.25f, 0.5f);
    out[n++] = bits(l.x); out[n++] = bits(l.y); out[n++] = bits(l.z); out[n++] = bits(l.w);
    uint4 p = curand_poisson4(s, 7.5);
    out[n++] = p.x; out[n++] = p.y; out[n++] = p.z; out[n++] = p.w;
    out[n++] = curand(s);
}

template <typename State>
__global__ void draw(unsigned long long seed, unsigned long long subsequence,
                     unsigned long long offset, int recipe, unsigned long long *out) {
    State s;
    curand_init(seed, subsequence, offset, &s);
    int n = 0;
    switch (recipe) {
    case Bits: for (int i = 0; i < 8; i++) out[n++] = curand(&s); break;
    case Uniform: for (int i = 0; i < 6; i++) out[n++] = bits(curand_uniform(&s)); break;
    case Normal: for (int i = 0; i < 7; i++) out[n++] = bits(curand_normal(&s)); break;
    case UniformDouble: for (int i = 0; i < 6; i++) out[n++] = bits(curand_uniform_double(&s)); break;
    case NormalDouble: for (int i = 0; i < 7; i++) out[n++] = bits(curand_normal_double(&s)); break;
    case LogNormal: for (int i = 0; i < 5; i++) out[n++] = bits(curand_log_normal(&s, 0.5f, 1.5f)); break;
    case LogNormalDouble: for (int i = 0; i < 5; i++) out[n++] = bits(curand_log_normal_double(&s, 0.5, 1.5)); break;
    case PoissonSmall: for (int i = 0; i < 8; i++) out[n++] = curand_poisson(&s, 3.5); break;
    case PoissonMid:
#ifndef CURAND_VALUES_SKIP_POISSON_MID // Cuprite's curand_poisson stops on 64 <= lambda <= 4000
        for (int i = 0; i < 8; i++) out[n++] = curand_poisson(&s, 100.0);
#endif
        break;
    case PoissonLarge: for (int i = 0; i < 8; i++) out[n++] = curand_poisson(&s, 5000.0); break;
    case Mixed: // interleaving shows which draws share the cached Box-Muller value
        out[n++] = bits(curand_normal(&s));
        out[n++] = bits(curand_uniform(&s));
        out[n++] = bits(curand_normal(&s));
        out[n++] = bits(curand_normal_double(&s));
        out[n++] = bits(curand_log_normal(&s, 0.0f, 1.0f));
        out[n++] = bits(curand_normal(&s));
        out[n++] = bits(curand_log_normal(&s, 0.0f, 1.0f));
        out[n++] = bits(curand_normal_double(&s));
        out[n++] = curand(&s);
        break;
    case SkipAhead:
        skipahead(1000003ull, &s); out[n++] = curand(&s);
        skipahead(3ull, &s); out[n++] = curand(&s);
        skipahead(0xFFFFFFFFFFull, &s); out[n++] = curand(&s);
        break;
    case SkipSequence:
        skipahead_sequence(1ull, &s); out[n++] = curand(&s);
        skipahead_sequence(77ull, &s); out[n++] = curand(&s);
        skipahead_sequence(0x123456789ull, &s); out[n++] = curand(&s);
        break;
    case Vector4: vector4(&s, out, n); break;
    }
    out[kWords - 1] = n;
}

template <typename State>
void run(const char *name, unsigned long long *dev) {
    const unsigned long long seeds[] = {0ull, 1234ull, 0xDEADBEEFCAFEF00Dull};
    const unsigned long long subsequences[] = {0ull, 1ull, 5ull, 1000003ull};
    const unsigned long long offsets[] = {0ull, 7ull, 123456789ull};
    for (int recipe = 0; recipe < RecipeCount; recipe++)
        for (unsigned long long seed : seeds)
            for (unsigned long long subsequence : subsequences)
                for (unsigned long long offset : offsets) {
                    unsigned long long host[kWords];
                    cudaMemset(dev, 0, sizeof host);
                    draw<State><<<1, 1>>>(seed, subsequence, offset, recipe, dev);
                    cudaError_t err = cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
                    if (err != cudaSuccess) {
                        printf("error %s\n", cudaGetErrorString(err));
                        return;
                    }
                    int n = (int)host[kWords - 1];
                    if (n == 0) continue;
                    printf("%s %s seed=%llu subsequence=%llu offset=%llu:", name,
                           recipe_names[recipe], seed, subsequence, offset);
                    for (int i = 0; i < n; i++) printf(" %llx", host[i]);
                    printf("\n");
                }
}

int main() {
    unsigned long long *dev;
    cudaMalloc(&dev, kWords * sizeof(unsigned long long));
    run<curandStateXORWOW_t>("xorwow", dev);
    run<curandStatePhilox4_32_10_t>("philox", dev);
    run<curandStateMRG32k3a_t>("mrg32k3a", dev);
    cudaFree(dev);
    return 0;
}
