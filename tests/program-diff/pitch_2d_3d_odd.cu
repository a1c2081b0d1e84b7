// cudaMallocPitch/cudaMalloc3D pitch values, cudaMemset2D/3D and cudaMemcpy2D/3D with odd extents.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-72s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

int main() {
    size_t widths[] = {1, 3, 31, 32, 127, 128, 129, 511, 512, 513, 1000, 4096, 4097, 65535, 65536, 300000};
    for (size_t w : widths) {
        void *p = nullptr;
        size_t pitch = 0;
        cudaError_t e = cudaMallocPitch(&p, &pitch, w, 3);
        printf("mallocPitch w=%zu -> %s pitch=%zu\n", w, cudaGetErrorName(e), pitch);
        if (p) cudaFree(p);
    }
    {
        void *p = (void *)1;
        size_t pitch = 7;
        R(cudaMallocPitch(&p, &pitch, 0, 5));
        printf("w=0: p null %d pitch=%zu\n", p == nullptr, pitch);
        p = (void *)1; pitch = 7;
        R(cudaMallocPitch(&p, &pitch, 64, 0));
        printf("h=0: p null %d pitch=%zu\n", p == nullptr, pitch);
        R(cudaMallocPitch(nullptr, &pitch, 64, 2));
        R(cudaMallocPitch(&p, nullptr, 64, 2));
        R(cudaGetLastError());
    }
    size_t e3[][3] = {{1, 1, 1}, {5, 3, 2}, {600, 2, 2}, {0, 4, 4}, {16, 0, 2}, {16, 2, 0}};
    for (auto &x : e3) {
        cudaPitchedPtr pp;
        memset(&pp, 0x5a, sizeof pp);
        cudaError_t e = cudaMalloc3D(&pp, make_cudaExtent(x[0], x[1], x[2]));
        printf("malloc3D %zux%zux%zu -> %s pitch=%zu xsize=%zu ysize=%zu null=%d\n", x[0], x[1], x[2],
               cudaGetErrorName(e), pp.pitch, pp.xsize, pp.ysize, pp.ptr == nullptr);
        if (e == cudaSuccess && pp.ptr) cudaFree(pp.ptr);
    }
    // Memset2D of an odd region inside a pitched allocation.
    unsigned char *d;
    size_t pitch;
    R(cudaMallocPitch((void **)&d, &pitch, 100, 6));
    R(cudaMemset2D(d, pitch, 0x11, pitch, 6));
    R(cudaMemset2D(d + 3, pitch, 0xab, 7, 4));
    R(cudaMemset2D(d, pitch, 0, pitch + 1, 2));
    R(cudaMemset2D(d, 50, 0, 60, 2));
    R(cudaMemset2D(d, pitch, 0, 0, 2));
    R(cudaMemset2D(d, pitch, 0, 10, 0));
    R(cudaGetLastError());
    unsigned char h[6][16];
    R(cudaMemcpy2D(h, 16, d, pitch, 16, 6, cudaMemcpyDeviceToHost));
    for (int r = 0; r < 6; r++) {
        printf("row %d:", r);
        for (int c = 0; c < 12; c++) printf(" %02x", h[r][c]);
        printf("\n");
    }
    // Memcpy2D argument checks.
    unsigned char src[64], dst[64];
    for (int i = 0; i < 64; i++) { src[i] = (unsigned char)i; dst[i] = 0xee; }
    R(cudaMemcpy2D(dst, 8, src, 8, 9, 2, cudaMemcpyHostToHost));
    R(cudaMemcpy2D(dst, 9, src, 8, 9, 2, cudaMemcpyHostToHost));
    R(cudaMemcpy2D(dst, 10, src, 7, 5, 3, cudaMemcpyHostToHost));
    printf("h2h:");
    for (int i = 0; i < 30; i++) printf(" %d", dst[i] == 0xee ? -1 : dst[i]);
    printf("\n");
    R(cudaMemcpy2D(dst, 8, src, 8, 0, 2, cudaMemcpyHostToHost));
    R(cudaMemcpy2D(dst, 8, src, 8, 4, 0, cudaMemcpyHostToHost));
    R(cudaMemcpy2D(dst, 8, src, 8, 4, 2, (cudaMemcpyKind)7));
    R(cudaMemcpy2D(d, pitch, src, 7, 7, 9, cudaMemcpyHostToDevice));  // rows past the allocation
    R(cudaGetLastError());
    R(cudaMemcpy2D(d + pitch - 4, pitch, src, 8, 8, 2, cudaMemcpyHostToDevice));  // row overhangs pitch
    R(cudaMemcpy2D(d, pitch, src, 8, 8, 2, cudaMemcpyDefault));
    R(cudaMemcpy2D(h, 16, d, pitch, 8, 2, cudaMemcpyDefault));
    printf("default:");
    for (int i = 0; i < 8; i++) printf(" %d", h[1][i]);
    printf("\n");
    R(cudaMemcpy2DAsync(d, pitch, src, 8, 8, 2, cudaMemcpyHostToDevice, 0));
    R(cudaMemcpy2D(d, pitch, d + 2 * pitch, pitch, 33, 3, cudaMemcpyDeviceToDevice));
    R(cudaStreamSynchronize(0));
    // Memset3D with odd extents.
    cudaPitchedPtr pp;
    R(cudaMalloc3D(&pp, make_cudaExtent(10, 4, 3)));
    R(cudaMemset3D(pp, 0x22, make_cudaExtent(pp.pitch, 4, 3)));
    cudaPitchedPtr inner = pp;
    inner.ptr = (char *)pp.ptr + 1;
    R(cudaMemset3D(inner, 0x7f, make_cudaExtent(3, 2, 2)));
    R(cudaMemset3D(pp, 0, make_cudaExtent(pp.pitch + 1, 1, 1)));
    R(cudaMemset3D(pp, 0, make_cudaExtent(0, 1, 1)));
    R(cudaMemset3D(pp, 0, make_cudaExtent(2, 0, 1)));
    R(cudaGetLastError());
    unsigned char h3[3][4][10];
    cudaMemcpy3DParms cp = {};
    cp.srcPtr = pp;
    cp.dstPtr = make_cudaPitchedPtr(h3, 10, 10, 4);
    cp.extent = make_cudaExtent(10, 4, 3);
    cp.kind = cudaMemcpyDeviceToHost;
    R(cudaMemcpy3D(&cp));
    for (int z = 0; z < 3; z++)
        for (int y = 0; y < 4; y++) {
            printf("z%d y%d:", z, y);
            for (int x = 0; x < 6; x++) printf(" %02x", h3[z][y][x]);
            printf("\n");
        }
    // 3D copy with positions and a host pitch smaller than the width.
    cp.srcPos = make_cudaPos(2, 1, 1);
    cp.extent = make_cudaExtent(4, 2, 1);
    R(cudaMemcpy3D(&cp));
    cp.dstPtr = make_cudaPitchedPtr(h3, 3, 10, 4);
    R(cudaMemcpy3D(&cp));
    cp.dstPtr = make_cudaPitchedPtr(h3, 10, 10, 4);
    cp.extent = make_cudaExtent(0, 2, 1);
    R(cudaMemcpy3D(&cp));
    cp.extent = make_cudaExtent(4, 2, 1);
    cp.kind = (cudaMemcpyKind)9;
    R(cudaMemcpy3D(&cp));
    R(cudaMemcpy3D(nullptr));
    R(cudaGetLastError());
    R(cudaFree(pp.ptr));
    R(cudaFree(d));
    return 0;
}
