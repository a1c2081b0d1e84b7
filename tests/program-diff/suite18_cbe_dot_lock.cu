// flags: -G
// CUDA by Example, chapters 5 and A.1, built with -G (device debug): the dot product with a
// shared-memory cache reduced by halving (threadsPerBlock = 256, blocksPerGrid =
// imin(32, (N+255)/256)), partial sums finished on the host; then the appendix's version with a
// Lock (atomicCAS spin on a device int, atomicExch to release) so one thread per block adds its
// block's sum into the final result; and the appendix's hash table built by many threads with a
// lock per bucket (a warp's threads taking turns through a loop over the lanes). Inputs are
// exact in float (small integers), so every sum is exact and independent of order.
#include <cstdio>
#include <vector>
#define imin(a, b) (a < b ? a : b)
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
const int N = 33 * 1024;
const int threadsPerBlock = 256;
const int blocksPerGrid = imin(32, (N + threadsPerBlock - 1) / threadsPerBlock);

struct Lock {
    int* mutex;
    Lock(void) {
        int state = 0;
        cudaMalloc((void**)&mutex, sizeof(int));
        cudaMemcpy(mutex, &state, sizeof(int), cudaMemcpyHostToDevice);
    }
    ~Lock(void) { cudaFree(mutex); }
    __device__ void lock(void) { while (atomicCAS(mutex, 0, 1) != 0); }
    __device__ void unlock(void) { atomicExch(mutex, 1 - 1); __threadfence(); }
};

__global__ void dot(const float* a, const float* b, float* c) {
    __shared__ float cache[threadsPerBlock];
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int cacheIndex = threadIdx.x;
    float temp = 0;
    while (tid < N) {
        temp += a[tid] * b[tid];
        tid += blockDim.x * gridDim.x;
    }
    cache[cacheIndex] = temp;
    __syncthreads();
    int i = blockDim.x / 2;
    while (i != 0) {
        if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
        __syncthreads();
        i /= 2;
    }
    if (cacheIndex == 0) c[blockIdx.x] = cache[0];
}
__global__ void dot_lock(Lock lock, const float* a, const float* b, float* c) {
    __shared__ float cache[threadsPerBlock];
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int cacheIndex = threadIdx.x;
    float temp = 0;
    while (tid < N) {
        temp += a[tid] * b[tid];
        tid += blockDim.x * gridDim.x;
    }
    cache[cacheIndex] = temp;
    __syncthreads();
    for (int i = blockDim.x / 2; i != 0; i /= 2) {
        if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
        __syncthreads();
    }
    if (cacheIndex == 0) {
        lock.lock();
        *c += cache[0];
        lock.unlock();
    }
}
#define HASH_ENTRIES 97
#define ELEMENTS 4000
struct Entry { unsigned int key; int value; Entry* next; };
struct Table { size_t count; Entry** entries; Entry* pool; };
__device__ unsigned int hash(unsigned int key, size_t count) { return key % count; }
__global__ void add_to_table(const unsigned int* keys, const int* values, Table table, int* locks) {
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    int stride = blockDim.x * gridDim.x;
    while (tid < ELEMENTS) {
        unsigned int key = keys[tid];
        size_t hashValue = hash(key, table.count);
        for (int i = 0; i < 32; i++) {
            if ((tid % 32) == i) {
                Entry* location = &(table.pool[tid]);
                location->key = key;
                location->value = values[tid];
                while (atomicCAS(&locks[hashValue], 0, 1) != 0);
                __threadfence();
                location->next = table.entries[hashValue];
                table.entries[hashValue] = location;
                __threadfence();
                atomicExch(&locks[hashValue], 0);
            }
        }
        tid += stride;
    }
}
int main() {
    std::vector<float> a(N), b(N), pc(blocksPerGrid);
    for (int i = 0; i < N; i++) { a[i] = (float)(i % 17); b[i] = (float)((i * 3) % 11); }
    float *da, *db, *dc, *dres;
    CK(cudaMalloc(&da, N * sizeof(float)));
    CK(cudaMalloc(&db, N * sizeof(float)));
    CK(cudaMalloc(&dc, blocksPerGrid * sizeof(float)));
    CK(cudaMalloc(&dres, sizeof(float)));
    CK(cudaMemcpy(da, a.data(), N * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b.data(), N * sizeof(float), cudaMemcpyHostToDevice));
    dot<<<blocksPerGrid, threadsPerBlock>>>(da, db, dc);
    CK(cudaMemcpy(pc.data(), dc, blocksPerGrid * sizeof(float), cudaMemcpyDeviceToHost));
    double c = 0, want = 0;
    for (int i = 0; i < blocksPerGrid; i++) c += pc[i];
    for (int i = 0; i < N; i++) want += (double)a[i] * b[i];
    printf("dot: blocks %d, GPU %.6g, host %.6g, block 0 %.6g, block %d %.6g\n", blocksPerGrid, c, want, pc[0], blocksPerGrid - 1, pc[blocksPerGrid - 1]);
    {
        Lock lock;
        float zero = 0, r;
        CK(cudaMemcpy(dres, &zero, sizeof(float), cudaMemcpyHostToDevice));
        dot_lock<<<blocksPerGrid, threadsPerBlock>>>(lock, da, db, dres);
        CK(cudaMemcpy(&r, dres, sizeof(float), cudaMemcpyDeviceToHost));
        printf("dot with lock: %.6g\n", r);
    }
    std::vector<unsigned int> keys(ELEMENTS);
    std::vector<int> vals(ELEMENTS);
    for (int i = 0; i < ELEMENTS; i++) { keys[i] = (unsigned)(i * 2654435761u) >> 7; vals[i] = i; }
    unsigned int* dk; int* dv; int* dlocks;
    Table t; t.count = HASH_ENTRIES;
    CK(cudaMalloc(&dk, ELEMENTS * sizeof(unsigned)));
    CK(cudaMalloc(&dv, ELEMENTS * sizeof(int)));
    CK(cudaMalloc(&dlocks, HASH_ENTRIES * sizeof(int)));
    CK(cudaMalloc(&t.entries, HASH_ENTRIES * sizeof(Entry*)));
    CK(cudaMalloc(&t.pool, ELEMENTS * sizeof(Entry)));
    CK(cudaMemset(t.entries, 0, HASH_ENTRIES * sizeof(Entry*)));
    CK(cudaMemset(dlocks, 0, HASH_ENTRIES * sizeof(int)));
    CK(cudaMemcpy(dk, keys.data(), ELEMENTS * sizeof(unsigned), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dv, vals.data(), ELEMENTS * sizeof(int), cudaMemcpyHostToDevice));
    add_to_table<<<30, 64>>>(dk, dv, t, dlocks);
    CK(cudaDeviceSynchronize());
    std::vector<Entry*> heads(HASH_ENTRIES);
    std::vector<Entry> pool(ELEMENTS);
    CK(cudaMemcpy(heads.data(), t.entries, HASH_ENTRIES * sizeof(Entry*), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(pool.data(), t.pool, ELEMENTS * sizeof(Entry), cudaMemcpyDeviceToHost));
    int found = 0, wrong = 0;
    long long vsum = 0;
    std::vector<int> perBucket(HASH_ENTRIES, 0);
    for (int h = 0; h < HASH_ENTRIES; h++) {
        Entry* e = heads[h];
        int guard = 0;
        while (e && guard++ <= ELEMENTS) {
            Entry& he = pool[e - t.pool];
            if (he.key % HASH_ENTRIES != (unsigned)h || keys[he.value] != he.key) wrong++;
            found++; vsum += he.value; perBucket[h]++;
            e = he.next;
        }
    }
    printf("hash table: %d entries found, %d misplaced, value sum %lld (want %lld)\n", found, wrong, vsum, (long long)ELEMENTS * (ELEMENTS - 1) / 2);
    printf("  bucket sizes:");
    for (int h = 0; h < HASH_ENTRIES; h += 8) printf(" %d", perBucket[h]);
    printf("\n");
    CK(cudaFree(da)); CK(cudaFree(db)); CK(cudaFree(dc)); CK(cudaFree(dres));
    return 0;
}
