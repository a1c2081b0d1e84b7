// cudaMallocPitch / cudaMalloc3D pitches over many widths, cudaMemcpy2D / 2DAsync between pitched
// buffers at offsets, cudaMemcpy2DToArray / 2DFromArray / 2DArrayToArray at (wOffset, hOffset),
// cudaArrayGetInfo, cudaGetChannelDesc, and the exact error each misuse answers (a pitch below the
// width, a copy that leaves the array, a zero-width copy, an array copy in bytes not a multiple
// of the element).
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define R(call) printf("%-34s -> %s\n", #call, cudaGetErrorName(call))

int main() {
    const size_t widths[] = {1, 2, 3, 31, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1000, 1024, 2047, 2049, 4096, 4097, 10000, 65537};
    for (size_t w : widths) {
        void *p = nullptr, *q = nullptr;
        size_t pitch = 0, pitch3 = 0;
        cudaError_t e = cudaMallocPitch(&p, &pitch, w, 3);
        cudaPitchedPtr pp{};
        cudaError_t e3 = cudaMalloc3D(&pp, make_cudaExtent(w, 2, 2));
        pitch3 = pp.pitch;
        q = pp.ptr;
        printf("width %6zu: pitch %6zu (%s) 3d pitch %6zu xsize %zu ysize %zu (%s)\n", w, pitch, cudaGetErrorName(e),
               pitch3, pp.xsize, pp.ysize, cudaGetErrorName(e3));
        cudaFree(p);
        cudaFree(q);
    }
    // zero sizes
    {
        void *p = (void *)0x1;
        size_t pitch = 77;
        cudaError_t e = cudaMallocPitch(&p, &pitch, 0, 5);
        printf("pitch(0,5): %s null=%d pitch=%zu\n", cudaGetErrorName(e), p == nullptr, pitch);
        cudaFree(p);
        e = cudaMallocPitch(&p, &pitch, 16, 0);
        printf("pitch(16,0): %s null=%d pitch=%zu\n", cudaGetErrorName(e), p == nullptr, pitch);
        cudaFree(p);
    }

    // 2D copies between pitched buffers with offsets
    const int W = 37, H = 11;
    size_t pa, pb;
    unsigned char *a, *b;
    cudaMallocPitch((void **)&a, &pa, W * 4, H);
    cudaMallocPitch((void **)&b, &pb, W * 4, H);
    std::vector<int> host(W * H), back(W * H, -1);
    for (int i = 0; i < W * H; i++) host[i] = i * 7 + 3;
    R(cudaMemcpy2D(a, pa, host.data(), W * 4, W * 4, H, cudaMemcpyHostToDevice));
    R(cudaMemset2D(b, pb, 0xff, W * 4, H));
    // sub rectangle: columns 5..5+10, rows 2..2+6 of a to columns 1.., rows 4.. of b
    R(cudaMemcpy2D(b + 4 * pb + 1 * 4, pb, a + 2 * pa + 5 * 4, pa, 10 * 4, 6, cudaMemcpyDeviceToDevice));
    cudaStream_t s;
    cudaStreamCreate(&s);
    R(cudaMemcpy2DAsync(b + 0 * pb + 20 * 4, pb, a + 8 * pa + 30 * 4, pa, 7 * 4, 3, cudaMemcpyDeviceToDevice, s));
    cudaStreamSynchronize(s);
    R(cudaMemcpy2D(back.data(), W * 4, b, pb, W * 4, H, cudaMemcpyDeviceToHost));
    long sum = 0, minus = 0;
    for (int i = 0; i < W * H; i++) {
        if (back[i] == -1) minus++;
        else sum += back[i];
    }
    printf("2D rect copies: untouched %ld sum %ld b[4][1]=%d b[9][10]=%d b[0][20]=%d b[2][26]=%d\n", minus, sum,
           back[4 * W + 1], back[9 * W + 10], back[0 * W + 20], back[2 * W + 26]);

    // misuse of 2D copies
    R(cudaMemcpy2D(b, 16, a, pa, 32, 2, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(b, pb, a, 8, 32, 2, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(b, pb, a, pa, 0, 2, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(b, pb, a, pa, 16, 0, cudaMemcpyDeviceToDevice));
    R(cudaMemset2D(b, 8, 0, 16, 2));
    R(cudaMemset2D(b, pb, 0, 0, 2));

    // arrays: uchar4 40x9
    const int AW = 40, AH = 9;
    cudaChannelFormatDesc d = cudaCreateChannelDesc<uchar4>();
    cudaArray_t arr, arr2;
    R(cudaMallocArray(&arr, &d, AW, AH));
    R(cudaMallocArray(&arr2, &d, AW, AH, cudaArraySurfaceLoadStore));
    cudaChannelFormatDesc got;
    cudaExtent ext;
    unsigned int flags;
    R(cudaArrayGetInfo(&got, &ext, &flags, arr));
    printf("info: %d %d %d %d kind %d extent %zu %zu %zu flags %u\n", got.x, got.y, got.z, got.w, (int)got.f, ext.width,
           ext.height, ext.depth, flags);
    R(cudaArrayGetInfo(&got, &ext, &flags, arr2));
    printf("info2: flags %u extent %zu %zu %zu\n", flags, ext.width, ext.height, ext.depth);
    R(cudaGetChannelDesc(&got, arr2));
    printf("channel: %d %d %d %d kind %d\n", got.x, got.y, got.z, got.w, (int)got.f);
    std::vector<unsigned> img(AW * AH), out(AW * AH, 0xdeadbeef);
    for (int i = 0; i < AW * AH; i++) img[i] = 0x01010101u * (i & 0xff) ^ (i << 8);
    R(cudaMemcpy2DToArray(arr, 0, 0, img.data(), AW * 4, AW * 4, AH, cudaMemcpyHostToDevice));
    // copy a window from arr to arr2 at an offset
    R(cudaMemset2D(b, pb, 0, W * 4, H));
    R(cudaMemcpy2DArrayToArray(arr2, 4 * 3, 2, arr, 4 * 10, 1, 4 * 8, 5, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2DFromArray(out.data(), AW * 4, arr2, 0, 0, AW * 4, AH, cudaMemcpyDeviceToHost));
    int same = 0, zero = 0, other = 0;
    for (int y = 0; y < AH; y++)
        for (int x = 0; x < AW; x++) {
            unsigned v = out[y * AW + x];
            bool in = x >= 3 && x < 11 && y >= 2 && y < 7;
            if (in && v == img[(y - 1) * AW + (x + 7)]) same++;
            else if (!in) other++;
            else zero++;
        }
    printf("array window: copied %d wrong %d outside %d\n", same, zero, other);
    // from array at offset into pitched device memory then to host
    R(cudaMemcpy2DFromArray(b, pb, arr, 4 * 5, 3, 4 * 6, 4, cudaMemcpyDeviceToDevice));
    R(cudaMemcpy2D(back.data(), W * 4, b, pb, W * 4, H, cudaMemcpyDeviceToHost));
    int ok = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 6; x++) ok += (unsigned)back[y * W + x] == img[(y + 3) * AW + x + 5];
    printf("from array window ok %d of 24\n", ok);
    // misuse
    R(cudaMemcpy2DToArray(arr, 4 * 38, 0, img.data(), AW * 4, 4 * 4, 1, cudaMemcpyHostToDevice));
    R(cudaMemcpy2DToArray(arr, 0, 8, img.data(), AW * 4, 4 * 4, 2, cudaMemcpyHostToDevice));
    R(cudaMemcpy2DToArray(arr, 2, 0, img.data(), AW * 4, 4 * 4, 1, cudaMemcpyHostToDevice));
    R(cudaMemcpy2DToArray(arr, 0, 0, img.data(), AW * 4, 6, 1, cudaMemcpyHostToDevice));
    R(cudaMemcpy2DFromArray(out.data(), 4, arr, 0, 0, 8, 1, cudaMemcpyDeviceToHost));
    R(cudaMemcpy2DFromArray(out.data(), AW * 4, arr, 0, 0, AW * 4 + 4, 1, cudaMemcpyDeviceToHost));
    R(cudaGetLastError());
    cudaFreeArray(arr);
    cudaFreeArray(arr2);
    cudaFree(a);
    cudaFree(b);
    cudaStreamDestroy(s);
    R(cudaGetLastError());
    return 0;
}
