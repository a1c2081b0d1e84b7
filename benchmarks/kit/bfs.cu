/* Rodinia's two kernels per level (256-thread blocks): expand the frontier, then commit the newly
 * reached nodes and raise a flag the host reads back. */
#include "bfs.h"
#define THREADS 256
__global__ void expand(const int *start, const int *edge, char *mask, char *updating, const char *visited, int *cost, int n) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n && mask[v]) {
        mask[v] = 0;
        for (int e = start[v]; e < start[v + 1]; e++) {
            int w = edge[e];
            if (!visited[w]) {
                cost[w] = cost[v] + 1;
                updating[w] = 1;
            }
        }
    }
}
__global__ void commit(char *mask, char *updating, char *visited, int *more, int n) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n && updating[v]) {
        mask[v] = visited[v] = 1;
        *more = 1;
        updating[v] = 0;
    }
}
int main(void) {
    bfs_graph g = bfs_inputs();
    char *mask = (char *)kit_alloc(BFS_N), *updating = (char *)kit_alloc(BFS_N), *visited = (char *)kit_alloc(BFS_N);
    int *cost = (int *)kit_alloc(BFS_N * sizeof(int));
    bfs_reset(mask, updating, visited, cost);
    int *dstart = kit_device_copy(g.start, BFS_N + 1), *dedge = kit_device_copy(g.edge, g.m), *dcost = kit_device_copy(cost, BFS_N);
    char *dmask = kit_device_copy(mask, BFS_N), *dupdating = kit_device_copy(updating, BFS_N), *dvisited = kit_device_copy(visited, BFS_N);
    int *dmore = kit_device_copy<int>(0, 1);
    int blocks = (BFS_N + THREADS - 1) / THREADS;
    kit_times t;
    KIT_TIME_CUDA(t, , for (int l = 0; l < BFS_LAUNCHES; l++) {
        KIT_CUDA(cudaMemcpy(dmask, mask, BFS_N, cudaMemcpyHostToDevice));
        KIT_CUDA(cudaMemcpy(dupdating, updating, BFS_N, cudaMemcpyHostToDevice));
        KIT_CUDA(cudaMemcpy(dvisited, visited, BFS_N, cudaMemcpyHostToDevice));
        KIT_CUDA(cudaMemcpy(dcost, cost, BFS_N * sizeof(int), cudaMemcpyHostToDevice));
        int more;
        do {
            KIT_CUDA(cudaMemset(dmore, 0, sizeof(int)));
            expand<<<blocks, THREADS>>>(dstart, dedge, dmask, dupdating, dvisited, dcost, BFS_N);
            commit<<<blocks, THREADS>>>(dmask, dupdating, dvisited, dmore, BFS_N);
            KIT_CUDA(cudaMemcpy(&more, dmore, sizeof(int), cudaMemcpyDeviceToHost));
        } while (more);
    });
    kit_host_copy(cost, dcost, BFS_N);
    return kit_report("bfs", "cuda", "256", &t, bfs_check(g, cost));
}
