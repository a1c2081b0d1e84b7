// min-arch: sm_75
// 64-bit integer arithmetic: add/sub/mul/div/rem signed+unsigned, __mul64hi/__umul64hi,
// llabs/llmin/llmax/ullmin/ullmax, shifts by variable amounts.

extern "C" __global__ void int64_arith_signed(const long long *a, const long long *b, long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long x = a[i], y = b[i];
    long long d = (y == 0) ? 1 : y;
    long long r = x + y;
    r ^= x - y;
    r += x * y;
    r ^= __mul64hi(x, y);
    r += x / d;
    r ^= x % d;
    r += llabs(x) + llmin(x, y) - llmax(x, y);
    r ^= x / 1000000007LL;
    r += x >> (y & 63);
    out[i] = r;
}

extern "C" __global__ void int64_arith_unsigned(const unsigned long long *a, const unsigned long long *b,
                                                unsigned long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long x = a[i], y = b[i];
    unsigned long long d = (y == 0) ? 1 : y;
    unsigned long long r = x + y;
    r ^= x - y;
    r += x * y;
    r ^= __umul64hi(x, y);
    r += x / d;
    r ^= x % d;
    r += ullmin(x, y) + ullmax(x, y);
    r ^= x % 10ULL;
    r += (x << (y & 63)) | (x >> 1);
    out[i] = r;
}

// Mixed 32/64: sign and zero extension, truncation
extern "C" __global__ void int64_mixed(const int *a, const unsigned *b, long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long s = a[i];
    unsigned long long u = b[i];
    long long t = s * 3 + (long long)u;
    out[i] = t + (int)(t >> 17);
}
