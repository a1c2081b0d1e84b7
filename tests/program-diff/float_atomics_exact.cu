// Floating-point atomics whose results do not depend on order (sums of values exactly
// representable at every partial sum): float/double atomicAdd on global and shared, __half and
// __half2 / __nv_bfloat16 / __nv_bfloat162 atomicAdd, atomicExch on float, a CAS-based float
// max, atomicAdd returning the old value used for slot allocation.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__device__ float atomicMaxFloat(float *addr, float v) {
    int *ai = (int *)addr, old = *ai, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= v) break;
        old = atomicCAS(ai, assumed, __float_as_int(v));
    } while (old != assumed);
    return __int_as_float(old);
}

__global__ void k(float *gf, double *gd, __half *gh, __half2 *gh2, __nv_bfloat16 *gb, __nv_bfloat162 *gb2, int *slots, int *order) {
    __shared__ float sf;
    __shared__ double sd;
    __shared__ __half2 sh2;
    int t = threadIdx.x, gid = blockIdx.x * blockDim.x + t;
    if (t == 0) { sf = 0; sd = 0; sh2 = __floats2half2_rn(0.f, 0.f); }
    __syncthreads();
    float v = (float)((gid % 16) + 1) * 0.125f;   // multiples of 1/8 below 2^20: exact sums
    atomicAdd(&gf[0], v);
    atomicAdd(&gf[1], -v * 1024.0f);
    atomicAdd(&sf, v);
    atomicAdd(&gd[0], (double)gid * 0.5);
    atomicAdd(&sd, 1.0 / 1024.0);
    atomicAdd(gh, __float2half(0.25f));          // 1000 * 0.25 = 250: exact in half at every step
    atomicAdd(gh2, __floats2half2_rn(1.0f, -0.5f));
    atomicAdd(&sh2, __floats2half2_rn(0.125f, 2.0f));
    atomicAdd(gb, __float2bfloat16(1.0f));        // bf16: exact up to 256
    atomicAdd(gb2, __floats2bfloat162_rn(0.5f, -2.0f));
    atomicMaxFloat(&gf[2], (float)((gid * 7919) % 1000) - 500.25f);
    float prev = atomicExch(&gf[3], (float)gid);
    (void)prev;
    int slot = atomicAdd(&slots[0], 1);
    order[slot] = gid;
    __syncthreads();
    if (t == 0) {
        atomicAdd(&gf[4], sf);
        atomicAdd(&gd[1], sd);
        atomicAdd(&gh2[1], sh2);
    }
}

int main() {
    const int blocks = 8, threads = 125, n = blocks * threads;
    float *gf; double *gd; __half *gh; __half2 *gh2; __nv_bfloat16 *gb; __nv_bfloat162 *gb2; int *slots, *order;
    cudaMalloc(&gf, 20); cudaMalloc(&gd, 16); cudaMalloc(&gh, 2); cudaMalloc(&gh2, 8); cudaMalloc(&gb, 2); cudaMalloc(&gb2, 4);
    cudaMalloc(&slots, 4); cudaMalloc(&order, n * 4);
    cudaMemset(gf, 0, 20); cudaMemset(gd, 0, 16); cudaMemset(gh, 0, 2); cudaMemset(gh2, 0, 8); cudaMemset(gb, 0, 2);
    cudaMemset(gb2, 0, 4); cudaMemset(slots, 0, 4);
    float neg = -1e30f; cudaMemcpy(gf + 2, &neg, 4, cudaMemcpyHostToDevice);
    k<<<blocks, threads>>>(gf, gd, gh, gh2, gb, gb2, slots, order);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    float hf[5]; double hd[2]; __half hh; __half2 hh2[2]; __nv_bfloat16 hb; __nv_bfloat162 hb2; int hs, ho[n];
    cudaMemcpy(hf, gf, 20, cudaMemcpyDeviceToHost); cudaMemcpy(hd, gd, 16, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hh, gh, 2, cudaMemcpyDeviceToHost); cudaMemcpy(hh2, gh2, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hb, gb, 2, cudaMemcpyDeviceToHost); cudaMemcpy(&hb2, gb2, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hs, slots, 4, cudaMemcpyDeviceToHost); cudaMemcpy(ho, order, sizeof ho, cudaMemcpyDeviceToHost);
    float wf = 0; for (int g = 0; g < n; g++) wf += ((g % 16) + 1) * 0.125f;
    printf("float sum %a (want %a) scaled %a max %a exch-valid %d shared-sum %a\n", hf[0], wf, hf[1], hf[2], hf[3] >= 0 && hf[3] < n && hf[3] == (int)hf[3], hf[4]);
    printf("double sum %a (want %a) shared %a\n", hd[0], n * (n - 1) / 4.0, hd[1]);
    printf("half %a half2 %a %a shared-half2 %a %a\n", __half2float(hh), __low2float(hh2[0]), __high2float(hh2[0]), __low2float(hh2[1]), __high2float(hh2[1]));
    printf("bf16 %a bf162 %a %a\n", __bfloat162float(hb), __low2float(hb2), __high2float(hb2));
    long long seen = 0; int dup = 0; static bool mark[n];
    for (int i = 0; i < n; i++) { if (ho[i] < 0 || ho[i] >= n || mark[ho[i]]) dup++; else { mark[ho[i]] = true; seen++; } }
    printf("slots %d distinct %lld dup %d\n", hs, seen, dup);
    return 0;
}
