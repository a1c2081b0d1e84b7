// Statistics of cuRAND's discrete distributions (curandCreatePoissonDistribution with
// curand_discrete and curand_discrete4 on the device, curandGeneratePoisson on the host) and of
// the host API's MTGP32, MT19937 and scrambled Sobol generators, whose numbers are not NVIDIA's
// (different parameter sets, jump-ahead and scrambling): Pearson's chi-square of Poisson counts
// against the Poisson probabilities, means of uniforms, and a Sobol point set's uniformity.
#include <cmath>
#include <cstdio>
#include <curand.h>
#include <curand_kernel.h>
#include <curand_mtgp32_host.h>
#include <curand_mtgp32dc_p_11213.h>

static int failures = 0;
#define CHECK(cond, ...)                                                                          \
    do {                                                                                          \
        if (!(cond)) {                                                                            \
            failures++;                                                                           \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                           \
            printf(__VA_ARGS__);                                                                  \
            printf("\n");                                                                         \
        }                                                                                         \
    } while (0)

#define THREADS 256
#define PER 256
#define N (THREADS * PER)

__global__ void draw(curandDiscreteDistribution_t d, unsigned int *out, int kind, curandStateMtgp32 *mtgp) {
    int t = threadIdx.x;
    curandState x;
    curand_init(77, t, 0, &x);
    curandStatePhilox4_32_10_t p;
    curand_init(77, t, 0, &p);
    for (int r = 0; r < PER; r += 4) {
        unsigned int *o = out + t * PER + r;
        if (kind == 0) {
            for (int i = 0; i < 4; i++) o[i] = curand_discrete(&x, d);
        } else if (kind == 1) {
            uint4 q = curand_discrete4(&p, d);
            o[0] = q.x, o[1] = q.y, o[2] = q.z, o[3] = q.w;
        } else {
            for (int i = 0; i < 4; i++) o[i] = curand_discrete(mtgp, d);
        }
    }
}

// Pearson's chi-square of n counts against Poisson(lambda) over the values with an expected
// count of at least 20, the two tails pooled.
static void chi_square(const char *what, const unsigned int *counts, int n, double lambda) {
    static double seen[1 << 17];
    double mean = 0;
    for (int i = 0; i < (1 << 17); i++) seen[i] = 0;
    for (int i = 0; i < n; i++) {
        seen[counts[i] < (1u << 17) ? counts[i] : (1 << 17) - 1] += 1;
        mean += counts[i];
    }
    mean /= n;
    double chi = 0, below = 0, below_p = 0, above = n, above_p = 1;
    int bins = 0;
    for (int k = 0; k < (1 << 17); k++) {
        double p = exp(k * log(lambda) - lambda - lgamma(k + 1.0));
        if (n * p >= 20) {
            chi += (seen[k] - n * p) * (seen[k] - n * p) / (n * p);
            bins++;
            above -= seen[k];
            above_p -= p;
        } else if (bins == 0) {
            below += seen[k];
            below_p += p;
            above -= seen[k];
            above_p -= p;
        }
    }
    if (below_p * n >= 5) chi += (below - n * below_p) * (below - n * below_p) / (n * below_p), bins++;
    if (above_p * n >= 5) chi += (above - n * above_p) * (above - n * above_p) / (n * above_p), bins++;
    double freedom = bins - 1;
    CHECK(chi < freedom + 6 * sqrt(2 * freedom), "%s: chi-square %.1f over %g degrees of freedom", what, chi, freedom);
    CHECK(fabs(mean - lambda) < 6 * sqrt(lambda / n), "%s: mean %.4f for %g", what, mean, lambda);
}

int main() {
    static unsigned int host[N];
    unsigned int *out;
    cudaMalloc(&out, N * sizeof(unsigned int));
    curandStateMtgp32 *mtgp;
    mtgp32_kernel_params *params;
    cudaMalloc(&mtgp, sizeof(curandStateMtgp32));
    cudaMalloc(&params, sizeof(mtgp32_kernel_params));
    CHECK(curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, params) == CURAND_STATUS_SUCCESS, "constants");
    const char *kinds[] = {"xorwow curand_discrete", "philox curand_discrete4", "mtgp32 curand_discrete"};
    for (double lambda : {0.5, 4.5, 37.25, 1000.0, 70000.0}) {
        curandDiscreteDistribution_t d;
        CHECK(curandCreatePoissonDistribution(lambda, &d) == CURAND_STATUS_SUCCESS, "create %g", lambda);
        for (int kind = 0; kind < 3; kind++) {
            CHECK(curandMakeMTGP32KernelState(mtgp, mtgp32dc_params_fast_11213, params, 1, 5) == CURAND_STATUS_SUCCESS, "state");
            draw<<<1, THREADS>>>(d, out, kind, mtgp);
            cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
            char what[96];
            snprintf(what, sizeof what, "%s lambda=%g", kinds[kind], lambda);
            chi_square(what, host, N, lambda);
        }
        CHECK(curandDestroyDistribution(d) == CURAND_STATUS_SUCCESS, "destroy %g", lambda);
    }
    curandDiscreteDistribution_t bad;
    CHECK(curandCreatePoissonDistribution(-1.0, &bad) == CURAND_STATUS_OUT_OF_RANGE, "a negative mean");

    // The host API's Poisson counts for every generator.
    curandRngType_t types[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_MRG32K3A, CURAND_RNG_PSEUDO_PHILOX4_32_10,
                               CURAND_RNG_PSEUDO_MTGP32, CURAND_RNG_PSEUDO_MT19937, CURAND_RNG_QUASI_SCRAMBLED_SOBOL32};
    for (curandRngType_t type : types) {
        for (double lambda : {0.5, 4.5, 100.0, 5000.0}) {
            curandGenerator_t g;
            CHECK(curandCreateGenerator(&g, type) == CURAND_STATUS_SUCCESS, "generator %d", (int)type);
            CHECK(curandGeneratePoisson(g, out, N, lambda) == CURAND_STATUS_SUCCESS, "poisson %d", (int)type);
            cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
            char what[96];
            snprintf(what, sizeof what, "curandGeneratePoisson type %d lambda=%g", (int)type, lambda);
            chi_square(what, host, N, lambda);
            curandDestroyGenerator(g);
        }
    }

    // Uniforms of the generators whose numbers are Cuprite's own: mean 1/2, and the scrambled
    // Sobol points of 2^16 in each of the first two dimensions fill every 1/256 interval
    // exactly 256 times (a (0, m, 1) net, which scrambling keeps).
    static float u[N];
    float *dev_u;
    cudaMalloc(&dev_u, sizeof u);
    for (curandRngType_t type : {CURAND_RNG_PSEUDO_MTGP32, CURAND_RNG_PSEUDO_MT19937}) {
        curandGenerator_t g;
        curandCreateGenerator(&g, type);
        curandSetPseudoRandomGeneratorSeed(g, 99);
        curandGenerateUniform(g, dev_u, N);
        cudaMemcpy(u, dev_u, sizeof u, cudaMemcpyDeviceToHost);
        double mean = 0;
        for (int i = 0; i < N; i++) mean += u[i];
        mean /= N;
        CHECK(fabs(mean - 0.5) < 6 * sqrt(1.0 / 12 / N), "type %d uniform mean %.5f", (int)type, mean);
        curandDestroyGenerator(g);
    }
    for (curandRngType_t type : {CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, CURAND_RNG_QUASI_SCRAMBLED_SOBOL64}) {
        curandGenerator_t g;
        curandCreateGenerator(&g, type);
        CHECK(curandSetQuasiRandomGeneratorDimensions(g, 2) == CURAND_STATUS_SUCCESS, "dimensions");
        curandGenerateUniform(g, dev_u, N);
        cudaMemcpy(u, dev_u, sizeof u, cudaMemcpyDeviceToHost);
        for (int d = 0; d < 2; d++) {
            static int cells[256];
            for (int c = 0; c < 256; c++) cells[c] = 0;
            for (int i = 0; i < N / 2; i++) cells[(int)(u[d * (N / 2) + i] * 256) & 255]++;
            int worst = 0;
            for (int c = 0; c < 256; c++) worst = cells[c] != 128 ? c + 1 : worst;
            CHECK(worst == 0, "type %d dimension %d: cell %d holds %d points", (int)type, d, worst - 1, cells[worst > 0 ? worst - 1 : 0]);
        }
        CHECK(curandGenerateUniform(g, dev_u, 3) == CURAND_STATUS_LENGTH_NOT_MULTIPLE, "odd length");
        curandDestroyGenerator(g);
    }
    if (failures == 0) printf("PASS\n");
    return failures != 0;
}
