// flags: -O3
// HeCBench-style 3D programs: a volume moved with cudaMalloc3D / cudaMemcpy3D (host to pitched
// device memory with a copy extent smaller than the allocation, then a sub-box copied device to
// device at offsets and back to the host), a 7-point Laplacian over the pitched volume with 3D
// blocks of 8x8x4 (partial blocks in every dimension), a 27-point box filter with 32x4x2 blocks
// reading through __ldg, and cudaMemset3D on a slab. Exact integer data (float sums of small
// integers), so every output is exact; checked against the host.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NX 37
#define NY 29
#define NZ 19
__global__ void laplace7(cudaPitchedPtr in, cudaPitchedPtr out, int nx, int ny, int nz) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    size_t slice = in.pitch * in.ysize;
    auto at = [&](int i, int j, int k) -> float {
        i = min(max(i, 0), nx - 1); j = min(max(j, 0), ny - 1); k = min(max(k, 0), nz - 1);
        return ((const float*)((const char*)in.ptr + k * slice + j * in.pitch))[i];
    };
    float v = at(x - 1, y, z) + at(x + 1, y, z) + at(x, y - 1, z) + at(x, y + 1, z) + at(x, y, z - 1) + at(x, y, z + 1) - 6.0f * at(x, y, z);
    ((float*)((char*)out.ptr + z * out.pitch * out.ysize + y * out.pitch))[x] = v;
}
__global__ void box27(const float* __restrict__ in, float* __restrict__ out, int nx, int ny, int nz) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    float s = 0;
    for (int dz = -1; dz <= 1; dz++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int i = x + dx, j = y + dy, k = z + dz;
                if (i >= 0 && i < nx && j >= 0 && j < ny && k >= 0 && k < nz) s += __ldg(&in[(k * ny + j) * nx + i]);
            }
    out[(z * ny + y) * nx + x] = s;
}
int main() {
    std::vector<float> h(NX * NY * NZ), r(NX * NY * NZ);
    for (int z = 0; z < NZ; z++) for (int y = 0; y < NY; y++) for (int x = 0; x < NX; x++) h[(z * NY + y) * NX + x] = (float)((x * 7 + y * 13 + z * 3) % 23);
    cudaExtent ext = make_cudaExtent(NX * sizeof(float), NY, NZ);
    cudaPitchedPtr a, b;
    CK(cudaMalloc3D(&a, make_cudaExtent((NX + 5) * sizeof(float), NY + 2, NZ)));
    CK(cudaMalloc3D(&b, make_cudaExtent((NX + 5) * sizeof(float), NY + 2, NZ)));
    printf("pitched: pitch %s %zu-aligned, xsize %zu ysize %zu\n", a.pitch % 512 == 0 ? "is" : "not", (size_t)512, a.xsize, a.ysize);
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(h.data(), NX * sizeof(float), NX, NY);
    p.dstPtr = a;
    p.extent = ext;
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    dim3 blk(8, 8, 4), grd((NX + 7) / 8, (NY + 7) / 8, (NZ + 3) / 4);
    laplace7<<<grd, blk>>>(a, b, NX, NY, NZ);
    CK(cudaGetLastError());
    cudaMemcpy3DParms q = {};
    q.srcPtr = b;
    q.dstPtr = make_cudaPitchedPtr(r.data(), NX * sizeof(float), NX, NY);
    q.extent = ext;
    q.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3D(&q));
    int bad = 0; double s = 0;
    auto H = [&](int i, int j, int k) { i = i < 0 ? 0 : i >= NX ? NX - 1 : i; j = j < 0 ? 0 : j >= NY ? NY - 1 : j; k = k < 0 ? 0 : k >= NZ ? NZ - 1 : k; return h[(k * NY + j) * NX + i]; };
    for (int z = 0; z < NZ; z++) for (int y = 0; y < NY; y++) for (int x = 0; x < NX; x++) {
        float w = H(x - 1, y, z) + H(x + 1, y, z) + H(x, y - 1, z) + H(x, y + 1, z) + H(x, y, z - 1) + H(x, y, z + 1) - 6.0f * H(x, y, z);
        bad += w != r[(z * NY + y) * NX + x]; s += r[(z * NY + y) * NX + x] * ((x + y + z) % 5);
    }
    printf("laplace7: %d differ, weighted sum %.1f, r[100] %.1f r[5000] %.1f\n", bad, s, r[100], r[5000]);
    // sub-box device-to-device at offsets: b[2..2+10, 3..3+8, 4..4+6] = a[0.., 1.., 2..]
    cudaMemcpy3DParms d = {};
    d.srcPtr = a; d.srcPos = make_cudaPos(0 * sizeof(float), 1, 2);
    d.dstPtr = b; d.dstPos = make_cudaPos(2 * sizeof(float), 3, 4);
    d.extent = make_cudaExtent(10 * sizeof(float), 8, 6);
    d.kind = cudaMemcpyDeviceToDevice;
    CK(cudaMemcpy3D(&d));
    CK(cudaMemcpy3D(&q));
    bad = 0;
    for (int z = 0; z < 6; z++) for (int y = 0; y < 8; y++) for (int x = 0; x < 10; x++) bad += r[((z + 4) * NY + y + 3) * NX + x + 2] != h[((z + 2) * NY + y + 1) * NX + x];
    printf("sub-box copy: %d differ; untouched neighbour %.1f\n", bad, r[((4) * NY + 3) * NX + 1]);
    // memset3D a slab of b to 0x3f bytes: 0x3f3f3f3f as float
    CK(cudaMemset3D(b, 0x3f, make_cudaExtent(NX * sizeof(float), NY, 3)));
    CK(cudaMemcpy3D(&q));
    printf("memset3D: r[0] %a r[3*NX*NY-1] %a r[3*NX*NY] %a\n", r[0], r[3 * NX * NY - 1], r[3 * NX * NY]);
    float *lin, *lout;
    CK(cudaMalloc(&lin, h.size() * 4)); CK(cudaMalloc(&lout, h.size() * 4));
    CK(cudaMemcpy(lin, h.data(), h.size() * 4, cudaMemcpyHostToDevice));
    box27<<<dim3((NX + 31) / 32, (NY + 3) / 4, (NZ + 1) / 2), dim3(32, 4, 2)>>>(lin, lout, NX, NY, NZ);
    CK(cudaMemcpy(r.data(), lout, h.size() * 4, cudaMemcpyDeviceToHost));
    double bs = 0; for (float v : r) bs += v;
    printf("box27: sum %.1f, r[0] %.1f r[%d] %.1f\n", bs, r[0], NX * NY * NZ / 2, r[NX * NY * NZ / 2]);
    return 0;
}
