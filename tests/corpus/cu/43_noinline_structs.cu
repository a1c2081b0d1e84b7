// min-arch: sm_75
// __noinline__ device functions with struct arguments and struct returns passed by value through .param
// space (aligned .param .align N .b8 arrays), vector types, large structs, references, multiple returns
// via out-params, and __forceinline__ counterparts.

struct Vec3 {
    float x, y, z;
};
struct Ray {
    Vec3 origin, dir;
    float tmin, tmax;
};
struct Hit {
    float t;
    int id;
    Vec3 normal;
    bool valid;
};
struct alignas(16) Big {
    double d[6];
    int tag;
};

__device__ __noinline__ Vec3 vadd(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
__device__ __noinline__ Vec3 vscale(Vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
__device__ __noinline__ float vdot(const Vec3 &a, const Vec3 &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

__device__ __noinline__ Hit intersect_sphere(Ray r, Vec3 center, float radius, int id) {
    Hit h;
    h.valid = false;
    h.id = id;
    h.t = r.tmax;
    Vec3 oc = vadd(r.origin, vscale(center, -1.f));
    float b = vdot(oc, r.dir);
    float c = vdot(oc, oc) - radius * radius;
    float disc = b * b - c;
    if (disc > 0.f) {
        float t = -b - sqrtf(disc);
        if (t > r.tmin && t < r.tmax) {
            h.t = t;
            h.valid = true;
            Vec3 p = vadd(r.origin, vscale(r.dir, t));
            h.normal = vscale(vadd(p, vscale(center, -1.f)), 1.f / radius);
        }
    }
    return h;
}

__device__ __noinline__ Big make_big(int tag, double base) {
    Big b;
    for (int k = 0; k < 6; ++k) b.d[k] = base * (k + 1);
    b.tag = tag;
    return b;
}
__device__ __noinline__ double sum_big(Big b) {
    double s = 0;
    for (int k = 0; k < 6; ++k) s += b.d[k];
    return s + b.tag;
}

__device__ __noinline__ void minmax(const float *a, int n, float &mn, float &mx) {
    mn = a[0];
    mx = a[0];
    for (int k = 1; k < n; ++k) {
        mn = fminf(mn, a[k]);
        mx = fmaxf(mx, a[k]);
    }
}

__device__ __noinline__ float4 lerp4(float4 a, float4 b, float t) {
    return make_float4(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), a.z + t * (b.z - a.z), a.w + t * (b.w - a.w));
}

__device__ __noinline__ char pick_char(char a, short b, bool c) { return c ? a : (char)b; }

extern "C" __global__ void raytrace_spheres(const Vec3 *centers, const float *radii, int nspheres, float *depth,
                                            Vec3 *normals, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    Ray r;
    r.origin = {0.f, 0.f, -5.f};
    Vec3 d = {(x - w * 0.5f) / w, (y - h * 0.5f) / h, 1.f};
    r.dir = vscale(d, rsqrtf(vdot(d, d)));
    r.tmin = 0.001f;
    r.tmax = 1e30f;
    Hit best;
    best.valid = false;
    best.t = r.tmax;
    for (int s = 0; s < nspheres; ++s) {
        Hit hh = intersect_sphere(r, centers[s], radii[s], s);
        if (hh.valid && hh.t < best.t) best = hh;
    }
    depth[y * w + x] = best.valid ? best.t : -1.f;
    normals[y * w + x] = best.valid ? best.normal : Vec3{0.f, 0.f, 0.f};
}

extern "C" __global__ void struct_passing(const float *a, int n, double *out, float4 *o4, char *oc) {
    int t = threadIdx.x;
    Big b = make_big(t, 0.5 * t);
    out[t] = sum_big(b);
    float mn, mx;
    minmax(a + t * n, n, mn, mx);
    o4[t] = lerp4(make_float4(mn, mn, mn, mn), make_float4(mx, mx, mx, mx), 0.25f);
    oc[t] = pick_char((char)t, (short)(t * 300), t & 1);
}
