// flags: -G -std=c++17
// A debug build (-G) of vector-type math with overloaded operators (float2/3/4, int2/4,
// double2, uchar4), user-defined literals, a small matrix class, references to vector members,
// and swizzle-like helpers; results compared with the host computing the same expressions.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>

__host__ __device__ inline float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__host__ __device__ inline float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__host__ __device__ inline float3 operator*(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }
__host__ __device__ inline float3 operator*(float s, float3 a) { return a * s; }
__host__ __device__ inline float3 &operator+=(float3 &a, float3 b) { a.x += b.x; a.y += b.y; a.z += b.z; return a; }
__host__ __device__ inline float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ inline float3 cross(float3 a, float3 b) { return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
__host__ __device__ inline float4 operator*(float4 a, float4 b) { return make_float4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w); }
__host__ __device__ inline int2 operator+(int2 a, int2 b) { return make_int2(a.x + b.x, a.y + b.y); }
__host__ __device__ inline int2 operator>>(int2 a, int s) { return make_int2(a.x >> s, a.y >> s); }
__host__ __device__ inline bool operator==(int2 a, int2 b) { return a.x == b.x && a.y == b.y; }
__host__ __device__ inline int4 operator^(int4 a, int4 b) { return make_int4(a.x ^ b.x, a.y ^ b.y, a.z ^ b.z, a.w ^ b.w); }
__host__ __device__ inline double2 operator*(double2 a, double2 b) { return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }  // complex product
__host__ __device__ inline uchar4 operator+(uchar4 a, uchar4 b) {  // saturating
    auto s = [](int x) { return (unsigned char)(x > 255 ? 255 : x); };
    return make_uchar4(s(a.x + b.x), s(a.y + b.y), s(a.z + b.z), s(a.w + b.w));
}
__host__ __device__ constexpr float operator""_deg(long double d) { return (float)(d * 3.14159265358979323846L / 180); }

struct Mat3 {
    float3 r[3];
    __host__ __device__ float3 operator*(float3 v) const { return make_float3(dot(r[0], v), dot(r[1], v), dot(r[2], v)); }
    __host__ __device__ Mat3 operator*(const Mat3 &o) const {
        Mat3 m;
        for (int i = 0; i < 3; i++) {
            float3 c0 = make_float3(o.r[0].x, o.r[1].x, o.r[2].x), c1 = make_float3(o.r[0].y, o.r[1].y, o.r[2].y), c2 = make_float3(o.r[0].z, o.r[1].z, o.r[2].z);
            m.r[i] = make_float3(dot(r[i], c0), dot(r[i], c1), dot(r[i], c2));
        }
        return m;
    }
};
__host__ __device__ Mat3 rot_z(float a) { float c = cosf(a), s = sinf(a); return Mat3{{make_float3(c, -s, 0), make_float3(s, c, 0), make_float3(0, 0, 1)}}; }
__host__ __device__ void bump(float &component, float by) { component += by; }

struct Out { float3 p; float4 q; int2 i2; int4 i4; double2 z; uchar4 c; float ang; };

__host__ __device__ Out compute(int i) {
    Out o;
    float3 a = make_float3(i * 0.5f, 1 - i * 0.25f, 2), b = make_float3(3, i % 7, -1.5f);
    float3 c = cross(a, b) + 0.5f * (a - b);
    c += a * 2.0f;
    bump(c.y, 1.0f);
    Mat3 m = rot_z(90.0_deg) * rot_z((float)(i % 4) * 45.0_deg);
    o.p = m * c;
    o.q = make_float4(i, 2, 3, 4) * make_float4(0.5f, i, -1, 0.25f);
    o.i2 = (make_int2(i, -i) + make_int2(100, 100)) >> 1;
    o.i4 = make_int4(i, i * 3, i * 5, i * 7) ^ make_int4(0x55, 0xaa, 0xff, 0x0f);
    double2 z = make_double2(1, 0); for (int k = 0; k < i % 9; k++) z = z * make_double2(0.6, 0.8);
    o.z = z;
    o.c = make_uchar4(i & 255, 200, 100, 0) + make_uchar4(100, 100, 100, i & 255);
    o.ang = 30.0_deg * i;
    return o;
}
__global__ void kernel(Out *out, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = compute(i); }

int main() {
    const int N = 300;
    Out *d; cudaMalloc(&d, N * sizeof(Out));
    kernel<<<(N + 127) / 128, 128>>>(d, N);
    cudaError_t e = cudaDeviceSynchronize();
    Out h[N]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int exact = 0, close = 0;
    for (int i = 0; i < N; i++) {
        Out r = compute(i);
        bool ints = r.i2 == h[i].i2 && memcmp(&r.i4, &h[i].i4, 16) == 0 && memcmp(&r.c, &h[i].c, 4) == 0;
        auto eqf = [](float a, float b) { return memcmp(&a, &b, 4) == 0; };  // members: Out has padding
        bool ex = ints && eqf(r.p.x, h[i].p.x) && eqf(r.p.y, h[i].p.y) && eqf(r.p.z, h[i].p.z) && memcmp(&r.q, &h[i].q, 16) == 0 && memcmp(&r.z, &h[i].z, 16) == 0 && eqf(r.ang, h[i].ang);
        bool cl = ints && fabsf(r.p.x - h[i].p.x) < 1e-3f && fabsf(r.p.y - h[i].p.y) < 1e-3f && fabs(r.z.x - h[i].z.x) < 1e-12;
        exact += ex; close += cl;
    }
    printf("%s: %d/%d bit-identical to the host, %d/%d within 1e-3\n", cudaGetErrorString(e), exact, N, close, N);
    for (int i : {0, 1, 7, 299}) printf("  [%d] p=(%a %a %a) q.y=%g i2=(%d %d) i4.w=%d z=(%.17g %.17g) c=(%d %d %d %d) ang=%a\n", i, h[i].p.x, h[i].p.y, h[i].p.z, h[i].q.y, h[i].i2.x, h[i].i2.y, h[i].i4.w, h[i].z.x, h[i].z.y, h[i].c.x, h[i].c.y, h[i].c.z, h[i].c.w, h[i].ang);
    return 0;
}
