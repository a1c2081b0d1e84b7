// Graph user objects as a framework ties resources to graphs: cudaUserObjectCreate with an
// initial count, cudaUserObjectRetain/Release from the program, cudaGraphRetainUserObject with
// and without cudaGraphUserObjectMove, ownership passed to a clone and to an executable graph,
// and exactly when each destructor runs (after the last reference goes: the graph's, the
// exec's once its launches finished); errors of bad flags, a zero count and a null destructor.
#include <cstdio>
#include <cuda_runtime.h>

static int destroyed[4] = {0, 0, 0, 0};
static void CUDART_CB dtor(void *p) { destroyed[*(int *)p]++; }

__global__ void nop(int *p) {
    if (p) p[0]++;
}

static void state(const char *when) {
    cudaDeviceSynchronize();
    // Objects the program released itself (o2, o3) are destroyed at once; when those whose last
    // reference a graph held go is left out (an H200 defers it past the program's end).
    printf("%-36s destroyed o2 %d o3 %d\n", when, destroyed[2], destroyed[3]);
}

int main() {
    int ids[4] = {0, 1, 2, 3};
    cudaUserObject_t o[4];
    for (int i = 0; i < 4; i++)
        printf("create %d: %s\n", i, cudaGetErrorName(cudaUserObjectCreate(&o[i], &ids[i], dtor, i == 3 ? 2 : 1, cudaUserObjectNoDestructorSync)));
    printf("create with bad flags: %s\n", cudaGetErrorName(cudaUserObjectCreate(&o[0], &ids[0], dtor, 1, 0)));
    printf("create with null destructor: %s\n", cudaGetErrorName(cudaUserObjectCreate(&o[0], &ids[0], nullptr, 1, cudaUserObjectNoDestructorSync)));
    printf("create with count 0: %s\n", cudaGetErrorName(cudaUserObjectCreate(&o[0], &ids[0], dtor, 0, cudaUserObjectNoDestructorSync)));
    cudaGetLastError();
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    int *d;
    cudaMalloc(&d, 4);
    cudaMemset(d, 0, 4);
    cudaGraphNode_t n;
    void *args[] = {&d};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)nop;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(1);
    kp.kernelParams = args;
    cudaGraphAddKernelNode(&n, g, nullptr, 0, &kp);
    // o0: the graph takes the program's reference; o1: the graph retains its own
    printf("move o0: %s\n", cudaGetErrorName(cudaGraphRetainUserObject(g, o[0], 1, cudaGraphUserObjectMove)));
    printf("retain o1: %s\n", cudaGetErrorName(cudaGraphRetainUserObject(g, o[1], 2, 0)));
    printf("retain o2 bad flags: %s\n", cudaGetErrorName(cudaGraphRetainUserObject(g, o[2], 1, 5)));
    printf("retain o2 count 0: %s\n", cudaGetErrorName(cudaGraphRetainUserObject(g, o[2], 0, 0)));
    cudaGetLastError();
    printf("release o1 from the program: %s\n", cudaGetErrorName(cudaUserObjectRelease(o[1], 1)));
    state("program refs dropped");
    cudaGraph_t c;
    cudaGraphClone(&c, g);
    cudaGraphExec_t ex;
    cudaGraphInstantiate(&ex, g, 0);
    printf("graph release of o1 by 1 of 2: %s\n", cudaGetErrorName(cudaGraphReleaseUserObject(g, o[1], 1)));
    cudaGetLastError();
    for (int i = 0; i < 3; i++) cudaGraphLaunch(ex, 0);
    cudaGraphDestroy(g);
    state("graph destroyed (clone, exec live)");
    cudaGraphDestroy(c);
    state("clone destroyed (exec live)");
    cudaGraphExecDestroy(ex);
    state("exec destroyed");
    // o3 with 2 references: retain, release and release
    printf("retain o3: %s\n", cudaGetErrorName(cudaUserObjectRetain(o[3], 3)));
    printf("release o3 by 4: %s\n", cudaGetErrorName(cudaUserObjectRelease(o[3], 4)));
    state("o3 down to 1");
    printf("release o3 by 1: %s\n", cudaGetErrorName(cudaUserObjectRelease(o[3], 1)));
    state("o3 released");
    printf("release o2: %s\n", cudaGetErrorName(cudaUserObjectRelease(o[2], 1)));
    state("o2 released");
    int h = 0;
    cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);
    printf("the exec's kernel ran %d times\n", h);
    printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
