// Device printf of floats and doubles in every conversion (%a %A %e %E %f %F %g %G with precisions,
// widths, flags) over subnormals, huge values, halfway cases of the decimal rounding, signed
// zeros, infinities and NaNs, plus characters and strings.
#include <cstdio>
#include <cstring>

__global__ void k(const double *v, int n) {
    for (int i = 0; i < n; i++) {
        double x = v[i];
        float f = (float)x;
        printf("%2d a=%a A=%A .3a=%.3a .0a=%.0a\n", i, x, x, x, x);
        printf("%2d e=%e .0e=%.0e .17e=%.17e E=%+.3E\n", i, x, x, x, x);
        printf("%2d f=%f .0f=%.0f #.0f=%#.0f .20f=%.20f\n", i, x, x, x, x);
        printf("%2d g=%g .17g=%.17g #g=%#g G=%G .0g=%.0g\n", i, x, x, x, x, x);
        printf("%2d w=[%12.4e] [%-12.3g] [%012.2f] [% .1f] [%+g]\n", i, x, x, x, x, x);
        printf("%2d float: %.9g %a %e %.1f\n", i, f, f, f, f);
    }
    printf("chars: %c%c%c %s %5s|%-5s| %.2s %p %%\n", 'a', 66, '\n', "str", "ab", "cd", "xyz", (void *)0x1234);
}

int main() {
    double h[] = {0.0, -0.0, 4.9406564584124654e-324, 2.2250738585072009e-308, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308,
                  1e300, 1e22, 1e23, 0.1, 0.5, 1.5, 2.5, -2.5, 0.125, 0.0625, 1.0 / 3.0, 123456789.125, 9007199254740993.0, 1.401298464324817e-45, 3.4028234663852886e38,
                  1.17549435e-38, 5e-324 * 3, 1e-310, __builtin_inf(), -__builtin_inf(), __builtin_nan(""), -__builtin_nan("")};
    int n = sizeof h / sizeof h[0];
    double *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 1>>>(d, n);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorString(e));
    return 0;
}
