// min-arch: sm_75
// Surface objects (cudaSurfaceObject_t): surf1Dread/surf1Dwrite, surf2Dread/surf2Dwrite, surf3Dread/surf3Dwrite,
// surf2DLayeredread/write, surfCubemapwrite, with boundary modes cudaBoundaryModeTrap/Clamp/Zero; various texel types.
#include <cuda_runtime.h>

extern "C" __global__ void surf1d_copy(cudaSurfaceObject_t src, cudaSurfaceObject_t dst, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= n) return;
    float v;
    surf1Dread(&v, src, x * 4, cudaBoundaryModeClamp);
    surf1Dwrite(v * 2.0f, dst, x * 4, cudaBoundaryModeTrap);
}

extern "C" __global__ void surf2d_blur(cudaSurfaceObject_t src, cudaSurfaceObject_t dst, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float4 acc = make_float4(0, 0, 0, 0);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            float4 v = surf2Dread<float4>(src, (x + dx) * (int)sizeof(float4), y + dy, cudaBoundaryModeZero);
            acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
        }
    float k = 1.0f / 9.0f;
    surf2Dwrite(make_float4(acc.x * k, acc.y * k, acc.z * k, acc.w * k), dst, x * (int)sizeof(float4), y);
}

extern "C" __global__ void surf3d_ops(cudaSurfaceObject_t vol, cudaSurfaceObject_t out, int w, int h, int d) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z;
    if (x >= w || y >= h || z >= d) return;
    unsigned short a;
    surf3Dread(&a, vol, x * 2, y, z, cudaBoundaryModeClamp);
    int b = surf3Dread<int>(out, x * 4, y, z);
    surf3Dwrite(b + (int)a, out, x * 4, y, z, cudaBoundaryModeTrap);
}

extern "C" __global__ void surf_layered(cudaSurfaceObject_t layered, cudaSurfaceObject_t cube, int w, int layers) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= w) return;
    for (int l = 0; l < layers; ++l) {
        uchar4 p = surf2DLayeredread<uchar4>(layered, x * 4, y, l, cudaBoundaryModeClamp);
        p.x = 255 - p.x;
        surf2DLayeredwrite(p, layered, x * 4, y, l);
    }
    for (int face = 0; face < 6; ++face) surfCubemapwrite((float)(face * 100 + x), cube, x * 4, y, face);
}

// Various texel widths: char, short2, int4, double (via int2)
extern "C" __global__ void surf_types(cudaSurfaceObject_t s8, cudaSurfaceObject_t s16x2, cudaSurfaceObject_t s128, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= n) return;
    char c = surf1Dread<char>(s8, x);
    short2 s = surf1Dread<short2>(s16x2, x * 4);
    int4 q = surf1Dread<int4>(s128, x * 16);
    q.x += c; q.y += s.x; q.z += s.y; q.w = q.x ^ q.y;
    surf1Dwrite(q, s128, x * 16, cudaBoundaryModeZero);
    surf1Dwrite((char)(c + 1), s8, x);
}
