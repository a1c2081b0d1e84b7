// Built by `cuprite nvcc -ftz=true` (tests/cuprite_math.rs): sinf, tanf and sincosf's sine of a
// subnormal argument are a zero of its sign, as nvcc's code computes them under flush-to-zero
// (its .ftz arithmetic reads the argument as zero; an H200 printed 0 and -0 for sinf(0x1p-149),
// sinf(-0x1.16c2p-131)); Cuprite's library returned the argument itself for tiny ones. Prints
// each disagreement, then PASS or FAIL.
#include <cstdio>
#include <cstring>

__global__ void k(const float *x, float *o, int n) {
    for (int i = 0; i < n; i++) {
        float s, c;
        sincosf(x[i], &s, &c);
        o[4 * i] = sinf(x[i]);
        o[4 * i + 1] = tanf(x[i]);
        o[4 * i + 2] = s;
        o[4 * i + 3] = c;
    }
}

int main() {
    const unsigned bits[] = {0x00000001u, 0x007fffffu, 0x800116c2u, 0x004c3927u};
    const int n = 4;
    float *x, *o;
    cudaMallocManaged(&x, sizeof bits);
    cudaMallocManaged(&o, 4 * n * sizeof(float));
    memcpy(x, bits, sizeof bits);
    k<<<1, 1>>>(x, o, n);
    cudaDeviceSynchronize();
    int bad = 0;
    const char *names[] = {"sinf", "tanf", "sincosf sin", "sincosf cos"};
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++) {
            unsigned got;
            memcpy(&got, &o[4 * i + j], 4);
            unsigned want = j == 3 ? 0x3f800000u : bits[i] & 0x80000000u;
            if (got != want) { printf("%s(%08x) = %08x (want %08x)\n", names[j], bits[i], got, want); ++bad; }
        }
    printf("%s\n", bad == 0 ? "PASS" : "FAIL");
    return bad != 0;
}
