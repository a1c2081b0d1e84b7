// sm_90 bulk copies: cuda::device::memcpy_async_tx with barrier_arrive_tx (transaction counts),
// cuda::memcpy_async with aligned_size_t; and atomics on distributed shared memory (atomicAdd,
// atomicMax, atomicCAS through map_shared_rank), with a device-scope cuda::atomic_ref on a peer block's shared memory.
#include <cstdio>
#include <cuda/barrier>
#include <cuda/atomic>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void bulk(const int4 *in, int *out) {
  using barrier_t = cuda::barrier<cuda::thread_scope_block>;
  __shared__ alignas(16) int4 buf[256];
  __shared__ barrier_t bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  barrier_t::arrival_token tok;
  if (threadIdx.x == 0) {
    cuda::device::memcpy_async_tx(buf, in + blockIdx.x * 256, cuda::aligned_size_t<16>(sizeof(int4) * 128), bar);
    cuda::device::memcpy_async_tx(buf + 128, in + blockIdx.x * 256 + 128, cuda::aligned_size_t<16>(sizeof(int4) * 128), bar);
    tok = cuda::device::barrier_arrive_tx(bar, 1, sizeof(int4) * 256);
  } else {
    tok = bar.arrive();
  }
  bar.wait(std::move(tok));
  int4 v = buf[(threadIdx.x * 37) % 256];
  out[blockIdx.x * blockDim.x + threadIdx.x] = v.x + v.y * 2 + v.z * 3 + v.w * 5;
  // a second phase: cuda::memcpy_async with an alignment promise
  __syncthreads();
  cuda::memcpy_async(cg::this_thread_block(), buf, in + 512, cuda::aligned_size_t<16>(sizeof(int4) * 64), bar);
  bar.arrive_and_wait();
  out[1024 + blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x % 64].w;
}
__global__ void __cluster_dims__(4, 1, 1) dsmem_atomics(int *out) {
  __shared__ int cnt[8];
  __shared__ unsigned mx;
  __shared__ int lock;
  cg::cluster_group cl = cg::this_cluster();
  if (threadIdx.x < 8) cnt[threadIdx.x] = 0;
  if (threadIdx.x == 0) { mx = 0; lock = 0; }
  cl.sync();
  unsigned r = cl.block_rank();
  for (unsigned k = 0; k < 4; k++) {
    int *c = cl.map_shared_rank(cnt, k);
    atomicAdd(&c[(threadIdx.x + r) % 8], (int)(r + 1));
    atomicMax(cl.map_shared_rank(&mx, k), r * 1000 + threadIdx.x);
  }
  cuda::atomic_ref<int, cuda::thread_scope_device> a(*cl.map_shared_rank(&cnt[7], 0));
  a.fetch_add(1000, cuda::memory_order_relaxed);
  int *lk = cl.map_shared_rank(&lock, 3);
  if (threadIdx.x % 32 == 0) {
    int old = atomicCAS(lk, 0, (int)(r + 1));  // the first CAS wins: which one is order-dependent, the count is not
    atomicAdd(&out[64], old == 0 ? 1 : 0);
  }
  cl.sync();
  if (threadIdx.x < 8) out[r * 8 + threadIdx.x] = cnt[threadIdx.x];
  if (threadIdx.x == 0) out[32 + r] = mx;
}
int main() {
  int4 *in; int *out;
  cudaMallocManaged(&in, 1024 * 16); cudaMallocManaged(&out, 4096 * 4);
  for (int i = 0; i < 1024; i++) in[i] = make_int4(i, -i * 3, i * i % 1000, i ^ 0x55);
  bulk<<<2, 128>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("bulk: %s\n", cudaGetErrorString(e));
  unsigned h = 2166136261u;
  for (int i = 0; i < 1280; i++) h = (h ^ out[i]) * 16777619u;
  printf(" %08x %d %d %d %d\n", h, out[0], out[255], out[1024], out[1024 + 255]);
  memset(out, 0, 4096 * 4);
  dsmem_atomics<<<8, 128>>>(out);
  e = cudaDeviceSynchronize();
  printf("dsmem: %s\n", cudaGetErrorString(e));
  for (int i = 0; i < 32; i++) printf(" %d", out[i]);
  printf("\n %d %d %d %d winners %d\n", out[32], out[33], out[34], out[35], out[64]);
  return 0;
}
