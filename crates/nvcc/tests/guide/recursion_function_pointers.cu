// Function pointers and recursion: recursive __device__ functions (Ackermann-style depth, a
// recursive quicksort on a small array), the address of a __device__ function taken in device code,
// a table of device function pointers in __device__ memory, and a device function pointer copied
// to the host with cudaMemcpyFromSymbol and passed back as a kernel argument.
#include "guide.h"
typedef int (*binop)(int, int);
__device__ int add(int a, int b) { return a + b; }
__device__ int sub(int a, int b) { return a - b; }
__device__ int mul(int a, int b) { return a * b; }
__device__ int mx(int a, int b) { return a > b ? a : b; }
__device__ binop table[4] = {add, sub, mul, mx};
__device__ binop chosen = mul;
__device__ long long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }
__device__ void quicksort(int* a, int lo, int hi) {
  if (lo >= hi) return;
  int p = a[(lo + hi) / 2], i = lo, j = hi;
  while (i <= j) {
    while (a[i] < p) i++;
    while (a[j] > p) j--;
    if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
  }
  quicksort(a, lo, j);
  quicksort(a, i, hi);
}
__global__ void rec(long long* f, int* g, int* arr) {
  int t = threadIdx.x;
  f[t] = fib(t % 20);
  g[t] = gcd(t * 12 + 6, 90);
  if (t == 0) quicksort(arr, 0, 63);
}
__global__ void viaTable(int* out, binop extra) {
  int t = threadIdx.x;
  binop local = (t & 1) ? sub : add;  // address taken in device code
  out[t * 4] = table[t % 4](t, 3);
  out[t * 4 + 1] = local(t, 10);
  out[t * 4 + 2] = chosen(t, t);
  out[t * 4 + 3] = extra(t, 5);
}
int main() {
  CK(cudaDeviceSetLimit(cudaLimitStackSize, 16 * 1024));
  long long* f; int *g, *arr;
  CK(cudaMalloc(&f, 64 * 8)); CK(cudaMalloc(&g, 64 * 4)); CK(cudaMalloc(&arr, 64 * 4));
  int ha[64];
  for (int i = 0; i < 64; i++) ha[i] = (i * 37 + 11) % 64 - 20;
  CK(cudaMemcpy(arr, ha, sizeof(ha), cudaMemcpyHostToDevice));
  rec<<<1, 64>>>(f, g, arr);
  CK(cudaGetLastError());
  long long hf[64]; int hg[64], hs[64];
  CK(cudaMemcpy(hf, f, sizeof(hf), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hg, g, sizeof(hg), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hs, arr, sizeof(hs), cudaMemcpyDeviceToHost));
  bool ok = true;
  long long fibs[20] = {0, 1};
  for (int i = 2; i < 20; i++) fibs[i] = fibs[i - 1] + fibs[i - 2];
  for (int t = 0; t < 64; t++) {
    ok &= hf[t] == fibs[t % 20];
    int a = t * 12 + 6, b = 90;
    while (b) { int r = a % b; a = b; b = r; }
    ok &= hg[t] == a;
  }
  check(ok, "recursive fib and gcd");
  ok = true;
  for (int i = 0; i < 64; i++) ok &= i == 0 || hs[i - 1] <= hs[i];
  check(ok, "recursive quicksort");
  binop hostCopy;
  CK(cudaMemcpyFromSymbol(&hostCopy, table, sizeof(binop), 3 * sizeof(binop)));  // mx
  int* out;
  CK(cudaMalloc(&out, 64 * 4 * 4));
  viaTable<<<1, 64>>>(out, hostCopy);
  CK(cudaGetLastError());
  int h[256];
  CK(cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost));
  ok = true;
  for (int t = 0; t < 64; t++) {
    int ops[4] = {t + 3, t - 3, t * 3, t > 3 ? t : 3};
    ok &= h[t * 4] == ops[t % 4] && h[t * 4 + 1] == ((t & 1) ? t - 10 : t + 10) && h[t * 4 + 2] == t * t &&
          h[t * 4 + 3] == (t > 5 ? t : 5);
  }
  check(ok, "device function pointers: table, local address, __device__ pointer, pointer passed from the host");
  return finish();
}
