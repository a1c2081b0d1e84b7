// flags: -O3 -arch=sm_80
// A per-thread recursive-descent parser and evaluator for integer expressions (+ - * / %
// unary minus, parentheses, comparison and ternary ?:, function calls min/max/gcd) over
// strings in global memory: __noinline__ mutually recursive functions with a parser state
// struct passed by reference, a char switch, deep recursion on nested parentheses (depth 40),
// division by zero reported as an error code, and gcd by recursion. Built for sm_80 with
// 64-thread blocks; each thread parses its own expression. Checked against the same parser
// compiled for the host.
#include <cstdio>
#include <cstring>

struct Parser {
    const char* s;
    int pos;
    int err;
};

#define HD __host__ __device__
HD __noinline__ long long expr(Parser& p);

HD inline void skip(Parser& p) { while (p.s[p.pos] == ' ') p.pos++; }
HD inline bool eat(Parser& p, char c) { skip(p); if (p.s[p.pos] == c) { p.pos++; return true; } return false; }
HD __noinline__ long long gcd(long long a, long long b) { return b == 0 ? (a < 0 ? -a : a) : gcd(b, a % b); }

HD __noinline__ long long primary(Parser& p) {
    skip(p);
    char c = p.s[p.pos];
    switch (c) {
        case '(': { p.pos++; long long v = expr(p); if (!eat(p, ')')) p.err = 2; return v; }
        case '-': p.pos++; return -primary(p);
        case '+': p.pos++; return primary(p);
        case 'm': case 'g': {
            int kind = 0;
            if (p.s[p.pos + 1] == 'i') kind = 1; else if (p.s[p.pos + 1] == 'a') kind = 2; else kind = 3;
            p.pos += 3;
            if (!eat(p, '(')) { p.err = 3; return 0; }
            long long a = expr(p);
            if (!eat(p, ',')) { p.err = 4; return 0; }
            long long b = expr(p);
            if (!eat(p, ')')) { p.err = 5; return 0; }
            return kind == 1 ? (a < b ? a : b) : kind == 2 ? (a > b ? a : b) : gcd(a, b);
        }
        default:
            if (c >= '0' && c <= '9') {
                long long v = 0;
                while (p.s[p.pos] >= '0' && p.s[p.pos] <= '9') v = v * 10 + (p.s[p.pos++] - '0');
                return v;
            }
            p.err = 1;
            return 0;
    }
}

HD __noinline__ long long term(Parser& p) {
    long long v = primary(p);
    for (;;) {
        skip(p);
        char c = p.s[p.pos];
        if (c != '*' && c != '/' && c != '%') return v;
        p.pos++;
        long long r = primary(p);
        if (c == '*') v *= r;
        else if (r == 0) { p.err = 9; return 0; }
        else v = c == '/' ? v / r : v % r;
    }
}

HD __noinline__ long long sum(Parser& p) {
    long long v = term(p);
    for (;;) {
        if (eat(p, '+')) v += term(p);
        else if (eat(p, '-')) v -= term(p);
        else return v;
    }
}

HD __noinline__ long long compare(Parser& p) {
    long long v = sum(p);
    skip(p);
    if (p.s[p.pos] == '<') { p.pos++; return v < sum(p); }
    if (p.s[p.pos] == '>') { p.pos++; return v > sum(p); }
    if (p.s[p.pos] == '=' && p.s[p.pos + 1] == '=') { p.pos += 2; return v == sum(p); }
    return v;
}

HD __noinline__ long long expr(Parser& p) {
    long long c = compare(p);
    if (eat(p, '?')) {
        long long a = expr(p);
        if (!eat(p, ':')) { p.err = 6; return 0; }
        long long b = expr(p);
        return c ? a : b;
    }
    return c;
}

HD long long evaluate(const char* s, int* err) {
    Parser p{s, 0, 0};
    long long v = expr(p);
    skip(p);
    if (!p.err && p.s[p.pos] != '\0') p.err = 7;
    *err = p.err;
    return v;
}

__global__ void eval_all(const char* text, const int* starts, int n, long long* values, int* errs) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    values[t] = evaluate(text + starts[t], &errs[t]);
}

// deterministic expression generator (host)
static unsigned rng = 12345;
static unsigned next() { rng = rng * 1103515245u + 12345u; return rng >> 8; }
static void gen(char*& o, int depth) {
    unsigned r = next() % 12;
    if (depth <= 0 || r < 3) { o += sprintf(o, "%u", next() % 1000); return; }
    switch (r) {
        case 3: *o++ = '('; gen(o, depth - 1); *o++ = ')'; break;
        case 4: *o++ = '-'; gen(o, depth - 1); break;
        case 5: o += sprintf(o, "min("); gen(o, depth - 1); *o++ = ','; gen(o, depth - 1); *o++ = ')'; break;
        case 6: o += sprintf(o, "gcd("); gen(o, depth - 1); *o++ = ','; gen(o, depth - 1); *o++ = ')'; break;
        case 7: gen(o, depth - 1); o += sprintf(o, " < "); gen(o, depth - 1); o += sprintf(o, " ? "); gen(o, depth - 1); o += sprintf(o, " : "); gen(o, depth - 1); break;
        default: { const char ops[] = "+-*/%+"; gen(o, depth - 1); *o++ = ' '; *o++ = ops[next() % 6]; *o++ = ' '; gen(o, depth - 1); }
    }
}

int main() {
    const int n = 300;
    static char text[1 << 20];
    static int starts[n];
    char* o = text;
    for (int i = 0; i < n; i++) {
        starts[i] = (int)(o - text);
        if (i == 0) { for (int k = 0; k < 40; k++) *o++ = '('; o += sprintf(o, "7"); for (int k = 0; k < 40; k++) *o++ = ')'; }
        else if (i == 1) o += sprintf(o, "5 / (3 - 3)");
        else if (i == 2) o += sprintf(o, "2 + * 3");
        else if (i == 3) o += sprintf(o, "max(-7 %% 3, -7 / 2) * -(1 == 1) + gcd(-48, 18)");
        else if (i == 4) o += sprintf(o, "(1 + 2");
        else gen(o, 2 + i % 6);
        *o++ = '\0';
    }
    size_t len = o - text;
    char* dt; int *ds, *de; long long* dv;
    cudaMalloc(&dt, len); cudaMalloc(&ds, sizeof starts); cudaMalloc(&de, n * 4); cudaMalloc(&dv, n * 8);
    cudaMemcpy(dt, text, len, cudaMemcpyHostToDevice);
    cudaMemcpy(ds, starts, sizeof starts, cudaMemcpyHostToDevice);
    cudaDeviceSetLimit(cudaLimitStackSize, 16384);
    eval_all<<<(n + 63) / 64, 64>>>(dt, ds, n, dv, de);
    static long long hv[n]; static int he[n];
    cudaMemcpy(hv, dv, sizeof hv, cudaMemcpyDeviceToHost);
    cudaMemcpy(he, de, sizeof he, cudaMemcpyDeviceToHost);
    int bad = 0, errors = 0; long long s = 0;
    for (int i = 0; i < n; i++) {
        int e; long long v = evaluate(text + starts[i], &e);
        bad += v != hv[i] || e != he[i];
        errors += he[i] != 0;
        s = s * 31 + hv[i] + he[i];
        if (i < 8) printf("expr %d (%zu chars): value %lld error %d\n", i, strlen(text + starts[i]), hv[i], he[i]);
    }
    printf("%d expressions, %zu bytes, %d with errors, checksum %lld, mismatches %d\n", n, len, errors, s, bad);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
