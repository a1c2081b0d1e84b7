// printf as learners use it: many arguments of mixed types (up to 32), long strings through %s,
// width/precision from arguments (*), a per-thread table from one warp, %p of a device pointer
// (only whether it prints), %n-free escapes, and one printf far longer than a line.
#include <cstdio>
#include <cuda_runtime.h>
__device__ const char *names[] = {"alpha", "beta", "gamma", "delta"};
__global__ void many(int a, long long b, double c, float d, const char *s) {
    printf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n",
           a, a + 1, a + 2, a + 3, a + 4, a + 5, a + 6, a + 7, a + 8, a + 9, a + 10, a + 11, a + 12, a + 13, a + 14,
           a + 15, a + 16, a + 17, a + 18, a + 19, a + 20, a + 21, a + 22, a + 23, a + 24, a + 25, a + 26, a + 27,
           a + 28, a + 29, a + 30, a + 31);
    printf("mixed %lld %.3f %e %g %x %o %c %s %5.1f|%-8d|%08.3f|%+d|% d\n", b, c, c * 1e10, d, a, a, 'A' + a % 26,
           names[a % 4], d, a, c, a, a);
    printf("star [%*d] [%-*d] [%.*f] [%*.*f]\n", 6, a, 6, a, 2, c, 10, 4, c);
    printf("string arg: %s\n", s);
    printf("%%d literal %%, tab\there, quote \" backslash \\ end\n");
}
__global__ void table() {
    printf("lane %2d sq %4d name %-6s half %.1f\n", threadIdx.x, threadIdx.x * threadIdx.x, names[threadIdx.x % 4], threadIdx.x * 0.5);
}
__global__ void longLine(int n) {
    printf("long: %s%s%s%s %d\n",
           "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789",
           "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv",
           "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUV",
           "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~", n);
}
int main() {
    char *ds;
    const char msg[] = "a device string copied with cudaMemcpy, 55 chars long.";
    cudaMalloc(&ds, sizeof msg);
    cudaMemcpy(ds, msg, sizeof msg, cudaMemcpyHostToDevice);
    many<<<1, 1>>>(7, -123456789012LL, 3.14159265358979, 2.5f, ds);
    cudaDeviceSynchronize();
    table<<<1, 12>>>();
    cudaDeviceSynchronize();
    longLine<<<1, 2>>>(42);
    cudaError_t e = cudaDeviceSynchronize();
    printf("host done %s\n", cudaGetErrorName(e));
}
