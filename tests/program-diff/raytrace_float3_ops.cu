// flags: -O3 -std=c++17
// A small ray tracer as graphics samples write it: float3 operator overloading (+ - * / dot
// cross normalize with sqrtf), a scene of spheres and planes behind an abstract Hittable
// interface created on the device (virtual hit()), a Material variant chosen by an enum and a
// switch, recursive reflection via an explicit depth loop, shadows, an integer hash for
// deterministic jitter instead of curand, and gamma conversion to bytes with __saturatef.
// 2D blocks of 16x16 over a 75x50 image (partial blocks on both axes). Prints a checksum of
// the bytes and a few pixels' exact float values.
#include <cstdio>
#include <cstring>

struct V3 { float x, y, z; };
__host__ __device__ inline V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
__host__ __device__ inline V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
__host__ __device__ inline V3 operator*(V3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
__host__ __device__ inline V3 operator*(float s, V3 a) { return a * s; }
__host__ __device__ inline V3 operator*(V3 a, V3 b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }
__host__ __device__ inline V3 operator/(V3 a, float s) { return {a.x / s, a.y / s, a.z / s}; }
__host__ __device__ inline V3& operator+=(V3& a, V3 b) { a = a + b; return a; }
__host__ __device__ inline V3 operator-(V3 a) { return {-a.x, -a.y, -a.z}; }
__host__ __device__ inline float dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ inline V3 cross(V3 a, V3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
__host__ __device__ inline V3 normalize(V3 a) { return a / sqrtf(dot(a, a)); }

enum class Kind { Diffuse, Mirror, Checker };
struct Material { Kind kind; V3 color; float reflect; };
struct Hit { float t; V3 p, n; int mat; };

struct Hittable {
    int mat;
    __device__ explicit Hittable(int m) : mat(m) {}
    __device__ virtual ~Hittable() {}
    __device__ virtual bool hit(V3 o, V3 d, float tmin, float tmax, Hit& h) const = 0;
};
struct Sphere : Hittable {
    V3 c; float r;
    __device__ Sphere(V3 c_, float r_, int m) : Hittable(m), c(c_), r(r_) {}
    __device__ bool hit(V3 o, V3 d, float tmin, float tmax, Hit& h) const override {
        V3 oc = o - c;
        float b = dot(oc, d), cc = dot(oc, oc) - r * r, disc = b * b - cc;
        if (disc < 0.f) return false;
        float s = sqrtf(disc), t = -b - s;
        if (t < tmin || t > tmax) { t = -b + s; if (t < tmin || t > tmax) return false; }
        h.t = t; h.p = o + d * t; h.n = (h.p - c) / r; h.mat = mat;
        return true;
    }
};
struct Plane : Hittable {
    V3 n; float off;
    __device__ Plane(V3 n_, float o_, int m) : Hittable(m), n(n_), off(o_) {}
    __device__ bool hit(V3 o, V3 d, float tmin, float tmax, Hit& h) const override {
        float den = dot(n, d);
        if (fabsf(den) < 1e-6f) return false;
        float t = -(dot(n, o) + off) / den;
        if (t < tmin || t > tmax) return false;
        h.t = t; h.p = o + d * t; h.n = n; h.mat = mat;
        return true;
    }
};

__device__ Hittable* g_scene[8];
__device__ int g_count;
__constant__ Material c_mats[4] = {{Kind::Diffuse, {0.8f, 0.3f, 0.2f}, 0.f}, {Kind::Mirror, {0.9f, 0.9f, 0.9f}, 0.8f},
                                   {Kind::Checker, {0.9f, 0.9f, 0.6f}, 0.1f}, {Kind::Diffuse, {0.2f, 0.5f, 0.9f}, 0.25f}};

__global__ void build() {
    int k = 0;
    g_scene[k++] = new Sphere({0.f, 0.f, -3.f}, 1.f, 0);
    g_scene[k++] = new Sphere({1.6f, -0.3f, -2.5f}, 0.6f, 1);
    g_scene[k++] = new Sphere({-1.5f, -0.5f, -2.2f}, 0.5f, 3);
    g_scene[k++] = new Plane({0.f, 1.f, 0.f}, 1.f, 2);
    g_count = k;
}
__global__ void teardown() { for (int i = 0; i < g_count; i++) delete g_scene[i]; }

__device__ bool trace(V3 o, V3 d, Hit& best) {
    bool any = false; float tmax = 1e30f;
    for (int i = 0; i < g_count; i++) { Hit h; if (g_scene[i]->hit(o, d, 1e-3f, tmax, h)) { best = h; tmax = h.t; any = true; } }
    return any;
}

__device__ unsigned hash(unsigned x) { x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16; return x; }

__global__ void render(int w, int h, V3* hdr, uchar4* ldr) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    const V3 light = normalize(V3{-1.f, 1.f, 0.5f});
    V3 sum{0, 0, 0};
    for (int s = 0; s < 4; s++) {
        unsigned r = hash((y * w + x) * 4 + s);
        float jx = (r & 0xFFFF) / 65536.f, jy = (r >> 16) / 65536.f;
        V3 o{0.f, 0.f, 0.f};
        V3 d = normalize(V3{(2.f * (x + jx) / w - 1.f) * 1.5f, (1.f - 2.f * (y + jy) / h), -1.f});
        V3 att{1, 1, 1}, col{0, 0, 0};
        for (int depth = 0; depth < 4; depth++) {
            Hit hh;
            if (!trace(o, d, hh)) { float t = 0.5f * (d.y + 1.f); col += att * ((1.f - t) * V3{1, 1, 1} + t * V3{0.5f, 0.7f, 1.0f}); break; }
            Material m = c_mats[hh.mat];
            V3 base = m.color;
            switch (m.kind) {
                case Kind::Checker: { int c = ((int)floorf(hh.p.x * 2.f) + (int)floorf(hh.p.z * 2.f)) & 1; base = c ? m.color : m.color * 0.3f; break; }
                case Kind::Mirror: break;
                case Kind::Diffuse: break;
            }
            Hit sh;
            bool shadow = trace(hh.p + hh.n * 1e-3f, light, sh);
            float diff = fmaxf(dot(hh.n, light), 0.f) * (shadow ? 0.2f : 1.f);
            col += att * base * (diff * (1.f - m.reflect) + 0.05f);
            if (m.reflect <= 0.f) break;
            att = att * m.reflect;
            d = d - hh.n * (2.f * dot(d, hh.n));
            o = hh.p + hh.n * 1e-3f;
        }
        sum += col;
    }
    sum = sum * 0.25f;
    hdr[y * w + x] = sum;
    ldr[y * w + x] = make_uchar4((unsigned char)(__saturatef(sqrtf(sum.x)) * 255.f + 0.5f), (unsigned char)(__saturatef(sqrtf(sum.y)) * 255.f + 0.5f),
                                 (unsigned char)(__saturatef(sqrtf(sum.z)) * 255.f + 0.5f), 255);
}

int main() {
    const int w = 75, h = 50;
    V3* dh; uchar4* dl;
    cudaMalloc(&dh, w * h * sizeof(V3)); cudaMalloc(&dl, w * h * sizeof(uchar4));
    build<<<1, 1>>>();
    render<<<dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16)>>>(w, h, dh, dl);
    teardown<<<1, 1>>>();
    static V3 hh[w * h]; static uchar4 hl[w * h];
    cudaMemcpy(hh, dh, sizeof hh, cudaMemcpyDeviceToHost);
    cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
    unsigned long long s = 0, f = 0;
    long long hist[4] = {0, 0, 0, 0};
    for (int i = 0; i < w * h; i++) {
        s = s * 1000003ULL + (hl[i].x | hl[i].y << 8 | hl[i].z << 16);
        unsigned u[3]; memcpy(u, &hh[i], 12);
        f = f * 1000003ULL + u[0] + 3ULL * u[1] + 7ULL * u[2];
        hist[hl[i].x >> 6]++;
    }
    printf("image %dx%d bytes hash %016llx floats hash %016llx red quartiles %lld %lld %lld %lld\n", w, h, s, f, hist[0], hist[1], hist[2], hist[3]);
    for (int p : {0, 37 * w + 37, 25 * w + 40, 30 * w + 60, 45 * w + 10, w * h - 1})
        printf("pixel %d: (%a, %a, %a) -> %d %d %d\n", p, hh[p].x, hh[p].y, hh[p].z, hl[p].x, hl[p].y, hl[p].z);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
