// 3D pitched memory: cudaMalloc3D of a float volume of odd extent, cudaMemset3D on the whole
// volume and on a sub-box (the box's width in bytes not a multiple of 4, so it writes partial
// floats), cudaMemcpy3D host->device with a srcPos offset into a larger host volume,
// device->device between two pitched volumes with both positions set, device->host into a
// host buffer with its own pitch; cudaMemset2D on a pitched 2D buffer; cudaMemcpy3DAsync on a
// stream; a kernel that walks the volume through the pitchedPtr with 3D blocks of 8x4x2.
// Every byte checked against a host model.
#include <cstdio>
#include <cstring>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void scale_volume(cudaPitchedPtr p, int nx, int ny, int nz, float mul) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    char* slice = (char*)p.ptr + (size_t)z * p.pitch * ny;
    float* row = (float*)(slice + y * p.pitch);
    row[x] = row[x] * mul + (float)(x + 10 * y + 100 * z);
}

static unsigned checksum(const unsigned char* b, size_t n) {
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 16777619u;
    return h;
}

int main() {
    const int nx = 13, ny = 7, nz = 5;
    cudaExtent ext = make_cudaExtent(nx * sizeof(float), ny, nz);
    cudaPitchedPtr a, b;
    CK(cudaMalloc3D(&a, ext));
    CK(cudaMalloc3D(&b, ext));
    printf("pitch multiple of 4: %d, pitch >= row: %d, xsize %zu ysize %zu\n", (int)(a.pitch % 4 == 0), (int)(a.pitch >= nx * sizeof(float)), a.xsize, a.ysize);
    // host model of volume a, in a dense layout
    std::vector<unsigned char> model(nx * 4 * ny * nz);
    CK(cudaMemset3D(a, 0x11, ext));
    memset(model.data(), 0x11, model.size());
    // sub-box memset: x bytes [6, 6+9), y [2,5), z [1,4)
    cudaPitchedPtr sub = a;
    sub.ptr = (char*)a.ptr + 6 + 2 * a.pitch + 1 * a.pitch * ny;
    CK(cudaMemset3D(sub, 0xA5, make_cudaExtent(9, 3, 3)));
    for (int z = 1; z < 4; ++z) for (int y = 2; y < 5; ++y) for (int x = 6; x < 15; ++x) model[(z * ny + y) * nx * 4 + x] = 0xA5;
    // host->device copy of a 4x3x2 float box from a bigger host volume (16x9x6) at srcPos
    const int HX = 16, HY = 9, HZ = 6;
    std::vector<float> hv(HX * HY * HZ);
    for (int i = 0; i < HX * HY * HZ; ++i) hv[i] = (float)i * 0.5f - 7.0f;
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(hv.data(), HX * sizeof(float), HX, HY);
    p.srcPos = make_cudaPos(3 * sizeof(float), 2, 1);
    p.dstPtr = a;
    p.dstPos = make_cudaPos(8 * sizeof(float), 4, 3);
    p.extent = make_cudaExtent(4 * sizeof(float), 3, 2);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    for (int z = 0; z < 2; ++z) for (int y = 0; y < 3; ++y) for (int x = 0; x < 4; ++x)
        memcpy(&model[((3 + z) * ny + 4 + y) * nx * 4 + (8 + x) * 4], &hv[((1 + z) * HY + 2 + y) * HX + 3 + x], 4);
    // device->device: a[2..,1..,0..] box 10x5x4 floats -> b at (1,0,1), b memset to 0 first
    CK(cudaMemset3D(b, 0, ext));
    std::vector<unsigned char> modelb(model.size(), 0);
    cudaMemcpy3DParms q = {};
    q.srcPtr = a; q.srcPos = make_cudaPos(2 * 4, 1, 0);
    q.dstPtr = b; q.dstPos = make_cudaPos(1 * 4, 0, 1);
    q.extent = make_cudaExtent(10 * 4, 5, 4);
    q.kind = cudaMemcpyDeviceToDevice;
    CK(cudaMemcpy3D(&q));
    for (int z = 0; z < 4; ++z) for (int y = 0; y < 5; ++y)
        memcpy(&modelb[((1 + z) * ny + y) * nx * 4 + 4], &model[(z * ny + 1 + y) * nx * 4 + 8], 40);
    // scale b with a kernel of 3D blocks
    dim3 blk(8, 4, 2), grd((nx + 7) / 8, (ny + 3) / 4, (nz + 1) / 2);
    scale_volume<<<grd, blk>>>(b, nx, ny, nz, 2.0f);
    CK(cudaGetLastError());
    for (int z = 0; z < nz; ++z) for (int y = 0; y < ny; ++y) for (int x = 0; x < nx; ++x) {
        float v; memcpy(&v, &modelb[((z * ny + y) * nx + x) * 4], 4);
        v = v * 2.0f + (float)(x + 10 * y + 100 * z);
        memcpy(&modelb[((z * ny + y) * nx + x) * 4], &v, 4);
    }
    // device->host of both into a host buffer with a 20-float pitch, via the async variant
    cudaStream_t st; CK(cudaStreamCreate(&st));
    const int DP = 20;
    std::vector<float> outa(DP * ny * nz, -1.0f), outb(DP * ny * nz, -1.0f);
    cudaMemcpy3DParms r = {};
    r.srcPtr = a; r.dstPtr = make_cudaPitchedPtr(outa.data(), DP * 4, DP, ny); r.extent = ext; r.kind = cudaMemcpyDeviceToHost;
    CK(cudaMemcpy3DAsync(&r, st));
    r.srcPtr = b; r.dstPtr = make_cudaPitchedPtr(outb.data(), DP * 4, DP, ny);
    CK(cudaMemcpy3DAsync(&r, st));
    CK(cudaStreamSynchronize(st));
    int bada = 0, badb = 0, pad = 0;
    for (int z = 0; z < nz; ++z) for (int y = 0; y < ny; ++y) {
        bada += memcmp(&outa[(z * ny + y) * DP], &model[(z * ny + y) * nx * 4], nx * 4) != 0;
        badb += memcmp(&outb[(z * ny + y) * DP], &modelb[(z * ny + y) * nx * 4], nx * 4) != 0;
        for (int x = nx; x < DP; ++x) pad += outa[(z * ny + y) * DP + x] != -1.0f;
    }
    printf("volume a: %d bad rows, checksum %08x\n", bada, checksum(model.data(), model.size()));
    printf("volume b: %d bad rows, checksum %08x\n", badb, checksum(modelb.data(), modelb.size()));
    printf("host padding untouched: %d\n", pad == 0);
    printf("samples b: %a %a %a\n", outb[(1 * ny + 0) * DP + 1], outb[(4 * ny + 4) * DP + 10], outb[(2 * ny + 3) * DP + 5]);
    // cudaMemset2D on a pitched 2D buffer: a 7x4 window of bytes at (3,2)
    size_t pitch2; unsigned char* m2;
    CK(cudaMallocPitch((void**)&m2, &pitch2, 33, 9));
    CK(cudaMemset2D(m2, pitch2, 0x3C, 33, 9));
    CK(cudaMemset2D(m2 + 2 * pitch2 + 3, pitch2, 0xC3, 7, 4));
    std::vector<unsigned char> h2(33 * 9);
    CK(cudaMemcpy2D(h2.data(), 33, m2, pitch2, 33, 9, cudaMemcpyDeviceToHost));
    int bad2 = 0;
    for (int y = 0; y < 9; ++y) for (int x = 0; x < 33; ++x) {
        unsigned char want = (y >= 2 && y < 6 && x >= 3 && x < 10) ? 0xC3 : 0x3C;
        bad2 += h2[y * 33 + x] != want;
    }
    printf("memset2D window: %d bad bytes, checksum %08x\n", bad2, checksum(h2.data(), h2.size()));
    // errors: a copy whose extent overruns the host pitch
    cudaMemcpy3DParms e = {};
    e.srcPtr = a; e.dstPtr = make_cudaPitchedPtr(outa.data(), 8, 2, ny); e.extent = ext; e.kind = cudaMemcpyDeviceToHost;
    cudaError_t err = cudaMemcpy3D(&e);
    printf("extent wider than dst pitch: %s\n", cudaGetErrorName(err));
    cudaGetLastError();
    cudaFree(a.ptr); cudaFree(b.ptr); cudaFree(m2); cudaStreamDestroy(st);
    return 0;
}
