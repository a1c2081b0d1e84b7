// simpleAtomicIntrinsics and beyond: every atomic function on int, unsigned, 64-bit, float, double,
// 16-bit CAS, half2/bfloat162 adds, block/system scopes, inc/dec wrap-around.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void k(int *gi, unsigned *gu, unsigned long long *gl, long long *gs, float *gf, double *gd,
                  unsigned short *g16, __half2 *gh, __nv_bfloat162 *gb) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&gi[0], 10); atomicSub(&gi[1], 10); atomicExch(&gi[2], t);
  atomicMax(&gi[3], t * 7 % 97 - 40); atomicMin(&gi[4], t * 7 % 97 - 40);
  atomicAnd(&gi[5], ~(1 << (t % 31))); atomicOr(&gi[6], 1 << (t % 31)); atomicXor(&gi[7], t);
  atomicInc(&gu[0], 17); atomicDec(&gu[1], 23);
  int old; do { old = gi[8]; } while (atomicCAS(&gi[8], old, old + 3) != old);
  atomicAdd(&gl[0], 1ull << 33); atomicMax(&gl[1], (unsigned long long)t * 0x100000001ull);
  atomicMin(&gs[0], -(long long)t * 1000000007LL); atomicMax(&gs[1], (long long)t * -3);
  atomicAnd(&gl[2], ~(1ull << (t % 63))); atomicOr(&gl[3], 1ull << (t % 64)); atomicXor(&gl[4], (unsigned long long)t << 40);
  atomicCAS(&gl[5], 0ull, (unsigned long long)t + 1);
  atomicAdd(&gf[0], 0.5f); atomicExch(&gf[1], (float)t);
  atomicAdd(&gd[0], 0.25); atomicAdd_block(&gi[9], 1); atomicAdd_system(&gi[10], 2);
  unsigned short o16; do { o16 = g16[0]; } while (atomicCAS(&g16[0], o16, (unsigned short)(o16 + 1)) != o16);
  atomicAdd(gh, __floats2half2_rn(0.5f, 1.0f));
  atomicAdd(gb, __floats2bfloat162_rn(0.25f, 2.0f));
  atomicMax(&gu[2], (unsigned)t * 2654435761u); atomicMin(&gu[3], (unsigned)t * 2654435761u | 1);
}
int main() {
  int *gi; unsigned *gu; unsigned long long *gl; long long *gs; float *gf; double *gd; unsigned short *g16; __half2 *gh; __nv_bfloat162 *gb;
  cudaMallocManaged(&gi, 16 * 4); cudaMallocManaged(&gu, 16 * 4); cudaMallocManaged(&gl, 8 * 8); cudaMallocManaged(&gs, 2 * 8);
  cudaMallocManaged(&gf, 8); cudaMallocManaged(&gd, 8); cudaMallocManaged(&g16, 2); cudaMallocManaged(&gh, 4); cudaMallocManaged(&gb, 4);
  int ii[16] = {0, 0, -1, -1000, 1000, -1, 0, 0, 5, 0, 0}; memcpy(gi, ii, sizeof ii);
  unsigned uu[4] = {0, 0, 0, 0xffffffffu}; memcpy(gu, uu, sizeof uu);
  unsigned long long ll[8] = {0, 0, ~0ull, 0, 0, 0}; memcpy(gl, ll, sizeof ll);
  gs[0] = 0; gs[1] = -1LL << 60; gf[0] = 0; gf[1] = -1; gd[0] = 0; g16[0] = 65000;
  *gh = __floats2half2_rn(0, 0); *gb = __floats2bfloat162_rn(0, 0);
  k<<<8, 128>>>(gi, gu, gl, gs, gf, gd, g16, gh, gb);
  cudaDeviceSynchronize();
  printf("int: add %d sub %d max %d min %d and %08x or %08x xor %d cas %d block %d system %d exch in range %d\n",
         gi[0], gi[1], gi[3], gi[4], gi[5], gi[6], gi[7], gi[8], gi[9], gi[10], gi[2] >= 0 && gi[2] < 1024);
  printf("unsigned: inc %u dec %u max %08x min %08x\n", gu[0], gu[1], gu[2], gu[3]);
  printf("u64: add %llx max %llx and %llx or %llx xor %llx cas-set %d\n", gl[0], gl[1], gl[2], gl[3], gl[4], gl[5] >= 1 && gl[5] <= 1024);
  printf("s64: min %lld max %lld\n", gs[0], gs[1]);
  printf("float add %.2f exch in range %d double add %.2f u16 cas %u\n", gf[0], gf[1] >= 0 && gf[1] < 1024, gd[0], g16[0]);
  printf("half2 %.1f %.1f bf162 %.1f %.1f\n", __low2float(*gh), __high2float(*gh), __low2float(*gb), __high2float(*gb));
  printf("err %s\n", cudaGetErrorName(cudaGetLastError()));
}
