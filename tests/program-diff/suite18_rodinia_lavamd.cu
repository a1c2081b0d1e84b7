// flags: -O3
// Rodinia lavaMD: particles in a 3D grid of boxes (boxes1d^3 boxes, NUMBER_PAR_PER_BOX = 100),
// one block of NUMBER_THREADS = 128 per home box; each home box and then each neighbour box
// (up to 26, from the box's neighbour list) staged in shared memory (rA_shared, rB_shared,
// qB_shared), every thread looping over its particles (wtx += NUMBER_THREADS) and accumulating
// the potential and force with exp(). double (FOUR_VECTOR of v, x, y, z). Sums with %.15g and
// sample forces with %a.
#include <cstdio>
#include <cmath>
#include <vector>
#define NUMBER_PAR_PER_BOX 100
#define NUMBER_THREADS 128
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
typedef struct { double x, y, z; } THREE_VECTOR;
typedef struct { double v, x, y, z; } FOUR_VECTOR;
typedef struct nei_str { int x, y, z; int number; long offset; } nei_str;
typedef struct box_str { int x, y, z; int number; long offset; int nn; nei_str nei[26]; } box_str;
typedef struct par_str { double alpha; } par_str;
typedef struct dim_str { int cur_arg; int arch_arg; int cores_arg; int boxes1d_arg; long number_boxes; long box_mem; long space_elem; long space_mem; long space_mem2; } dim_str;

__global__ void kernel_gpu_cuda(par_str d_par_gpu, dim_str d_dim_gpu, box_str* d_box_gpu, FOUR_VECTOR* d_rv_gpu, double* d_qv_gpu, FOUR_VECTOR* d_fv_gpu) {
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int wtx = tx;
    if (bx < d_dim_gpu.number_boxes) {
        double a2 = 2.0 * d_par_gpu.alpha * d_par_gpu.alpha;
        int first_i;
        FOUR_VECTOR* rA;
        FOUR_VECTOR* fA;
        __shared__ FOUR_VECTOR rA_shared[100];
        int pointer, k = 0, first_j, j = 0;
        FOUR_VECTOR* rB;
        double* qB;
        __shared__ FOUR_VECTOR rB_shared[100];
        __shared__ double qB_shared[100];
        double r2, u2, fs, vij, fxij, fyij, fzij;
        THREE_VECTOR d;
        first_i = d_box_gpu[bx].offset;
        rA = &d_rv_gpu[first_i];
        fA = &d_fv_gpu[first_i];
        while (wtx < NUMBER_PAR_PER_BOX) {
            rA_shared[wtx] = rA[wtx];
            wtx = wtx + NUMBER_THREADS;
        }
        wtx = tx;
        __syncthreads();
        for (k = 0; k < (1 + d_box_gpu[bx].nn); k++) {
            if (k == 0) pointer = bx;
            else pointer = d_box_gpu[bx].nei[k - 1].number;
            first_j = d_box_gpu[pointer].offset;
            rB = &d_rv_gpu[first_j];
            qB = &d_qv_gpu[first_j];
            while (wtx < NUMBER_PAR_PER_BOX) {
                rB_shared[wtx] = rB[wtx];
                qB_shared[wtx] = qB[wtx];
                wtx = wtx + NUMBER_THREADS;
            }
            wtx = tx;
            __syncthreads();
            while (wtx < NUMBER_PAR_PER_BOX) {
                for (j = 0; j < NUMBER_PAR_PER_BOX; j++) {
                    r2 = (double)rA_shared[wtx].v + (double)rB_shared[j].v - (rA_shared[wtx].x * rB_shared[j].x + rA_shared[wtx].y * rB_shared[j].y + rA_shared[wtx].z * rB_shared[j].z);
                    u2 = a2 * r2;
                    vij = exp(-u2);
                    fs = 2 * vij;
                    d.x = rA_shared[wtx].x - rB_shared[j].x;
                    fxij = fs * d.x;
                    d.y = rA_shared[wtx].y - rB_shared[j].y;
                    fyij = fs * d.y;
                    d.z = rA_shared[wtx].z - rB_shared[j].z;
                    fzij = fs * d.z;
                    fA[wtx].v += (double)((double)qB_shared[j] * vij);
                    fA[wtx].x += (double)((double)qB_shared[j] * fxij);
                    fA[wtx].y += (double)((double)qB_shared[j] * fyij);
                    fA[wtx].z += (double)((double)qB_shared[j] * fzij);
                }
                wtx = wtx + NUMBER_THREADS;
            }
            wtx = tx;
            __syncthreads();
        }
    }
}
int main() {
    par_str par; par.alpha = 0.5;
    dim_str dim = {}; dim.boxes1d_arg = 3;
    dim.number_boxes = dim.boxes1d_arg * dim.boxes1d_arg * dim.boxes1d_arg;
    dim.space_elem = dim.number_boxes * NUMBER_PAR_PER_BOX;
    std::vector<box_str> box(dim.number_boxes);
    int nh = 0;
    for (int i = 0; i < dim.boxes1d_arg; i++) for (int j = 0; j < dim.boxes1d_arg; j++) for (int k = 0; k < dim.boxes1d_arg; k++) {
        box_str& b = box[nh];
        b.x = k; b.y = j; b.z = i; b.number = nh; b.offset = nh * NUMBER_PAR_PER_BOX; b.nn = 0;
        for (int l = -1; l < 2; l++) for (int m = -1; m < 2; m++) for (int n = -1; n < 2; n++) {
            if ((((i + l) >= 0 && (j + m) >= 0 && (k + n) >= 0) == true && ((i + l) < dim.boxes1d_arg && (j + m) < dim.boxes1d_arg && (k + n) < dim.boxes1d_arg) == true) && (l == 0 && m == 0 && n == 0) == false) {
                b.nei[b.nn].x = k + n; b.nei[b.nn].y = j + m; b.nei[b.nn].z = i + l;
                b.nei[b.nn].number = (b.nei[b.nn].z * dim.boxes1d_arg * dim.boxes1d_arg) + (b.nei[b.nn].y * dim.boxes1d_arg) + b.nei[b.nn].x;
                b.nei[b.nn].offset = b.nei[b.nn].number * NUMBER_PAR_PER_BOX;
                b.nn++;
            }
        }
        nh++;
    }
    std::vector<FOUR_VECTOR> rv(dim.space_elem), fv(dim.space_elem);
    std::vector<double> qv(dim.space_elem);
    unsigned s = 1;
    auto rnd = [&]() { s = s * 1103515245u + 12345u; return ((s >> 16) % 10 + 1) / 10.0; };
    for (long i = 0; i < dim.space_elem; i++) { rv[i].v = rnd(); rv[i].x = rnd(); rv[i].y = rnd(); rv[i].z = rnd(); qv[i] = rnd(); fv[i] = {0, 0, 0, 0}; }
    box_str* db; FOUR_VECTOR *drv, *dfv; double* dqv;
    CK(cudaMalloc(&db, box.size() * sizeof(box_str)));
    CK(cudaMalloc(&drv, rv.size() * sizeof(FOUR_VECTOR)));
    CK(cudaMalloc(&dfv, rv.size() * sizeof(FOUR_VECTOR)));
    CK(cudaMalloc(&dqv, qv.size() * sizeof(double)));
    CK(cudaMemcpy(db, box.data(), box.size() * sizeof(box_str), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(drv, rv.data(), rv.size() * sizeof(FOUR_VECTOR), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dfv, fv.data(), fv.size() * sizeof(FOUR_VECTOR), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dqv, qv.data(), qv.size() * sizeof(double), cudaMemcpyHostToDevice));
    kernel_gpu_cuda<<<dim.number_boxes, NUMBER_THREADS>>>(par, dim, db, drv, dqv, dfv);
    CK(cudaGetLastError());
    CK(cudaMemcpy(fv.data(), dfv, fv.size() * sizeof(FOUR_VECTOR), cudaMemcpyDeviceToHost));
    double sv = 0, sx = 0, sy = 0, sz = 0;
    for (auto& f : fv) { sv += f.v; sx += f.x; sy += f.y; sz += f.z; }
    printf("lavaMD: %ld boxes, %ld particles\n", dim.number_boxes, dim.space_elem);
    printf("  sums v %.15g x %.15g y %.15g z %.15g\n", sv, sx, sy, sz);
    for (int i = 0; i < 5; i++) { long p = i * 613 % dim.space_elem; printf("  fv[%ld] = %a %a %a %a\n", p, fv[p].v, fv[p].x, fv[p].y, fv[p].z); }
    return 0;
}
