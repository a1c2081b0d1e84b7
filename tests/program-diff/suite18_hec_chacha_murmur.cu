// flags: -O3 -Xptxas -v
// HeCBench-style integer kernels: ChaCha20 keystream blocks (RFC 8439's quarter round with
// 32-bit rotations; the 2.3.2 test vector checked), MurmurHash3 x64_128 of variable-length
// keys (64-bit multiplies, rotations, the fmix64 finalizer, tails read byte by byte), CRC-32
// with a __constant__ table of 256 words (one thread per message), and a xorshift1024* stream
// per thread. 64- and 96-thread blocks over counts that do not divide; exact hex digests.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define ROTL32(v, n) (((v) << (n)) | ((v) >> (32 - (n))))
#define QR(a, b, c, d) a += b; d ^= a; d = ROTL32(d, 16); c += d; b ^= c; b = ROTL32(b, 12); a += b; d ^= a; d = ROTL32(d, 8); c += d; b ^= c; b = ROTL32(b, 7);
__host__ __device__ void chacha_block(const uint32_t key[8], uint32_t counter, const uint32_t nonce[3], uint32_t out[16]) {
    uint32_t s[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
    for (int i = 0; i < 8; i++) s[4 + i] = key[i];
    s[12] = counter; s[13] = nonce[0]; s[14] = nonce[1]; s[15] = nonce[2];
    uint32_t x[16];
    for (int i = 0; i < 16; i++) x[i] = s[i];
    for (int r = 0; r < 10; r++) {
        QR(x[0], x[4], x[8], x[12]) QR(x[1], x[5], x[9], x[13]) QR(x[2], x[6], x[10], x[14]) QR(x[3], x[7], x[11], x[15])
        QR(x[0], x[5], x[10], x[15]) QR(x[1], x[6], x[11], x[12]) QR(x[2], x[7], x[8], x[13]) QR(x[3], x[4], x[9], x[14])
    }
    for (int i = 0; i < 16; i++) out[i] = x[i] + s[i];
}
__global__ void chacha_kernel(const uint32_t* key, const uint32_t* nonce, uint32_t first, int blocks, uint32_t* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= blocks) return;
    uint32_t k[8], n[3], o[16];
    for (int j = 0; j < 8; j++) k[j] = key[j];
    for (int j = 0; j < 3; j++) n[j] = nonce[j];
    chacha_block(k, first + i, n, o);
    for (int j = 0; j < 16; j++) out[i * 16 + j] = o[j];
}
__host__ __device__ inline uint64_t rotl64(uint64_t x, int8_t r) { return (x << r) | (x >> (64 - r)); }
__host__ __device__ inline uint64_t fmix64(uint64_t k) {
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL; k ^= k >> 33;
    return k;
}
__host__ __device__ void murmur3_x64_128(const uint8_t* data, int len, uint32_t seed, uint64_t out[2]) {
    const int nblocks = len / 16;
    uint64_t h1 = seed, h2 = seed;
    const uint64_t c1 = 0x87c37b91114253d5ULL, c2 = 0x4cf5ad432745937fULL;
    for (int i = 0; i < nblocks; i++) {
        uint64_t k1 = 0, k2 = 0;
        for (int b = 0; b < 8; b++) { k1 |= (uint64_t)data[i * 16 + b] << (8 * b); k2 |= (uint64_t)data[i * 16 + 8 + b] << (8 * b); }
        k1 *= c1; k1 = rotl64(k1, 31); k1 *= c2; h1 ^= k1;
        h1 = rotl64(h1, 27); h1 += h2; h1 = h1 * 5 + 0x52dce729;
        k2 *= c2; k2 = rotl64(k2, 33); k2 *= c1; h2 ^= k2;
        h2 = rotl64(h2, 31); h2 += h1; h2 = h2 * 5 + 0x38495ab5;
    }
    const uint8_t* tail = data + nblocks * 16;
    uint64_t k1 = 0, k2 = 0;
    switch (len & 15) {
    case 15: k2 ^= ((uint64_t)tail[14]) << 48; [[fallthrough]];
    case 14: k2 ^= ((uint64_t)tail[13]) << 40; [[fallthrough]];
    case 13: k2 ^= ((uint64_t)tail[12]) << 32; [[fallthrough]];
    case 12: k2 ^= ((uint64_t)tail[11]) << 24; [[fallthrough]];
    case 11: k2 ^= ((uint64_t)tail[10]) << 16; [[fallthrough]];
    case 10: k2 ^= ((uint64_t)tail[9]) << 8; [[fallthrough]];
    case 9: k2 ^= ((uint64_t)tail[8]) << 0; k2 *= c2; k2 = rotl64(k2, 33); k2 *= c1; h2 ^= k2; [[fallthrough]];
    case 8: k1 ^= ((uint64_t)tail[7]) << 56; [[fallthrough]];
    case 7: k1 ^= ((uint64_t)tail[6]) << 48; [[fallthrough]];
    case 6: k1 ^= ((uint64_t)tail[5]) << 40; [[fallthrough]];
    case 5: k1 ^= ((uint64_t)tail[4]) << 32; [[fallthrough]];
    case 4: k1 ^= ((uint64_t)tail[3]) << 24; [[fallthrough]];
    case 3: k1 ^= ((uint64_t)tail[2]) << 16; [[fallthrough]];
    case 2: k1 ^= ((uint64_t)tail[1]) << 8; [[fallthrough]];
    case 1: k1 ^= ((uint64_t)tail[0]) << 0; k1 *= c1; k1 = rotl64(k1, 31); k1 *= c2; h1 ^= k1;
    }
    h1 ^= len; h2 ^= len;
    h1 += h2; h2 += h1;
    h1 = fmix64(h1); h2 = fmix64(h2);
    h1 += h2; h2 += h1;
    out[0] = h1; out[1] = h2;
}
__global__ void murmur_kernel(const uint8_t* data, const int* offs, int n, uint64_t* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t h[2];
    murmur3_x64_128(data + offs[i], offs[i + 1] - offs[i], 0x9747b28c, h);
    out[2 * i] = h[0]; out[2 * i + 1] = h[1];
}
__constant__ uint32_t crc_table[256];
__global__ void crc_kernel(const uint8_t* data, const int* offs, int n, uint32_t* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t c = 0xffffffffu;
    for (int p = offs[i]; p < offs[i + 1]; p++) c = crc_table[(c ^ data[p]) & 0xff] ^ (c >> 8);
    out[i] = c ^ 0xffffffffu;
}
__global__ void xorshift1024(int n, int steps, uint64_t* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    uint64_t s[16];
    uint64_t z = 0x9E3779B97F4A7C15ULL * (t + 1);
    for (int i = 0; i < 16; i++) { z += 0x9E3779B97F4A7C15ULL; uint64_t q = z; q = (q ^ (q >> 30)) * 0xBF58476D1CE4E5B9ULL; q = (q ^ (q >> 27)) * 0x94D049BB133111EBULL; s[i] = q ^ (q >> 31); }
    int p = 0;
    uint64_t acc = 0;
    for (int k = 0; k < steps; k++) {
        const uint64_t s0 = s[p];
        uint64_t s1 = s[p = (p + 1) & 15];
        s1 ^= s1 << 31;
        s[p] = s1 ^ s0 ^ (s1 >> 11) ^ (s0 >> 30);
        acc ^= s[p] * 1181783497276652981ULL;
    }
    out[t] = acc;
}
int main() {
    uint32_t key[8], nonce[3] = {0x09000000, 0x4a000000, 0x00000000};
    for (int i = 0; i < 8; i++) key[i] = (uint32_t)(4 * i) | (uint32_t)(4 * i + 1) << 8 | (uint32_t)(4 * i + 2) << 16 | (uint32_t)(4 * i + 3) << 24;
    const int NB = 1000;
    uint32_t *dk, *dn, *dout;
    CK(cudaMalloc(&dk, 32)); CK(cudaMalloc(&dn, 12)); CK(cudaMalloc(&dout, NB * 64));
    CK(cudaMemcpy(dk, key, 32, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dn, nonce, 12, cudaMemcpyHostToDevice));
    chacha_kernel<<<(NB + 63) / 64, 64>>>(dk, dn, 1, NB, dout);
    std::vector<uint32_t> ks(NB * 16);
    CK(cudaMemcpy(ks.data(), dout, NB * 64, cudaMemcpyDeviceToHost));
    printf("chacha20 block 1 (RFC 8439 2.3.2):");
    for (int i = 0; i < 16; i++) printf(" %08x", ks[i]);
    printf("\n");
    uint32_t x = 0; for (auto w : ks) x = (x * 2654435761u) ^ w;
    printf("  %d blocks, digest %08x, last word %08x\n", NB, x, ks[NB * 16 - 1]);
    // messages of lengths 0..600
    const int NM = 601;
    std::vector<int> offs(NM + 1, 0);
    for (int i = 0; i < NM; i++) offs[i + 1] = offs[i] + i;
    std::vector<uint8_t> data(offs[NM]);
    for (size_t i = 0; i < data.size(); i++) data[i] = (uint8_t)(i * 131 + (i >> 7));
    memcpy(data.data() + offs[43], "The quick brown fox jumps over the lazy dog", 43);
    uint8_t* dd; int* doffs; uint64_t* dh; uint32_t* dc;
    CK(cudaMalloc(&dd, data.size())); CK(cudaMalloc(&doffs, offs.size() * 4)); CK(cudaMalloc(&dh, NM * 16)); CK(cudaMalloc(&dc, NM * 4));
    CK(cudaMemcpy(dd, data.data(), data.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(doffs, offs.data(), offs.size() * 4, cudaMemcpyHostToDevice));
    murmur_kernel<<<(NM + 95) / 96, 96>>>(dd, doffs, NM, dh);
    std::vector<uint64_t> h(NM * 2);
    CK(cudaMemcpy(h.data(), dh, NM * 16, cudaMemcpyDeviceToHost));
    int bad = 0; uint64_t hx = 0;
    for (int i = 0; i < NM; i++) { uint64_t r[2]; murmur3_x64_128(data.data() + offs[i], i, 0x9747b28c, r); bad += r[0] != h[2 * i] || r[1] != h[2 * i + 1]; hx ^= h[2 * i] + 3 * h[2 * i + 1]; }
    printf("murmur3_x64_128: %d differ from host, xor %016llx, fox %016llx%016llx\n", bad, (unsigned long long)hx, (unsigned long long)h[86], (unsigned long long)h[87]);
    uint32_t table[256];
    for (uint32_t i = 0; i < 256; i++) { uint32_t c = i; for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1; table[i] = c; }
    CK(cudaMemcpyToSymbol(crc_table, table, sizeof table));
    crc_kernel<<<(NM + 95) / 96, 96>>>(dd, doffs, NM, dc);
    std::vector<uint32_t> crc(NM);
    CK(cudaMemcpy(crc.data(), dc, NM * 4, cudaMemcpyDeviceToHost));
    uint32_t cx = 0; for (auto c : crc) cx = cx * 31 + c;
    printf("crc32: fox %08x (want 414fa339), empty %08x, combined %08x\n", crc[43], crc[0], cx);
    uint64_t* dx;
    CK(cudaMalloc(&dx, 777 * 8));
    xorshift1024<<<(777 + 63) / 64, 64>>>(777, 1000, dx);
    std::vector<uint64_t> xs(777);
    CK(cudaMemcpy(xs.data(), dx, 777 * 8, cudaMemcpyDeviceToHost));
    uint64_t xx = 0; for (auto v : xs) xx = xx * 1099511628211ULL + v;
    printf("xorshift1024*: %016llx first %016llx\n", (unsigned long long)xx, (unsigned long long)xs[0]);
    return 0;
}
