// Surface objects: a 2D float4 array and a 2D uchar array bound to surfaces
// (cudaArraySurfaceLoadStore); kernels write with surf2Dwrite at byte x-offsets
// (x * sizeof(T)), read neighbours back with surf2Dread, use cudaBoundaryModeZero and
// cudaBoundaryModeClamp for reads outside the array, and a 3D float surface filled by a 3D
// grid of 4x4x4 blocks then copied back with cudaMemcpy3D from the array. A texture object
// over the same 2D array then reads what the surface wrote (point filtering).
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void fill4(cudaSurfaceObject_t s, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    surf2Dwrite(make_float4(x, y, x * y, x - y), s, x * (int)sizeof(float4), y);
}

__global__ void blur4(cudaSurfaceObject_t src, float4* out, int w, int h, int clamp) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float4 acc = make_float4(0, 0, 0, 0);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            float4 v = clamp ? surf2Dread<float4>(src, (x + dx) * (int)sizeof(float4), y + dy, cudaBoundaryModeClamp)
                             : surf2Dread<float4>(src, (x + dx) * (int)sizeof(float4), y + dy, cudaBoundaryModeZero);
            acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
        }
    out[y * w + x] = acc;
}

__global__ void bytes_op(cudaSurfaceObject_t s, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    unsigned char v = surf2Dread<unsigned char>(s, x, y);
    unsigned char l = surf2Dread<unsigned char>(s, x - 1, y, cudaBoundaryModeClamp);
    __syncthreads();
    surf2Dwrite((unsigned char)(v * 3 + l), s, x, y);
}

__global__ void fill3d(cudaSurfaceObject_t s, int nx, int ny, int nz) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    surf3Dwrite((float)(x + 100 * y + 10000 * z) * 0.5f, s, x * 4, y, z);
}

__global__ void via_texture(cudaTextureObject_t t, float4* out, int w) {
    int x = threadIdx.x, y = blockIdx.x;
    out[y * w + x] = tex2D<float4>(t, x + 0.5f, y + 0.5f);
}

int main() {
    const int W = 11, H = 6;
    cudaChannelFormatDesc d4 = cudaCreateChannelDesc<float4>();
    cudaArray_t a4; CK(cudaMallocArray(&a4, &d4, W, H, cudaArraySurfaceLoadStore));
    cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = a4;
    cudaSurfaceObject_t s4; CK(cudaCreateSurfaceObject(&s4, &rd));
    dim3 b(4, 4), g((W + 3) / 4, (H + 3) / 4);
    fill4<<<g, b>>>(s4, W, H);
    float4* out; CK(cudaMallocManaged(&out, W * H * sizeof(float4)));
    for (int clamp = 0; clamp < 2; ++clamp) {
        blur4<<<g, b>>>(s4, out, W, H, clamp);
        CK(cudaDeviceSynchronize());
        int bad = 0;
        for (int y = 0; y < H; ++y) for (int x = 0; x < W; ++x) {
            float ex = 0, ey = 0, ez = 0, ew = 0;
            for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx) {
                int xx = x + dx, yy = y + dy;
                if (clamp) { xx = xx < 0 ? 0 : xx >= W ? W - 1 : xx; yy = yy < 0 ? 0 : yy >= H ? H - 1 : yy; }
                else if (xx < 0 || xx >= W || yy < 0 || yy >= H) continue;
                ex += xx; ey += yy; ez += xx * yy; ew += xx - yy;
            }
            float4 v = out[y * W + x];
            bad += v.x != ex || v.y != ey || v.z != ez || v.w != ew;
        }
        printf("blur %s: %d bad, corner (%g %g %g %g), (5,3) (%g %g %g %g)\n", clamp ? "clamp" : "zero ", bad,
               out[0].x, out[0].y, out[0].z, out[0].w, out[3 * W + 5].x, out[3 * W + 5].y, out[3 * W + 5].z, out[3 * W + 5].w);
    }
    // texture over the same array sees the surface writes
    cudaTextureDesc td = {}; td.filterMode = cudaFilterModePoint; td.readMode = cudaReadModeElementType;
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    cudaTextureObject_t t; CK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    via_texture<<<H, W>>>(t, out, W);
    CK(cudaDeviceSynchronize());
    int badt = 0;
    for (int y = 0; y < H; ++y) for (int x = 0; x < W; ++x) badt += out[y * W + x].z != (float)(x * y) || out[y * W + x].w != (float)(x - y);
    printf("texture reads of surface writes: %d bad\n", badt);
    // bytes: each thread reads itself and its left neighbour (clamped) then writes
    cudaChannelFormatDesc d1 = cudaCreateChannelDesc<unsigned char>();
    const int BW = 37, BH = 3;
    cudaArray_t a1; CK(cudaMallocArray(&a1, &d1, BW, BH, cudaArraySurfaceLoadStore));
    std::vector<unsigned char> hb(BW * BH);
    for (int i = 0; i < BW * BH; ++i) hb[i] = (unsigned char)(i * 29 + 3);
    CK(cudaMemcpy2DToArray(a1, 0, 0, hb.data(), BW, BW, BH, cudaMemcpyHostToDevice));
    rd.res.array.array = a1;
    cudaSurfaceObject_t s1; CK(cudaCreateSurfaceObject(&s1, &rd));
    bytes_op<<<dim3(1, BH), dim3(64, 1)>>>(s1, BW, BH);  // one block per row: reads finish before writes
    std::vector<unsigned char> rb(BW * BH);
    CK(cudaMemcpy2DFromArray(rb.data(), BW, a1, 0, 0, BW, BH, cudaMemcpyDeviceToHost));
    int badb = 0; unsigned sum = 0;
    for (int y = 0; y < BH; ++y) for (int x = 0; x < BW; ++x) {
        unsigned char v = hb[y * BW + x], l = hb[y * BW + (x ? x - 1 : 0)];
        badb += rb[y * BW + x] != (unsigned char)(v * 3 + l);
        sum = sum * 31 + rb[y * BW + x];
    }
    printf("byte surface: %d bad, hash %u\n", badb, sum);
    // 3D surface
    const int NX = 9, NY = 5, NZ = 6;
    cudaChannelFormatDesc df = cudaCreateChannelDesc<float>();
    cudaArray_t a3; CK(cudaMalloc3DArray(&a3, &df, make_cudaExtent(NX, NY, NZ), cudaArraySurfaceLoadStore));
    rd.res.array.array = a3;
    cudaSurfaceObject_t s3; CK(cudaCreateSurfaceObject(&s3, &rd));
    fill3d<<<dim3(3, 2, 2), dim3(4, 4, 4)>>>(s3, NX, NY, NZ);
    CK(cudaGetLastError());
    std::vector<float> h3(NX * NY * NZ, -1);
    cudaMemcpy3DParms p = {};
    p.srcArray = a3; p.dstPtr = make_cudaPitchedPtr(h3.data(), NX * 4, NX, NY); p.extent = make_cudaExtent(NX, NY, NZ); p.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3D(&p));
    int bad3 = 0;
    for (int z = 0; z < NZ; ++z) for (int y = 0; y < NY; ++y) for (int x = 0; x < NX; ++x) bad3 += h3[(z * NY + y) * NX + x] != (float)(x + 100 * y + 10000 * z) * 0.5f;
    printf("3D surface: %d bad, last %a\n", bad3, h3[NX * NY * NZ - 1]);
    cudaDestroySurfaceObject(s4); cudaDestroySurfaceObject(s1); cudaDestroySurfaceObject(s3); cudaDestroyTextureObject(t);
    cudaFreeArray(a4); cudaFreeArray(a1); cudaFreeArray(a3); cudaFree(out);
    return 0;
}
