/* Cuprite's cuRAND MTGP32 host functions (header-only, as NVIDIA's): copy parameter sets into
 * a device mtgp32_kernel_params and seed block states, as cuRAND documents them. */
#pragma once
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_mtgp32.h>
#include <stdlib.h>

/* MTGP's seeding of one block's 351 live words: a fill byte and a hidden seed from the
 * parameter set, then Knuth's multiplier (1812433253) chain, as MT19937's init_genrand. */
static inline void __cuprite_mtgp32_init_state(unsigned int s[], const mtgp32_params_fast_t *params,
                                               unsigned int seed) {
    unsigned int hidden = params->tbl[4] ^ (params->tbl[8] << 16);
    unsigned int fill = hidden;
    fill += fill >> 16;
    fill += fill >> 8;
    fill &= 0xff;
    fill *= 0x01010101u;
    for (int i = 0; i < MTGPDC_N; i++) s[i] = fill;
    for (int i = MTGPDC_N; i < MTGP32_STATE_SIZE; i++) s[i] = 0;
    s[0] = seed;
    s[1] = hidden;
    for (int i = 1; i < MTGPDC_N; i++) s[i] ^= 1812433253u * (s[i - 1] ^ (s[i - 1] >> 30)) + (unsigned int)i;
}

/** Copies the first 200 parameter sets of `params` into the kernel tables `p` (device memory). */
static inline curandStatus_t curandMakeMTGP32Constants(const mtgp32_params_fast_t params[],
                                                       mtgp32_kernel_params_t *p) {
    mtgp32_kernel_params_t *host = (mtgp32_kernel_params_t *)calloc(1, sizeof *host);
    if (host == NULL) return CURAND_STATUS_ALLOCATION_FAILED;
    for (int i = 0; i < CURAND_NUM_MTGP32_PARAMS; i++) {
        host->pos_tbl[i] = (unsigned int)params[i].pos;
        host->sh1_tbl[i] = (unsigned int)params[i].sh1;
        host->sh2_tbl[i] = (unsigned int)params[i].sh2;
        for (int j = 0; j < TBL_SIZE; j++) {
            host->param_tbl[i][j] = params[i].tbl[j];
            host->temper_tbl[i][j] = params[i].tmp_tbl[j];
            host->single_temper_tbl[i][j] = params[i].flt_tmp_tbl[j];
        }
    }
    host->mask[0] = params[0].mask;
    cudaError_t copied = cudaMemcpy(p, host, sizeof *host, cudaMemcpyHostToDevice);
    free(host);
    return copied == cudaSuccess ? CURAND_STATUS_SUCCESS : CURAND_STATUS_INITIALIZATION_FAILED;
}

/** Seeds the states of `n` blocks (device memory `s`): block i runs parameter set i of `k` and
 * is seeded with (the seed's halves XORed) + i + 1. At most 200 blocks (one per parameter set;
 * more is CURAND_STATUS_OUT_OF_RANGE). */
static inline curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t *s, mtgp32_params_fast_t params[],
                                                         mtgp32_kernel_params_t *k, int n,
                                                         unsigned long long seed) {
    if (n < 0 || n > CURAND_NUM_MTGP32_PARAMS) return CURAND_STATUS_OUT_OF_RANGE;
    if (n == 0) return CURAND_STATUS_SUCCESS;
    curandStateMtgp32_t *host = (curandStateMtgp32_t *)calloc((size_t)n, sizeof *host);
    if (host == NULL) return CURAND_STATUS_ALLOCATION_FAILED;
    unsigned int folded = (unsigned int)(seed ^ (seed >> 32));
    for (int i = 0; i < n; i++) {
        __cuprite_mtgp32_init_state(host[i].s, &params[i], folded + (unsigned int)i + 1u);
        host[i].offset = 0;
        host[i].pIdx = i;
        host[i].k = k;
    }
    cudaError_t copied = cudaMemcpy(s, host, sizeof *host * (size_t)n, cudaMemcpyHostToDevice);
    free(host);
    return copied == cudaSuccess ? CURAND_STATUS_SUCCESS : CURAND_STATUS_INITIALIZATION_FAILED;
}
