// flags: -O2 -arch=sm_80 -lineinfo
// OLCF/NERSC CUDA training series style exercises: vector add with an error macro, matrix
// multiply (naive), 1D stencil with shared memory and halo (RADIUS 3), managed-memory array
// increment, a double atomicAdd through atomicCAS (the pre-Pascal idiom, renamed), matrix
// row/column sums, and the "unified memory" exercise with cudaMemPrefetchAsync.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define cudaCheckErrors(msg) \
    do { \
        cudaError_t __err = cudaGetLastError(); \
        if (__err != cudaSuccess) { \
            fprintf(stdout, "Fatal error: %s (%s at %s:%d)\n", msg, cudaGetErrorString(__err), __FILE__, __LINE__); \
            fprintf(stdout, "*** FAILED - ABORTING\n"); \
            exit(1); \
        } \
    } while (0)

const int DSIZE = 4096, block_size = 256, RADIUS = 3, BLOCK_SIZE = 32, N = 4096 + 2 * RADIUS;

__global__ void vadd(const float *A, const float *B, float *C, int ds) {
    int idx = threadIdx.x + blockDim.x * blockIdx.x;
    if (idx < ds) C[idx] = A[idx] + B[idx];
}
__global__ void mmul(const float *A, const float *B, float *C, int ds) {
    int idx = threadIdx.x + blockDim.x * blockIdx.x;
    int idy = threadIdx.y + blockDim.y * blockIdx.y;
    if ((idx < ds) && (idy < ds)) {
        float temp = 0;
        for (int i = 0; i < ds; i++) temp += A[idy * ds + i] * B[i * ds + idx];
        C[idy * ds + idx] = temp;
    }
}
__global__ void stencil_1d(int *in, int *out) {
    __shared__ int temp[BLOCK_SIZE + 2 * RADIUS];
    int gindex = threadIdx.x + blockIdx.x * blockDim.x;
    int lindex = threadIdx.x + RADIUS;
    temp[lindex] = in[gindex];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex - RADIUS];
        temp[lindex + BLOCK_SIZE] = in[gindex + BLOCK_SIZE];
    }
    __syncthreads();
    int result = 0;
    for (int offset = -RADIUS; offset <= RADIUS; offset++) result += temp[lindex + offset];
    out[gindex] = result;
}
__device__ double atomicAddDouble(double *address, double val) {
    unsigned long long int *address_as_ull = (unsigned long long int *)address;
    unsigned long long int old = *address_as_ull, assumed;
    do {
        assumed = old;
        old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}
__global__ void dsum(const double *x, double *s, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAddDouble(s, x[i]);
}
__global__ void row_sums(const float *A, float *sums, size_t ds) {
    int idx = threadIdx.x + blockDim.x * blockIdx.x;
    if (idx < ds) {
        float sum = 0.0f;
        for (size_t i = 0; i < ds; i++) sum += A[idx * ds + i];
        sums[idx] = sum;
    }
}
__global__ void row_sums_block(const float *A, float *sums, size_t ds) {
    __shared__ float sdata[block_size];
    size_t tid = threadIdx.x;
    sdata[tid] = 0.0f;
    size_t tidx = tid;
    while (tidx < ds) {
        sdata[tid] += A[blockIdx.x * ds + tidx];
        tidx += blockDim.x;
    }
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        __syncthreads();
        if (tid < s) sdata[tid] += sdata[tid + s];
    }
    if (tid == 0) sums[blockIdx.x] = sdata[0];
}
__global__ void column_sums(const float *A, float *sums, size_t ds) {
    int idx = threadIdx.x + blockDim.x * blockIdx.x;
    if (idx < ds) {
        float sum = 0.0f;
        for (size_t i = 0; i < ds; i++) sum += A[idx + ds * i];
        sums[idx] = sum;
    }
}
__global__ void inc(int *array, size_t n) {
    size_t idx = threadIdx.x + blockDim.x * blockIdx.x;
    while (idx < n) {
        array[idx]++;
        idx += blockDim.x * gridDim.x;
    }
}

int main() {
    float *h_A = new float[DSIZE], *h_B = new float[DSIZE], *h_C = new float[DSIZE], *d_A, *d_B, *d_C;
    for (int i = 0; i < DSIZE; i++) { h_A[i] = (float)(i % 100); h_B[i] = (float)(i % 7); h_C[i] = 0; }
    cudaMalloc(&d_A, DSIZE * sizeof(float));
    cudaMalloc(&d_B, DSIZE * sizeof(float));
    cudaMalloc(&d_C, DSIZE * sizeof(float));
    cudaCheckErrors("cudaMalloc failure");
    cudaMemcpy(d_A, h_A, DSIZE * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_B, h_B, DSIZE * sizeof(float), cudaMemcpyHostToDevice);
    cudaCheckErrors("cudaMemcpy H2D failure");
    vadd<<<(DSIZE + block_size - 1) / block_size, block_size>>>(d_A, d_B, d_C, DSIZE);
    cudaCheckErrors("kernel launch failure");
    cudaMemcpy(h_C, d_C, DSIZE * sizeof(float), cudaMemcpyDeviceToHost);
    cudaCheckErrors("kernel execution failure or cudaMemcpy H2D failure");
    printf("A[0] = %f\nB[0] = %f\nC[0] = %f\nC[4095] = %f\n", h_A[0], h_B[0], h_C[0], h_C[4095]);

    const int MS = 300;
    float *mA = new float[MS * MS], *mB = new float[MS * MS], *mC = new float[MS * MS], *dmA, *dmB, *dmC;
    for (int i = 0; i < MS * MS; i++) { mA[i] = 1.0f; mB[i] = 2.0f; mC[i] = 0; }
    cudaMalloc(&dmA, MS * MS * 4); cudaMalloc(&dmB, MS * MS * 4); cudaMalloc(&dmC, MS * MS * 4);
    cudaMemcpy(dmA, mA, MS * MS * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dmB, mB, MS * MS * 4, cudaMemcpyHostToDevice);
    dim3 block(16, 16), grid((MS + block.x - 1) / block.x, (MS + block.y - 1) / block.y);
    mmul<<<grid, block>>>(dmA, dmB, dmC, MS);
    cudaCheckErrors("kernel launch failure");
    cudaMemcpy(mC, dmC, MS * MS * 4, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < MS * MS; i++) bad += mC[i] != MS * 2.0f;
    printf("mmul: %s (%d mismatches)\n", bad ? "FAILED" : "Success!", bad);

    int *in = (int *)malloc(N * 4), *out = (int *)malloc(N * 4), *d_in, *d_out;
    for (int i = 0; i < N; ++i) in[i] = (i < RADIUS || i >= N - RADIUS) ? 0 : 1;
    cudaMalloc(&d_in, N * 4); cudaMalloc(&d_out, N * 4);
    cudaMemcpy(d_in, in, N * 4, cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0, N * 4);
    stencil_1d<<<(N - 2 * RADIUS) / BLOCK_SIZE, BLOCK_SIZE>>>(d_in + RADIUS, d_out + RADIUS);
    cudaCheckErrors("stencil");
    cudaMemcpy(out, d_out, N * 4, cudaMemcpyDeviceToHost);
    int errs = 0;
    for (int i = 0; i < N; i++) {
        int want = (i < RADIUS || i >= N - RADIUS) ? 0 : (i == RADIUS || i == N - RADIUS - 1) ? 1 + RADIUS
                 : (i < 2 * RADIUS) ? 1 + RADIUS + (i - RADIUS) : (i >= N - 2 * RADIUS) ? 1 + RADIUS + (N - RADIUS - 1 - i) : 1 + 2 * RADIUS;
        errs += out[i] != want;
    }
    printf("stencil_1d: %d errors, out[3] %d out[4] %d out[10] %d\n", errs, out[3], out[4], out[10]);

    const int nd = 100000;
    double *hx = new double[nd], *dx, *ds, hs = 0, gs;
    for (int i = 0; i < nd; ++i) hx[i] = 0.125 * (i % 17);
    for (int i = 0; i < nd; ++i) hs += hx[i];
    cudaMalloc(&dx, nd * 8); cudaMalloc(&ds, 8);
    cudaMemcpy(dx, hx, nd * 8, cudaMemcpyHostToDevice);
    cudaMemset(ds, 0, 8);
    dsum<<<64, 256>>>(dx, ds, nd);
    cudaMemcpy(&gs, ds, 8, cudaMemcpyDeviceToHost);
    printf("CAS double sum %.3f want %.3f\n", gs, hs);

    const size_t MD = 1024;
    float *M = new float[MD * MD], *sums = new float[MD], *dM, *dsums;
    for (size_t i = 0; i < MD * MD; i++) M[i] = 1.0f;
    cudaMalloc(&dM, MD * MD * 4); cudaMalloc(&dsums, MD * 4);
    cudaMemcpy(dM, M, MD * MD * 4, cudaMemcpyHostToDevice);
    for (int v = 0; v < 3; ++v) {
        cudaMemset(dsums, 0, MD * 4);
        if (v == 0) row_sums<<<(MD + block_size - 1) / block_size, block_size>>>(dM, dsums, MD);
        if (v == 1) row_sums_block<<<MD, block_size>>>(dM, dsums, MD);
        if (v == 2) column_sums<<<(MD + block_size - 1) / block_size, block_size>>>(dM, dsums, MD);
        cudaCheckErrors("sums");
        cudaMemcpy(sums, dsums, MD * 4, cudaMemcpyDeviceToHost);
        int e = 0;
        for (size_t i = 0; i < MD; i++) e += sums[i] != (float)MD;
        printf("%s sums correct: %d\n", v == 0 ? "row" : v == 1 ? "row(block)" : "column", e == 0);
    }
    const size_t ds_ = 32ULL * 1024ULL * 1024ULL;
    int *h_a;
    cudaMallocManaged(&h_a, ds_ * sizeof(h_a[0]));
    memset(h_a, 0, ds_ * sizeof(h_a[0]));
    cudaMemLocation loc{cudaMemLocationTypeDevice, 0};
    cudaMemPrefetchAsync(h_a, ds_ * sizeof(h_a[0]), loc, 0, 0);
    inc<<<256, 256>>>(h_a, ds_);
    cudaMemLocation hl{cudaMemLocationTypeHost, 0};
    cudaMemPrefetchAsync(h_a, ds_ * sizeof(h_a[0]), hl, 0, 0);
    cudaDeviceSynchronize();
    cudaCheckErrors("kernel execution failure");
    size_t wrong = 0;
    for (size_t i = 0; i < ds_; i++) wrong += h_a[i] != 1;
    printf("managed inc: %zu wrong\n", wrong);
    cudaFree(h_a);
    return 0;
}
