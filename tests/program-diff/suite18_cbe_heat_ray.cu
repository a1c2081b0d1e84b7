// flags: -O3 -lineinfo
// CUDA by Example, chapters 6 and 7: the ray tracer with its spheres in __constant__ memory
// (copied with cudaMemcpyToSymbol; 16x16 blocks over a DIMxDIM image, each pixel testing every
// sphere's hit() with sqrtf and keeping the nearest), and the heat-transfer simulation with its
// three grids read through texture objects (the book's texture references no longer exist in
// CUDA 13): copy_const_kernel, blend_kernel with tex1Dfetch over linear memory, then the 2D
// version with tex2D over cudaMallocPitch memory (cudaResourceTypePitch2D, point filtering,
// clamp addressing), alternating in and out buffers for 90 steps. Results as exact checksums of
// the image bytes and %a samples of the temperatures.
#include <cstdio>
#include <cmath>
#include <vector>
#define DIM 128
#define rnd(x) (x * rndv(seed))
#define INF 2e10f
#define SPHERES 20
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

struct Sphere {
    float r, b, g;
    float radius;
    float x, y, z;
    __device__ float hit(float ox, float oy, float* n) {
        float dx = ox - x;
        float dy = oy - y;
        if (dx * dx + dy * dy < radius * radius) {
            float dz = sqrtf(radius * radius - dx * dx - dy * dy);
            *n = dz / sqrtf(radius * radius);
            return dz + z;
        }
        return -INF;
    }
};
__constant__ Sphere s[SPHERES];
__global__ void ray_kernel(unsigned char* ptr) {
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = threadIdx.y + blockIdx.y * blockDim.y;
    int offset = x + y * blockDim.x * gridDim.x;
    float ox = (x - DIM / 2);
    float oy = (y - DIM / 2);
    float r = 0, g = 0, b = 0;
    float maxz = -INF;
    for (int i = 0; i < SPHERES; i++) {
        float n;
        float t = s[i].hit(ox, oy, &n);
        if (t > maxz) {
            float fscale = n;
            r = s[i].r * fscale;
            g = s[i].g * fscale;
            b = s[i].b * fscale;
            maxz = t;
        }
    }
    ptr[offset * 4 + 0] = (int)(r * 255);
    ptr[offset * 4 + 1] = (int)(g * 255);
    ptr[offset * 4 + 2] = (int)(b * 255);
    ptr[offset * 4 + 3] = 255;
}
#define SPEED 0.25f
__global__ void copy_const_kernel(float* iptr, const float* cptr) {
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = threadIdx.y + blockIdx.y * blockDim.y;
    int offset = x + y * blockDim.x * gridDim.x;
    if (cptr[offset] != 0) iptr[offset] = cptr[offset];
}
__global__ void blend_kernel(float* dst, cudaTextureObject_t in) {
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = threadIdx.y + blockIdx.y * blockDim.y;
    int offset = x + y * blockDim.x * gridDim.x;
    int left = offset - 1, right = offset + 1;
    if (x == 0) left++;
    if (x == DIM - 1) right--;
    int top = offset - DIM, bottom = offset + DIM;
    if (y == 0) top += DIM;
    if (y == DIM - 1) bottom -= DIM;
    float t = tex1Dfetch<float>(in, top), l = tex1Dfetch<float>(in, left), c = tex1Dfetch<float>(in, offset);
    float r = tex1Dfetch<float>(in, right), b = tex1Dfetch<float>(in, bottom);
    dst[offset] = c + SPEED * (t + b + r + l - 4 * c);
}
__global__ void blend2d_kernel(float* dst, size_t dpitch, cudaTextureObject_t in) {
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = threadIdx.y + blockIdx.y * blockDim.y;
    float t = tex2D<float>(in, x, y - 1), l = tex2D<float>(in, x - 1, y), c = tex2D<float>(in, x, y);
    float r = tex2D<float>(in, x + 1, y), b = tex2D<float>(in, x, y + 1);
    float* row = (float*)((char*)dst + y * dpitch);
    row[x] = c + SPEED * (t + b + r + l - 4 * c);
}
static float rndv(unsigned& seed) { seed = seed * 1664525u + 1013904223u; return (seed >> 8) / 16777216.0f; }
static cudaTextureObject_t lin_tex(float* p, size_t n) {
    cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeLinear; rd.res.linear.devPtr = p;
    rd.res.linear.desc = cudaCreateChannelDesc<float>(); rd.res.linear.sizeInBytes = n * sizeof(float);
    cudaTextureDesc td = {}; td.readMode = cudaReadModeElementType;
    cudaTextureObject_t t = 0; cudaCreateTextureObject(&t, &rd, &td, nullptr); return t;
}
static cudaTextureObject_t pitch_tex(float* p, size_t pitch) {
    cudaResourceDesc rd = {}; rd.resType = cudaResourceTypePitch2D; rd.res.pitch2D.devPtr = p;
    rd.res.pitch2D.desc = cudaCreateChannelDesc<float>(); rd.res.pitch2D.width = DIM; rd.res.pitch2D.height = DIM;
    rd.res.pitch2D.pitchInBytes = pitch;
    cudaTextureDesc td = {}; td.readMode = cudaReadModeElementType; td.filterMode = cudaFilterModePoint;
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    cudaTextureObject_t t = 0; cudaCreateTextureObject(&t, &rd, &td, nullptr); return t;
}
int main() {
    unsigned seed = 7;
    Sphere hs[SPHERES];
    for (int i = 0; i < SPHERES; i++) {
        hs[i].r = rnd(1.0f); hs[i].g = rnd(1.0f); hs[i].b = rnd(1.0f);
        hs[i].x = rnd((float)DIM) - DIM / 2; hs[i].y = rnd((float)DIM) - DIM / 2; hs[i].z = rnd((float)DIM) - DIM / 2;
        hs[i].radius = rnd(20.0f) + 5;
    }
    CK(cudaMemcpyToSymbol(s, hs, sizeof hs));
    unsigned char* dimg;
    CK(cudaMalloc(&dimg, DIM * DIM * 4));
    ray_kernel<<<dim3(DIM / 16, DIM / 16), dim3(16, 16)>>>(dimg);
    std::vector<unsigned char> img(DIM * DIM * 4);
    CK(cudaMemcpy(img.data(), dimg, img.size(), cudaMemcpyDeviceToHost));
    unsigned long long sum = 0, h = 1469598103934665603ull;
    for (auto c : img) { sum += c; h = (h ^ c) * 1099511628211ull; }
    printf("ray: byte sum %llu fnv %016llx\n", sum, h);
    printf("  diagonal:");
    for (int k = 0; k < DIM; k += 9) printf(" %02x%02x%02x", img[(k + k * DIM) * 4], img[(k + k * DIM) * 4 + 1], img[(k + k * DIM) * 4 + 2]);
    printf("\n");
    // heat, 1D textures over linear memory
    const int n = DIM * DIM;
    std::vector<float> cst(n, 0.0f);
    for (int y = 0; y < DIM; y++) for (int x = 0; x < DIM; x++) {
        if (x > 30 && x < 50 && y > 40 && y < 70) cst[x + y * DIM] = 1.0f;
        if ((x - 90) * (x - 90) + (y - 90) * (y - 90) < 100) cst[x + y * DIM] = 0.75f;
        if (x == 10 && y > 5 && y < 120) cst[x + y * DIM] = 0.0001f * y;
    }
    float *din, *dout, *dconst;
    CK(cudaMalloc(&din, n * 4)); CK(cudaMalloc(&dout, n * 4)); CK(cudaMalloc(&dconst, n * 4));
    CK(cudaMemcpy(dconst, cst.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(din, cst.data(), n * 4, cudaMemcpyHostToDevice));
    cudaTextureObject_t tin = lin_tex(din, n), tout = lin_tex(dout, n);
    dim3 blocks(DIM / 16, DIM / 16), threads(16, 16);
    bool dstOut = true;
    for (int i = 0; i < 90; i++) {
        float* in = dstOut ? din : dout;
        float* out = dstOut ? dout : din;
        copy_const_kernel<<<blocks, threads>>>(in, dconst);
        blend_kernel<<<blocks, threads>>>(out, dstOut ? tin : tout);
        dstOut = !dstOut;
    }
    std::vector<float> res(n);
    CK(cudaMemcpy(res.data(), dstOut ? din : dout, n * 4, cudaMemcpyDeviceToHost));
    double tot = 0; for (float v : res) tot += v;
    printf("heat 1D textures: total %.9g, samples %a %a %a %a\n", tot, res[45 + 55 * DIM], res[60 + 60 * DIM], res[90 + 100 * DIM], res[12 + 64 * DIM]);
    // heat, 2D textures over pitched memory
    float *p0, *p1; size_t pitch;
    CK(cudaMallocPitch(&p0, &pitch, DIM * sizeof(float), DIM));
    CK(cudaMallocPitch(&p1, &pitch, DIM * sizeof(float), DIM));
    CK(cudaMemcpy2D(p0, pitch, cst.data(), DIM * sizeof(float), DIM * sizeof(float), DIM, cudaMemcpyHostToDevice));
    cudaTextureObject_t t0 = pitch_tex(p0, pitch), t1 = pitch_tex(p1, pitch);
    for (int i = 0; i < 90; i++) {
        blend2d_kernel<<<blocks, threads>>>(i % 2 ? p0 : p1, pitch, i % 2 ? t1 : t0);
    }
    CK(cudaMemcpy2D(res.data(), DIM * sizeof(float), p0, pitch, DIM * sizeof(float), DIM, cudaMemcpyDeviceToHost));
    tot = 0; for (float v : res) tot += v;
    printf("heat 2D textures: total %.9g, samples %a %a %a %a\n", tot, res[45 + 55 * DIM], res[60 + 60 * DIM], res[90 + 100 * DIM], res[0]);
    CK(cudaDestroyTextureObject(tin)); CK(cudaDestroyTextureObject(tout));
    CK(cudaDestroyTextureObject(t0)); CK(cudaDestroyTextureObject(t1));
    CK(cudaFree(din)); CK(cudaFree(dout)); CK(cudaFree(dconst)); CK(cudaFree(p0)); CK(cudaFree(p1)); CK(cudaFree(dimg));
    return 0;
}
