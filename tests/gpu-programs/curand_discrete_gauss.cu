// flags: -lcurand
// cuRAND's discrete Poisson distribution of a large mean (70000): NVIDIA's
// curandCreatePoissonDistribution makes the normal approximation (CURAND_DISCRETE_GAUSS,
// stddev sqrt(lambda)), and curand_discrete then draws stddev * curand_normal_double + mean,
// rounded. The draws of XORWOW, Philox (one and four at a time) and MRG32k3a states; the
// expected lines are those of the same kernel in a larger program recorded on an H200 (which
// also drew from an MTGP32 state with NVIDIA's own parameter table: that line is left out).
#include <cstdio>
#include <curand_kernel.h>

__global__ void discrete(curandDiscreteDistribution_t dd, unsigned long long *out) {
    int t = threadIdx.x;
    curandStateXORWOW_t x; curand_init(1234, t, 0, &x);
    curandStatePhilox4_32_10_t p; curand_init(1234, t, 0, &p);
    curandStateMRG32k3a_t m; curand_init(1234, t, 0, &m);
    for (int r = 0; r < 4; r++) {
        out[(0 * 4 + r) * 64 + t] = curand_discrete(&x, dd);
        out[(1 * 4 + r) * 64 + t] = curand_discrete(&p, dd);
        uint4 q = curand_discrete4(&p, dd);
        out[(2 * 4 + r) * 64 + t] = q.x | (unsigned long long)q.w << 32;
        out[(3 * 4 + r) * 64 + t] = curand_discrete(&m, dd);
        __syncthreads();
    }
}

int main() {
    static unsigned long long host[4 * 4 * 64];
    unsigned long long *out;
    cudaMalloc(&out, sizeof host);
    double lambda = 70000.0;
    curandDiscreteDistribution_t dd;
    int s = curandCreatePoissonDistribution(lambda, &dd);
    printf("poisson dist lambda=%g: status %d\n", lambda, s);
    curandDiscreteDistribution_st d;
    cudaMemcpy(&d, dd, sizeof d, cudaMemcpyDeviceToHost);
    printf("  method=%d stddev=%.17g mean=%.17g\n", (int)d.method, d.stddev, d.mean);
    discrete<<<1, 64>>>(dd, out);
    cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
    const char *gens[] = {"xorwow", "philox", "philox4(x,w)", "mrg32k3a"};
    for (int g = 0; g < 4; g++) {
        unsigned long long sum = 0;
        printf("  discrete %s:", gens[g]);
        for (int i = 0; i < 4 * 64; i++) {
            sum = sum * 31 + host[g * 256 + i];
            if (i < 10) printf(" %llx", host[g * 256 + i]);
        }
        printf(" sum=%016llx\n", sum);
    }
    curandDestroyDistribution(dd);
}
