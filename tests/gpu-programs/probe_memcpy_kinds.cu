// What cudaMemcpy, cudaMemcpyAsync, cudaMemcpy2D, cudaMemcpyToSymbol and cudaMemcpyFromSymbol
// return for every pairing of pointer types with every cudaMemcpyKind, including a kind that
// contradicts the pointers and a host address that is not mapped; and what copies and sets past
// the end of an allocation return, synchronous and asynchronous (output in
// probe_memcpy_kinds.txt). Each case runs in its own process (forked before CUDA starts), so a
// crash is recorded as the signal that ended it.
// Columns: ret = the call's return, last = cudaGetLastError after it, sync = cudaDeviceSynchronize
// after that, data = whether the destination holds the source's bytes afterwards.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

enum { DEV, PAGEABLE, PINNED, MANAGED, UNMAPPED, NPTR };
static const char* pname[] = {"device", "pageable", "pinned", "managed", "unmapped"};
static const char* kname[] = {"HtoH", "HtoD", "DtoH", "DtoD", "Default"};
static const size_t N = 4096;
__device__ unsigned char sym[N];

static void* make(int t, unsigned char fill) {
  void* p = nullptr;
  switch (t) {
    case DEV: cudaMalloc(&p, N); cudaMemset(p, fill, N); break;
    case PAGEABLE: p = malloc(N); memset(p, fill, N); break;
    case PINNED: cudaMallocHost(&p, N); memset(p, fill, N); break;
    case MANAGED: cudaMallocManaged(&p, N); memset(p, fill, N); break;
    default:
      p = mmap(nullptr, N, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      munmap(p, N);
  }
  cudaDeviceSynchronize();
  return p;
}

// The byte at offset `at` of p (-1: not readable).
static int byte_at(int t, const void* p, size_t at) {
  unsigned char b = 0;
  if (t == UNMAPPED) return -1;
  if (t == DEV) return cudaMemcpy(&b, (const char*)p + at, 1, cudaMemcpyDeviceToHost) == cudaSuccess ? b : -1;
  return ((const unsigned char*)p)[at];
}
static int sym_byte(size_t at) {
  unsigned char b = 0;
  return cudaMemcpyFromSymbol(&b, sym, 1, at, cudaMemcpyDeviceToHost) == cudaSuccess ? b : -1;
}

static char* slots;  // one line per case, shared with the children
static const int SLOT = 200;

static const char* data_word(int v, int want) { return v < 0 ? "n/a" : v == want ? "copied" : "unchanged"; }

static void run_case(int mode, int a, int b, int k, char* out) {
  cudaFree(0);
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaError_t r = cudaSuccess;
  int data = -1;
  if (mode <= 2) {  // a = dst type, b = src type
    void* d = make(a, 0x11);
    void* src = make(b, 0x22);
    if (mode == 0) r = cudaMemcpy(d, src, N, (cudaMemcpyKind)k);
    if (mode == 1) r = cudaMemcpyAsync(d, src, N, (cudaMemcpyKind)k, s);
    if (mode == 2) r = cudaMemcpy2D(d, 256, src, 256, 64, 4, (cudaMemcpyKind)k);
    cudaError_t last = cudaGetLastError(), sy = cudaDeviceSynchronize();
    data = byte_at(a, d, mode == 2 ? 3 * 256 + 63 : N - 1);
    snprintf(out, SLOT, "%-14s dst %-8s src %-8s %-7s ret %3d last %3d sync %3d data %s", mode == 0 ? "Memcpy" : mode == 1 ? "MemcpyAsync" : "Memcpy2D",
             pname[a], pname[b], kname[k], r, last, sy, data_word(data, 0x22));
  } else if (mode == 3) {  // b = src type
    void* src = make(b, 0x22);
    r = cudaMemcpyToSymbol(sym, src, N, 0, (cudaMemcpyKind)k);
    cudaError_t last = cudaGetLastError(), sy = cudaDeviceSynchronize();
    snprintf(out, SLOT, "%-14s dst %-8s src %-8s %-7s ret %3d last %3d sync %3d data %s", "MemcpyToSymbol", "symbol", pname[b], kname[k], r, last, sy,
             data_word(sym_byte(N - 1), 0x22));
  } else if (mode == 4) {  // a = dst type
    void* d = make(a, 0x11);
    cudaMemset(sym, 0, 0);
    unsigned char* sp;
    cudaGetSymbolAddress((void**)&sp, sym);
    cudaMemset(sp, 0x22, N);
    cudaDeviceSynchronize();
    r = cudaMemcpyFromSymbol(d, sym, N, 0, (cudaMemcpyKind)k);
    cudaError_t last = cudaGetLastError(), sy = cudaDeviceSynchronize();
    snprintf(out, SLOT, "%-14s dst %-8s src %-8s %-7s ret %3d last %3d sync %3d data %s", "MemcpyFromSym", pname[a], "symbol", kname[k], r, last, sy,
             data_word(byte_at(a, d, N - 1), 0x22));
  } else {  // mode 5: past the end of a 4096-byte allocation, case k
    char *d, *d2, *h = (char*)malloc(2 * N);
    cudaMalloc(&d, N);
    cudaMalloc(&d2, 2 * N);
    const char* label = "";
    switch (k) {
      case 0: label = "Memcpy DtoD src overrun"; r = cudaMemcpy(d2, d, 2 * N, cudaMemcpyDeviceToDevice); break;
      case 1: label = "MemcpyAsync DtoD src overrun"; r = cudaMemcpyAsync(d2, d, 2 * N, cudaMemcpyDeviceToDevice, s); break;
      case 2: label = "Memcpy HtoD dst overrun"; r = cudaMemcpy(d, h, 2 * N, cudaMemcpyHostToDevice); break;
      case 3: label = "MemcpyAsync HtoD dst overrun"; r = cudaMemcpyAsync(d, h, 2 * N, cudaMemcpyHostToDevice, s); break;
      case 4: label = "Memcpy DtoH src overrun"; r = cudaMemcpy(h, d, 2 * N, cudaMemcpyDeviceToHost); break;
      case 5: label = "MemcpyAsync DtoH src overrun"; r = cudaMemcpyAsync(h, d, 2 * N, cudaMemcpyDeviceToHost, s); break;
      case 6: label = "Memset overrun"; r = cudaMemset(d, 1, 2 * N); break;
      case 7: label = "MemsetAsync overrun"; r = cudaMemsetAsync(d, 1, 2 * N, s); break;
      case 8: label = "Memset2D overrun"; r = cudaMemset2D(d, 1024, 1, 1024, 8); break;
      case 9: label = "Memset2DAsync overrun"; r = cudaMemset2DAsync(d, 1024, 1, 1024, 8, s); break;
      case 10: label = "Memcpy2D DtoD overrun"; r = cudaMemcpy2D(d2, 1024, d, 1024, 1024, 8, cudaMemcpyDeviceToDevice); break;
      case 11: label = "Memcpy2DAsync DtoD overrun"; r = cudaMemcpy2DAsync(d2, 1024, d, 1024, 1024, 8, cudaMemcpyDeviceToDevice, s); break;
      case 12: label = "MemcpyAsync DtoD offset start"; r = cudaMemcpyAsync(d2, d + N - 16, 32, cudaMemcpyDeviceToDevice, s); break;
      case 13: label = "MemcpyAsync HtoD 2 allocs"; {
        char* e; cudaMalloc(&e, N);  // e may follow d: one copy spanning both
        r = cudaMemcpyAsync(d, h, (e == d + N) ? 2 * N : 2 * N, cudaMemcpyHostToDevice, s);
        label = (e == d + N) ? "MemcpyAsync HtoD over adjacent allocs" : "MemcpyAsync HtoD 2 allocs (not adjacent)";
      } break;
      case 14: label = "MemcpyToSymbol overrun"; r = cudaMemcpyToSymbol(sym, h, 2 * N, 0, cudaMemcpyHostToDevice); break;
      case 15: label = "MemcpyToSymbolAsync overrun"; r = cudaMemcpyToSymbolAsync(sym, h, 2 * N, 0, cudaMemcpyHostToDevice, s); break;
    }
    cudaError_t last = cudaGetLastError(), sy = cudaDeviceSynchronize();
    cudaError_t after = cudaMemset(d, 0, 16);
    snprintf(out, SLOT, "%-44s ret %3d last %3d sync %3d next call %3d", label, r, last, sy, after);
  }
}

int main() {
  setvbuf(stdout, nullptr, _IONBF, 0);
  struct Case { int mode, a, b, k; };
  static Case cases[1000];
  int n = 0;
  for (int mode = 0; mode <= 2; mode++)
    for (int a = 0; a < NPTR; a++)
      for (int b = 0; b < NPTR; b++)
        for (int k = 0; k < 5; k++) cases[n++] = {mode, a, b, k};
  for (int b = 0; b < NPTR; b++)
    for (int k = 0; k < 5; k++) cases[n++] = {3, 0, b, k};
  for (int a = 0; a < NPTR; a++)
    for (int k = 0; k < 5; k++) cases[n++] = {4, a, 0, k};
  for (int k = 0; k < 16; k++) cases[n++] = {5, 0, 0, k};
  slots = (char*)mmap(nullptr, (size_t)n * SLOT, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  memset(slots, 0, (size_t)n * SLOT);
  const int par = 12;
  int running = 0, next = 0;
  pid_t pids[1000];
  int statuses[1000];
  while (next < n || running > 0) {
    while (running < par && next < n) {
      pid_t p = fork();
      if (p == 0) {
        alarm(60);
        run_case(cases[next].mode, cases[next].a, cases[next].b, cases[next].k, slots + (size_t)next * SLOT);
        _exit(0);
      }
      pids[next++] = p;
      running++;
    }
    int st;
    pid_t done = wait(&st);
    for (int i = 0; i < next; i++)
      if (pids[i] == done) statuses[i] = st;
    running--;
  }
  for (int i = 0; i < n; i++) {
    const Case& c = cases[i];
    if (WIFSIGNALED(statuses[i]) || slots[(size_t)i * SLOT] == 0) {
      const char* m = c.mode == 0 ? "Memcpy" : c.mode == 1 ? "MemcpyAsync" : c.mode == 2 ? "Memcpy2D" : c.mode == 3 ? "MemcpyToSymbol" : c.mode == 4 ? "MemcpyFromSym" : "overrun case";
      printf("%-14s dst %-8s src %-8s %-7s killed by signal %d (%s)\n", m, c.mode == 3 ? "symbol" : pname[c.a], c.mode == 4 ? "symbol" : pname[c.b],
             c.mode == 5 ? "" : kname[c.k], WIFSIGNALED(statuses[i]) ? WTERMSIG(statuses[i]) : 0,
             WIFSIGNALED(statuses[i]) ? strsignal(WTERMSIG(statuses[i])) : "no output");
    } else {
      printf("%s\n", slots + (size_t)i * SLOT);
    }
  }
  return 0;
}
