// Kernel launches from device code (dynamic parallelism, built with -rdc=true): nested launches
// whose results the host checks, a recursion three launches deep, a device-side stream,
// template kernels (deduced and explicit), arguments converted to the parameters' types, a
// struct passed by value, a __host__ __device__ function launching from either side, a tail
// launch, and launch configuration errors. Expected values follow from CUDA's semantics: a
// parent grid completes only after its children, a tail launch runs after the launching grid's
// other work, a bad configuration launches nothing and is the launching thread's
// cudaErrorInvalidConfiguration (tests/gpu-programs/probe_device_launch.txt).
#include <cstdio>

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    printf("FAIL %s\n", what);
    failures++;
  }
}

// Nested: each of 2 parents launches a child of 32 threads, each child thread a grandchild.
__global__ void grandchild(int *out, int at, int value) { out[at] = value; }
__global__ void child(int *out, int base) {
  int at = base + threadIdx.x;
  grandchild<<<1, 1>>>(out, at, at * 3 + 1);
}
__global__ void parent(int *out) { child<<<1, 32>>>(out, blockIdx.x * 32); }

// Recursion three launches deep, two children a level: level d runs 2^d grids.
__global__ void recurse(int depth, int *visits) {
  atomicAdd(&visits[depth], 1);
  if (depth < 3) recurse<<<2, 1>>>(depth + 1, visits);
}

// A device-side stream.
__global__ void on_stream(int *out) {
  cudaStream_t s;
  if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) return;
  grandchild<<<1, 1, 0, s>>>(out, 0, 77);
  cudaStreamDestroy(s);
}

// Template kernels, converted arguments, a struct by value.
template <class T> __global__ void fill(T *out, T value) { out[threadIdx.x] = value + T(threadIdx.x); }
__global__ void widen(double *out, double x, short y) { out[0] = x / 4 + y; }
struct Packed {
  char tag;
  double weight;
  int count;
};
__global__ void take_struct(double *out, Packed p) { out[0] = p.tag + p.weight * p.count; }
__global__ void templates_and_conversions(float *f, int *i, double *d) {
  fill<<<1, 4>>>(f, 1.5f);           // T deduced: float
  fill<int><<<1, 4>>>(i, 10);        // T given
  widen<<<1, 1>>>(d, 5, 70000 % 7);  // int to double, int to short
  Packed p{'A', 0.25, 8};
  take_struct<<<1, 1>>>(d + 1, p);
}

// A __host__ __device__ function that launches: <<<>>> on either side.
__host__ __device__ void launch_either(int *out, int at, int value) { grandchild<<<1, 1>>>(out, at, value); }
__global__ void launch_either_from_device(int *out) { launch_either(out, 1, 222); }

// A tail launch made before a plain launch by another thread runs after it (and its child).
__device__ int completed;
__global__ void record(int *order, int slot) { order[slot] = atomicAdd(&completed, 1); }
__global__ void record_after_child(int *order, int slot) { record<<<1, 1>>>(order, slot); }
__global__ void tail_and_plain(int *order) {
  if (threadIdx.x == 0) record<<<1, 1, 0, cudaStreamTailLaunch>>>(order, 0);
  __syncthreads();
  if (threadIdx.x == 1) record_after_child<<<1, 1>>>(order, 1);
}

// Launch configuration errors: the launching thread's last error, nothing launched.
__global__ void bad_configurations(int *errors, int *out) {
  grandchild<<<1, 2048>>>(out, 0, 1);
  errors[0] = cudaGetLastError();
  grandchild<<<1, dim3(1, 1, 65)>>>(out, 0, 1);
  errors[1] = cudaGetLastError();
  grandchild<<<dim3(1, 70000), 1>>>(out, 0, 1);
  errors[2] = cudaGetLastError();
  grandchild<<<0, 1>>>(out, 0, 1);
  errors[3] = cudaGetLastError();
  grandchild<<<1, 1, 49 * 1024>>>(out, 0, 1);
  errors[4] = cudaGetLastError();
  grandchild<<<1, 1>>>(out, 1, 5);
  errors[5] = cudaGetLastError();
}

int main() {
  int *out, *visits, *order, *errors;
  float *f;
  double *d;
  cudaMallocManaged(&out, 64 * sizeof(int));
  cudaMallocManaged(&visits, 4 * sizeof(int));
  cudaMallocManaged(&order, 2 * sizeof(int));
  cudaMallocManaged(&errors, 6 * sizeof(int));
  cudaMallocManaged(&f, 4 * sizeof(float));
  cudaMallocManaged(&d, 2 * sizeof(double));

  parent<<<2, 1>>>(out);
  check(cudaDeviceSynchronize() == cudaSuccess, "nested launches ran");
  bool nested = true;
  for (int i = 0; i < 64; i++) nested &= out[i] == i * 3 + 1;
  check(nested, "each grandchild wrote its value");

  for (int i = 0; i < 4; i++) visits[i] = 0;
  recurse<<<1, 1>>>(0, visits);
  check(cudaDeviceSynchronize() == cudaSuccess, "recursion ran");
  check(visits[0] == 1 && visits[1] == 2 && visits[2] == 4 && visits[3] == 8, "recursion visits 1 2 4 8");

  out[0] = 0;
  on_stream<<<1, 1>>>(out);
  check(cudaDeviceSynchronize() == cudaSuccess && out[0] == 77, "launch on a device-side stream");

  templates_and_conversions<<<1, 1>>>(f, out, d);
  check(cudaDeviceSynchronize() == cudaSuccess, "template launches ran");
  check(f[0] == 1.5f && f[3] == 4.5f, "deduced template kernel");
  check(out[0] == 10 && out[3] == 13, "explicit template kernel");
  check(d[0] == 5.0 / 4 + 70000 % 7, "arguments converted to double and short");
  check(d[1] == 'A' + 0.25 * 8, "struct argument");

  out[0] = out[1] = 0;
  launch_either(out, 0, 111);
  launch_either_from_device<<<1, 1>>>(out);
  check(cudaDeviceSynchronize() == cudaSuccess && out[0] == 111 && out[1] == 222,
        "__host__ __device__ launch from the host and from a kernel");

  tail_and_plain<<<1, 2>>>(order);
  check(cudaDeviceSynchronize() == cudaSuccess, "tail launch ran");
  check(order[1] == 0 && order[0] == 1, "the tail launch ran after the other thread's launch and its child");

  out[0] = out[1] = 0;
  bad_configurations<<<1, 1>>>(errors, out);
  check(cudaDeviceSynchronize() == cudaSuccess, "bad device-side configurations are not the host's errors");
  for (int i = 0; i < 5; i++) check(errors[i] == cudaErrorInvalidConfiguration, "bad configuration reported");
  check(errors[5] == cudaSuccess && out[0] == 0 && out[1] == 5, "only the good launch ran");

  if (failures == 0) printf("PASS\n");
  return failures ? 1 : 0;
}
