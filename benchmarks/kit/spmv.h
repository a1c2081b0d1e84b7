/* y = A x for a sparse CSR matrix: R rows of 8..72 nonzeros (40 on average) within a band of
 * +-4096 columns around the diagonal. Shared by spmv_scalar (a row per thread) and spmv_vector (a
 * warp per row). */
#include "kit.h"
#define SPMV_ROWS (1 << 18)
#define SPMV_LAUNCHES 4 /* per repetition */
typedef struct {
    int *start, *col;
    float *val, *x;
    int nnz;
} spmv_matrix;
static spmv_matrix spmv_inputs(void) {
    spmv_matrix m;
    m.start = (int *)kit_alloc((SPMV_ROWS + 1) * sizeof(int));
    m.start[0] = 0;
    for (int r = 0; r < SPMV_ROWS; r++) m.start[r + 1] = m.start[r] + 8 + (int)(kit_hash(22, r) % 65);
    m.nnz = m.start[SPMV_ROWS];
    m.col = (int *)kit_alloc(m.nnz * sizeof(int));
    for (int r = 0; r < SPMV_ROWS; r++)
        for (int e = m.start[r]; e < m.start[r + 1]; e++)
            m.col[e] = (int)((r + (kit_hash(23, e) % 8192) - 4096 + (unsigned)SPMV_ROWS) % SPMV_ROWS);
    m.val = kit_floats(m.nnz, 24, -1.0f, 1.0f);
    m.x = kit_floats(SPMV_ROWS, 25, -1.0f, 1.0f);
    return m;
}
/* Float sums of up to 72 products in any order against double: 1e-4. */
static kit_check spmv_check(spmv_matrix m, const float *y) {
    float *want = (float *)kit_alloc(SPMV_ROWS * sizeof(float));
    for (int r = 0; r < SPMV_ROWS; r++) {
        double s = 0;
        for (int e = m.start[r]; e < m.start[r + 1]; e++) s += (double)m.val[e] * m.x[m.col[e]];
        want[r] = (float)s;
    }
    kit_check c = kit_check_floats(y, want, SPMV_ROWS, 1e-4, 1e-4);
    free(want);
    return c;
}
