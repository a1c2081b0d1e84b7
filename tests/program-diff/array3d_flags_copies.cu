// 3D CUDA arrays as volume and layered-texture code allocates them: cudaMalloc3DArray with no
// flags, cudaArrayLayered (1D and 2D), cudaArrayCubemap, cubemap + layered and
// cudaArraySurfaceLoadStore, each read back with cudaArrayGetInfo, and the shapes CUDA refuses;
// cudaMemcpy3D host->array with srcPos into a larger host volume, array->array with both
// positions, array->pitched device memory with dstPos, cudaMemcpy3DAsync, cudaMemcpy3DPeer on one
// device, cudaMemset3D of a sub-box; and the exact error of each malformed cudaMemcpy3DParms.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define R(call) printf("%-40s -> %s\n", #call, cudaGetErrorName(call))

static void info(const char *what, cudaArray_t a) {
    cudaChannelFormatDesc d;
    cudaExtent e;
    unsigned flags = 99;
    cudaError_t r = cudaArrayGetInfo(&d, &e, &flags, a);
    printf("%-22s %s: desc %d,%d,%d,%d f%d extent %zux%zux%zu flags %u\n", what, cudaGetErrorName(r), d.x, d.y, d.z, d.w,
           (int)d.f, e.width, e.height, e.depth, flags);
}

static void alloc(const char *what, cudaChannelFormatDesc d, cudaExtent e, unsigned flags) {
    cudaArray_t a = nullptr;
    cudaError_t r = cudaMalloc3DArray(&a, &d, e, flags);
    if (r != cudaSuccess) {
        printf("%-22s alloc %s\n", what, cudaGetErrorName(r));
        cudaGetLastError();
        return;
    }
    info(what, a);
    cudaFreeArray(a);
}

int main() {
    cudaChannelFormatDesc f1 = cudaCreateChannelDesc<float>();
    cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
    cudaChannelFormatDesc h2 = cudaCreateChannelDescHalf2();
    cudaChannelFormatDesc u2 = cudaCreateChannelDesc<ushort2>();
    alloc("1d", f1, make_cudaExtent(100, 0, 0), 0);
    alloc("2d", f4, make_cudaExtent(33, 17, 0), 0);
    alloc("3d", h2, make_cudaExtent(9, 7, 5), 0);
    alloc("1d layered", f1, make_cudaExtent(64, 0, 6), cudaArrayLayered);
    alloc("2d layered", u2, make_cudaExtent(16, 8, 3), cudaArrayLayered);
    alloc("cubemap", f1, make_cudaExtent(8, 8, 6), cudaArrayCubemap);
    alloc("cubemap layered", f4, make_cudaExtent(4, 4, 12), cudaArrayCubemap | cudaArrayLayered);
    alloc("surface 3d", f1, make_cudaExtent(9, 7, 5), cudaArraySurfaceLoadStore);
    alloc("surface layered", f1, make_cudaExtent(9, 7, 2), cudaArraySurfaceLoadStore | cudaArrayLayered);
    alloc("gather 2d", f1, make_cudaExtent(16, 16, 0), cudaArrayTextureGather);
    alloc("bad cube w!=h", f1, make_cudaExtent(8, 4, 6), cudaArrayCubemap);
    alloc("bad cube depth 5", f1, make_cudaExtent(8, 8, 5), cudaArrayCubemap);
    alloc("bad cube layered 7", f1, make_cudaExtent(8, 8, 7), cudaArrayCubemap | cudaArrayLayered);
    alloc("bad width 0", f1, make_cudaExtent(0, 4, 0), 0);
    alloc("bad 1d h0 d3", f1, make_cudaExtent(8, 0, 3), 0);
    alloc("bad gather 3d", f1, make_cudaExtent(8, 8, 8), cudaArrayTextureGather);
    alloc("bad flag bits", f1, make_cudaExtent(8, 8, 0), 0x80000);
    alloc("bad huge 3d", f1, make_cudaExtent(1 << 20, 4, 4), 0);

    // a 9x7x5 float volume in an array, copied from a 12x10x8 host volume at (2,1,3)
    const int X = 9, Y = 7, Z = 5, HX = 12, HY = 10, HZ = 8;
    std::vector<float> host(HX * HY * HZ);
    for (int i = 0; i < HX * HY * HZ; i++) host[i] = (float)i;
    cudaArray_t vol, vol2;
    cudaMalloc3DArray(&vol, &f1, make_cudaExtent(X, Y, Z));
    cudaMalloc3DArray(&vol2, &f1, make_cudaExtent(X, Y, Z));
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(host.data(), HX * sizeof(float), HX, HY);
    p.srcPos = make_cudaPos(2 * sizeof(float), 1, 3 - 3);
    p.dstArray = vol;
    p.extent = make_cudaExtent(X, Y, Z);
    p.kind = cudaMemcpyHostToDevice;
    R(cudaMemcpy3D(&p));
    // array->array: a 4x3x2 box from (5,4,3) to (1,2,0)
    cudaMemcpy3DParms q = {};
    q.srcArray = vol;
    q.srcPos = make_cudaPos(5, 4, 3);
    q.dstArray = vol2;
    q.dstPos = make_cudaPos(1, 2, 0);
    q.extent = make_cudaExtent(4, 3, 2);
    q.kind = cudaMemcpyDeviceToDevice;
    R(cudaMemcpy3D(&q));
    // vol2 -> pitched device memory at dstPos (byte x offset), then to host
    cudaPitchedPtr dev;
    R(cudaMalloc3D(&dev, make_cudaExtent(16 * sizeof(float), 8, 4)));
    R(cudaMemset3D(dev, 0, make_cudaExtent(16 * sizeof(float), 8, 4)));
    cudaMemcpy3DParms r = {};
    r.srcArray = vol2;
    r.srcPos = make_cudaPos(1, 2, 0);
    r.dstPtr = dev;
    r.dstPos = make_cudaPos(3 * sizeof(float), 1, 1);
    r.extent = make_cudaExtent(4, 3, 2);
    r.kind = cudaMemcpyDeviceToDevice;
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    R(cudaMemcpy3DAsync(&r, s));
    R(cudaStreamSynchronize(s));
    // memset a sub box of dev: bytes [2*4, 2*4+6) in x, rows 5..6, slice 0 (partial floats)
    cudaPitchedPtr sub = dev;
    sub.ptr = (char *)dev.ptr + 0 * dev.pitch * 8 + 5 * dev.pitch + 8;
    R(cudaMemset3D(sub, 0x3f, make_cudaExtent(6, 2, 1)));
    // peer copy of the whole pitched volume on one device
    cudaPitchedPtr dev2;
    cudaMalloc3D(&dev2, make_cudaExtent(16 * sizeof(float), 8, 4));
    cudaMemcpy3DPeerParms pp = {};
    pp.srcPtr = dev;
    pp.srcDevice = 0;
    pp.dstPtr = dev2;
    pp.dstDevice = 0;
    pp.extent = make_cudaExtent(16 * sizeof(float), 8, 4);
    R(cudaMemcpy3DPeer(&pp));
    std::vector<float> out(16 * 8 * 4, -1);
    cudaMemcpy3DParms back = {};
    back.srcPtr = dev2;
    back.dstPtr = make_cudaPitchedPtr(out.data(), 16 * sizeof(float), 16, 8);
    back.extent = make_cudaExtent(16 * sizeof(float), 8, 4);
    back.kind = cudaMemcpyDeviceToHost;
    R(cudaMemcpy3D(&back));
    for (int z = 0; z < 4; z++) {
        printf("slice %d:", z);
        for (int y = 0; y < 8; y++) {
            double row = 0;
            int nz = 0;
            for (int x = 0; x < 16; x++) {
                float v = out[(z * 8 + y) * 16 + x];
                if (v != 0) nz++, row += v;
            }
            printf(" %g/%d", row, nz);
        }
        printf("\n");
    }
    printf("dev(4,2,1) = vol2(2,3,0) = vol(6,5,3) = host(8,6,3): %g vs %g\n", out[(1 * 8 + 2) * 16 + 4],
           host[(3 * HY + 6) * HX + 8]);
    unsigned bits;
    memcpy(&bits, &out[(0 * 8 + 5) * 16 + 2], 4);
    printf("memset partial floats: %08x", bits);
    memcpy(&bits, &out[(0 * 8 + 5) * 16 + 3], 4);
    printf(" %08x\n", bits);

    // malformed parameters
    cudaMemcpy3DParms bad = p;
    bad.dstPtr = dev;  // both array and pointer as destination
    R(cudaMemcpy3D(&bad));
    bad = p;
    bad.extent = make_cudaExtent(X + 1, Y, Z);
    R(cudaMemcpy3D(&bad));
    bad = p;
    bad.extent = make_cudaExtent(0, Y, Z);
    R(cudaMemcpy3D(&bad));
    bad = p;
    bad.dstPos = make_cudaPos(0, 0, 1);
    R(cudaMemcpy3D(&bad));
    bad = p;
    bad.srcPtr = make_cudaPitchedPtr(host.data(), 4, HX, HY);
    R(cudaMemcpy3D(&bad));
    bad = q;
    bad.kind = (cudaMemcpyKind)7;
    R(cudaMemcpy3D(&bad));
    bad = {};
    R(cudaMemcpy3D(&bad));
    pp.srcDevice = 3;
    R(cudaMemcpy3DPeer(&pp));
    R(cudaGetLastError());
    cudaFreeArray(vol);
    cudaFreeArray(vol2);
    cudaFree(dev.ptr);
    cudaFree(dev2.ptr);
    cudaStreamDestroy(s);
    return 0;
}
