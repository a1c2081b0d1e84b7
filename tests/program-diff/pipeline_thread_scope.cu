// A per-thread cuda::pipeline (make_pipeline() with no shared state) with cuda::memcpy_async of
// aligned_size_t chunks into shared memory, several batches in flight, and
// cuda::pipeline_consumer_wait_prior; plus memcpy_async of sizes that are not multiples of 16.
#include <cstdio>
#include <cuda/pipeline>
__global__ void k(const int4 *in, const char *bytes, int *out) {
  __shared__ int4 buf[4][64];
  __shared__ char cbuf[64][23];
  auto pipe = cuda::make_pipeline();
  int t = threadIdx.x;
  for (int s = 0; s < 4; s++) {
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[s][t], &in[s * 64 + t], cuda::aligned_size_t<16>(16), pipe);
    pipe.producer_commit();
  }
  pipe.producer_acquire();
  cuda::memcpy_async(cbuf[t], bytes + t * 23, 23, pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<4>(pipe);  // the first batch is complete
  int r = buf[0][t].x + buf[0][t].w;
  pipe.consumer_release();
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  __syncthreads();
  for (int s = 1; s < 4; s++) r = r * 3 + buf[s][(t + s) % 64].y - buf[s][t].z;
  int c = 0;
  for (int b = 0; b < 23; b++) c = c * 31 + cbuf[(t + 5) % 64][b];
  out[t] = r;
  out[64 + t] = c;
}
int main() {
  int4 *in; char *bytes; int *out;
  cudaMallocManaged(&in, 256 * 16); cudaMallocManaged(&bytes, 64 * 23); cudaMallocManaged(&out, 128 * 4);
  for (int i = 0; i < 256; i++) in[i] = make_int4(i, i * 3 - 7, i ^ 0x2a, 1000 - i);
  for (int i = 0; i < 64 * 23; i++) bytes[i] = (char)(i * 37 + 11);
  k<<<1, 64>>>(in, bytes, out);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < 128; i += 16) { for (int j = i; j < i + 16; j++) printf(" %d", out[j]); printf("\n"); }
  return 0;
}
