// flags: -O3 -Xcompiler -Wall
// diff-tolerance: 1e-5
// User-written float3 helpers as real codes carry them (operator overloads on float3, dot,
// cross, normalize with rsqrtf, a __forceinline__ reflect and a __noinline__ ray-sphere
// intersection), function objects passed to a templated kernel, `#pragma unroll 4` over a
// fixed-trip loop, `__builtin_expect` on the hit test, and `__restrict__` pointers: a tiny ray
// caster against 5 spheres with one bounce, 37x29 image with 16x8 blocks. Results printed as
// %.9g of per-row sums and of chosen pixels (rsqrtf is rsqrt.approx: within 1e-5 of the GPU).
#include <cstdio>
#include <cmath>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__host__ __device__ inline float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__host__ __device__ inline float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__host__ __device__ inline float3 operator-(float3 a) { return make_float3(-a.x, -a.y, -a.z); }
__host__ __device__ inline float3 operator*(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }
__host__ __device__ inline float3 operator*(float s, float3 a) { return a * s; }
__host__ __device__ inline float3 operator*(float3 a, float3 b) { return make_float3(a.x * b.x, a.y * b.y, a.z * b.z); }
__host__ __device__ inline float3& operator+=(float3& a, float3 b) { a.x += b.x; a.y += b.y; a.z += b.z; return a; }
__host__ __device__ inline float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ inline float3 cross(float3 a, float3 b) { return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
__device__ inline float3 normalize(float3 v) { return v * rsqrtf(dot(v, v)); }
__device__ __forceinline__ float3 reflect(float3 i, float3 n) { return i - 2.0f * dot(n, i) * n; }

struct Sphere { float3 c; float r; float3 color; };
__constant__ Sphere c_spheres[5];

__device__ __noinline__ float hit_sphere(const Sphere& s, float3 o, float3 d) {
    float3 oc = o - s.c;
    float b = dot(oc, d), c = dot(oc, oc) - s.r * s.r;
    float disc = b * b - c;
    if (disc < 0.0f) return -1.0f;
    float sq = sqrtf(disc);
    float t = -b - sq;
    return t > 1e-3f ? t : (-b + sq > 1e-3f ? -b + sq : -1.0f);
}

struct Lambert { float3 light; __device__ float3 operator()(float3 n, float3 col) const { float k = fmaxf(dot(n, light), 0.0f); return col * (0.1f + 0.9f * k); } };
struct Toon { float3 light; int levels; __device__ float3 operator()(float3 n, float3 col) const { float k = fmaxf(dot(n, light), 0.0f); k = floorf(k * levels) / levels; return col * k; } };

template <class Shade>
__global__ void render(float3* __restrict__ img, int w, int h, Shade shade) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float3 o = make_float3(0, 0, -5);
    float3 d = normalize(make_float3((x - w * 0.5f) / h, (y - h * 0.5f) / h, 1.5f));
    float3 acc = make_float3(0, 0, 0), weight = make_float3(1, 1, 1);
    for (int bounce = 0; bounce < 2; ++bounce) {
        float best = 1e30f; int hit = -1;
        #pragma unroll 4
        for (int s = 0; s < 5; ++s) {
            float t = hit_sphere(c_spheres[s], o, d);
            if (__builtin_expect(t > 0.0f && t < best, 0)) { best = t; hit = s; }
        }
        if (hit < 0) { acc += weight * make_float3(0.2f, 0.3f, 0.5f) * (0.5f + 0.5f * d.y); break; }
        float3 p = o + d * best;
        float3 n = normalize(p - c_spheres[hit].c);
        acc += weight * shade(n, c_spheres[hit].color) * 0.7f;
        weight = weight * c_spheres[hit].color * 0.3f;
        d = reflect(d, n); o = p;
    }
    img[y * w + x] = acc;
}

int main() {
    const int w = 37, h = 29;
    Sphere sp[5] = {{{0, 0, 3}, 1.5f, {0.9f, 0.2f, 0.2f}}, {{-2.5f, 0.5f, 4}, 1.0f, {0.2f, 0.9f, 0.3f}}, {{2.2f, -0.7f, 2.5f}, 0.8f, {0.3f, 0.3f, 0.95f}},
                     {{0, -101.5f, 3}, 100.0f, {0.8f, 0.8f, 0.8f}}, {{0.8f, 1.6f, 1.5f}, 0.4f, {1, 1, 0.2f}}};
    CK(cudaMemcpyToSymbol(c_spheres, sp, sizeof sp));
    float3* img; CK(cudaMallocManaged(&img, w * h * sizeof(float3)));
    dim3 b(16, 8), g((w + 15) / 16, (h + 7) / 8);
    float il = 1.0f / sqrtf(1 + 4 + 1);
    render<<<g, b>>>(img, w, h, Lambert{make_float3(il, -2 * il, -il)});
    CK(cudaDeviceSynchronize());
    for (int y = 0; y < h; y += 4) {
        float sx = 0, sy = 0, sz = 0;
        for (int x = 0; x < w; ++x) { sx += img[y * w + x].x; sy += img[y * w + x].y; sz += img[y * w + x].z; }
        printf("lambert row %2d: %.9g %.9g %.9g\n", y, sx, sy, sz);
    }
    printf("pixel(18,14) %.9g %.9g %.9g\n", img[14 * w + 18].x, img[14 * w + 18].y, img[14 * w + 18].z);
    render<<<g, b>>>(img, w, h, Toon{make_float3(0, -1, 0), 4});
    CK(cudaDeviceSynchronize());
    int hist[5] = {0};
    for (int i = 0; i < w * h; ++i) { float l = img[i].x + img[i].y + img[i].z; hist[l < 0.25f ? 0 : l < 0.5f ? 1 : l < 1.0f ? 2 : l < 1.5f ? 3 : 4]++; }
    printf("toon histogram %d %d %d %d %d\n", hist[0], hist[1], hist[2], hist[3], hist[4]);
    float3 c = cross(make_float3(1, 2, 3), make_float3(-2, 0.5f, 4));
    printf("host cross %g %g %g\n", c.x, c.y, c.z);
    return 0;
}
