// flags: -O3
// GPGPU-Sim ISPASS-2009 benchmarks CP and LIB. CP (Coulombic potential, from VMD's cionize): a
// slice of a 2D lattice, atoms (x, y, z^2, q) in __constant__ memory in chunks of MAXATOMS,
// each thread computing UNROLLX = 8 lattice points along x (16x8 blocks) with rsqrtf and
// accumulating into the energy grid across chunk launches. LIB (LIBOR market model Monte Carlo,
// Giles): per path, NN forward rates evolved over NMAT steps with the drift sums, exp() and the
// swaption portfolio's payoff discounted; float, one thread per path, 64-thread blocks, paths
// from a hashed normal generator. Sums and samples with %.9g.
// diff-tolerance: 1e-4 (rsqrtf is rsqrt.approx, and NVIDIA's expf runs ex2.approx: Cuprite's model of the H200's MUFU misses 0.5-2% of significands by one unit, which LIB's 20 steps of exp compound)
#include <cstdio>
#include <cmath>
#include <vector>
#define MAXATOMS 400
#define UNROLLX 8
#define BLOCKSIZEX 16
#define BLOCKSIZEY 8
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
__constant__ float4 atominfo[MAXATOMS];
__global__ void cenergy(int numatoms, float gridspacing, float* energygrid) {
    unsigned int xindex = __umul24(blockIdx.x, blockDim.x) * UNROLLX + threadIdx.x;
    unsigned int yindex = __umul24(blockIdx.y, blockDim.y) + threadIdx.y;
    unsigned int outaddr = (__umul24(gridDim.x, blockDim.x) * UNROLLX) * yindex + xindex;
    float coory = gridspacing * yindex;
    float coorx = gridspacing * xindex;
    float energyvalx1 = 0.0f, energyvalx2 = 0.0f, energyvalx3 = 0.0f, energyvalx4 = 0.0f;
    float energyvalx5 = 0.0f, energyvalx6 = 0.0f, energyvalx7 = 0.0f, energyvalx8 = 0.0f;
    float gridspacing_u = gridspacing * BLOCKSIZEX;
    for (int atomid = 0; atomid < numatoms; atomid++) {
        float dy = coory - atominfo[atomid].y;
        float dyz2 = (dy * dy) + atominfo[atomid].z;
        float dx1 = coorx - atominfo[atomid].x;
        float dx2 = dx1 + gridspacing_u;
        float dx3 = dx2 + gridspacing_u;
        float dx4 = dx3 + gridspacing_u;
        float dx5 = dx4 + gridspacing_u;
        float dx6 = dx5 + gridspacing_u;
        float dx7 = dx6 + gridspacing_u;
        float dx8 = dx7 + gridspacing_u;
        energyvalx1 += atominfo[atomid].w * rsqrtf(dx1 * dx1 + dyz2);
        energyvalx2 += atominfo[atomid].w * rsqrtf(dx2 * dx2 + dyz2);
        energyvalx3 += atominfo[atomid].w * rsqrtf(dx3 * dx3 + dyz2);
        energyvalx4 += atominfo[atomid].w * rsqrtf(dx4 * dx4 + dyz2);
        energyvalx5 += atominfo[atomid].w * rsqrtf(dx5 * dx5 + dyz2);
        energyvalx6 += atominfo[atomid].w * rsqrtf(dx6 * dx6 + dyz2);
        energyvalx7 += atominfo[atomid].w * rsqrtf(dx7 * dx7 + dyz2);
        energyvalx8 += atominfo[atomid].w * rsqrtf(dx8 * dx8 + dyz2);
    }
    energygrid[outaddr] += energyvalx1;
    energygrid[outaddr + 1 * BLOCKSIZEX] += energyvalx2;
    energygrid[outaddr + 2 * BLOCKSIZEX] += energyvalx3;
    energygrid[outaddr + 3 * BLOCKSIZEX] += energyvalx4;
    energygrid[outaddr + 4 * BLOCKSIZEX] += energyvalx5;
    energygrid[outaddr + 5 * BLOCKSIZEX] += energyvalx6;
    energygrid[outaddr + 6 * BLOCKSIZEX] += energyvalx7;
    energygrid[outaddr + 7 * BLOCKSIZEX] += energyvalx8;
}
#define NN 40
#define NMAT 20
#define NOPT 15
#define PATHS 2048
__constant__ int maturities[NOPT];
__constant__ float swaprates[NOPT];
__device__ float hnormal(unsigned a, unsigned b) {
    unsigned h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15; h *= 0x2C1B3C6Du; h ^= h >> 12; h *= 0x297A2D39u; h ^= h >> 15;
    // sum of four uniform bytes, centred and scaled: an approximate normal
    float s = (float)(h & 255) + (float)((h >> 8) & 255) + (float)((h >> 16) & 255) + (float)(h >> 24);
    return (s - 510.0f) * (1.0f / 147.8f);
}
__global__ void libor_portfolio(float* v_out, const float* lambda, float delta) {
    int path = blockIdx.x * blockDim.x + threadIdx.x;
    if (path >= PATHS) return;
    float L[NN], L2[NN], B[NN], S[NN];
    for (int i = 0; i < NN; i++) L[i] = 0.05f;
    for (int n = 0; n < NMAT; n++) {
        float sqez = sqrtf(delta) * hnormal(path, n);
        float v = 0.0f;
        for (int i = n + 1; i < NN; i++) {
            float lam = lambda[i - n - 1];
            float con1 = delta * lam;
            v += (con1 * L[i]) / (1.0f + delta * L[i]);
            float vrat = expf(con1 * v + lam * (sqez - 0.5f * con1));
            L[i] = L[i] * vrat;
        }
    }
    for (int i = 0; i < NN; i++) L2[i] = L[i];
    float b = 1.0f, s = 0.0f;
    for (int n = NMAT; n < NN; n++) {
        b = b / (1.0f + delta * L2[n]);
        s = s + delta * b;
        B[n] = b;
        S[n] = s;
    }
    float v = 0.0f;
    for (int i = 0; i < NOPT; i++) {
        int m = maturities[i] + NMAT - 1;
        float swapval = B[m] + swaprates[i] * S[m] - 1.0f;
        if (swapval < 0) v += -100.0f * swapval;
    }
    for (int n = 0; n < NMAT; n++) v = v / (1.0f + delta * L2[n]);
    v_out[path] = v;
}
int main() {
    const int VOLX = 16 * UNROLLX * 2, VOLY = 8 * 5;
    const float spacing = 0.5f;
    std::vector<float4> atoms(1000);
    for (int i = 0; i < 1000; i++) {
        float z = (i % 9) * 0.3f + 1.0f;
        atoms[i] = make_float4((i * 37 % 131) * 0.5f, (i * 53 % 43) * 0.5f, z * z, ((i % 3) - 1) * 0.5f + 0.1f);
    }
    float* dgrid;
    CK(cudaMalloc(&dgrid, VOLX * VOLY * sizeof(float)));
    CK(cudaMemset(dgrid, 0, VOLX * VOLY * sizeof(float)));
    dim3 block(BLOCKSIZEX, BLOCKSIZEY), grid(VOLX / (BLOCKSIZEX * UNROLLX), VOLY / BLOCKSIZEY);
    for (int start = 0; start < 1000; start += MAXATOMS) {
        int n = 1000 - start < MAXATOMS ? 1000 - start : MAXATOMS;
        CK(cudaMemcpyToSymbol(atominfo, &atoms[start], n * sizeof(float4), 0));
        cenergy<<<grid, block>>>(n, spacing, dgrid);
        CK(cudaGetLastError());
    }
    std::vector<float> e(VOLX * VOLY);
    CK(cudaMemcpy(e.data(), dgrid, e.size() * sizeof(float), cudaMemcpyDeviceToHost));
    double tot = 0; for (float v : e) tot += v;
    printf("CP: lattice %dx%d, energy sum %.9g\n", VOLX, VOLY, tot);
    for (int k = 0; k < 6; k++) printf("  e[%d] = %.9g\n", k * 811, e[k * 811]);
    int hm[NOPT] = {4, 4, 4, 8, 8, 8, 20, 20, 20, 4, 8, 12, 16, 20, 2};
    float hs[NOPT] = {.045f, .05f, .055f, .045f, .05f, .055f, .045f, .05f, .055f, .04f, .04f, .04f, .06f, .06f, .06f};
    CK(cudaMemcpyToSymbol(maturities, hm, sizeof hm));
    CK(cudaMemcpyToSymbol(swaprates, hs, sizeof hs));
    std::vector<float> lam(NN);
    for (int i = 0; i < NN; i++) lam[i] = 0.2f;
    float *dl, *dv;
    CK(cudaMalloc(&dl, NN * sizeof(float)));
    CK(cudaMalloc(&dv, PATHS * sizeof(float)));
    CK(cudaMemcpy(dl, lam.data(), NN * sizeof(float), cudaMemcpyHostToDevice));
    libor_portfolio<<<PATHS / 64, 64>>>(dv, dl, 0.25f);
    std::vector<float> v(PATHS);
    CK(cudaMemcpy(v.data(), dv, PATHS * sizeof(float), cudaMemcpyDeviceToHost));
    double vs = 0; for (float x : v) vs += x;
    printf("LIB: %d paths, mean portfolio value %.9g\n", PATHS, vs / PATHS);
    for (int k = 0; k < 6; k++) printf("  v[%d] = %.9g\n", k * 337, v[k * 337]);
    return 0;
}
