// __managed__ variables named inside macros that stringize their argument (error-check macros
// printing the call, a STR helper, assert): the text printed is the source's, the values the
// managed memory's; a member of the same name on another line.
#include <cassert>
#include <cstdio>
#define CHECK(call) do { cudaError_t e_ = (call); printf("%-60s -> %s\n", #call, cudaGetErrorName(e_)); } while (0)
#define SHOW(expr) printf("%s = %d\n", #expr, (int)(expr))
#define SHOW2(a, b) printf(#a " and " #b ": %d %d\n", (int)(a), (int)(b))

__managed__ int counter = 5;
__managed__ float table[8];
namespace ns { __managed__ int inner = 40; }
struct Holder { int counter; };

__global__ void bump(int by) { counter += by; for (int i = 0; i < 8; ++i) table[i] = i * 0.5f; ns::inner += 2; }

int main() {
    SHOW(counter);
    SHOW(counter * 2 + table[0]);
    bump<<<1, 1>>>(3);
    CHECK(cudaDeviceSynchronize());
    SHOW(counter);
    SHOW2(counter, table[7]);
    cudaMemLocation loc = {}; loc.type = cudaMemLocationTypeDevice; loc.id = 0;
    CHECK(cudaMemPrefetchAsync(&counter, sizeof counter, loc, 0, 0));
    CHECK(cudaMemAdvise(table, sizeof table, cudaMemAdviseSetReadMostly, loc));
    int copy = counter;
    CHECK(cudaMemcpyToSymbol(counter, &copy, sizeof(int)));
    CHECK(cudaStreamSynchronize(0));
    Holder h = {counter + 1};
    SHOW(h.counter);
    assert(counter == 8 && "counter after the kernel");
    int sum = 0;
    for (int i = 0; i < 8; ++i) sum += (int)(table[i] * 2);
    SHOW(sum);
    printf("inner %d\n", ns::inner);
    return 0;
}
