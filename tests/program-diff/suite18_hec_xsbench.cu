// flags: -O3 -lineinfo
// XSBench (ANL's Monte Carlo macroscopic cross-section lookup proxy, event-based CUDA version):
// n_isotopes nuclide grids of (energy, total, elastic, absorbtion, fission, nu_fission) sorted by
// energy, a unionized energy grid with an index table, materials with num_nucs and
// concentrations; each lookup seeds its own LCG with fast_forward_LCG (the modular
// exponentiation of a*x+c in 64-bit), samples an energy and a material with pick_mat's
// cumulative distribution, searches the unionized grid (iterative binary search), interpolates
// every nuclide's micro cross sections (read with __ldg), and accumulates the macro cross
// section vector in double; the verification hash of the reference (the index of the largest
// macro cross section, summed) and a few macro vectors printed with %a.
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
struct NuclideGridPoint { double energy, total_xs, elastic_xs, absorbtion_xs, fission_xs, nu_fission_xs; };
#define STARTING_SEED 1070
__host__ __device__ double LCG_random_double(uint64_t* seed) {
    const uint64_t m = 9223372036854775808ULL;
    const uint64_t a = 2806196910506780709ULL;
    const uint64_t c = 1ULL;
    *seed = (a * (*seed) + c) % m;
    return (double)(*seed) / (double)m;
}
__host__ __device__ uint64_t fast_forward_LCG(uint64_t seed, uint64_t n) {
    const uint64_t m = 9223372036854775808ULL;
    uint64_t a = 2806196910506780709ULL;
    uint64_t c = 1ULL;
    n = n % m;
    uint64_t a_new = 1;
    uint64_t c_new = 0;
    while (n > 0) {
        if (n & 1) {
            a_new *= a;
            c_new = c_new * a + c;
        }
        c *= (a + 1);
        a *= a;
        n >>= 1;
    }
    return (a_new * seed + c_new) % m;
}
__device__ int pick_mat(uint64_t* seed) {
    double dist[12];
    dist[0] = 0.140; dist[1] = 0.052; dist[2] = 0.275; dist[3] = 0.134; dist[4] = 0.154; dist[5] = 0.064;
    dist[6] = 0.066; dist[7] = 0.055; dist[8] = 0.008; dist[9] = 0.015; dist[10] = 0.025; dist[11] = 0.013;
    double roll = LCG_random_double(seed);
    for (int i = 0; i < 12; i++) {
        double running = 0;
        for (int j = i; j > 0; j--) running += dist[j];
        if (roll < running) return i;
    }
    return 0;
}
__device__ long grid_search(long n, double quarry, const double* __restrict__ A) {
    long lowerLimit = 0, upperLimit = n - 1, examinationPoint, length = upperLimit - lowerLimit;
    while (length > 1) {
        examinationPoint = lowerLimit + (length / 2);
        if (__ldg(&A[examinationPoint]) > quarry) upperLimit = examinationPoint;
        else lowerLimit = examinationPoint;
        length = upperLimit - lowerLimit;
    }
    return lowerLimit;
}
__device__ void calculate_micro_xs(double p_energy, int nuc, long n_isotopes, long n_gridpoints, const double* __restrict__ egrid, const int* __restrict__ index_data, const NuclideGridPoint* __restrict__ nuclide_grids, long idx, double* __restrict__ xs_vector) {
    double f;
    const NuclideGridPoint *low, *high;
    if (index_data[idx * n_isotopes + nuc] == n_gridpoints - 1) low = &nuclide_grids[nuc * n_gridpoints + index_data[idx * n_isotopes + nuc] - 1];
    else low = &nuclide_grids[nuc * n_gridpoints + index_data[idx * n_isotopes + nuc]];
    high = low + 1;
    f = (high->energy - p_energy) / (high->energy - low->energy);
    xs_vector[0] = high->total_xs - f * (high->total_xs - low->total_xs);
    xs_vector[1] = high->elastic_xs - f * (high->elastic_xs - low->elastic_xs);
    xs_vector[2] = high->absorbtion_xs - f * (high->absorbtion_xs - low->absorbtion_xs);
    xs_vector[3] = high->fission_xs - f * (high->fission_xs - low->fission_xs);
    xs_vector[4] = high->nu_fission_xs - f * (high->nu_fission_xs - low->nu_fission_xs);
    (void)egrid;
}
__global__ void xs_lookup_kernel(int lookups, long n_isotopes, long n_gridpoints, const double* __restrict__ egrid, const int* __restrict__ index_data, const NuclideGridPoint* __restrict__ nuclide_grids, const int* __restrict__ num_nucs, const double* __restrict__ concs, const int* __restrict__ mats, int max_num_nucs, unsigned long* verification, double* samples) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= lookups) return;
    uint64_t seed = STARTING_SEED;
    seed = fast_forward_LCG(seed, 2 * i);
    double p_energy = LCG_random_double(&seed);
    int mat = pick_mat(&seed);
    double macro_xs_vector[5] = {0};
    double xs_vector[5];
    long idx = grid_search(n_isotopes * n_gridpoints, p_energy, egrid);
    for (int j = 0; j < num_nucs[mat]; j++) {
        int p_nuc = mats[mat * max_num_nucs + j];
        double conc = concs[mat * max_num_nucs + j];
        calculate_micro_xs(p_energy, p_nuc, n_isotopes, n_gridpoints, egrid, index_data, nuclide_grids, idx, xs_vector);
        for (int k = 0; k < 5; k++) macro_xs_vector[k] += xs_vector[k] * conc;
    }
    double max = -1.0;
    int max_idx = 0;
    for (int j = 0; j < 5; j++) {
        if (macro_xs_vector[j] > max) { max = macro_xs_vector[j]; max_idx = j; }
    }
    verification[i] = max_idx + 1;
    if (i % 1000 == 7) for (int k = 0; k < 5; k++) samples[(i / 1000) * 5 + k] = macro_xs_vector[k];
}
int main() {
    const long n_isotopes = 68, n_gridpoints = 300;
    const int lookups = 20000;
    uint64_t seed = 42;
    std::vector<NuclideGridPoint> grids(n_isotopes * n_gridpoints);
    for (long i = 0; i < n_isotopes * n_gridpoints; i++) {
        grids[i].energy = LCG_random_double(&seed);
        grids[i].total_xs = LCG_random_double(&seed);
        grids[i].elastic_xs = LCG_random_double(&seed);
        grids[i].absorbtion_xs = LCG_random_double(&seed);
        grids[i].fission_xs = LCG_random_double(&seed);
        grids[i].nu_fission_xs = LCG_random_double(&seed);
    }
    for (long i = 0; i < n_isotopes; i++) std::sort(grids.begin() + i * n_gridpoints, grids.begin() + (i + 1) * n_gridpoints, [](const NuclideGridPoint& a, const NuclideGridPoint& b) { return a.energy < b.energy; });
    long n_union = n_isotopes * n_gridpoints;
    std::vector<double> egrid(n_union);
    for (long i = 0; i < n_union; i++) egrid[i] = grids[i].energy;
    std::sort(egrid.begin(), egrid.end());
    std::vector<int> index_data(n_union * n_isotopes);
    std::vector<long> idx_low(n_isotopes, 0);
    for (long e = 0; e < n_union; e++) {
        double u = egrid[e];
        for (long iso = 0; iso < n_isotopes; iso++) {
            if (u < grids[iso * n_gridpoints + idx_low[iso]].energy) index_data[e * n_isotopes + iso] = 0;
            else if (idx_low[iso] == n_gridpoints - 1) index_data[e * n_isotopes + iso] = idx_low[iso];
            else {
                while (idx_low[iso] + 1 < n_gridpoints - 1 && u >= grids[iso * n_gridpoints + idx_low[iso] + 1].energy) idx_low[iso]++;
                index_data[e * n_isotopes + iso] = idx_low[iso];
            }
        }
    }
    int num_nucs[12] = {34, 5, 4, 4, 27, 21, 11, 9, 9, 8, 5, 3};
    const int max_num_nucs = 34;
    std::vector<int> mats(12 * max_num_nucs, 0);
    std::vector<double> concs(12 * max_num_nucs, 0);
    for (int m = 0; m < 12; m++) for (int j = 0; j < num_nucs[m]; j++) { mats[m * max_num_nucs + j] = (m * 7 + j * 3) % n_isotopes; concs[m * max_num_nucs + j] = LCG_random_double(&seed); }
    NuclideGridPoint* dg; double *de, *dc, *ds; int *di, *dn, *dm; unsigned long* dv;
    CK(cudaMalloc(&dg, grids.size() * sizeof(NuclideGridPoint))); CK(cudaMalloc(&de, n_union * 8));
    CK(cudaMalloc(&di, index_data.size() * 4)); CK(cudaMalloc(&dn, sizeof num_nucs)); CK(cudaMalloc(&dm, mats.size() * 4));
    CK(cudaMalloc(&dc, concs.size() * 8)); CK(cudaMalloc(&dv, lookups * sizeof(unsigned long))); CK(cudaMalloc(&ds, 20 * 5 * 8));
    CK(cudaMemcpy(dg, grids.data(), grids.size() * sizeof(NuclideGridPoint), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(de, egrid.data(), n_union * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(di, index_data.data(), index_data.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dn, num_nucs, sizeof num_nucs, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dm, mats.data(), mats.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dc, concs.data(), concs.size() * 8, cudaMemcpyHostToDevice));
    xs_lookup_kernel<<<(lookups + 255) / 256, 256>>>(lookups, n_isotopes, n_gridpoints, de, di, dg, dn, dc, dm, max_num_nucs, dv, ds);
    CK(cudaGetLastError());
    std::vector<unsigned long> v(lookups);
    double s[100];
    CK(cudaMemcpy(v.data(), dv, lookups * sizeof(unsigned long), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(s, ds, sizeof s, cudaMemcpyDeviceToHost));
    unsigned long long verification = 0;
    int counts[6] = {0};
    for (auto x : v) { verification += x; counts[x % 6]++; }
    printf("XSBench: %d lookups, verification checksum %llu; max index counts %d %d %d %d %d\n", lookups, verification, counts[1], counts[2], counts[3], counts[4], counts[5]);
    for (int k = 0; k < 4; k++) printf("  lookup %d: %a %a %a %a %a\n", k * 5000 + 7, s[k * 25], s[k * 25 + 1], s[k * 25 + 2], s[k * 25 + 3], s[k * 25 + 4]);
    printf("  fast_forward_LCG(1070, 12345) = %llu\n", (unsigned long long)fast_forward_LCG(STARTING_SEED, 12345));
    return 0;
}
