// Integer division, remainder and high/wide multiplies at every width, signed and unsigned, by
// divisors from variables (so no constant folding): edge operands (zero divisors, the most
// negative value over -1, all ones) and pseudo-random ones, each thread one pair per width.
#include <cstdio>
#include <cstdint>
__host__ __device__ uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull; }
__global__ void ops(const uint64_t *a, const uint64_t *b, uint64_t *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    uint64_t x = a[i], y = b[i], h = 1469598103934665603ull;
    int16_t xs = (int16_t)x, ys = (int16_t)y;
    uint16_t xu = (uint16_t)x, yu = (uint16_t)y;
    int32_t xi = (int32_t)x, yi = (int32_t)y;
    uint32_t xw = (uint32_t)x, yw = (uint32_t)y;
    int64_t xl = (int64_t)x, yl = (int64_t)y;
    if (ys != 0 && !(xs == INT16_MIN && ys == -1)) { h = mix(h, (uint16_t)(xs / ys)); h = mix(h, (uint16_t)(xs % ys)); }
    if (yu != 0) { h = mix(h, xu / yu); h = mix(h, xu % yu); }
    if (yi != 0 && !(xi == INT32_MIN && yi == -1)) { h = mix(h, (uint32_t)(xi / yi)); h = mix(h, (uint32_t)(xi % yi)); }
    if (yw != 0) { h = mix(h, xw / yw); h = mix(h, xw % yw); }
    if (yl != 0 && !(xl == INT64_MIN && yl == -1)) { h = mix(h, (uint64_t)(xl / yl)); h = mix(h, (uint64_t)(xl % yl)); }
    if (y != 0) { h = mix(h, x / y); h = mix(h, x % y); }
    h = mix(h, (uint32_t)__mulhi(xi, yi));
    h = mix(h, __umulhi(xw, yw));
    h = mix(h, (uint64_t)__mul64hi(xl, yl));
    h = mix(h, __umul64hi(x, y));
    h = mix(h, (uint64_t)((int64_t)xi * yi));
    h = mix(h, (uint64_t)xw * yw);
    h = mix(h, (uint32_t)((int32_t)xs * ys));
    out[i] = h;
}
int main() {
    const int n = 4096;
    uint64_t *ha = new uint64_t[n], *hb = new uint64_t[n], *ho = new uint64_t[n];
    const uint64_t edge[] = {0, 1, ~0ull, 0x8000000000000000ull, 0x80000000ull, 0xffffffff80000000ull, 0x8000ull,
                             0xffffffffffff8000ull, 0x7fffffffull, 7, (uint64_t)-7ll, 2, (uint64_t)-2ll, 0xffffull, 0xffffffffull};
    const int ne = sizeof edge / sizeof edge[0];
    uint64_t s = 88172645463325252ull;
    for (int i = 0; i < n; i++) {
        if (i < ne * ne) { ha[i] = edge[i / ne]; hb[i] = edge[i % ne]; continue; }
        s ^= s << 13; s ^= s >> 7; s ^= s << 17; ha[i] = s;
        s ^= s << 13; s ^= s >> 7; s ^= s << 17; hb[i] = s >> (i % 64);
    }
    uint64_t *a, *b, *o;
    cudaMalloc(&a, n * 8); cudaMalloc(&b, n * 8); cudaMalloc(&o, n * 8);
    cudaMemcpy(a, ha, n * 8, cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb, n * 8, cudaMemcpyHostToDevice);
    int shapes[] = {32, 64, 128, 256, 512, 1024};
    for (int bs : shapes) {
        ops<<<n / bs, bs>>>(a, b, o);
        cudaMemcpy(ho, o, n * 8, cudaMemcpyDeviceToHost);
        uint64_t h = 0;
        for (int i = 0; i < n; i++) h = mix(h, ho[i]) + i;
        printf("block %4d: %016llx (thread 0: %016llx, thread 100: %016llx) %s\n", bs, (unsigned long long)h,
               (unsigned long long)ho[0], (unsigned long long)ho[100], cudaGetErrorString(cudaGetLastError()));
    }
}
