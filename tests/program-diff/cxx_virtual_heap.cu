// flags: -std=c++17 -G
// Class hierarchy with pure virtual interface, virtual destructors, device new/delete across
// kernels, placement new into a __device__ buffer, and a virtual call through an array of bases.
#include <cstdio>
#include <new>
__device__ int dtor_log[64];
__device__ int dtor_n = 0;
struct Op {
  __device__ virtual ~Op() { dtor_log[atomicAdd(&dtor_n, 1)] = 100 + tag(); }
  __device__ virtual float apply(float x) const = 0;
  __device__ virtual int tag() const { return 0; }
};
struct Add : Op {
  float k;
  __device__ Add(float k_) : k(k_) {}
  __device__ ~Add() override { dtor_log[atomicAdd(&dtor_n, 1)] = 1; }
  __device__ float apply(float x) const override { return x + k; }
  __device__ int tag() const override { return 1; }
};
struct Mul : Op {
  float k;
  __device__ Mul(float k_) : k(k_) {}
  __device__ float apply(float x) const override { return x * k; }
  __device__ int tag() const override { return 2; }
};
struct MulAdd final : Mul {
  float b;
  __device__ MulAdd(float k_, float b_) : Mul(k_), b(b_) {}
  __device__ ~MulAdd() { dtor_log[atomicAdd(&dtor_n, 1)] = 3; }
  __device__ float apply(float x) const override { return Mul::apply(x) + b; }
  __device__ int tag() const override { return 3; }
};
__device__ Op* ops[4];
__device__ alignas(16) unsigned char arena[256];
__global__ void create() {
  ops[0] = new Add(1.5f);
  ops[1] = new Mul(-2.0f);
  ops[2] = new MulAdd(3.0f, 0.25f);
  ops[3] = new (arena) MulAdd(0.5f, -1.0f);
}
__global__ void use(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = in[i];
    const Op* o = ops[i % 4];
    out[i] = o->apply(x) + o->tag() * 1000.0f;
  }
}
__global__ void destroy() {
  for (int i = 0; i < 3; i++) delete ops[i];
  ops[3]->~Op();
}
int main() {
  const int n = 12;
  float h[n], r[n];
  for (int i = 0; i < n; i++) h[i] = i * 0.75f - 2.0f;
  float *din, *dout;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, n * sizeof(float));
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  create<<<1, 1>>>();
  use<<<3, 4>>>(din, dout, n);
  destroy<<<1, 1>>>();
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorString(e));
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) printf("out[%d] = %.4f\n", i, r[i]);
  int log[64], cnt;
  cudaMemcpyFromSymbol(&cnt, dtor_n, sizeof cnt);
  cudaMemcpyFromSymbol(log, dtor_log, sizeof log);
  printf("destructor calls: %d:", cnt);
  for (int i = 0; i < cnt; i++) printf(" %d", log[i]);
  printf("\n");
  return 0;
}
