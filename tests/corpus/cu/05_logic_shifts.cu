// min-arch: sm_75
// Logic ops and shifts: expressions that fold into lop3.b32, shl/shr (logical and arithmetic),
// 32/64-bit rotates (shf), clamped shift amounts, boolean logic and select.

__device__ __forceinline__ unsigned rotl32(unsigned x, unsigned s) { return (x << (s & 31)) | (x >> ((32 - s) & 31)); }
__device__ __forceinline__ unsigned long long rotr64(unsigned long long x, unsigned s) {
    return (x >> (s & 63)) | (x << ((64 - s) & 63));
}

extern "C" __global__ void lop3_exprs(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], y = b[i], z = c[i];
    unsigned r = (x & y) | (~x & z);     // select (ch)
    r ^= (x & y) ^ (x & z) ^ (y & z);    // majority
    r += x ^ y ^ z;                      // parity
    r ^= ~(x | y) & z;
    r += (x | ~y) ^ z;
    out[i] = r;
}

extern "C" __global__ void shifts_rotates(const unsigned *a, const int *s, const unsigned long long *w,
                                          unsigned *out, int *outs, unsigned long long *outw, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i];
    int sv = s[i];
    unsigned amt = (unsigned)sv & 31u;
    out[i] = (x << amt) ^ (x >> amt) ^ rotl32(x, amt) ^ rotl32(x, 7);
    outs[i] = (sv >> 3) ^ (sv >> amt) ^ (int)((unsigned)sv >> 5);
    unsigned long long v = w[i];
    outw[i] = (v << amt) ^ (v >> (amt + 1)) ^ rotr64(v, amt + 13) ^ ((long long)v >> 40);
}

// Boolean logic and predicated selects
extern "C" __global__ void bool_logic(const int *a, const int *b, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bool p = a[i] > 0, q = b[i] < 10, r = (a[i] ^ b[i]) & 1;
    bool t = (p && !q) || (q != r) || (p && r);
    out[i] = t ? a[i] : (p ? b[i] : -1);
}

// SHA-256 style compression round (heavy lop3/shf use)
__device__ __forceinline__ unsigned rotr(unsigned x, int n) { return (x >> n) | (x << (32 - n)); }
extern "C" __global__ void sha_rounds(const unsigned *state_in, const unsigned *w, unsigned *state_out, int rounds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned s[8];
    for (int k = 0; k < 8; ++k) s[k] = state_in[t * 8 + k];
    for (int r = 0; r < rounds; ++r) {
        unsigned a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
        unsigned S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        unsigned ch = (e & f) ^ (~e & g);
        unsigned t1 = h + S1 + ch + 0x428a2f98u + w[(r & 15)];
        unsigned S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        unsigned maj = (a & b) ^ (a & c) ^ (b & c);
        unsigned t2 = S0 + maj;
        s[7] = g; s[6] = f; s[5] = e; s[4] = d + t1; s[3] = c; s[2] = b; s[1] = a; s[0] = t1 + t2;
    }
    for (int k = 0; k < 8; ++k) state_out[t * 8 + k] = s[k];
}
