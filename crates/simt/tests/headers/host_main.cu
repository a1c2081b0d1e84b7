// The operations of half_types.cu on the host (the headers' software paths): reads lines
// "ops16 A B C XBITS", "opsbf A B C XBITS" or "conv XBITS INT" (hex bits, decimal int) and
// prints each result row as hex words (tests/clang_headers.rs).
#define CUPRITE_HOST_TEST
#include "half_types.cu"

#include <stdio.h>
#include <string.h>

int main() {
    char kind[8];
    unsigned int a, b, c, x;
    while (scanf("%7s", kind) == 1) {
        unsigned int o[OPS] = {0};
        int n = OPS;
        if (strcmp(kind, "conv") == 0) {
            int k;
            if (scanf("%x %d", &x, &k) != 2) return 1;
            convert(__builtin_bit_cast(float, x), k, o);
            n = 16;
        } else {
            if (scanf("%x %x %x %x", &a, &b, &c, &x) != 4) return 1;
            const float f = __builtin_bit_cast(float, x);
            if (strcmp(kind, "ops16") == 0) {
                ops<__half, __half2>(__ushort_as_half(a), __ushort_as_half(b), __ushort_as_half(c), f, o, to_half());
            } else {
                ops<__nv_bfloat16, __nv_bfloat162>(__ushort_as_bfloat16(a), __ushort_as_bfloat16(b),
                                                   __ushort_as_bfloat16(c), f, o, to_bf16());
            }
        }
        for (int i = 0; i < n; ++i) printf("%x%c", o[i], i + 1 == n ? '\n' : ' ');
    }
    return 0;
}
