// min-arch: sm_75
// Scoped atomics: atomicAdd_block/_system, atomicCAS_block/_system, atomicExch_system, atomicMax_block,
// atomicAnd_system, atomicInc_block, float/double _block/_system adds (atom.cta / atom.sys).

extern "C" __global__ void scoped_atomics(int *si, unsigned *ui, unsigned long long *ul, float *f, double *d,
                                          int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int r = 0;
    r += atomicAdd_block(&si[0], 1);
    r += atomicAdd_system(&si[1], 1);
    r += atomicSub_block(&si[2], 1);
    r += atomicExch_system(&si[3], i);
    r += atomicMax_block(&si[4], i);
    r += atomicMin_system(&si[5], i);
    r += atomicAnd_system(&si[6], i);
    r += atomicOr_block(&si[7], i);
    r += atomicXor_system(&si[8], i);
    r += atomicCAS_block(&si[9], 0, i);
    r += atomicCAS_system(&si[10], 0, i);
    r += (int)atomicInc_block(&ui[0], 31u);
    r += (int)atomicDec_system(&ui[1], 31u);
    r += (int)atomicAdd_system(&ul[0], 1ull);
    r += (int)atomicCAS_system(&ul[1], 0ull, 1ull);
    r += (int)atomicMax_system(&ul[2], (unsigned long long)i);
    r += (int)atomicAdd_block(&f[0], 1.0f);
    r += (int)atomicAdd_system(&f[1], 1.0f);
    r += (int)atomicExch_block(&f[2], (float)i);
    r += (int)atomicAdd_block(&d[0], 1.0);
    r += (int)atomicAdd_system(&d[1], 1.0);
    out[i] = r;
}

// Host-visible progress counter (system scope) plus system fence
extern "C" __global__ void progress_counter(const float *in, float *outv, unsigned *progress, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) outv[i] = in[i] * 2.0f;
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence_system();
        atomicAdd_system(progress, 1u);
    }
}
