// flags: -lcurand
// cuRAND's host API, the generators and calls beyond XORWOW/MRG32k3a/Philox's default orders:
// MTGP32, MT19937, the (scrambled) Sobol32/64 quasi-random generators, curandGeneratePoisson
// for every generator, and the SEEDED and DYNAMIC orderings; each as device generator, then
// (define ONLY_HOST for the host generators instead). Hex words, checksums.
#include <cstdio>
#include <cstring>
#include <curand.h>
#include <cuda_runtime.h>

static void *dev;
static unsigned long long host[1 << 21];
static bool on_host;

static void show(const char *what, int bytes, size_t n, size_t total) {
    if (!on_host) cudaMemcpy(host, dev, total * bytes, cudaMemcpyDeviceToHost);
    unsigned long long sum = 0;
    printf("%s:", what);
    for (size_t i = 0; i < total; i++) {
        unsigned long long w = bytes == 4 ? ((unsigned *)host)[i] : host[i];
        sum = sum * 31 + w;
        if (i < n) printf(bytes == 4 ? " %08llx" : " %016llx", w);
    }
    printf(" sum=%016llx\n", sum);
}

static int status(curandStatus_t s, const char *call) {
    if (s != CURAND_STATUS_SUCCESS) printf("  %s -> status %d\n", call, (int)s);
    return (int)s;
}
#define TRY(call) status((call), #call)

static curandGenerator_t make(curandRngType_t type) {
    curandGenerator_t g = 0;
    if (on_host) TRY(curandCreateGeneratorHost(&g, type));
    else TRY(curandCreateGenerator(&g, type));
    return g;
}

static void *out() { return on_host ? (void *)host : dev; }

struct Gen { curandRngType_t type; const char *name; };

// A fresh generator of the type, ordering (-1: none set) and seed; null if refused.
static curandGenerator_t fresh(Gen gen, unsigned long long seed, int ordering, bool say) {
    curandGenerator_t g = make(gen.type);
    if (!g) return 0;
    if (ordering >= 0) {
        int s = curandSetGeneratorOrdering(g, (curandOrdering_t)ordering);
        if (say) printf("%s %s ordering %d: status %d\n", on_host ? "host" : "dev", gen.name, ordering, s);
        if (s) { curandDestroyGenerator(g); return 0; }
    }
    TRY(curandSetPseudoRandomGeneratorSeed(g, seed));
    return g;
}

static void pseudo(Gen gen, unsigned long long seed, int ordering) {
    char what[200];
    const char *pre = on_host ? "host" : "dev";
    curandGenerator_t g = fresh(gen, seed, ordering, true);
    if (!g) return;
    curandDestroyGenerator(g);
#define SHOW(kind, bytes, n, total) \
    (snprintf(what, sizeof what, "%s %s ord=%d seed=%llx %s", pre, gen.name, ordering, seed, kind), show(what, bytes, n, total))
#define FRESH() (curandDestroyGenerator(g), g = fresh(gen, seed, ordering, false))
    const size_t big = (1 << 20) + 3;
    g = fresh(gen, seed, ordering, false);
    if (!TRY(curandGenerate(g, (unsigned *)out(), big))) SHOW("bits", 4, 8, big);
    FRESH();
    if (!TRY(curandGenerateUniform(g, (float *)out(), big))) SHOW("uniform", 4, 8, big);
    FRESH();
    if (!TRY(curandGenerateUniformDouble(g, (double *)out(), big))) SHOW("uniform_double", 8, 8, big);
    FRESH();
    if (!TRY(curandGenerateNormal(g, (float *)out(), 1 << 20, 0.0f, 1.0f))) SHOW("normal", 4, 8, 16);
    FRESH();
    if (!TRY(curandGenerateNormalDouble(g, (double *)out(), 1 << 20, 1.5, 2.0))) SHOW("normal_double", 8, 8, 16);
    FRESH();
    if (!TRY(curandGenerateLogNormal(g, (float *)out(), 1 << 20, 0.5f, 0.25f))) SHOW("log_normal", 4, 8, 16);
    FRESH();
    if (!TRY(curandGenerate(g, (unsigned *)out(), 100))) SHOW("bits100", 4, 8, 100);
    if (!TRY(curandGenerate(g, (unsigned *)out(), 100))) SHOW("next bits100", 4, 8, 100);
    if (!TRY(curandGenerateUniformDouble(g, (double *)out(), 10))) SHOW("next double10", 8, 8, 10);
    if (!TRY(curandGenerate(g, (unsigned *)out(), 100))) SHOW("next bits100 again", 4, 8, 100);
    FRESH();
    if (!TRY(curandSetGeneratorOffset(g, 12345)) && !TRY(curandGenerate(g, (unsigned *)out(), 1000)))
        SHOW("offset12345 bits", 4, 8, 1000);
    for (double lambda : {0.5, 4.5, 100.0, 5000.0}) {
        FRESH();
        char kind[64];
        snprintf(kind, sizeof kind, "poisson%g", lambda);
        if (!TRY(curandGeneratePoisson(g, (unsigned *)out(), big, lambda))) SHOW(kind, 4, 16, big);
        snprintf(kind, sizeof kind, "then bits after poisson%g", lambda);
        if (!TRY(curandGenerate(g, (unsigned *)out(), 8))) SHOW(kind, 4, 8, 8);
    }
    curandDestroyGenerator(g);
#undef FRESH
}

static void quasi(Gen gen, unsigned dims, unsigned long long offset) {
    curandGenerator_t g = make(gen.type);
    if (!g) return;
    char what[200];
    const char *pre = on_host ? "host" : "dev";
    TRY(curandSetQuasiRandomGeneratorDimensions(g, dims));
    TRY(curandSetGeneratorOffset(g, offset));
    bool wide = gen.type == CURAND_RNG_QUASI_SOBOL64 || gen.type == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64;
#undef SHOW
#define SHOW(kind, bytes, n, total) \
    (snprintf(what, sizeof what, "%s %s dims=%u offset=%llu %s", pre, gen.name, dims, offset, kind), show(what, bytes, n, total))
    size_t n = (dims > 100 ? 2 : 3000) * (size_t)dims;
    if (wide) { if (!TRY(curandGenerateLongLong(g, (unsigned long long *)out(), n))) SHOW("longlong", 8, 12, n); }
    else if (!TRY(curandGenerate(g, (unsigned *)out(), n))) SHOW("bits", 4, 12, n);
    TRY(curandSetGeneratorOffset(g, offset));
    if (!TRY(curandGenerateUniform(g, (float *)out(), n))) SHOW("uniform", 4, 8, n);
    TRY(curandSetGeneratorOffset(g, offset));
    if (!TRY(curandGenerateUniformDouble(g, (double *)out(), n))) SHOW("uniform_double", 8, 8, n);
    TRY(curandSetGeneratorOffset(g, offset));
    if (!TRY(curandGenerateNormal(g, (float *)out(), n, 0.0f, 1.0f))) SHOW("normal", 4, 8, n);
    TRY(curandSetGeneratorOffset(g, offset));
    if (!TRY(curandGenerateNormalDouble(g, (double *)out(), n, 1.5, 2.0))) SHOW("normal_double", 8, 8, n);
    TRY(curandSetGeneratorOffset(g, offset));
    if (!TRY(curandGenerateLogNormal(g, (float *)out(), n, 0.5f, 0.25f))) SHOW("log_normal", 4, 8, n);
    TRY(curandSetGeneratorOffset(g, offset));
    if (!TRY(curandGeneratePoisson(g, (unsigned *)out(), n, 4.5))) SHOW("poisson4.5", 4, 16, n);
    if (!TRY(curandGeneratePoisson(g, (unsigned *)out(), n, 1000.0))) SHOW("then poisson1000", 4, 16, n);
    // Not a multiple of the dimensions.
    if (dims > 1) printf("%s %s dims=%u odd length: status %d\n", pre, gen.name, dims, (int)curandGenerateUniform(g, (float *)out(), n + 1));
    curandDestroyGenerator(g);
}

int main() {
    cudaMalloc(&dev, 8 << 21);
    Gen pseudos[] = {{CURAND_RNG_PSEUDO_MTGP32, "mtgp32"}, {CURAND_RNG_PSEUDO_MT19937, "mt19937"},
                     {CURAND_RNG_PSEUDO_XORWOW, "xorwow"}, {CURAND_RNG_PSEUDO_MRG32K3A, "mrg32k3a"},
                     {CURAND_RNG_PSEUDO_PHILOX4_32_10, "philox"}};
    Gen quasis[] = {{CURAND_RNG_QUASI_SOBOL32, "sobol32"}, {CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, "scrambled_sobol32"},
                    {CURAND_RNG_QUASI_SOBOL64, "sobol64"}, {CURAND_RNG_QUASI_SCRAMBLED_SOBOL64, "scrambled_sobol64"}};
    // Direction vectors and scramble constants.
    curandDirectionVectors32_t *v32; curandDirectionVectors64_t *v64; unsigned *c32; unsigned long long *c64;
    if (!TRY(curandGetDirectionVectors32(&v32, CURAND_DIRECTION_VECTORS_32_JOEKUO6)))
        for (int d : {0, 1, 2, 19999}) printf("dv32 dim %d: %08x %08x %08x %08x %08x\n", d, v32[d][0], v32[d][1], v32[d][2], v32[d][3], v32[d][31]);
    if (!TRY(curandGetDirectionVectors32(&v32, CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6)))
        for (int d : {0, 1, 2, 19999}) printf("sdv32 dim %d: %08x %08x %08x %08x %08x\n", d, v32[d][0], v32[d][1], v32[d][2], v32[d][3], v32[d][31]);
    if (!TRY(curandGetDirectionVectors64(&v64, CURAND_DIRECTION_VECTORS_64_JOEKUO6)))
        for (int d : {0, 1, 19999}) printf("dv64 dim %d: %016llx %016llx %016llx\n", d, v64[d][0], v64[d][1], v64[d][63]);
    if (!TRY(curandGetDirectionVectors64(&v64, CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6)))
        for (int d : {0, 1, 19999}) printf("sdv64 dim %d: %016llx %016llx %016llx\n", d, v64[d][0], v64[d][1], v64[d][63]);
    if (!TRY(curandGetScrambleConstants32(&c32))) printf("sc32: %08x %08x %08x %08x\n", c32[0], c32[1], c32[2], c32[19999]);
    if (!TRY(curandGetScrambleConstants64(&c64))) printf("sc64: %016llx %016llx %016llx\n", c64[0], c64[1], c64[19999]);
    for (int pass = 0; pass < 2; pass++) {
        on_host = pass == 1;
#ifdef ONLY_HOST
        if (!on_host) continue;
#else
        if (on_host) continue; // the host generators are recorded on a CPU (the same library)
#endif
        for (Gen g : pseudos) {
            pseudo(g, 1234, -1);
            if (g.type == CURAND_RNG_PSEUDO_MTGP32 || g.type == CURAND_RNG_PSEUDO_MT19937) pseudo(g, 0x123456789abcdefull, -1);
            if (g.type == CURAND_RNG_PSEUDO_MT19937 || g.type == CURAND_RNG_PSEUDO_MTGP32) { pseudo(g, 1234, CURAND_ORDERING_PSEUDO_LEGACY); pseudo(g, 1234, CURAND_ORDERING_PSEUDO_BEST); }
            pseudo(g, 1234, CURAND_ORDERING_PSEUDO_SEEDED);
            pseudo(g, 1234, CURAND_ORDERING_PSEUDO_DYNAMIC);
        }
        for (Gen g : quasis) {
            quasi(g, 1, 0);
            quasi(g, 3, 0);
            quasi(g, 3, 77);
            quasi(g, 20000, 5);
        }
    }
    printf("done: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
