// cudaMalloc3D + cudaMemcpy3D with source and destination positions, extents narrower than
// the pitch, host pitched pointers, cudaMemset3D of a sub-box, the async form, and bad params.
#include <cstdio>
#include <vector>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void bump(cudaPitchedPtr p, int w, int h, int d) {
    int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
    if (x < w && y < h && z < d) { unsigned short* row = (unsigned short*)((char*)p.ptr + (z * p.ysize + y) * p.pitch); row[x] += (unsigned short)(z * 100); }
}

int main() {
    const int W = 21, H = 9, D = 5;  // elements of 2 bytes
    cudaExtent ext = make_cudaExtent(W * 2, H, D);
    cudaPitchedPtr dp; P(cudaMalloc3D(&dp, ext));
    printf("pitch>=%d %d mult128 %d xsize %zu ysize %zu\n", W * 2, dp.pitch >= W * 2, dp.pitch % 128 == 0, dp.xsize, dp.ysize);
    std::vector<unsigned short> h(W * H * D), b(W * H * D, 0xbeef);
    for (int i = 0; i < W * H * D; ++i) h[i] = (unsigned short)i;
    P(cudaMemset3D(dp, 0, ext));
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(h.data(), W * 2, W, H); p.dstPtr = dp; p.extent = ext; p.kind = cudaMemcpyHostToDevice;
    P(cudaMemcpy3D(&p));
    bump<<<dim3(H, D), 32>>>(dp, W, H, D);
    P(cudaGetLastError());
    p = {}; p.srcPtr = dp; p.dstPtr = make_cudaPitchedPtr(b.data(), W * 2, W, H); p.extent = ext; p.kind = cudaMemcpyDeviceToHost;
    P(cudaMemcpy3D(&p));
    printf("b[0]=%d b[W*H]=%d b[last]=%d\n", b[0], b[W * H], b[W * H * D - 1]);
    // sub-box: from device position (x=3 elems, y=2, z=1), extent 4x3x2 into host box at (1,1,0) of a 8x6x3 buffer
    std::vector<unsigned short> box(8 * 6 * 3, 0);
    p = {}; p.srcPtr = dp; p.srcPos = make_cudaPos(3 * 2, 2, 1);
    p.dstPtr = make_cudaPitchedPtr(box.data(), 8 * 2, 8, 6); p.dstPos = make_cudaPos(1 * 2, 1, 0);
    p.extent = make_cudaExtent(4 * 2, 3, 2); p.kind = cudaMemcpyDeviceToHost;
    P(cudaMemcpy3D(&p));
    printf("box:");
    for (int z = 0; z < 3; ++z) for (int y = 0; y < 6; ++y) { int s = 0; for (int x = 0; x < 8; ++x) s += box[(z * 6 + y) * 8 + x]; printf(" %d", s); }
    printf("\n");
    // memset3D of a sub-box via an offset pitched ptr
    cudaPitchedPtr off = dp; off.ptr = (char*)dp.ptr + 1 * dp.pitch * H + 2 * dp.pitch + 4;
    P(cudaMemset3D(off, 0xff, make_cudaExtent(6, 2, 2)));
    p = {}; p.srcPtr = dp; p.dstPtr = make_cudaPitchedPtr(b.data(), W * 2, W, H); p.extent = ext; p.kind = cudaMemcpyDeviceToHost;
    P(cudaMemcpy3D(&p));
    int ff = 0; for (auto v : b) ff += v == 0xffff; printf("0xffff count %d b[(1*H+2)*W+2]=%d\n", ff, b[(1 * H + 2) * W + 2]);
    // device to device into a second 3D allocation, async
    cudaPitchedPtr dq; P(cudaMalloc3D(&dq, make_cudaExtent(64, H, D)));
    cudaStream_t s; P(cudaStreamCreate(&s));
    P(cudaMemset3DAsync(dq, 1, make_cudaExtent(64, H, D), s));
    p = {}; p.srcPtr = dp; p.dstPtr = dq; p.extent = make_cudaExtent(W * 2, H, D); p.kind = cudaMemcpyDeviceToDevice;
    P(cudaMemcpy3DAsync(&p, s));
    std::vector<unsigned char> q(64 * H * D);
    p = {}; p.srcPtr = dq; p.dstPtr = make_cudaPitchedPtr(q.data(), 64, 64, H); p.extent = make_cudaExtent(64, H, D); p.kind = cudaMemcpyDeviceToHost;
    P(cudaMemcpy3DAsync(&p, s)); P(cudaStreamSynchronize(s));
    printf("q[0]=%d q[41]=%d q[42]=%d q[63]=%d\n", q[0], q[41], q[42], q[63]);
    // default kind
    p.kind = cudaMemcpyDefault; P(cudaMemcpy3D(&p));
    // errors
    p = {}; p.srcPtr = dp; p.dstPtr = make_cudaPitchedPtr(b.data(), W * 2, W, H); p.extent = make_cudaExtent(W * 2, H, D + 1); p.kind = cudaMemcpyDeviceToHost;
    P(cudaMemcpy3D(&p));
    p.extent = make_cudaExtent(0, H, D);
    P(cudaMemcpy3D(&p));
    p.extent = make_cudaExtent(W * 2 + 2, H, D); p.dstPtr.pitch = W * 2;
    P(cudaMemcpy3D(&p));
    P(cudaMemcpy3D(nullptr));
    P(cudaMemset3D(dp, 0, make_cudaExtent(dp.pitch + 1, 1, 1)));
    cudaPitchedPtr z; P(cudaMalloc3D(&z, make_cudaExtent(0, 0, 0))); printf("zero extent ptr null %d\n", z.ptr == nullptr);
    P(cudaMalloc3D(nullptr, ext));
    P(cudaFree(dp.ptr)); P(cudaFree(dq.ptr));
    P(cudaGetLastError());
    return 0;
}
