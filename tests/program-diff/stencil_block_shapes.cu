// A 2D 5-point stencil with a shared-memory halo, launched with block shapes 8x8, 16x16,
// 32x8, 7x5, 1x64 and 33x3 over a grid whose last blocks are partial; each result must equal
// the host's (integer arithmetic: exact), and a 3D 7-point stencil with 3D blocks.
#include <cstdio>
#include <vector>

__constant__ int wts[5] = {4, -1, -1, -1, -1};

__global__ void stencil2d(const int *in, int *out, int w, int h) {
    extern __shared__ int tile[];
    int bx = blockDim.x, by = blockDim.y, tw = bx + 2;
    int x = blockIdx.x * bx + threadIdx.x, y = blockIdx.y * by + threadIdx.y;
    auto at = [&](int xx, int yy) { xx = xx < 0 ? 0 : xx >= w ? w - 1 : xx; yy = yy < 0 ? 0 : yy >= h ? h - 1 : yy; return in[yy * w + xx]; };
    // cooperative halo load: every cell of the (bx+2)x(by+2) tile
    for (int i = threadIdx.y * bx + threadIdx.x; i < tw * (by + 2); i += bx * by) {
        int tx = i % tw, ty = i / tw;
        tile[i] = at(blockIdx.x * bx + tx - 1, blockIdx.y * by + ty - 1);
    }
    __syncthreads();
    if (x < w && y < h) {
        int c = (threadIdx.y + 1) * tw + threadIdx.x + 1;
        out[y * w + x] = wts[0] * tile[c] + wts[1] * tile[c - 1] + wts[2] * tile[c + 1] + wts[3] * tile[c - tw] + wts[4] * tile[c + tw];
    }
}

__global__ void stencil3d(const float *in, float *out, int nx, int ny, int nz) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x <= 0 || y <= 0 || z <= 0 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
    size_t i = ((size_t)z * ny + y) * nx + x;
    out[i] = in[i] * 6.0f - in[i - 1] - in[i + 1] - in[i - nx] - in[i + nx] - in[i - (size_t)nx * ny] - in[i + (size_t)nx * ny];
}

int main() {
    const int w = 203, h = 117;
    std::vector<int> in(w * h), out(w * h), want(w * h);
    for (int i = 0; i < w * h; i++) in[i] = (i * 2654435761u) >> 20;
    auto at = [&](int x, int y) { x = x < 0 ? 0 : x >= w ? w - 1 : x; y = y < 0 ? 0 : y >= h ? h - 1 : y; return in[y * w + x]; };
    for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) want[y * w + x] = 4 * at(x, y) - at(x - 1, y) - at(x + 1, y) - at(x, y - 1) - at(x, y + 1);
    int *din, *dout;
    cudaMalloc(&din, w * h * 4); cudaMalloc(&dout, w * h * 4);
    cudaMemcpy(din, in.data(), w * h * 4, cudaMemcpyHostToDevice);
    dim3 shapes[] = {dim3(8, 8), dim3(16, 16), dim3(32, 8), dim3(7, 5), dim3(1, 64), dim3(33, 3), dim3(32, 32)};
    for (dim3 b : shapes) {
        cudaMemset(dout, 0xff, w * h * 4);
        dim3 g((w + b.x - 1) / b.x, (h + b.y - 1) / b.y);
        stencil2d<<<g, b, (b.x + 2) * (b.y + 2) * sizeof(int)>>>(din, dout, w, h);
        cudaError_t e = cudaDeviceSynchronize();
        cudaMemcpy(out.data(), dout, w * h * 4, cudaMemcpyDeviceToHost);
        int bad = 0; long long sum = 0;
        for (int i = 0; i < w * h; i++) { bad += out[i] != want[i]; sum += out[i]; }
        printf("block %2ux%-2u grid %3ux%-3u: %s bad %d sum %lld\n", b.x, b.y, g.x, g.y, cudaGetErrorString(e), bad, sum);
    }
    const int nx = 37, ny = 21, nz = 13;
    std::vector<float> v(nx * ny * nz), r(nx * ny * nz, 0.f);
    for (size_t i = 0; i < v.size(); i++) v[i] = (float)((i * 37) % 101) * 0.25f;
    float *dv, *dr;
    cudaMalloc(&dv, v.size() * 4); cudaMalloc(&dr, v.size() * 4);
    cudaMemcpy(dv, v.data(), v.size() * 4, cudaMemcpyHostToDevice);
    for (dim3 b : {dim3(8, 4, 4), dim3(4, 4, 16), dim3(7, 3, 5), dim3(32, 1, 2)}) {
        cudaMemset(dr, 0, v.size() * 4);
        stencil3d<<<dim3((nx + b.x - 1) / b.x, (ny + b.y - 1) / b.y, (nz + b.z - 1) / b.z), b>>>(dv, dr, nx, ny, nz);
        cudaMemcpy(r.data(), dr, r.size() * 4, cudaMemcpyDeviceToHost);
        int bad = 0;
        for (int z = 0; z < nz; z++) for (int y = 0; y < ny; y++) for (int x = 0; x < nx; x++) {
            size_t i = ((size_t)z * ny + y) * nx + x;
            float want3 = 0.f;
            if (x > 0 && y > 0 && z > 0 && x < nx - 1 && y < ny - 1 && z < nz - 1)
                want3 = v[i] * 6.0f - v[i - 1] - v[i + 1] - v[i - nx] - v[i + nx] - v[i - nx * ny] - v[i + nx * ny];
            bad += r[i] != want3;
        }
        printf("3d block %ux%ux%u: %s bad %d\n", b.x, b.y, b.z, cudaGetErrorString(cudaGetLastError()), bad);
    }
    return 0;
}
