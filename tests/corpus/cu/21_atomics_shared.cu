// min-arch: sm_75
// Atomics on shared memory: shared histogram privatization (atom.shared.add), shared atomicCAS,
// atomicMin/Max/And/Or in shared, float atomicAdd in shared, merging into global.

#define NBINS 64

extern "C" __global__ void shared_histogram(const unsigned *data, unsigned *bins, int n) {
    __shared__ unsigned local[NBINS];
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % NBINS], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x)
        if (local[b]) atomicAdd(&bins[b], local[b]);
}

extern "C" __global__ void shared_atomic_mix(const int *in, int *out, float *fout, int n) {
    __shared__ int smin, smax, sand, sor, scas;
    __shared__ float fsum;
    __shared__ unsigned long long ucount;
    if (threadIdx.x == 0) {
        smin = 0x7fffffff; smax = -0x7fffffff - 1; sand = -1; sor = 0; scas = 0; fsum = 0.f; ucount = 0;
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    atomicMin(&smin, v);
    atomicMax(&smax, v);
    atomicAnd(&sand, v);
    atomicOr(&sor, v);
    atomicAdd(&fsum, (float)v);
    atomicAdd(&ucount, 1ull);
    int prev = atomicCAS(&scas, 0, v);
    unsigned old = atomicExch((unsigned *)&scas, (unsigned)prev);
    __syncthreads();
    if (threadIdx.x == 0) {
        out[blockIdx.x * 6 + 0] = smin;
        out[blockIdx.x * 6 + 1] = smax;
        out[blockIdx.x * 6 + 2] = sand;
        out[blockIdx.x * 6 + 3] = sor;
        out[blockIdx.x * 6 + 4] = scas + (int)old;
        out[blockIdx.x * 6 + 5] = (int)ucount;
        fout[blockIdx.x] = fsum;
    }
}

// Generic-pointer atomics (address space unknown at compile time)
__device__ __noinline__ int bump(int *p, int v) { return atomicAdd(p, v); }
extern "C" __global__ void generic_atomics(int *g, int *out) {
    __shared__ int s;
    if (threadIdx.x == 0) s = 0;
    __syncthreads();
    int a = bump(&s, 1);
    int b = bump(g, 1);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = a + b + s;
}
