// flags: -O3 -lineinfo -gencode arch=compute_90,code=sm_90
// HeCBench-style image kernels over CUDA arrays: an affine transform (rotation, scale, shear)
// of a uchar image read through tex2D<float> with cudaReadModeNormalizedFloat, linear
// filtering, normalized coordinates and border addressing, the result written with surf2Dwrite
// into a second array (cudaArraySurfaceLoadStore) and copied back with cudaMemcpy2DFromArray;
// the same transform of a float4 image with point filtering and wrap/mirror addressing; a
// 3x3 bilateral-like weighted filter of a float array through tex2D with clamp. 16x16 and 32x8
// blocks over sizes that do not divide. Exact checksums of the bytes, %a samples of floats.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
struct Affine { float a, b, c, d, tx, ty; };
__global__ void affine_u8(cudaTextureObject_t src, cudaSurfaceObject_t dst, int w, int h, Affine m) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float u = (m.a * x + m.b * y + m.tx) / w;
    float v = (m.c * x + m.d * y + m.ty) / h;
    float val = tex2D<float>(src, u, v);
    surf2Dwrite((unsigned char)(val * 255.0f + 0.5f), dst, x, y);
}
__global__ void affine_f4(cudaTextureObject_t src, float4* out, int w, int h, Affine m) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float u = (m.a * x + m.b * y + m.tx) / w;
    float v = (m.c * x + m.d * y + m.ty) / h;
    out[y * w + x] = tex2D<float4>(src, u, v);
}
__global__ void weighted3x3(cudaTextureObject_t src, float* out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float c = tex2D<float>(src, x + 0.5f, y + 0.5f);
    float s = 0, ws = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            float p = tex2D<float>(src, x + dx + 0.5f, y + dy + 0.5f);
            float wgt = 1.0f / (1.0f + (p - c) * (p - c)) * (dx == 0 && dy == 0 ? 4.0f : (dx == 0 || dy == 0 ? 2.0f : 1.0f));
            s += wgt * p;
            ws += wgt;
        }
    out[y * w + x] = s / ws;
}
int main() {
    const int W = 75, H = 53;
    std::vector<unsigned char> img(W * H);
    for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) img[y * W + x] = (unsigned char)((x * 7) ^ (y * 11) ^ ((x * y) >> 3));
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<unsigned char>();
    cudaArray_t a_in, a_out;
    CK(cudaMallocArray(&a_in, &cd, W, H));
    CK(cudaMallocArray(&a_out, &cd, W, H, cudaArraySurfaceLoadStore));
    CK(cudaMemcpy2DToArray(a_in, 0, 0, img.data(), W, W, H, cudaMemcpyHostToDevice));
    cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a_in;
    cudaTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeBorder;
    td.filterMode = cudaFilterModeLinear; td.readMode = cudaReadModeNormalizedFloat; td.normalizedCoords = 1;
    cudaTextureObject_t tex;
    CK(cudaCreateTextureObject(&tex, &rd, &td, nullptr));
    cudaResourceDesc sd = {}; sd.resType = cudaResourceTypeArray; sd.res.array.array = a_out;
    cudaSurfaceObject_t surf;
    CK(cudaCreateSurfaceObject(&surf, &sd));
    Affine m = {0.9f, -0.35f, 0.3f, 0.95f, 6.5f, -4.25f};
    affine_u8<<<dim3((W + 15) / 16, (H + 15) / 16), dim3(16, 16)>>>(tex, surf, W, H, m);
    CK(cudaGetLastError());
    std::vector<unsigned char> out(W * H);
    CK(cudaMemcpy2DFromArray(out.data(), W, a_out, 0, 0, W, H, cudaMemcpyDeviceToHost));
    unsigned long long s = 0, hsh = 1469598103934665603ull;
    for (auto c : out) { s += c; hsh = (hsh ^ c) * 1099511628211ull; }
    printf("affine u8 (linear, border): sum %llu fnv %016llx\n  row 20:", s, hsh);
    for (int x = 0; x < W; x += 5) printf(" %d", out[20 * W + x]);
    printf("\n");
    // float4 image, point filtering, wrap then mirror
    std::vector<float4> f(W * H);
    for (int i = 0; i < W * H; i++) f[i] = make_float4(i * 0.5f, (i % 13) * 0.25f, -(float)(i % 7), 1.0f / (1 + i % 9));
    cudaChannelFormatDesc c4 = cudaCreateChannelDesc<float4>();
    cudaArray_t a4;
    CK(cudaMallocArray(&a4, &c4, W, H));
    CK(cudaMemcpy2DToArray(a4, 0, 0, f.data(), W * sizeof(float4), W * sizeof(float4), H, cudaMemcpyHostToDevice));
    float4* dout4;
    CK(cudaMalloc(&dout4, W * H * sizeof(float4)));
    const cudaTextureAddressMode modes[2] = {cudaAddressModeWrap, cudaAddressModeMirror};
    const char* names[2] = {"wrap", "mirror"};
    for (int k = 0; k < 2; k++) {
        cudaResourceDesc r4 = {}; r4.resType = cudaResourceTypeArray; r4.res.array.array = a4;
        cudaTextureDesc t4 = {};
        t4.addressMode[0] = t4.addressMode[1] = modes[k];
        t4.filterMode = cudaFilterModePoint; t4.readMode = cudaReadModeElementType; t4.normalizedCoords = 1;
        cudaTextureObject_t tx4;
        CK(cudaCreateTextureObject(&tx4, &r4, &t4, nullptr));
        Affine m2 = {1.3f, 0.4f, -0.5f, 1.2f, -20.0f, 15.0f};
        affine_f4<<<dim3((W + 31) / 32, (H + 7) / 8), dim3(32, 8)>>>(tx4, dout4, W, H, m2);
        std::vector<float4> o(W * H);
        CK(cudaMemcpy(o.data(), dout4, W * H * sizeof(float4), cudaMemcpyDeviceToHost));
        double sx = 0, sy = 0, sz = 0, sw = 0;
        for (auto& v : o) { sx += v.x; sy += v.y; sz += v.z; sw += v.w; }
        printf("affine float4 (point, %s): sums %.6f %.6f %.6f %.9g; o[777] = %g %g %g %a\n", names[k], sx, sy, sz, sw, o[777].x, o[777].y, o[777].z, o[777].w);
        CK(cudaDestroyTextureObject(tx4));
    }
    // weighted 3x3 filter of a float array, clamp, unnormalized coordinates
    std::vector<float> g(W * H);
    for (int i = 0; i < W * H; i++) g[i] = (float)((i * 17) % 29) * 0.125f;
    cudaChannelFormatDesc c1 = cudaCreateChannelDesc<float>();
    cudaArray_t a1;
    CK(cudaMallocArray(&a1, &c1, W, H));
    CK(cudaMemcpy2DToArray(a1, 0, 0, g.data(), W * 4, W * 4, H, cudaMemcpyHostToDevice));
    cudaResourceDesc r1 = {}; r1.resType = cudaResourceTypeArray; r1.res.array.array = a1;
    cudaTextureDesc t1 = {};
    t1.addressMode[0] = t1.addressMode[1] = cudaAddressModeClamp;
    t1.filterMode = cudaFilterModePoint; t1.readMode = cudaReadModeElementType;
    cudaTextureObject_t tx1;
    CK(cudaCreateTextureObject(&tx1, &r1, &t1, nullptr));
    float* dg;
    CK(cudaMalloc(&dg, W * H * 4));
    weighted3x3<<<dim3((W + 15) / 16, (H + 15) / 16), dim3(16, 16)>>>(tx1, dg, W, H);
    CK(cudaMemcpy(g.data(), dg, W * H * 4, cudaMemcpyDeviceToHost));
    double gs = 0; for (float v : g) gs += v;
    printf("weighted 3x3 (clamp): sum %.9g, g[0] %a g[%d] %a\n", gs, g[0], W * H - 1, g[W * H - 1]);
    CK(cudaDestroyTextureObject(tex)); CK(cudaDestroyTextureObject(tx1)); CK(cudaDestroySurfaceObject(surf));
    CK(cudaFreeArray(a_in)); CK(cudaFreeArray(a_out)); CK(cudaFreeArray(a4)); CK(cudaFreeArray(a1));
    return 0;
}
