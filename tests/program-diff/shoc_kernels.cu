// flags: -O2
// SHOC-style kernels (vetter-lab/shoc, src/cuda/level1/reduction/reduction_kernel.h,
// level1/spmv/Spmv.cu, level1/md/MD.cu, level2/stencil2d), kept in their original shape:
// Reduce: the templated reduce<T, blockSize> with two loads per thread in a grid-stride loop,
// __syncthreads tree down to 64 and the warp-synchronous volatile tail, then the host summing
// the block results; float and double. SpMV: spmv_csr_scalar_kernel, spmv_csr_vector_kernel (a
// warp per row, partial sums in a volatile shared array reduced without barriers) and
// spmv_ellpackr_kernel, the vector read through a texture object (tex1Dfetch). MD: the
// Lennard-Jones force over a column-major neighbour list, positions as float4 through a texture
// object. Stencil2D: the 9-point stencil (center, cardinal, diagonal weights) with a shared tile
// plus halo. Each result is checked against a host reference (SHOC's own tolerances); results
// printed with %a / %.9g.
#include <cstdio>
#include <cmath>
#include <vector>

// ------------------------------------------------------------------ reduction
template <class T, int blockSize>
__global__ void reduce(const T *__restrict__ g_idata, T *__restrict__ g_odata, const unsigned int n)
{
    const unsigned int tid = threadIdx.x;
    unsigned int i = (blockIdx.x * (blockDim.x * 2)) + tid;
    const unsigned int gridSize = blockDim.x * 2 * gridDim.x;
    extern __shared__ __align__(8) unsigned char smem_raw[];
    volatile T *sdata = reinterpret_cast<volatile T *>(smem_raw);
    sdata[tid] = 0;
    // Reduce multiple elements per thread
    while (i < n) {
        sdata[tid] += g_idata[i] + g_idata[i + blockSize];
        i += gridSize;
    }
    __syncthreads();
    if (blockSize >= 512) { if (tid < 256) { sdata[tid] += sdata[tid + 256]; } __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) { sdata[tid] += sdata[tid + 128]; } __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) { sdata[tid] += sdata[tid + 64]; } __syncthreads(); }
    if (tid < warpSize) {
        if (blockSize >= 64) { sdata[tid] += sdata[tid + 32]; }
        if (blockSize >= 32) { sdata[tid] += sdata[tid + 16]; }
        if (blockSize >= 16) { sdata[tid] += sdata[tid + 8]; }
        if (blockSize >= 8) { sdata[tid] += sdata[tid + 4]; }
        if (blockSize >= 4) { sdata[tid] += sdata[tid + 2]; }
        if (blockSize >= 2) { sdata[tid] += sdata[tid + 1]; }
    }
    if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template <class T>
static int runReduce(const char *name)
{
    const int size = 1 << 18, blocks = 64, threads = 256;
    std::vector<T> h(size);
    for (int i = 0; i < size; i++) h[i] = (T)(i % 7) * (T)0.1;
    T *d_idata, *d_odata;
    cudaMalloc(&d_idata, size * sizeof(T));
    cudaMalloc(&d_odata, blocks * sizeof(T));
    cudaMemcpy(d_idata, h.data(), size * sizeof(T), cudaMemcpyHostToDevice);
    size_t smem = threads * sizeof(T);
    reduce<T, 256><<<blocks, threads, smem>>>(d_idata, d_odata, size);
    // as SHOC, the per-block partial sums are added on the host
    T part[blocks], gpu = 0;
    cudaMemcpy(part, d_odata, blocks * sizeof(T), cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++) gpu += part[b];
    double ref = 0;
    for (int i = 0; i < size; i++) ref += h[i];
    int ok = fabs((double)gpu - ref) <= 1e-4 * ref; // SHOC's relative check
    printf("reduce<%s>: %.17g (blocks %.9g %.9g) %s\n", name, (double)gpu, (double)part[0], (double)part[1], ok ? "ok" : "WRONG");
    cudaFree(d_idata);
    cudaFree(d_odata);
    return !ok;
}

// ------------------------------------------------------------------ SpMV
#define BLOCK_SIZE 128
__global__ void spmv_csr_scalar_kernel(const float *__restrict__ val, const int *__restrict__ cols, const int *__restrict__ rowDelimiters,
                                       const int dim, cudaTextureObject_t vecTex, float *__restrict__ out)
{
    int myRow = blockIdx.x * blockDim.x + threadIdx.x;
    if (myRow < dim) {
        float t = 0.0f;
        int start = rowDelimiters[myRow];
        int end = rowDelimiters[myRow + 1];
        for (int j = start; j < end; j++) {
            int col = cols[j];
            t += val[j] * tex1Dfetch<float>(vecTex, col);
        }
        out[myRow] = t;
    }
}
__global__ void spmv_csr_vector_kernel(const float *__restrict__ val, const int *__restrict__ cols, const int *__restrict__ rowDelimiters,
                                       const int dim, cudaTextureObject_t vecTex, float *__restrict__ out)
{
    // Thread ID in block
    int t = threadIdx.x;
    // Thread ID within warp
    int id = t & (warpSize - 1);
    int warpsPerBlock = blockDim.x / warpSize;
    // One row per warp
    int myRow = (blockIdx.x * warpsPerBlock) + (t / warpSize);
    // Declared volatile so the compiler won't cache the shared data in registers
    __shared__ volatile float partialSums[BLOCK_SIZE];
    if (myRow < dim) {
        int warpStart = rowDelimiters[myRow];
        int warpEnd = rowDelimiters[myRow + 1];
        float mySum = 0;
        for (int j = warpStart + id; j < warpEnd; j += warpSize) {
            int col = cols[j];
            mySum += val[j] * tex1Dfetch<float>(vecTex, col);
        }
        partialSums[t] = mySum;
        // Reduce partial sums
        if (id < 16) partialSums[t] += partialSums[t + 16];
        if (id < 8) partialSums[t] += partialSums[t + 8];
        if (id < 4) partialSums[t] += partialSums[t + 4];
        if (id < 2) partialSums[t] += partialSums[t + 2];
        if (id < 1) partialSums[t] += partialSums[t + 1];
        // Write result
        if (id == 0) out[myRow] = partialSums[t];
    }
}
__global__ void spmv_ellpackr_kernel(const float *__restrict__ val, const int *__restrict__ cols, const int *__restrict__ rowLengths,
                                     const int dim, cudaTextureObject_t vecTex, float *__restrict__ out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t < dim) {
        float result = 0.0f;
        int max = rowLengths[t];
        for (int i = 0; i < max; i++) {
            int ind = i * dim + t;
            result += val[ind] * tex1Dfetch<float>(vecTex, cols[ind]);
        }
        out[t] = result;
    }
}
static int runSpmv()
{
    const int dim = 300;
    std::vector<int> rowDelim(dim + 1), cols, rowLen(dim);
    std::vector<float> val, vec(dim);
    unsigned s = 12345;
    for (int i = 0; i < dim; i++) vec[i] = (float)((i * 13) % 17) / 8.0f - 1.0f;
    for (int r = 0; r < dim; r++) {
        rowDelim[r] = (int)cols.size();
        int len = 1 + (r * 7) % 45; // some rows longer than a warp
        rowLen[r] = len;
        for (int k = 0; k < len; k++) {
            s = s * 1103515245u + 12345u;
            cols.push_back((r + k * 11 + (int)(s >> 28)) % dim);
            val.push_back((float)((s >> 16) % 1000) / 500.0f - 1.0f);
        }
    }
    rowDelim[dim] = (int)cols.size();
    int nnz = (int)cols.size(), maxLen = 45;
    std::vector<float> ellVal(maxLen * dim, 0.0f);
    std::vector<int> ellCols(maxLen * dim, 0);
    for (int r = 0; r < dim; r++)
        for (int k = 0; k < rowLen[r]; k++) {
            ellVal[k * dim + r] = val[rowDelim[r] + k];
            ellCols[k * dim + r] = cols[rowDelim[r] + k];
        }
    std::vector<float> ref(dim);
    for (int r = 0; r < dim; r++) {
        double t = 0;
        for (int j = rowDelim[r]; j < rowDelim[r + 1]; j++) t += (double)val[j] * vec[cols[j]];
        ref[r] = (float)t;
    }
    float *d_val, *d_vec, *d_out, *d_ellVal;
    int *d_cols, *d_rowDelim, *d_ellCols, *d_rowLen;
    cudaMalloc(&d_val, nnz * sizeof(float));
    cudaMalloc(&d_cols, nnz * sizeof(int));
    cudaMalloc(&d_rowDelim, (dim + 1) * sizeof(int));
    cudaMalloc(&d_vec, dim * sizeof(float));
    cudaMalloc(&d_out, dim * sizeof(float));
    cudaMalloc(&d_ellVal, maxLen * dim * sizeof(float));
    cudaMalloc(&d_ellCols, maxLen * dim * sizeof(int));
    cudaMalloc(&d_rowLen, dim * sizeof(int));
    cudaMemcpy(d_val, val.data(), nnz * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_cols, cols.data(), nnz * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_rowDelim, rowDelim.data(), (dim + 1) * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_vec, vec.data(), dim * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_ellVal, ellVal.data(), maxLen * dim * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_ellCols, ellCols.data(), maxLen * dim * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_rowLen, rowLen.data(), dim * sizeof(int), cudaMemcpyHostToDevice);
    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = d_vec;
    res.res.linear.desc = cudaCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = dim * sizeof(float);
    cudaTextureDesc td = {};
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t vecTex;
    cudaCreateTextureObject(&vecTex, &res, &td, nullptr);
    std::vector<float> out(dim);
    int fails = 0;
    const char *names[3] = {"csr_scalar", "csr_vector", "ellpackr"};
    for (int kind = 0; kind < 3; kind++) {
        cudaMemset(d_out, 0, dim * sizeof(float));
        if (kind == 0)
            spmv_csr_scalar_kernel<<<(dim + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_val, d_cols, d_rowDelim, dim, vecTex, d_out);
        else if (kind == 1)
            spmv_csr_vector_kernel<<<(dim + BLOCK_SIZE / 32 - 1) / (BLOCK_SIZE / 32), BLOCK_SIZE>>>(d_val, d_cols, d_rowDelim, dim, vecTex, d_out);
        else
            spmv_ellpackr_kernel<<<(dim + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_ellVal, d_ellCols, d_rowLen, dim, vecTex, d_out);
        cudaMemcpy(out.data(), d_out, dim * sizeof(float), cudaMemcpyDeviceToHost);
        int bad = 0;
        double sum = 0;
        for (int r = 0; r < dim; r++) {
            // SHOC's verification: relative error against the host result at most 1e-4 (above 1e-3)
            double diff = fabs(out[r] - ref[r]);
            if (diff > 1e-4 * fabs(ref[r]) && diff > 1e-4) bad++;
            sum += out[r];
        }
        printf("spmv %s: sum %.9g row0 %a row37 %a row299 %a bad %d\n", names[kind], sum, out[0], out[37], out[299], bad);
        fails += bad != 0;
    }
    cudaDestroyTextureObject(vecTex);
    cudaFree(d_val); cudaFree(d_cols); cudaFree(d_rowDelim); cudaFree(d_vec); cudaFree(d_out);
    cudaFree(d_ellVal); cudaFree(d_ellCols); cudaFree(d_rowLen);
    return fails;
}

// ------------------------------------------------------------------ MD (Lennard-Jones)
__global__ void compute_lj_force(float3 *__restrict__ force3, cudaTextureObject_t posTex, const int neighCount,
                                 const int *__restrict__ neighList, const float cutsq, const float lj1, const float lj2, const int inum)
{
    // Global ID - one thread per atom
    uint idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= inum) return;
    // Position of this thread's atom
    float4 ipos = tex1Dfetch<float4>(posTex, idx);
    // Force accumulator
    float3 f = {0.0f, 0.0f, 0.0f};
    int j = 0;
    while (j < neighCount) {
        int jidx = neighList[j * inum + idx];
        float4 jpos = tex1Dfetch<float4>(posTex, jidx);
        // Calculate distance
        float delx = ipos.x - jpos.x;
        float dely = ipos.y - jpos.y;
        float delz = ipos.z - jpos.z;
        float r2inv = delx * delx + dely * dely + delz * delz;
        // If distance is less than cutoff, calculate force
        if (r2inv < cutsq) {
            r2inv = 1.0f / r2inv;
            float r6inv = r2inv * r2inv * r2inv;
            float forceC = r2inv * r6inv * (lj1 * r6inv - lj2);
            f.x += delx * forceC;
            f.y += dely * forceC;
            f.z += delz * forceC;
        }
        j++;
    }
    // store the results
    force3[idx] = f;
}
static int runMD()
{
    const int nAtom = 512, maxNeighbors = 24;
    const float cutsq = 16.0f, lj1 = 1.5f, lj2 = 2.0f, domainEdge = 20.0f;
    std::vector<float4> pos(nAtom);
    unsigned s = 777;
    for (int i = 0; i < nAtom; i++) {
        s = s * 1664525u + 1013904223u; float x = (s >> 8) / 16777216.0f * domainEdge;
        s = s * 1664525u + 1013904223u; float y = (s >> 8) / 16777216.0f * domainEdge;
        s = s * 1664525u + 1013904223u; float z = (s >> 8) / 16777216.0f * domainEdge;
        pos[i] = make_float4(x, y, z, 0.0f);
    }
    // neighbour list: the maxNeighbors nearest atoms (column-major, as SHOC's buildNeighborList)
    std::vector<int> neigh(maxNeighbors * nAtom);
    for (int i = 0; i < nAtom; i++) {
        std::vector<float> bestD(maxNeighbors, 1e30f);
        std::vector<int> bestI(maxNeighbors, 0);
        for (int j = 0; j < nAtom; j++) {
            if (j == i) continue;
            float dx = pos[i].x - pos[j].x, dy = pos[i].y - pos[j].y, dz = pos[i].z - pos[j].z;
            float d = dx * dx + dy * dy + dz * dz;
            int k = maxNeighbors - 1;
            if (d >= bestD[k]) continue;
            while (k > 0 && bestD[k - 1] > d) { bestD[k] = bestD[k - 1]; bestI[k] = bestI[k - 1]; k--; }
            bestD[k] = d; bestI[k] = j;
        }
        for (int k = 0; k < maxNeighbors; k++) neigh[k * nAtom + i] = bestI[k];
    }
    float4 *d_pos; float3 *d_force; int *d_neigh;
    cudaMalloc(&d_pos, nAtom * sizeof(float4));
    cudaMalloc(&d_force, nAtom * sizeof(float3));
    cudaMalloc(&d_neigh, maxNeighbors * nAtom * sizeof(int));
    cudaMemcpy(d_pos, pos.data(), nAtom * sizeof(float4), cudaMemcpyHostToDevice);
    cudaMemcpy(d_neigh, neigh.data(), maxNeighbors * nAtom * sizeof(int), cudaMemcpyHostToDevice);
    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = d_pos;
    res.res.linear.desc = cudaCreateChannelDesc<float4>();
    res.res.linear.sizeInBytes = nAtom * sizeof(float4);
    cudaTextureDesc td = {};
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t posTex;
    cudaCreateTextureObject(&posTex, &res, &td, nullptr);
    compute_lj_force<<<(nAtom + 127) / 128, 128>>>(d_force, posTex, maxNeighbors, d_neigh, cutsq, lj1, lj2, nAtom);
    std::vector<float3> force(nAtom);
    cudaMemcpy(force.data(), d_force, nAtom * sizeof(float3), cudaMemcpyDeviceToHost);
    // SHOC's checkResults: relative difference per component within 0.01 (abs below 1e-3 ignored)
    int bad = 0;
    double sum = 0;
    for (int i = 0; i < nAtom; i++) {
        double f[3] = {0, 0, 0};
        for (int j = 0; j < maxNeighbors; j++) {
            float4 jp = pos[neigh[j * nAtom + i]];
            double dx = pos[i].x - jp.x, dy = pos[i].y - jp.y, dz = pos[i].z - jp.z;
            double r2 = dx * dx + dy * dy + dz * dz;
            if (r2 < cutsq) {
                double r2inv = 1.0 / r2, r6inv = r2inv * r2inv * r2inv;
                double fc = r2inv * r6inv * (lj1 * r6inv - lj2);
                f[0] += dx * fc; f[1] += dy * fc; f[2] += dz * fc;
            }
        }
        float g[3] = {force[i].x, force[i].y, force[i].z};
        for (int c = 0; c < 3; c++) {
            double diff = fabs(g[c] - f[c]);
            if (diff > 1e-3 && diff > 0.01 * fabs(f[c])) bad++;
            sum += fabs(g[c]);
        }
    }
    printf("md: |f| sum %.9g f[0] %a %a %a f[511].z %a bad %d\n", sum, force[0].x, force[0].y, force[0].z, force[511].z, bad);
    cudaDestroyTextureObject(posTex);
    cudaFree(d_pos); cudaFree(d_force); cudaFree(d_neigh);
    return bad != 0;
}

// ------------------------------------------------------------------ Stencil2D
#define LROWS 8
#define LCOLS 16
__global__ void StencilKernel(const float *data, float *newData, int alignment, int nStripItems, float wCenter, float wCardinal, float wDiagonal)
{
    // the tile this block computes: LROWS*nStripItems rows by LCOLS columns, with a halo of one
    extern __shared__ float sh[];
    const int sRows = LROWS * nStripItems + 2, sCols = LCOLS + 2;
    int gRowBase = blockIdx.y * LROWS * nStripItems; // interior row offset (data has a halo row 0)
    int gCol = blockIdx.x * LCOLS + threadIdx.x;     // interior column
    int gridCols = gridDim.x * LCOLS + 2;             // padded row pitch without alignment
    int pitch = ((gridCols + alignment - 1) / alignment) * alignment;
    for (int i = 0; i < nStripItems; i++) {
        int r = threadIdx.y * nStripItems + i;
        sh[(r + 1) * sCols + threadIdx.x + 1] = data[(gRowBase + r + 1) * pitch + gCol + 1];
        if (threadIdx.x == 0) sh[(r + 1) * sCols] = data[(gRowBase + r + 1) * pitch + gCol];
        if (threadIdx.x == LCOLS - 1) sh[(r + 1) * sCols + LCOLS + 1] = data[(gRowBase + r + 1) * pitch + gCol + 2];
    }
    if (threadIdx.y == 0) {
        sh[threadIdx.x + 1] = data[gRowBase * pitch + gCol + 1];
        sh[(sRows - 1) * sCols + threadIdx.x + 1] = data[(gRowBase + sRows - 1) * pitch + gCol + 1];
        if (threadIdx.x == 0) {
            sh[0] = data[gRowBase * pitch + gCol];
            sh[(sRows - 1) * sCols] = data[(gRowBase + sRows - 1) * pitch + gCol];
        }
        if (threadIdx.x == LCOLS - 1) {
            sh[LCOLS + 1] = data[gRowBase * pitch + gCol + 2];
            sh[(sRows - 1) * sCols + LCOLS + 1] = data[(gRowBase + sRows - 1) * pitch + gCol + 2];
        }
    }
    __syncthreads();
    for (int i = 0; i < nStripItems; i++) {
        int r = threadIdx.y * nStripItems + i + 1, c = threadIdx.x + 1;
        float center = sh[r * sCols + c];
        float cardinal = sh[(r - 1) * sCols + c] + sh[(r + 1) * sCols + c] + sh[r * sCols + c - 1] + sh[r * sCols + c + 1];
        float diagonal = sh[(r - 1) * sCols + c - 1] + sh[(r - 1) * sCols + c + 1] + sh[(r + 1) * sCols + c - 1] + sh[(r + 1) * sCols + c + 1];
        newData[(gRowBase + r) * pitch + gCol + 1] = wCenter * center + wCardinal * cardinal + wDiagonal * diagonal;
    }
}
static int runStencil()
{
    const int nStripItems = 4, bx = 3, by = 2, iters = 5, alignment = 16;
    const int rows = by * LROWS * nStripItems + 2, cols = bx * LCOLS + 2;
    const int pitch = ((cols + alignment - 1) / alignment) * alignment;
    const float wC = 0.25f, wCard = 0.15f, wDiag = 0.05f;
    std::vector<float> h(rows * pitch, 0.0f);
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) h[i * pitch + j] = (float)((i * 31 + j * 17) % 23) / 4.0f;
    float *d_a, *d_b;
    cudaMalloc(&d_a, rows * pitch * sizeof(float));
    cudaMalloc(&d_b, rows * pitch * sizeof(float));
    cudaMemcpy(d_a, h.data(), rows * pitch * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, h.data(), rows * pitch * sizeof(float), cudaMemcpyHostToDevice);
    dim3 block(LCOLS, LROWS), grid(bx, by);
    size_t smem = (LROWS * nStripItems + 2) * (LCOLS + 2) * sizeof(float);
    for (int it = 0; it < iters; it++) {
        StencilKernel<<<grid, block, smem>>>(d_a, d_b, alignment, nStripItems, wC, wCard, wDiag);
        std::swap(d_a, d_b);
    }
    std::vector<float> g(rows * pitch);
    cudaMemcpy(g.data(), d_a, rows * pitch * sizeof(float), cudaMemcpyDeviceToHost);
    std::vector<float> a(h), b(h);
    for (int it = 0; it < iters; it++) {
        for (int i = 1; i < rows - 1; i++)
            for (int j = 1; j < cols - 1; j++) {
                float center = a[i * pitch + j];
                float cardinal = a[(i - 1) * pitch + j] + a[(i + 1) * pitch + j] + a[i * pitch + j - 1] + a[i * pitch + j + 1];
                float diagonal = a[(i - 1) * pitch + j - 1] + a[(i - 1) * pitch + j + 1] + a[(i + 1) * pitch + j - 1] + a[(i + 1) * pitch + j + 1];
                b[i * pitch + j] = wC * center + wCard * cardinal + wDiag * diagonal;
            }
        std::swap(a, b);
    }
    int bad = 0;
    double sum = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            // SHOC's validation: relative error below 1e-5 (float)
            float d = fabsf(g[i * pitch + j] - a[i * pitch + j]);
            if (d > 1e-5f * fabsf(a[i * pitch + j]) && d > 1e-6f) bad++;
            sum += g[i * pitch + j];
        }
    printf("stencil2d: sum %.9g [5][7] %a [40][33] %a bad %d\n", sum, g[5 * pitch + 7], g[40 * pitch + 33], bad);
    cudaFree(d_a);
    cudaFree(d_b);
    return bad != 0;
}

int main()
{
    int fails = runReduce<float>("float") + runReduce<double>("double") + runSpmv() + runMD() + runStencil();
    printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails ? 1 : 0;
}
