// flags: -O2 -arch=sm_75
// PMPP ch.9: text histogram by letter groups; naive global atomics, privatized copies in global
// memory, shared-memory privatization, contiguous and interleaved coarsening, aggregation.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define NUM_BINS 7
#define CFACTOR 8
#define check(e) do { cudaError_t r = (e); if (r) { printf("error %d %s line %d\n", r, cudaGetErrorString(r), __LINE__); return 1; } } while (0)

__global__ void histo_kernel(const char *data, unsigned length, unsigned *histo) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < length) {
        int alphabet_position = data[i] - 'a';
        if (alphabet_position >= 0 && alphabet_position < 26) atomicAdd(&(histo[alphabet_position / 4]), 1);
    }
}
__global__ void histo_private_kernel(const char *data, unsigned length, unsigned *histo) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < length) {
        int pos = data[i] - 'a';
        if (pos >= 0 && pos < 26) atomicAdd(&(histo[blockIdx.x * NUM_BINS + pos / 4]), 1);
    }
    if (blockIdx.x > 0) {
        __syncthreads();
        for (unsigned bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) {
            unsigned binValue = histo[blockIdx.x * NUM_BINS + bin];
            if (binValue > 0) atomicAdd(&(histo[bin]), binValue);
        }
    }
}
__global__ void histo_shared_kernel(const char *data, unsigned length, unsigned *histo) {
    __shared__ unsigned int histo_s[NUM_BINS];
    for (unsigned bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) histo_s[bin] = 0u;
    __syncthreads();
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < length) {
        int pos = data[i] - 'a';
        if (pos >= 0 && pos < 26) atomicAdd(&(histo_s[pos / 4]), 1);
    }
    __syncthreads();
    for (unsigned bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) {
        unsigned v = histo_s[bin];
        if (v > 0) atomicAdd(&(histo[bin]), v);
    }
}
__global__ void histo_contiguous(const char *data, unsigned length, unsigned *histo) {
    __shared__ unsigned histo_s[NUM_BINS];
    for (unsigned bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) histo_s[bin] = 0u;
    __syncthreads();
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned i = tid * CFACTOR; i < min((tid + 1) * CFACTOR, length); ++i) {
        int pos = data[i] - 'a';
        if (pos >= 0 && pos < 26) atomicAdd(&(histo_s[pos / 4]), 1);
    }
    __syncthreads();
    for (unsigned bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) if (histo_s[bin]) atomicAdd(&histo[bin], histo_s[bin]);
}
__global__ void histo_interleaved(const char *data, unsigned length, unsigned *histo) {
    __shared__ unsigned histo_s[NUM_BINS];
    for (unsigned bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) histo_s[bin] = 0u;
    __syncthreads();
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned i = tid; i < length; i += blockDim.x * gridDim.x) {
        int pos = data[i] - 'a';
        if (pos >= 0 && pos < 26) atomicAdd(&(histo_s[pos / 4]), 1);
    }
    __syncthreads();
    for (unsigned bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) if (histo_s[bin]) atomicAdd(&histo[bin], histo_s[bin]);
}
__global__ void histo_aggregated(const char *data, unsigned length, unsigned *histo) {
    __shared__ unsigned histo_s[NUM_BINS];
    for (unsigned bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) histo_s[bin] = 0u;
    __syncthreads();
    unsigned accumulator = 0;
    int prevBinIdx = -1;
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    for (unsigned i = tid; i < length; i += blockDim.x * gridDim.x) {
        int pos = data[i] - 'a';
        if (pos >= 0 && pos < 26) {
            int bin = pos / 4;
            if (bin == prevBinIdx) ++accumulator;
            else {
                if (accumulator > 0) atomicAdd(&(histo_s[prevBinIdx]), accumulator);
                accumulator = 1;
                prevBinIdx = bin;
            }
        }
    }
    if (accumulator > 0) atomicAdd(&(histo_s[prevBinIdx]), accumulator);
    __syncthreads();
    for (unsigned bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) if (histo_s[bin]) atomicAdd(&histo[bin], histo_s[bin]);
}

int main() {
    const char *seed = "programming massively parallel processors a hands on approach, fourth edition; zzz yyy xxx!! ";
    const unsigned L = 1 << 18;
    char *h = new char[L];
    size_t sl = strlen(seed);
    for (unsigned i = 0; i < L; ++i) h[i] = (i % 1000 < 3) ? 'e' : seed[(i * 7) % sl];
    unsigned ref[NUM_BINS] = {0};
    for (unsigned i = 0; i < L; ++i) { int p = h[i] - 'a'; if (p >= 0 && p < 26) ref[p / 4]++; }
    char *d; unsigned *dh;
    check(cudaMalloc(&d, L));
    const unsigned blocks = (L + 255) / 256;
    check(cudaMalloc(&dh, blocks * NUM_BINS * 4));
    check(cudaMemcpy(d, h, L, cudaMemcpyHostToDevice));
    unsigned out[NUM_BINS];
    const char *names[] = {"global", "private", "shared", "contiguous", "interleaved", "aggregated"};
    for (int v = 0; v < 6; ++v) {
        check(cudaMemset(dh, 0, blocks * NUM_BINS * 4));
        switch (v) {
        case 0: histo_kernel<<<blocks, 256>>>(d, L, dh); break;
        case 1: histo_private_kernel<<<blocks, 256>>>(d, L, dh); break;
        case 2: histo_shared_kernel<<<blocks, 256>>>(d, L, dh); break;
        case 3: histo_contiguous<<<(L / CFACTOR + 255) / 256, 256>>>(d, L, dh); break;
        case 4: histo_interleaved<<<40, 256>>>(d, L, dh); break;
        case 5: histo_aggregated<<<40, 256>>>(d, L, dh); break;
        }
        check(cudaGetLastError());
        check(cudaMemcpy(out, dh, sizeof(out), cudaMemcpyDeviceToHost));
        printf("%-12s %s:", names[v], memcmp(out, ref, sizeof(ref)) == 0 ? "ok " : "BAD");
        for (int b = 0; b < NUM_BINS; ++b) printf(" %u", out[b]);
        printf("\n");
    }
    delete[] h;
    cudaFree(d); cudaFree(dh);
    return 0;
}
