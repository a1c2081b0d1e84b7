// Kernel parameters as applications pass them: structs with padding holes (bool, char, short
// next to double), __align__(16) members, float3/double2/int4 vectors, nested arrays, 34
// scalar parameters of mixed widths, a 4 KiB struct by value, and a 30000-byte struct (CUDA
// 12.1+ allows 32764 bytes of parameters); each kernel echoes what it received as bytes the host
// checks, through a checksum over every field.
#include <cstdio>
#include <cstring>
#include <cstdint>

struct Mixed {
    bool flag; char c; double d; short s; float3 v; unsigned char tail; double2 dd; int i;
};
struct __align__(16) Aligned { char tag; float4 q; int4 k; bool b; };
struct Nested { Mixed m[3]; Aligned a; long long ll[2]; char name[7]; };
struct Big4K { int v[1024]; };
struct Huge { double head; unsigned char bytes[29984]; int tail; };   // 30000 bytes with padding

__device__ unsigned long long h_acc(unsigned long long h, unsigned long long v) { return (h ^ v) * 1099511628211ull; }
__host__ __device__ unsigned long long dbits(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }
__host__ __device__ unsigned fbits(float d) { unsigned u; memcpy(&u, &d, 4); return u; }

__host__ __device__ unsigned long long hash_mixed(unsigned long long h, const Mixed& m) {
    auto f = [](unsigned long long h, unsigned long long v) { return (h ^ v) * 1099511628211ull; };
    h = f(h, m.flag); h = f(h, (unsigned char)m.c); h = f(h, dbits(m.d)); h = f(h, (unsigned short)m.s);
    h = f(h, fbits(m.v.x)); h = f(h, fbits(m.v.y)); h = f(h, fbits(m.v.z)); h = f(h, m.tail);
    h = f(h, dbits(m.dd.x)); h = f(h, dbits(m.dd.y)); h = f(h, (unsigned)m.i);
    return h;
}
__host__ __device__ unsigned long long hash_nested(const Nested& n) {
    unsigned long long h = 1469598103934665603ull;
    auto f = [](unsigned long long h, unsigned long long v) { return (h ^ v) * 1099511628211ull; };
    for (int i = 0; i < 3; ++i) h = hash_mixed(h, n.m[i]);
    h = f(h, (unsigned char)n.a.tag); h = f(h, fbits(n.a.q.x)); h = f(h, fbits(n.a.q.w)); h = f(h, (unsigned)n.a.k.y); h = f(h, (unsigned)n.a.k.w); h = f(h, n.a.b);
    h = f(h, (unsigned long long)n.ll[0]); h = f(h, (unsigned long long)n.ll[1]);
    for (int i = 0; i < 7; ++i) h = f(h, (unsigned char)n.name[i]);
    return h;
}

__global__ void k_struct(Mixed m, Aligned a, Nested n, unsigned long long* out) {
    out[0] = hash_mixed(1469598103934665603ull, m);
    out[1] = h_acc(h_acc(h_acc((unsigned char)a.tag, fbits(a.q.y)), (unsigned)a.k.z), a.b);
    out[2] = hash_nested(n);
    out[3] = (unsigned long long)(sizeof(Mixed) * 1000000 + sizeof(Aligned) * 1000 + sizeof(Nested));
}

__global__ void k_many(char a0, short a1, int a2, long long a3, float a4, double a5, unsigned char a6, unsigned short a7,
                       unsigned a8, unsigned long long a9, bool a10, char a11, double a12, float a13, int a14, short a15,
                       long long a16, char a17, float a18, double a19, int a20, bool a21, short a22, unsigned a23,
                       char a24, double a25, int a26, float a27, long long a28, char a29, short a30, int a31,
                       double a32, char a33, long long* out) {
    long long s = a0 + a1 * 3LL + a2 * 5LL + a3 * 7 + (long long)(a4 * 16) + (long long)(a5 * 1024) + a6 + a7 + a8 + (long long)a9 + a10 + a11;
    s = s * 31 + (long long)(a12 * 8) + (long long)(a13 * 4) + a14 + a15 + a16 + a17 + (long long)(a18 * 2) + (long long)(a19 * 64) + a20 + a21 + a22 + a23;
    s = s * 31 + a24 + (long long)(a25 * 128) + a26 + (long long)(a27 * 32) + a28 + a29 + a30 + a31 + (long long)(a32 * 256) + a33;
    out[threadIdx.x] = s + threadIdx.x;
}

__global__ void k_big4k(Big4K b, long long* out) {
    long long s = 0;
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) s += (long long)b.v[i] * (i + 1);
    atomicAdd((unsigned long long*)out, (unsigned long long)s);
}

__global__ void k_huge(Huge h, unsigned long long* out) {
    unsigned long long s = 0;
    for (int i = threadIdx.x; i < (int)sizeof h.bytes; i += blockDim.x) s += (unsigned long long)h.bytes[i] * (i % 251 + 1);
    atomicAdd(out, s);
    if (threadIdx.x == 0) { atomicAdd(out + 1, dbits(h.head)); atomicAdd(out + 2, (unsigned long long)(unsigned)h.tail); }
}

int main() {
    Mixed m{true, -7, 3.25, -1234, make_float3(1.5f, -2.0f, 1e-3f), 200, make_double2(-0.1, 1e100), -99};
    Aligned a{'Q', make_float4(1, 2.5f, 3, 4), make_int4(-1, -2, 0x7fffffff, -2147483647 - 1), true};
    Nested n;
    memset(&n, 0, sizeof n);
    for (int i = 0; i < 3; ++i) { n.m[i] = m; n.m[i].i = i * 1000; n.m[i].c = (char)('a' + i); n.m[i].dd.x = i * 0.5; }
    n.a = a; n.ll[0] = -1; n.ll[1] = 0x123456789abcdefLL; memcpy(n.name, "cuprit", 7);
    unsigned long long* d; long long* dl;
    cudaMalloc(&d, 64); cudaMalloc(&dl, 64 * 8);
    k_struct<<<1, 1>>>(m, a, n, d);
    unsigned long long r[4];
    cudaMemcpy(r, d, 32, cudaMemcpyDeviceToHost);
    printf("struct hashes: mixed %s aligned %016llx nested %s sizes %llu\n", r[0] == hash_mixed(1469598103934665603ull, m) ? "ok" : "BAD", r[1],
           r[2] == hash_nested(n) ? "ok" : "BAD", r[3]);
    k_many<<<1, 33>>>(-3, -300, 70000, -5000000000LL, 0.75f, -2.5, 255, 65535, 4000000000u, 18000000000000000000ull, true, 'z', 1.125, -8.5f, -1,
                      32767, 1LL << 40, -128, 3.5f, 0.015625, 42, false, -32768, 1u, 'A', 2.0, -42, 0.03125f, -(1LL << 50), 1, 2, 3, -1.0 / 256, 127, dl);
    long long many[33];
    cudaMemcpy(many, dl, sizeof many, cudaMemcpyDeviceToHost);
    printf("34 params: %lld %lld\n", many[0], many[32]);
    static Big4K b;
    long long want = 0;
    for (int i = 0; i < 1024; ++i) { b.v[i] = (i * 7919) % 2001 - 1000; want += (long long)b.v[i] * (i + 1); }
    cudaMemset(dl, 0, 8);
    k_big4k<<<1, 96>>>(b, dl);
    long long got;
    cudaMemcpy(&got, dl, 8, cudaMemcpyDeviceToHost);
    printf("4 KiB struct param: %lld %s (sizeof %zu)\n", got, got == want ? "ok" : "BAD", sizeof b);
    static Huge h;
    unsigned long long hw = 0;
    for (int i = 0; i < (int)sizeof h.bytes; ++i) { h.bytes[i] = (unsigned char)(i * 131 + 7); hw += (unsigned long long)h.bytes[i] * (i % 251 + 1); }
    h.head = -6.5; h.tail = 0x5eedbeef;
    cudaMemset(d, 0, 24);
    k_huge<<<2, 256>>>(h, d);
    cudaError_t e = cudaGetLastError();
    unsigned long long hr[3];
    cudaMemcpy(hr, d, 24, cudaMemcpyDeviceToHost);
    printf("%zu-byte struct param: launch %s, sum %s head %016llx tail %llx\n", sizeof h, cudaGetErrorName(e), hr[0] == 2 * hw ? "ok" : "BAD", hr[1] / 2, hr[2] / 2);
    return 0;
}
