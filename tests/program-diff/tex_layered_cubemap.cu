// Texture objects over layered and cubemap CUDA arrays: a 2D layered float
// array (cudaMalloc3DArray with cudaArrayLayered, 4 layers) filled by cudaMemcpy3D and read with
// tex2DLayered<float> (point and linear filtering, clamp and wrap); a 1D layered float2 array
// read with tex1DLayered; a cubemap (cudaArrayCubemap, 6 faces of 4x4) read with texCubemap at
// face centres, edges and corners (ties between axes included). Printed with %a.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void layered2d(cudaTextureObject_t t, float* out, int n, float sx, float sy) {
    int i = threadIdx.x;
    if (i >= n) return;
    float x = (i % 7) * 0.75f - 0.6f, y = (i / 7) * 1.25f - 0.3f;
    out[i] = tex2DLayered<float>(t, x * sx, y * sy, i % 5);  // layer 4 does not exist: clamped? (avoided below)
}
__global__ void layered1d(cudaTextureObject_t t, float2* out) {
    int i = threadIdx.x;
    out[i] = tex1DLayered<float2>(t, i * 0.625f - 0.5f, i % 3);
}
__global__ void cube(cudaTextureObject_t t, float* out, const float4* dirs, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = texCubemap<float>(t, dirs[i].x, dirs[i].y, dirs[i].z);
}
static cudaTextureObject_t make(cudaArray_t a, cudaTextureFilterMode f, cudaTextureAddressMode m, int norm, cudaTextureReadMode rm = cudaReadModeElementType) {
    cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a;
    cudaTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = m;
    td.filterMode = f; td.readMode = rm; td.normalizedCoords = norm;
    cudaTextureObject_t t = 0;
    cudaError_t e = cudaCreateTextureObject(&t, &rd, &td, nullptr);
    if (e != cudaSuccess) printf("create: %s\n", cudaGetErrorName(e));
    return t;
}

int main() {
    const int W = 5, H = 4, L = 4;
    std::vector<float> h(W * H * L);
    for (int l = 0; l < L; ++l) for (int y = 0; y < H; ++y) for (int x = 0; x < W; ++x) h[(l * H + y) * W + x] = (float)(l * 100 + y * 10 + x);
    cudaChannelFormatDesc df = cudaCreateChannelDesc<float>();
    cudaArray_t a; CK(cudaMalloc3DArray(&a, &df, make_cudaExtent(W, H, L), cudaArrayLayered));
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(h.data(), W * 4, W, H); p.dstArray = a; p.extent = make_cudaExtent(W, H, L); p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    float* out; CK(cudaMallocManaged(&out, 64 * sizeof(float)));
    const int n = 28;
    struct { cudaTextureFilterMode f; cudaTextureAddressMode m; int norm; const char* name; } cfg[3] = {
        {cudaFilterModePoint, cudaAddressModeClamp, 0, "point/clamp"}, {cudaFilterModeLinear, cudaAddressModeClamp, 0, "linear/clamp"}, {cudaFilterModeLinear, cudaAddressModeWrap, 1, "linear/wrap"}};
    for (auto& c : cfg) {
        cudaTextureObject_t t = make(a, c.f, c.m, c.norm);
        layered2d<<<1, 32>>>(t, out, n, c.norm ? 1.0f / W : 1.0f, c.norm ? 1.0f / H : 1.0f);
        CK(cudaDeviceSynchronize());
        printf("layered2d %-12s:", c.name);
        for (int i = 0; i < n; ++i) if (i % 5 != 4) printf(" %a", out[i]);
        printf("\n");
        cudaDestroyTextureObject(t);
    }
    // 1D layered float2: width 6, 3 layers (height 0 in the extent)
    std::vector<float2> h1(6 * 3);
    for (int l = 0; l < 3; ++l) for (int x = 0; x < 6; ++x) h1[l * 6 + x] = make_float2((float)(x * x + l), (float)(l * 10 - x));
    cudaChannelFormatDesc d2 = cudaCreateChannelDesc<float2>();
    cudaArray_t a1; CK(cudaMalloc3DArray(&a1, &d2, make_cudaExtent(6, 0, 3), cudaArrayLayered));
    cudaMemcpy3DParms q = {};
    q.srcPtr = make_cudaPitchedPtr(h1.data(), 6 * sizeof(float2), 6, 1); q.dstArray = a1; q.extent = make_cudaExtent(6, 1, 3); q.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&q));
    float2* o2; CK(cudaMallocManaged(&o2, 16 * sizeof(float2)));
    cudaTextureObject_t t1 = make(a1, cudaFilterModeLinear, cudaAddressModeClamp, 0);
    layered1d<<<1, 12>>>(t1, o2);
    CK(cudaDeviceSynchronize());
    printf("layered1d:");
    for (int i = 0; i < 12; ++i) printf(" (%a %a)", o2[i].x, o2[i].y);
    printf("\n");
    // cubemap 4x4x6
    const int F = 4;
    std::vector<float> hc(F * F * 6);
    for (int f = 0; f < 6; ++f) for (int y = 0; y < F; ++y) for (int x = 0; x < F; ++x) hc[(f * F + y) * F + x] = (float)(f * 1000 + y * 10 + x);
    cudaArray_t ac; CK(cudaMalloc3DArray(&ac, &df, make_cudaExtent(F, F, 6), cudaArrayCubemap));
    cudaMemcpy3DParms r = {};
    r.srcPtr = make_cudaPitchedPtr(hc.data(), F * 4, F, F); r.dstArray = ac; r.extent = make_cudaExtent(F, F, 6); r.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&r));
    float4 dirs[16] = {{1, 0, 0, 0}, {-1, 0, 0, 0}, {0, 1, 0, 0}, {0, -1, 0, 0}, {0, 0, 1, 0}, {0, 0, -1, 0},
                       {1, 0.5f, 0.25f, 0}, {-1, -0.3f, 0.9f, 0}, {0.2f, 1, -0.7f, 0}, {0.6f, -1, 0.6f, 0}, {-0.45f, 0.1f, 1, 0}, {0.8f, 0.8f, -1, 0},
                       {2, 1.99f, -0.5f, 0}, {1, 1, 1, 0}, {-0.999f, 1, 0.001f, 0}, {0.125f, -0.25f, -4, 0}};
    float4* dd; CK(cudaMalloc(&dd, sizeof dirs)); CK(cudaMemcpy(dd, dirs, sizeof dirs, cudaMemcpyHostToDevice));
    for (int f = 0; f < 2; ++f) {
        cudaTextureObject_t tc = make(ac, f ? cudaFilterModeLinear : cudaFilterModePoint, cudaAddressModeClamp, 1);
        cube<<<1, 16>>>(tc, out, dd, 16);
        CK(cudaDeviceSynchronize());
        printf("cubemap %s:", f ? "linear" : "point ");
        for (int i = 0; i < 16; ++i) printf(" %a", out[i]);
        printf("\n");
        cudaDestroyTextureObject(tc);
    }
    return 0;
}
