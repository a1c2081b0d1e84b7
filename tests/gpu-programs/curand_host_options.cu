// flags: -lcurand
// cuRAND's host API: what setting the seed, the offset and the ordering does to where a
// generator's next call starts, for XORWOW, MRG32k3a and Philox4x32-10 (seed 5). Recorded on an
// H200 with NVIDIA's libcurand: curand_host_options.txt.
#include <cstdio>
#include <curand.h>

static unsigned *dev;

// Prints the first `n` words of the device buffer after `label`.
static void show(const char *label, int n) {
    unsigned h[8];
    cudaMemcpy(h, dev, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    printf("%s", label);
    for (int i = 0; i < n; i++) printf(" %08x", h[i]);
}

int main() {
    cudaMalloc(&dev, 64);
    const curandRngType_t types[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_MRG32K3A,
                                     CURAND_RNG_PSEUDO_PHILOX4_32_10};
    for (int t = 0; t < 3; t++) {
        curandGenerator_t g;
        curandCreateGenerator(&g, types[t]);
        curandSetPseudoRandomGeneratorSeed(g, 5);
        // Eight words, then the same seed again: does the next call start over?
        curandGenerate(g, dev, 8);
        curandSetPseudoRandomGeneratorSeed(g, 5);
        curandGenerate(g, dev, 4);
        printf("%d", t);
        show(" reseed:", 4);
        // Offset 3, two words, the seed again, two words.
        curandSetGeneratorOffset(g, 3);
        curandGenerate(g, dev, 2);
        curandSetPseudoRandomGeneratorSeed(g, 5);
        curandGenerate(g, dev, 2);
        show(" offset3+2,reseed:", 2);
        // Another ordering.
        curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_LEGACY);
        curandGenerate(g, dev, 2);
        show(" order:", 2);
        // Offset 0 and the default ordering: the start again.
        curandSetGeneratorOffset(g, 0);
        curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DEFAULT);
        curandGenerate(g, dev, 2);
        show(" back:", 2);
        printf("\n");
        curandDestroyGenerator(g);
    }
    return 0;
}
