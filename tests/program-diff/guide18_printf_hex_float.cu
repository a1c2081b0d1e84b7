// Device printf's floating-point conversions at the edges the guide's formatted-output section
// leaves to C: %a/%A with precisions that round (ties to even on the hex digits), widths, flags
// (#, +, space, -, 0), subnormals, zeros, infinities and NaNs; %e/%g/%f with large precisions and
// widths; and the same conversions of a float argument (promoted to double as C requires).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void show(const double *v, int n) {
    for (int i = 0; i < n; i++) {
        double x = v[i];
        printf("[%d] %a|%A|%.0a|%.1a|%.3a|%.13a|%.20a\n", i, x, x, x, x, x, x, x);
        printf("[%d] %24a|%-24a|%+a|% a|%#.0a|%#a|%024.3a|%+024.2A\n", i, x, x, x, x, x, x, x, x);
        printf("[%d] %.0e|%#.0e|%.17e|%30.20e|%-+14.3E|%g|%#g|%.17g|%#.0g|%G\n", i, x, x, x, x, x, x, x, x, x, x);
        printf("[%d] %.0f|%#.0f|%.30f|%+012.4f|%-12.1f|\n", i, x, x, x, x, x);
        float f = (float)x;
        printf("[%d] float %a %.2a %e %g %.9g\n", i, f, f, f, f, f);
    }
}

int main() {
    const double vals[] = {
        0.0, -0.0, 1.0, -1.0, 0.1, 1.0 / 3.0, 2.5, 0.5, 1.03125, 1.5 + 1.0 / 32, 1.96875, 0x1.08p0, 0x1.18p0,
        0x1.ffffffffffffp1023, 0x1p-1022, 0x0.0000000000001p-1022, 0x0.8p-1022, 123456789.0, 9.5, 10.5,
        1e-300, 65504.0, 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0, 0x1.fffp0, 0x1.7ffffp-3, 3.0e38, 1.0e39,
    };
    const int n = sizeof vals / sizeof vals[0];
    double *d;
    cudaMalloc(&d, sizeof vals);
    cudaMemcpy(d, vals, sizeof vals, cudaMemcpyHostToDevice);
    show<<<1, 1>>>(d, n);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
