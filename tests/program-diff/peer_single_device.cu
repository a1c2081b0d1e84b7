// Peer APIs on a one-device system: cudaMemcpyPeer / PeerAsync with device 0 on both sides,
// an invalid peer, cudaDeviceCanAccessPeer, Enable/Disable peer access, P2P attributes.
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

int main() {
    int n = 0; P(cudaGetDeviceCount(&n)); printf("devices>=1 %d\n", n >= 1);
    int *a, *b; P(cudaMalloc(&a, 4096)); P(cudaMalloc(&b, 4096));
    int h[1024]; for (int i = 0; i < 1024; ++i) h[i] = i * 3;
    P(cudaMemcpy(a, h, 4096, cudaMemcpyHostToDevice));
    P(cudaMemcpyPeer(b, 0, a, 0, 4096));
    int r[1024] = {}; P(cudaMemcpy(r, b, 4096, cudaMemcpyDeviceToHost)); printf("peer copy r[1023]=%d\n", r[1023]);
    cudaStream_t s; P(cudaStreamCreate(&s));
    P(cudaMemsetAsync(b, 0, 4096, s));
    P(cudaMemcpyPeerAsync(b + 512, 0, a, 0, 2048, s)); P(cudaStreamSynchronize(s));
    P(cudaMemcpy(r, b, 4096, cudaMemcpyDeviceToHost)); printf("async r[511]=%d r[512]=%d r[1023]=%d\n", r[511], r[512], r[1023]);
    P(cudaMemcpyPeer(b, 0, a, 0, 0));
    P(cudaMemcpyPeer(b, n, a, 0, 16));
    P(cudaMemcpyPeer(b, 0, a, -1, 16));
    P(cudaMemcpyPeer(b, 0, a, 0, 8192));
    int can = -1; P(cudaDeviceCanAccessPeer(&can, 0, 0)); printf("can 0->0 %d\n", can);
    P(cudaDeviceCanAccessPeer(&can, 0, n));
    P(cudaDeviceEnablePeerAccess(0, 0));
    P(cudaDeviceEnablePeerAccess(n, 0));
    P(cudaDeviceEnablePeerAccess(0, 1));
    P(cudaDeviceDisablePeerAccess(0));
    P(cudaDeviceDisablePeerAccess(n));
    int v = -1; P(cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, 0, 0));
    P(cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, 0, n));
    P(cudaGetLastError());
    return 0;
}
