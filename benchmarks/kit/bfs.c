/* Rodinia's OpenMP bfs: the same two loops per level, nodes among threads. */
#include "bfs.h"
static void bfs(bfs_graph g, char *mask, char *updating, char *visited, int *cost) {
    int more;
    do {
        more = 0;
#pragma omp parallel for schedule(static)
        for (int v = 0; v < BFS_N; v++)
            if (mask[v]) {
                mask[v] = 0;
                for (int e = g.start[v]; e < g.start[v + 1]; e++) {
                    int w = g.edge[e];
                    if (!visited[w]) {
                        cost[w] = cost[v] + 1;
                        updating[w] = 1;
                    }
                }
            }
#pragma omp parallel for schedule(static) reduction(| : more)
        for (int v = 0; v < BFS_N; v++)
            if (updating[v]) {
                mask[v] = visited[v] = 1;
                more = 1;
                updating[v] = 0;
            }
    } while (more);
}
int main(void) {
    bfs_graph g = bfs_inputs();
    char *mask = (char *)kit_alloc(BFS_N), *updating = (char *)kit_alloc(BFS_N), *visited = (char *)kit_alloc(BFS_N);
    int *cost = (int *)kit_alloc(BFS_N * sizeof(int));
    kit_times t;
    KIT_TIME_OMP(t, , for (int l = 0; l < BFS_LAUNCHES; l++) {
        bfs_reset(mask, updating, visited, cost);
        bfs(g, mask, updating, visited, cost);
    });
    return kit_report("bfs", "openmp", "256", &t, bfs_check(g, cost));
}
