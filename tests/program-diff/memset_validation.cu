// cudaMemset/2D/3D and their Async forms against allocation edges and pointer kinds.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define R(x) do { cudaError_t e_ = (x); printf("%-78s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

int main() {
    char *d, *pinned, *managed, *pageable, *reg, *mapped;
    R(cudaMalloc(&d, 1000));
    R(cudaMallocHost(&pinned, 1000));
    R(cudaMallocManaged(&managed, 1000));
    R(cudaHostAlloc(&mapped, 1000, cudaHostAllocMapped));
    pageable = (char *)malloc(1000);
    reg = (char *)aligned_alloc(4096, 4096);
    R(cudaHostRegister(reg, 4096, 0));
    R(cudaMemset(d, 1, 1000));
    R(cudaMemset(d, 1, 1001));
    R(cudaMemset(d + 999, 1, 1));
    R(cudaMemset(d + 999, 1, 2));
    R(cudaMemset(d + 1000, 1, 0));
    R(cudaMemset(d + 1000, 1, 1));
    R(cudaMemset(pinned, 2, 1000));
    R(cudaMemset(pinned + 10, 2, 1000));
    R(cudaMemset(managed, 3, 1000));
    R(cudaMemset(mapped, 4, 1000));
    R(cudaMemset(reg, 5, 4096));
    R(cudaMemset(reg + 4000, 5, 200));
    R(cudaMemset(pageable, 6, 100));
    R(cudaMemsetAsync(pageable, 6, 100, 0));
    R(cudaGetLastError());
    R(cudaDeviceSynchronize());
    printf("pinned %d managed %d mapped %d reg %d pageable %d\n", pinned[999], managed[999], mapped[0], reg[4095],
           pageable[0] == 6);
    // Value truncation.
    R(cudaMemset(d, 0x1234, 4));
    unsigned char b[4];
    R(cudaMemcpy(b, d, 4, cudaMemcpyDeviceToHost));
    printf("0x1234 stores %02x %02x\n", b[0], b[3]);
    R(cudaMemset(d, -1, 4));
    R(cudaMemcpy(b, d, 4, cudaMemcpyDeviceToHost));
    printf("-1 stores %02x\n", b[0]);
    // 2D forms on host memory kinds.
    R(cudaMemset2D(pinned, 100, 7, 50, 10));
    R(cudaMemset2D(managed, 100, 8, 50, 10));
    R(cudaMemset2D(pinned, 100, 7, 50, 11));
    R(cudaMemset2D(d, 100, 7, 50, 10));
    R(cudaMemset2D(d, 100, 7, 100, 10));
    R(cudaMemset2D(d, 100, 7, 101, 1));
    R(cudaMemset2D(d, 0, 7, 10, 1));
    R(cudaMemset2D(d, 0, 7, 10, 2));
    R(cudaMemset2D(d + 1, 100, 7, 50, 10));
    R(cudaMemset2DAsync(d, 100, 7, 50, 10, 0));
    R(cudaMemset2DAsync(pageable, 100, 7, 50, 5, 0));
    R(cudaGetLastError());
    R(cudaDeviceSynchronize());
    printf("pinned row 9 col 49 %d col 50 %d, managed %d\n", pinned[949], pinned[950], managed[905]);
    cudaPitchedPtr pp = make_cudaPitchedPtr(d, 100, 100, 5);
    R(cudaMemset3D(pp, 9, make_cudaExtent(100, 5, 2)));
    R(cudaMemset3D(pp, 9, make_cudaExtent(100, 5, 3)));
    R(cudaMemset3D(pp, 9, make_cudaExtent(50, 5, 2)));
    pp.ysize = 3;
    R(cudaMemset3D(pp, 9, make_cudaExtent(50, 5, 2)));
    pp.ysize = 5; pp.pitch = 0;
    R(cudaMemset3D(pp, 9, make_cudaExtent(50, 1, 1)));
    R(cudaMemset3D(pp, 9, make_cudaExtent(50, 2, 1)));
    pp = make_cudaPitchedPtr(pinned, 100, 100, 5);
    R(cudaMemset3D(pp, 9, make_cudaExtent(100, 5, 2)));
    R(cudaMemset3DAsync(pp, 9, make_cudaExtent(100, 5, 2), 0));
    pp = make_cudaPitchedPtr(nullptr, 100, 100, 5);
    R(cudaMemset3D(pp, 9, make_cudaExtent(100, 5, 2)));
    R(cudaGetLastError());
    R(cudaDeviceSynchronize());
    R(cudaMemset(nullptr, 0, 0));
    R(cudaMemset((void *)16, 0, 4));
    R(cudaGetLastError());
    R(cudaHostUnregister(reg));
    free(reg);
    free(pageable);
    return 0;
}
