// Virtual functions on objects built in device code (new/delete on the device heap), a
// per-thread linked list in malloc'd memory, malloc failure for a huge request, free(NULL).
#include <cstdio>


struct Shape {
    __device__ virtual ~Shape() {}
    __device__ virtual float area() const = 0;
    __device__ virtual int sides() const { return 0; }
    __device__ virtual const char *name() const { return "shape"; }
};
struct Rect : Shape {
    float w, h;
    __device__ Rect(float w, float h) : w(w), h(h) {}
    __device__ float area() const override { return w * h; }
    __device__ int sides() const override { return 4; }
    __device__ const char *name() const override { return "rect"; }
};
struct Square : Rect {
    __device__ Square(float s) : Rect(s, s) {}
    __device__ const char *name() const override { return "square"; }
};
struct Tri : Shape {
    float b, h;
    __device__ Tri(float b, float h) : b(b), h(h) {}
    __device__ float area() const override { return 0.5f * b * h; }
    __device__ int sides() const override { return 3; }
};
struct Node { int v; Node *next; };

__global__ void k(float *areas, int *info, unsigned long long *flags) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    Shape *s;
    switch (t % 3) {
    case 0: s = new Rect(t * 0.5f, 3.0f); break;
    case 1: s = new Square(t * 0.25f); break;
    default: s = new Tri(t, 0.125f); break;
    }
    areas[t] = s->area();
    const char *n = s->name();
    info[t] = s->sides() * 100 + n[0] + (n[1] == 'q' ? 1000 : 0);
    delete s;
    Node *head = nullptr;
    for (int i = 0; i < (t % 9) + 1; i++) {
        Node *x = (Node *)malloc(sizeof(Node));
        if (!x) { info[t] = -1; return; }
        x->v = i * t; x->next = head; head = x;
    }
    int sum = 0;
    while (head) { sum += head->v; Node *nx = head->next; free(head); head = nx; }
    info[t] += sum << 12;
    free(nullptr);
    if (t == 0) {
        void *huge = malloc((size_t)1 << 50);
        char *arr = new char[1 << 10];
        *(void *volatile *)&flags[2] = huge;   // escapes: the allocation cannot be elided
        flags[0] = huge == nullptr;
        free(huge);
        flags[1] = arr != nullptr;
        delete[] arr;
    }
}

int main() {
    const int n = 150;
    float *a; int *inf; unsigned long long *fl;
    cudaMalloc(&a, n * 4); cudaMalloc(&inf, n * 4); cudaMalloc(&fl, 24);
    size_t heap = 0;
    cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
    printf("default heap %zu\n", heap);
    k<<<5, 30>>>(a, inf, fl);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    float ha[n]; int hi[n]; unsigned long long hf[2];
    cudaMemcpy(ha, a, sizeof ha, cudaMemcpyDeviceToHost);
    cudaMemcpy(hi, inf, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, fl, sizeof hf, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < n; t++) {
        float want = t % 3 == 0 ? t * 0.5f * 3.0f : t % 3 == 1 ? (t * 0.25f) * (t * 0.25f) : 0.5f * t * 0.125f;
        int sides = t % 3 == 2 ? 3 : 4, ch = t % 3 == 0 ? 'r' : t % 3 == 1 ? 's' : 's', m = (t % 9) + 1;
        int want_info = sides * 100 + ch + (t % 3 == 1 ? 1000 : 0) + ((t * (m * (m - 1) / 2)) << 12);
        if (ha[t] != want || hi[t] != want_info) { bad++; if (bad < 5) printf("t%d: %a %d want %a %d\n", t, ha[t], hi[t], want, want_info); }
    }
    printf("bad %d huge-null %llu nothrow-ok %llu info[149] %d area[149] %a\n", bad, hf[0], hf[1], hi[149], ha[149]);
    return 0;
}
