// min-arch: sm_75
// Integer atomics on global memory: atomicAdd (int/unsigned/ull), atomicSub, atomicExch (int/ull/float),
// atomicMin/atomicMax (signed/unsigned/64-bit signed+unsigned), atomicInc/atomicDec, atomicAnd/Or/Xor (32/64),
// return values used and unused (red vs atom).

extern "C" __global__ void atomics_used(int *si, unsigned *ui, unsigned long long *ul, long long *sl, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int r = 0;
    r += atomicAdd(&si[0], 1);
    r += atomicSub(&si[1], 2);
    r += atomicExch(&si[2], i);
    r += atomicMin(&si[3], i - 100);
    r += atomicMax(&si[4], i);
    r += atomicAnd(&si[5], ~(1 << (i & 31)));
    r += atomicOr(&si[6], 1 << (i & 31));
    r += atomicXor(&si[7], i);
    r += (int)atomicAdd(&ui[0], 3u);
    r += (int)atomicMin(&ui[1], (unsigned)i);
    r += (int)atomicMax(&ui[2], (unsigned)i);
    r += (int)atomicInc(&ui[3], 15u);
    r += (int)atomicDec(&ui[4], 15u);
    r += (int)atomicExch(&ui[5], (unsigned)i);
    r += (int)atomicAdd(&ul[0], 1ull);
    r += (int)atomicExch(&ul[1], (unsigned long long)i);
    r += (int)atomicMin(&ul[2], (unsigned long long)i);
    r += (int)atomicMax(&ul[3], (unsigned long long)i);
    r += (int)atomicAnd(&ul[4], ~(1ull << (i & 63)));
    r += (int)atomicOr(&ul[5], 1ull << (i & 63));
    r += (int)atomicXor(&ul[6], (unsigned long long)i * 0x9e3779b97f4a7c15ull);
    r += (int)atomicMin(&sl[0], (long long)i - 50);
    r += (int)atomicMax(&sl[1], (long long)i);
    out[i] = r;
}

// Results unused: compiles to red.global.*
extern "C" __global__ void atomics_unused(int *si, unsigned *ui, unsigned long long *ul, long long *sl, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicAdd(&si[0], 1);
    atomicSub(&si[1], 1);
    atomicMin(&si[2], i);
    atomicMax(&si[3], i);
    atomicAnd(&si[4], i);
    atomicOr(&si[5], i);
    atomicXor(&si[6], i);
    atomicInc(&ui[0], 100u);
    atomicDec(&ui[1], 100u);
    atomicAdd(&ul[0], (unsigned long long)i);
    atomicMax(&sl[0], (long long)i);
    atomicMin(&sl[1], (long long)-i);
}

// Histogram with global atomics
extern "C" __global__ void histogram256(const unsigned char *data, unsigned *bins, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

// Stream compaction with an atomic counter
extern "C" __global__ void compact_positive(const int *in, int *out, unsigned *count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0) {
        unsigned pos = atomicAdd(count, 1u);
        out[pos] = in[i];
    }
}
