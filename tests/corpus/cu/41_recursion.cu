// min-arch: sm_75
// Recursive __device__ functions (real call stack, .param passing, local depot): factorial, fibonacci,
// Ackermann-like mutual recursion, recursive quicksort on a per-thread local array, recursive binary search.

__device__ unsigned long long factorial(unsigned n) { return n <= 1 ? 1ull : n * factorial(n - 1); }

__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__device__ bool is_odd(unsigned n);
__device__ bool is_even(unsigned n) { return n == 0 ? true : is_odd(n - 1); }
__device__ bool is_odd(unsigned n) { return n == 0 ? false : is_even(n - 1); }

__device__ int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }

__device__ void quicksort(int *a, int lo, int hi) {
    if (lo >= hi) return;
    int p = a[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (a[i] < p) ++i;
        while (a[j] > p) --j;
        if (i <= j) {
            int t = a[i]; a[i] = a[j]; a[j] = t;
            ++i; --j;
        }
    }
    quicksort(a, lo, j);
    quicksort(a, i, hi);
}

__device__ int bsearch_rec(const int *a, int lo, int hi, int key) {
    if (lo > hi) return -1;
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key) return mid;
    return a[mid] < key ? bsearch_rec(a, mid + 1, hi, key) : bsearch_rec(a, lo, mid - 1, key);
}

extern "C" __global__ void recursion_kernel(const int *in, unsigned long long *fact, int *fibs, int *parity, int *g, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    fact[i] = factorial((unsigned)(v & 15));
    fibs[i] = fib(v & 15);
    parity[i] = is_even((unsigned)(v & 63)) ? 1 : 0;
    g[i] = gcd(v, 360);
}

extern "C" __global__ void sort_and_search(const int *in, int *sorted, int *found, int len, int key) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int buf[32];
    int m = len < 32 ? len : 32;
    for (int k = 0; k < m; ++k) buf[k] = in[t * len + k];
    quicksort(buf, 0, m - 1);
    for (int k = 0; k < m; ++k) sorted[t * len + k] = buf[k];
    found[t] = bsearch_rec(buf, 0, m - 1, key);
}
