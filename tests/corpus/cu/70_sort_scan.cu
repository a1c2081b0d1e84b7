// min-arch: sm_75
// Sorting and scanning building blocks written by hand: bitonic sort in shared memory (one block sorts 1024 keys),
// global bitonic merge step, odd-even transposition sort, Blelloch work-efficient exclusive scan (up-sweep/down-sweep
// with bank-conflict-avoiding padding), radix-sort digit histogram + local scatter, and binary-search merge path.

#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

extern "C" __global__ void bitonic_sort_shared(unsigned *keys) {
    __shared__ unsigned s[1024];
    unsigned t = threadIdx.x;  // blockDim.x == 512, each thread handles two keys
    unsigned *base = keys + blockIdx.x * 1024;
    s[t] = base[t];
    s[t + 512] = base[t + 512];
    __syncthreads();
    for (unsigned size = 2; size <= 1024; size <<= 1) {
        for (unsigned stride = size >> 1; stride > 0; stride >>= 1) {
            unsigned pos = 2 * t - (t & (stride - 1));
            bool asc = ((pos & size) == 0);
            unsigned a = s[pos], b = s[pos + stride];
            if ((a > b) == asc) {
                s[pos] = b;
                s[pos + stride] = a;
            }
            __syncthreads();
        }
    }
    base[t] = s[t];
    base[t + 512] = s[t + 512];
}

extern "C" __global__ void bitonic_merge_global(unsigned *keys, unsigned size, unsigned stride, unsigned n) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned partner = i ^ stride;
    if (i >= n || partner <= i || partner >= n) return;
    bool asc = (i & size) == 0;
    unsigned a = keys[i], b = keys[partner];
    if ((a > b) == asc) {
        keys[i] = b;
        keys[partner] = a;
    }
}

extern "C" __global__ void odd_even_sort(int *data, int n) {
    extern __shared__ int sd[];
    int t = threadIdx.x;
    for (int i = t; i < n; i += blockDim.x) sd[i] = data[i];
    __syncthreads();
    for (int phase = 0; phase < n; ++phase) {
        for (int i = 2 * t + (phase & 1); i + 1 < n; i += 2 * blockDim.x) {
            if (sd[i] > sd[i + 1]) {
                int tmp = sd[i]; sd[i] = sd[i + 1]; sd[i + 1] = tmp;
            }
        }
        __syncthreads();
    }
    for (int i = t; i < n; i += blockDim.x) data[i] = sd[i];
}

// Blelloch scan of 2*blockDim.x elements per block
extern "C" __global__ void blelloch_scan(const float *in, float *out, float *block_sums, int n) {
    extern __shared__ float temp[];
    int t = threadIdx.x;
    int nb = 2 * blockDim.x;
    int base = blockIdx.x * nb;
    int ai = t, bi = t + blockDim.x;
    int oa = CONFLICT_FREE_OFFSET(ai), ob = CONFLICT_FREE_OFFSET(bi);
    temp[ai + oa] = base + ai < n ? in[base + ai] : 0.f;
    temp[bi + ob] = base + bi < n ? in[base + bi] : 0.f;
    int offset = 1;
    for (int d = nb >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int a = offset * (2 * t + 1) - 1, b = offset * (2 * t + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            temp[b] += temp[a];
        }
        offset *= 2;
    }
    if (t == 0) {
        int last = nb - 1 + CONFLICT_FREE_OFFSET(nb - 1);
        block_sums[blockIdx.x] = temp[last];
        temp[last] = 0.f;
    }
    for (int d = 1; d < nb; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int a = offset * (2 * t + 1) - 1, b = offset * (2 * t + 2) - 1;
            a += CONFLICT_FREE_OFFSET(a);
            b += CONFLICT_FREE_OFFSET(b);
            float v = temp[a];
            temp[a] = temp[b];
            temp[b] += v;
        }
    }
    __syncthreads();
    if (base + ai < n) out[base + ai] = temp[ai + oa];
    if (base + bi < n) out[base + bi] = temp[bi + ob];
}

extern "C" __global__ void add_block_offsets(float *data, const float *scanned_sums, int n) {
    int i = blockIdx.x * 2 * blockDim.x + threadIdx.x;
    float off = scanned_sums[blockIdx.x];
    if (i < n) data[i] += off;
    if (i + blockDim.x < n) data[i + blockDim.x] += off;
}

// 4-bit digit histogram per block for LSD radix sort
extern "C" __global__ void radix_histogram(const unsigned *keys, unsigned *hist, int n, int shift) {
    __shared__ unsigned h[16];
    if (threadIdx.x < 16) h[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&h[(keys[i] >> shift) & 15], 1u);
    __syncthreads();
    if (threadIdx.x < 16) hist[threadIdx.x * gridDim.x + blockIdx.x] = h[threadIdx.x];
}

// Merge path: each thread finds its split point between two sorted arrays by binary search
extern "C" __global__ void merge_path(const int *a, int na, const int *b, int nb, int *out) {
    int diag = blockIdx.x * blockDim.x + threadIdx.x;
    if (diag >= na + nb) return;
    int lo = max(0, diag - nb), hi = min(diag, na);
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (a[mid] <= b[diag - 1 - mid]) lo = mid + 1;
        else hi = mid;
    }
    int ia = lo, ib = diag - lo;
    bool take_a = ib >= nb || (ia < na && a[ia] <= b[ib]);
    out[diag] = take_a ? a[ia] : b[ib];
}
