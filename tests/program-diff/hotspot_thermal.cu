// Rodinia-style hotspot: a chip's temperature grid stepped with power input, the 5-point
// update computed in shared-memory tiles of BLOCK_SIZE x BLOCK_SIZE with a halo of one cell
// (edge cells read themselves), several iterations ping-ponging two buffers. The coefficients
// live in __constant__ memory (cudaMemcpyToSymbol); every 8th row's checksum printed with %.9g,
// and the result compared with a host version of the same arithmetic (within 1e-4 relative,
// since the GPU may contract into fma).
#include <cstdio>
#include <cmath>
#include <vector>
#define BLOCK_SIZE 16
#define IDX(r, c, cols) ((r) * (cols) + (c))
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

struct Coeffs { float cap_inv, rx_inv, ry_inv, rz_inv, amb; };
__constant__ Coeffs c_k;

__global__ void hotspot_step(const float* __restrict__ power, const float* __restrict__ tin, float* __restrict__ tout, int rows, int cols) {
    __shared__ float tile[BLOCK_SIZE + 2][BLOCK_SIZE + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int c = blockIdx.x * BLOCK_SIZE + tx, r = blockIdx.y * BLOCK_SIZE + ty;
    int rc = min(r, rows - 1), cc = min(c, cols - 1);
    tile[ty + 1][tx + 1] = tin[IDX(rc, cc, cols)];
    if (tx == 0) tile[ty + 1][0] = tin[IDX(rc, max(cc - 1, 0), cols)];
    if (tx == BLOCK_SIZE - 1 || c == cols - 1) tile[ty + 1][tx + 2] = tin[IDX(rc, min(cc + 1, cols - 1), cols)];
    if (ty == 0) tile[0][tx + 1] = tin[IDX(max(rc - 1, 0), cc, cols)];
    if (ty == BLOCK_SIZE - 1 || r == rows - 1) tile[ty + 2][tx + 1] = tin[IDX(min(rc + 1, rows - 1), cc, cols)];
    __syncthreads();
    if (r >= rows || c >= cols) return;
    float t = tile[ty + 1][tx + 1];
    float n = tile[ty][tx + 1], s = tile[ty + 2][tx + 1], w = tile[ty + 1][tx], e = tile[ty + 1][tx + 2];
    float delta = c_k.cap_inv * (power[IDX(r, c, cols)] + (s + n - 2.0f * t) * c_k.ry_inv + (e + w - 2.0f * t) * c_k.rx_inv + (c_k.amb - t) * c_k.rz_inv);
    tout[IDX(r, c, cols)] = t + delta;
}

static void host_step(const std::vector<float>& p, const std::vector<float>& in, std::vector<float>& out, int rows, int cols, const Coeffs& k) {
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            float t = in[IDX(r, c, cols)];
            float n = in[IDX(r > 0 ? r - 1 : 0, c, cols)], s = in[IDX(r < rows - 1 ? r + 1 : r, c, cols)];
            float w = in[IDX(r, c > 0 ? c - 1 : 0, cols)], e = in[IDX(r, c < cols - 1 ? c + 1 : c, cols)];
            out[IDX(r, c, cols)] = t + k.cap_inv * (p[IDX(r, c, cols)] + (s + n - 2.0f * t) * k.ry_inv + (e + w - 2.0f * t) * k.rx_inv + (k.amb - t) * k.rz_inv);
        }
}

int main() {
    const int rows = 75, cols = 53, iters = 12;
    const float chip_h = 0.016f, chip_w = 0.016f, t_chip = 0.0005f;
    float gh = chip_h / rows, gw = chip_w / cols;
    Coeffs k;
    float cap = 0.5f * 1.75e6f * t_chip * gw * gh;
    float rx = gw / (2.0f * 100.0f * t_chip * gh), ry = gh / (2.0f * 100.0f * t_chip * gw), rz = t_chip / (100.0f * gh * gw);
    float step = 0.001f / (3.0e6f / (0.5f * t_chip * 1.75e6f));  // precision / max slope, as Rodinia
    k.cap_inv = step / cap; k.rx_inv = 1.0f / rx; k.ry_inv = 1.0f / ry; k.rz_inv = 1.0f / rz; k.amb = 80.0f;
    CK(cudaMemcpyToSymbol(c_k, &k, sizeof k));
    std::vector<float> temp(rows * cols), power(rows * cols);
    for (int i = 0; i < rows * cols; ++i) {
        temp[i] = 323.0f + (float)((i * 37) % 101) * 0.125f;
        power[i] = (float)((i * 13) % 17) * 0.25f;
    }
    float *d_p, *d_a, *d_b;
    CK(cudaMalloc(&d_p, rows * cols * 4)); CK(cudaMalloc(&d_a, rows * cols * 4)); CK(cudaMalloc(&d_b, rows * cols * 4));
    CK(cudaMemcpy(d_p, power.data(), rows * cols * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_a, temp.data(), rows * cols * 4, cudaMemcpyHostToDevice));
    dim3 block(BLOCK_SIZE, BLOCK_SIZE), grid((cols + BLOCK_SIZE - 1) / BLOCK_SIZE, (rows + BLOCK_SIZE - 1) / BLOCK_SIZE);
    std::vector<float> h_a = temp, h_b(rows * cols);
    for (int it = 0; it < iters; ++it) {
        hotspot_step<<<grid, block>>>(d_p, d_a, d_b, rows, cols);
        CK(cudaGetLastError());
        std::swap(d_a, d_b);
        host_step(power, h_a, h_b, rows, cols, k);
        std::swap(h_a, h_b);
    }
    CK(cudaDeviceSynchronize());
    std::vector<float> out(rows * cols);
    CK(cudaMemcpy(out.data(), d_a, rows * cols * 4, cudaMemcpyDeviceToHost));
    int bad = 0; double maxrel = 0;
    for (int i = 0; i < rows * cols; ++i) {
        double rel = fabs((double)out[i] - h_a[i]) / fabs((double)h_a[i]);
        if (rel > maxrel) maxrel = rel;
        if (rel > 1e-4) ++bad;
    }
    for (int r = 0; r < rows; r += 8) {
        double sum = 0; for (int c = 0; c < cols; ++c) sum += out[IDX(r, c, cols)];
        printf("row %2d: first %.9g last %.9g sum %.9g\n", r, out[IDX(r, 0, cols)], out[IDX(r, cols - 1, cols)], sum);
    }
    printf("corner %a %a %a %a\n", out[0], out[cols - 1], out[IDX(rows - 1, 0, cols)], out[rows * cols - 1]);
    printf("host check: %d bad (max rel %s)\n", bad, maxrel < 1e-5 ? "<1e-5" : ">=1e-5");
    cudaFree(d_p); cudaFree(d_a); cudaFree(d_b);
    return 0;
}
