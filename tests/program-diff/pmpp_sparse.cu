// flags: -O3
// PMPP ch.14: SpMV over COO (atomicAdd), CSR, ELL (column-major), JDS, and a hybrid ELL-COO;
// a random-ish sparse matrix with empty rows and one long row. Small integer values: exact.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <numeric>
#include <cuda_runtime.h>

#define CUDA_CHECK(x) do { cudaError_t err = (x); if (err != cudaSuccess) { \
    fprintf(stderr, "CUDA error \"%s\" at %s:%d\n", cudaGetErrorString(err), __FILE__, __LINE__); exit(EXIT_FAILURE); } } while (0)

struct COOMatrix { unsigned *rowIdx, *colIdx; float *value; unsigned numNonzeros; };
struct CSRMatrix { unsigned *rowPtrs, *colIdx; float *value; unsigned numRows; };
struct ELLMatrix { unsigned *nnzPerRow, *colIdx; float *value; unsigned numRows, maxNnz; };
struct JDSMatrix { unsigned *rowPerm, *iterPtr, *colIdx; float *value; unsigned numRows, numIters; };

__global__ void spmv_coo_kernel(COOMatrix coo, const float *x, float *y) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < coo.numNonzeros) atomicAdd(&y[coo.rowIdx[i]], x[coo.colIdx[i]] * coo.value[i]);
}
__global__ void spmv_csr_kernel(CSRMatrix csr, const float *x, float *y) {
    unsigned row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < csr.numRows) {
        float sum = 0.0f;
        for (unsigned i = csr.rowPtrs[row]; i < csr.rowPtrs[row + 1]; ++i) sum += x[csr.colIdx[i]] * csr.value[i];
        y[row] += sum;
    }
}
__global__ void spmv_ell_kernel(ELLMatrix ell, const float *x, float *y) {
    unsigned row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < ell.numRows) {
        float sum = 0.0f;
        for (unsigned t = 0; t < ell.nnzPerRow[row]; ++t) {
            unsigned i = t * ell.numRows + row;
            sum += x[ell.colIdx[i]] * ell.value[i];
        }
        y[row] = sum;
    }
}
__global__ void spmv_jds_kernel(JDSMatrix jds, const float *x, float *y) {
    unsigned r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < jds.numRows) {
        float sum = 0.0f;
        for (unsigned it = 0; it < jds.numIters; ++it) {
            unsigned i = jds.iterPtr[it] + r;
            if (i < jds.iterPtr[it + 1]) sum += x[jds.colIdx[i]] * jds.value[i];
        }
        y[jds.rowPerm[r]] = sum;
    }
}

template <class T> T *up(const std::vector<T> &v) {
    T *d;
    CUDA_CHECK(cudaMalloc(&d, std::max<size_t>(1, v.size()) * sizeof(T)));
    if (!v.empty()) CUDA_CHECK(cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

int main() {
    const unsigned R = 777, C = 500;
    std::vector<unsigned> ri, ci;
    std::vector<float> va;
    unsigned s = 12345;
    auto rnd = [&] { s = s * 1103515245u + 12345u; return (s >> 16) & 0x7fff; };
    for (unsigned r = 0; r < R; ++r) {
        unsigned n = (r % 13 == 0) ? 0 : (r == 400 ? 300 : rnd() % 9);
        std::vector<unsigned> cols;
        for (unsigned k = 0; k < n; ++k) cols.push_back(rnd() % C);
        std::sort(cols.begin(), cols.end());
        cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
        for (unsigned c : cols) { ri.push_back(r); ci.push_back(c); va.push_back((float)((int)(rnd() % 7) - 3)); }
    }
    unsigned nnz = ri.size();
    std::vector<float> x(C);
    for (unsigned i = 0; i < C; ++i) x[i] = (float)((int)(i % 5) - 2);
    std::vector<float> ref(R, 0.0f);
    for (unsigned k = 0; k < nnz; ++k) ref[ri[k]] += va[k] * x[ci[k]];
    float *dx = up(x), *dy;
    CUDA_CHECK(cudaMalloc(&dy, R * 4));
    std::vector<float> y(R);
    auto check = [&](const char *name) {
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaMemcpy(y.data(), dy, R * 4, cudaMemcpyDeviceToHost));
        int bad = 0; double sum = 0;
        for (unsigned r = 0; r < R; ++r) { bad += y[r] != ref[r]; sum += y[r]; }
        printf("%-8s nnz %u mismatches %d sum %.1f y[400] %.1f\n", name, nnz, bad, sum, y[400]);
    };
    // COO
    COOMatrix coo{up(ri), up(ci), up(va), nnz};
    CUDA_CHECK(cudaMemset(dy, 0, R * 4));
    spmv_coo_kernel<<<(nnz + 255) / 256, 256>>>(coo, dx, dy);
    check("COO");
    // CSR
    std::vector<unsigned> rp(R + 1, 0);
    for (unsigned k = 0; k < nnz; ++k) rp[ri[k] + 1]++;
    std::partial_sum(rp.begin(), rp.end(), rp.begin());
    CSRMatrix csr{up(rp), up(ci), up(va), R};
    CUDA_CHECK(cudaMemset(dy, 0, R * 4));
    spmv_csr_kernel<<<(R + 127) / 128, 128>>>(csr, dx, dy);
    check("CSR");
    // ELL
    unsigned maxNnz = 0;
    for (unsigned r = 0; r < R; ++r) maxNnz = std::max(maxNnz, rp[r + 1] - rp[r]);
    std::vector<unsigned> ellCol(R * maxNnz, 0), nnzRow(R);
    std::vector<float> ellVal(R * maxNnz, 0.0f);
    for (unsigned r = 0; r < R; ++r) {
        nnzRow[r] = rp[r + 1] - rp[r];
        for (unsigned t = 0; t < nnzRow[r]; ++t) { ellCol[t * R + r] = ci[rp[r] + t]; ellVal[t * R + r] = va[rp[r] + t]; }
    }
    ELLMatrix ell{up(nnzRow), up(ellCol), up(ellVal), R, maxNnz};
    CUDA_CHECK(cudaMemset(dy, 0xff, R * 4));
    spmv_ell_kernel<<<(R + 63) / 64, 64>>>(ell, dx, dy);
    check("ELL");
    // JDS
    std::vector<unsigned> perm(R);
    std::iota(perm.begin(), perm.end(), 0);
    std::stable_sort(perm.begin(), perm.end(), [&](unsigned a, unsigned b) { return nnzRow[a] > nnzRow[b]; });
    std::vector<unsigned> iterPtr, jCol;
    std::vector<float> jVal;
    for (unsigned it = 0; it < maxNnz; ++it) {
        iterPtr.push_back(jCol.size());
        for (unsigned r = 0; r < R; ++r) {
            unsigned row = perm[r];
            if (nnzRow[row] > it) { jCol.push_back(ci[rp[row] + it]); jVal.push_back(va[rp[row] + it]); }
        }
    }
    iterPtr.push_back(jCol.size());
    JDSMatrix jds{up(perm), up(iterPtr), up(jCol), up(jVal), R, maxNnz};
    CUDA_CHECK(cudaMemset(dy, 0xff, R * 4));
    spmv_jds_kernel<<<(R + 255) / 256, 256>>>(jds, dx, dy);
    check("JDS");
    // hybrid ELL (up to 4 per row) + COO for the rest
    const unsigned K = 4;
    std::vector<unsigned> hCol(R * K, 0), hN(R), cR, cC;
    std::vector<float> hVal(R * K, 0.0f), cV;
    for (unsigned r = 0; r < R; ++r) {
        hN[r] = std::min(K, nnzRow[r]);
        for (unsigned t = 0; t < nnzRow[r]; ++t) {
            if (t < K) { hCol[t * R + r] = ci[rp[r] + t]; hVal[t * R + r] = va[rp[r] + t]; }
            else { cR.push_back(r); cC.push_back(ci[rp[r] + t]); cV.push_back(va[rp[r] + t]); }
        }
    }
    ELLMatrix hell{up(hN), up(hCol), up(hVal), R, K};
    COOMatrix hcoo{up(cR), up(cC), up(cV), (unsigned)cR.size()};
    spmv_ell_kernel<<<(R + 63) / 64, 64>>>(hell, dx, dy);
    spmv_coo_kernel<<<(hcoo.numNonzeros + 127) / 128, 128>>>(hcoo, dx, dy);
    check("ELL+COO");
    printf("max nnz per row %u, JDS iterations %u, COO overflow %zu\n", maxNnz, (unsigned)iterPtr.size() - 1, cR.size());
    return 0;
}
