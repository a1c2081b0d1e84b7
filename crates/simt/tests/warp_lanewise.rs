//! Integer operations the warp tier has no vector code for (`mad.hi`, `mad.wide`, `bfe`,
//! `bfi`, `prmt`, `lop3`, `dp4a`, `popc`, `clz`, `brev`) run in compiled code by one helper
//! call per warp (`jit/warp/lanewise.rs`), not handed to the interpreter one instruction at a
//! time: every engine gives the PTX ISA's results, with operands that are general (loaded),
//! warp-uniform and lane-affine (`%tid.x`), in a converged warp, on a diverged path and under
//! a guard.

mod common;

use common::ptx::{Index, Kernel, module};
use common::run_on_every_engine;

/// The operations, each writing one 32-bit register from `%r5` (loaded: general), `%r6`
/// (the block's index times a constant: uniform) and `%r7` (`%tid.x` times a constant:
/// lane-affine), in the order `reference` computes them; `%rd` results are stored as two
/// words.
const OPS: &str = r#"
    mad.hi.u32 %r10, %r5, %r7, %r6;
    mad.hi.s32 %r11, %r5, %r6, %r7;
    mad.wide.u32 %rd10, %r5, %r7, %rd5;
    mad.wide.s32 %rd11, %r6, %r5, %rd5;
    bfe.u32 %r12, %r5, %r1, %r8;
    bfe.s32 %r13, %r5, %r8, %r1;
    bfi.b32 %r14, %r5, %r6, %r8, %r1;
    prmt.b32 %r15, %r5, %r6, %r7;
    prmt.b32.b4e %r16, %r5, %r7, %r8;
    lop3.b32 %r17, %r5, %r6, %r7, 0x96;
    lop3.b32 %r18, %r5, %r7, %r6, 0xe8;
    dp4a.u32.u32 %r19, %r5, %r7, %r6;
    dp4a.s32.s32 %r20, %r7, %r5, %r6;
    popc.b32 %r21, %r5;
    clz.b32 %r22, %r7;
    brev.b32 %r23, %r5;
"#;

/// The words of one copy of `OPS`'s results: two per `%rd` result, and two left unwritten
/// (so that each copy starts 16-byte aligned, as its vector stores need).
const WORDS: usize = 20;

/// Stores `OPS`'s results from `%r10..`, `%rd10`, `%rd11` to the words at `%rd20`.
const STORES: &str = r#"
    st.global.v4.u32 [%rd20], {%r10, %r11, %r12, %r13};
    st.global.v4.u32 [%rd20+16], {%r14, %r15, %r16, %r17};
    st.global.v4.u32 [%rd20+32], {%r18, %r19, %r20, %r21};
    st.global.v2.u32 [%rd20+48], {%r22, %r23};
    st.global.u64 [%rd20+56], %rd10;
    st.global.u64 [%rd20+64], %rd11;
"#;

/// Each thread reads `in[i]` and writes `OPS`'s results three times to `out[3 * WORDS * i..]`:
/// in a converged warp; on a path only the odd lanes take (the others keep the value 7 in
/// every result); under a guard true in lanes whose index is a multiple of 3 (the others
/// keep 5).
fn kernel() -> String {
    let fill = |v: u32| {
        let mut s = String::new();
        for r in 10..=23 {
            s.push_str(&format!("    mov.u32 %r{r}, {v};\n"));
        }
        s.push_str(&format!("    mov.u64 %rd10, {v};\n    mov.u64 %rd11, {v};\n"));
        s
    };
    let guarded: String =
        OPS.lines().filter(|l| !l.trim().is_empty()).map(|l| format!("    @%p2 {}\n", l.trim())).collect();
    let body = format!(
        r#"
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r5, [%rd4];
    mul.lo.u32 %r6, %r2, 0x9E3779B1;
    add.u32 %r6, %r6, 12345;
    mul.lo.u32 %r7, %r1, 16777619;
    shr.u32 %r8, %r5, 27;
    cvt.u64.u32 %rd5, %r5;
    mul.lo.u64 %rd5, %rd5, 3;
    mul.wide.u32 %rd6, %r4, {stride};
    add.s64 %rd20, %rd1, %rd6;
{ops}{stores}
{fill7}    and.b32 %r9, %r1, 1;
    setp.eq.u32 %p1, %r9, 0;
    @%p1 bra SKIP;
{ops}SKIP:
    add.s64 %rd20, %rd20, {words};
{stores}
{fill5}    rem.u32 %r9, %r1, 3;
    setp.eq.u32 %p2, %r9, 0;
{guarded}    add.s64 %rd20, %rd20, {words};
{stores}    ret;
"#,
        stride = 3 * WORDS * 4,
        words = WORDS * 4,
        ops = OPS,
        stores = STORES,
        fill7 = fill(7),
        fill5 = fill(5),
        guarded = guarded,
    );
    module("sm_80", &Kernel::new("lanewise", &["out", "in"], Index::Grid).offset(4).body(&body))
}

/// `bfe` of 32 bits per the PTX ISA's pseudocode.
fn bfe(a: u32, b: u32, c: u32, signed: bool) -> u32 {
    let (msb, pos, len) = (31u32, b & 0xff, c & 0xff);
    let bit = |i: u32| (a >> i) & 1;
    let sbit = if !signed || len == 0 { 0 } else { bit((pos + len - 1).min(msb)) };
    (0..=msb).fold(0, |d, i| d | (if i < len && pos + i <= msb { bit(pos + i) } else { sbit }) << i)
}

/// `bfi` of 32 bits per the PTX ISA's pseudocode.
fn bfi(a: u32, b: u32, c: u32, d: u32) -> u32 {
    let (msb, pos, len) = (31u32, c & 0xff, d & 0xff);
    let mut f = b;
    let mut i = 0;
    while i < len && pos + i <= msb {
        f = (f & !(1 << (pos + i))) | ((a >> i) & 1) << (pos + i);
        i += 1;
    }
    f
}

/// `prmt.b32` in its default mode: each result byte picked from the eight bytes of `{b, a}`
/// by a nibble of `c`, or that byte's sign replicated when the nibble's top bit is set.
fn prmt(a: u32, b: u32, c: u32) -> u32 {
    let bytes = (u64::from(b) << 32 | u64::from(a)).to_le_bytes();
    (0..4).fold(0, |d, i| {
        let sel = (c >> (4 * i)) & 0xf;
        let byte = bytes[(sel & 7) as usize];
        let byte = if sel & 8 != 0 { if byte & 0x80 != 0 { 0xff } else { 0 } } else { byte };
        d | u32::from(byte) << (8 * i)
    })
}

/// `prmt.b32.b4e`: the ISA's table, result bytes 3..0 per `c & 3`.
fn prmt_b4e(a: u32, b: u32, c: u32) -> u32 {
    let bytes = (u64::from(b) << 32 | u64::from(a)).to_le_bytes();
    let table = [[5, 6, 7, 0], [6, 7, 0, 1], [7, 0, 1, 2], [0, 1, 2, 3]];
    let pick = table[(c & 3) as usize];
    (0..4).fold(0, |d, i| d | u32::from(bytes[pick[3 - i]]) << (8 * i))
}

/// `lop3.b32`: each result bit is bit `(a << 2) | (b << 1) | c` of the lookup table.
fn lop3(a: u32, b: u32, c: u32, lut: u8) -> u32 {
    (0..32).fold(0, |d, i| {
        let k = ((a >> i) & 1) << 2 | ((b >> i) & 1) << 1 | ((c >> i) & 1);
        d | u32::from((lut >> k) & 1) << i
    })
}

/// `dp4a`: `c` plus the four products of the bytes of `a` and `b` (each signed or not).
fn dp4a(a: u32, b: u32, c: u32, sa: bool, sb: bool) -> u32 {
    let byte = |v: u32, i: u32, s: bool| {
        if s { i64::from((v >> (8 * i)) as u8 as i8) } else { i64::from((v >> (8 * i)) as u8) }
    };
    (0..4).fold(c, |acc, i| acc.wrapping_add((byte(a, i, sa) * byte(b, i, sb)) as u32))
}

/// `OPS`'s results for thread `tid` of block `block` that read `x`.
fn reference(x: u32, tid: u32, block: u32) -> Vec<u32> {
    let u = block.wrapping_mul(0x9E37_79B1).wrapping_add(12345);
    let a = tid.wrapping_mul(16777619);
    let len = x >> 27;
    let c64 = u64::from(x) * 3;
    let hi_u = |p: u32, q: u32| ((u64::from(p) * u64::from(q)) >> 32) as u32;
    let hi_s = |p: u32, q: u32| ((i64::from(p as i32) * i64::from(q as i32)) >> 32) as u32;
    let wide_u = (u64::from(x) * u64::from(a)).wrapping_add(c64);
    let wide_s = (i64::from(u as i32) * i64::from(x as i32)) as u64;
    let wide_s = wide_s.wrapping_add(c64);
    vec![
        hi_u(x, a).wrapping_add(u),
        hi_s(x, u).wrapping_add(a),
        bfe(x, tid, len, false),
        bfe(x, len, tid, true),
        bfi(x, u, len, tid),
        prmt(x, u, a),
        prmt_b4e(x, a, len),
        lop3(x, u, a, 0x96),
        lop3(x, a, u, 0xe8),
        dp4a(x, a, u, false, false),
        dp4a(a, x, u, true, true),
        x.count_ones(),
        a.leading_zeros(),
        x.reverse_bits(),
        wide_u as u32,
        (wide_u >> 32) as u32,
        wide_s as u32,
        (wide_s >> 32) as u32,
        UNWRITTEN,
        UNWRITTEN,
    ]
}

/// What the test leaves in the words no instruction writes.
const UNWRITTEN: u32 = 0xeeee_eeee;

/// One copy of the results of threads that did not run `OPS` and keep `v` in every result
/// register (the 64-bit ones zero-extended).
fn kept(v: u32) -> Vec<u32> {
    let mut out = vec![v; 14];
    out.extend([v, 0, v, 0, UNWRITTEN, UNWRITTEN]);
    out
}

#[test]
fn lanewise_operations_on_every_engine_in_compiled_code() {
    // Hashed words, a few with the extremes (sign bits, zero, all ones) the fields and the
    // products turn on.
    let input: Vec<u32> = (0..256u32)
        .map(|i| match i % 16 {
            0 => 0,
            1 => u32::MAX,
            2 => 0x8000_0000,
            3 => 0x7fff_ffff,
            _ => i.wrapping_mul(2_654_435_761) ^ (i << 7),
        })
        .collect();
    let mut want = Vec::new();
    for (i, &x) in input.iter().enumerate() {
        let (tid, block) = (i as u32 % 64, i as u32 / 64);
        let all = reference(x, tid, block);
        want.extend(&all);
        want.extend(if tid % 2 == 1 { all.clone() } else { kept(7) });
        want.extend(if tid % 3 == 0 { all } else { kept(5) });
    }
    run_on_every_engine(&kernel(), "lanewise", &input, &want, "lane arithmetic");
}
