// flags: -std=c++17
// Dynamic data structures built in device code with new/delete: each thread grows its own
// binary search tree (recursive insert, in-order traversal into an output row, height and
// recursive destruction with a destructor that counts), a small-vector class template with
// geometric growth (new[]/delete[] + placement of moved elements), a move-only RAII owner
// (unique_ptr-like with a custom deleter) moved between functions, and a per-block shared
// free list of nodes threaded through __shared__ memory. 2 blocks of 48 threads (a full and a
// half warp). Results checked against the same code run on the host.
#include <cstdio>
#include <new>
#include <utility>

#define HD __host__ __device__

__device__ int g_live;
static int h_live;
HD inline void count(int d) {
#ifdef __CUDA_ARCH__
    atomicAdd(&g_live, d);
#else
    h_live += d;
#endif
}

struct Node {
    int key, dup;
    Node *left = nullptr, *right = nullptr;
    HD explicit Node(int k) : key(k), dup(1) { count(1); }
    HD ~Node() { delete left; delete right; count(-1); }
};

HD Node* insert(Node* n, int k) {
    if (!n) return new Node(k);
    if (k < n->key) n->left = insert(n->left, k);
    else if (k > n->key) n->right = insert(n->right, k);
    else n->dup++;
    return n;
}
HD int height(const Node* n) { if (!n) return 0; int a = height(n->left), b = height(n->right); return 1 + (a > b ? a : b); }
HD void inorder(const Node* n, int* out, int& at) { if (!n) return; inorder(n->left, out, at); out[at++] = n->key * 10 + n->dup; inorder(n->right, out, at); }

template <class T> class SmallVec {
    T* data_ = nullptr;
    int size_ = 0, cap_ = 0;
public:
    HD SmallVec() = default;
    HD SmallVec(const SmallVec&) = delete;
    HD ~SmallVec() { delete[] data_; }
    HD void push(const T& v) {
        if (size_ == cap_) {
            int nc = cap_ ? cap_ * 2 : 2;
            T* nd = new T[nc];
            for (int i = 0; i < size_; i++) nd[i] = std::move(data_[i]);
            delete[] data_;
            data_ = nd; cap_ = nc;
        }
        data_[size_++] = v;
    }
    HD int size() const { return size_; }
    HD int capacity() const { return cap_; }
    HD const T& operator[](int i) const { return data_[i]; }
};

template <class T, class D> class Owner {
    T* p_; D d_;
public:
    HD explicit Owner(T* p, D d) : p_(p), d_(d) {}
    HD Owner(Owner&& o) : p_(o.p_), d_(o.d_) { o.p_ = nullptr; }
    HD Owner(const Owner&) = delete;
    HD ~Owner() { if (p_) d_(p_); }
    HD T* get() const { return p_; }
    HD T* release() { T* p = p_; p_ = nullptr; return p; }
};
struct TreeDeleter { int* freed; HD void operator()(Node* n) const { *freed += height(n); delete n; } };

HD Owner<Node, TreeDeleter> build(const int* keys, int n, int* freed) {
    Node* root = nullptr;
    for (int i = 0; i < n; i++) root = insert(root, keys[i]);
    return Owner<Node, TreeDeleter>(root, TreeDeleter{freed});
}

HD void work(int t, int* row, int rowlen) {
    int keys[40];
    int n = 10 + t % 31;
    for (int i = 0; i < n; i++) keys[i] = (int)((i * 2654435761u + t * 40503u) >> 20) % 50;
    int freed = 0, at = 0;
    {
        auto tree = build(keys, n, &freed);
        auto moved = std::move(tree);          // ownership moves; the moved-from owner deletes nothing
        inorder(moved.get(), row + 2, at);
        row[0] = height(moved.get());
    }
    SmallVec<long long> sv;
    for (int i = 0; i < n; i++) sv.push((long long)keys[i] * keys[i] - i);
    long long s = 0;
    for (int i = 0; i < sv.size(); i++) s += sv[i] * (i + 1);
    row[1] = at * 1000 + freed;
    row[rowlen - 2] = (int)s;
    row[rowlen - 1] = sv.capacity();
}

__global__ void trees(int* out, int rowlen) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    work(t, out + t * rowlen, rowlen);
}

// a shared-memory free list: nodes are indices, next pointers live in shared memory
__global__ void freelist(int* out) {
    __shared__ int next[64];
    __shared__ int head;
    __shared__ int taken[48];
    int t = threadIdx.x;
    if (t < 64) next[t] = t + 1 < 64 ? t + 1 : -1;
    if (t == 0) head = 0;
    __syncthreads();
    // each thread pops one node with a CAS loop on the head
    int h = head, got;
    for (;;) {
        if (h < 0) { got = -1; break; }
        int nh = next[h];
        int seen = atomicCAS(&head, h, nh);
        if (seen == h) { got = h; break; }
        h = seen;
    }
    taken[t] = got;
    __syncthreads();
    if (t == 0) {
        unsigned long long mask = 0; int dupes = 0;
        for (int i = 0; i < (int)blockDim.x; i++) { if (taken[i] >= 0 && (mask >> taken[i] & 1)) dupes++; if (taken[i] >= 0) mask |= 1ull << taken[i]; }
        out[blockIdx.x * 2] = __popcll(mask);
        out[blockIdx.x * 2 + 1] = dupes * 1000 + head;
    }
}

int main() {
    const int threads = 96, rowlen = 48;
    int* d;
    cudaMalloc(&d, threads * rowlen * sizeof(int));
    cudaMemset(d, 0, threads * rowlen * sizeof(int));
    trees<<<2, 48>>>(d, rowlen);
    static int h[threads * rowlen], w[threads * rowlen];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < threads; t++) work(t, w + t * rowlen, rowlen);
    int bad = 0; long long s = 0;
    for (int i = 0; i < threads * rowlen; i++) { bad += h[i] != w[i]; s = s * 31 + h[i]; }
    int live;
    cudaMemcpyFromSymbol(&live, g_live, sizeof live);
    printf("trees: checksum %lld mismatches %d live nodes after %d (host %d)\n", s, bad, live, h_live);
    for (int t : {0, 1, 47, 48, 95}) printf("thread %d: height %d nodes*1000+freed %d last %d %d first keys %d %d %d\n", t, h[t * rowlen], h[t * rowlen + 1], h[t * rowlen + rowlen - 2], h[t * rowlen + rowlen - 1], h[t * rowlen + 2], h[t * rowlen + 3], h[t * rowlen + 4]);
    freelist<<<3, 48>>>(d);
    int f[6];
    cudaMemcpy(f, d, sizeof f, cudaMemcpyDeviceToHost);
    printf("free list: popped %d %d %d, dupes*1000+head %d %d %d\n", f[0], f[2], f[4], f[1], f[3], f[5]);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
