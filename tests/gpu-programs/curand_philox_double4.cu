// Philox4x32-10's four- and two-wide double draws (curand_uniform4_double, curand_normal4_double,
// curand_log_normal2_double, curand_log_normal4_double) from each of the four positions within
// a counter block; output on an H200 (nvcc 13.0): curand_philox_double4.txt (bit patterns).
#include <cstdio>
#include <curand_kernel.h>

__global__ void draw(unsigned long long seed, unsigned long long offset, unsigned long long *out) {
    curandStatePhilox4_32_10_t s;
    curand_init(seed, 3, offset, &s);
    int n = 0;
    double4 u = curand_uniform4_double(&s);
    double4 g = curand_normal4_double(&s);
    double2 l2 = curand_log_normal2_double(&s, 0.25, 0.5);
    double4 l4 = curand_log_normal4_double(&s, 0.25, 0.5);
    for (double v : {u.x, u.y, u.z, u.w, g.x, g.y, g.z, g.w, l2.x, l2.y, l4.x, l4.y, l4.z, l4.w})
        out[n++] = (unsigned long long)__double_as_longlong(v);
    out[n++] = curand(&s);
}

int main() {
    unsigned long long *dev, host[15];
    cudaMalloc(&dev, sizeof host);
    for (unsigned long long seed : {0ull, 1234ull})
        for (unsigned long long offset : {0ull, 1ull, 2ull, 3ull, 4ull, 1001ull}) {
            draw<<<1, 1>>>(seed, offset, dev);
            cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
            printf("seed=%llu offset=%llu:", seed, offset);
            for (unsigned long long w : host) printf(" %llx", w);
            printf("\n");
        }
    return 0;
}
