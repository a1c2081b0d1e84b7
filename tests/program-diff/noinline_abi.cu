// Device function calls through the PTX calling convention (__noinline__, so each is a real
// .func with .param arguments): structs passed and returned by value with padding and
// alignment (char+double, float3, __align__(16) int4 pairs, a 72-byte struct, bool/short
// members), many scalar arguments of mixed widths, pointers to the caller's local arrays,
// recursion-free call chains 4 deep, a function returning a struct through a ternary, and
// virtual-free dispatch through a switch; each result compared with the same code on the host.
#include <cstdio>
#include <cstring>

struct Small { char c; double d; };
struct __align__(16) Quad { int4 a; int4 b; };
struct Big { float f[9]; short s[5]; bool flag; long long ll[4]; char tail; };
struct Pair { bool ok; short code; float3 v; };

#ifdef __CUDA_ARCH__
#define NOINLINE __noinline__
#else
#define NOINLINE __attribute__((noinline))
#endif

__host__ __device__ NOINLINE Small twist(Small s, int k) { return Small{(char)(s.c + k), s.d * k - s.c}; }
__host__ __device__ NOINLINE Quad mix(Quad q, Quad r) {
    return Quad{make_int4(q.a.x + r.b.w, q.a.y - r.b.z, q.a.z ^ r.b.y, q.a.w * r.b.x), make_int4(q.b.x | r.a.x, q.b.y & r.a.y, q.b.z + 1, -q.b.w)};
}
__host__ __device__ NOINLINE Big bump(Big b, float by, short s) {
    for (int i = 0; i < 9; ++i) b.f[i] = b.f[i] * by + i;
    for (int i = 0; i < 5; ++i) b.s[i] = (short)(b.s[i] + s * i);
    b.flag = !b.flag;
    for (int i = 0; i < 4; ++i) b.ll[i] = b.ll[i] * 3 - i;
    b.tail ^= 0x5a;
    return b;
}
__host__ __device__ NOINLINE Pair check(const Big& b, float3 v, bool strict) {
    float s = 0;
    for (int i = 0; i < 9; ++i) s += b.f[i];
    bool ok = strict ? s > 100.0f : s > 0.0f;
    return ok ? Pair{true, (short)(b.s[4] + b.tail), make_float3(v.x + s, v.y, v.z * 2)} : Pair{false, -1, v};
}
__host__ __device__ NOINLINE long long many(char a, short b, int c, long long d, float e, double f, unsigned char g, bool h, unsigned short i, unsigned j,
                                            float k, double l, char m, short n, int o, long long p) {
    return a + b * 2 + c * 3 + d * 4 + (long long)(e * 8) + (long long)(f * 16) + g + h + i + j + (long long)(k * 32) + (long long)(l * 64) + m + n + o + p;
}
__host__ __device__ NOINLINE void fill(int* local, int n, int seed) { for (int i = 0; i < n; ++i) local[i] = seed * (i + 1) ^ (i << 3); }
__host__ __device__ NOINLINE int sum_local(const int* local, int n) { int s = 0; for (int i = 0; i < n; ++i) s += local[i]; return s; }
__host__ __device__ NOINLINE int depth3(int x) { int buf[13]; fill(buf, 13, x); return sum_local(buf, 13); }
__host__ __device__ NOINLINE int depth2(int x, Small s) { return depth3(x) + (int)twist(s, 2).d; }
__host__ __device__ NOINLINE int dispatch(int op, int a, int b) {
    switch (op & 3) { case 0: return a + b; case 1: return a - b; case 2: return a * b; default: return b ? a / b : 0; }
}

__host__ __device__ unsigned long long run(int t) {
    unsigned long long h = 1469598103934665603ull;
    auto mixin = [&](const void* p, size_t n) { const unsigned char* c = (const unsigned char*)p; for (size_t i = 0; i < n; ++i) h = (h ^ c[i]) * 1099511628211ull; };
    Small s = twist(Small{(char)(t & 0x3f), t * 0.5}, t % 5 - 2);
    mixin(&s.c, 1); mixin(&s.d, 8);
    Quad q = mix(Quad{make_int4(t, t * 2, t * 3, t * 4), make_int4(-t, 7, t ^ 5, 9)}, Quad{make_int4(1, 2, 3, t), make_int4(t, t + 1, t + 2, t + 3)});
    mixin(&q, sizeof q);
    Big b;
    memset(&b, 0, sizeof b);
    for (int i = 0; i < 9; ++i) b.f[i] = t * 0.25f - i;
    for (int i = 0; i < 5; ++i) b.s[i] = (short)(t * i);
    b.flag = t & 1; for (int i = 0; i < 4; ++i) b.ll[i] = (long long)t << (i * 10); b.tail = (char)t;
    Big c = bump(b, 1.5f, (short)(t - 7));
    for (int i = 0; i < 9; ++i) mixin(&c.f[i], 4);
    for (int i = 0; i < 5; ++i) mixin(&c.s[i], 2);
    mixin(&c.flag, 1); for (int i = 0; i < 4; ++i) mixin(&c.ll[i], 8); mixin(&c.tail, 1);
    Pair p = check(c, make_float3(t, -t, 0.5f), t % 2);
    mixin(&p.ok, 1); mixin(&p.code, 2); mixin(&p.v.x, 4); mixin(&p.v.y, 4); mixin(&p.v.z, 4);
    long long m = many((char)t, (short)-t, t * 1000, -(long long)t << 33, t * 0.125f, t * -0.0625, (unsigned char)(t * 3), t % 3 == 0, (unsigned short)(t * 999),
                       (unsigned)t * 123456789u, 0.5f, 0.25, 'x', (short)7, -t, 1LL << 40);
    mixin(&m, 8);
    int d = depth2(t, Small{'a', 1.25 * t});
    mixin(&d, 4);
    for (int op = 0; op < 4; ++op) { int r = dispatch(op + t, t * 7 - 100, t % 9 - 4); mixin(&r, 4); }
    return h;
}

__global__ void k(unsigned long long* out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n) out[t] = run(t);
}

int main() {
    const int n = 200;
    unsigned long long* d; cudaMalloc(&d, n * 8);
    k<<<(n + 63) / 64, 64>>>(d, n);
    unsigned long long o[n];
    if (cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost) != cudaSuccess) { printf("failed\n"); return 1; }
    int bad = 0; unsigned long long x = 0;
    for (int t = 0; t < n; ++t) { bad += o[t] != run(t); x ^= o[t] * (t + 1); }
    printf("calls: %016llx %016llx xor %016llx host mismatches %d\n", o[0], o[n - 1], x, bad);
    return 0;
}
