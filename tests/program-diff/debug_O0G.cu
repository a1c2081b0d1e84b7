// flags: -O0 -G
// A debug build (-O0 -G): local arrays indexed dynamically, structs passed by value, a
// switch, short-circuit logic, integer division by negative divisors, shared-memory
// transpose with bank-conflict padding, all as the unoptimized PTX expresses them.
#include <cstdio>

struct Acc { int n; long long sum; double mean; char tag[6]; };

__device__ Acc push(Acc a, int v) {
    a.n++;
    a.sum += v;
    a.mean = (double)a.sum / a.n;
    a.tag[a.n % 5] = 'a' + (v & 15);
    return a;
}

__device__ int classify(int v) {
    switch (v % 7) {
    case 0: return v / -3;
    case 1: return v % -5;
    case 2: case 3: return (v > 10 && v < 50) || v == -1;
    case 4: return v >> 2;
    default: return -v;
    }
}

__global__ void transpose(const float *in, float *out, int w, int h) {
    __shared__ float tile[16][17];
    int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    __syncthreads();
    x = blockIdx.y * 16 + threadIdx.x; y = blockIdx.x * 16 + threadIdx.y;
    if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void k(int *out) {
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    int local[20];
    for (int i = 0; i < 20; i++) local[i] = (t * 31 + i * 17) % 23 - 11;
    Acc a = {0, 0, 0.0, {'-', '-', '-', '-', '-', 0}};
    for (int i = 0; i < 20; i += 1 + (t & 1)) a = push(a, local[(i * 7 + t) % 20]);
    int c = 0;
    for (int i = 0; i < 20; i++) c = c * 3 + classify(local[i] * (t + 1));
    out[t * 4 + 0] = (int)a.sum * 1000 + a.n;
    out[t * 4 + 1] = (int)(a.mean * 1e6);
    out[t * 4 + 2] = a.tag[0] | a.tag[1] << 8 | a.tag[2] << 16 | a.tag[4] << 24;
    out[t * 4 + 3] = c;
}

int main() {
    const int n = 70;
    int *d, h[n * 4];
    cudaMalloc(&d, sizeof h);
    k<<<2, 35>>>(d);
    printf("k: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < n; t++) printf("%d: %d %d %08x %d\n", t, h[t * 4], h[t * 4 + 1], h[t * 4 + 2], h[t * 4 + 3]);
    const int w = 45, hh = 29;
    float *in, *out, hin[w * hh], hout[w * hh];
    for (int i = 0; i < w * hh; i++) hin[i] = i * 1.5f;
    cudaMalloc(&in, sizeof hin); cudaMalloc(&out, sizeof hout);
    cudaMemcpy(in, hin, sizeof hin, cudaMemcpyHostToDevice);
    transpose<<<dim3((w + 15) / 16, (hh + 15) / 16), dim3(16, 16)>>>(in, out, w, hh);
    cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int y = 0; y < hh; y++) for (int x = 0; x < w; x++) bad += hout[x * hh + y] != hin[y * w + x];
    printf("transpose bad %d\n", bad);
    return 0;
}
