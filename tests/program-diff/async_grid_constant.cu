// sm_90 forms the engine once refused to load, run as a program: st.async and red.async into
// another block's shared memory (completing their bytes on that block's mbarrier), and
// __grid_constant__ parameters read through their generic address (cvta.param,
// isspacep.param, cvta.to.param). The kernels are the engine tests' own
// (crates/simt/tests/kernels/); this prints what they compute.
#include <cstdio>
#include <cstring>
#include "../../crates/simt/tests/kernels/async_store.cu"
#include "../../crates/simt/tests/kernels/grid_constant.cu"

#define CHECK(x)                                                                 \
  do {                                                                           \
    cudaError_t e = (x);                                                         \
    if (e != cudaSuccess) {                                                      \
      printf("%s: %s (%d)\n", #x, cudaGetErrorString(e), (int)e);                \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

template <typename... Args>
static cudaError_t launch_cluster(void (*k)(Args...), unsigned grid, unsigned block, unsigned cl,
                                  Args... args) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(grid);
  cfg.blockDim = dim3(block);
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = cl;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  return cudaLaunchKernelEx(&cfg, k, args...);
}

static unsigned hash_words(const unsigned *w, size_t n) {
  unsigned h = 2166136261u;
  for (size_t i = 0; i < n; ++i) h = (h ^ w[i]) * 16777619u;
  return h;
}

int main() {
  // st.async ring: clusters of 2, 4 and 8 blocks of 64 threads.
  const unsigned threads = 64, grid = 8, words = SEND_BYTES / 4;
  unsigned *in, *out;
  CHECK(cudaMalloc(&in, grid * threads * 8 * 4));
  CHECK(cudaMalloc(&out, grid * threads * words * 4));
  unsigned *h_in = new unsigned[grid * threads * 8];
  for (unsigned i = 0; i < grid * threads * 8; ++i) h_in[i] = i * 2654435761u ^ (i >> 3);
  CHECK(cudaMemcpy(in, h_in, grid * threads * 8 * 4, cudaMemcpyHostToDevice));
  unsigned *h_out = new unsigned[grid * threads * words];
  for (unsigned cl : {2u, 4u, 8u}) {
    CHECK(cudaMemset(out, 0, grid * threads * words * 4));
    CHECK(launch_cluster(st_async_ring, grid, threads, cl, (const unsigned *)in, out));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(h_out, out, grid * threads * words * 4, cudaMemcpyDeviceToHost));
    printf("st_async_ring cluster %u: hash %08x", cl, hash_words(h_out, grid * threads * words));
    for (unsigned k = 0; k < words; ++k) printf(" %08x", h_out[37 * words + k]);
    printf("\n");
  }
  // red.async: every other block of a cluster of 4 reduces into block `target`'s counters.
  unsigned *vals, *red_out;
  CHECK(cudaMalloc(&vals, 4 * threads * 4));
  CHECK(cudaMalloc(&red_out, 4 * 11 * 4));
  CHECK(cudaMemcpy(vals, h_in, 4 * threads * 4, cudaMemcpyHostToDevice));
  for (unsigned target : {0u, 3u}) {
    CHECK(cudaMemset(red_out, 0, 4 * 11 * 4));
    CHECK(launch_cluster(red_async_all, 4, threads, 4, (const unsigned *)vals, red_out, target));
    CHECK(cudaDeviceSynchronize());
    unsigned h[4 * 11];
    CHECK(cudaMemcpy(h, red_out, sizeof h, cudaMemcpyDeviceToHost));
    printf("red_async_all target %u:", target);
    for (unsigned k = 0; k < 11; ++k) printf(" %08x", h[target * 11 + k]);
    printf("\n");
  }
  // Grid-constant parameters.
  Config cfg;
  memset(&cfg, 0, sizeof cfg);
  for (int k = 0; k < 16; ++k) cfg.coeffs[k] = 0.25f * (float)(k - 7);
  cfg.n = 200;
  cfg.mode = 1;
  cfg.scale = 1.5;
  cfg.tag = 0x0123456789abcdefull;
  float *fin, *fout;
  CHECK(cudaMalloc(&fin, 256 * 4));
  CHECK(cudaMalloc(&fout, 256 * 4));
  float h_f[256];
  for (int i = 0; i < 256; ++i) h_f[i] = (float)((i * 37) % 101) / 8.0f;
  CHECK(cudaMemcpy(fin, h_f, sizeof h_f, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(fout, 0, 256 * 4));
  grid_const<<<2, 128>>>(cfg, fin, fout);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_f, fout, sizeof h_f, cudaMemcpyDeviceToHost));
  printf("grid_const:");
  for (int i = 0; i < 256; i += 17) printf(" %.9g", h_f[i]);
  printf(" | hash %08x\n", hash_words((const unsigned *)h_f, 256));
  int *gp;
  unsigned *flags;
  CHECK(cudaMalloc(&gp, 4));
  CHECK(cudaMalloc(&flags, 6 * 4));
  grid_const_query<<<1, 1>>>(cfg, gp, flags);
  CHECK(cudaDeviceSynchronize());
  unsigned hf[6];
  CHECK(cudaMemcpy(hf, flags, sizeof hf, cudaMemcpyDeviceToHost));
  printf("grid_const_query: %x %x %x %x %08x %08x\n", hf[0], hf[1], hf[2], hf[3], hf[4], hf[5]);
  printf("done\n");
  return 0;
}
