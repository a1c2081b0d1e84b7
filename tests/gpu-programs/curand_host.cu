// flags: -lcurand
// cuRAND's host API: for each pseudo-random generator and output ordering, the first words of
// every generation function, checksums of long runs, the offset option, and how one call's
// position follows the last. Printed as hex words (floats and doubles as their bits), so that
// the output, recorded on an H200 with NVIDIA's libcurand, is the fact a Cuprite build matches.
#include <cstdio>
#include <cstring>
#include <curand.h>
#include <cuda_runtime.h>

static void *dev;
static unsigned long long host[1 << 21];

// Prints `n` words of `bytes` bytes each from the device buffer, then the checksum of `total`.
static void show(const char *what, int bytes, size_t n, size_t total) {
    cudaMemcpy(host, dev, total * bytes, cudaMemcpyDeviceToHost);
    unsigned long long sum = 0;
    printf("%s:", what);
    for (size_t i = 0; i < total; i++) {
        unsigned long long w = bytes == 4 ? ((unsigned *)host)[i] : host[i];
        sum = sum * 31 + w;
        if (i < n) printf(bytes == 4 ? " %08llx" : " %016llx", w);
    }
    printf(" sum=%016llx\n", sum);
}

#define TRY(call)                                                                        \
    do {                                                                                 \
        curandStatus_t s_ = (call);                                                      \
        if (s_ != CURAND_STATUS_SUCCESS) printf("%s -> status %d\n", #call, (int)s_);    \
    } while (0)

static void run(curandRngType_t type, const char *name, curandOrdering_t order, const char *oname,
                unsigned long long seed) {
    curandGenerator_t g;
    TRY(curandCreateGenerator(&g, type));
    curandStatus_t s = curandSetGeneratorOrdering(g, order);
    if (s != CURAND_STATUS_SUCCESS) {
        printf("%s %s: ordering status %d\n", name, oname, (int)s);
        curandDestroyGenerator(g);
        return;
    }
    TRY(curandSetPseudoRandomGeneratorSeed(g, seed));
    char what[160];
#define SHOW(kind, bytes, n, total) \
    (snprintf(what, sizeof what, "%s %s seed=%llx %s", name, oname, seed, kind), show(what, bytes, n, total))
    const size_t big = (1 << 20) + 3;
    TRY(curandGenerate(g, (unsigned *)dev, big));
    SHOW("bits", 4, 8, big);
    TRY(curandSetGeneratorOffset(g, 0));
    TRY(curandGenerateUniform(g, (float *)dev, big));
    SHOW("uniform", 4, 8, big);
    TRY(curandSetGeneratorOffset(g, 0));
    TRY(curandGenerateUniformDouble(g, (double *)dev, big));
    SHOW("uniform_double", 8, 8, big);
    TRY(curandSetGeneratorOffset(g, 0));
    TRY(curandGenerateNormal(g, (float *)dev, 1 << 20, 0.0f, 1.0f));
    SHOW("normal", 4, 8, 16);
    TRY(curandSetGeneratorOffset(g, 0));
    TRY(curandGenerateNormalDouble(g, (double *)dev, 1 << 20, 1.5, 2.0));
    SHOW("normal_double", 8, 8, 16);
    TRY(curandSetGeneratorOffset(g, 0));
    TRY(curandGenerateLogNormal(g, (float *)dev, 1 << 20, 0.5f, 0.25f));
    SHOW("log_normal", 4, 8, 16);
    TRY(curandSetGeneratorOffset(g, 0));
    TRY(curandGenerateLogNormalDouble(g, (double *)dev, 1 << 20, 0.5, 0.25));
    SHOW("log_normal_double", 8, 8, 16);
    // Offsets: in draws, for bits and for doubles.
    TRY(curandSetGeneratorOffset(g, 4099));
    TRY(curandGenerate(g, (unsigned *)dev, 8));
    SHOW("offset4099 bits", 4, 8, 8);
    TRY(curandSetGeneratorOffset(g, 4099));
    TRY(curandGenerateUniformDouble(g, (double *)dev, 8));
    SHOW("offset4099 uniform_double", 8, 8, 8);
    TRY(curandSetGeneratorOffset(g, 6));
    TRY(curandGenerateNormal(g, (float *)dev, 8, 0.0f, 1.0f));
    SHOW("offset6 normal", 4, 8, 8);
    // Where a call starts after calls of other kinds.
    TRY(curandSetGeneratorOffset(g, 0));
    TRY(curandGenerate(g, (unsigned *)dev, 10));
    TRY(curandGenerateUniformDouble(g, (double *)dev, 6));
    TRY(curandGenerate(g, (unsigned *)dev, 4));
    SHOW("after bits10 double6 bits", 4, 4, 4);
    TRY(curandGenerateNormal(g, (float *)dev, 6, 0.0f, 1.0f));
    TRY(curandGenerate(g, (unsigned *)dev, 4));
    SHOW("after normal6 bits", 4, 4, 4);
    TRY(curandGenerateNormalDouble(g, (double *)dev, 6, 0.0, 1.0));
    TRY(curandGenerate(g, (unsigned *)dev, 4));
    SHOW("after normal_double6 bits", 4, 4, 4);
    // Errors.
    printf("%s odd normal: %d\n", name, (int)curandGenerateNormal(g, (float *)dev, 7, 0.0f, 1.0f));
    printf("%s long long: %d\n", name, (int)curandGenerateLongLong(g, (unsigned long long *)dev, 8));
    TRY(curandDestroyGenerator(g));
}

int main() {
    int version = 0;
    TRY(curandGetVersion(&version));
    printf("version %d\n", version);
    cudaMalloc(&dev, sizeof host);
    const unsigned long long seeds[] = {1234ull, 0ull, 0xfedcba9876543210ull};
    for (unsigned long long seed : seeds) {
        run(CURAND_RNG_PSEUDO_XORWOW, "xorwow", CURAND_ORDERING_PSEUDO_DEFAULT, "default", seed);
        run(CURAND_RNG_PSEUDO_MRG32K3A, "mrg32k3a", CURAND_ORDERING_PSEUDO_DEFAULT, "default", seed);
        run(CURAND_RNG_PSEUDO_PHILOX4_32_10, "philox", CURAND_ORDERING_PSEUDO_DEFAULT, "default", seed);
    }
    run(CURAND_RNG_PSEUDO_XORWOW, "xorwow", CURAND_ORDERING_PSEUDO_LEGACY, "legacy", 77);
    run(CURAND_RNG_PSEUDO_XORWOW, "xorwow", CURAND_ORDERING_PSEUDO_BEST, "best", 77);
    run(CURAND_RNG_PSEUDO_MRG32K3A, "mrg32k3a", CURAND_ORDERING_PSEUDO_LEGACY, "legacy", 77);
    run(CURAND_RNG_PSEUDO_MRG32K3A, "mrg32k3a", CURAND_ORDERING_PSEUDO_BEST, "best", 77);
    run(CURAND_RNG_PSEUDO_PHILOX4_32_10, "philox", CURAND_ORDERING_PSEUDO_LEGACY, "legacy", 77);
    run(CURAND_RNG_PSEUDO_MRG32K3A, "mrg32k3a", CURAND_ORDERING_PSEUDO_SEEDED, "seeded", 77);
    // A generator made by curandCreateGenerator's default seed (0) and the host generator.
    curandGenerator_t g;
    TRY(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT));
    TRY(curandGenerate(g, (unsigned *)dev, 8));
    show("default generator bits", 4, 8, 8);
    TRY(curandDestroyGenerator(g));
    TRY(curandCreateGeneratorHost(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10));
    TRY(curandSetPseudoRandomGeneratorSeed(g, 99));
    unsigned words[8];
    TRY(curandGenerate(g, words, 8));
    printf("host generator philox seed=99 bits:");
    for (unsigned w : words) printf(" %08x", w);
    printf("\n");
    TRY(curandDestroyGenerator(g));
    return 0;
}
