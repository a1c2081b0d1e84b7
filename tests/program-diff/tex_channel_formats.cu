// Texture objects over CUDA arrays of four channel formats, each filled with
// cudaMemcpy2DToArray from a pitched host image: uchar4 read as normalized floats
// (cudaReadModeNormalizedFloat) with linear filtering, short2 read as element type with point
// filtering, half (cudaCreateChannelDescHalf) read as float with linear filtering, float2 with
// linear filtering. Sampled at texel centres, between texels, and outside the image with every
// address mode (clamp, border, wrap and mirror with normalized coordinates). A 1D layered-free
// case: a linear-memory texture (cudaResourceTypePitch2D) too. Values printed with %a.
#include <cstdio>
#include <cuda_fp16.h>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

#define NS 8
__constant__ float2 c_pts[NS];

__global__ void sample_uchar4(cudaTextureObject_t t, float4* out, float scale) {
    int i = threadIdx.x;
    float2 p = c_pts[i];
    out[i] = tex2D<float4>(t, p.x * scale, p.y * scale);
}
__global__ void sample_short2(cudaTextureObject_t t, short2* out) {
    int i = threadIdx.x;
    float2 p = c_pts[i];
    out[i] = tex2D<short2>(t, p.x, p.y);
}
__global__ void sample_float(cudaTextureObject_t t, float* out, float sx, float sy) {
    int i = threadIdx.x;
    float2 p = c_pts[i];
    out[i] = tex2D<float>(t, p.x * sx, p.y * sy);
}
__global__ void sample_float2(cudaTextureObject_t t, float2* out, float sx, float sy) {
    int i = threadIdx.x;
    float2 p = c_pts[i];
    out[i] = tex2D<float2>(t, p.x * sx, p.y * sy);
}

static cudaTextureObject_t make_tex(cudaArray_t arr, cudaTextureAddressMode am, cudaTextureFilterMode fm, cudaTextureReadMode rm, int normalized) {
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = arr;
    cudaTextureDesc td = {};
    td.addressMode[0] = am; td.addressMode[1] = am;
    td.filterMode = fm; td.readMode = rm; td.normalizedCoords = normalized;
    if (am == cudaAddressModeBorder) { td.borderColor[0] = 0.25f; td.borderColor[1] = 0.5f; }
    cudaTextureObject_t t = 0;
    cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
    if (e != cudaSuccess) printf("create: %s\n", cudaGetErrorString(e));
    return t;
}

static const char* mode_name(cudaTextureAddressMode m) {
    switch (m) { case cudaAddressModeWrap: return "wrap"; case cudaAddressModeClamp: return "clamp"; case cudaAddressModeMirror: return "mirror"; default: return "border"; }
}

int main() {
    const int W = 6, H = 5;
    // sample points in texel units: centres, between texels, outside on each side
    float2 pts[NS] = {{0.5f, 0.5f}, {1.0f, 1.0f}, {2.25f, 3.75f}, {5.9f, 4.5f}, {-1.3f, 2.5f}, {7.2f, -0.6f}, {3.5f, 5.6f}, {12.75f, 9.125f}};
    CK(cudaMemcpyToSymbol(c_pts, pts, sizeof pts));
    cudaTextureAddressMode modes[4] = {cudaAddressModeClamp, cudaAddressModeBorder, cudaAddressModeWrap, cudaAddressModeMirror};

    // uchar4, normalized float, linear; host image with a pitch of 8 texels
    std::vector<uchar4> img4(8 * H);
    for (int y = 0; y < H; ++y) for (int x = 0; x < 8; ++x) img4[y * 8 + x] = make_uchar4(x * 40 + y, 255 - y * 50, (x * y * 17) & 255, x < W ? 200 : 0);
    cudaChannelFormatDesc d4 = cudaCreateChannelDesc<uchar4>();
    cudaArray_t a4; CK(cudaMallocArray(&a4, &d4, W, H));
    CK(cudaMemcpy2DToArray(a4, 0, 0, img4.data(), 8 * sizeof(uchar4), W * sizeof(uchar4), H, cudaMemcpyHostToDevice));
    float4* o4; CK(cudaMallocManaged(&o4, NS * sizeof(float4)));
    for (int m = 0; m < 4; ++m) {
        int norm = m >= 2;  // wrap and mirror need normalized coordinates
        cudaTextureObject_t t = make_tex(a4, modes[m], cudaFilterModeLinear, cudaReadModeNormalizedFloat, norm);
        sample_uchar4<<<1, NS>>>(t, o4, norm ? 1.0f / W : 1.0f);
        CK(cudaDeviceSynchronize());
        printf("uchar4 %-6s:", mode_name(modes[m]));
        for (int i = 0; i < NS; ++i) printf(" (%a %a %a %a)", o4[i].x, o4[i].y, o4[i].z, o4[i].w);
        printf("\n");
        cudaDestroyTextureObject(t);
    }
    // short2, element type, point filtering (normalized coordinates off; uses the y scale 1)
    std::vector<short2> img2(W * H);
    for (int y = 0; y < H; ++y) for (int x = 0; x < W; ++x) img2[y * W + x] = make_short2((short)(x * 1000 - 3000), (short)(-y * 7000 + x));
    cudaChannelFormatDesc d2 = cudaCreateChannelDesc<short2>();
    cudaArray_t a2; CK(cudaMallocArray(&a2, &d2, W, H));
    CK(cudaMemcpy2DToArray(a2, 0, 0, img2.data(), W * sizeof(short2), W * sizeof(short2), H, cudaMemcpyHostToDevice));
    short2* o2; CK(cudaMallocManaged(&o2, NS * sizeof(short2)));
    for (int m = 0; m < 2; ++m) {
        cudaTextureObject_t t = make_tex(a2, modes[m], cudaFilterModePoint, cudaReadModeElementType, 0);
        sample_short2<<<1, NS>>>(t, o2);
        CK(cudaDeviceSynchronize());
        printf("short2 %-6s:", mode_name(modes[m]));
        for (int i = 0; i < NS; ++i) printf(" (%d %d)", o2[i].x, o2[i].y);
        printf("\n");
        cudaDestroyTextureObject(t);
    }
    // half, read as float, linear filtering; normalized coordinates for wrap/mirror
    std::vector<__half> imgh(W * H);
    for (int y = 0; y < H; ++y) for (int x = 0; x < W; ++x) imgh[y * W + x] = __float2half((float)(x * x) * 0.375f - (float)y * 1.5f + 0.001f * x);
    cudaChannelFormatDesc dh = cudaCreateChannelDescHalf();
    cudaArray_t ah; CK(cudaMallocArray(&ah, &dh, W, H));
    CK(cudaMemcpy2DToArray(ah, 0, 0, imgh.data(), W * sizeof(__half), W * sizeof(__half), H, cudaMemcpyHostToDevice));
    float* of; CK(cudaMallocManaged(&of, NS * sizeof(float)));
    for (int m = 0; m < 4; ++m) {
        int norm = m >= 2;
        cudaTextureObject_t t = make_tex(ah, modes[m], cudaFilterModeLinear, cudaReadModeElementType, norm);
        sample_float<<<1, NS>>>(t, of, norm ? 1.0f / W : 1.0f, norm ? 1.0f / H : 1.0f);
        CK(cudaDeviceSynchronize());
        printf("half   %-6s:", mode_name(modes[m]));
        for (int i = 0; i < NS; ++i) printf(" %a", of[i]);
        printf("\n");
        cudaDestroyTextureObject(t);
    }
    // float2, linear filtering, all modes
    std::vector<float2> imgf(W * H);
    for (int y = 0; y < H; ++y) for (int x = 0; x < W; ++x) imgf[y * W + x] = make_float2((float)(x + 10 * y), 1.0f / (1 + x + y));
    cudaChannelFormatDesc df = cudaCreateChannelDesc<float2>();
    cudaArray_t af; CK(cudaMallocArray(&af, &df, W, H));
    CK(cudaMemcpy2DToArray(af, 0, 0, imgf.data(), W * sizeof(float2), W * sizeof(float2), H, cudaMemcpyHostToDevice));
    float2* o2f; CK(cudaMallocManaged(&o2f, NS * sizeof(float2)));
    for (int m = 0; m < 4; ++m) {
        int norm = m >= 2;
        cudaTextureObject_t t = make_tex(af, modes[m], cudaFilterModeLinear, cudaReadModeElementType, norm);
        sample_float2<<<1, NS>>>(t, o2f, norm ? 1.0f / W : 1.0f, norm ? 1.0f / H : 1.0f);
        CK(cudaDeviceSynchronize());
        printf("float2 %-6s:", mode_name(modes[m]));
        for (int i = 0; i < NS; ++i) printf(" (%a %a)", o2f[i].x, o2f[i].y);
        printf("\n");
        cudaDestroyTextureObject(t);
    }
    // pitch-linear float texture from cudaMallocPitch memory, point and linear, clamp
    size_t pitch; float* lin;
    CK(cudaMallocPitch((void**)&lin, &pitch, W * sizeof(float), H));
    std::vector<float> hl(W * H);
    for (int i = 0; i < W * H; ++i) hl[i] = (float)(i * i % 29) - 0.5f;
    CK(cudaMemcpy2D(lin, pitch, hl.data(), W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
    for (int f = 0; f < 2; ++f) {
        cudaResourceDesc rd = {};
        rd.resType = cudaResourceTypePitch2D;
        rd.res.pitch2D.devPtr = lin; rd.res.pitch2D.desc = cudaCreateChannelDesc<float>();
        rd.res.pitch2D.width = W; rd.res.pitch2D.height = H; rd.res.pitch2D.pitchInBytes = pitch;
        cudaTextureDesc td = {};
        td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
        td.filterMode = f ? cudaFilterModeLinear : cudaFilterModePoint;
        td.readMode = cudaReadModeElementType;
        cudaTextureObject_t t; CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
        sample_float<<<1, NS>>>(t, of, 1.0f, 1.0f);
        CK(cudaDeviceSynchronize());
        printf("pitch2D %s:", f ? "linear" : "point ");
        for (int i = 0; i < NS; ++i) printf(" %a", of[i]);
        printf("\n");
        cudaDestroyTextureObject(t);
    }
    cudaFreeArray(a4); cudaFreeArray(a2); cudaFreeArray(ah); cudaFreeArray(af); cudaFree(lin);
    return 0;
}
