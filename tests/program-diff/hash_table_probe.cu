// A GPU hash table with open addressing: 64-bit keys inserted with atomicCAS and linear probing,
// values accumulated with atomicAdd (duplicate keys count occurrences), lookups of present and
// absent keys, deletion by tombstones, and a per-bucket spin lock (atomicCAS/atomicExch with
// __threadfence) guarding a two-word record update. The final contents are printed sorted, so
// they do not depend on the order of insertion.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <map>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

constexpr unsigned long long EMPTY = ~0ull, TOMB = ~0ull - 1;
constexpr int CAP = 1 << 14;

__device__ __host__ unsigned hash64(unsigned long long k) { k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33; return (unsigned)k & (CAP - 1); }

__global__ void insert(unsigned long long* keys, unsigned* counts, const unsigned long long* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long k = in[i];
    for (unsigned s = hash64(k), probes = 0; probes < CAP; s = (s + 1) & (CAP - 1), ++probes) {
        unsigned long long prev = atomicCAS(&keys[s], EMPTY, k);
        if (prev == EMPTY || prev == k) { atomicAdd(&counts[s], 1u); return; }
    }
}

__global__ void lookup(const unsigned long long* keys, const unsigned* counts, const unsigned long long* q, int n, int* found) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long k = q[i];
    int r = -1;
    for (unsigned s = hash64(k), probes = 0; probes < CAP; s = (s + 1) & (CAP - 1), ++probes) {
        unsigned long long v = keys[s];
        if (v == k) { r = (int)counts[s]; break; }
        if (v == EMPTY) break;
    }
    found[i] = r;
}

__global__ void erase_odd_counts(unsigned long long* keys, const unsigned* counts) {
    int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s < CAP && keys[s] != EMPTY && counts[s] % 2) keys[s] = TOMB;
}

struct Record { unsigned long long sum; unsigned long long sumsq; };

__global__ void locked_update(int* locks, Record* recs, int buckets, const int* vals, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int b = vals[i] % buckets;
    // one lane at a time per bucket: a lane that fails the CAS retries after the others moved on
    bool done = false;
    while (!done) {
        if (atomicCAS(&locks[b], 0, 1) == 0) {
            __threadfence();
            Record r = recs[b];
            r.sum += vals[i];
            r.sumsq += (unsigned long long)vals[i] * vals[i];
            recs[b] = r;
            __threadfence();
            atomicExch(&locks[b], 0);
            done = true;
        }
    }
}

int main() {
    const int n = 9000;
    std::vector<unsigned long long> in(n);
    unsigned long long s = 88172645463325252ull;
    for (int i = 0; i < n; ++i) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; in[i] = (i % 3 == 0 && i > 0) ? in[i / 3] : s % 1000003ull * 0x100000001ull; }
    unsigned long long* dk; unsigned* dc; unsigned long long* din; int* df;
    CK(cudaMalloc(&dk, CAP * 8)); CK(cudaMalloc(&dc, CAP * 4)); CK(cudaMalloc(&din, n * 8)); CK(cudaMalloc(&df, n * 4));
    CK(cudaMemset(dk, 0xff, CAP * 8)); CK(cudaMemset(dc, 0, CAP * 4));
    CK(cudaMemcpy(din, in.data(), n * 8, cudaMemcpyHostToDevice));
    insert<<<(n + 127) / 128, 128>>>(dk, dc, din, n);
    std::vector<unsigned long long> q(n);
    for (int i = 0; i < n; ++i) q[i] = i % 2 ? in[i] : in[i] + 1;   // half absent (keys are multiples of 0x100000001)
    CK(cudaMemcpy(din, q.data(), n * 8, cudaMemcpyHostToDevice));
    lookup<<<(n + 255) / 256, 256>>>(dk, dc, din, n, df);
    CK(cudaGetLastError());
    std::vector<int> found(n);
    CK(cudaMemcpy(found.data(), df, n * 4, cudaMemcpyDeviceToHost));
    std::map<unsigned long long, int> ref;
    for (auto k : in) ref[k]++;
    int bad = 0;
    for (int i = 0; i < n; ++i) { auto it = ref.find(q[i]); bad += found[i] != (it == ref.end() ? -1 : it->second); }
    printf("distinct keys %zu lookup mismatches %d\n", ref.size(), bad);
    erase_odd_counts<<<CAP / 256, 256>>>(dk, dc);
    std::vector<unsigned long long> keys(CAP); std::vector<unsigned> counts(CAP);
    CK(cudaMemcpy(keys.data(), dk, CAP * 8, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(counts.data(), dc, CAP * 4, cudaMemcpyDeviceToHost));
    std::vector<std::pair<unsigned long long, unsigned>> live;
    int tombs = 0;
    for (int i = 0; i < CAP; ++i) { if (keys[i] == TOMB) ++tombs; else if (keys[i] != EMPTY) live.push_back({keys[i], counts[i]}); }
    std::sort(live.begin(), live.end());
    unsigned long long h = 0; for (auto& p : live) h = h * 1000003 + p.first * 7 + p.second;
    int want_live = 0, want_tombs = 0; for (auto& p : ref) (p.second % 2 ? want_tombs : want_live)++;
    printf("after erase: live %zu (want %d) tombstones %d (want %d) hash %016llx\n", live.size(), want_live, tombs, want_tombs, h);
    const int buckets = 37;
    std::vector<int> vals(n);
    for (int i = 0; i < n; ++i) vals[i] = (int)(in[i] % 100000);
    int *dl, *dv; Record* dr;
    CK(cudaMalloc(&dl, buckets * 4)); CK(cudaMalloc(&dr, buckets * sizeof(Record))); CK(cudaMalloc(&dv, n * 4));
    CK(cudaMemset(dl, 0, buckets * 4)); CK(cudaMemset(dr, 0, buckets * sizeof(Record)));
    CK(cudaMemcpy(dv, vals.data(), n * 4, cudaMemcpyHostToDevice));
    locked_update<<<(n + 95) / 96, 96>>>(dl, dr, buckets, dv, n);
    CK(cudaGetLastError());
    std::vector<Record> recs(buckets);
    CK(cudaMemcpy(recs.data(), dr, buckets * sizeof(Record), cudaMemcpyDeviceToHost));
    std::vector<Record> rr(buckets, Record{0, 0});
    for (int v : vals) { rr[v % buckets].sum += v; rr[v % buckets].sumsq += (unsigned long long)v * v; }
    bad = 0; for (int b = 0; b < buckets; ++b) bad += recs[b].sum != rr[b].sum || recs[b].sumsq != rr[b].sumsq;
    printf("locked records: bucket 0 %llu/%llu bucket 36 %llu/%llu mismatches %d\n", recs[0].sum, recs[0].sumsq, recs[36].sum, recs[36].sumsq, bad);
    return 0;
}
