// Rodinia b+tree (findK and findRangeK kernels): a B+ tree of order 32 built on the host in
// Rodinia's flattened knode layout (indices[DEFAULT_ORDER+1], keys[DEFAULT_ORDER+1],
// is_leaf, num_keys), then one block per query with threadsPerBlock = order+1 threads walking the
// levels together: each thread compares its key slot, the winner sets the next node in the
// block's currKnode, and at the leaf the thread holding the key writes the record. findRangeK
// walks two paths at once and counts records between the leaf positions. Exact integer output.
#include <cstdio>
#include <vector>
#include <algorithm>
#define DEFAULT_ORDER 32
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
typedef struct record { int value; } record;
typedef struct knode {
    int location;
    int indices[DEFAULT_ORDER + 1];
    int keys[DEFAULT_ORDER + 1];
    bool is_leaf;
    int num_keys;
} knode;

__global__ void findK(long height, knode* knodesD, long knodes_elem, record* recordsD, long* currKnodeD, long* offsetD, int* keysD, record* ansD) {
    int thid = threadIdx.x;
    int bid = blockIdx.x;
    for (int i = 0; i < height; i++) {
        if ((knodesD[currKnodeD[bid]].keys[thid]) <= keysD[bid] && (knodesD[currKnodeD[bid]].keys[thid + 1] > keysD[bid])) {
            if (knodesD[offsetD[bid]].indices[thid] < knodes_elem) {
                offsetD[bid] = knodesD[offsetD[bid]].indices[thid];
            }
        }
        __syncthreads();
        if (thid == 0) currKnodeD[bid] = offsetD[bid];
        __syncthreads();
    }
    if (knodesD[currKnodeD[bid]].keys[thid] == keysD[bid]) {
        ansD[bid].value = recordsD[knodesD[currKnodeD[bid]].indices[thid]].value;
    }
}
__global__ void findRangeK(long height, knode* knodesD, long knodes_elem, long* currKnodeD, long* offsetD, long* lastKnodeD, long* offset_2D, int* startD, int* endD, int* RecstartD, int* ReclenD) {
    int thid = threadIdx.x;
    int bid = blockIdx.x;
    for (int i = 0; i < height; i++) {
        if ((knodesD[currKnodeD[bid]].keys[thid] <= startD[bid]) && (knodesD[currKnodeD[bid]].keys[thid + 1] > startD[bid])) {
            if (knodesD[currKnodeD[bid]].indices[thid] < knodes_elem) offsetD[bid] = knodesD[currKnodeD[bid]].indices[thid];
        }
        if ((knodesD[lastKnodeD[bid]].keys[thid] <= endD[bid]) && (knodesD[lastKnodeD[bid]].keys[thid + 1] > endD[bid])) {
            if (knodesD[lastKnodeD[bid]].indices[thid] < knodes_elem) offset_2D[bid] = knodesD[lastKnodeD[bid]].indices[thid];
        }
        __syncthreads();
        if (thid == 0) {
            currKnodeD[bid] = offsetD[bid];
            lastKnodeD[bid] = offset_2D[bid];
        }
        __syncthreads();
    }
    int pthreadid = 0;
    if (knodesD[currKnodeD[bid]].keys[thid] == startD[bid]) {
        RecstartD[bid] = knodesD[currKnodeD[bid]].indices[thid];
    }
    __syncthreads();
    if (knodesD[lastKnodeD[bid]].keys[thid] == endD[bid]) {
        ReclenD[bid] = knodesD[lastKnodeD[bid]].indices[thid] - RecstartD[bid] + 1;
    }
    (void)pthreadid;
}
// Bulk-load a tree: leaves hold up to ORDER-1 sorted keys (padding keys are INT_MAX-like
// sentinels so the search condition fails); inner nodes hold the first key of each child.
int main() {
    const int NKEYS = 5000;
    std::vector<int> keys(NKEYS);
    for (int i = 0; i < NKEYS; i++) keys[i] = i * 7 + (i % 5);
    std::vector<record> recs(NKEYS);
    for (int i = 0; i < NKEYS; i++) recs[i].value = keys[i] * 3 + 1;
    const int per = DEFAULT_ORDER - 1;
    const int BIG = 0x7fffffff;
    std::vector<knode> nodes;
    std::vector<int> level, firsts;
    for (int s = 0; s < NKEYS; s += per) {
        knode n = {}; n.is_leaf = true; n.num_keys = std::min(per, NKEYS - s);
        for (int k = 0; k <= DEFAULT_ORDER; k++) { n.keys[k] = BIG; n.indices[k] = 0; }
        for (int k = 0; k < n.num_keys; k++) { n.keys[k] = keys[s + k]; n.indices[k] = s + k; }
        n.location = nodes.size(); level.push_back(n.location); firsts.push_back(keys[s]);
        nodes.push_back(n);
    }
    long height = 0;
    while (level.size() > 1) {
        std::vector<int> up, upf;
        for (size_t s = 0; s < level.size(); s += per) {
            knode n = {}; n.is_leaf = false; n.num_keys = std::min<int>(per, level.size() - s);
            for (int k = 0; k <= DEFAULT_ORDER; k++) { n.keys[k] = BIG; n.indices[k] = 0x3fffffff; }
            for (int k = 0; k < n.num_keys; k++) { n.keys[k] = k == 0 && s == 0 ? -BIG : firsts[s + k]; n.indices[k] = level[s + k]; }
            n.location = nodes.size(); up.push_back(n.location); upf.push_back(firsts[s]);
            nodes.push_back(n);
        }
        level = up; firsts = upf; height++;
    }
    long root = level[0];
    printf("tree: %zu nodes, height %ld, root %ld\n", nodes.size(), height, root);
    const int Q = 300;
    std::vector<int> q(Q), qs(Q), qe(Q);
    for (int i = 0; i < Q; i++) { q[i] = keys[(i * 131) % NKEYS]; qs[i] = keys[(i * 37) % (NKEYS - 200)]; qe[i] = keys[(i * 37) % (NKEYS - 200) + (i % 150) + 1]; }
    knode* dn; record *dr, *dans; long *dcur, *doff, *dlast, *doff2; int *dk, *ds, *de, *drs, *drl;
    CK(cudaMalloc(&dn, nodes.size() * sizeof(knode)));
    CK(cudaMalloc(&dr, NKEYS * sizeof(record)));
    CK(cudaMalloc(&dans, Q * sizeof(record)));
    CK(cudaMalloc(&dcur, Q * sizeof(long))); CK(cudaMalloc(&doff, Q * sizeof(long)));
    CK(cudaMalloc(&dlast, Q * sizeof(long))); CK(cudaMalloc(&doff2, Q * sizeof(long)));
    CK(cudaMalloc(&dk, Q * 4)); CK(cudaMalloc(&ds, Q * 4)); CK(cudaMalloc(&de, Q * 4));
    CK(cudaMalloc(&drs, Q * 4)); CK(cudaMalloc(&drl, Q * 4));
    CK(cudaMemcpy(dn, nodes.data(), nodes.size() * sizeof(knode), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dr, recs.data(), NKEYS * sizeof(record), cudaMemcpyHostToDevice));
    std::vector<long> init(Q, root);
    CK(cudaMemcpy(dcur, init.data(), Q * sizeof(long), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(doff, init.data(), Q * sizeof(long), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dk, q.data(), Q * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(dans, 0xff, Q * sizeof(record)));
    findK<<<Q, DEFAULT_ORDER + 1>>>(height, dn, nodes.size(), dr, dcur, doff, dk, dans);
    std::vector<record> ans(Q);
    CK(cudaMemcpy(ans.data(), dans, Q * sizeof(record), cudaMemcpyDeviceToHost));
    int ok = 0; long long s = 0;
    for (int i = 0; i < Q; i++) { ok += ans[i].value == q[i] * 3 + 1; s += ans[i].value; }
    printf("findK: %d of %d found, value sum %lld, first %d %d %d\n", ok, Q, s, ans[0].value, ans[1].value, ans[2].value);
    CK(cudaMemcpy(dcur, init.data(), Q * sizeof(long), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(doff, init.data(), Q * sizeof(long), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dlast, init.data(), Q * sizeof(long), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(doff2, init.data(), Q * sizeof(long), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(ds, qs.data(), Q * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(de, qe.data(), Q * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(drs, 0, Q * 4)); CK(cudaMemset(drl, 0, Q * 4));
    findRangeK<<<Q, DEFAULT_ORDER + 1>>>(height, dn, nodes.size(), dcur, doff, dlast, doff2, ds, de, drs, drl);
    std::vector<int> rs(Q), rl(Q);
    CK(cudaMemcpy(rs.data(), drs, Q * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(rl.data(), drl, Q * 4, cudaMemcpyDeviceToHost));
    ok = 0; long long ls = 0;
    for (int i = 0; i < Q; i++) { int a = (i * 37) % (NKEYS - 200); ok += rs[i] == a && rl[i] == (i % 150) + 2; ls += rl[i]; }
    printf("findRangeK: %d of %d ranges right, length sum %lld, first %d+%d %d+%d\n", ok, Q, ls, rs[0], rl[0], rs[5], rl[5]);
    CK(cudaFree(dn));
    return 0;
}
