/* Cuprite's cuRAND MTGP32 types (Saito and Matsumoto's Mersenne Twister for Graphic Processors,
 * period 2^11213 - 1): a parameter set as MTGP publishes it, the per-block parameter tables a
 * kernel reads, and a block's state, a ring of 1024 words of which 351 are live. The device
 * functions are curand_kernel.h's, the host functions that fill these curand_mtgp32_host.h's,
 * the parameter sets curand_mtgp32dc_p_11213.h's. */
#pragma once

#define MTGPDC_MEXP 11213
#define MTGPDC_N 351
#define MTGPDC_FLOOR_2P 256
#define MTGPDC_CEIL_2P 512
#define MTGPDC_PARAM_TABLE mtgp32dc_params_fast_11213
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MEXP 11213
#define THREAD_NUM MTGPDC_FLOOR_2P
#define LARGE_SIZE (THREAD_NUM * 3)
#define BLOCK_NUM_MAX CURAND_NUM_MTGP32_PARAMS
#define TBL_SIZE 16

/** One MTGP32 parameter set: Mersenne exponent, pick-up position, shifts, the recursion's,
 * tempering's and float tempering's 16-entry tables, the first word's mask, and the SHA-1 of
 * the characteristic polynomial. */
struct mtgp32_params_fast {
    int mexp;
    int pos;
    int sh1;
    int sh2;
    unsigned int tbl[16];
    unsigned int tmp_tbl[16];
    unsigned int flt_tmp_tbl[16];
    unsigned int mask;
    unsigned char poly_sha1[21];
};
typedef struct mtgp32_params_fast mtgp32_params_fast_t;

/** The parameter sets of up to 200 blocks, as a kernel reads them (block state pIdx uses
 * entry pIdx of each table). */
struct mtgp32_kernel_params {
    unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS];
    unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
    unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
    unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
    unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS];
    unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS];
    unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;

/** One block's MTGP32 state: the word ring, where the live words start, which parameter set. */
struct curandStateMtgp32 {
    unsigned int s[MTGP32_STATE_SIZE];
    int offset;
    int pIdx;
    mtgp32_kernel_params_t *k;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;
