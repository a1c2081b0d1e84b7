// min-arch: sm_75
// Local memory: per-thread arrays indexed with run-time indices (stay in .local: ld.local/st.local, __local_depot),
// per-thread stacks for iterative tree traversal, local struct arrays, insertion sort on a local array.

extern "C" __global__ void local_histogram(const unsigned char *data, int *out, int per_thread) {
    int hist[16];
    for (int k = 0; k < 16; ++k) hist[k] = 0;
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * per_thread;
    for (int k = 0; k < per_thread; ++k) hist[data[base + k] & 15]++;   // dynamic index -> local memory
    int best = 0;
    for (int k = 1; k < 16; ++k)
        if (hist[k] > hist[best]) best = k;
    out[blockIdx.x * blockDim.x + threadIdx.x] = best * 1000 + hist[best];
}

extern "C" __global__ void local_sort(const float *in, float *out, int k) {
    float buf[32];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int m = k < 32 ? k : 32;
    for (int i = 0; i < m; ++i) buf[i] = in[t * k + i];
    for (int i = 1; i < m; ++i) {
        float v = buf[i];
        int j = i - 1;
        while (j >= 0 && buf[j] > v) {
            buf[j + 1] = buf[j];
            --j;
        }
        buf[j + 1] = v;
    }
    out[t] = buf[m / 2];  // median
}

// Iterative DFS over an implicit binary tree (heap layout) with a local stack
extern "C" __global__ void tree_sum(const int *tree, int nodes, int *out) {
    int stack[64];
    int sp = 0;
    int root = blockIdx.x * blockDim.x + threadIdx.x;
    if (root >= nodes) return;
    int sum = 0;
    stack[sp++] = root;
    while (sp > 0) {
        int nd = stack[--sp];
        sum += tree[nd];
        int l = 2 * nd + 1, r = 2 * nd + 2;
        if (r < nodes && sp < 63) stack[sp++] = r;
        if (l < nodes && sp < 63) stack[sp++] = l;
    }
    out[root] = sum;
}

struct Particle {
    float x, y, z;
    int id;
};
extern "C" __global__ void local_structs(const Particle *p, int *out, int sel) {
    Particle loc[8];
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < 8; ++k) loc[k] = p[t * 8 + k];
    Particle q = loc[sel & 7];
    out[t] = q.id + (int)(q.x + q.y + q.z);
}
