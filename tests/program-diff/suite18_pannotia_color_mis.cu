// flags: -O2
// Pannotia (Che et al., graph applications in OpenCL, ported to CUDA as in GPGPU-Sim's
// collections) graph coloring by the max-min independent-set method and Luby-style maximal
// independent set: a deterministic random graph in CSR, node values from a hash; each round one
// kernel finds nodes whose value is the maximum (and another the minimum) among uncolored
// neighbours and gives them colors 2r and 2r+1, until all are colored, with a device flag
// telling the host whether to continue; MIS with the same rounds and a second kernel removing
// neighbours (states read as sets that a concurrent transition does not change, so the result
// does not depend on the order of the threads). 128- and 192-thread blocks. Colors verified (no edge joins equal colors), exact.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
__global__ void color_maxmin(const int* row, const int* col, const unsigned* val, int* color, int n, int round, int* stop) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || color[v] != -1) return;
    bool is_max = true, is_min = true;
    unsigned mv = val[v];
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        int cu = color[u];
        if (cu != -1 && cu != 2 * round && cu != 2 * round + 1) continue;
        if (u == v) continue;
        unsigned uv = val[u];
        if (uv > mv || (uv == mv && u > v)) is_max = false;
        if (uv < mv || (uv == mv && u < v)) is_min = false;
    }
    if (is_max) color[v] = 2 * round;
    else if (is_min) color[v] = 2 * round + 1;
    else *stop = 0;
}
__global__ void mis_select(const int* row, const int* col, const unsigned* val, int* state, int n, int* changed) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || state[v] != 0) return;
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        // 3: chosen in this round, by a neighbour that may run before or after this thread
        if ((state[u] == 0 || state[u] == 3) && u != v && (val[u] > val[v] || (val[u] == val[v] && u > v))) return;
    }
    state[v] = 3;
    *changed = 1;
}
__global__ void mis_remove(const int* row, const int* col, int* state, int n) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n) return;
    if (state[v] == 3) { state[v] = 1; return; } // into the set
    if (state[v] != 0) return;
    for (int e = row[v]; e < row[v + 1]; e++) if (state[col[e]] == 1 || state[col[e]] == 3) { state[v] = 2; return; }
}
int main() {
    const int n = 6000;
    std::vector<std::vector<int>> adj(n);
    unsigned x = 7;
    for (int i = 0; i < n * 4; i++) {
        x = x * 1103515245u + 12345u; int a = (x >> 8) % n;
        x = x * 1103515245u + 12345u; int b = (x >> 8) % n;
        if (a != b) { adj[a].push_back(b); adj[b].push_back(a); }
    }
    for (int v = 0; v + 1 < n; v += 97) { adj[v].push_back(v + 1); adj[v + 1].push_back(v); }
    std::vector<int> row(n + 1, 0), col;
    for (int v = 0; v < n; v++) { for (int u : adj[v]) col.push_back(u); row[v + 1] = col.size(); }
    std::vector<unsigned> val(n);
    for (int v = 0; v < n; v++) { unsigned h = v * 2654435761u; h ^= h >> 16; h *= 0x45d9f3bu; h ^= h >> 16; val[v] = h % 5000; }
    int *drow, *dcol, *dcolor, *dstop, *dstate; unsigned* dval;
    CK(cudaMalloc(&drow, row.size() * 4)); CK(cudaMalloc(&dcol, col.size() * 4)); CK(cudaMalloc(&dval, n * 4));
    CK(cudaMalloc(&dcolor, n * 4)); CK(cudaMalloc(&dstop, 4)); CK(cudaMalloc(&dstate, n * 4));
    CK(cudaMemcpy(drow, row.data(), row.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dcol, col.data(), col.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dval, val.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(dcolor, 0xff, n * 4));
    int round = 0, stop = 0;
    while (!stop) {
        stop = 1;
        CK(cudaMemcpy(dstop, &stop, 4, cudaMemcpyHostToDevice));
        color_maxmin<<<(n + 127) / 128, 128>>>(drow, dcol, dval, dcolor, n, round, dstop);
        CK(cudaMemcpy(&stop, dstop, 4, cudaMemcpyDeviceToHost));
        round++;
    }
    std::vector<int> color(n);
    CK(cudaMemcpy(color.data(), dcolor, n * 4, cudaMemcpyDeviceToHost));
    int conflicts = 0, maxc = 0; long long csum = 0;
    for (int v = 0; v < n; v++) { maxc = color[v] > maxc ? color[v] : maxc; csum += color[v] * (long long)(v % 13); for (int e = row[v]; e < row[v + 1]; e++) conflicts += col[e] != v && color[col[e]] == color[v]; }
    printf("coloring: %d nodes, %zu directed edges, %d rounds, %d colors used (max %d), %d conflicts, weighted sum %lld\n", n, col.size(), round, maxc + 1, maxc, conflicts, csum);
    CK(cudaMemset(dstate, 0, n * 4));
    int changed = 1, rounds = 0;
    while (changed) {
        changed = 0;
        CK(cudaMemcpy(dstop, &changed, 4, cudaMemcpyHostToDevice));
        mis_select<<<(n + 191) / 192, 192>>>(drow, dcol, dval, dstate, n, dstop);
        mis_remove<<<(n + 191) / 192, 192>>>(drow, dcol, dstate, n);
        CK(cudaMemcpy(&changed, dstop, 4, cudaMemcpyDeviceToHost));
        rounds++;
    }
    std::vector<int> st(n);
    CK(cudaMemcpy(st.data(), dstate, n * 4, cudaMemcpyDeviceToHost));
    int in_set = 0, bad = 0, undecided = 0;
    for (int v = 0; v < n; v++) {
        in_set += st[v] == 1; undecided += st[v] == 0;
        bool nb_in = false;
        for (int e = row[v]; e < row[v + 1]; e++) { if (st[v] == 1 && st[col[e]] == 1 && col[e] != v) bad++; nb_in |= st[col[e]] == 1; }
        if (st[v] == 2 && !nb_in) bad++;
    }
    printf("MIS: %d rounds, %d nodes in the set, %d undecided, %d violations\n", rounds, in_set, undecided, bad);
    return 0;
}
