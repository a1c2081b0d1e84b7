// cuRAND's Sobol32 and scrambled Sobol32 device API for two sets of direction vectors (the
// first Sobol dimension, 2^(31-k), and arbitrary odd words), a few offsets and scramble
// constants; output on an H200 (nvcc 13.0): curand_sobol_values.txt. Words are bits, floats
// as their bit patterns.
#include <cstdio>
#include <curand_kernel.h>

__global__ void draw(const unsigned int *vectors, unsigned int scramble, unsigned int offset, int scrambled,
                     int skip, unsigned long long *out) {
    int n = 0;
    if (scrambled) {
        curandStateScrambledSobol32_t s;
        curand_init((unsigned int *)vectors, scramble, offset, &s);
        for (int i = 0; i < 4; i++) out[n++] = curand(&s);
        if (skip) skipahead(1000u, &s);
        out[n++] = __float_as_uint(curand_uniform(&s));
        out[n++] = __float_as_uint(curand_normal(&s));
        out[n++] = __double_as_longlong(curand_uniform_double(&s));
        out[n++] = __double_as_longlong(curand_normal_double(&s));
        out[n++] = __float_as_uint(curand_log_normal(&s, 0.5f, 2.0f));
        out[n++] = __double_as_longlong(curand_log_normal_double(&s, 0.5, 2.0));
    } else {
        curandStateSobol32_t s;
        curand_init((unsigned int *)vectors, offset, &s);
        for (int i = 0; i < 4; i++) out[n++] = curand(&s);
        if (skip) skipahead(1000u, &s);
        out[n++] = __float_as_uint(curand_uniform(&s));
        out[n++] = __float_as_uint(curand_normal(&s));
        out[n++] = __double_as_longlong(curand_uniform_double(&s));
        out[n++] = __double_as_longlong(curand_normal_double(&s));
        out[n++] = __float_as_uint(curand_log_normal(&s, 0.5f, 2.0f));
        out[n++] = __double_as_longlong(curand_log_normal_double(&s, 0.5, 2.0));
    }
}

int main() {
    unsigned int vectors[2][32];
    for (int k = 0; k < 32; k++) {
        vectors[0][k] = 1u << (31 - k);
        vectors[1][k] = (0x9E3779B9u * (k + 1)) | 1u;
    }
    unsigned int *dev_vectors;
    unsigned long long *dev_out, out[10];
    cudaMalloc(&dev_vectors, sizeof vectors);
    cudaMalloc(&dev_out, sizeof out);
    cudaMemcpy(dev_vectors, vectors, sizeof vectors, cudaMemcpyHostToDevice);
    const unsigned int offsets[] = {0u, 1u, 2u, 7u, 1000u, 0x7FFFFFFFu, 0xFFFFFFF0u};
    const unsigned int scrambles[] = {0u, 0xDEADBEEFu};
    for (int set = 0; set < 2; set++)
        for (int scrambled = 0; scrambled < 2; scrambled++)
            for (unsigned int scramble : scrambles)
                for (unsigned int offset : offsets)
                    for (int skip = 0; skip < 2; skip++) {
                        if (!scrambled && scramble) continue;
                        draw<<<1, 1>>>(dev_vectors + 32 * set, scramble, offset, scrambled, skip, dev_out);
                        cudaMemcpy(out, dev_out, sizeof out, cudaMemcpyDeviceToHost);
                        printf("set=%d scrambled=%d scramble=%x offset=%u skip=%d:", set, scrambled, scramble, offset, skip);
                        for (unsigned long long w : out) printf(" %llx", w);
                        printf("\n");
                    }
    return 0;
}
