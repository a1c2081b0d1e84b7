"""The block-wide and control-flow statements of scripts/cufuzz/gen.py programs.

`WideStatements` is a mixin of gen.Kernel: shared memory in `__syncthreads` phases (tree
reductions, scans, transposes through padded tiles, dynamic shared memory sized at launch),
`__syncthreads_count/and/or`, warp exchanges under `__syncwarp(mask)`, atomics whose totals do not
depend on order (CAS loops of commutative operations, wrapping `atomicInc`/`atomicDec`, 64-bit
bitwise, half/bfloat16 sums of small integers, `cuda::atomic_ref`, shared 64-bit), half and
bfloat16 arithmetic, nested loops with `break`/`continue` by lane, recursion, device function
pointers, structs passed and returned by value. Every statement here that has a barrier is
emitted at the kernel's top level, where every thread of the block reaches it.
"""

# Header code the statements below call (appended to gen.HEADER).
HEADER = r"""
#include <cuda/atomic>
// Recursion of a small, data-dependent depth (a real call stack: the depth is not a constant).
__device__ __noinline__ unsigned long long rec_tree(unsigned n, unsigned long long x) {
    if (n < 2) return x ^ n;
    return rec_tree(n - 1, x * 0x100000001b3ull + n) + (rec_tree(n - 2, x ^ (x >> 7)) << 1);
}
__device__ __noinline__ float rec_half(float x, int n) {
    if (n <= 0 || !(x == x)) return x;
    return rec_half(__fmul_rn(x, 0.5f), n - 1) + (float)n;
}
// Device function pointers: a table in global memory and a choice in a register.
typedef unsigned (*UFn)(unsigned, unsigned);
__device__ __noinline__ unsigned fp_add(unsigned a, unsigned b) { return a + b * 3u; }
__device__ __noinline__ unsigned fp_rot(unsigned a, unsigned b) { return __funnelshift_l(a, a, b) ^ b; }
__device__ __noinline__ unsigned fp_mul(unsigned a, unsigned b) { return __umulhi(a, b | 1u) + a * b; }
__device__ __noinline__ unsigned fp_min(unsigned a, unsigned b) { return min(a, b) - (max(a, b) >> 3); }
__device__ UFn fp_table[4] = {fp_add, fp_rot, fp_mul, fp_min};
// A struct of mixed widths passed and returned by value.
struct Mix { unsigned a; float b; double c; short d; unsigned char e[3]; unsigned long long f; };
__device__ __noinline__ Mix mix_step(Mix m, unsigned k) {
    Mix r;
    r.a = m.a * 2654435761u + k;
    r.b = __fadd_rn(m.b, (float)(k & 15u));
    r.c = __dmul_rn(m.c, -1.5);
    r.d = (short)(m.d ^ (short)k);
    for (int i = 0; i < 3; ++i) r.e[i] = (unsigned char)(m.e[(i + k) % 3u] + i);
    r.f = m.f ^ ((unsigned long long)m.a << 17);
    return r;
}
__device__ __forceinline__ unsigned long long mix_hash(const Mix &m) {
    unsigned long long h = m.a ^ ((unsigned long long)__float_as_uint(m.b) << 32);
    h = h * 0x100000001b3ull ^ (unsigned long long)__double_as_longlong(m.c);
    h = h * 0x100000001b3ull ^ (unsigned short)m.d ^ ((unsigned long long)m.e[0] << 16)
        ^ ((unsigned long long)m.e[1] << 24) ^ ((unsigned long long)m.e[2] << 40);
    return h ^ m.f;
}
// A CAS loop applying a commutative, associative update (the total does not depend on order).
__device__ __forceinline__ unsigned cas_mul(unsigned *p, unsigned v) {
    unsigned old = *p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, assumed * (v | 1u)); } while (old != assumed);
    return old;
}
__device__ __forceinline__ unsigned long long cas_add64(unsigned long long *p, unsigned long long v) {
    unsigned long long old = *p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, assumed + v); } while (old != assumed);
    return old;
}
__device__ __forceinline__ unsigned short cas_max16(unsigned short *p, unsigned short v) {
    unsigned short old = *p, assumed;
    do { assumed = old; old = atomicCAS(p, assumed, assumed > v ? assumed : v); } while (old != assumed);
    return old;
}
"""

# Reductions and scans: (type, combine expression over a_ and b_, identity or None)
REDUCE_OPS = {
    "u32": ["a_ + b_", "a_ ^ b_", "min(a_, b_)", "max(a_, b_)", "a_ | b_"],
    "u64": ["a_ + b_", "a_ ^ b_", "(a_ > b_ ? a_ : b_)"],
    "i32": ["(int)((unsigned)a_ + (unsigned)b_)", "min(a_, b_)", "max(a_, b_)"],
    # a fixed tree: the rounding of every partial sum is the same on every engine and the GPU
    "f32": ["__fadd_rn(a_, b_)", "a_ + b_", "fmaxf(a_, b_)", "fminf(a_, b_)", "__fmul_rn(a_, b_)"],
    "f64": ["a_ + b_", "fmax(a_, b_)", "__dadd_rz(a_, b_)"],
}


class WideStatements:
    """Statements over the block, the warp, atomics and calls (see the module's doc)."""

    in_tail = False  # past the early return: no warp-wide synchronization

    def shared_budget_ok(self, nbytes):
        """Whether a static `__shared__` tile of `nbytes` still fits the 48 KiB a block has
        without opting in (the kernel's arrays and the dynamic window counted)."""
        if self.static_shared + nbytes > 48 * 1024 - 64:
            return False
        self.static_shared += nbytes
        return True

    def combine(self, t, op, a, b):
        return "(" + op.replace("a_", f"({a})").replace("b_", f"({b})") + ")"

    def value(self, t):
        return self.pick(t) or self.any_expr(t, 1)

    def s_reduce(self):
        """A tree reduction over the block in dynamic shared memory, or warp shuffles then one
        lane per warp through shared memory; every thread reads the total and a partial."""
        t = self.r.choice(list(REDUCE_OPS))
        op = self.r.choice(REDUCE_OPS[t])
        v = self.value(t)
        c = {"u32": "unsigned", "u64": "unsigned long long", "i32": "int", "f32": "float", "f64": "double"}[t]
        L = self.lines
        n = self.nv
        L.append(f"    {{ {c} *r_ = ({c} *)dyn; {c} w_ = {v};")
        span = "nt"
        if self.r.random() < 0.6:
            L.append("      r_[lt] = w_; __syncthreads();")
            L.append("      unsigned s_ = 1; while (s_ < nt) s_ <<= 1;")
            L.append("      for (s_ >>= 1; s_ > 0; s_ >>= 1) {")
            L.append(f"        if (lt < s_ && lt + s_ < nt) r_[lt] = {self.combine(t, op, 'r_[lt]', 'r_[lt + s_]')};")
            L.append("        __syncthreads();")
            L.append("      }")
        else:
            # down the warp (a lane whose partner is past the warp's last lane keeps its value),
            # then warp 0's lanes combine the warps' results in order
            L.append("      for (unsigned o_ = 16; o_ > 0; o_ >>= 1) {")
            L.append(f"        {c} p_ = __shfl_down_sync(fm, w_, o_);")
            L.append(f"        if (lane + o_ < nl) w_ = {self.combine(t, op, 'w_', 'p_')};")
            L.append("      }")
            L.append("      __syncthreads(); if (lane == 0) r_[lt / 32u] = w_; __syncthreads();")
            L.append("      if (lt == 0) { for (unsigned i_ = 1; i_ < (nt + 31u) / 32u; ++i_) "
                     f"w_ = {self.combine(t, op, 'w_', 'r_[i_]')}; r_[0] = w_; }}")
            L.append("      __syncthreads();")
            # the window holds one value per warp (the rest is not this statement's, and shared
            # memory starts undefined on a GPU)
            span = "((nt + 31u) / 32u)"
        L.append(f"      {c} v{n} = r_[0]; {c} v{n + 1} = r_[(lt * 5u + 3u) % {span}]; __syncthreads();")
        L.append(f"      R({self.nslot}, v{n}); R({self.nslot + 1}, v{n + 1}); }} /*s{self.nslot}*/")
        self.nv += 2
        self.nslot += 2

    def s_scan(self):
        """An inclusive scan (Hillis-Steele: read, barrier, write, barrier) over the block."""
        t = self.r.choice(["u32", "u64", "f32", "i32"])
        op = self.r.choice(REDUCE_OPS[t][:2])
        c = {"u32": "unsigned", "u64": "unsigned long long", "i32": "int", "f32": "float"}[t]
        v = self.value(t)
        rev = self.r.random() < 0.3  # a suffix scan: from the block's end
        L = self.lines
        L.append(f"    {{ {c} *c_ = ({c} *)dyn; c_[lt] = {v}; __syncthreads();")
        L.append("      for (unsigned o_ = 1; o_ < nt; o_ <<= 1) {")
        if rev:
            L.append(f"        {c} t_ = lt + o_ < nt ? c_[lt + o_] : c_[lt]; bool h_ = lt + o_ < nt; __syncthreads();")
        else:
            L.append(f"        {c} t_ = lt >= o_ ? c_[lt - o_] : c_[lt]; bool h_ = lt >= o_; __syncthreads();")
        L.append(f"        if (h_) c_[lt] = {self.combine(t, op, 'c_[lt]', 't_')}; __syncthreads();")
        L.append("      }")
        L.append(f"      {c} v{self.nv} = c_[lt]; __syncthreads();")
        L.append(f"      R({self.nslot}, v{self.nv}); }} /*s{self.nslot}*/")
        self.nv += 1
        self.nslot += 1

    def s_transpose(self):
        """A tile written by rows and read by columns: a static tile padded by a column, or the
        dynamic window indexed with the same padding."""
        bx, by, bz = self.block
        rows, cols = by * bz, bx
        t = self.r.choice(["u32", "f32", "u64", "i16", "f64"])
        c = {"u32": "unsigned", "f32": "float", "u64": "unsigned long long", "i16": "short", "f64": "double"}[t]
        size = {"u32": 4, "f32": 4, "u64": 8, "i16": 2, "f64": 8}[t]
        pad = self.r.choice([0, 1, 1, 2])
        v = self.value(t)
        L = self.lines
        name = f"tp{self.nv}"
        row = "(threadIdx.y + blockDim.y * threadIdx.z)"
        if self.r.random() < 0.5 and self.shared_budget_ok(rows * (cols + pad) * size):
            L.append(f"    {{ __shared__ {c} {name}[{rows}][{cols + pad}]; {name}[{row}][threadIdx.x] = {v}; __syncthreads();")
            L.append(f"      {c} v{self.nv} = {name}[lt % {rows}u][lt / {rows}u]; __syncthreads();")
        else:
            # the dynamic window holds nt * 16 bytes, at least rows * (cols + 1) * 8
            pad = min(pad, 1)
            L.append(f"    {{ {c} *{name} = ({c} *)dyn; {name}[{row} * (blockDim.x + {pad}u) + threadIdx.x] = {v}; __syncthreads();")
            L.append(f"      {c} v{self.nv} = {name}[lt % {rows}u * (blockDim.x + {pad}u) + lt / {rows}u]; __syncthreads();")
        L.append(f"      R({self.nslot}, v{self.nv}); }} /*s{self.nslot}*/")
        self.nv += 1
        self.nslot += 1

    def s_sync_vote(self):
        """`__syncthreads_count/and/or` of a per-thread predicate."""
        fn = self.r.choice(["__syncthreads_count", "__syncthreads_and", "__syncthreads_or"])
        c = self.cond()
        self.record(self.newvar("i32", f"{fn}({c})"))

    def s_warp_exchange(self):
        """Lanes of a `__ballot_sync`-built mask exchange values through shared memory between
        two `__syncwarp(mask)`s; a source lane outside the mask is replaced by the lane itself."""
        c = self.cond()
        v = self.value("u32")
        d = self.r.randrange(1, 32)
        L = self.lines
        L.append(f"    {{ bool p_ = {c}; unsigned pm_ = __ballot_sync(fm, p_); unsigned v{self.nv} = 0;")
        L.append("      if (p_) {")
        L.append(f"        shw[lt] = {v}; __syncwarp(pm_);")
        L.append(f"        unsigned sl_ = (lane + {d}u) % 32u; if (!((pm_ >> sl_) & 1u)) sl_ = lane;")
        L.append(f"        v{self.nv} = shw[lt - lane + sl_] + __popc(pm_); __syncwarp(pm_);")
        L.append("      }")
        L.append(f"      R({self.nslot}, v{self.nv}); }} /*s{self.nslot}*/")
        self.nv += 1
        self.nslot += 1

    def s_shared_atomic64(self):
        """Shared 64-bit, CAS and wrapping atomics; every thread reads the four totals' mix."""
        v = self.value("u64")
        k = self.r.randrange(6)
        L = self.lines
        init = "~0ull" if k == 1 else "0ull"
        # one thread sets all four (a block may have fewer: shared memory starts undefined)
        L.append(f"    if (lt == 0) {{ sha64[0] = {init}; sha64[1] = {init}; sha64[2] = {init}; sha64[3] = {init}; }}")
        L.append("    __syncthreads();")
        slot = self.r.choice(["lt & 3", "0", "(lt >> 3) & 3"])
        if k == 0:
            fn = self.r.choice(["atomicAdd", "atomicAdd_block"])
            L.append(f"    {fn}(&sha64[{slot}], (unsigned long long)({v}));")
        elif k == 1:
            L.append(f"    atomicMin(&sha64[{slot}], (unsigned long long)({v}));")
        elif k == 2:
            L.append(f"    atomicMax((long long *)&sha64[{slot}], (long long)({v}));")
        elif k == 3:
            L.append(f"    cas_add64(&sha64[{slot}], (unsigned long long)({v}));")
        elif k == 4:
            L.append(f"    atomicInc((unsigned *)&sha64[{slot}], {self.r.choice([0, 1, 6, 37, 1000])}u);")
        else:
            L.append(f"    atomicXor(&sha64[{slot}], (unsigned long long)({v}));")
        L.append("    __syncthreads();")
        self.newvar("u64", "sha64[lt & 3] ^ (sha64[(lt + 1) & 3] << 1)")
        L.append("    __syncthreads();")
        self.record(f"v{self.nv - 1}")

    def s_nested_loop(self):
        """Nested loops whose trip counts, `continue`s and `break`s depend on the lane and data."""
        t = self.r.choice(["u32", "u64"])
        c = "unsigned" if t == "u32" else "unsigned long long"
        n = self.value("u32")
        m = self.value("u32")
        acc = self.newvar(t, self.iexpr(t, 1))
        L = self.lines
        L.append(f"    for (unsigned i_ = 0; i_ < (({n}) & 7u); ++i_) {{")
        L.append(f"      if (((lane + i_) & 3u) == {self.r.randrange(4)}u) continue;")
        L.append(f"      for (unsigned j_ = 0; j_ <= ((({m}) >> i_) & 3u); ++j_) {{")
        L.append(f"        {acc} = ({c})({acc} * {self.r.choice([3, 5, 0x9e3779b9])}u + (i_ << 4) + j_);")
        L.append(f"        if (((unsigned){acc} & 15u) == (lane & 15u)) break;")
        L.append(f"        if (j_ == {self.r.randrange(4)}u && (lane & 1u)) continue;")
        L.append(f"        {acc} ^= ({c})(j_ * {self.r.randrange(1, 100)}u);")
        L.append("      }")
        L.append(f"      if (((unsigned){acc} & 63u) == lane) break;")
        L.append("    }")
        self.record(acc)

    def reconverge(self):
        """`__syncwarp(fm)` after a call whose lanes took different paths (a recursion of
        per-lane depth, a call through a per-lane pointer): an H200 does not reconverge the warp
        after one, and a later `__ballot_sync(fm, ...)` returned partial masks, a scan after it
        other sums, `__syncthreads_count` faulted with an illegal instruction (seeds 201, 203,
        212; the same programs without the recursion, or with this `__syncwarp`, matched
        Cuprite). Not in the tail, where exited threads may be named in `fm`."""
        if not self.in_tail:
            self.lines.append("    __syncwarp(fm);")

    def s_recursion(self):
        if self.r.random() < 0.6:
            n = self.value("u32")
            self.record(self.newvar("u64", f"rec_tree(({n}) % 9u, {self.value('u64')})"))
        else:
            self.record(self.newvar("f32", f"rec_half({self.value('f32')}, (int)(({self.value('u32')}) % 6u))"))
        self.reconverge()

    def s_fnptr(self):
        a, b = self.value("u32"), self.value("u32")
        sel = self.value("u32")
        if self.r.random() < 0.5:
            self.record(self.newvar("u32", f"fp_table[({sel}) & 3u]({a}, {b})"))
        else:
            self.lines.append(f"    UFn f{self.nv} = (({sel}) & 1u) ? fp_rot : (({sel}) & 2u) ? fp_min : fp_add;")
            name = f"f{self.nv}"
            self.nv += 1
            self.record(self.newvar("u32", f"{name}({a}, {b})"))
        self.reconverge()

    def s_struct(self):
        L = self.lines
        L.append(f"    {{ Mix m_; m_.a = {self.value('u32')}; m_.b = {self.value('f32')}; m_.c = {self.value('f64')};")
        L.append(f"      m_.d = {self.value('i16')}; m_.e[0] = (unsigned char)lane; m_.e[1] = {self.value('u8')}; "
                 f"m_.e[2] = (unsigned char)gid; m_.f = {self.value('u64')};")
        L.append(f"      Mix r_ = mix_step(m_, {self.value('u32')});")
        L.append(f"      if (lane & 2u) r_ = mix_step(r_, lane);")
        L.append(f"      unsigned long long v{self.nv} = mix_hash(r_); R({self.nslot}, v{self.nv}); }} /*s{self.nslot}*/")
        self.nv += 1
        self.nslot += 1

    def s_half(self):
        """half and bfloat16 arithmetic, comparisons and conversions (exactly rounded forms)."""
        f = self.fexpr(1)
        g = self.fexpr(1)
        k = self.r.randrange(10)
        rnd = self.r.choice(["rn", "rz", "ru", "rd"])
        if k == 0:
            op = self.r.choice(["__hfma", "__hfma_sat", "__hfma_relu"])
            e = (f"__half2float({op}(__float2half_{rnd}({f}), __float2half_rn({g}), "
                 f"__float2half_rn({self.fexpr(1)})))")
            self.record(self.newvar("f32", e))
        elif k == 1:
            op = self.r.choice(["__hneg", "__habs", "__hadd_sat", "__hmul_sat", "__hsub_sat", "__hmax_nan", "__hmin_nan"])
            args = "(__float2half_rn({f}))" if op in ("__hneg", "__habs") else "(__float2half_rn({f}), __float2half_rz({g}))"
            e = f"__half_as_ushort({op}{args.format(f=f, g=g)})"
            self.record(self.newvar("u16", e))
        elif k == 2:
            op = self.r.choice(["__heq", "__hne", "__hlt", "__hle", "__hgt", "__hge", "__hequ", "__hltu", "__hgeu"])
            self.record(self.newvar("u8", f"(unsigned char){op}(__float2half_rn({f}), __float2half_rn({g}))"))
        elif k == 3:
            dst = self.r.choice(["int", "uint", "short", "ushort", "ll", "ull"])
            self.record(self.newvar("i64", f"(long long)__half2{dst}_{rnd}(__float2half_rn({f}))"))
        elif k == 4:
            src = self.r.choice([("int", "i32"), ("uint", "u32"), ("short", "i16"), ("ushort", "u16"),
                                 ("ll", "i64"), ("ull", "u64")])
            self.record(self.newvar("u16", f"__half_as_ushort(__{src[0]}2half_{rnd}({self.value(src[1])}))"))
        elif k == 5:
            op = self.r.choice(["__hfma", "__hadd", "__hsub", "__hmul", "__hmax_nan", "__hneg"])
            if op == "__hfma":
                e = f"__hfma(__float2bfloat16_{rnd}({f}), __float2bfloat16_rn({g}), __float2bfloat16_rz({self.fexpr(1)}))"
            elif op == "__hneg":
                e = f"__hneg(__float2bfloat16_{rnd}({f}))"
            else:
                e = f"{op}(__float2bfloat16_{rnd}({f}), __float2bfloat16_rn({g}))"
            self.record(self.newvar("u16", f"__bfloat16_as_ushort({e})"))
        elif k == 6:
            dst = self.r.choice(["int", "uint", "short", "ushort", "ll", "ull"])
            self.record(self.newvar("i64", f"(long long)__bfloat162{dst}_{rnd}(__float2bfloat16_rn({f}))"))
        elif k == 7:
            op = self.r.choice(["__hfma2", "__hmul2", "__hadd2_sat", "__hneg2", "__habs2", "__hmax2_nan"])
            a = f"__floats2half2_rn({f}, {g})"
            b = f"__halves2half2(__float2half_rz({g}), __float2half_ru({f}))"
            if op == "__hfma2":
                e = f"__hfma2({a}, {b}, __float2half2_rn({self.fexpr(1)}))"
            elif op in ("__hneg2", "__habs2"):
                e = f"{op}({a})"
            else:
                e = f"{op}({a}, {b})"
            self.lines.append(f"    {{ __half2 h_ = {e}; unsigned v{self.nv} = __half_as_ushort(__low2half(h_)) | "
                              f"((unsigned)__half_as_ushort(__high2half(h_)) << 16); R({self.nslot}, v{self.nv}); }} /*s{self.nslot}*/")
            self.nv += 1
            self.nslot += 1
        elif k == 8:
            # the half and bfloat16 math functions (cuda_fp16.hpp's instruction sequences)
            fn = self.r.choice(["hsqrt", "hrsqrt", "hrcp", "hexp", "hexp2", "hexp10", "hlog", "hlog2", "hlog10",
                                "hsin", "hcos", "htanh", "hceil", "hfloor", "htrunc", "hrint"])
            if self.r.random() < 0.5:
                self.record(self.newvar("u16", f"__half_as_ushort({fn}(__float2half_rn({f})))"))
            else:
                self.record(self.newvar("u16", f"__bfloat16_as_ushort({fn}(__float2bfloat16_rn({f})))"))
        else:
            d = self.dexpr(1)
            self.record(self.newvar("u16", f"__half_as_ushort(__double2half({d}))" if self.r.random() < 0.5
                                    else f"__bfloat16_as_ushort(__double2bfloat16({d}))"))

    def s_fmad(self):
        """A plain `a * b + c` (only with -fmad=false, where neither compiler may contract it)."""
        if self.r.random() < 0.5:
            self.record(self.newvar("f32", f"{self.fexpr(1)} * {self.fexpr(1)} + {self.fexpr(1)}"))
        else:
            self.record(self.newvar("f64", f"{self.dexpr(1)} * {self.dexpr(1)} - {self.dexpr(1)}"))

    def s_atomic_wide(self):
        """One of the wider atomics on the kernel's accumulators 8..15."""
        i = self.r.randrange(8, 16)
        op = self.acc_ops[i]
        L = self.lines
        a = f"acc[{i}]"
        if op in ("andll", "orll", "xorll"):
            fn = {"andll": "atomicAnd", "orll": "atomicOr", "xorll": "atomicXor"}[op]
            L.append(f"    {fn}(&{a}, (unsigned long long)({self.value('u64')}));")
        elif op == "inclim":
            L.append(f"    atomicInc((unsigned *)&{a}, 37u);")
        elif op == "declim":
            L.append(f"    atomicDec((unsigned *)&{a}, 41u);")
        elif op == "casmul":
            L.append(f"    cas_mul((unsigned *)&{a}, {self.value('u32')});")
        elif op == "cas64":
            L.append(f"    cas_add64(&{a}, (unsigned long long)({self.value('u64')}));")
        elif op == "casmax16":
            L.append(f"    cas_max16((unsigned short *)&{a} + 1, (unsigned short)({self.value('u32')}));")
        elif op == "sub":
            L.append(f"    atomicSub((unsigned *)&{a}, {self.value('u32')});")
        elif op == "scoped":
            # atomicAdd_block is atomic only among the block's threads: shared memory's (below)
            fn = self.r.choice(["atomicAdd_system", "atomicAdd"])
            L.append(f"    {fn}((unsigned *)&{a} + 1, {self.value('u32')});")
        elif op == "halfadd":
            L.append(f"    atomicAdd((__half *)&{a}, __ushort2half_rn((unsigned short)(({self.value('u32')}) & 1u)));")
        elif op == "bf16add":
            L.append(f"    atomicAdd((__nv_bfloat16 *)&{a} + 2, __ushort2bfloat16_rn((unsigned short)(({self.value('u32')}) & 1u)));")
        elif op == "half2add":
            L.append(f"    atomicAdd((__half2 *)&{a}, __halves2half2(__ushort2half_rn((unsigned short)(lane & 1u)), "
                     f"__ushort2half_rn((unsigned short)(({self.value('u32')}) % 3u))));")
        elif op in ("ref_add", "ref_min", "ref_max", "ref_or", "ref_cas"):
            scope = self.r.choice(["cuda::thread_scope_device", "cuda::thread_scope_system", "cuda::thread_scope_block"])
            # thread_scope_block is right only when one block touches the word: accumulators are global
            if scope.endswith("block"):
                scope = "cuda::thread_scope_device"
            v = self.value("u64")
            L.append(f"    {{ cuda::atomic_ref<unsigned long long, {scope}> r_({a});")
            if op == "ref_add":
                L.append(f"      r_.fetch_add((unsigned long long)({v}), cuda::std::memory_order_relaxed); }}")
            elif op == "ref_min":
                L.append(f"      r_.fetch_min((unsigned long long)({v})); }}")
            elif op == "ref_max":
                L.append(f"      r_.fetch_max((unsigned long long)({v})); }}")
            elif op == "ref_or":
                L.append(f"      r_.fetch_or((unsigned long long)({v}), cuda::std::memory_order_acq_rel); }}")
            else:
                L.append(f"      unsigned long long e_ = r_.load(cuda::std::memory_order_relaxed), w_ = (unsigned long long)({v});")
                L.append("      while (!r_.compare_exchange_weak(e_, e_ ^ w_)) {} }")
        else:
            raise AssertionError(op)

    # accumulators 8..15 and what each starts at
    WIDE_ACC = {"andll": "0xffffffffffffffffull", "orll": "0ull", "xorll": "0ull", "inclim": "0ull",
                "declim": "0ull", "casmul": "1ull", "cas64": "0ull", "casmax16": "0ull", "sub": "0ull",
                "scoped": "0ull", "halfadd": "0ull", "bf16add": "0ull", "half2add": "0ull", "ref_add": "0ull",
                "ref_min": "0xffffffffffffffffull", "ref_max": "0ull", "ref_or": "0ull", "ref_cas": "0ull"}

    def tail(self):
        """Some threads return; the rest run barrier-free statements (no barrier or collective
        follows, so the exited threads are never waited for)."""
        c = self.cond()
        self.in_tail = True
        self.lines.append(f"    if ({c}) return;")
        kinds = [self.s_assign, self.s_intrinsic, self.s_atomic, self.s_atomic_wide, self.s_nested_loop,
                 self.s_local, self.s_call, self.s_recursion, self.s_struct, self.s_fnptr, self.s_switch]
        for _ in range(self.r.randrange(1, 4)):
            self.r.choice(kinds)()
