/*
 * Cuprite: the occupancy calculator of CUDA 13 (cuda_occupancy.h), header-only as the toolkit's:
 * how many blocks of a kernel reside on one multiprocessor, from a device's properties
 * (cudaOccDeviceProp, made from a cudaDeviceProp), a function's attributes (cudaOccFuncAttributes,
 * from cudaFuncAttributes) and the cache preference (cudaOccDeviceState), without a device.
 *
 * The model (CUDA Occupancy Calculator; Programming Guide, "Compute Capabilities" tables), for
 * compute capability 7.0 and later (older devices: CUDA_OCC_ERROR_UNKNOWN_DEVICE):
 *   - warps: maxThreadsPerMultiprocessor / warpSize warps per SM, a block takes
 *     ceil(blockSize / warpSize) of them;
 *   - blocks: the architecture's resident-block limit per SM;
 *   - registers: numRegs per thread, allocated per warp in units of 256; an SM's registers are
 *     split evenly among its 4 sub-partitions, whose warps each hold;
 *   - shared memory: static + dynamic + reservedSharedMemPerBlock per block, allocated in units
 *     of 128 bytes, from the SM's shared capacity: the largest the architecture can configure
 *     (the default), or the carveout preference's share of it rounded up to a capacity the
 *     architecture has, but never less than one block needs (as the driver chooses).
 * With Cuprite's device properties and cudaFuncGetAttributes, the results are those of
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor and cudaOccupancyAvailableDynamicSMemPerBlock.
 */
#ifndef __cuda_occupancy_h__
#define __cuda_occupancy_h__

#include <stddef.h>

#if defined(__CUDACC__)
#define __OCC_INLINE inline __host__ __device__
#else
#define __OCC_INLINE inline
#endif

enum cudaOccError_enum {
    CUDA_OCC_SUCCESS = 0,
    CUDA_OCC_ERROR_INVALID_INPUT = 1,
    CUDA_OCC_ERROR_UNKNOWN_DEVICE = 2,
};
typedef enum cudaOccError_enum cudaOccError;

typedef struct cudaOccResult cudaOccResult;
typedef struct cudaOccDeviceProp cudaOccDeviceProp;
typedef struct cudaOccFuncAttributes cudaOccFuncAttributes;
typedef struct cudaOccDeviceState cudaOccDeviceState;

/* A device's properties (the fields of cudaDeviceProp the calculator reads). */
struct cudaOccDeviceProp {
    int computeMajor;
    int computeMinor;
    int maxThreadsPerBlock;
    int maxThreadsPerMultiprocessor;
    int regsPerBlock;
    int regsPerMultiprocessor;
    int warpSize;
    size_t sharedMemPerBlock;
    size_t sharedMemPerMultiprocessor;
    int numSms;
    size_t sharedMemPerBlockOptin;
    size_t reservedSharedMemPerBlock;
#ifdef __cplusplus
    /* From a cudaDeviceProp. */
    template <typename DeviceProp>
    __OCC_INLINE cudaOccDeviceProp(const DeviceProp &props)
        : computeMajor(props.major), computeMinor(props.minor), maxThreadsPerBlock(props.maxThreadsPerBlock),
          maxThreadsPerMultiprocessor(props.maxThreadsPerMultiProcessor), regsPerBlock(props.regsPerBlock),
          regsPerMultiprocessor(props.regsPerMultiprocessor), warpSize(props.warpSize),
          sharedMemPerBlock(props.sharedMemPerBlock), sharedMemPerMultiprocessor(props.sharedMemPerMultiprocessor),
          numSms(props.multiProcessorCount), sharedMemPerBlockOptin(props.sharedMemPerBlockOptin),
          reservedSharedMemPerBlock(props.reservedSharedMemPerBlock) {}
    __OCC_INLINE cudaOccDeviceProp()
        : computeMajor(0), computeMinor(0), maxThreadsPerBlock(0), maxThreadsPerMultiprocessor(0), regsPerBlock(0),
          regsPerMultiprocessor(0), warpSize(0), sharedMemPerBlock(0), sharedMemPerMultiprocessor(0), numSms(0),
          sharedMemPerBlockOptin(0), reservedSharedMemPerBlock(0) {}
#endif
};

typedef enum cudaOccPartitionedGCConfig_enum {
    PARTITIONED_GC_OFF,
    PARTITIONED_GC_ON,
    PARTITIONED_GC_ON_STRICT
} cudaOccPartitionedGCConfig;

/* Which per-block shared memory limit applies: sharedMemPerBlock or sharedMemPerBlockOptin. */
typedef enum cudaOccFuncShmemConfig_enum {
    FUNC_SHMEM_LIMIT_DEFAULT,
    FUNC_SHMEM_LIMIT_OPTIN,
} cudaOccFuncShmemConfig;

/* A function's attributes (the fields of cudaFuncAttributes the calculator reads). */
struct cudaOccFuncAttributes {
    int maxThreadsPerBlock;
    int numRegs;
    size_t sharedSizeBytes;
    cudaOccPartitionedGCConfig partitionedGCConfig;
    cudaOccFuncShmemConfig shmemLimitConfig;
    size_t maxDynamicSharedSizeBytes;
    int numBlockBarriers;
    int virtualResourceCount;
#ifdef __cplusplus
    /* From a cudaFuncAttributes (the opt-in limit: the function's maximum dynamic size
     * bounds it). */
    template <typename FuncAttributes>
    __OCC_INLINE cudaOccFuncAttributes(const FuncAttributes &attr)
        : maxThreadsPerBlock(attr.maxThreadsPerBlock), numRegs(attr.numRegs), sharedSizeBytes(attr.sharedSizeBytes),
          partitionedGCConfig(PARTITIONED_GC_OFF), shmemLimitConfig(FUNC_SHMEM_LIMIT_OPTIN),
          maxDynamicSharedSizeBytes(attr.maxDynamicSharedSizeBytes), numBlockBarriers(1), virtualResourceCount(0) {}
    __OCC_INLINE cudaOccFuncAttributes()
        : maxThreadsPerBlock(0), numRegs(0), sharedSizeBytes(0), partitionedGCConfig(PARTITIONED_GC_OFF),
          shmemLimitConfig(FUNC_SHMEM_LIMIT_DEFAULT), maxDynamicSharedSizeBytes(0), numBlockBarriers(0),
          virtualResourceCount(0) {}
#endif
};

typedef enum cudaOccCacheConfig_enum {
    CACHE_PREFER_NONE = 0x00,
    CACHE_PREFER_SHARED = 0x01,
    CACHE_PREFER_L1 = 0x02,
    CACHE_PREFER_EQUAL = 0x03
} cudaOccCacheConfig;

/* A shared memory carveout preference: a percentage of the largest capacity, or the default. */
typedef enum cudaOccCarveoutConfig_enum {
    SHAREDMEM_CARVEOUT_DEFAULT = -1,
    SHAREDMEM_CARVEOUT_MAX_SHARED = 100,
    SHAREDMEM_CARVEOUT_MAX_L1 = 0,
    SHAREDMEM_CARVEOUT_HALF = 50
} cudaOccCarveoutConfig;

struct cudaOccDeviceState {
    cudaOccCacheConfig cacheConfig;
    int carveoutConfig;
#ifdef __cplusplus
    __OCC_INLINE cudaOccDeviceState() : cacheConfig(CACHE_PREFER_NONE), carveoutConfig(SHAREDMEM_CARVEOUT_DEFAULT) {}
#endif
};

/* What limited the result (bits of cudaOccResult::limitingFactors). */
typedef enum cudaOccLimitingFactor_enum {
    OCC_LIMIT_WARPS = 0x01,
    OCC_LIMIT_REGISTERS = 0x02,
    OCC_LIMIT_SHARED_MEMORY = 0x04,
    OCC_LIMIT_BLOCKS = 0x08,
    OCC_LIMIT_BARRIERS = 0x10,
    OCC_LIMIT_VIRTUAL_RESOURCES = 0x20
} cudaOccLimitingFactor;

struct cudaOccResult {
    int activeBlocksPerMultiprocessor;
    unsigned int limitingFactors;
    int blockLimitRegs;
    int blockLimitSharedMem;
    int blockLimitWarps;
    int blockLimitBlocks;
    int blockLimitBarriers;
    int blockLimitVirtual;
    int allocatedRegistersPerBlock;
    size_t allocatedSharedMemPerBlock;
    cudaOccPartitionedGCConfig partitionedGCConfig;
};

typedef enum cudaOccPartitionedGCSupport_enum {
    PARTITIONED_GC_NOT_SUPPORTED,
    PARTITIONED_GC_SUPPORTED,
} cudaOccPartitionedGCSupport;

#define __CUDA_OCC_MAJOR__ 12
#define __CUDA_OCC_MINOR__ 1

/* ---- the architecture's allocation rules ------------------------------------------------ */

/* Register allocation: per warp, in units of this many registers; at most 255 per thread; an
 * SM's registers are split among this many sub-partitions. */
#define __CUPRITE_OCC_REG_UNIT 256
#define __CUPRITE_OCC_MAX_REGS_PER_THREAD 255
#define __CUPRITE_OCC_SUB_PARTITIONS 4
/* Shared memory allocation: per block, in units of this many bytes. */
#define __CUPRITE_OCC_SMEM_UNIT 128

static __OCC_INLINE size_t __cuprite_occ_round_up(size_t x, size_t unit) { return (x + unit - 1) / unit * unit; }

/* Resident blocks per SM by compute capability (Programming Guide, "Compute Capabilities"); 0
 * for an architecture the calculator does not know. */
static __OCC_INLINE int __cuprite_occ_max_blocks(const cudaOccDeviceProp *p) {
    switch (p->computeMajor * 10 + p->computeMinor) {
    case 70: case 72: case 80: case 90: case 100: case 103: case 110: return 32;
    case 75: case 86: case 87: return 16;
    case 89: case 120: case 121: return 24;
    default: return 0;
    }
}

/* The shared memory capacities (KB) an SM of the architecture can be configured with, largest
 * last (Programming Guide, "Compute Capabilities": shared memory per architecture). */
static __OCC_INLINE int __cuprite_occ_capacities(const cudaOccDeviceProp *p, const int **list) {
    static const int volta[] = {0, 8, 16, 32, 64, 96};
    static const int turing[] = {32, 64};
    static const int ampere[] = {0, 8, 16, 32, 64, 100, 132, 164};
    static const int small[] = {0, 8, 16, 32, 64, 100};
    static const int hopper[] = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};
    switch (p->computeMajor * 10 + p->computeMinor) {
    case 70: case 72: *list = volta; return 6;
    case 75: *list = turing; return 2;
    case 80: case 87: *list = ampere; return 8;
    case 86: case 89: case 120: case 121: *list = small; return 6;
    default: *list = hopper; return 10;
    }
}

/* The SM's shared capacity for the state's preference, enough for `needed` bytes (one block). */
static __OCC_INLINE size_t __cuprite_occ_smem_capacity(const cudaOccDeviceProp *p, const cudaOccDeviceState *s,
                                                       size_t needed) {
    int percent = s ? s->carveoutConfig : SHAREDMEM_CARVEOUT_DEFAULT;
    if (percent == SHAREDMEM_CARVEOUT_DEFAULT && s) {
        percent = s->cacheConfig == CACHE_PREFER_L1     ? SHAREDMEM_CARVEOUT_MAX_L1
                  : s->cacheConfig == CACHE_PREFER_EQUAL ? SHAREDMEM_CARVEOUT_HALF
                                                         : SHAREDMEM_CARVEOUT_DEFAULT;
    }
    if (percent < 0 || percent >= 100) {
        return p->sharedMemPerMultiprocessor;
    }
    size_t wanted = p->sharedMemPerMultiprocessor * (size_t)percent / 100;
    if (wanted < needed) wanted = needed;
    const int *list;
    const int n = __cuprite_occ_capacities(p, &list);
    for (int i = 0; i < n; i++) {
        const size_t c = (size_t)list[i] * 1024;
        if (c >= wanted && c <= p->sharedMemPerMultiprocessor) return c;
    }
    return p->sharedMemPerMultiprocessor;
}

static __OCC_INLINE cudaOccError __cuprite_occ_check(const cudaOccDeviceProp *p, const cudaOccFuncAttributes *a,
                                                     const cudaOccDeviceState *s) {
    if (!p || !a || !s || p->warpSize <= 0 || p->maxThreadsPerMultiprocessor <= 0 || p->regsPerMultiprocessor <= 0 ||
        a->numRegs < 0 || a->numRegs > __CUPRITE_OCC_MAX_REGS_PER_THREAD) {
        return CUDA_OCC_ERROR_INVALID_INPUT;
    }
    return __cuprite_occ_max_blocks(p) ? CUDA_OCC_SUCCESS : CUDA_OCC_ERROR_UNKNOWN_DEVICE;
}

/* ---- the calculator ----------------------------------------------------------------- */

/* Resident blocks per SM of `blockSize` threads using `dynamicSmemSize` bytes of dynamic shared
 * memory, each limit with it (a block size above the device's limit: 0 blocks). */
static __OCC_INLINE cudaOccError cudaOccMaxActiveBlocksPerMultiprocessor(cudaOccResult *result,
                                                                        const cudaOccDeviceProp *properties,
                                                                        const cudaOccFuncAttributes *attributes,
                                                                        const cudaOccDeviceState *state, int blockSize,
                                                                        size_t dynamicSmemSize) {
    const cudaOccError status = __cuprite_occ_check(properties, attributes, state);
    if (status != CUDA_OCC_SUCCESS || !result || blockSize <= 0) {
        return status != CUDA_OCC_SUCCESS ? status : CUDA_OCC_ERROR_INVALID_INPUT;
    }
    const cudaOccDeviceProp *p = properties;
    const cudaOccFuncAttributes *a = attributes;
    cudaOccResult r = {};
    const int warps = (blockSize + p->warpSize - 1) / p->warpSize;
    /* Above the device's block size limit nothing resides; above the function's (its launch
     * bound) blocks are counted as any other, as the runtime counts them. */
    const bool allowed = p->maxThreadsPerBlock <= 0 || blockSize <= p->maxThreadsPerBlock;

    r.blockLimitWarps = allowed ? p->maxThreadsPerMultiprocessor / p->warpSize / warps : 0;
    r.blockLimitBlocks = __cuprite_occ_max_blocks(p);
    r.blockLimitBarriers = r.blockLimitBlocks;
    r.blockLimitVirtual = r.blockLimitBlocks;

    /* Registers. */
    const int per_warp = (int)__cuprite_occ_round_up((size_t)a->numRegs * p->warpSize, __CUPRITE_OCC_REG_UNIT);
    r.allocatedRegistersPerBlock = per_warp * warps;
    if (per_warp == 0) {
        r.blockLimitRegs = r.blockLimitBlocks;
    } else if (p->regsPerBlock > 0 && r.allocatedRegistersPerBlock > p->regsPerBlock) {
        r.blockLimitRegs = 0;
    } else {
        const int warps_by_regs =
            p->regsPerMultiprocessor / __CUPRITE_OCC_SUB_PARTITIONS / per_warp * __CUPRITE_OCC_SUB_PARTITIONS;
        r.blockLimitRegs = warps_by_regs / warps;
    }

    /* Shared memory. */
    const size_t used = a->sharedSizeBytes + dynamicSmemSize;
    const size_t per_block_limit =
        a->shmemLimitConfig == FUNC_SHMEM_LIMIT_OPTIN ? p->sharedMemPerBlockOptin : p->sharedMemPerBlock;
    const bool dynamic_allowed =
        a->shmemLimitConfig != FUNC_SHMEM_LIMIT_OPTIN || dynamicSmemSize <= a->maxDynamicSharedSizeBytes;
    r.allocatedSharedMemPerBlock = __cuprite_occ_round_up(used + p->reservedSharedMemPerBlock, __CUPRITE_OCC_SMEM_UNIT);
    if (used > per_block_limit || !dynamic_allowed) {
        r.blockLimitSharedMem = 0;
    } else if (r.allocatedSharedMemPerBlock == 0) {
        r.blockLimitSharedMem = r.blockLimitBlocks;
    } else {
        const size_t capacity = __cuprite_occ_smem_capacity(p, state, r.allocatedSharedMemPerBlock);
        r.blockLimitSharedMem = (int)(capacity / r.allocatedSharedMemPerBlock);
    }

    int active = r.blockLimitWarps;
    const int limits[] = {r.blockLimitRegs, r.blockLimitSharedMem, r.blockLimitBlocks};
    for (int l : limits) active = l < active ? l : active;
    r.activeBlocksPerMultiprocessor = active;
    r.limitingFactors = (r.blockLimitWarps == active ? OCC_LIMIT_WARPS : 0) |
                        (r.blockLimitRegs == active ? OCC_LIMIT_REGISTERS : 0) |
                        (r.blockLimitSharedMem == active ? OCC_LIMIT_SHARED_MEMORY : 0) |
                        (r.blockLimitBlocks == active ? OCC_LIMIT_BLOCKS : 0);
    r.partitionedGCConfig = PARTITIONED_GC_OFF;
    *result = r;
    return CUDA_OCC_SUCCESS;
}

/* The dynamic shared memory per block with which `numBlocks` blocks of `blockSize` threads share
 * one SM, as the runtime answers it on an H200: the SM's share per block in whole allocation
 * units less the static shared memory (not the reserved part), within what the function may
 * use; CUDA_OCC_ERROR_INVALID_INPUT when the warps, registers or block limit do not let
 * numBlocks blocks reside at all. */
static __OCC_INLINE cudaOccError cudaOccAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize,
                                                                    const cudaOccDeviceProp *properties,
                                                                    const cudaOccFuncAttributes *attributes,
                                                                    const cudaOccDeviceState *state, int numBlocks,
                                                                    int blockSize) {
    if (!dynamicSmemSize || numBlocks <= 0) return CUDA_OCC_ERROR_INVALID_INPUT;
    cudaOccResult r;
    const cudaOccError status =
        cudaOccMaxActiveBlocksPerMultiprocessor(&r, properties, attributes, state, blockSize, 0);
    if (status != CUDA_OCC_SUCCESS) return status;
    const cudaOccDeviceProp *p = properties;
    const cudaOccFuncAttributes *a = attributes;
    int others = r.blockLimitWarps < r.blockLimitRegs ? r.blockLimitWarps : r.blockLimitRegs;
    others = r.blockLimitBlocks < others ? r.blockLimitBlocks : others;
    if (others < numBlocks) {
        *dynamicSmemSize = 0;
        return CUDA_OCC_ERROR_INVALID_INPUT;
    }
    const size_t fixed = a->sharedSizeBytes;
    const size_t capacity = __cuprite_occ_smem_capacity(p, state, 0);
    const size_t share = capacity / (size_t)numBlocks / __CUPRITE_OCC_SMEM_UNIT * __CUPRITE_OCC_SMEM_UNIT;
    if (share < fixed) {
        *dynamicSmemSize = 0;
        return CUDA_OCC_SUCCESS;
    }
    const size_t available = share - fixed;
    /* Within what the function may use: its maximum dynamic size (opt-in), else the block's. */
    const size_t limit = a->shmemLimitConfig == FUNC_SHMEM_LIMIT_OPTIN ? a->maxDynamicSharedSizeBytes
                         : p->sharedMemPerBlock > a->sharedSizeBytes ? p->sharedMemPerBlock - a->sharedSizeBytes
                                                                    : 0;
    *dynamicSmemSize = available < limit ? available : limit;
    return CUDA_OCC_SUCCESS;
}

#ifdef __cplusplus
/* The block size (a multiple of the warp size, or the largest allowed) with the most resident
 * threads per SM, the largest on a tie, and the grid that fills the device with it;
 * `dynamic_smem(blockSize)` gives a block size's dynamic shared memory. */
template <typename DynamicSmem>
static __OCC_INLINE cudaOccError __cuprite_occ_best_block(int *minGridSize, int *blockSize,
                                                          const cudaOccDeviceProp *properties,
                                                          const cudaOccFuncAttributes *attributes,
                                                          const cudaOccDeviceState *state, DynamicSmem dynamic_smem) {
    cudaOccError status = __cuprite_occ_check(properties, attributes, state);
    if (status != CUDA_OCC_SUCCESS) return status;
    if (!minGridSize || !blockSize) return CUDA_OCC_ERROR_INVALID_INPUT;
    const cudaOccDeviceProp *p = properties;
    int limit = p->maxThreadsPerBlock;
    if (attributes->maxThreadsPerBlock > 0 && attributes->maxThreadsPerBlock < limit) limit = attributes->maxThreadsPerBlock;
    const int granularity = p->warpSize;
    const int aligned = (limit + granularity - 1) / granularity * granularity;
    int best = 0, best_blocks = 0, best_threads = 0;
    for (int tried = aligned; tried > 0; tried -= granularity) {
        const int size = limit < tried ? limit : tried;
        cudaOccResult r;
        status = cudaOccMaxActiveBlocksPerMultiprocessor(&r, p, attributes, state, size, dynamic_smem(size));
        if (status != CUDA_OCC_SUCCESS) return status;
        const int threads = r.activeBlocksPerMultiprocessor * size;
        if (threads > best_threads) {
            best = size;
            best_blocks = r.activeBlocksPerMultiprocessor;
            best_threads = threads;
        }
        if (best_threads == p->maxThreadsPerMultiprocessor) break;
    }
    *minGridSize = best_blocks * p->numSms;
    *blockSize = best;
    return CUDA_OCC_SUCCESS;
}

/* Dynamic shared memory given as a function of the block size, or as one size. */
struct __cuprite_occ_smem_of {
    size_t (*function)(int);
    size_t constant;
    __OCC_INLINE size_t operator()(int size) const { return function ? function(size) : constant; }
};
#endif

/* The block size with the most resident threads per SM and the smallest grid that fills the
 * device with it; dynamic shared memory is `blockSizeToDynamicSMemSize(blockSize)`, or
 * `dynamicSMemSize` when that is null. */
static __OCC_INLINE cudaOccError cudaOccMaxPotentialOccupancyBlockSize(int *minGridSize, int *blockSize,
                                                                      const cudaOccDeviceProp *properties,
                                                                      const cudaOccFuncAttributes *attributes,
                                                                      const cudaOccDeviceState *state,
                                                                      size_t (*blockSizeToDynamicSMemSize)(int),
                                                                      size_t dynamicSMemSize) {
    return __cuprite_occ_best_block(minGridSize, blockSize, properties, attributes, state,
                                    __cuprite_occ_smem_of{blockSizeToDynamicSMemSize, dynamicSMemSize});
}

#ifdef __cplusplus
namespace {
/* With one dynamic shared memory size. */
__OCC_INLINE cudaOccError cudaOccMaxPotentialOccupancyBlockSize(int *minGridSize, int *blockSize,
                                                               const cudaOccDeviceProp *properties,
                                                               const cudaOccFuncAttributes *attributes,
                                                               const cudaOccDeviceState *state,
                                                               size_t dynamicSMemSize = 0) {
    return __cuprite_occ_best_block(minGridSize, blockSize, properties, attributes, state,
                                    __cuprite_occ_smem_of{nullptr, dynamicSMemSize});
}

/* With dynamic shared memory given by a callable of the block size. */
template <typename UnaryFunction>
__OCC_INLINE cudaOccError cudaOccMaxPotentialOccupancyBlockSizeVariableSMem(int *minGridSize, int *blockSize,
                                                                           const cudaOccDeviceProp *properties,
                                                                           const cudaOccFuncAttributes *attributes,
                                                                           const cudaOccDeviceState *state,
                                                                           UnaryFunction blockSizeToDynamicSMemSize) {
    return __cuprite_occ_best_block(minGridSize, blockSize, properties, attributes, state,
                                    [&](int size) -> size_t { return blockSizeToDynamicSMemSize(size); });
}
} // namespace
#endif

#endif /* __cuda_occupancy_h__ */
