// Function objects and operator overloading in device code: a complex-number class with +, -, *,
// ==, unary -, compound assignment and a friend stream-free formatter; a 3-vector with operator[],
// scalar multiplication on either side and conversion operators; functors with state passed to a
// kernel template (the Thrust/CUB style), and a Mandelbrot iteration written with the class.
#include "guide.h"
struct Complex {
  float re, im;
  __host__ __device__ Complex(float r = 0, float i = 0) : re(r), im(i) {}
  __host__ __device__ Complex operator+(const Complex& o) const { return {re + o.re, im + o.im}; }
  __host__ __device__ Complex operator-(const Complex& o) const { return {re - o.re, im - o.im}; }
  __host__ __device__ Complex operator*(const Complex& o) const { return {re * o.re - im * o.im, re * o.im + im * o.re}; }
  __host__ __device__ Complex operator-() const { return {-re, -im}; }
  __host__ __device__ Complex& operator+=(const Complex& o) { re += o.re; im += o.im; return *this; }
  __host__ __device__ bool operator==(const Complex& o) const { return re == o.re && im == o.im; }
  __host__ __device__ float norm2() const { return re * re + im * im; }
};
struct Vec3 {
  double v[3];
  __host__ __device__ double& operator[](int i) { return v[i]; }
  __host__ __device__ double operator[](int i) const { return v[i]; }
  __host__ __device__ friend Vec3 operator*(double k, const Vec3& a) { return {{k * a[0], k * a[1], k * a[2]}}; }
  __host__ __device__ Vec3 operator*(double k) const { return k * *this; }
  __host__ __device__ explicit operator double() const { return v[0] + v[1] + v[2]; }
  __host__ __device__ bool operator<(const Vec3& o) const { return (double)*this < (double)o; }
};
struct Saxpy {
  float a;
  __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};
struct Counter {
  int* hits;
  __device__ void operator()(int i) const { atomicAdd(&hits[i % 4], 1); }
};
template <typename Op> __global__ void binary(const float* x, const float* y, float* out, int n, Op op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(x[i], y[i]);
}
template <typename Op> __global__ void each(int n, Op op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) op(i);
}
__host__ __device__ int mandel(Complex c, int maxIt) {
  Complex z;
  int it = 0;
  while (it < maxIt && z.norm2() <= 4.f) { z = z * z + c; it++; }
  return it;
}
__global__ void mandelbrot(int* out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
  if (x >= w) return;
  Complex c(-2.f + 2.5f * x / w, -1.25f + 2.5f * y / h);
  out[y * w + x] = mandel(c, 64);
}
__global__ void ops(double* out) {
  Vec3 a{{1, 2, 3}};
  a[1] = 5;
  Vec3 b = 2.0 * a, c = a * 0.5;
  Complex z(1, 2), w(3, -1);
  Complex p = z * w - -z;
  p += Complex(0.5f, 0.5f);
  out[0] = (double)b; out[1] = (double)c; out[2] = p.re; out[3] = p.im; out[4] = (a < b) + 10 * (z == Complex(1, 2));
}
int main() {
  const int n = 300;
  float hx[n], hy[n];
  for (int i = 0; i < n; i++) { hx[i] = i * 0.25f; hy[i] = 100 - i; }
  float *x, *y, *o;
  CK(cudaMalloc(&x, sizeof(hx))); CK(cudaMalloc(&y, sizeof(hy))); CK(cudaMalloc(&o, sizeof(hx)));
  CK(cudaMemcpy(x, hx, sizeof(hx), cudaMemcpyHostToDevice)); CK(cudaMemcpy(y, hy, sizeof(hy), cudaMemcpyHostToDevice));
  Saxpy op{3.f};
  binary<<<(n + 127) / 128, 128>>>(x, y, o, n, op);
  float ho[n];
  CK(cudaMemcpy(ho, o, sizeof(ho), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++) ok &= ho[i] == op(hx[i], hy[i]);
  check(ok, "functor with state passed by value to a kernel template");
  int* hits;
  CK(cudaMalloc(&hits, 16)); CK(cudaMemset(hits, 0, 16));
  each<<<(n + 127) / 128, 128>>>(n, Counter{hits});
  int hh[4];
  CK(cudaMemcpy(hh, hits, 16, cudaMemcpyDeviceToHost));
  check(hh[0] == 75 && hh[1] == 75 && hh[2] == 75 && hh[3] == 75, "functor holding a device pointer");
  const int W = 96, H = 64;
  int* img;
  CK(cudaMalloc(&img, W * H * 4));
  mandelbrot<<<dim3((W + 31) / 32, H), 32>>>(img, W, H);
  static int himg[W * H];
  CK(cudaMemcpy(himg, img, sizeof(himg), cudaMemcpyDeviceToHost));
  // The host runs the same float iteration; only contraction could differ, so count mismatches.
  int bad = 0;
  for (int yy = 0; yy < H; yy++)
    for (int xx = 0; xx < W; xx++) {
      Complex c(-2.f + 2.5f * xx / W, -1.25f + 2.5f * yy / H);
      bad += himg[yy * W + xx] != mandel(c, 64);
    }
  check(bad <= W * H / 100, "Mandelbrot with a complex class (<1% of points may differ by fused multiply-add)");
  double* dd;
  CK(cudaMalloc(&dd, 5 * 8));
  ops<<<1, 1>>>(dd);
  double hd[5];
  CK(cudaMemcpy(hd, dd, sizeof(hd), cudaMemcpyDeviceToHost));
  // z*w = (1*3 - 2*-1, 1*-1 + 2*3) = (5, 5); - -z = +(1,2) -> (6, 7); += (0.5,0.5) -> (6.5, 7.5)
  check(hd[0] == 18 && hd[1] == 4.5 && hd[2] == 6.5 && hd[3] == 7.5 && hd[4] == 11,
        "operator[], friend and member operator*, explicit conversion, complex arithmetic");
  return finish();
}
