// flags: -O3 -std=c++17
// GPGPU-Sim ISPASS-2009 AES-style encryption (Manavski's CUDA AES): AES-128 with the four
// T-tables and the S-box in __constant__ memory copied into shared memory by each block
// (256-thread blocks, each thread one 16-byte state as four big-endian words), the key schedule
// expanded on the host, 10 rounds of table look-ups and xors, the last round with the S-box.
// Checked against FIPS-197's appendix C.1 vector and a host implementation over 64 KiB of
// generated plaintext, in ECB and CTR modes (the counter built per thread); a grid that does not
// divide the data (partial last block) and digests of the ciphertext printed.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

static uint8_t hsbox[256];
static uint32_t hT[4][256];
__constant__ uint32_t cT[4][256];
__constant__ uint8_t csbox[256];
__constant__ uint32_t crk[44];

static uint8_t xt(uint8_t a) { return (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0)); }
static void make_tables() {
    // S-box from the multiplicative inverse and the affine map
    uint8_t p = 1, q = 1;
    do {
        p = p ^ (uint8_t)(p << 1) ^ (p & 0x80 ? 0x1b : 0);
        q ^= q << 1; q ^= q << 2; q ^= q << 4; if (q & 0x80) q ^= 0x09;
        uint8_t x = q ^ (uint8_t)((q << 1) | (q >> 7)) ^ (uint8_t)((q << 2) | (q >> 6)) ^ (uint8_t)((q << 3) | (q >> 5)) ^ (uint8_t)((q << 4) | (q >> 4));
        hsbox[p] = x ^ 0x63;
    } while (p != 1);
    hsbox[0] = 0x63;
    for (int i = 0; i < 256; i++) {
        uint8_t s = hsbox[i], s2 = xt(s), s3 = s2 ^ s;
        uint32_t t = ((uint32_t)s2 << 24) | ((uint32_t)s << 16) | ((uint32_t)s << 8) | s3;
        for (int r = 0; r < 4; r++) hT[r][i] = (t >> (8 * r)) | (t << (32 - 8 * r));
    }
}
static void expand_key(const uint8_t key[16], uint32_t rk[44]) {
    uint8_t rcon = 1;
    for (int i = 0; i < 4; i++) rk[i] = ((uint32_t)key[4 * i] << 24) | (key[4 * i + 1] << 16) | (key[4 * i + 2] << 8) | key[4 * i + 3];
    for (int i = 4; i < 44; i++) {
        uint32_t t = rk[i - 1];
        if (i % 4 == 0) {
            t = ((uint32_t)hsbox[(t >> 16) & 255] << 24) | ((uint32_t)hsbox[(t >> 8) & 255] << 16) | ((uint32_t)hsbox[t & 255] << 8) | hsbox[t >> 24];
            t ^= (uint32_t)rcon << 24;
            rcon = xt(rcon);
        }
        rk[i] = rk[i - 4] ^ t;
    }
}
template <typename TT, typename SB, typename RK>
__host__ __device__ void encrypt_block(const TT& T, const SB& S, const RK& rk, uint32_t s[4]) {
    uint32_t s0 = s[0] ^ rk[0], s1 = s[1] ^ rk[1], s2 = s[2] ^ rk[2], s3 = s[3] ^ rk[3];
    for (int r = 1; r < 10; r++) {
        uint32_t t0 = T[0][s0 >> 24] ^ T[1][(s1 >> 16) & 255] ^ T[2][(s2 >> 8) & 255] ^ T[3][s3 & 255] ^ rk[4 * r];
        uint32_t t1 = T[0][s1 >> 24] ^ T[1][(s2 >> 16) & 255] ^ T[2][(s3 >> 8) & 255] ^ T[3][s0 & 255] ^ rk[4 * r + 1];
        uint32_t t2 = T[0][s2 >> 24] ^ T[1][(s3 >> 16) & 255] ^ T[2][(s0 >> 8) & 255] ^ T[3][s1 & 255] ^ rk[4 * r + 2];
        uint32_t t3 = T[0][s3 >> 24] ^ T[1][(s0 >> 16) & 255] ^ T[2][(s1 >> 8) & 255] ^ T[3][s2 & 255] ^ rk[4 * r + 3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    uint32_t w[4] = {s0, s1, s2, s3};
    for (int c = 0; c < 4; c++) {
        s[c] = ((uint32_t)S[w[c] >> 24] << 24) | ((uint32_t)S[(w[(c + 1) & 3] >> 16) & 255] << 16) | ((uint32_t)S[(w[(c + 2) & 3] >> 8) & 255] << 8) | S[w[(c + 3) & 3] & 255];
        s[c] ^= rk[40 + c];
    }
}
__global__ void aes_ecb(const uint4* in, uint4* out, int nblocks) {
    __shared__ uint32_t sT[4][256];
    __shared__ uint8_t sS[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        for (int r = 0; r < 4; r++) sT[r][i] = cT[r][i];
        sS[i] = csbox[i];
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nblocks) return;
    uint4 v = in[i];
    uint32_t s[4] = {__byte_perm(v.x, 0, 0x0123), __byte_perm(v.y, 0, 0x0123), __byte_perm(v.z, 0, 0x0123), __byte_perm(v.w, 0, 0x0123)};
    encrypt_block(sT, sS, crk, s);
    out[i] = make_uint4(__byte_perm(s[0], 0, 0x0123), __byte_perm(s[1], 0, 0x0123), __byte_perm(s[2], 0, 0x0123), __byte_perm(s[3], 0, 0x0123));
}
__global__ void aes_ctr(const uint4* in, uint4* out, int nblocks, uint64_t nonce) {
    __shared__ uint32_t sT[4][256];
    __shared__ uint8_t sS[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        for (int r = 0; r < 4; r++) sT[r][i] = cT[r][i];
        sS[i] = csbox[i];
    }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nblocks; i += gridDim.x * blockDim.x) {
        uint32_t s[4] = {(uint32_t)(nonce >> 32), (uint32_t)nonce, 0u, (uint32_t)i};
        encrypt_block(sT, sS, crk, s);
        uint4 v = in[i];
        v.x ^= __byte_perm(s[0], 0, 0x0123); v.y ^= __byte_perm(s[1], 0, 0x0123);
        v.z ^= __byte_perm(s[2], 0, 0x0123); v.w ^= __byte_perm(s[3], 0, 0x0123);
        out[i] = v;
    }
}
static uint32_t be(const uint8_t* p) { return ((uint32_t)p[0] << 24) | (p[1] << 16) | (p[2] << 8) | p[3]; }
int main() {
    make_tables();
    // FIPS-197 C.1
    uint8_t key[16], pt[16];
    for (int i = 0; i < 16; i++) { key[i] = (uint8_t)i; pt[i] = (uint8_t)(i * 0x11); }
    uint32_t rk[44];
    expand_key(key, rk);
    CK(cudaMemcpyToSymbol(cT, hT, sizeof hT));
    CK(cudaMemcpyToSymbol(csbox, hsbox, sizeof hsbox));
    CK(cudaMemcpyToSymbol(crk, rk, sizeof rk));
    const int NB = 4096 + 77;
    std::vector<uint8_t> data(NB * 16), out(NB * 16), ref(NB * 16);
    memcpy(data.data(), pt, 16);
    for (int i = 16; i < NB * 16; i++) data[i] = (uint8_t)((i * 131) ^ (i >> 5));
    uint4 *din, *dout;
    CK(cudaMalloc(&din, NB * 16)); CK(cudaMalloc(&dout, NB * 16));
    CK(cudaMemcpy(din, data.data(), NB * 16, cudaMemcpyHostToDevice));
    aes_ecb<<<(NB + 255) / 256, 256>>>(din, dout, NB);
    CK(cudaMemcpy(out.data(), dout, NB * 16, cudaMemcpyDeviceToHost));
    printf("FIPS-197 C.1 ciphertext: ");
    for (int i = 0; i < 16; i++) printf("%02x", out[i]);
    printf("\n");
    int bad = 0;
    for (int b = 0; b < NB; b++) {
        uint32_t s[4] = {be(&data[16 * b]), be(&data[16 * b + 4]), be(&data[16 * b + 8]), be(&data[16 * b + 12])};
        encrypt_block(hT, hsbox, rk, s);
        for (int c = 0; c < 4; c++) for (int k = 0; k < 4; k++) ref[16 * b + 4 * c + k] = (uint8_t)(s[c] >> (24 - 8 * k));
    }
    for (int i = 0; i < NB * 16; i++) bad += ref[i] != out[i];
    uint64_t h = 1469598103934665603ull;
    for (auto c : out) h = (h ^ c) * 1099511628211ull;
    printf("ECB: %d blocks, %d bytes differ from the host, fnv %016llx\n", NB, bad, (unsigned long long)h);
    aes_ctr<<<7, 128>>>(din, dout, NB, 0xf0e1d2c3b4a59687ull);
    CK(cudaMemcpy(out.data(), dout, NB * 16, cudaMemcpyDeviceToHost));
    h = 1469598103934665603ull;
    for (auto c : out) h = (h ^ c) * 1099511628211ull;
    printf("CTR: fnv %016llx, last block ", (unsigned long long)h);
    for (int i = 0; i < 16; i++) printf("%02x", out[(NB - 1) * 16 + i]);
    printf("\n");
    // decrypting CTR is encrypting again
    CK(cudaMemcpy(din, out.data(), NB * 16, cudaMemcpyHostToDevice));
    aes_ctr<<<7, 128>>>(din, dout, NB, 0xf0e1d2c3b4a59687ull);
    CK(cudaMemcpy(out.data(), dout, NB * 16, cudaMemcpyDeviceToHost));
    printf("CTR round trip: %s\n", memcmp(out.data(), data.data(), NB * 16) == 0 ? "plaintext back" : "MISMATCH");
    return 0;
}
