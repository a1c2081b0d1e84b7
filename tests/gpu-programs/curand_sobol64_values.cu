// cuRAND's Sobol64 and scrambled Sobol64 device API for two sets of direction vectors (the first
// Sobol dimension, 2^(63-k), and arbitrary odd words), a few offsets and scramble constants, as
// curand_sobol_values.cu does for Sobol32. To record on a GPU (nvcc 13.0, -cudart shared) as
// curand_sobol64_values.txt. Words are bits, floats as their bit patterns.
#include <cstdio>
#include <curand_kernel.h>

__global__ void draw(unsigned long long *vectors, unsigned long long scramble, unsigned long long offset,
                     int scrambled, int skip, unsigned long long *out) {
    int n = 0;
    if (scrambled) {
        curandStateScrambledSobol64_t s;
        curand_init(vectors, scramble, offset, &s);
        for (int i = 0; i < 4; i++) out[n++] = curand(&s);
        if (skip) skipahead(1000ull, &s);
        out[n++] = __float_as_uint(curand_uniform(&s));
        out[n++] = __float_as_uint(curand_normal(&s));
        out[n++] = __double_as_longlong(curand_uniform_double(&s));
        out[n++] = __double_as_longlong(curand_normal_double(&s));
        out[n++] = __float_as_uint(curand_log_normal(&s, 0.5f, 2.0f));
        out[n++] = __double_as_longlong(curand_log_normal_double(&s, 0.5, 2.0));
    } else {
        curandStateSobol64_t s;
        curand_init(vectors, offset, &s);
        for (int i = 0; i < 4; i++) out[n++] = curand(&s);
        if (skip) skipahead(1000ull, &s);
        out[n++] = __float_as_uint(curand_uniform(&s));
        out[n++] = __float_as_uint(curand_normal(&s));
        out[n++] = __double_as_longlong(curand_uniform_double(&s));
        out[n++] = __double_as_longlong(curand_normal_double(&s));
        out[n++] = __float_as_uint(curand_log_normal(&s, 0.5f, 2.0f));
        out[n++] = __double_as_longlong(curand_log_normal_double(&s, 0.5, 2.0));
    }
}

int main() {
    unsigned long long vectors[2][64];
    for (int k = 0; k < 64; k++) {
        vectors[0][k] = 1ull << (63 - k);
        vectors[1][k] = (0x9E3779B97F4A7C15ull * (k + 1)) | 1ull;
    }
    unsigned long long *dev_vectors, *dev_out, out[10];
    cudaMalloc(&dev_vectors, sizeof vectors);
    cudaMalloc(&dev_out, sizeof out);
    cudaMemcpy(dev_vectors, vectors, sizeof vectors, cudaMemcpyHostToDevice);
    const unsigned long long offsets[] = {0ull, 1ull, 2ull, 7ull, 1000ull, 0x7FFFFFFFull, 0xFFFFFFF0ull,
                                          0x123456789Aull, 0x7FFFFFFFFFFFFFF0ull};
    const unsigned long long scrambles[] = {0ull, 0xDEADBEEFCAFEF00Dull};
    for (int set = 0; set < 2; set++)
        for (int scrambled = 0; scrambled < 2; scrambled++)
            for (unsigned long long scramble : scrambles)
                for (unsigned long long offset : offsets)
                    for (int skip = 0; skip < 2; skip++) {
                        if (!scrambled && scramble) continue;
                        draw<<<1, 1>>>(dev_vectors + 64 * set, scramble, offset, scrambled, skip, dev_out);
                        cudaMemcpy(out, dev_out, sizeof out, cudaMemcpyDeviceToHost);
                        printf("set=%d scrambled=%d scramble=%llx offset=%llx skip=%d:", set, scrambled, scramble,
                               offset, skip);
                        for (unsigned long long w : out) printf(" %llx", w);
                        printf("\n");
                    }
    return 0;
}
