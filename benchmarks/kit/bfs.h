/* Breadth-first search levels from node 0 of a random directed graph (n nodes, 1..15 out-edges
 * each, uniform targets), level-synchronous with frontier masks as in Rodinia's bfs. Exact. */
#include "kit.h"
#define BFS_N (1 << 19)
#define BFS_LAUNCHES 2 /* whole searches per repetition */
typedef struct {
    int *start, *edge, m;
} bfs_graph;
static bfs_graph bfs_inputs(void) {
    bfs_graph g;
    g.start = (int *)kit_alloc((BFS_N + 1) * sizeof(int));
    g.start[0] = 0;
    for (int v = 0; v < BFS_N; v++) g.start[v + 1] = g.start[v] + 1 + (int)(kit_hash(26, v) % 15);
    g.m = g.start[BFS_N];
    g.edge = kit_ints(g.m, 27, BFS_N);
    return g;
}
/* Starting state of the arrays: only the source in the frontier and visited, costs -1 elsewhere. */
static void bfs_reset(char *mask, char *updating, char *visited, int *cost) {
    memset(mask, 0, BFS_N);
    memset(updating, 0, BFS_N);
    memset(visited, 0, BFS_N);
    for (int v = 0; v < BFS_N; v++) cost[v] = -1;
    mask[0] = visited[0] = 1;
    cost[0] = 0;
}
static kit_check bfs_check(bfs_graph g, const int *cost) {
    int *want = (int *)kit_alloc(BFS_N * sizeof(int)), *queue = (int *)kit_alloc(BFS_N * sizeof(int));
    for (int v = 0; v < BFS_N; v++) want[v] = -1;
    int head = 0, tail = 0;
    want[0] = 0;
    queue[tail++] = 0;
    while (head < tail) {
        int v = queue[head++];
        for (int e = g.start[v]; e < g.start[v + 1]; e++)
            if (want[g.edge[e]] < 0) {
                want[g.edge[e]] = want[v] + 1;
                queue[tail++] = g.edge[e];
            }
    }
    kit_check c = kit_check_ints(cost, want, BFS_N);
    free(want);
    free(queue);
    return c;
}
