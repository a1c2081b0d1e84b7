// Connected components by parallel union-find (the ECL-CC style): each edge hooks the larger
// root under the smaller with atomicCAS, find with path halving, then a flattening pass; the
// final label of every vertex is the smallest vertex id of its component, independent of the
// order in which edges were processed. Also a label-propagation variant with atomicMin until
// no change (a flag in managed memory). Compared with a host BFS.
#include <cstdio>
#include <vector>
#include <numeric>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

__device__ int find(int* parent, int v) {
    int p = parent[v];
    while (p != v) {
        int gp = parent[p];
        if (gp != p) atomicCAS(&parent[v], p, gp);   // path halving, benign if it fails
        v = p; p = parent[v];
        if (gp != p) p = parent[v];
    }
    return v;
}

__global__ void hook(const int2* __restrict__ edges, int m, int* parent) {
    for (int e = blockIdx.x * blockDim.x + threadIdx.x; e < m; e += gridDim.x * blockDim.x) {
        int a = edges[e].x, b = edges[e].y;
        while (true) {
            a = find(parent, a); b = find(parent, b);
            if (a == b) break;
            if (a > b) { int t = a; a = b; b = t; }
            if (atomicCAS(&parent[b], b, a) == b) break;   // b was still a root: now under a
        }
    }
}

__global__ void flatten(int* parent, int n) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n) parent[v] = find(parent, v);
}

__global__ void propagate(const int2* __restrict__ edges, int m, int* label, int* changed) {
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= m) return;
    int a = edges[e].x, b = edges[e].y, la = label[a], lb = label[b];
    if (la < lb) { if (atomicMin(&label[b], la) > la) *changed = 1; }
    else if (lb < la) { if (atomicMin(&label[a], lb) > lb) *changed = 1; }
}

int main() {
    const int n = 30000;
    std::vector<int2> edges;
    unsigned s = 555;
    auto r = [&]() { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; };
    for (int k = 0; k < 21000; ++k) { int a = r() % n, b = (a + 1 + r() % 50) % n; if (r() % 4) edges.push_back(make_int2(a, b)); }
    for (int v = 100; v < 140; ++v) edges.push_back(make_int2(v, v));   // self loops
    int m = (int)edges.size();
    // host reference: smallest id per component
    std::vector<std::vector<int>> adj(n);
    for (auto e : edges) { adj[e.x].push_back(e.y); adj[e.y].push_back(e.x); }
    std::vector<int> ref(n, -1);
    for (int v = 0; v < n; ++v) if (ref[v] < 0) { std::vector<int> st{v}; ref[v] = v; while (!st.empty()) { int u = st.back(); st.pop_back(); for (int w : adj[u]) if (ref[w] < 0) { ref[w] = v; st.push_back(w); } } }
    int comps = 0; for (int v = 0; v < n; ++v) comps += ref[v] == v;
    int2* de; int *dp, *dl; int* changed;
    CK(cudaMalloc(&de, m * sizeof(int2))); CK(cudaMalloc(&dp, n * 4)); CK(cudaMalloc(&dl, n * 4)); CK(cudaMallocManaged(&changed, 4));
    CK(cudaMemcpy(de, edges.data(), m * sizeof(int2), cudaMemcpyHostToDevice));
    std::vector<int> iota(n); std::iota(iota.begin(), iota.end(), 0);
    for (int blocks : {1, 13, 200}) {
        CK(cudaMemcpy(dp, iota.data(), n * 4, cudaMemcpyHostToDevice));
        hook<<<blocks, 256>>>(de, m, dp);
        flatten<<<(n + 255) / 256, 256>>>(dp, n);
        CK(cudaGetLastError());
        std::vector<int> lab(n);
        CK(cudaMemcpy(lab.data(), dp, n * 4, cudaMemcpyDeviceToHost));
        int bad = 0; long long chk = 0;
        for (int v = 0; v < n; ++v) { bad += lab[v] != ref[v]; chk += (long long)lab[v] * (v % 97); }
        printf("union-find %3d blocks: components %d checksum %lld mismatches %d\n", blocks, comps, chk, bad);
    }
    CK(cudaMemcpy(dl, iota.data(), n * 4, cudaMemcpyHostToDevice));
    int rounds = 0;
    do { *changed = 0; propagate<<<(m + 127) / 128, 128>>>(de, m, dl, changed); CK(cudaDeviceSynchronize()); ++rounds; } while (*changed && rounds < 100000);
    std::vector<int> lab(n);
    CK(cudaMemcpy(lab.data(), dl, n * 4, cudaMemcpyDeviceToHost));
    int bad = 0; for (int v = 0; v < n; ++v) bad += lab[v] != ref[v];
    printf("label propagation: converged %d mismatches %d\n", rounds < 100000, bad);
    return 0;
}
