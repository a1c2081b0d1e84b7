// cudaMemcpyToSymbol/FromSymbol with offsets (sync and async, constant and global symbols,
// arrays of structs), cudaGetSymbolAddress/Size, offsets past the end, and wrong kinds.
#include <cstdio>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

struct Rec { int id; float w; short tag[3]; };
__constant__ Rec crecs[6];
__constant__ float ctab[64];
__device__ int gbuf[100];
__device__ double gscalar;

__global__ void readback(int* out) {
    int i = threadIdx.x;
    if (i < 6) { out[i] = crecs[i].id * 1000 + (int)crecs[i].w + crecs[i].tag[2]; }
    if (i < 64) out[8 + i] = (int)ctab[i];
    if (i < 100) gbuf[i] += i;
    if (i == 0) gscalar *= 2;
}

int main() {
    Rec r[6]; for (int i = 0; i < 6; ++i) { r[i].id = i + 1; r[i].w = i * 1.5f; r[i].tag[0] = r[i].tag[1] = 0; r[i].tag[2] = (short)(i * 7); }
    P(cudaMemcpyToSymbol(crecs, r, sizeof r));
    Rec two[2] = {{90, 9.f, {0, 0, 1}}, {91, 9.5f, {0, 0, 2}}};
    P(cudaMemcpyToSymbol(crecs, two, sizeof two, 3 * sizeof(Rec)));
    float t[64]; for (int i = 0; i < 64; ++i) t[i] = (float)(i * i);
    P(cudaMemcpyToSymbol(ctab, t, 32 * 4));
    P(cudaMemcpyToSymbol(ctab, t, 32 * 4, 32 * 4));
    P(cudaMemcpyToSymbol(ctab, t, 8, 64 * 4 - 8));
    P(cudaMemcpyToSymbol(ctab, t, 8, 64 * 4 - 4));
    P(cudaMemcpyToSymbol(ctab, t, 4, 64 * 4));
    P(cudaMemcpyToSymbol(ctab, t, 0, 64 * 4));
    int g[100]; for (int i = 0; i < 100; ++i) g[i] = -i;
    P(cudaMemcpyToSymbol(gbuf, g, sizeof g));
    double ds = 1.25; P(cudaMemcpyToSymbol(gscalar, &ds, sizeof ds));
    int* out; P(cudaMalloc(&out, 80 * 4));
    readback<<<1, 128>>>(out);
    P(cudaDeviceSynchronize());
    int h[80]; P(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    printf("recs:"); for (int i = 0; i < 6; ++i) printf(" %d", h[i]); printf("\n");
    printf("tab: %d %d %d %d %d\n", h[8], h[8 + 31], h[8 + 32], h[8 + 62], h[8 + 63]);
    int part[10] = {};
    P(cudaMemcpyFromSymbol(part, gbuf, sizeof part, 50 * 4));
    printf("gbuf[50..]: %d %d %d\n", part[0], part[1], part[9]);
    double dd = 0; P(cudaMemcpyFromSymbol(&dd, gscalar, 8)); printf("gscalar %g\n", dd);
    // async with stream, device-to-device kinds
    cudaStream_t s; P(cudaStreamCreate(&s));
    int* dsrc; P(cudaMalloc(&dsrc, 400)); P(cudaMemset(dsrc, 0, 400));
    P(cudaMemcpyToSymbolAsync(gbuf, dsrc, 40, 4 * 10, cudaMemcpyDeviceToDevice, s));
    P(cudaMemcpyFromSymbolAsync(dsrc, gbuf, 400, 0, cudaMemcpyDeviceToDevice, s));
    int hb[100]; P(cudaMemcpyAsync(hb, dsrc, 400, cudaMemcpyDeviceToHost, s)); P(cudaStreamSynchronize(s));
    printf("after async: %d %d %d %d\n", hb[9], hb[10], hb[19], hb[20]);
    P(cudaMemcpyToSymbol(gbuf, g, 4, 0, cudaMemcpyDefault));
    P(cudaMemcpyToSymbol(gbuf, g, 4, 0, cudaMemcpyDeviceToHost));
    P(cudaMemcpyFromSymbol(g, gbuf, 4, 0, cudaMemcpyHostToDevice));
    void* addr = nullptr; size_t sz = 0;
    P(cudaGetSymbolAddress(&addr, gbuf)); P(cudaGetSymbolSize(&sz, gbuf)); printf("gbuf size %zu addr set %d\n", sz, addr != nullptr);
    P(cudaGetSymbolSize(&sz, crecs)); printf("crecs size %zu\n", sz);
    P(cudaGetSymbolSize(&sz, ctab)); printf("ctab size %zu\n", sz);
    cudaPointerAttributes a; P(cudaPointerGetAttributes(&a, addr)); printf("symbol ptr type %d\n", (int)a.type);
    P(cudaMemcpy((char*)addr + 396, g, 4, cudaMemcpyHostToDevice));
    P(cudaMemcpy((char*)addr + 398, g, 4, cudaMemcpyHostToDevice));
    int notsym = 0;
    P(cudaGetSymbolAddress(&addr, &notsym));
    P(cudaMemcpyToSymbol(&notsym, g, 4));
    P(cudaGetLastError());
    return 0;
}
