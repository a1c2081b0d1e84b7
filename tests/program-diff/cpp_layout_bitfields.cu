// flags: -rdc=true -lineinfo -std=c++17
// Data layout in device code, built with -rdc=true: bit-fields (signed fields that must
// sign-extend, unsigned fields straddling a 32-bit boundary in a 64-bit unit, zero-width
// fields), unions for type punning (float/uint, a tagged union), alignas(16/32) structs in
// local, shared and global memory (addresses checked), a #pragma pack(1) struct read
// unaligned, __device__ globals initialised by constexpr constructors and aggregate
// initialisers, function-scope static __device__ variables shared by all threads, a 328-byte
// struct with padding passed by value as a kernel parameter, offsetof/sizeof computed on the
// device. Blocks of 8x8 and 32x8 threads. Exact results checked on the host.
#include <cstdio>
#include <cstddef>
#include <cstring>
#include <cstdint>

struct Packed {
    int a : 5;          // signed: -16..15
    unsigned b : 11;
    int c : 9;
    unsigned : 0;       // next field starts a new unit
    unsigned d : 3;
    long long e : 40;   // signed 40-bit
    unsigned long long f : 24;
};

union Pun { float f; unsigned u; unsigned char bytes[4]; };

struct Tagged {
    int tag;
    union { int i; float f; short s[2]; } u;
};

struct alignas(32) Wide { double x; int y; };
struct alignas(16) Quad { float v[3]; };

#pragma pack(push, 1)
struct Wire { char kind; int value; short len; double weight; };
#pragma pack(pop)

struct Vec2 {
    int x, y;
    constexpr Vec2() : x(0), y(0) {}
    constexpr Vec2(int a, int b) : x(a), y(b) {}
    constexpr Vec2 operator+(Vec2 o) const { return {x + o.x, y + o.y}; }
};
__device__ Vec2 g_origin(3, -4);
__device__ Vec2 g_table[3] = {Vec2(1, 2), Vec2(5, 8) + Vec2(1, 1), {7, 9}};
struct Config { int n; float scale; const char tag[6]; };
__device__ const Config g_cfg = {42, 0.5f, "cupr"};

struct Big {                 // 328 bytes with padding holes
    char c;                  // 0, then 7 bytes of padding
    double d;                // 8
    short s[3];              // 16, then 2 of padding
    int i[70];               // 24 .. 304
    bool flag;               // 304, then 7 of padding
    long long tail[2];       // 312 .. 328
};
static_assert(sizeof(Big) == 328, "layout");

__device__ int next_ticket() {
    static __device__ int tickets = 100;   // one variable for the whole program
    return atomicAdd(&tickets, 1);
}

__global__ void bitfields(const unsigned* seeds, long long* out, int n) {
    int t = (blockIdx.y * gridDim.x + blockIdx.x) * 64 + threadIdx.y * 8 + threadIdx.x;
    if (t >= n) return;
    unsigned s = seeds[t];
    Packed p;
    p.a = (int)s; p.b = s >> 5; p.c = (int)(s >> 16); p.d = s >> 25;
    p.e = (long long)(int)s * 4097; p.f = (unsigned long long)s * 977;
    long long r = p.a;
    r = r * 3 + p.b;
    r = r * 5 + p.c;
    r = r * 7 + p.d;
    r = r * 11 + p.e;
    r = r * 13 + (long long)p.f;
    p.a += 9;                                   // wraps within 5 bits
    p.c -= 300;
    out[t * 3] = r;
    out[t * 3 + 1] = p.a * 1000 + p.c;
    Pun u; u.f = (float)(int)s * 0.125f;
    Tagged tg; tg.tag = s & 1;
    if (tg.tag) tg.u.f = -2.5f; else { tg.u.s[0] = (short)s; tg.u.s[1] = -1; }
    out[t * 3 + 2] = (long long)u.u ^ ((long long)u.bytes[3] << 40) ^ ((long long)tg.u.i << 8);
}

__global__ void layout(Big b, long long* out) {
    __shared__ Wide sw[3];
    __shared__ Quad sq[5];
    Wide lw; lw.x = threadIdx.x * 0.5; lw.y = threadIdx.x;
    int tid = threadIdx.y * blockDim.x + threadIdx.x;
    if (tid < 3) { sw[tid].x = tid * 1.5; sw[tid].y = -tid; }
    if (tid < 5) { sq[tid].v[0] = tid; sq[tid].v[1] = 2 * tid; sq[tid].v[2] = 3 * tid; }
    __syncthreads();
    if (tid == 0) {
        long long s = 0;
        for (int k = 0; k < 70; k++) s += (long long)b.i[k] * (k + 1);
        out[0] = b.c + (long long)(b.d * 4) + b.s[0] * 10 + b.s[1] * 100 + b.s[2] * 1000 + (b.flag ? 7 : 0);
        out[1] = s;
        out[2] = b.tail[0] ^ b.tail[1];
        out[3] = ((uintptr_t)&sw[1] % 32) + ((uintptr_t)&sq[3] % 16) * 100 + ((uintptr_t)&lw % 32) * 10000 + (long long)lw.x;
        out[4] = offsetof(Big, flag) * 1000 + offsetof(Big, tail) + sizeof(Wide) * 1000000 + alignof(Wide) * 100000000LL;
        unsigned char raw[sizeof(Wire)];
        for (unsigned k = 0; k < sizeof(Wire); k++) raw[k] = (unsigned char)(k * 37 + 5);
        Wire w; memcpy(&w, raw, sizeof w);
        out[5] = w.kind + (long long)w.value * 3 + w.len * 7 + sizeof(Wire) * 100000000000LL;
        out[6] = g_origin.x * 100 + g_origin.y + g_table[1].x * 10000 + g_table[2].y * 1000000;
        out[7] = g_cfg.n + (long long)(g_cfg.scale * 8) * 100 + g_cfg.tag[2] * 10000;
        out[8] = (long long)(sw[2].x * 2) + sw[2].y * 10 + (long long)sq[4].v[2] * 1000;
    }
    int tk = next_ticket();
    atomicAdd((unsigned long long*)&out[9], (unsigned long long)tk);
}

int main() {
    const int n = 1000;
    unsigned seeds[n];
    for (int i = 0; i < n; i++) seeds[i] = i * 2654435761u ^ (i << 3);
    unsigned* ds; long long* dout;
    cudaMalloc(&ds, sizeof seeds); cudaMalloc(&dout, n * 3 * 8);
    cudaMemcpy(ds, seeds, sizeof seeds, cudaMemcpyHostToDevice);
    bitfields<<<dim3(4, 4), dim3(8, 8)>>>(ds, dout, n);
    static long long h[n * 3];
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0; long long sum[3] = {0, 0, 0};
    for (int t = 0; t < n; t++) {
        unsigned s = seeds[t];
        Packed p;
        p.a = (int)s; p.b = s >> 5; p.c = (int)(s >> 16); p.d = s >> 25;
        p.e = (long long)(int)s * 4097; p.f = (unsigned long long)s * 977;
        long long r = p.a; r = r * 3 + p.b; r = r * 5 + p.c; r = r * 7 + p.d; r = r * 11 + p.e; r = r * 13 + (long long)p.f;
        p.a += 9; p.c -= 300;
        Pun u; u.f = (float)(int)s * 0.125f;
        Tagged tg; tg.tag = s & 1;
        if (tg.tag) tg.u.f = -2.5f; else { tg.u.s[0] = (short)s; tg.u.s[1] = -1; }
        long long w2 = (long long)u.u ^ ((long long)u.bytes[3] << 40) ^ ((long long)tg.u.i << 8);
        bad += h[t * 3] != r || h[t * 3 + 1] != p.a * 1000 + p.c || h[t * 3 + 2] != w2;
        for (int j = 0; j < 3; j++) sum[j] += h[t * 3 + j] % 1000003;
    }
    printf("bitfields/unions sums %lld %lld %lld, t=7: %lld %lld %lld, mismatches %d\n", sum[0], sum[1], sum[2], h[21], h[22], h[23], bad);

    Big b;
    memset(&b, 0xEE, sizeof b);    // padding holds garbage: must not matter
    b.c = 'q'; b.d = 2.75; b.s[0] = -3; b.s[1] = 7; b.s[2] = 11; b.flag = true;
    for (int k = 0; k < 70; k++) b.i[k] = k * k - 35 * k;
    b.tail[0] = 0x123456789abcdefLL; b.tail[1] = -77;
    cudaMemset(dout, 0, 10 * 8);
    layout<<<2, dim3(32, 8)>>>(b, dout);
    long long r[10];
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (int k = 0; k < 10; k++) printf("layout[%d] = %lld\n", k, r[k]);
    long long s = 0;
    for (int k = 0; k < 70; k++) s += (long long)b.i[k] * (k + 1);
    printf("host: big sum %lld first %lld tickets %lld\n", s, 'q' + 11 - 30 + 700 + 11000 + 7LL, 512LL * 100 + 511LL * 512 / 2);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
