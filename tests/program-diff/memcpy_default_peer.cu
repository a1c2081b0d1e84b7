// Copies that name no direction, as generic container code issues them: cudaMemcpy and
// cudaMemcpyAsync with cudaMemcpyDefault between every pair of pageable, pinned, registered,
// managed and device memory (offsets included), cudaMemcpy2D / cudaMemcpy3D with
// cudaMemcpyDefault, cudaMemcpyPeer / cudaMemcpyPeerAsync on one device (and the errors for a
// device that does not exist), cudaMemset2DAsync / cudaMemset3DAsync ordered after a kernel,
// a zero-byte copy with null pointers, and a wrong explicit kind for each pair (the exact
// error).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__global__ void inc(unsigned char *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] += 1;
}

int main() {
    const int N = 1 << 12;
    unsigned char *pageable = (unsigned char *)malloc(N), *reg = (unsigned char *)malloc(N);
    unsigned char *pinned, *managed, *dev;
    cudaMallocHost(&pinned, N);
    cudaMallocManaged(&managed, N);
    cudaMalloc(&dev, N);
    cudaHostRegister(reg, N, cudaHostRegisterDefault);
    unsigned char *bufs[5] = {pageable, pinned, reg, managed, dev};
    const char *names[5] = {"pageable", "pinned", "registered", "managed", "device"};
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    unsigned char check[N];
    int bad_total = 0;
    for (int from = 0; from < 5; from++)
        for (int to = 0; to < 5; to++) {
            if (from == to) continue;
            // fill source through a device-side kernel-independent path
            for (int i = 0; i < N; i++) check[i] = (unsigned char)(i * 7 + from * 31 + to);
            cudaMemcpy(bufs[from], check, N, cudaMemcpyDefault);
            cudaMemset(dev == bufs[to] ? dev : dev, 0, 0);
            cudaError_t e1 = cudaMemcpy(bufs[to] + 100, bufs[from] + 100, N - 200, cudaMemcpyDefault);
            cudaError_t e2 = cudaMemcpyAsync(bufs[to], bufs[from], 100, cudaMemcpyDefault, s);
            cudaStreamSynchronize(s);
            unsigned char back[N];
            memset(back, 0xee, N);
            cudaMemcpy(back, bufs[to], N - 100, cudaMemcpyDefault);
            int bad = 0;
            for (int i = 0; i < N - 100; i++) bad += back[i] != check[i];
            bad_total += bad;
            if (e1 != cudaSuccess || e2 != cudaSuccess || bad)
                printf("%s -> %s: %s %s bad %d\n", names[from], names[to], cudaGetErrorName(e1), cudaGetErrorName(e2), bad);
        }
    printf("cudaMemcpyDefault across 20 pairs: %d bad bytes\n", bad_total);

    // wrong explicit kinds
    const cudaMemcpyKind kinds[] = {cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice};
    const char *kn[] = {"HtoH", "HtoD", "DtoH", "DtoD"};
    for (int from : {0, 4})
        for (int to : {0, 4})
            for (int k = 0; k < 4; k++) {
                cudaError_t e = cudaMemcpy(bufs[to], bufs[from], 64, kinds[k]);
                printf("%-8s -> %-8s %s: %s\n", names[from], names[to], kn[k], cudaGetErrorName(e));
                cudaGetLastError();
            }
    printf("null zero-byte copy: %s\n", cudaGetErrorName(cudaMemcpy(nullptr, nullptr, 0, cudaMemcpyDefault)));
    printf("null zero-byte async: %s\n", cudaGetErrorName(cudaMemcpyAsync(nullptr, nullptr, 0, cudaMemcpyHostToDevice, s)));

    // 2D / 3D with cudaMemcpyDefault
    size_t pitch;
    unsigned char *img;
    cudaMallocPitch(&img, &pitch, 100, 20);
    for (int i = 0; i < N; i++) pageable[i] = (unsigned char)i;
    cudaError_t e = cudaMemcpy2D(img, pitch, pageable, 100, 100, 20, cudaMemcpyDefault);
    cudaError_t e2 = cudaMemcpy2D(managed, 50, img + 10 * pitch + 50, pitch, 50, 10, cudaMemcpyDefault);
    int ok = 1;
    for (int y = 0; y < 10; y++)
        for (int x = 0; x < 50; x++) ok &= managed[y * 50 + x] == (unsigned char)((y + 10) * 100 + x + 50);
    printf("2D default: %s %s ok %d\n", cudaGetErrorName(e), cudaGetErrorName(e2), ok);
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(img, pitch, 100, 4);
    p.dstPtr = make_cudaPitchedPtr(pinned, 30, 30, 4);
    p.srcPos = make_cudaPos(5, 0, 0);
    p.extent = make_cudaExtent(30, 4, 5);
    p.kind = cudaMemcpyDefault;
    e = cudaMemcpy3D(&p);
    printf("3D default (slices of 4 rows): %s pinned[0]=%d pinned[31]=%d pinned[120]=%d\n", cudaGetErrorName(e), pinned[0],
           pinned[31], pinned[120]);

    // peer copies on one device
    memset(pageable, 9, N);
    cudaMemcpy(dev, pageable, N, cudaMemcpyHostToDevice);
    unsigned char *dev2;
    cudaMalloc(&dev2, N);
    printf("peer 0->0: %s\n", cudaGetErrorName(cudaMemcpyPeer(dev2, 0, dev, 0, N)));
    printf("peer async 0->0: %s\n", cudaGetErrorName(cudaMemcpyPeerAsync(dev2 + 8, 0, dev, 0, 8, s)));
    cudaStreamSynchronize(s);
    unsigned char b2[16];
    cudaMemcpy(b2, dev2, 16, cudaMemcpyDeviceToHost);
    printf("peer result %d %d\n", b2[0], b2[15]);
    printf("peer to device 1: %s\n", cudaGetErrorName(cudaMemcpyPeer(dev2, 1, dev, 0, N)));
    printf("peer from device -1: %s\n", cudaGetErrorName(cudaMemcpyPeer(dev2, 0, dev, -1, N)));
    cudaGetLastError();

    // async memsets ordered after a kernel
    inc<<<N / 256, 256, 0, s>>>(dev, N);
    printf("memset2D async: %s\n", cudaGetErrorName(cudaMemset2DAsync(img, pitch, 0x41, 60, 3, s)));
    cudaPitchedPtr vol;
    cudaMalloc3D(&vol, make_cudaExtent(40, 4, 3));
    cudaMemset3D(vol, 0, make_cudaExtent(40, 4, 3));
    printf("memset3D async: %s\n", cudaGetErrorName(cudaMemset3DAsync(vol, 0x7f, make_cudaExtent(13, 2, 2), s)));
    inc<<<1, 64, 0, s>>>((unsigned char *)vol.ptr, 40);
    cudaStreamSynchronize(s);
    unsigned char v[40];
    cudaMemcpy(v, vol.ptr, 40, cudaMemcpyDeviceToHost);
    unsigned char r0[100];
    cudaMemcpy(r0, img, 100, cudaMemcpyDeviceToHost);
    unsigned char d0;
    cudaMemcpy(&d0, dev, 1, cudaMemcpyDeviceToHost);
    printf("vol row0: %d %d %d %d img row0: %d %d %d dev %d\n", v[0], v[12], v[13], v[39], r0[0], r0[59], r0[60], d0);
    printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
    cudaHostUnregister(reg);
    return 0;
}
