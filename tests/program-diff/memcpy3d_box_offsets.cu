// cudaMalloc3D/cudaMemset3D/cudaMemcpy3D(Peer)(Async) with positions; a box past its row or past
// the rows of a slice is InvalidValue.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
// Each call: its error name and what cudaGetLastError answers right after.
static void r(const char *what, cudaError_t e) {
    cudaError_t l = cudaGetLastError();
    printf("%s: %s (last %s)\n", what, cudaGetErrorName(e), cudaGetErrorName(l));
}
#define R(x) r(#x, x)
// cudaMalloc3D / cudaMemset3D / cudaMemcpy3D(Peer)(Async) with positions and odd parameters.
__global__ void mark(cudaPitchedPtr p, cudaExtent e) {
    int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
    if (x < (int)e.width && y < (int)e.height) ((unsigned char *)p.ptr)[(z * e.height + y) * p.pitch + x] = (unsigned char)(x + 3 * y + 7 * z);
}
int main() {
    cudaExtent e = make_cudaExtent(37, 5, 3);
    cudaPitchedPtr a, b;
    R(cudaMalloc3D(&a, e)); R(cudaMalloc3D(&b, e));
    printf("pitch %zu xsize %zu ysize %zu (pitch multiple of 512: %d)\n", a.pitch, a.xsize, a.ysize, a.pitch % 512 == 0);
    cudaPitchedPtr z0; R(cudaMalloc3D(&z0, make_cudaExtent(0, 4, 4)));
    printf("zero-width pitch %zu ptr null %d\n", z0.pitch, z0.ptr == nullptr);
    R(cudaMemset3D(a, 0x11, e));
    R(cudaMemset3D(b, 0x22, e));
    // memset a sub-box starting at an offset pointer
    cudaPitchedPtr sub = a; sub.ptr = (char *)a.ptr + a.pitch * 1 + 4;
    R(cudaMemset3D(sub, 0x33, make_cudaExtent(5, 2, 2)));
    mark<<<dim3(5, 3), 64>>>(b, e);
    // copy a 6x2x2 box from b at (10,1,1) to a at (20,3,0)
    cudaMemcpy3DParms p = {};
    p.srcPtr = b; p.srcPos = make_cudaPos(10, 1, 1);
    p.dstPtr = a; p.dstPos = make_cudaPos(20, 3, 0);
    p.extent = make_cudaExtent(6, 2, 2); p.kind = cudaMemcpyDeviceToDevice;
    R(cudaMemcpy3D(&p));
    unsigned char h[3][5][37];
    cudaMemcpy3DParms q = {};
    q.srcPtr = a; q.dstPtr = make_cudaPitchedPtr(h, 37, 37, 5); q.extent = e; q.kind = cudaMemcpyDeviceToHost;
    R(cudaMemcpy3D(&q));
    unsigned sum = 0; for (int z = 0; z < 3; z++) for (int y = 0; y < 5; y++) for (int x = 0; x < 37; x++) sum = sum * 31 + h[z][y][x];
    printf("hash %08x\n", sum);
    for (int z = 0; z < 3; z++) { for (int y = 0; y < 5; y++) { printf("z%d y%d:", z, y); for (int x = 0; x < 37; x += 3) printf(" %02x", h[z][y][x]); printf("\n"); } }
    // Peer (same device), async on a stream
    cudaMemcpy3DPeerParms pp = {};
    pp.srcPtr = b; pp.srcDevice = 0; pp.dstPtr = a; pp.dstDevice = 0; pp.extent = e;
    R(cudaMemcpy3DPeer(&pp));
    pp.dstDevice = 1;
    R(cudaMemcpy3DPeer(&pp));
    pp.dstDevice = 0; pp.srcPos = make_cudaPos(1, 0, 0);
    R(cudaMemcpy3DPeer(&pp));
    cudaStream_t s; cudaStreamCreate(&s);
    pp.srcPos = make_cudaPos(0, 0, 0);
    R(cudaMemcpy3DPeerAsync(&pp, s));
    R(cudaStreamSynchronize(s));
    R(cudaMemcpy3D(&q));
    sum = 0; for (int z = 0; z < 3; z++) for (int y = 0; y < 5; y++) for (int x = 0; x < 37; x++) sum = sum * 31 + h[z][y][x];
    printf("after peer copy hash %08x\n", sum);
    // bad parameter combinations
    cudaMemcpy3DParms w = p;
    w.extent = make_cudaExtent(0, 0, 0); R(cudaMemcpy3D(&w));
    w = p; w.extent = make_cudaExtent(40, 1, 1); R(cudaMemcpy3D(&w));
    w = p; w.srcPos = make_cudaPos(0, 5, 0); w.extent = make_cudaExtent(4, 1, 1); R(cudaMemcpy3D(&w));
    w = p; w.srcPos = make_cudaPos(0, 0, 3); w.extent = make_cudaExtent(4, 1, 1); R(cudaMemcpy3D(&w));
    w = p; w.kind = (cudaMemcpyKind)9; R(cudaMemcpy3D(&w));
    w = p; w.kind = cudaMemcpyHostToHost; R(cudaMemcpy3D(&w));
    w = p; w.kind = cudaMemcpyDefault; R(cudaMemcpy3D(&w));
    w = p; w.dstPtr.pitch = 8; R(cudaMemcpy3D(&w));
    cudaArray_t arr; cudaChannelFormatDesc cd = cudaCreateChannelDesc<unsigned char>();
    cudaMalloc3DArray(&arr, &cd, e);
    w = p; w.srcArray = arr; R(cudaMemcpy3D(&w));
    w = p; w.srcPtr = make_cudaPitchedPtr(nullptr, 0, 0, 0); w.srcArray = arr; w.srcPos = make_cudaPos(0, 0, 0); R(cudaMemcpy3D(&w));
    R(cudaMemcpy3D(nullptr));
    R(cudaMemset3D(a, 0, make_cudaExtent(38, 1, 1)));
    R(cudaMemset3D(a, 0, make_cudaExtent(0, 5, 3)));
    cudaPitchedPtr hostp = make_cudaPitchedPtr(h, 37, 37, 5);
    R(cudaMemset3D(hostp, 0, make_cudaExtent(4, 1, 1)));
    R(cudaMemset3DAsync(a, 0x55, make_cudaExtent(37, 5, 3), s));
    R(cudaStreamSynchronize(s));
    R(cudaMemcpy3D(&q));
    printf("after memset3DAsync h[2][4][36] %02x\n", h[2][4][36]);
    return 0;
}
