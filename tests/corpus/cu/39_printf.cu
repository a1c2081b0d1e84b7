// min-arch: sm_75
// Device printf (vprintf with a local argument buffer): %d %i %u %ld %lld %llu %x %X %o %f %e %g %a %s %c %p %%,
// width/precision/flags (%08.3f, %-10s, %+d, %#x, %*d), many arguments, printf in divergent code and loops.
#include <cstdio>

extern "C" __global__ void printf_formats(const int *iv, const float *fv, const double *dv, const char *str) {
    int t = threadIdx.x;
    int i = iv[t];
    unsigned u = (unsigned)i * 2654435761u;
    long l = (long)i << 33;
    long long ll = -(long long)i * 1000000007LL;
    unsigned long long ull = 0xfedcba9876543210ull ^ (unsigned long long)i;
    float f = fv[t];
    double d = dv[t];
    printf("thread %d block %u\n", t, blockIdx.x);
    printf("ints: %d %i %u %ld %lld %llu\n", i, -i, u, l, ll, ull);
    printf("hex/oct: %x %X %#x %o %08x\n", u, u, u, u & 0777, u);
    printf("floats: %f %e %g %a %.3f %10.4e %-12g|\n", f, f, (double)f, d, d, d, f);
    printf("flags: %+d % d %05d %-5d| %*d %.*f\n", i, i, i, i, 8, i, 2, d);
    printf("char %c str %s %-10s| %.3s ptr %p %%\n", 'A' + (t % 26), str, "left", str, (void *)iv);
    printf("shorts %hd %hhu\n", (short)i, (unsigned char)i);
}

extern "C" __global__ void printf_divergent(const float *data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (data[i] < 0.f) {
        printf("negative value %f at index %d\n", data[i], i);
    } else if (data[i] > 1e6f) {
        printf("large value %e at %d (block %d, thread %d)\n", data[i], i, blockIdx.x, threadIdx.x);
    }
    for (int k = 0; k < 3 && i == 0; ++k) printf("loop %d of %d\n", k, 3);
}

// printf with many (12) arguments of mixed sizes
extern "C" __global__ void printf_many(const int *a) {
    if (threadIdx.x == 0)
        printf("%d %lld %f %d %lld %f %d %lld %f %d %lld %f\n", a[0], (long long)a[1], (double)a[2], a[3], (long long)a[4],
               (double)a[5], a[6], (long long)a[7], (double)a[8], a[9], (long long)a[10], (double)a[11]);
}

// printf with no arguments and printf return value
extern "C" __global__ void printf_ret(int *ret) {
    printf("hello from the device\n");
    ret[threadIdx.x] = printf("%s:%d\n", __func__, __LINE__);
}
