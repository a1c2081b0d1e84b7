#!/usr/bin/env python3
"""Random, deterministic-by-seed, self-contained CUDA C++ programs for differential testing.

    scripts/cufuzz/gen.py SEED [--kernels N] [--stmts N] > prog.cu

Each program has a few kernels, each launched over its own grid and block shape (1D/2D/3D,
blockDim.x below 32 and not a multiple of 32 included). A kernel computes with integers of every
width (only forms whose result C++ defines: narrow and signed arithmetic goes through unsigned
carriers, shifts are masked, division is guarded), floats and doubles (exactly rounded forms and
the math library; no plain `a*b+c` whose contraction the two compilers may choose differently),
the device intrinsics of the CUDA guide's appendix (bit, SIMD video, DPX, rounding-mode
arithmetic, conversions, half/bfloat16), warp collectives under full and partial masks (masks
built with __ballot_sync, so every lane a collective names is present), shared memory across
__syncthreads, atomics with order-independent results, switch, data-dependent loops and
divergence. Every statement's result is stored in its own slot `s<K>`; the host prints one
hash per slot, the atomics' totals and a few values, so two runs that differ name the statement.
"""

import random
import re
import struct
import sys

from wide import HEADER as WIDE_HEADER, WideStatements

# name: (C type, bits, signed)
INTS = {
    "u8": ("unsigned char", 8, False),
    "i8": ("signed char", 8, True),
    "u16": ("unsigned short", 16, False),
    "i16": ("short", 16, True),
    "u32": ("unsigned", 32, False),
    "i32": ("int", 32, True),
    "u64": ("unsigned long long", 64, False),
    "i64": ("long long", 64, True),
}
CTYPE = {k: v[0] for k, v in INTS.items()}
CTYPE.update({"f32": "float", "f64": "double"})


def carrier(t):
    return "unsigned" if INTS[t][1] <= 32 else "unsigned long long"


BLOCKS = [
    (1, 1, 1), (7, 1, 1), (17, 1, 1), (32, 1, 1), (33, 1, 1), (64, 1, 1), (100, 1, 1),
    (128, 1, 1), (256, 1, 1), (8, 8, 1), (16, 4, 1), (5, 7, 1), (3, 11, 1), (32, 2, 1),
    (12, 3, 1), (4, 4, 4), (2, 3, 5), (8, 2, 3), (3, 3, 3), (6, 6, 2),
]
# Blocks past 256 threads (a kernel with one has __launch_bounds__(1024)), over small grids only:
# the interpreter runs every thread of every statement.
BIG_BLOCKS = [(1024, 1, 1), (32, 32, 1), (16, 8, 8), (500, 1, 1), (31, 33, 1), (320, 1, 1)]
GRIDS = [(1, 1, 1), (3, 1, 1), (2, 2, 1), (2, 1, 2), (5, 1, 1), (1, 3, 1), (7, 1, 1), (3, 5, 2), (13, 1, 1),
         (1, 2, 3)]
BIG_GRIDS = [(1, 1, 1), (2, 1, 1), (1, 1, 2), (3, 1, 1)]

F32_EDGE = [0.0, -0.0, 1.0, -1.0, 0.5, -1.5, 2.5, -2.5, 3.0, 0.1, 1e-40, -1e-45, 1.1754943508222875e-38,
            3.4028234663852886e+38, float("inf"), float("-inf"), float("nan"), 16777216.0, 8388608.5,
            2147483520.0, -2147483648.0, 4294967040.0, 1e10, 100.25, 6.5, -7.5]
INT_EDGE = {
    8: ["0", "1", "0x7f", "0x80", "0xff"],
    16: ["0", "1", "0x7fff", "0x8000", "0xffff"],
    32: ["0u", "1u", "0x7fffffffu", "0x80000000u", "0xffffffffu", "31u", "32u", "0x01020304u"],
    64: ["0ull", "1ull", "0x7fffffffffffffffull", "0x8000000000000000ull", "0xffffffffffffffffull",
         "63ull", "0x100000000ull"],
}

# (name, result, args): the integer intrinsics of the guide's appendix
INT_INTRINSICS = [
    ("__popc", "i32", ["u32"]), ("__popcll", "i32", ["u64"]), ("__clz", "i32", ["i32"]),
    ("__clzll", "i32", ["i64"]), ("__ffs", "i32", ["i32"]), ("__ffsll", "i32", ["i64"]),
    ("__brev", "u32", ["u32"]), ("__brevll", "u64", ["u64"]),
    ("__byte_perm", "u32", ["u32", "u32", "u32"]),
    ("__funnelshift_l", "u32", ["u32", "u32", "u32"]), ("__funnelshift_lc", "u32", ["u32", "u32", "u32"]),
    ("__funnelshift_r", "u32", ["u32", "u32", "u32"]), ("__funnelshift_rc", "u32", ["u32", "u32", "u32"]),
    ("__mulhi", "i32", ["i32", "i32"]), ("__umulhi", "u32", ["u32", "u32"]),
    ("__mul64hi", "i64", ["i64", "i64"]), ("__umul64hi", "u64", ["u64", "u64"]),
    ("__mul24", "i32", ["i32", "i32"]), ("__umul24", "u32", ["u32", "u32"]),
    ("__sad", "u32", ["i32", "i32", "u32"]), ("__usad", "u32", ["u32", "u32", "u32"]),
    ("__hadd", "i32", ["i32", "i32"]), ("__rhadd", "i32", ["i32", "i32"]),
    ("__uhadd", "u32", ["u32", "u32"]), ("__urhadd", "u32", ["u32", "u32"]),
    ("__dp4a", "i32", ["i32", "i32", "i32"]), ("__dp4a", "u32", ["u32", "u32", "u32"]),
    ("__dp2a_lo", "i32", ["i32", "i32", "i32"]), ("__dp2a_hi", "u32", ["u32", "u32", "u32"]),
    ("__fns", "u32", ["u32", "u32", "i32"]), ("min", "i32", ["i32", "i32"]), ("umin", "u32", ["u32", "u32"]), ("max", "i64", ["i64", "i64"]),
    ("llmin", "i64", ["i64", "i64"]), ("ullmax", "u64", ["u64", "u64"]),
]
for n in ("2", "4"):
    for op in ("abs", "abss", "neg", "negss"):
        INT_INTRINSICS.append((f"__v{op}{n}", "u32", ["u32"]))
    for op in ("absdiffs", "absdiffu", "add", "addss", "addus", "avgs", "avgu", "cmpeq", "cmpges",
               "cmpgeu", "cmpgts", "cmpgtu", "cmples", "cmpleu", "cmplts", "cmpltu", "cmpne", "hadd",
               "maxs", "maxu", "mins", "minu", "sads", "sadu", "seteq", "setges", "setgeu", "setgts",
               "setgtu", "setles", "setleu", "setlts", "setltu", "setne", "sub", "subss", "subus"):
        name = f"__v{op}{n}"
        if op == "hadd":
            name = f"__vhaddu{n}"
        INT_INTRINSICS.append((name, "u32", ["u32", "u32"]))
INT_INTRINSICS.remove(("__vabss2", "u32", ["u32"]))
INT_INTRINSICS.remove(("__vabss4", "u32", ["u32"]))
INT_INTRINSICS += [("__vabsss2", "u32", ["u32"]), ("__vabsss4", "u32", ["u32"])]
for s in ("s32", "u32", "s16x2", "u16x2"):
    t = "i32" if s == "s32" else "u32"
    INT_INTRINSICS += [(f"__vimax3_{s}", t, [t, t, t]), (f"__vimin3_{s}", t, [t, t, t]),
                       (f"__viaddmax_{s}", t, [t, t, t]), (f"__viaddmin_{s}", t, [t, t, t])]
    if s.startswith("s"):
        INT_INTRINSICS += [(f"__vimax_{s}_relu", t, [t, t]), (f"__vimin_{s}_relu", t, [t, t]),
                           (f"__vimax3_{s}_relu", t, [t, t, t]), (f"__viaddmax_{s}_relu", t, [t, t, t])]

F_UN_EXACT = ["fabsf", "sqrtf", "truncf", "rintf", "floorf", "ceilf", "roundf", "nearbyintf", "__saturatef",
              "__frcp_rn", "__frcp_rz", "__frcp_ru", "__frcp_rd", "__fsqrt_rn", "__fsqrt_rz", "__fsqrt_ru",
              "__fsqrt_rd", "logbf", "-"]
F_UN_MATH = ["__frsqrt_rn", "rsqrtf", "cbrtf", "expf", "exp2f", "exp10f", "expm1f", "logf", "log2f", "log10f",
             "log1pf", "sinf", "cosf", "tanf", "asinf", "acosf", "atanf", "sinhf", "coshf", "tanhf", "asinhf",
             "acoshf", "atanhf", "erff", "erfcf", "lgammaf", "tgammaf", "sinpif", "cospif", "normcdff",
             "erfinvf", "rcbrtf"]
F_UN_FAST = ["__expf", "__logf", "__sinf", "__cosf", "__tanf", "__exp10f", "__log2f", "__log10f"]
F_BIN_EXACT = ["fminf", "fmaxf", "fmodf", "remainderf", "copysignf", "nextafterf", "fdimf", "__fadd_rn",
               "__fadd_rz", "__fadd_ru", "__fadd_rd", "__fsub_rn", "__fsub_rz", "__fsub_ru", "__fsub_rd",
               "__fmul_rn", "__fmul_rz", "__fmul_ru", "__fmul_rd", "__fdiv_rn", "__fdiv_rz", "__fdiv_ru",
               "__fdiv_rd", "+", "-", "/"]
F_BIN_MATH = ["hypotf", "atan2f", "powf", "__fdividef", "__powf"]
F_TER = ["fmaf", "__fmaf_rn", "__fmaf_rz", "__fmaf_ru", "__fmaf_rd"]
D_UN_EXACT = ["fabs", "sqrt", "trunc", "rint", "floor", "ceil", "round", "__drcp_rn", "__drcp_rz", "__drcp_ru",
              "__drcp_rd", "__dsqrt_rn", "__dsqrt_rz", "__dsqrt_ru", "__dsqrt_rd", "-"]
D_UN_MATH = ["exp", "log", "sin", "cos", "cbrt", "rsqrt", "tanh", "erf", "log1p", "expm1", "atan", "exp2", "sinh",
             "cosh", "tan", "asin", "acos", "erfc", "lgamma", "tgamma", "log2", "log10", "exp10", "sinpi", "cospi",
             "asinh", "acosh", "atanh", "erfinv", "erfcinv", "normcdf", "normcdfinv", "erfcx", "rcbrt", "j0", "y1"]
D_BIN_EXACT = ["fmin", "fmax", "fmod", "remainder", "copysign", "nextafter", "__dadd_rn", "__dadd_rz",
               "__dadd_ru", "__dadd_rd", "__dsub_rn", "__dsub_rz", "__dmul_rn", "__dmul_ru", "__dmul_rd",
               "__ddiv_rn", "__ddiv_rz", "__ddiv_ru", "__ddiv_rd", "fdim", "+", "-", "/"]
D_BIN_MATH = ["atan2", "pow", "hypot", "rhypot"]
D_TER = ["fma", "__fma_rn", "__fma_rz", "__fma_ru", "__fma_rd"]
RND = ["rn", "rz", "ru", "rd"]
# Functions whose result the CUDA Math API bounds in ulps but does not fix: Cuprite's own math
# library (libdevice/) may round them differently from NVIDIA's, so a statement that uses one
# (directly or through a variable computed with one) is marked `~`, and a difference there
# between the two compilers' builds is legitimate. exp2f, rsqrtf and rsqrt are not here: NVIDIA's
# are single instructions (ex2.approx.f32, rsqrt.approx.f32/.f64), which Cuprite's must match.
LIBM = (set(F_UN_MATH) | set(D_UN_MATH) | set(D_BIN_MATH) | {"hypotf", "atan2f", "powf", "sincosf"}) \
    - {"exp2f", "rsqrtf", "rsqrt", "__frsqrt_rn"}


def flit(v):
    # NaN and the infinities through `opq`: LLVM folds an operation on them as a constant (an
    # invalid one to 0x7fc00000, fmax(x, NaN) to x, fma(NaN, ...) to that NaN) where the GPU's
    # instruction gives its own NaN, a difference the two compilers may legitimately have
    if v != v:
        return "__int_as_float((int)opq(0x7fffffffu))"
    if v in (float("inf"), float("-inf")):
        return "__int_as_float((int)opq(0xff800000u))" if v < 0 else "__int_as_float((int)opq(0x7f800000u))"
    b = struct.unpack("<I", struct.pack("<f", v))[0]
    return f"__int_as_float(0x{b:08x})"


def hide(f):
    """Float expression `f` through `opq`: NVIDIA's compiler folds an approximate intrinsic
    (`__cosf`, `__expf`, `__fdividef`, ...) of a constant to the exactly rounded value, where
    clang leaves the instruction (`cos.approx.f32`) to run; either is allowed (`.approx`), so the
    programs give them no constant."""
    return f"__int_as_float((int)opq((unsigned)__float_as_int({f})))"


class Kernel(WideStatements):
    def __init__(self, rng, idx, nstmts):
        self.r = rng
        self.idx = idx
        if rng.random() < 0.12:
            self.block, self.grid = rng.choice(BIG_BLOCKS), rng.choice(BIG_GRIDS)
        else:
            self.block, self.grid = rng.choice(BLOCKS), rng.choice(GRIDS)
        nt = self.block[0] * self.block[1] * self.block[2]
        # the kernel's fixed shared arrays and its dynamic window (nt * 16 bytes)
        self.static_shared = nt * (4 + 4 + 8 + 2 + 8 + 4) + 16 + 32 + nt * 16
        self.nstmts = nstmts
        self.vars = {t: [] for t in CTYPE}
        self.lines = []
        self.nslot = 0
        self.nv = 0
        self.nacc = 8
        self.taint = set()  # variables computed with a LIBM function
        self.tslots = set()  # slots that hold one
        self.tacc = set()  # atomic totals that add one
        self.acc_ops = [rng.choice(["add", "or", "and", "xor", "min", "max", "addll", "maxll", "addf", "inc",
                                    "mins", "maxs", "addd", "minll"])
                        for _ in range(self.nacc)]
        self.acc_ops += [rng.choice(sorted(self.WIDE_ACC)) for _ in range(8)]

    # ---- helpers -------------------------------------------------------------------------------
    def newvar(self, t, expr, indent="    "):
        name = f"v{self.nv}"
        self.nv += 1
        self.lines.append(f"{indent}{CTYPE[t]} {name} = {expr};")
        self.vars[t].append(name)
        return name

    def record(self, name, indent="    "):
        k = self.nslot
        self.nslot += 1
        self.lines.append(f"{indent}R({k}, {name}); /*s{k}*/")

    def pick(self, t):
        vs = self.vars[t]
        if vs and self.r.random() < 0.85:
            return self.r.choice(vs[-12:] if self.r.random() < 0.7 else vs)
        return None

    # ---- integer expressions -----------------------------------------------------------------------
    def ileaf(self, t):
        r = self.r.random()
        v = self.pick(t)
        if v and r < 0.7:
            return v
        bits = INTS[t][1]
        if r < 0.82:
            return f"(({CTYPE[t]}){self.r.choice(INT_EDGE[bits])})"
        # a cast from another integer variable (wraps modulo 2^n: defined since C++20)
        others = [u for u in INTS if self.vars[u]]
        if others:
            u = self.r.choice(others)
            return f"(({CTYPE[t]}){self.r.choice(self.vars[u])})"
        return f"(({CTYPE[t]}){self.r.randrange(0, 1000)})"

    def iexpr(self, t, d=2):
        if d <= 0 or self.r.random() < 0.25:
            return self.ileaf(t)
        c, bits, signed = INTS[t]
        U = carrier(t)
        a = self.iexpr(t, d - 1)
        b = self.iexpr(t, d - 1)
        k = self.r.randrange(14)
        if k < 3:
            op = self.r.choice("+-*")
            return f"(({c})(({U}){a} {op} ({U}){b}))"
        if k < 5:
            op = self.r.choice("&|^")
            return f"(({c})({a} {op} {b}))"
        if k == 5:
            return f"(({c})(({U}){a} << ({b} & {bits - 1})))"
        if k == 6:
            return f"(({c})({a} >> ({b} & {bits - 1})))"
        if k == 7:
            op = self.r.choice("/%")
            if signed and bits >= 32:
                mn = "(-2147483647 - 1)" if bits == 32 else "(-9223372036854775807LL - 1)"
                return f"(({b}) == 0 || (({a}) == {mn} && ({b}) == -1) ? ({c})({a}) : ({c})(({a}) {op} ({b})))"
            return f"(({b}) == 0 ? ({c})({a}) : ({c})(({a}) {op} ({b})))"
        if k == 8:
            op = self.r.choice(["<", "<=", "==", "!=", ">", ">="])
            return f"(({c})({a} {op} {b}))"
        if k == 9:
            return f"(({a}) < ({b}) ? ({a}) : ({b}))"
        if k == 10:
            return f"(({c})~({U}){a})"
        if k == 11:
            return f"(({c})(0 - ({U}){a}))"
        if k == 12:
            return f"(({c})({self.intrinsic()}))"
        return f"(({c})({self.conv_to_int()}))"

    def intrinsic(self):
        name, rt, args = self.r.choice(INT_INTRINSICS)
        return self.call(name, args)

    def call(self, name, args):
        if name == "__fns":
            # the n-th set bit from base (base below 32, as the ISA requires)
            return f"__fns({self.iexpr('u32', 1)}, {self.iexpr('u32', 1)} & 31u, {self.iexpr('i32', 1)} % 40)"
        return f"{name}({', '.join(self.iexpr(a, 1) for a in args)})"

    def conv_to_int(self):
        k = self.r.randrange(8)
        if k < 3:
            dst = self.r.choice(["int", "uint", "ll", "ull"])
            return f"__float2{dst}_{self.r.choice(RND)}({self.fexpr(1)})"
        if k < 5:
            dst = self.r.choice(["int", "uint", "ll", "ull"])
            return f"__double2{dst}_{self.r.choice(RND)}({self.dexpr(1)})"
        if k == 5:
            return self.r.choice([f"__float_as_int({self.fexpr(1)})", f"__float_as_uint({self.fexpr(1)})",
                                  f"__double_as_longlong({self.dexpr(1)})", f"__double2hiint({self.dexpr(1)})",
                                  f"__double2loint({self.dexpr(1)})",
                                  f"__half_as_ushort(__float2half_{self.r.choice(RND)}({self.fexpr(1)}))",
                                  f"__bfloat16_as_ushort(__float2bfloat16_{self.r.choice(RND)}({self.fexpr(1)}))"])
        if k == 6:
            f = self.fexpr(1)
            return self.r.choice([f"ilogbf({f})", f"lrintf(clampf({f}))", f"llrintf(clampf({f}))",
                                  f"lroundf(clampf({f}))", f"(int)clampf({f})", f"isnan({f})", f"signbit({f})",
                                  f"isinf({f})", f"isfinite({f})", f"ilogb({self.dexpr(1)})"])
        return f"fr_exp({self.fexpr(1)})"

    # ---- float expressions -----------------------------------------------------------------------
    def fleaf(self):
        v = self.pick("f32")
        r = self.r.random()
        if v and r < 0.75:
            return v
        if r < 0.85:
            return flit(self.r.choice(F32_EDGE))
        return self.r.choice([
            f"__int2float_{self.r.choice(RND)}({self.iexpr('i32', 1)})",
            f"__uint2float_{self.r.choice(RND)}({self.iexpr('u32', 1)})",
            f"__ll2float_{self.r.choice(RND)}({self.iexpr('i64', 1)})",
            f"__ull2float_{self.r.choice(RND)}({self.iexpr('u64', 1)})",
            f"__int_as_float((int)opq((unsigned)({self.iexpr('i32', 1)})))",
            f"__double2float_{self.r.choice(RND)}({self.dleaf()})",
            f"(float)({self.iexpr('i16', 1)})",
        ])

    def fexpr(self, d=2):
        if d <= 0 or self.r.random() < 0.25:
            return self.fleaf()
        k = self.r.randrange(20)
        a = self.fexpr(d - 1)
        if k < 4:
            f = self.r.choice(F_UN_EXACT)
            return f"(-{a})" if f == "-" else f"{f}({a})"
        if k < 6:
            return f"{self.r.choice(F_UN_MATH)}({a})"
        if k == 6 and self.fast_ok:
            return f"{self.r.choice(F_UN_FAST)}({hide(a)})"
        b = self.fexpr(d - 1)
        if k < 12:
            f = self.r.choice(F_BIN_EXACT)
            return f"({a} {f} {b})" if len(f) == 1 else f"{f}({a}, {b})"
        if k < 13:
            f = self.r.choice(F_BIN_MATH)
            if f == "__powf" and not self.fast_ok:
                f = "powf"
            if f in ("__fdividef", "__powf"):
                a, b = hide(a), hide(b)
            return f"{f}({a}, {b})"
        if k < 15:
            return f"{self.r.choice(F_TER)}({a}, {b}, {self.fexpr(d - 1)})"
        if k == 15:
            return f"ldexpf({a}, {self.r.randrange(-160, 160)})"
        if k == 16:
            return f"fr_mant({a})"
        if k == 17:
            op = self.r.choice(["__hadd", "__hsub", "__hmul", "__hmin", "__hmax", "__hdiv"])
            return f"__half2float({op}(__float2half_rn({a}), __float2half_rn({b})))"
        if k == 18:
            op = self.r.choice(["__hadd", "__hmul", "__hmax", "__hsub"])
            return f"__bfloat162float({op}(__float2bfloat16_rn({a}), __float2bfloat16_rn({b})))"
        if k == 19 and self.r.random() < 0.5:
            op = self.r.choice(["__hadd2", "__hmul2", "__hsub2", "__hmax2", "__hmin2"])
            half = self.r.choice(["__low2float", "__high2float"])
            return f"{half}({op}(__floats2half2_rn({a}, {b}), __floats2half2_rn({b}, {a})))"
        return f"(({a}) < ({b}) ? ({a}) : ({b}))"

    def dleaf(self):
        v = self.pick("f64")
        r = self.r.random()
        if v and r < 0.75:
            return v
        if r < 0.85:
            return f"(double){flit(self.r.choice(F32_EDGE))}"
        return self.r.choice([
            f"__ll2double_{self.r.choice(RND)}({self.iexpr('i64', 1)})",
            f"__ull2double_{self.r.choice(RND)}({self.iexpr('u64', 1)})",
            f"__int2double_rn({self.iexpr('i32', 1)})",
            f"__longlong_as_double((long long)opq((unsigned long long)({self.iexpr('i64', 1)})))",
            f"__hiloint2double((int)opq((unsigned)({self.iexpr('i32', 1)})), {self.iexpr('i32', 1)})",
            f"(double)({self.fleaf()})",
        ])

    def dexpr(self, d=2):
        if d <= 0 or self.r.random() < 0.25:
            return self.dleaf()
        k = self.r.randrange(14)
        a = self.dexpr(d - 1)
        if k < 3:
            f = self.r.choice(D_UN_EXACT)
            return f"(-{a})" if f == "-" else f"{f}({a})"
        if k < 5:
            return f"{self.r.choice(D_UN_MATH)}({a})"
        b = self.dexpr(d - 1)
        if k < 9:
            f = self.r.choice(D_BIN_EXACT)
            return f"({a} {f} {b})" if len(f) == 1 else f"{f}({a}, {b})"
        if k < 10:
            return f"{self.r.choice(D_BIN_MATH)}({a}, {b})"
        if k < 12:
            return f"{self.r.choice(D_TER)}({a}, {b}, {self.dexpr(d - 1)})"
        if k == 12:
            return f"ldexp({a}, {self.r.randrange(-1100, 1100)})"
        return f"(({a}) > ({b}) ? ({a}) : ({b}))"

    # ---- statements -----------------------------------------------------------------------------
    def any_expr(self, t, d=2):
        if t == "f32":
            return self.fexpr(d)
        if t == "f64":
            return self.dexpr(d)
        return self.iexpr(t, d)

    def s_assign(self):
        t = self.r.choice(list(CTYPE))
        self.record(self.newvar(t, self.any_expr(t)))

    def s_intrinsic(self):
        name, rt, args = self.r.choice(INT_INTRINSICS)
        self.record(self.newvar(rt, self.call(name, args)))

    def s_pair(self):
        # functions with a second result through a pointer
        k = self.r.randrange(4)
        if k == 0:
            a = self.fexpr(1)
            self.lines.append(f"    {{ float s_, c_; sincosf({a}, &s_, &c_);")
            self.lines.append(f"      float v{self.nv} = s_ - c_; R({self.nslot}, s_); R({self.nslot + 1}, c_); }} /*s{self.nslot}*/")
            self.nv += 1
            self.nslot += 2
        elif k == 1:
            a, b = self.iexpr("i32", 1), self.iexpr("i32", 1)
            op = self.r.choice(["__vibmax_s32", "__vibmin_s32"])
            self.lines.append(f"    {{ bool p_; int m_ = {op}({a}, {b}, &p_); R({self.nslot}, m_); R({self.nslot + 1}, (int)p_); }} /*s{self.nslot}*/")
            self.nslot += 2
        elif k == 2:
            a = self.fexpr(1)
            self.lines.append(f"    {{ float ip_; float fp_ = modff({a}, &ip_); R({self.nslot}, fp_); R({self.nslot + 1}, ip_); }} /*s{self.nslot}*/")
            self.nslot += 2
        else:
            a = self.dexpr(1)
            self.lines.append(f"    {{ int e_; double m_ = frexp({a}, &e_); R({self.nslot}, m_); R({self.nslot + 1}, e_); }} /*s{self.nslot}*/")
            self.nslot += 2

    def s_local(self):
        """A local array indexed by data (local memory)."""
        t = self.r.choice(["u32", "f32", "u64", "i16"])
        n = self.r.choice([4, 8, 13])
        it = self.r.choice([u for u in INTS if self.vars[u]])
        idx = self.r.choice(self.vars[it])
        self.lines.append(f"    {CTYPE[t]} loc{self.nv}[{n}];")
        self.lines.append(f"    for (int i_ = 0; i_ < {n}; ++i_) loc{self.nv}[i_] = ({CTYPE[t]})({self.any_expr(t, 1)}) + ({CTYPE[t]})i_;")
        self.lines.append(f"    loc{self.nv}[({carrier(it)}){idx} % {n}u] = {self.any_expr(t, 1)};")
        arr = f"loc{self.nv}"
        self.nv += 1
        self.record(self.newvar(t, f"{arr}[({carrier(it)}){self.r.choice(self.vars[it])} % {n}u]"))

    def s_call(self):
        """A call of a function the compilers do not inline."""
        a, b = self.iexpr("u32", 1), self.iexpr("u32", 1)
        f, d = self.fexpr(1), self.dexpr(1)
        self.record(self.newvar("u64", f"helper({a}, {b}, {f}, {d})"))

    def target(self):
        ts = [t for t in CTYPE if self.vars[t]]
        t = self.r.choice(ts)
        return t, self.r.choice(self.vars[t])

    def cond(self):
        t = self.r.choice([t for t in INTS if self.vars[t]])
        v = self.r.choice(self.vars[t])
        return self.r.choice([
            f"(({v}) & {self.r.choice([1, 2, 3, 5, 8])}) != 0",
            f"({v}) < ({self.ileaf(t)})",
            f"(lane & {self.r.choice([1, 3, 7, 16])}) == {self.r.choice([0, 1])}",
            f"lane < {self.r.randrange(1, 32)}",
            f"(gid % 3) == 0",
        ])

    def s_if(self):
        t, v = self.target()
        c = self.cond()
        self.lines.append(f"    if ({c}) {{ {v} = {self.any_expr(t, 1)}; }} else {{ {v} = {self.any_expr(t, 1)}; }}")
        self.record(v)

    def s_switch(self):
        t, v = self.target()
        it = self.r.choice([t for t in INTS if self.vars[t]])
        sel = self.r.choice(self.vars[it])
        n = self.r.randrange(2, 6)
        self.lines.append(f"    switch (({carrier(it)}){sel} & 7u) {{")
        for i in range(n):
            fall = self.r.random() < 0.2
            self.lines.append(f"      case {i}: {v} = {self.any_expr(t, 1)};{'' if fall else ' break;'}")
        self.lines.append(f"      default: {v} = {self.any_expr(t, 1)}; break;")
        self.lines.append("    }")
        self.record(v)

    def s_loop(self):
        it = self.r.choice([t for t in INTS if self.vars[t]])
        n = self.r.choice(self.vars[it])
        k = self.r.randrange(3)
        if k == 0:
            t = self.r.choice(["u32", "u64", "i32"])
            acc = self.newvar(t, self.iexpr(t, 1))
            U = carrier(t)
            self.lines.append(f"    for (unsigned i_ = 0; i_ < (({carrier(it)}){n} & 15u); ++i_) {{")
            self.lines.append(f"      {acc} = ({CTYPE[t]})(({U}){acc} * {self.r.choice([3, 5, 7, 2654435761])}u + i_ + ({U}){self.iexpr(t, 1)});")
            self.lines.append(f"      if ((({U}){acc} & 31u) == 7u) break;")
            self.lines.append("    }")
            self.record(acc)
        elif k == 1:
            acc = self.newvar("f32", self.fexpr(1))
            self.lines.append(f"    for (int i_ = 0; i_ < (int)(({carrier(it)}){n} % 9u); ++i_) {{")
            self.lines.append(f"      {acc} = __fmaf_rn({acc}, {flit(self.r.choice([0.5, 1.5, -0.75, 2.0]))}, (float)i_);")
            self.lines.append("    }")
            self.record(acc)
        else:
            cnt = self.newvar("i32", "0")
            self.lines.append(f"    {{ unsigned n_ = (unsigned){n} | 1u;")
            self.lines.append(f"      while (n_ != 1u && {cnt} < 60) {{ n_ = (n_ & 1u) ? n_ * 3u + 1u : n_ >> 1; ++{cnt}; }} }}")
            self.record(cnt)

    def warp_value(self):
        t = self.r.choice(["u32", "i32", "u64", "f32", "f64", "i64"])
        return t, (self.pick(t) or self.any_expr(t, 1))

    def s_warp(self):
        """A warp collective, at top level (every existing lane reaches it)."""
        k = self.r.randrange(10)
        partial = self.r.random() < 0.4
        ind = "      "
        mask = "fm"
        self.lines.append("    {")
        if partial:
            c = self.cond()
            self.lines.append(f"      bool p_ = {c}; unsigned pm_ = __ballot_sync(fm, p_); R({self.nslot}, pm_); /*s{self.nslot}*/")
            self.nslot += 1
            self.lines.append("      if (p_) {")
            ind = "        "
            mask = "pm_"
        if k < 4:
            t, v = self.warp_value()
            kind = self.r.choice(["idx", "up", "down", "xor"])
            w = self.r.choice([32, 32, 16, 8, 4, 2])
            if kind == "idx":
                # a source lane in the mask: the lowest, the highest, or a rotation among present lanes
                if not partial and w < 32:
                    # a source in the lane's segment of `w` lanes, kept only when it is present
                    src = self.r.randrange(0, 64)
                    self.lines.append(f"{ind}{CTYPE[t]} v{self.nv} = __shfl_sync({mask}, {v}, {src}, {w});")
                    self.lines.append(f"{ind}if (!(({mask} >> (lane / {w} * {w} + {src % w})) & 1u)) v{self.nv} = {v};")
                else:
                    src = self.r.choice([f"(__ffs({mask}) - 1)", f"(31 - __clz({mask}))", "lane"]) if partial else \
                        self.r.choice(["0", f"(lane + {self.r.randrange(1, 32)}) % nl", "nl - 1 - lane", f"{self.r.randrange(0, 32)} % nl"])
                    self.lines.append(f"{ind}{CTYPE[t]} v{self.nv} = __shfl_sync({mask}, {v}, {src});")
            else:
                d = self.r.randrange(1, w) if w > 1 else 0
                fn = {"up": "__shfl_up_sync", "down": "__shfl_down_sync", "xor": "__shfl_xor_sync"}[kind]
                srcl = {"up": f"((lane % {w}) >= {d} ? lane - {d} : lane)",
                        "down": f"((lane % {w}) + {d} < {w} ? lane + {d} : lane)",
                        "xor": f"(((lane ^ {d}) / {w}) == (lane / {w}) ? (lane ^ {d}) : lane)"}[kind]
                # a lane outside the mask gives an undefined value: keep the lane's own then
                self.lines.append(f"{ind}{CTYPE[t]} v{self.nv} = {fn}({mask}, {v}, {d}, {w});")
                self.lines.append(f"{ind}if (!(({mask} >> {srcl}) & 1u)) v{self.nv} = {v};")
            self.lines.append(f"{ind}R({self.nslot}, v{self.nv}); /*s{self.nslot}*/")
        elif k == 4:
            c = self.cond()
            fn = self.r.choice(["__all_sync", "__any_sync", "__ballot_sync"])
            self.lines.append(f"{ind}unsigned v{self.nv} = {fn}({mask}, {c});")
            self.lines.append(f"{ind}R({self.nslot}, v{self.nv}); /*s{self.nslot}*/")
        elif k < 7:
            fn, t = self.r.choice([("__reduce_add_sync", "u32"), ("__reduce_min_sync", "u32"),
                                   ("__reduce_max_sync", "u32"), ("__reduce_min_sync", "i32"),
                                   ("__reduce_max_sync", "i32"), ("__reduce_and_sync", "u32"),
                                   ("__reduce_or_sync", "u32"), ("__reduce_xor_sync", "u32")])
            v = self.pick(t) or self.iexpr(t, 1)
            self.lines.append(f"{ind}{CTYPE[t]} v{self.nv} = {fn}({mask}, {v});")
            self.lines.append(f"{ind}R({self.nslot}, v{self.nv}); /*s{self.nslot}*/")
        elif k < 9:
            t, v = self.warp_value()
            if self.r.random() < 0.5:
                # few distinct values, so lanes match
                v = f"({v}) {'& 3' if t not in ('f32', 'f64') else '< 0'}"
                t = "u32" if t not in ("f32", "f64") else "i32"
                v = f"({CTYPE[t]})({v})" if t == "i32" else f"({v})"
            if self.r.random() < 0.5:
                self.lines.append(f"{ind}unsigned v{self.nv} = __match_any_sync({mask}, {v});")
            else:
                self.lines.append(f"{ind}int mp_; unsigned v{self.nv} = __match_all_sync({mask}, {v}, &mp_); v{self.nv} ^= (unsigned)mp_ << 31;")
            self.lines.append(f"{ind}R({self.nslot}, v{self.nv}); /*s{self.nslot}*/")
        else:
            self.lines.append(f"{ind}__syncwarp({mask});")
            self.lines.append(f"{ind}unsigned v{self.nv} = __popc({mask}) + lane;")
            self.lines.append(f"{ind}R({self.nslot}, v{self.nv}); /*s{self.nslot}*/")
        self.nv += 1
        self.nslot += 1
        if partial:
            self.lines.append("      }")
        self.lines.append("    }")

    def s_shared(self):
        """An exchange through shared memory between barriers, at top level."""
        t = self.r.choice(["u32", "f32", "u64", "i16", "f64"])
        v = self.pick(t) or self.any_expr(t, 1)
        arr = {"u32": "sh32", "f32": "shf", "u64": "sh64", "i16": "sh16", "f64": "shd"}[t]
        src = self.r.choice(["nt - 1 - lt", f"(lt * {self.r.choice([3, 5, 7, 13])} + {self.r.randrange(0, 9)}) % nt",
                             "(lt + 1) % nt", "(lt ^ 1u) < nt ? (lt ^ 1u) : lt", "0"])
        self.lines.append(f"    {arr}[lt] = {v};")
        self.lines.append("    __syncthreads();")
        self.newvar(t, f"{arr}[{src}]")
        self.lines.append("    __syncthreads();")
        self.record(f"v{self.nv - 1}")

    def s_shared_atomic(self):
        v = self.pick("u32") or self.iexpr("u32", 1)
        op = self.r.choice(["atomicAdd", "atomicOr", "atomicXor", "atomicMin", "atomicMax", "atomicAnd"])
        slot = self.r.choice(["lt % 4", "0", "(lt >> 2) & 3", "lane & 3"])
        init = "0xffffffffu" if op in ("atomicAnd", "atomicMin") else "0u"
        self.lines.append(f"    if (lt == 0) {{ sha[0] = {init}; sha[1] = {init}; sha[2] = {init}; sha[3] = {init}; }}")
        self.lines.append("    __syncthreads();")
        self.lines.append(f"    {op}(&sha[{slot}], {v});")
        self.lines.append("    __syncthreads();")
        self.newvar("u32", f"sha[lt & 3]")
        self.lines.append("    __syncthreads();")
        self.record(f"v{self.nv - 1}")

    def s_atomic(self):
        i = self.r.randrange(self.nacc)
        op = self.acc_ops[i]
        if op in ("addll", "maxll"):
            v = self.pick("u64") or self.iexpr("u64", 1)
            fn = "atomicAdd" if op == "addll" else "atomicMax"
            self.lines.append(f"    {fn}(&acc[{i}], (unsigned long long)({v}));")
        elif op == "addf":
            # integer-valued floats whose sums stay below 2^24: exact in any order
            v = self.pick("u32") or self.iexpr("u32", 1)
            self.lines.append(f"    atomicAdd((float *)&acc[{i}], (float)(({v}) & 255u));")
        elif op == "addd":
            v = self.pick("i32") or self.iexpr("i32", 1)
            self.lines.append(f"    atomicAdd((double *)&acc[{i}], (double)(({v}) % 1000));")
        elif op in ("mins", "maxs"):
            v = self.pick("i32") or self.iexpr("i32", 1)
            fn = "atomicMin" if op == "mins" else "atomicMax"
            self.lines.append(f"    {fn}((int *)&acc[{i}], {v});")
        elif op == "minll":
            v = self.pick("u64") or self.iexpr("u64", 1)
            self.lines.append(f"    atomicMin(&acc[{i}], (unsigned long long)({v}));")
        elif op == "inc":
            self.lines.append(f"    atomicInc((unsigned *)&acc[{i}], 0xffffffffu);")
        else:
            v = self.pick("u32") or self.iexpr("u32", 1)
            fn = {"add": "atomicAdd", "or": "atomicOr", "and": "atomicAnd", "xor": "atomicXor",
                  "min": "atomicMin", "max": "atomicMax"}[op]
            cast = "(int)" if op in ("min", "max") and self.r.random() < 0.5 and False else ""
            self.lines.append(f"    {fn}((unsigned *)&acc[{i}], {cast}({v}));")

    def generate(self, fast_ok, fmad_off=False):
        self.fast_ok = fast_ok
        L = self.lines
        L.append("    const unsigned lt = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);")
        L.append("    const unsigned nt = blockDim.x * blockDim.y * blockDim.z;")
        L.append("    const unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);")
        L.append("    const unsigned gid = bid * nt + lt;")
        L.append("    const unsigned NT = nt * gridDim.x * gridDim.y * gridDim.z;")
        L.append("    const unsigned lane = lt % 32u;")
        L.append("    const unsigned nl = (nt - (lt & ~31u)) < 32u ? nt - (lt & ~31u) : 32u; // lanes in this warp")
        L.append("    const unsigned fm = nl == 32u ? 0xffffffffu : (1u << nl) - 1u;")
        L.append("    unsigned long long *res = out + (size_t)gid * NS;")
        L.append("    (void)lane; (void)fm; (void)NT;")
        self.vars["u64"].append("x0")
        L.append("    unsigned long long x0 = in64[gid * 4 + 0];")
        self.newvar("u32", "(unsigned)__ldg(&in64[gid * 4 + 1])")
        self.newvar("i32", "(int)(in64[gid * 4 + 2] >> 7)")
        self.newvar("i64", "(long long)in64[(gid * 13 + 5) % NT * 4 + 3]")
        self.newvar("i16", "(short)in64[gid * 4 + 3]")
        self.newvar("u8", "(unsigned char)(in64[gid * 4 + 2] >> 40)")
        self.newvar("f32", "inf[gid * 4 + 0]")
        self.newvar("f32", "__ldg(&inf[gid * 4 + 1])")
        self.newvar("f32", "inf[(gid * 7 + 3) % NT * 4 + 2]")
        self.newvar("f64", "ind[gid * 2 + 0]")
        self.newvar("f64", "ind[gid * 2 + 1]")
        kinds = ([self.s_assign] * 8 + [self.s_intrinsic] * 4 + [self.s_pair, self.s_if, self.s_if, self.s_switch,
                 self.s_loop, self.s_warp, self.s_warp, self.s_warp, self.s_shared, self.s_shared_atomic,
                 self.s_atomic, self.s_atomic, self.s_local, self.s_call,
                 self.s_reduce, self.s_scan, self.s_transpose, self.s_sync_vote, self.s_warp_exchange,
                 self.s_shared_atomic64, self.s_nested_loop, self.s_recursion, self.s_fnptr, self.s_struct,
                 self.s_half, self.s_half, self.s_atomic_wide, self.s_atomic_wide])
        if fmad_off:
            kinds += [self.s_fmad] * 3
        for _ in range(self.nstmts):
            line0, slot0 = len(L), self.nslot
            self.r.choice(kinds)()
            text = "\n".join(L[line0:])
            if set(re.findall(r"[A-Za-z_]\w*", text)) & (LIBM | self.taint):
                self.taint.update(re.findall(r"\b(v\d+|x0)\s*=(?!=)", text))
                self.tslots.update(range(slot0, self.nslot))
                self.tacc.update(int(i) for i in re.findall(r"\bacc\[(\d+)\]", text))
        # an exit by some threads, then barrier-free statements by the rest
        if self.r.random() < 0.5:
            line0, slot0 = len(L), self.nslot
            self.tail()
            text = "\n".join(L[line0:])
            if set(re.findall(r"[A-Za-z_]\w*", text)) & (LIBM | self.taint):
                self.tslots.update(range(slot0, self.nslot))
                self.tacc.update(int(i) for i in re.findall(r"\bacc\[(\d+)\]", text))
        return L


HEADER = r"""#include <cstdio>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// Each statement's result, as its bits, in its own slot.
__device__ __forceinline__ unsigned long long bits(float v) { return __float_as_uint(v); }
__device__ __forceinline__ unsigned long long bits(double v) { return (unsigned long long)__double_as_longlong(v); }
__device__ __forceinline__ unsigned long long bits(bool v) { return v; }
__device__ __forceinline__ unsigned long long bits(unsigned char v) { return v; }
__device__ __forceinline__ unsigned long long bits(signed char v) { return (unsigned char)v; }
__device__ __forceinline__ unsigned long long bits(unsigned short v) { return v; }
__device__ __forceinline__ unsigned long long bits(short v) { return (unsigned short)v; }
__device__ __forceinline__ unsigned long long bits(unsigned v) { return v; }
__device__ __forceinline__ unsigned long long bits(int v) { return (unsigned)v; }
__device__ __forceinline__ unsigned long long bits(long v) { return (unsigned long long)v; }
__device__ __forceinline__ unsigned long long bits(unsigned long v) { return v; }
__device__ __forceinline__ unsigned long long bits(long long v) { return (unsigned long long)v; }
__device__ __forceinline__ unsigned long long bits(unsigned long long v) { return v; }
#define R(k, v) (res[k] = bits(v))
// An integer the compiler cannot see through: a bit pattern made a float through it is not a
// constant, so no float operation on it is folded (LLVM folds an operation on a NaN constant to
// a NaN with its payload, or 0x7fc00000; the GPU's arithmetic gives 0x7fffffff).
__device__ __forceinline__ unsigned opq(unsigned x) { asm("mov.b32 %0, %1;" : "=r"(x) : "r"(x)); return x; }
__device__ __forceinline__ unsigned long long opq(unsigned long long x) { asm("mov.b64 %0, %1;" : "=l"(x) : "l"(x)); return x; }
#define MK(marks, i) ((marks)[i] == '~' ? "~" : "")
// A float in the range where a conversion to a 32-bit integer is defined (NaN: the low end).
__device__ __forceinline__ float clampf(float x) { return fminf(fmaxf(x, -2.0e9f), 2.0e9f); }
__device__ __forceinline__ int fr_exp(float x) { int e; frexpf(x, &e); return e; }
__device__ __forceinline__ float fr_mant(float x) { int e; return frexpf(x, &e); }
// A call (ABI: parameters of every width, a 64-bit result, a loop).
__device__ __noinline__ unsigned long long helper(unsigned a, unsigned b, float f, double d) {
    unsigned long long h = a;
    for (unsigned i = 0; i < (b & 7u); ++i) h = h * 0x9e3779b97f4a7c15ull + __float_as_uint(f) + i;
    return h ^ (unsigned long long)__double_as_longlong(d) ^ ((unsigned long long)b << 32);
}

static unsigned long long rng_state;
static unsigned long long next_u64() {
    unsigned long long z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static const unsigned EDGE_F32[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u,
    0x7fc00000u, 0xffc00001u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x7f7fffffu, 0x4b000000u, 0x4b7fffffu,
    0x3f000000u, 0x3fc00000u, 0x40200000u, 0xc0200000u, 0x4f000000u, 0xcf000000u, 0x5f000000u, 0x3effffffu,
    0x3f000001u, 0x4effffffu, 0x34000000u, 0x7f000000u};
static const unsigned long long EDGE_U64[] = {0ull, 1ull, 0xffffffffffffffffull, 0x8000000000000000ull,
    0x7fffffffffffffffull, 0xffffffffull, 0x80000000ull, 0x7fffffffull, 0x100000000ull, 0xffffffff80000000ull,
    0x00ff00ff00ff00ffull, 0x8080808080808080ull, 0x7f7f7f7f7f7f7f7full};
static float rand_f32() {
    unsigned long long r = next_u64();
    unsigned b;
    switch (r & 7) {
    case 0: b = EDGE_F32[(r >> 8) % (sizeof EDGE_F32 / sizeof EDGE_F32[0])]; break;
    case 1: b = (unsigned)(r >> 32); break;  // any bit pattern
    case 2: { float f = (float)((long long)(r >> 40) % 200 - 100); return f; }  // small integers
    case 3: { float f = (float)((long long)(r >> 20) % 2000001 - 1000000) / 64.0f; return f; }
    default: { float f = (float)((double)(r >> 11) / 9007199254740992.0 * 200.0 - 100.0); return f; }
    }
    float f;
    memcpy(&f, &b, 4);
    return f;
}
static double rand_f64() {
    unsigned long long r = next_u64();
    switch (r & 7) {
    case 0: { unsigned b = EDGE_F32[(r >> 8) % (sizeof EDGE_F32 / sizeof EDGE_F32[0])]; float f; memcpy(&f, &b, 4); return f; }
    case 1: { unsigned long long b = next_u64(); double d; memcpy(&d, &b, 8); return d; }
    case 2: return (double)((long long)(r >> 40) % 200 - 100);
    default: return (double)(r >> 11) / 9007199254740992.0 * 2000.0 - 1000.0;
    }
}
static unsigned long long rand_u64() {
    unsigned long long r = next_u64();
    if ((r & 7) == 0) return EDGE_U64[(r >> 8) % (sizeof EDGE_U64 / sizeof EDGE_U64[0])];
    if ((r & 7) == 1) return (r >> 8) & 0xff;
    return next_u64();
}
static unsigned long long fnv(const unsigned long long *p, size_t n, size_t stride) {
    unsigned long long h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; ++i) {
        unsigned long long v = p[i * stride];
        for (int b = 0; b < 8; ++b) { h ^= (v >> (8 * b)) & 0xff; h *= 0x100000001b3ull; }
    }
    return h;
}
"""


def program(seed, nkernels=3, nstmts=40, flags=""):
    rng = random.Random(seed)
    fast_ok = True
    fmad_off = "-fmad=false" in flags
    kernels = []
    out = [f"// flags: {flags}"] if flags else []
    out += [f"// cufuzz seed {seed} (scripts/cufuzz/gen.py)", HEADER, WIDE_HEADER]
    for k in range(nkernels):
        K = Kernel(rng, k, nstmts)
        body = K.generate(fast_ok, fmad_off)
        nt = K.block[0] * K.block[1] * K.block[2]
        out.append(f"#define NS{k} {max(K.nslot, 1)}")
        marks = "".join("~" if i in K.tslots else " " for i in range(K.nslot))
        amarks = "".join("~" if i in K.tacc else " " for i in range(16))
        out.append(f'static const char T{k}[] = "{marks}", A{k}[] = "{amarks}"; // ~: computed with a LIBM function')
        out.append(f"__global__ void __launch_bounds__({1024 if nt > 256 else 256}) k{k}(const unsigned long long *__restrict__ in64, "
                   f"const float *__restrict__ inf, const double *__restrict__ ind, unsigned long long *out, "
                   f"unsigned long long *acc) {{")
        out.append(f"    enum {{ NS = NS{k} }};")
        out.append(f"    __shared__ unsigned sh32[{nt}]; __shared__ float shf[{nt}]; __shared__ unsigned long long sh64[{nt}];")
        out.append(f"    __shared__ short sh16[{nt}]; __shared__ double shd[{nt}]; __shared__ unsigned sha[4];")
        out.append(f"    __shared__ unsigned long long sha64[4]; __shared__ unsigned shw[{nt}];")
        out.append("    extern __shared__ unsigned long long dyn[]; // nt * 16 bytes, sized at launch")
        out.append("    (void)sh32; (void)shf; (void)sh64; (void)sh16; (void)shd; (void)sha; (void)sha64; (void)shw; (void)dyn;")
        out += body
        out.append("}")
        kernels.append(K)
    # the kernels run one after another on the legacy stream, or all at once on two streams
    # (one non-blocking), each with its own buffers
    streams = rng.random() < 0.5
    out.append("struct Buf { size_t NT; unsigned long long *h64, *ho, hacc[16], *d64, *dout, *dacc; float *hf, *df;")
    out.append("             double *hd, *dd; cudaError_t le, se; };")
    out.append("int main() {")
    out.append(f"    rng_state = {seed}ull * 0x2545f4914f6cdd1dull + 1;")
    out.append(f"    static Buf B[{nkernels}];")
    out.append("    cudaStream_t st[2] = {0, 0};")
    if streams:
        out.append("    cudaStreamCreate(&st[0]); cudaStreamCreateWithFlags(&st[1], cudaStreamNonBlocking);")
    for k, K in enumerate(kernels):
        g, b = K.grid, K.block
        nthreads = g[0] * g[1] * g[2] * b[0] * b[1] * b[2]
        init = []
        for i, op in enumerate(K.acc_ops):
            v = {"and": "0xffffffffull", "min": "0xffffffffull", "mins": "0x7fffffffull", "maxs": "0x80000000ull",
                 "minll": "0xffffffffffffffffull"}.get(op, "0ull") if i < 8 else K.WIDE_ACC[op]
            init.append(v)
        out.append("    {")
        out.append(f"        Buf &b = B[{k}]; const size_t NT = b.NT = {nthreads};")
        out.append("        b.h64 = new unsigned long long[NT * 4]; b.hf = new float[NT * 4]; b.hd = new double[NT * 2];")
        out.append(f"        b.ho = new unsigned long long[NT * NS{k}];")
        out.append(f"        const unsigned long long hacc[16] = {{{', '.join(init)}}}; memcpy(b.hacc, hacc, sizeof hacc);")
        out.append("        for (size_t i = 0; i < NT * 4; ++i) { b.h64[i] = rand_u64(); b.hf[i] = rand_f32(); }")
        out.append("        for (size_t i = 0; i < NT * 2; ++i) b.hd[i] = rand_f64();")
        out.append("        cudaMalloc(&b.d64, NT * 32); cudaMalloc(&b.df, NT * 16); cudaMalloc(&b.dd, NT * 16);")
        out.append(f"        cudaMalloc(&b.dout, NT * NS{k} * 8); cudaMalloc(&b.dacc, 128);")
        out.append(f"        cudaMemset(b.dout, 0, NT * NS{k} * 8);")
        out.append("        cudaMemcpy(b.d64, b.h64, NT * 32, cudaMemcpyHostToDevice); cudaMemcpy(b.df, b.hf, NT * 16, cudaMemcpyHostToDevice);")
        out.append("        cudaMemcpy(b.dd, b.hd, NT * 16, cudaMemcpyHostToDevice); cudaMemcpy(b.dacc, b.hacc, 128, cudaMemcpyHostToDevice);")
        out.append("    }")
    for k, K in enumerate(kernels):
        g, b = K.grid, K.block
        nt = b[0] * b[1] * b[2]
        out.append(f"    k{k}<<<dim3({g[0]}, {g[1]}, {g[2]}), dim3({b[0]}, {b[1]}, {b[2]}), {nt * 16}, st[{k % 2}]>>>"
                   f"(B[{k}].d64, B[{k}].df, B[{k}].dd, B[{k}].dout, B[{k}].dacc);")
        out.append(f"    B[{k}].le = cudaGetLastError();")
        if not streams:
            out.append(f"    B[{k}].se = cudaDeviceSynchronize();")
    if streams:
        out.append(f"    {{ cudaError_t se = cudaDeviceSynchronize(); for (int k = 0; k < {nkernels}; ++k) B[k].se = se; }}")
    for k, K in enumerate(kernels):
        g, b = K.grid, K.block
        out.append("    {")
        out.append(f"        Buf &b = B[{k}]; const size_t NT = b.NT; unsigned long long *ho = b.ho;")
        out.append(f'        printf("k{k} grid {g[0]}x{g[1]}x{g[2]} block {b[0]}x{b[1]}x{b[2]}: %s / %s\\n", cudaGetErrorString(b.le), cudaGetErrorString(b.se));')
        out.append(f"        cudaMemcpy(ho, b.dout, NT * NS{k} * 8, cudaMemcpyDeviceToHost); cudaMemcpy(b.hacc, b.dacc, 128, cudaMemcpyDeviceToHost);")
        out.append(f'        for (int s = 0; s < NS{k}; ++s) printf("k{k} s%d%s %016llx\\n", s, MK(T{k}, s), fnv(ho + s, NT, NS{k}));')
        out.append(f'        printf("k{k} all%s %016llx\\n", MK(T{k}, strcspn(T{k}, "~")), fnv(ho, NT * NS{k}, 1));')
        # CUFUZZ_DUMP=K:S prints slot S of kernel K for every thread (triage)
        out.append(f'        if (const char *d = getenv("CUFUZZ_DUMP")) {{ int dk, ds; if (sscanf(d, "%d:%d", &dk, &ds) == 2 && dk == {k} && ds < NS{k})')
        out.append(f'            for (size_t t = 0; t < NT; ++t) printf("k{k} s%d t%zu %016llx in %016llx %08x %08x %08x %016llx %016llx\\n", ds, t, ho[t * NS{k} + ds], b.h64[t * 4], *(unsigned *)&b.hf[t * 4], *(unsigned *)&b.hf[t * 4 + 1], *(unsigned *)&b.hf[t * 4 + 2], *(unsigned long long *)&b.hd[t * 2], *(unsigned long long *)&b.hd[t * 2 + 1]); }}')
        out.append(f'        for (int i = 0; i < 16; ++i) printf("k{k} acc%d%s %llx\\n", i, MK(A{k}, i), b.hacc[i]);')
        out.append(f'        for (int s = 0; s < NS{k} && s < 6; ++s) printf("k{k} t0 s%d%s %llx last %llx\\n", s, MK(T{k}, s), ho[s], ho[(NT - 1) * NS{k} + s]);')
        out.append("        cudaFree(b.d64); cudaFree(b.df); cudaFree(b.dd); cudaFree(b.dout); cudaFree(b.dacc);")
        out.append("        delete[] b.h64; delete[] b.hf; delete[] b.hd; delete[] b.ho;")
        out.append("    }")
    out.append("    return 0;")
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--kernels", type=int, default=3)
    ap.add_argument("--stmts", type=int, default=40)
    ap.add_argument("--flags", default="", help="nvcc flags for a first line `// flags: ...`")
    a = ap.parse_args()
    sys.stdout.write(program(a.seed, a.kernels, a.stmts, a.flags))


if __name__ == "__main__":
    main()
