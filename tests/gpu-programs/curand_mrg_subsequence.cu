// MRG32k3a's skipahead_subsequence, skipahead_sequence and skipahead for n = 2^b (b < 64) and a
// few other n, from curand_init(77, 0, 0): the state words s1[0..2] s2[0..2] after the jump.
// Output on an H200 (nvcc 13.0): curand_mrg_subsequence.txt. Kind 0 (subsequence) matches the
// exact jump of 2^76 * n draws for b <= 50 only; from b = 51 the GPU's states are unrelated to
// it (some all zero), which Cuprite does not reproduce. Kinds 1 and 2 match for every n.
#include <cstdio>
#include <curand_kernel.h>

__global__ void jump(unsigned long long n, int kind, unsigned int *out) {
    curandStateMRG32k3a_t s;
    curand_init(77, 0, 0, &s);
    if (kind == 0) skipahead_subsequence(n, &s);
    else if (kind == 1) skipahead_sequence(n, &s);
    else skipahead(n, &s);
    for (int i = 0; i < 3; i++) {
        out[i] = s.s1[i];
        out[3 + i] = s.s2[i];
    }
}

static void print(unsigned int *dev, unsigned long long n, int kind, const char *label) {
    unsigned int host[6];
    jump<<<1, 1>>>(n, kind, dev);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    printf("%d %s", kind, label);
    for (int i = 0; i < 6; i++) printf(" %u", host[i]);
    printf("\n");
}

int main() {
    unsigned int *dev;
    cudaMalloc(&dev, 6 * sizeof(unsigned int));
    char label[32];
    for (int kind = 0; kind < 3; kind++)
        for (int b = 0; b < 64; b++) {
            snprintf(label, sizeof label, "%d", b);
            print(dev, 1ull << b, kind, label);
        }
    const unsigned long long others[] = {3ull, 0xFEDCBA9876543210ull, 0xFFFFFFFFFFFFFFFFull, (1ull << 62) + 5};
    for (int kind = 0; kind < 3; kind++)
        for (unsigned long long n : others) {
            snprintf(label, sizeof label, "n%llx", n);
            print(dev, n, kind, label);
        }
    return 0;
}
