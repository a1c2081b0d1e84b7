// flags: -lcurand
// cuRAND's device API, MTGP32: block states made by curandMakeMTGP32KernelState from three of
// the parameter sets MTGP publishes (the first three of its dynamic creator's
// mtgp32dc-param-11213.c, BSD-licensed, (c) 2009-2011 Mutsuo Saito, Makoto Matsumoto, Hiroshima
// University, University of Tokyo), so that nvcc's and Cuprite's builds draw from the same
// parameters; the first values and checksums of every MTGP32 draw, as hex words.
#include <cstdio>
#include <curand_kernel.h>
#include <curand_mtgp32_host.h>

static mtgp32_params_fast_t published[200] = {
    { /* No.0 */ 11213, 19, 13, 4,
        {
         0x00000000, 0x4f909277, 0xd506358c, 0x9a96a7fb, 0xecc00000, 0xa3509277, 0x39c6358c, 0x7656a7fb,
         0x00009fd9, 0x4f900dae, 0xd506aa55, 0x9a963822, 0xecc09fd9, 0xa3500dae, 0x39c6aa55, 0x76563822,
        },
        {
         0x00000000, 0x007c4132, 0x2b4020ed, 0x2b3c61df, 0x000240a5, 0x007e0197, 0x2b426048, 0x2b3e217a,
         0x00414015, 0x003d0127, 0x2b0160f8, 0x2b7d21ca, 0x004300b0, 0x003f4182, 0x2b03205d, 0x2b7f616f,
        },
        {
         0x3f800000, 0x3f803e20, 0x3f95a010, 0x3f959e30, 0x3f800120, 0x3f803f00, 0x3f95a130, 0x3f959f10,
         0x3f8020a0, 0x3f801e80, 0x3f9580b0, 0x3f95be90, 0x3f802180, 0x3f801fa0, 0x3f958190, 0x3f95bfb0,
        },
        0xfff80000,
        {0x43, 0x93, 0x2a, 0x2d, 0x4c, 0xab, 0x4c, 0xd3, 0x8f, 0xfb, 0x1e, 0xdd, 0x5e, 0x1a, 0xbb, 0x08, 0x92, 0x84, 0x17, 0x63, 0x00}},
    { /* No.1 */ 11213, 36, 13, 4,
        {
         0x00000000, 0x04e7bdd9, 0xbd4135d8, 0xb9a68801, 0xf0c00015, 0xf427bdcc, 0x4d8135cd, 0x49668814,
         0x0000e79e, 0x04e75a47, 0xbd41d246, 0xb9a66f9f, 0xf0c0e78b, 0xf4275a52, 0x4d81d253, 0x49666f8a,
        },
        {
         0x00000000, 0x007802fe, 0x0084013b, 0x00fc03c5, 0x00060156, 0x007e03a8, 0x0082006d, 0x00fa0293,
         0x0004001a, 0x007c02e4, 0x00800121, 0x00f803df, 0x0002014c, 0x007a03b2, 0x00860077, 0x00fe0289,
        },
        {
         0x3f800000, 0x3f803c01, 0x3f804200, 0x3f807e01, 0x3f800300, 0x3f803f01, 0x3f804100, 0x3f807d01,
         0x3f800200, 0x3f803e01, 0x3f804000, 0x3f807c01, 0x3f800100, 0x3f803d01, 0x3f804300, 0x3f807f01,
        },
        0xfff80000,
        {0xda, 0xdf, 0x57, 0xe8, 0xbe, 0xba, 0x9b, 0x01, 0x23, 0xe2, 0x5d, 0x4b, 0x41, 0xf7, 0xb2, 0x6b, 0x77, 0x6f, 0x03, 0xd0, 0x00}},
    { /* No.2 */ 11213, 3, 13, 4,
        {
         0x00000000, 0x7f1f322e, 0xd937af30, 0xa6289d1e, 0x0940002c, 0x765f3202, 0xd077af1c, 0xaf689d32,
         0x00001134, 0x7f1f231a, 0xd937be04, 0xa6288c2a, 0x09401118, 0x765f2336, 0xd077be28, 0xaf688c06,
        },
        {
         0x00000000, 0x824a98bb, 0x24000749, 0xa64a9ff2, 0x49208c71, 0xcb6a14ca, 0x6d208b38, 0xef6a1383,
         0x0cd00f55, 0x8e9a97ee, 0x28d0081c, 0xaa9a90a7, 0x45f08324, 0xc7ba1b9f, 0x61f0846d, 0xe3ba1cd6,
        },
        {
         0x3f800000, 0x3fc1254c, 0x3f920003, 0x3fd3254f, 0x3fa49046, 0x3fe5b50a, 0x3fb69045, 0x3ff7b509,
         0x3f866807, 0x3fc74d4b, 0x3f946804, 0x3fd54d48, 0x3fa2f841, 0x3fe3dd0d, 0x3fb0f842, 0x3ff1dd0e,
        },
        0xfff80000,
        {0x6f, 0xaa, 0x42, 0x5f, 0x0c, 0xc0, 0x2d, 0x43, 0xf7, 0xd3, 0x08, 0xe8, 0xa4, 0xf5, 0x90, 0xf9, 0x21, 0x33, 0x77, 0x99, 0x00}},
};

#define BLOCKS 3
#define PER 8
#define TRY(call) do { int s_ = (int)(call); if (s_) printf("%s -> %d\n", #call, s_); } while (0)

// Each thread of each block: PER rounds of one kind of draw; out[(block * PER + r) * threads + t].
__global__ void draw(curandStateMtgp32 *states, unsigned long long *out, int kind) {
    int b = blockIdx.x, t = threadIdx.x, n = blockDim.x;
    curandStateMtgp32 *s = &states[b];
    for (int r = 0; r < PER; r++) {
        unsigned long long w = 0;
        switch (kind) {
        case 0: w = curand(s); break;
        case 1: w = __float_as_uint(curand_uniform(s)); break;
        case 2: w = __double_as_longlong(curand_uniform_double(s)); break;
        case 3: w = __float_as_uint(curand_normal(s)); break;
        case 4: w = __double_as_longlong(curand_normal_double(s)); break;
        case 5: w = __float_as_uint(curand_log_normal(s, 0.5f, 0.25f)); break;
        case 6: w = curand_poisson(s, 5.5); break;
        case 7: w = curand_poisson(s, 300.0); break;
        case 8: w = curand_mtgp32_specific(s, (unsigned char)((t * 7) % n), (unsigned char)n); break;
        case 9: w = __float_as_uint(curand_mtgp32_single(s)); break;
        case 10: w = __float_as_uint(curand_mtgp32_single_specific(s, (unsigned char)((t * 7) % n), (unsigned char)n)); break;
        case 11: w = curand_poisson(s, 1500.0); break;
        }
        out[(b * PER + r) * n + t] = w;
        __syncthreads();
    }
}

static unsigned long long host[BLOCKS * PER * 256];

static void show(const char *what, unsigned long long *dev, int threads, int bytes) {
    int total = BLOCKS * PER * threads;
    cudaMemcpy(host, dev, total * 8, cudaMemcpyDeviceToHost);
    unsigned long long sum = 0;
    for (int i = 0; i < total; i++) sum = sum * 31 + host[i];
    printf("%s threads=%d:", what, threads);
    for (int i = 0; i < 6; i++) printf(bytes == 4 ? " %08llx" : " %016llx", host[i]);
    printf(" | b1:");
    for (int i = 0; i < 3; i++) printf(bytes == 4 ? " %08llx" : " %016llx", host[PER * threads + i]);
    printf(" | r1:");
    for (int i = 0; i < 3; i++) printf(bytes == 4 ? " %08llx" : " %016llx", host[threads + i]);
    printf(" sum=%016llx\n", sum);
}

int main() {
    curandStateMtgp32 *states;
    mtgp32_kernel_params *params;
    unsigned long long *out;
    cudaMalloc(&states, BLOCKS * sizeof(curandStateMtgp32));
    cudaMalloc(&params, sizeof(mtgp32_kernel_params));
    cudaMalloc(&out, sizeof host);
    TRY(curandMakeMTGP32Constants(published, params));
    const char *names[] = {"bits", "uniform", "uniform_double", "normal", "normal_double", "log_normal",
                           "poisson5.5", "poisson300", "specific", "single", "single_specific", "poisson1500"};
    int bytes[] = {4, 4, 8, 4, 8, 4, 4, 4, 4, 4, 4, 4};
    unsigned long long seeds[] = {0, 1234, 0x123456789abcdefull};
    for (unsigned long long seed : seeds) {
        for (int threads : {256, 64}) {
            for (int kind = 0; kind < 12; kind++) {
                TRY(curandMakeMTGP32KernelState(states, published, params, BLOCKS, seed));
                draw<<<BLOCKS, threads>>>(states, out, kind);
                char what[96];
                snprintf(what, sizeof what, "mtgp32 seed=%llx %s", seed, names[kind]);
                show(what, out, threads, bytes[kind]);
            }
        }
    }
    // A few raw state words after curandMakeMTGP32KernelState (seed 1234): block 0 and 2.
    curandStateMtgp32 hs[BLOCKS];
    TRY(curandMakeMTGP32KernelState(states, published, params, BLOCKS, 1234));
    cudaMemcpy(hs, states, sizeof hs, cudaMemcpyDeviceToHost);
    for (int b = 0; b < BLOCKS; b += 2) {
        printf("mtgp32 state block %d: offset=%d pIdx=%d s:", b, hs[b].offset, hs[b].pIdx);
        for (int i = 0; i < 6; i++) printf(" %08x", hs[b].s[i]);
        printf(" s[350]=%08x\n", hs[b].s[350]);
    }

    printf("done: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
