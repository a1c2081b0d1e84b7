// min-arch: sm_75
// Texture objects (cudaTextureObject_t): tex1Dfetch (int/float4), tex1D, tex2D, tex3D, tex1DLayered, tex2DLayered,
// texCubemap, texCubemapLayered, tex2Dgather (components 0..3), tex2DLod, tex2DGrad, tex3DLod; bilinear image resize.
#include <cuda_runtime.h>

extern "C" __global__ void tex_fetch(cudaTextureObject_t tint, cudaTextureObject_t tf4, int *oi, float4 *of, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    oi[i] = tex1Dfetch<int>(tint, i);
    of[i] = tex1Dfetch<float4>(tf4, i);
}

extern "C" __global__ void tex_sample(cudaTextureObject_t t1, cudaTextureObject_t t2, cudaTextureObject_t t3,
                                      cudaTextureObject_t t1l, cudaTextureObject_t t2l, float *out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float u = (x + 0.5f) / w, v = (y + 0.5f) / h;
    float r = tex1D<float>(t1, u);
    r += tex2D<float>(t2, u, v);
    r += tex3D<float>(t3, u, v, 0.5f);
    r += tex1DLayered<float>(t1l, u, y & 3);
    r += tex2DLayered<float>(t2l, u, v, x & 3);
    out[y * w + x] = r;
}

extern "C" __global__ void tex_cubemap(cudaTextureObject_t cube, cudaTextureObject_t cubel, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float th = 6.2831853f * i / n;
    float x = cosf(th), y = sinf(th), z = 0.25f;
    float4 a = texCubemap<float4>(cube, x, y, z);
    float4 b = texCubemapLayered<float4>(cubel, x, y, z, i & 1);
    out[i] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

extern "C" __global__ void tex_gather_lod(cudaTextureObject_t t2, cudaTextureObject_t mip, cudaTextureObject_t mip3,
                                          float4 *gathered, float *lod, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float u = (float)x, v = (float)y;
    float4 g0 = tex2Dgather<float4>(t2, u, v, 0);
    float4 g1 = tex2Dgather<float4>(t2, u, v, 1);
    float4 g2 = tex2Dgather<float4>(t2, u, v, 2);
    float4 g3 = tex2Dgather<float4>(t2, u, v, 3);
    gathered[y * w + x] = make_float4(g0.x + g0.y, g1.z + g1.w, g2.x * g2.w, g3.y - g3.z);
    float level = (float)(x & 3);
    float l = tex2DLod<float>(mip, u / w, v / h, level);
    l += tex2DGrad<float>(mip, u / w, v / h, make_float2(1.0f / w, 0.f), make_float2(0.f, 1.0f / h));
    l += tex3DLod<float>(mip3, u / w, v / h, 0.5f, level);
    lod[y * w + x] = l;
}

// Bilinear resize using hardware filtering on normalized coordinates
extern "C" __global__ void resize_bilinear(cudaTextureObject_t src, uchar4 *dst, int dw, int dh) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= dw || y >= dh) return;
    float4 c = tex2D<float4>(src, (x + 0.5f) / dw, (y + 0.5f) / dh);
    dst[y * dw + x] = make_uchar4((unsigned char)(__saturatef(c.x) * 255.f), (unsigned char)(__saturatef(c.y) * 255.f),
                                  (unsigned char)(__saturatef(c.z) * 255.f), (unsigned char)(__saturatef(c.w) * 255.f));
}

// Integer-typed textures (unnormalized reads of uchar4 / short2)
extern "C" __global__ void tex_int_types(cudaTextureObject_t tu8, cudaTextureObject_t ts16, int *out, int w) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= w) return;
    uchar4 a = tex2D<uchar4>(tu8, x, 0);
    short2 b = tex1D<short2>(ts16, (float)x);
    out[x] = a.x + a.y + a.z + a.w + b.x - b.y;
}
