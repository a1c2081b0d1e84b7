// Byte-oriented device code: per-line word counts and case folding over a text buffer with
// unaligned byte loads, a character-class table in __constant__ memory, uchar4 vector loads,
// and a parallel run-length encoding with a block-level scan; compared with the host.
#include <cstdio>
#include <cstring>
#include <vector>
#include <string>

__constant__ unsigned char cls[256];   // 1 letter, 2 digit, 4 space

__global__ void fold_and_count(const char *text, int n, char *out, int *words, int *digits) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned char c = (unsigned char)text[i];
    out[i] = (c >= 'a' && c <= 'z') ? c - 32 : c;
    bool starts = (cls[c] & 1) && (i == 0 || !(cls[(unsigned char)text[i - 1]] & 1));
    if (starts) atomicAdd(words, 1);
    if (cls[c] & 2) atomicAdd(digits, c - '0');
}

__global__ void vec_sum(const uchar4 *v, int n4, unsigned *out) {
    __shared__ unsigned s;
    if (threadIdx.x == 0) s = 0;
    __syncthreads();
    unsigned t = 0;
    for (int i = threadIdx.x; i < n4; i += blockDim.x) { uchar4 q = v[i]; t += q.x + 2u * q.y + 3u * q.z + 4u * q.w; }
    atomicAdd(&s, t);
    __syncthreads();
    if (threadIdx.x == 0) *out = s;
}

__global__ void rle_flags(const char *text, int n, int *starts) {
    // run starts, scanned within one block of 1024 threads over n <= 1024 * 8 bytes
    __shared__ int part[1024];
    int t = threadIdx.x, per = (n + 1023) / 1024, cnt = 0;
    for (int k = 0; k < per; k++) { int i = t * per + k; if (i < n && (i == 0 || text[i] != text[i - 1])) cnt++; }
    part[t] = cnt;
    __syncthreads();
    for (int off = 1; off < 1024; off <<= 1) {
        int v = t >= off ? part[t - off] : 0;
        __syncthreads();
        part[t] += v;
        __syncthreads();
    }
    if (t == 1023) *starts = part[1023];
}

int main() {
    std::string s;
    const char *words[] = {"alpha ", "Beta9 ", "  gamma\t", "42 ", "x", "yy  ", "Zeta-eta ", "0 ", "\n", "MiXeD7case "};
    for (int r = 0; r < 700; r++) s += words[(r * 7) % 10];
    int n = (int)s.size();
    unsigned char hcls[256] = {};
    for (int c = 0; c < 256; c++) hcls[c] = ((c | 32) >= 'a' && (c | 32) <= 'z') | ((c >= '0' && c <= '9') << 1) | ((c == ' ' || c == '\t' || c == '\n') << 2);
    cudaMemcpyToSymbol(cls, hcls, 256);
    char *dt, *dout; int *dw, *dd, *dstarts; unsigned *dsum;
    cudaMalloc(&dt, n + 4); cudaMalloc(&dout, n); cudaMalloc(&dw, 4); cudaMalloc(&dd, 4); cudaMalloc(&dsum, 4); cudaMalloc(&dstarts, 4);
    cudaMemset(dt, 0, n + 4);
    cudaMemcpy(dt, s.data(), n, cudaMemcpyHostToDevice);
    cudaMemset(dw, 0, 4); cudaMemset(dd, 0, 4);
    fold_and_count<<<(n + 255) / 256, 256>>>(dt + 1, n - 1, dout, dw, dd);   // unaligned start
    vec_sum<<<1, 96>>>((const uchar4 *)dt, n / 4, dsum);
    rle_flags<<<1, 1024>>>(dt, n, dstarts);
    printf("sync %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    std::vector<char> out(n);
    int w, d, starts; unsigned sum;
    cudaMemcpy(out.data(), dout, n - 1, cudaMemcpyDeviceToHost);
    cudaMemcpy(&w, dw, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&d, dd, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&sum, dsum, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&starts, dstarts, 4, cudaMemcpyDeviceToHost);
    int hw = 0, hd = 0, hs = 0, bad = 0; unsigned hsum = 0;
    for (int i = 1; i < n; i++) {
        unsigned char c = s[i];
        bool starts_ = (hcls[c] & 1) && (i == 1 || !(hcls[(unsigned char)s[i - 1]] & 1));
        hw += starts_; if (hcls[c] & 2) hd += c - '0';
        bad += out[i - 1] != ((c >= 'a' && c <= 'z') ? c - 32 : c);
    }
    for (int i = 0; i < n / 4 * 4; i++) hsum += (unsigned char)s[i] * (1u + i % 4);
    for (int i = 0; i < n; i++) hs += i == 0 || s[i] != s[i - 1];
    printf("n %d words %d/%d digits %d/%d fold-bad %d vecsum %u/%u runs %d/%d\n", n, w, hw, d, hd, bad, sum, hsum, starts, hs);
    printf("head: %.40s\n", out.data());
    return 0;
}
