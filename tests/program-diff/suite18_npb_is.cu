// NAS Parallel Benchmarks IS (integer sort), as the NPB-GPU CUDA port structures it: keys from
// NPB's randlc generator (four uniforms averaged, scaled to MAX_KEY), ranked with per-block
// bucket counts in shared memory (atomicAdd), an exclusive scan of the bucket sizes across
// blocks, keys scattered into buckets with atomic cursors, then per-bucket key counting and a
// prefix sum giving every key's rank; the partial verification of NPB (test keys changed per
// iteration: key_array[iteration] = iteration, key_array[iteration + MAX_ITERATIONS] = MAX_KEY -
// iteration) and a full sort check. Exact integers.
#include <cstdio>
#include <vector>
#include <algorithm>
#define TOTAL_KEYS_LOG_2 16
#define MAX_KEY_LOG_2 11
#define NUM_BUCKETS_LOG_2 9
#define TOTAL_KEYS (1 << TOTAL_KEYS_LOG_2)
#define MAX_KEY (1 << MAX_KEY_LOG_2)
#define NUM_BUCKETS (1 << NUM_BUCKETS_LOG_2)
#define MAX_ITERATIONS 10
#define THREADS 256
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
static double randlc(double* X, double* A) {
    static int KS = 0;
    static double R23, R46, T23, T46;
    double T1, T2, T3, T4, A1, A2, X1, X2, Z;
    int i, j;
    if (KS == 0) {
        R23 = 1.0; R46 = 1.0; T23 = 1.0; T46 = 1.0;
        for (i = 1; i <= 23; i++) { R23 = 0.50 * R23; T23 = 2.0 * T23; }
        for (i = 1; i <= 46; i++) { R46 = 0.50 * R46; T46 = 2.0 * T46; }
        KS = 1;
    }
    T1 = R23 * *A; j = T1; A1 = j; A2 = *A - T23 * A1;
    T1 = R23 * *X; j = T1; X1 = j; X2 = *X - T23 * X1;
    T1 = A1 * X2 + A2 * X1;
    j = R23 * T1; T2 = j; Z = T1 - T23 * T2;
    T3 = T23 * Z + A2 * X2;
    j = R46 * T3; T4 = j;
    *X = T3 - T46 * T4;
    return (R46 * *X);
}
__global__ void count_buckets(const int* keys, int n, int* bucket_counts /* [blocks][NUM_BUCKETS] */) {
    __shared__ int cnt[NUM_BUCKETS];
    for (int b = threadIdx.x; b < NUM_BUCKETS; b += blockDim.x) cnt[b] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&cnt[keys[i] >> (MAX_KEY_LOG_2 - NUM_BUCKETS_LOG_2)], 1);
    __syncthreads();
    for (int b = threadIdx.x; b < NUM_BUCKETS; b += blockDim.x) bucket_counts[blockIdx.x * NUM_BUCKETS + b] = cnt[b];
}
// one thread per bucket: exclusive offsets of each block's share, bucket-major (stable)
__global__ void bucket_offsets(int* bucket_counts, int blocks, int* bucket_start) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= NUM_BUCKETS) return;
    int s = 0;
    for (int k = 0; k < blocks; k++) { int c = bucket_counts[k * NUM_BUCKETS + b]; bucket_counts[k * NUM_BUCKETS + b] = s; s += c; }
    bucket_start[b] = s;
}
__global__ void scan_sizes(int* bucket_start) {
    // single block exclusive scan of NUM_BUCKETS sizes (Hillis-Steele in shared memory)
    __shared__ int t[2][NUM_BUCKETS];
    int i = threadIdx.x;
    t[0][i] = i == 0 ? 0 : bucket_start[i - 1];
    __syncthreads();
    int p = 0;
    for (int off = 1; off < NUM_BUCKETS; off <<= 1) {
        t[1 - p][i] = t[p][i] + (i >= off ? t[p][i - off] : 0);
        __syncthreads();
        p = 1 - p;
    }
    bucket_start[i] = t[p][i];
}
__global__ void scatter(const int* keys, int n, const int* bucket_counts, const int* bucket_start, int* key_buff2) {
    // deterministic within a block: each thread finds its rank among earlier equal-bucket keys
    __shared__ int sk[THREADS];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int k = i < n ? keys[i] : -1;
    sk[threadIdx.x] = k;
    __syncthreads();
    if (i >= n) return;
    int b = k >> (MAX_KEY_LOG_2 - NUM_BUCKETS_LOG_2);
    int before = 0;
    for (int t = 0; t < threadIdx.x; t++) before += sk[t] >= 0 && (sk[t] >> (MAX_KEY_LOG_2 - NUM_BUCKETS_LOG_2)) == b;
    key_buff2[bucket_start[b] + bucket_counts[blockIdx.x * NUM_BUCKETS + b] + before] = k;
}
__global__ void key_counts(const int* key_buff2, int n, int* key_buff1) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&key_buff1[key_buff2[i]], 1);
}
__global__ void prefix_keys(int* key_buff1) {
    if (threadIdx.x == 0 && blockIdx.x == 0) for (int k = 1; k < MAX_KEY; k++) key_buff1[k] += key_buff1[k - 1];
}
int main() {
    std::vector<int> keys(TOTAL_KEYS);
    double seed = 314159265.00, a = 1220703125.00;
    int k = MAX_KEY / 4;
    for (int i = 0; i < TOTAL_KEYS; i++) {
        double x = randlc(&seed, &a); x += randlc(&seed, &a); x += randlc(&seed, &a); x += randlc(&seed, &a);
        keys[i] = k * x;
    }
    int test_index[5] = {48427, 17148, 23627, 62548, 4431};
    int blocks = (TOTAL_KEYS + THREADS - 1) / THREADS;
    int *dk, *dbc, *dbs, *db2, *db1;
    CK(cudaMalloc(&dk, TOTAL_KEYS * 4)); CK(cudaMalloc(&dbc, blocks * NUM_BUCKETS * 4)); CK(cudaMalloc(&dbs, NUM_BUCKETS * 4));
    CK(cudaMalloc(&db2, TOTAL_KEYS * 4)); CK(cudaMalloc(&db1, MAX_KEY * 4));
    long long passed = 0;
    std::vector<int> ranks(MAX_KEY);
    for (int it = 1; it <= MAX_ITERATIONS; it++) {
        keys[it] = it;
        keys[it + MAX_ITERATIONS] = MAX_KEY - it;
        CK(cudaMemcpy(dk, keys.data(), TOTAL_KEYS * 4, cudaMemcpyHostToDevice));
        CK(cudaMemset(db1, 0, MAX_KEY * 4));
        count_buckets<<<blocks, THREADS>>>(dk, TOTAL_KEYS, dbc);
        bucket_offsets<<<NUM_BUCKETS / 128, 128>>>(dbc, blocks, dbs);
        scan_sizes<<<1, NUM_BUCKETS>>>(dbs);
        scatter<<<blocks, THREADS>>>(dk, TOTAL_KEYS, dbc, dbs, db2);
        key_counts<<<blocks, THREADS>>>(db2, TOTAL_KEYS, db1);
        prefix_keys<<<1, 32>>>(db1);
        CK(cudaMemcpy(ranks.data(), db1, MAX_KEY * 4, cudaMemcpyDeviceToHost));
        for (int t = 0; t < 5; t++) {
            int key = keys[test_index[t]];
            int rank = key > 0 ? ranks[key - 1] : 0;
            printf("%s%d", t ? " " : "  iteration ", rank);
            passed += rank >= 0;
        }
        printf("  (keys %d %d)\n", keys[it], keys[it + MAX_ITERATIONS]);
    }
    std::vector<int> sorted(TOTAL_KEYS);
    CK(cudaMemcpy(sorted.data(), db2, TOTAL_KEYS * 4, cudaMemcpyDeviceToHost));
    std::vector<int> hs = keys; std::sort(hs.begin(), hs.end());
    int bucket_order = 1;
    for (int i = 1; i < TOTAL_KEYS; i++) if ((sorted[i] >> 2) < (sorted[i - 1] >> 2)) bucket_order = 0;
    std::sort(sorted.begin(), sorted.end());
    printf("IS: bucket order %s, multiset %s, rank of MAX_KEY-1 %d, passed %lld\n", bucket_order ? "ok" : "BROKEN", sorted == hs ? "same" : "DIFFERS", ranks[MAX_KEY - 1], passed);
    unsigned long long h = 0; for (int i = 0; i < MAX_KEY; i += 7) h = h * 31 + ranks[i];
    printf("  rank hash %llu\n", h);
    return 0;
}
