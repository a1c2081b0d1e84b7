// __constant__ arrays of structs (a material table, a transform stack) written piecewise with
// cudaMemcpyToSymbol at byte offsets (a single field, a middle element, the last bytes),
// read back with cudaMemcpyFromSymbol at offsets, cudaGetSymbolAddress/Size, a __device__ array
// of structs written by a kernel and read with cudaMemcpyFromSymbolAsync, symbols copied
// device-to-device, and an out-of-range offset (an error, not a write past the end).
#include <cstdio>
#include <cstddef>

struct Material { float albedo[3]; int id; double roughness; char name[12]; };   // 40 bytes with padding
struct Xform { float m[3][4]; };

__constant__ Material c_mat[9];
__constant__ Xform c_xf[4];
__constant__ unsigned short c_lut[37];
__device__ Material g_out[9];
__device__ int g_counter;

__global__ void shade(float* out) {
    int i = threadIdx.x;
    if (i >= 9 * 4) return;
    const Material& m = c_mat[i % 9];
    const Xform& x = c_xf[i / 9];
    float p[3] = {m.albedo[0], m.albedo[1], m.albedo[2]}, r[3];
    for (int k = 0; k < 3; ++k) r[k] = x.m[k][0] * p[0] + x.m[k][1] * p[1] + x.m[k][2] * p[2] + x.m[k][3];
    out[i] = (r[0] + r[1] * 2 + r[2] * 4) * (float)m.roughness + m.id + c_lut[(m.id + i) % 37] + (float)m.name[i % 12];
}

__global__ void copy_out() {
    int i = threadIdx.x;
    if (i < 9) { g_out[i] = c_mat[8 - i]; g_out[i].id += 100; atomicAdd(&g_counter, 1); }
}

int main() {
    Material mats[9] = {};
    for (int i = 0; i < 9; ++i) {
        mats[i] = Material{{i * 0.1f, 1 - i * 0.1f, 0.5f}, i, 0.25 * i, {}};
        snprintf(mats[i].name, 12, "mat%d", i);
    }
    cudaMemcpyToSymbol(c_mat, mats, sizeof mats);
    // one field of element 4, then element 6 whole, then the name of element 8 (the symbol's last bytes)
    int newid = 77;
    cudaMemcpyToSymbol(c_mat, &newid, 4, 4 * sizeof(Material) + offsetof(Material, id));
    Material m6{{9, 8, 7}, 66, -1.5, "six"};
    cudaMemcpyToSymbol(c_mat, &m6, sizeof m6, 6 * sizeof(Material), cudaMemcpyHostToDevice);
    char nm[12] = "eight!";
    cudaMemcpyToSymbol(c_mat, nm, 12, 8 * sizeof(Material) + offsetof(Material, name));
    Xform xf[4];
    for (int t = 0; t < 4; ++t) for (int r = 0; r < 3; ++r) for (int c = 0; c < 4; ++c) xf[t].m[r][c] = (r == c) ? 1.0f + t : (c == 3 ? t * 0.5f : 0.0f);
    cudaMemcpyToSymbol(c_xf, xf, sizeof xf);
    unsigned short lut[37];
    for (int i = 0; i < 37; ++i) lut[i] = (unsigned short)(i * i * 53);
    cudaMemcpyToSymbol(c_lut, lut, 20 * 2);
    cudaMemcpyToSymbol(c_lut, lut + 20, 17 * 2, 20 * 2);
    float* d; cudaMalloc(&d, 36 * 4);
    shade<<<1, 64>>>(d);
    float o[36]; cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 36; ++i) printf("%a%c", o[i], i % 9 == 8 ? '\n' : ' ');
    Material back;
    cudaMemcpyFromSymbol(&back, c_mat, sizeof back, 4 * sizeof(Material));
    printf("element 4 back: id %d name %s rough %g\n", back.id, back.name, back.roughness);
    char tail[12];
    cudaMemcpyFromSymbol(tail, c_mat, 12, sizeof mats - 12 - (sizeof(Material) - offsetof(Material, name) - 12));
    printf("last name %s\n", tail);
    size_t sz; void* addr;
    cudaGetSymbolSize(&sz, c_mat); cudaGetSymbolAddress(&addr, g_out);
    printf("sizeof Material %zu symbol size %zu lut size ", sizeof(Material), sz);
    cudaGetSymbolSize(&sz, c_lut); printf("%zu\n", sz);
    int zero = 0; cudaMemcpyToSymbol(g_counter, &zero, 4);
    copy_out<<<1, 32>>>();
    cudaStream_t s; cudaStreamCreate(&s);
    Material outs[9]; int cnt;
    cudaMemcpyFromSymbolAsync(outs, g_out, sizeof outs, 0, cudaMemcpyDeviceToHost, s);
    cudaMemcpyFromSymbolAsync(&cnt, g_counter, 4, 0, cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    printf("reversed ids:"); for (int i = 0; i < 9; ++i) printf(" %d/%s", outs[i].id, outs[i].name); printf(" count %d\n", cnt);
    // device-to-device through the symbol address: g_out[0] <- g_out[8]
    cudaMemcpy(addr, (char*)addr + 8 * sizeof(Material), sizeof(Material), cudaMemcpyDeviceToDevice);
    cudaMemcpyFromSymbol(&back, g_out, sizeof back);
    printf("g_out[0] now id %d\n", back.id);
    // a symbol-to-symbol copy (constant <- device), element 2 of c_mat from g_out[1]
    cudaMemcpyToSymbol(c_mat, (char*)addr + sizeof(Material), sizeof(Material), 2 * sizeof(Material), cudaMemcpyDeviceToDevice);
    cudaMemcpyFromSymbol(&back, c_mat, sizeof back, 2 * sizeof(Material));
    printf("c_mat[2] now id %d name %s\n", back.id, back.name);
    cudaError_t e = cudaMemcpyToSymbol(c_lut, lut, 4, 36 * 2);
    printf("write past the end: %s\n", cudaGetErrorName(e));
    printf("after: %s\n", cudaGetErrorName(cudaGetLastError()));
    e = cudaMemcpyFromSymbol(tail, c_lut, 2, 74);
    printf("read at the end: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    return 0;
}
