// flags: -O3
// Rodinia huffman (the VLC encoder of Balevic's "Parallel variable-length encoding on GPGPUs"):
// a Huffman code built on the host for a skewed 256-symbol alphabet, codewords and lengths in
// __constant__ memory; vlc_encode_kernel_sm64huff: each thread encodes 4 symbols into a 64-bit
// word (code lengths summed), a block-wide exclusive scan of the bit counts in shared memory
// (work-efficient up/down sweep), then each word written at its bit offset into 32-bit output
// words with atomicOr (a word may straddle two); the block's total in bits stored, then
// pack2: the blocks' outputs concatenated after a host scan of their sizes. Decoded on the
// host and compared; exact.
#include <cstdio>
#include <cstdint>
#include <vector>
#include <queue>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NUM_SYMBOLS 256
#define THREADS 256
__constant__ unsigned int d_codewords[NUM_SYMBOLS];
__constant__ unsigned int d_codewordlens[NUM_SYMBOLS];
__global__ void vlc_encode(const unsigned int* data, unsigned int* out, unsigned int* outidx) {
    // data: 4 symbols per 32-bit word; one word per thread
    __shared__ unsigned int sm[THREADS];
    __shared__ unsigned int kcmax;
    unsigned int kn = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int k = threadIdx.x;
    unsigned long long cw64 = 0;
    unsigned int codewordlen = 0;
    unsigned int val32 = data[kn];
    for (int i = 0; i < 4; i++) {
        unsigned char sym = (unsigned char)(val32 >> (24 - 8 * i));
        unsigned int len = d_codewordlens[sym];
        cw64 = (cw64 << len) | d_codewords[sym];
        codewordlen += len;
    }
    sm[k] = codewordlen;
    __syncthreads();
    // exclusive scan (Blelloch)
    unsigned int offset = 1;
    for (unsigned int d = THREADS >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (k < d) {
            unsigned int ai = offset * (2 * k + 1) - 1, bi = offset * (2 * k + 2) - 1;
            sm[bi] += sm[ai];
        }
        offset *= 2;
    }
    if (k == 0) { kcmax = sm[THREADS - 1]; sm[THREADS - 1] = 0; }
    for (unsigned int d = 1; d < THREADS; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (k < d) {
            unsigned int ai = offset * (2 * k + 1) - 1, bi = offset * (2 * k + 2) - 1;
            unsigned int t = sm[ai];
            sm[ai] = sm[bi];
            sm[bi] += t;
        }
    }
    __syncthreads();
    unsigned int bitpos = sm[k];
    __syncthreads();
    // zero this block's output area, then or the bits in
    unsigned int* blockout = out + blockIdx.x * (THREADS * 2);
    blockout[2 * k] = 0; blockout[2 * k + 1] = 0;
    __syncthreads();
    unsigned int wrd = bitpos / 32, bit = bitpos % 32;
    // the codeword occupies bits [bitpos, bitpos + codewordlen) MSB first
    unsigned int remaining = codewordlen;
    while (remaining > 0) {
        unsigned int room = 32 - bit;
        unsigned int take = remaining < room ? remaining : room;
        unsigned int chunk = (unsigned int)((cw64 >> (remaining - take)) & ((1ull << take) - 1));
        atomicOr(&blockout[wrd], chunk << (room - take));
        remaining -= take;
        wrd++;
        bit = 0;
    }
    if (k == THREADS - 1) outidx[blockIdx.x] = kcmax;
}
__global__ void pack2(const unsigned int* srcData, const unsigned int* cindex, const unsigned int* cindex2, unsigned int* dstData, unsigned int original_num_block_elements) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int offset = tid * original_num_block_elements;
    unsigned int bitsize = cindex[tid];
    unsigned int pos = cindex2[tid], dword = pos / 32, bit = pos % 32;
    unsigned int words = (bitsize + 31) / 32;
    for (unsigned int i = 0; i < words; i++) {
        unsigned int dw = srcData[offset + i];
        unsigned int valid = (i == words - 1 && bitsize % 32) ? bitsize % 32 : 32;
        dw &= valid == 32 ? 0xffffffffu : (0xffffffffu << (32 - valid));
        atomicOr(&dstData[dword + i], dw >> bit);
        if (bit) atomicOr(&dstData[dword + i + 1], dw << (32 - bit));
    }
}
int main() {
    // skewed frequencies: symbol s has weight ~ 1000 / (1 + s % 40) + 1
    std::vector<unsigned long long> freq(NUM_SYMBOLS);
    for (int s = 0; s < NUM_SYMBOLS; s++) freq[s] = 1000 / (1 + s % 40) + 1 + (s % 7);
    // Huffman code lengths by a priority queue, then canonical codes
    typedef std::pair<unsigned long long, int> P;
    std::priority_queue<P, std::vector<P>, std::greater<P>> pq;
    std::vector<int> parent(2 * NUM_SYMBOLS, -1);
    for (int s = 0; s < NUM_SYMBOLS; s++) pq.push({freq[s], s});
    int next = NUM_SYMBOLS;
    while (pq.size() > 1) {
        P a = pq.top(); pq.pop(); P b = pq.top(); pq.pop();
        parent[a.second] = next; parent[b.second] = next;
        pq.push({a.first + b.first, next++});
    }
    std::vector<unsigned> len(NUM_SYMBOLS), code(NUM_SYMBOLS);
    for (int s = 0; s < NUM_SYMBOLS; s++) { int d = 0; for (int n = s; parent[n] != -1; n = parent[n]) d++; len[s] = d; }
    std::vector<int> order(NUM_SYMBOLS);
    for (int s = 0; s < NUM_SYMBOLS; s++) order[s] = s;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return len[a] != len[b] ? len[a] < len[b] : a < b; });
    unsigned c = 0, pl = len[order[0]];
    for (int i = 0; i < NUM_SYMBOLS; i++) { int s = order[i]; c <<= (len[s] - pl); pl = len[s]; code[s] = c++; }
    unsigned maxlen = *std::max_element(len.begin(), len.end());
    printf("huffman: lengths %u..%u\n", len[order[0]], maxlen);
    CK(cudaMemcpyToSymbol(d_codewords, code.data(), NUM_SYMBOLS * 4));
    CK(cudaMemcpyToSymbol(d_codewordlens, len.data(), NUM_SYMBOLS * 4));
    const int blocks = 40, nwords = blocks * THREADS;
    std::vector<unsigned> data(nwords);
    unsigned x = 12345;
    std::vector<unsigned char> syms(nwords * 4);
    for (int i = 0; i < nwords * 4; i++) {
        x = x * 1664525u + 1013904223u;
        unsigned r = (x >> 8) % 1000;
        syms[i] = (unsigned char)(r < 600 ? r % 40 : r % 256);
    }
    for (int i = 0; i < nwords; i++) data[i] = (syms[4 * i] << 24) | (syms[4 * i + 1] << 16) | (syms[4 * i + 2] << 8) | syms[4 * i + 3];
    unsigned *dd, *dout, *didx, *didx2, *dpacked;
    CK(cudaMalloc(&dd, nwords * 4)); CK(cudaMalloc(&dout, nwords * 2 * 4)); CK(cudaMalloc(&didx, blocks * 4)); CK(cudaMalloc(&didx2, blocks * 4));
    CK(cudaMalloc(&dpacked, nwords * 2 * 4));
    CK(cudaMemcpy(dd, data.data(), nwords * 4, cudaMemcpyHostToDevice));
    vlc_encode<<<blocks, THREADS>>>(dd, dout, didx);
    CK(cudaGetLastError());
    std::vector<unsigned> bits(blocks), starts(blocks);
    CK(cudaMemcpy(bits.data(), didx, blocks * 4, cudaMemcpyDeviceToHost));
    unsigned total = 0;
    for (int b = 0; b < blocks; b++) { starts[b] = total; total += bits[b]; }
    CK(cudaMemcpy(didx2, starts.data(), blocks * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(dpacked, 0, nwords * 2 * 4));
    pack2<<<blocks / 8, 8>>>(dout, didx, didx2, dpacked, THREADS * 2);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned> packed((total + 31) / 32);
    CK(cudaMemcpy(packed.data(), dpacked, packed.size() * 4, cudaMemcpyDeviceToHost));
    // decode on the host
    int decoded_ok = 0;
    unsigned pos = 0;
    for (int i = 0; i < nwords * 4; i++) {
        unsigned cur = 0, l = 0;
        int found = -1;
        while (l < maxlen && found < 0) {
            unsigned bitv = (packed[pos / 32] >> (31 - pos % 32)) & 1;
            cur = (cur << 1) | bitv; l++; pos++;
            for (int s = 0; s < NUM_SYMBOLS; s++) if (len[s] == l && code[s] == cur) { found = s; break; }
        }
        decoded_ok += found == syms[i];
    }
    unsigned h = 0; for (unsigned w : packed) h = h * 2654435761u ^ w;
    printf("encoded %d symbols into %u bits (%.4f bits/symbol); block 0 %u bits, block 39 %u bits\n", nwords * 4, total, (double)total / (nwords * 4), bits[0], bits[39]);
    printf("decoded %d of %d symbols correctly; packed digest %08x, first words %08x %08x\n", decoded_ok, nwords * 4, h, packed[0], packed[1]);
    return 0;
}
