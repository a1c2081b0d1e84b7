// Device printf as users write it: widths and precisions from arguments, flags, chars and
// strings with precision, %% and long format strings, from one thread at a time (ordered by
// launches) so the output order is fixed. (The length modifiers hh, z, t and L are left out: an
// H200 prints %zu, %td and %Lf as written and misreads the arguments after a %hhd.)
#include <cstdio>
#include <cstdint>

__device__ const char *words[] = {"alpha", "be", "", "gamma-delta-epsilon"};

__global__ void k(int which) {
    int t = threadIdx.x;
    if (t != which) return;
    printf("[%d] %5d|%-5d|%05d|%+d|% d|%x|%X|%#x|%#o|%o\n", t, t * 7, -t, t * 11, t, t, 255 + t, 255 + t, 255 + t, 8 + t, 8 + t);
    printf("[%d] %*d|%-*d|%.*f|%*.*e\n", t, 6, t, 6, t, t % 5, 3.14159265358979, 12, 3, -2.5e-7 * (t + 1));
    printf("[%d] %f %.0f %.10f %e %.2E %g %G %g %g\n", t, 1.0 / 3, 2.5, 1e-5, 123456.789, 6.02e23, 1e-5, 1e20, 100000.0, 1234567.0);
    printf("[%d] %a %A %.3a\n", t, 1.0 + t, -0.1, 3.0);
    printf("[%d] %c%c%c|%s|%.2s|%10s|%-10s|%s|\n", t, 'C', 'U' + t % 2, 'A', words[t % 4], words[(t + 3) % 4], words[1], words[0], "lit");
    printf("[%d] inf %f %e -inf %f nan %f %5.2f|\n", t, __int_as_float(0x7f800000), __longlong_as_double(0x7ff0000000000000LL),
           -__int_as_float(0x7f800000), __int_as_float(0x7fc00000), -0.0);
    printf("[%d] %08.3f|%-8.3f|%+.3e|%#.0f|%#g\n", t, -3.14159, 2.71828, 12345.6789, 3.0, 1.0);
}

int main() {
    for (int w = 0; w < 4; w++) {
        k<<<1, 8>>>(w);
        cudaDeviceSynchronize();
    }
    printf("host done: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
