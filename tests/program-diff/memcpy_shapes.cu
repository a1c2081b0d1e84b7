// 2D/3D copies and memsets with odd pitches, offsets and extents: cudaMallocPitch,
// cudaMemcpy2D (device<->host, device->device, sub-rectangles), cudaMemset2D, cudaMalloc3D,
// cudaMemcpy3D with srcPos/dstPos, cudaMemset3D, checked element by element on the host.
#include <cstdio>
#include <cstring>
#include <vector>

int main() {
    const int W = 37, H = 23;   // bytes per row 37*4 = 148
    std::vector<int> host(W * H), back(W * H, -1);
    for (int i = 0; i < W * H; i++) host[i] = i * 7 + 3;
    int *d; size_t pitch;
    cudaMallocPitch(&d, &pitch, W * sizeof(int), H);
    printf("pitch multiple of 512: %d, >= row: %d\n", (int)(pitch % 512 == 0), (int)(pitch >= W * sizeof(int)));
    cudaMemcpy2D(d, pitch, host.data(), W * sizeof(int), W * sizeof(int), H, cudaMemcpyHostToDevice);
    // memset a 5x4 window (bytes) starting at row 3, int column 2
    cudaMemset2D((char *)d + 3 * pitch + 2 * sizeof(int), pitch, 0xab, 5 * sizeof(int) + 1, 4);
    cudaMemcpy2D(back.data(), W * sizeof(int), d, pitch, W * sizeof(int), H, cudaMemcpyDeviceToHost);
    long bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int want = host[y * W + x];
            if (y >= 3 && y < 7 && x >= 2 && x < 7) want = (int)0xabababab;
            if (y >= 3 && y < 7 && x == 7) { unsigned u = (unsigned)host[y * W + x]; want = (int)((u & 0xffffff00u) | 0xab); }
            bad += back[y * W + x] != want;
        }
    printf("2D memset/copy bad %ld\n", bad);
    // sub-rectangle device-to-device into a second pitched buffer
    int *d2; size_t pitch2;
    cudaMallocPitch(&d2, &pitch2, 19 * sizeof(int), 11);
    cudaMemset2D(d2, pitch2, 0, 19 * sizeof(int), 11);
    cudaError_t e = cudaMemcpy2D((char *)d2 + 1 * pitch2 + 4, pitch2, (char *)d + 5 * pitch + 8 * sizeof(int), pitch, 17 * sizeof(int), 9, cudaMemcpyDeviceToDevice);
    std::vector<int> sub(19 * 11);
    cudaMemcpy2D(sub.data(), 19 * sizeof(int), d2, pitch2, 19 * sizeof(int), 11, cudaMemcpyDeviceToHost);
    bad = 0;
    for (int y = 0; y < 11; y++)
        for (int x = 0; x < 19; x++) {
            int want = (y >= 1 && y < 10 && x >= 1 && x < 18) ? back[(y - 1 + 5) * W + (x - 1 + 8)] : 0;
            bad += sub[y * 19 + x] != want;
        }
    printf("2D sub copy %s bad %ld\n", cudaGetErrorString(e), bad);
    e = cudaMemcpy2D(d2, pitch2, d, pitch, pitch2 + 4, 2, cudaMemcpyDeviceToDevice);
    printf("width > pitch: %s\n", cudaGetErrorName(e));
    // 3D
    cudaExtent ext = make_cudaExtent(13 * sizeof(short), 7, 5);
    cudaPitchedPtr p3;
    cudaMalloc3D(&p3, ext);
    std::vector<short> h3(13 * 7 * 5), b3(13 * 7 * 5, 0);
    for (size_t i = 0; i < h3.size(); i++) h3[i] = (short)(i * 31 - 1000);
    cudaMemset3D(p3, 0x11, ext);
    cudaMemcpy3DParms cp = {};
    cp.srcPtr = make_cudaPitchedPtr(h3.data(), 13 * sizeof(short), 13, 7);
    cp.srcPos = make_cudaPos(2 * sizeof(short), 1, 1);
    cp.dstPtr = p3;
    cp.dstPos = make_cudaPos(0, 2, 0);
    cp.extent = make_cudaExtent(9 * sizeof(short), 4, 3);
    cp.kind = cudaMemcpyHostToDevice;
    e = cudaMemcpy3D(&cp);
    cudaMemcpy3DParms bk = {};
    bk.srcPtr = p3;
    bk.dstPtr = make_cudaPitchedPtr(b3.data(), 13 * sizeof(short), 13, 7);
    bk.extent = ext;
    bk.kind = cudaMemcpyDeviceToHost;
    cudaError_t e2 = cudaMemcpy3D(&bk);
    bad = 0;
    for (int z = 0; z < 5; z++)
        for (int y = 0; y < 7; y++)
            for (int x = 0; x < 13; x++) {
                short want = 0x1111;
                if (x < 9 && y >= 2 && y < 6 && z < 3) want = h3[((z + 1) * 7 + (y - 2 + 1)) * 13 + x + 2];
                bad += b3[(z * 7 + y) * 13 + x] != want;
            }
    printf("3D %s %s bad %ld\n", cudaGetErrorString(e), cudaGetErrorString(e2), bad);
    // memset3D on a sub-volume via an offset pitched pointer
    cudaPitchedPtr off = p3;
    off.ptr = (char *)p3.ptr + p3.pitch * 7 * 2 + p3.pitch + 3;     // z=2, y=1, byte 3
    cudaMemset3D(off, 0x7e, make_cudaExtent(5, 2, 2));
    cudaMemcpy3D(&bk);
    unsigned long long chk = 0;
    for (short v : b3) chk = chk * 65599 + (unsigned short)v;
    printf("after memset3D checksum %016llx\n", chk);
    return 0;
}
