// min-arch: sm_75
// switch statements: dense switches (candidates for brx.idx jump tables), sparse switches (compare chains),
// fallthrough, switch on enum class, switch inside loops (bytecode interpreter), computed dispatch.

enum class Op : unsigned char { PUSH = 0, ADD, SUB, MUL, DIV, DUP, SWAP, NEG, JZ, JMP, HALT };

// A tiny stack-machine interpreter: one program per thread
extern "C" __global__ void interpret(const unsigned char *code, const int *operands, int *result, int code_len) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned char *prog = code + t * code_len;
    const int *args = operands + t * code_len;
    int stack[16];
    int sp = 0, pc = 0, steps = 0;
    while (pc < code_len && steps++ < 256) {
        Op op = (Op)prog[pc];
        int a, b;
        switch (op) {
        case Op::PUSH: stack[sp++ & 15] = args[pc]; break;
        case Op::ADD: b = stack[--sp & 15]; a = stack[--sp & 15]; stack[sp++ & 15] = a + b; break;
        case Op::SUB: b = stack[--sp & 15]; a = stack[--sp & 15]; stack[sp++ & 15] = a - b; break;
        case Op::MUL: b = stack[--sp & 15]; a = stack[--sp & 15]; stack[sp++ & 15] = a * b; break;
        case Op::DIV: b = stack[--sp & 15]; a = stack[--sp & 15]; stack[sp++ & 15] = b ? a / b : 0; break;
        case Op::DUP: a = stack[(sp - 1) & 15]; stack[sp++ & 15] = a; break;
        case Op::SWAP: a = stack[(sp - 1) & 15]; stack[(sp - 1) & 15] = stack[(sp - 2) & 15]; stack[(sp - 2) & 15] = a; break;
        case Op::NEG: stack[(sp - 1) & 15] = -stack[(sp - 1) & 15]; break;
        case Op::JZ: a = stack[--sp & 15]; if (a == 0) { pc = args[pc]; continue; } break;
        case Op::JMP: pc = args[pc]; continue;
        case Op::HALT: pc = code_len; continue;
        default: break;
        }
        ++pc;
    }
    result[t] = sp > 0 ? stack[(sp - 1) & 15] : 0;
}

// Dense switch with many cases on an int (jump table candidate)
__device__ __noinline__ float dense_switch(int k, float x) {
    switch (k) {
    case 0: return x;
    case 1: return x * 2.f;
    case 2: return x + 3.f;
    case 3: return x * x;
    case 4: return -x;
    case 5: return x * 0.25f;
    case 6: return x - 7.f;
    case 7: return 1.f / (x + 1.f);
    case 8: return x * 8.f + 1.f;
    case 9: return sqrtf(fabsf(x));
    case 10: return x * x * x;
    case 11: return x + 11.f;
    case 12: return x * 12.f;
    case 13: return floorf(x);
    case 14: return ceilf(x);
    case 15: return x / 15.f;
    default: return 0.f;
    }
}

// Sparse switch and fallthrough
__device__ __noinline__ int sparse_switch(int k) {
    int r = 0;
    switch (k) {
    case -100: r += 1; [[fallthrough]];
    case 7: r += 2; break;
    case 1000: r += 3; [[fallthrough]];
    case 1001: r += 4; [[fallthrough]];
    case 1002: r += 5; break;
    case 65536: r = 99; break;
    case 0x7fffffff: r = -1; break;
    default: r = k & 3;
    }
    return r;
}

extern "C" __global__ void switch_kernel(const int *k, const float *x, float *out, int *outs, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = dense_switch(k[i] & 31, x[i]);
    outs[i] = sparse_switch(k[i]);
}

// Switch over a 64-bit value and over a char
extern "C" __global__ void switch_types(const long long *v, const char *c, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int r;
    switch (v[i]) {
    case 0LL: r = 10; break;
    case 1LL: r = 11; break;
    case 2LL: r = 12; break;
    case 3LL: r = 13; break;
    case 4LL: r = 14; break;
    case 5LL: r = 15; break;
    case 0x100000000LL: r = 16; break;
    default: r = 0;
    }
    switch (c[i]) {
    case 'a': case 'e': case 'i': case 'o': case 'u': r += 100; break;
    case ' ': r += 200; break;
    case '\n': r += 300; break;
    default: break;
    }
    out[i] = r;
}

// nvcc does not lower switches to jump tables; an explicit PTX jump table (brx.idx + .branchtargets)
// written as inline asm, for parser/engine coverage of indirect branches.
extern "C" __global__ void asm_jump_table(const unsigned *sel, const unsigned *x, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned r;
    asm("{\n\t"
        ".reg .u32 idx;\n\t"
        "and.b32 idx, %1, 3;\n\t"
        "JT_%=: .branchtargets CASE0_%=, CASE1_%=, CASE2_%=, CASE3_%=;\n\t"
        "brx.idx idx, JT_%=;\n\t"
        "CASE0_%=:\n\t"
        "add.u32 %0, %2, 1;\n\t"
        "bra.uni END_%=;\n\t"
        "CASE1_%=:\n\t"
        "mul.lo.u32 %0, %2, 3;\n\t"
        "bra.uni END_%=;\n\t"
        "CASE2_%=:\n\t"
        "shl.b32 %0, %2, 4;\n\t"
        "bra.uni END_%=;\n\t"
        "CASE3_%=:\n\t"
        "not.b32 %0, %2;\n\t"
        "END_%=:\n\t"
        "}"
        : "=r"(r) : "r"(sel[i]), "r"(x[i]));
    out[i] = r;
}
