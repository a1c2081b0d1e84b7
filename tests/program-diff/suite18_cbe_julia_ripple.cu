// CUDA by Example (Sanders & Kandrot), chapters 4 and 5: the Julia set (a cuComplex struct with
// __device__ operators, one block per pixel on a DIMxDIM grid: <<<dim3(DIM,DIM),1>>>) and the
// ripple animation (16x16 blocks over a DIMxDIM uchar4 bitmap, cos/sqrt of the distance from the
// centre at several ticks). Bitmaps reduced to exact checksums (sum and a position-weighted hash
// of the bytes) and a row of pixels printed; the host recomputes the Julia set in float.
#include <cstdio>
#include <cmath>
#include <vector>
#define DIM 96
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

struct cuComplex {
    float r, i;
    __host__ __device__ cuComplex(float a, float b) : r(a), i(b) {}
    __host__ __device__ float magnitude2(void) { return r * r + i * i; }
    __host__ __device__ cuComplex operator*(const cuComplex& a) { return cuComplex(r * a.r - i * a.i, i * a.r + r * a.i); }
    __host__ __device__ cuComplex operator+(const cuComplex& a) { return cuComplex(r + a.r, i + a.i); }
};
__host__ __device__ int julia(int x, int y) {
    const float scale = 1.5;
    float jx = scale * (float)(DIM / 2 - x) / (DIM / 2);
    float jy = scale * (float)(DIM / 2 - y) / (DIM / 2);
    cuComplex c(-0.8, 0.156);
    cuComplex a(jx, jy);
    int i = 0;
    for (i = 0; i < 200; i++) {
        a = a * a + c;
        if (a.magnitude2() > 1000) return 0;
    }
    return 1;
}
__global__ void julia_kernel(unsigned char* ptr) {
    int x = blockIdx.x;
    int y = blockIdx.y;
    int offset = x + y * gridDim.x;
    int juliaValue = julia(x, y);
    ptr[offset * 4 + 0] = 255 * juliaValue;
    ptr[offset * 4 + 1] = 0;
    ptr[offset * 4 + 2] = 0;
    ptr[offset * 4 + 3] = 255;
}
__global__ void ripple_kernel(unsigned char* ptr, int ticks) {
    int x = threadIdx.x + blockIdx.x * blockDim.x;
    int y = threadIdx.y + blockIdx.y * blockDim.y;
    int offset = x + y * blockDim.x * gridDim.x;
    float fx = x - DIM / 2;
    float fy = y - DIM / 2;
    float d = sqrtf(fx * fx + fy * fy);
    unsigned char grey = (unsigned char)(128.0f + 127.0f * cos(d / 10.0f - ticks / 7.0f) / (d / 10.0f + 1.0f));
    ptr[offset * 4 + 0] = grey;
    ptr[offset * 4 + 1] = grey;
    ptr[offset * 4 + 2] = grey;
    ptr[offset * 4 + 3] = 255;
}
static void sums(const char* what, const std::vector<unsigned char>& b) {
    unsigned long long s = 0, h = 1469598103934665603ull;
    for (size_t k = 0; k < b.size(); k++) { s += b[k]; h = (h ^ b[k]) * 1099511628211ull; }
    printf("%s: byte sum %llu fnv %016llx\n", what, s, h);
}
int main() {
    std::vector<unsigned char> bmp(DIM * DIM * 4);
    unsigned char* d;
    CK(cudaMalloc(&d, bmp.size()));
    julia_kernel<<<dim3(DIM, DIM), 1>>>(d);
    CK(cudaMemcpy(bmp.data(), d, bmp.size(), cudaMemcpyDeviceToHost));
    sums("julia", bmp);
    int inside = 0, mism = 0;
    for (int y = 0; y < DIM; y++) for (int x = 0; x < DIM; x++) {
        inside += bmp[(x + y * DIM) * 4] == 255;
        if ((bmp[(x + y * DIM) * 4] == 255) != (julia(x, y) == 1)) mism++;
    }
    printf("julia: %d pixels inside, %d differ from the host\n", inside, mism);
    for (int y = 0; y < DIM; y += 8) {
        printf("  ");
        for (int x = 0; x < DIM; x += 2) putchar(bmp[(x + y * DIM) * 4] ? '#' : '.');
        printf("\n");
    }
    dim3 blocks(DIM / 16, DIM / 16), threads(16, 16);
    for (int t = 0; t < 60; t += 17) {
        ripple_kernel<<<blocks, threads>>>(d, t);
        CK(cudaMemcpy(bmp.data(), d, bmp.size(), cudaMemcpyDeviceToHost));
        char name[32];
        snprintf(name, sizeof name, "ripple tick %d", t);
        sums(name, bmp);
        printf("  row 40:");
        for (int x = 0; x < DIM; x += 6) printf(" %d", bmp[(x + 40 * DIM) * 4]);
        printf("\n");
    }
    CK(cudaFree(d));
    return 0;
}
