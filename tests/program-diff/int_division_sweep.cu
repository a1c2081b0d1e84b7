// Integer division and remainder as compilers lower them: by constants (magic-number
// multiplies), by runtime divisors, signed with negative operands, 64-bit, 16-bit and 8-bit
// types, INT_MIN and powers of two, mixed with C++'s truncation rules; checked against the host.
#include <cstdio>
#include <cstdint>

template <typename T>
__host__ __device__ unsigned long long divs(T a, T b) {
    unsigned long long h = 1469598103934665603ULL;
    auto mix = [&](long long v) { h = (h ^ (unsigned long long)v) * 1099511628211ULL; };
    mix(a / 3); mix(a % 3); mix(a / 7); mix(a % 7); mix(a / -5); mix(a % -5); mix(a / 1000); mix(a % 1000);
    mix(a / 16); mix(a % 16); mix(a / 641); mix(a / (T)127); mix(a % (T)125);
    if (b != 0 && !(b == (T)-1 && a == (T)((T)1 << (sizeof(T) * 8 - 1)) && (T)-1 < 0)) { mix(a / b); mix(a % b); }
    return h;
}

__global__ void k(const long long *in, int n, unsigned long long *o) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long x = in[i], y = in[(i * 13 + 5) % n];
    unsigned long long *q = o + i * 8;
    q[0] = divs<int>((int)x, (int)y);
    q[1] = divs<unsigned>((unsigned)x, (unsigned)y);
    q[2] = divs<long long>(x, y);
    q[3] = divs<unsigned long long>((unsigned long long)x, (unsigned long long)y);
    q[4] = divs<short>((short)x, (short)(y | 1));
    q[5] = divs<signed char>((signed char)x, (signed char)(y | 1));
    q[6] = divs<unsigned short>((unsigned short)x, (unsigned short)(y | 1));
    q[7] = divs<long long>(x >> (i % 40), y >> (i % 23));
}

int main() {
    const int n = 300;
    long long h[n];
    unsigned long long s = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < n; i++) { s ^= s << 7; s ^= s >> 9; h[i] = (long long)s >> (i % 50); }
    long long edges[] = {0, 1, -1, 2, -2, 3, -3, INT32_MIN, INT32_MAX, INT64_MIN, INT64_MAX, 0xffffffffLL, -0x80000001LL, 1000, -1000, 641, -641, 127, -128, 255, 65535, -32768};
    for (int i = 0; i < (int)(sizeof edges / sizeof edges[0]); i++) h[i] = edges[i];
    long long *d; unsigned long long *o, ho[n * 8];
    cudaMalloc(&d, sizeof h); cudaMalloc(&o, sizeof ho);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<(n + 127) / 128, 128>>>(d, n, o);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
    int bad = 0;
    unsigned long long chk = 0;
    for (int i = 0; i < n; i++) {
        long long x = h[i], y = h[(i * 13 + 5) % n];
        unsigned long long w[8] = {divs<int>((int)x, (int)y), divs<unsigned>((unsigned)x, (unsigned)y), divs<long long>(x, y),
                                   divs<unsigned long long>((unsigned long long)x, (unsigned long long)y), divs<short>((short)x, (short)(y | 1)),
                                   divs<signed char>((signed char)x, (signed char)(y | 1)), divs<unsigned short>((unsigned short)x, (unsigned short)(y | 1)),
                                   divs<long long>(x >> (i % 40), y >> (i % 23))};
        for (int j = 0; j < 8; j++) {
            if (ho[i * 8 + j] != w[j] && bad++ < 5) printf("i%d j%d x=%lld y=%lld: %016llx host %016llx\n", i, j, x, y, ho[i * 8 + j], w[j]);
            chk = chk * 31 + ho[i * 8 + j];
        }
    }
    printf("bad %d checksum %016llx\n", bad, chk);
    return 0;
}
