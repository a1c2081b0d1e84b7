// Hashing kernels over byte buffers: CRC-32 (reflected, table in __constant__ memory) with one
// thread per message of varying length and unaligned starts, SHA-256 of 64-byte blocks per
// thread (rotations via __funnelshift_r, big-endian loads via __byte_perm), and a 64-bit
// FNV-1a / xxhash-style mixer using __umul64hi; digests compared with host implementations.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>

__constant__ uint32_t c_crc[256];
__constant__ uint32_t c_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
static const uint32_t h_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

__global__ void crc32_msgs(const uint8_t* __restrict__ buf, const int* __restrict__ off, const int* __restrict__ len, uint32_t* out, int count) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    uint32_t c = 0xffffffffu;
    for (int k = 0; k < len[i]; ++k) c = c_crc[(c ^ buf[off[i] + k]) & 0xff] ^ (c >> 8);
    out[i] = ~c;
}

__device__ __forceinline__ uint32_t rotr(uint32_t x, int n) { return __funnelshift_r(x, x, n); }

__global__ void sha256_blocks(const uint32_t* __restrict__ words, uint32_t* digest, int count) {   // one padded 64-byte block per thread
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    uint32_t w[64];
    for (int t = 0; t < 16; ++t) w[t] = __byte_perm(words[i * 16 + t], 0, 0x0123);   // big-endian
    for (int t = 16; t < 64; ++t) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3), s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}, v[8];
    for (int k = 0; k < 8; ++k) v[k] = h[k];
    for (int t = 0; t < 64; ++t) {
        uint32_t S1 = rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25), ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
        uint32_t t1 = v[7] + S1 + ch + c_k[t] + w[t];
        uint32_t S0 = rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22), maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
        uint32_t t2 = S0 + maj;
        v[7] = v[6]; v[6] = v[5]; v[5] = v[4]; v[4] = v[3] + t1; v[3] = v[2]; v[2] = v[1]; v[1] = v[0]; v[0] = t1 + t2;
    }
    for (int k = 0; k < 8; ++k) digest[i * 8 + k] = h[k] + v[k];
}

__global__ void mix64(const uint64_t* __restrict__ in, uint64_t* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t x = in[i], acc = 0xcbf29ce484222325ull;
    for (int r = 0; r < 8; ++r) {
        uint64_t lo = x * 0x9e3779b97f4a7c15ull, hi = __umul64hi(x, 0x9e3779b97f4a7c15ull);
        acc = (acc ^ (lo ^ hi)) * 0x100000001b3ull;
        x = (x << 23 | x >> 41) + r;
    }
    out[i] = acc;
}

static uint32_t host_rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

int main() {
    uint32_t table[256];
    for (uint32_t i = 0; i < 256; ++i) { uint32_t c = i; for (int k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1; table[i] = c; }
    cudaMemcpyToSymbol(c_crc, table, sizeof table);
    const int count = 500;
    std::vector<uint8_t> buf(200000);
    for (size_t i = 0; i < buf.size(); ++i) buf[i] = (uint8_t)(i * 131 ^ (i >> 7));
    std::vector<int> off(count), len(count);
    for (int i = 0; i < count; ++i) { off[i] = (i * 397) % 150000 + (i % 3); len[i] = i % 17 == 0 ? 0 : (i * 53) % 900 + 1; }
    uint8_t* db; int *doff, *dlen; uint32_t* dout;
    cudaMalloc(&db, buf.size()); cudaMalloc(&doff, count * 4); cudaMalloc(&dlen, count * 4); cudaMalloc(&dout, count * 32);
    cudaMemcpy(db, buf.data(), buf.size(), cudaMemcpyHostToDevice); cudaMemcpy(doff, off.data(), count * 4, cudaMemcpyHostToDevice); cudaMemcpy(dlen, len.data(), count * 4, cudaMemcpyHostToDevice);
    crc32_msgs<<<(count + 63) / 64, 64>>>(db, doff, dlen, dout, count);
    std::vector<uint32_t> crc(count);
    cudaMemcpy(crc.data(), dout, count * 4, cudaMemcpyDeviceToHost);
    int bad = 0; uint32_t x = 0;
    for (int i = 0; i < count; ++i) { uint32_t c = 0xffffffffu; for (int k = 0; k < len[i]; ++k) c = table[(c ^ buf[off[i] + k]) & 0xff] ^ (c >> 8); bad += ~c != crc[i]; x ^= crc[i] * (i + 1); }
    printf("crc32: %08x %08x xor %08x mismatches %d\n", crc[1], crc[2], x, bad);
    // SHA-256 of short messages (one block each): message i is "cuprite-" followed by i in decimal
    std::vector<uint32_t> words(count * 16, 0);
    for (int i = 0; i < count; ++i) {
        uint8_t blk[64] = {}; int l = snprintf((char*)blk, 56, "cuprite-%d", i);
        blk[l] = 0x80; uint64_t bits = (uint64_t)l * 8;
        for (int k = 0; k < 8; ++k) blk[63 - k] = (uint8_t)(bits >> (8 * k));
        memcpy(&words[i * 16], blk, 64);
    }
    uint32_t* dw; cudaMalloc(&dw, words.size() * 4);
    cudaMemcpy(dw, words.data(), words.size() * 4, cudaMemcpyHostToDevice);
    sha256_blocks<<<(count + 95) / 96, 96>>>(dw, dout, count);
    std::vector<uint32_t> dig(count * 8);
    cudaMemcpy(dig.data(), dout, count * 32, cudaMemcpyDeviceToHost);
    bad = 0;
    for (int i = 0; i < count; ++i) {
        uint32_t w[64];
        for (int t = 0; t < 16; ++t) { uint32_t le = words[i * 16 + t]; w[t] = __builtin_bswap32(le); }
        for (int t = 16; t < 64; ++t) w[t] = w[t - 16] + (host_rotr(w[t - 15], 7) ^ host_rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)) + w[t - 7] + (host_rotr(w[t - 2], 17) ^ host_rotr(w[t - 2], 19) ^ (w[t - 2] >> 10));
        uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}, v[8];
        memcpy(v, h, 32);
        for (int t = 0; t < 64; ++t) {
            uint32_t t1 = v[7] + (host_rotr(v[4], 6) ^ host_rotr(v[4], 11) ^ host_rotr(v[4], 25)) + ((v[4] & v[5]) ^ (~v[4] & v[6])) + h_k[t] + w[t];
            uint32_t t2 = (host_rotr(v[0], 2) ^ host_rotr(v[0], 13) ^ host_rotr(v[0], 22)) + ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
            v[7] = v[6]; v[6] = v[5]; v[5] = v[4]; v[4] = v[3] + t1; v[3] = v[2]; v[2] = v[1]; v[1] = v[0]; v[0] = t1 + t2;
        }
        for (int k = 0; k < 8; ++k) bad += h[k] + v[k] != dig[i * 8 + k];
    }
    printf("sha256(\"cuprite-0\") = "); for (int k = 0; k < 8; ++k) printf("%08x", dig[k]); printf(" mismatches %d\n", bad);
    std::vector<uint64_t> in(1000), out(1000);
    for (int i = 0; i < 1000; ++i) in[i] = (uint64_t)i * 0x0123456789abcdefull ^ ((uint64_t)i << 60);
    uint64_t *di, *dO; cudaMalloc(&di, 8000); cudaMalloc(&dO, 8000);
    cudaMemcpy(di, in.data(), 8000, cudaMemcpyHostToDevice);
    mix64<<<8, 128>>>(di, dO, 1000);
    cudaMemcpy(out.data(), dO, 8000, cudaMemcpyDeviceToHost);
    bad = 0;
    for (int i = 0; i < 1000; ++i) {
        uint64_t x = in[i], acc = 0xcbf29ce484222325ull;
        for (int r = 0; r < 8; ++r) { unsigned __int128 p = (unsigned __int128)x * 0x9e3779b97f4a7c15ull; acc = (acc ^ ((uint64_t)p ^ (uint64_t)(p >> 64))) * 0x100000001b3ull; x = (x << 23 | x >> 41) + r; }
        bad += acc != out[i];
    }
    printf("mix64: %016llx mismatches %d\n", (unsigned long long)out[999], bad);
    return 0;
}
