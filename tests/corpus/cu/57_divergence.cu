// min-arch: sm_75
// Divergent control flow: data-dependent loops with break/continue/early return, nested ifs, goto, do-while,
// while loops with different trip counts per thread (Collatz), divergent exits before barriers, loop unrolling
// pragmas (#pragma unroll N / nounroll), short-circuit evaluation, ternaries producing selp.

extern "C" __global__ void collatz(const unsigned *start, unsigned *steps, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;  // early return
    unsigned x = start[i], k = 0;
    while (x != 1 && x != 0) {
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        if (++k >= 10000) break;
    }
    steps[i] = k;
}

extern "C" __global__ void break_continue(const int *in, int *out, int len) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int *row = in + t * len;
    int acc = 0;
    for (int k = 0; k < len; ++k) {
        int v = row[k];
        if (v == 0) continue;
        if (v < 0) break;
        if (v > 1000) {
            acc = -1;
            goto done;
        }
        acc += v;
    }
    acc *= 2;
done:
    out[t] = acc;
}

extern "C" __global__ void nested_branches(const float *x, const float *y, int *region, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = x[i], b = y[i];
    int r;
    if (a > 0.f) {
        if (b > 0.f)
            r = a > b ? 1 : 2;
        else if (b < -10.f)
            r = 3;
        else
            r = 4;
    } else {
        if (b > a && (a * b > 1.f || b == 0.f))
            r = 5;
        else
            r = (a == a) ? 6 : 7;  // NaN check
    }
    region[i] = r;
}

extern "C" __global__ void do_while_unroll(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i];
    int guard = 0;
    do {
        v = v * 0.5f + 1.0f;
    } while (fabsf(v - 2.0f) > 1e-4f && ++guard < 64);
    float acc = 0.f;
#pragma unroll 4
    for (int k = 0; k < n; ++k) acc += in[k] * (float)k;
#pragma unroll 1
    for (int k = 0; k < 8; ++k) acc += (float)(k * i);
    out[i] = v + acc;
}

// Mandelbrot: highly divergent iteration counts
extern "C" __global__ void mandelbrot(unsigned char *img, int w, int h, float x0, float y0, float scale, int max_iter) {
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= w || py >= h) return;
    float cr = x0 + px * scale, ci = y0 + py * scale;
    float zr = 0.f, zi = 0.f;
    int it = 0;
    for (; it < max_iter; ++it) {
        float zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > 4.f) break;
        zi = 2.f * zr * zi + ci;
        zr = zr2 - zi2 + cr;
    }
    img[py * w + px] = (unsigned char)(it == max_iter ? 0 : (it * 255) / max_iter);
}

// Divergent threads exit before a barrier-free warp section; remaining threads continue
extern "C" __global__ void partial_exit(int *data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || data[i] < 0) return;
    int v = data[i];
    while (v > 100) {
        if (v % 7 == 0) {
            v /= 7;
            continue;
        }
        v -= 3;
    }
    data[i] = v;
}
