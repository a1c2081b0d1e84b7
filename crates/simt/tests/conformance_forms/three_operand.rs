//! Three-operand forms: `mad` (`.lo`, `.hi`, `.wide`, `.hi.sat`), `fma`/`mad` on floats,
//! `bfe`/`bfi`, `prmt` in every mode, `shf`, `lop3`, `dp4a`/`dp2a`, `selp`, `slct`, and carry
//! chains (`add.cc`/`addc`/`sub.cc`/`subc`/`mad.cc`/`madc`) making 128-bit sums.

use super::{Model, leak};
use crate::{ANY_NAN, Case, EDGES, F32_EDGES, F64_EDGES, Res, ftz32, mask, sext};

/// Bit positions and lengths: in range, at and past the widths, past the low byte (only
/// `& 0xff` counts).
const POSITIONS: &[u64] = &[0, 1, 4, 8, 15, 16, 24, 31, 32, 33, 63, 64, 100, 255, 256, 0x104, 0xffff_ffff];

/// `bfi`'s position (low byte) and length (second byte), packed into operand `c`.
const POSITION_LENGTHS: &[u64] = &[
    0x0800, 0x0804, 0x1010, 0x2000, 0x201f, 0x0121, 0x0040, 0x3f01, 0x4000, 0xff00, 0x00ff, 0x0808, 0x2020, 0x1f1f,
    0x0001, 0x4001, 0x0c14, 0xffff,
];

/// `prmt` selectors: identity, swaps, replications, sign replication (bit 3 of each nibble),
/// and bits above the 16 that count.
const SELECTORS: &[u64] = &[
    0x3210,
    0x7654,
    0x0123,
    0x4444,
    0x8888,
    0xba98,
    0xfedc,
    0x1357,
    0,
    1,
    2,
    3,
    0xffff_ffff,
    0x5140_0762,
    0x0000_cdef,
    0x9a0b,
];

/// Shift amounts for `shf` (unsigned 32-bit).
const SHIFTS: &[u64] = &[0, 1, 7, 31, 32, 33, 63, 64, 100, 0x8000_0000, 0xffff_ffff];

pub fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    let three = |op: &'static str, w: u32, cw: u32, dw: u32, model: Model| Case {
        cw,
        c_edges: &EDGES,
        arity: 3,
        imms: &[1, 0x8000_0000, u64::MAX],
        imm_at: 2,
        ..Case::int(op, w, dw, model)
    };
    // mad: the product's low or high half (or all of it) plus c.
    for (t, w, signed) in [
        ("u16", 16, false),
        ("s16", 16, true),
        ("u32", 32, false),
        ("s32", 32, true),
        ("u64", 64, false),
        ("s64", 64, true),
    ] {
        v.push(three(leak(format!("mad.lo.{t}")), w, w, w, |a, b, c, w| {
            Some(a.wrapping_mul(b).wrapping_add(c) & mask(w))
        }));
        let hi: Model = if signed {
            |a, b, c, w| {
                let p = (i128::from(sext(a, w)) * i128::from(sext(b, w))) >> w;
                Some((p as u64).wrapping_add(c) & mask(w))
            }
        } else {
            |a, b, c, w| Some((((u128::from(a) * u128::from(b)) >> w) as u64).wrapping_add(c) & mask(w))
        };
        v.push(three(leak(format!("mad.hi.{t}")), w, w, w, hi));
        if w < 64 {
            let wide: Model = if signed {
                |a, b, c, w| Some(((sext(a, w) * sext(b, w)) as u64).wrapping_add(c) & mask(2 * w))
            } else {
                |a, b, c, w| Some((a * b).wrapping_add(c) & mask(2 * w))
            };
            v.push(three(leak(format!("mad.wide.{t}")), w, 2 * w, 2 * w, wide));
        }
    }
    // The high half plus c, clamped to the s32 range.
    v.push(three("mad.hi.sat.s32", 32, 32, 32, |a, b, c, w| {
        let hi = (sext(a, w) * sext(b, w)) >> 32;
        Some((hi + sext(c, w)).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u64 & mask(w))
    }));
    v.extend(float_fma());
    v.extend(bit_fields());
    v.extend(permutes());
    v.extend(dot_products());
    v.extend(selects());
    v.extend(carry_chains());
    v
}

/// Whether the exact `x * y + z` is tiny as an H200 decides it for `.ftz`: below 2^-126 after
/// rounding to nearest to 24 bits with an unbounded exponent, that is below `2^-126 − 2^-151`
/// (halfway between `2^-126 − 2^-150` and 2^-126, which goes to the even 2^-126). The product
/// is exact in f64; what rounding the f64 sum drops, `e`, is exact too (TwoSum), and its sign
/// decides at the threshold.
fn exactly_tiny(x: f32, y: f32, z: f32) -> bool {
    let (p, z) = (f64::from(x) * f64::from(y), f64::from(z));
    let s = p + z;
    let e = (p - (s - (s - p))) + (z - (s - p));
    let t = f64::from(f32::MIN_POSITIVE) - 2f64.powi(-151);
    s.abs() < t || (s.abs() == t && e != 0.0 && (e < 0.0) != (s < 0.0))
}

/// An f32 `fma` rounded to nearest: NaN → any NaN; `.ftz` flushes subnormal inputs, and tiny
/// results (`exactly_tiny`: one rounding up to the smallest normal too); `.sat` clamps to
/// [+0, 1] with NaN → +0.
fn f32_fma(a: u64, b: u64, c: u64, ftz: bool, sat: bool) -> Option<u64> {
    let [mut x, mut y, mut z] = [a, b, c].map(|v| f32::from_bits(v as u32));
    if ftz {
        [x, y, z] = [x, y, z].map(ftz32);
    }
    let mut r = x.mul_add(y, z);
    if sat {
        r = if r.is_nan() || r <= 0.0 { 0.0 } else { r.min(1.0) };
    }
    if r.is_nan() {
        return Some(ANY_NAN);
    }
    if ftz && exactly_tiny(x, y, z) {
        r = f32::from_bits(r.to_bits() & 0x8000_0000);
    }
    Some(u64::from(r.to_bits()))
}

fn float_fma() -> Vec<Case> {
    let f32c = |op: &'static str, model: Model| Case {
        cw: 32,
        edges: &F32_EDGES,
        c_edges: &F32_EDGES,
        float: true,
        arity: 3,
        imms: &[0x3f80_0000, 0x8000_0000, 0x7f80_0000],
        imm_at: 2,
        result: Res::Float,
        ..Case::int(op, 32, 32, model)
    };
    let f64c = |op: &'static str, model: Model| Case {
        w: 64,
        bw: 64,
        cw: 64,
        dw: 64,
        edges: &F64_EDGES,
        c_edges: &F64_EDGES,
        imms: &[0x3ff0_0000_0000_0000, 0x8000_0000_0000_0000],
        ..f32c(op, model)
    };
    let none: Model = |_, _, _, _| None;
    vec![
        f32c("fma.rn.f32", |a, b, c, _| f32_fma(a, b, c, false, false)),
        f32c("fma.rn.ftz.f32", |a, b, c, _| f32_fma(a, b, c, true, false)),
        f32c("fma.rn.sat.f32", |a, b, c, _| f32_fma(a, b, c, false, true)),
        f32c("fma.rn.ftz.sat.f32", |a, b, c, _| f32_fma(a, b, c, true, true)),
        f32c("mad.rn.f32", |a, b, c, _| f32_fma(a, b, c, false, false)),
        f32c("mad.rn.ftz.f32", |a, b, c, _| f32_fma(a, b, c, true, false)),
        // Directed roundings: the GPU's recording decides.
        f32c("fma.rz.f32", none),
        f32c("fma.rm.f32", none),
        f32c("fma.rp.f32", none),
        f32c("fma.rz.ftz.f32", none),
        f64c("fma.rn.f64", |a, b, c, _| {
            let r = f64::from_bits(a).mul_add(f64::from_bits(b), f64::from_bits(c));
            Some(if r.is_nan() { ANY_NAN } else { r.to_bits() })
        }),
        f64c("fma.rz.f64", none),
        f64c("fma.rm.f64", none),
        f64c("fma.rp.f64", none),
        f64c("mad.rn.f64", |a, b, c, _| {
            let r = f64::from_bits(a).mul_add(f64::from_bits(b), f64::from_bits(c));
            Some(if r.is_nan() { ANY_NAN } else { r.to_bits() })
        }),
    ]
}

/// `bfe`/`bfi`'s position and length: the ISA takes the low byte of each; an H200 does so for
/// 32-bit values but takes 64-bit forms' whole (a position of 256 extracts nothing there).
fn field(pos: u64, len: u64, w: u32) -> (u64, u64) {
    if w == 64 { (pos & 0xffff_ffff, len & 0xffff_ffff) } else { (pos & 0xff, len & 0xff) }
}

/// `bfe`: `len` bits of `a` from `pos`, zero-extended, or sign-extended from the field's last
/// bit inside the value (the ISA's `sbit`).
fn bfe(a: u64, pos: u64, len: u64, w: u32, signed: bool) -> u64 {
    let ((pos, len), msb) = (field(pos, len, w), u64::from(w) - 1);
    let sbit = if !signed || len == 0 { 0 } else { (a >> (pos + len - 1).min(msb)) & 1 };
    (0..=msb).fold(0, |d, i| {
        let bit = if i < len && pos + i <= msb { (a >> (pos + i)) & 1 } else { sbit };
        d | bit << i
    })
}

/// `bfi`: `b` with `len` bits from `pos` replaced by `a`'s low bits (those inside the value).
fn bfi(a: u64, b: u64, pos: u64, len: u64, w: u32) -> u64 {
    let ((pos, len), msb) = (field(pos, len, w), u64::from(w) - 1);
    (0..len).take_while(|i| pos + i <= msb).fold(b, |f, i| (f & !(1 << (pos + i))) | ((a >> i) & 1) << (pos + i))
}

fn bit_fields() -> Vec<Case> {
    let mut v = Vec::new();
    for (t, w, signed) in [("u32", 32, false), ("s32", 32, true), ("u64", 64, false), ("s64", 64, true)] {
        let model: Model =
            if signed { |a, b, c, w| Some(bfe(a, b, c, w, true)) } else { |a, b, c, w| Some(bfe(a, b, c, w, false)) };
        v.push(Case {
            bw: 32,
            cw: 32,
            b_edges: Some(POSITIONS),
            c_edges: POSITIONS,
            arity: 3,
            imms: &[0, 8, 32, 255],
            imm_at: 2,
            ..Case::int(leak(format!("bfe.{t}")), w, w, model)
        });
    }
    for (t, w) in [("b32", 32), ("b64", 64)] {
        v.push(Case {
            cw: 32,
            c_edges: POSITION_LENGTHS,
            arity: 3,
            // ptxas takes immediate positions up to 255 only (a length of 0 then).
            imms: &[4, 255],
            imm_at: 2,
            // Operand c carries the position; its second byte, the length.
            text: Some(leak(format!("shr.b32 %sx0, {{c}}, 8; bfi.{t} {{d}}, {{a}}, {{b}}, {{c}}, %sx0"))),
            ..Case::int(leak(format!("bfi.{t}")), w, w, |a, b, c, w| Some(bfi(a, b, c, c >> 8, w)))
        });
    }
    v
}

/// `prmt`'s result bytes' sources (0–7 over `{b, a}`) in one of the modes, by `c[1:0]`, each
/// row from d.b0 up.
fn prmt_mode_sources(mode: &str, sel: u64) -> [u64; 4] {
    let s = sel & 3;
    match mode {
        "f4e" => [s, s + 1, s + 2, s + 3],
        "b4e" => [s, (s + 7) % 8, (s + 6) % 8, (s + 5) % 8],
        "rc8" => [s; 4],
        "ecl" => [s, s.max(1), s.max(2), 3],
        "ecr" => [0, s.min(1), s.min(2), s],
        "rc16" => {
            let lo = (s & 1) * 2;
            [lo, lo + 1, lo, lo + 1]
        }
        _ => unreachable!("prmt mode {mode}"),
    }
}

fn prmt(a: u64, b: u64, c: u64, mode: Option<&str>) -> u64 {
    let bytes = (b << 32) | (a & 0xffff_ffff);
    let byte = |i: u64| (bytes >> (8 * i)) & 0xff;
    (0..4).fold(0, |d, k| {
        let v = match mode {
            // Generic: a nibble per result byte; its top bit replicates the byte's sign.
            None => {
                let sel = (c >> (4 * k)) & 0xf;
                let x = byte(sel & 7);
                if sel & 8 != 0 { if x & 0x80 != 0 { 0xff } else { 0 } } else { x }
            }
            Some(m) => byte(prmt_mode_sources(m, c)[k as usize]),
        };
        d | v << (8 * k)
    })
}

/// `shf`: the 64-bit `{b, a}` shifted by `c` (wrapped to 0–31, or clamped to 32): `.l` keeps
/// the high word, `.r` the low.
fn shf(a: u64, b: u64, c: u64, left: bool, clamp: bool) -> u64 {
    let n = if clamp { c.min(32) } else { c & 31 };
    let v = (b << 32) | a;
    if left { ((v << n) >> 32) & 0xffff_ffff } else { (v >> n) & 0xffff_ffff }
}

/// `lop3` with look-up table `L`: each result bit is `L`'s bit `a·4 + b·2 + c`.
fn lop3<const L: u64>(a: u64, b: u64, c: u64, _: u32) -> Option<u64> {
    Some((0..32).fold(0, |d, i| {
        let k = ((a >> i) & 1) << 2 | ((b >> i) & 1) << 1 | ((c >> i) & 1);
        d | ((L >> k) & 1) << i
    }))
}

fn permutes() -> Vec<Case> {
    let mut v = Vec::new();
    let base = |op: &'static str, model: Model| Case {
        cw: 32,
        c_edges: SELECTORS,
        arity: 3,
        imms: &[0x3210, 0x5410, 0x1, 0x3],
        imm_at: 2,
        ..Case::int(op, 32, 32, model)
    };
    v.push(base("prmt.b32", |a, b, c, _| Some(prmt(a, b, c, None))));
    v.push(base("prmt.b32.f4e", |a, b, c, _| Some(prmt(a, b, c, Some("f4e")))));
    v.push(base("prmt.b32.b4e", |a, b, c, _| Some(prmt(a, b, c, Some("b4e")))));
    v.push(base("prmt.b32.rc8", |a, b, c, _| Some(prmt(a, b, c, Some("rc8")))));
    v.push(base("prmt.b32.ecl", |a, b, c, _| Some(prmt(a, b, c, Some("ecl")))));
    v.push(base("prmt.b32.ecr", |a, b, c, _| Some(prmt(a, b, c, Some("ecr")))));
    v.push(base("prmt.b32.rc16", |a, b, c, _| Some(prmt(a, b, c, Some("rc16")))));
    let shift = |op: &'static str, model: Model| Case { c_edges: SHIFTS, imms: &[0, 5, 32, 40], ..base(op, model) };
    v.push(shift("shf.l.wrap.b32", |a, b, c, _| Some(shf(a, b, c, true, false))));
    v.push(shift("shf.l.clamp.b32", |a, b, c, _| Some(shf(a, b, c, true, true))));
    v.push(shift("shf.r.wrap.b32", |a, b, c, _| Some(shf(a, b, c, false, false))));
    v.push(shift("shf.r.clamp.b32", |a, b, c, _| Some(shf(a, b, c, false, true))));
    let lut = |op: &'static str, model: Model| Case {
        c_edges: &EDGES,
        imms: &[0xff00_ff00, 0],
        text: Some(leak(format!("lop3.b32 {{d}}, {{a}}, {{b}}, {{c}}, {}", &op[9..]))),
        ..base(op, model)
    };
    // xor3, majority, a & b | c, a ^ (b & c), not-a-or-b, all zeros, all ones, c alone.
    v.push(lut("lop3.b32/0x96", lop3::<0x96>));
    v.push(lut("lop3.b32/0xe8", lop3::<0xe8>));
    v.push(lut("lop3.b32/0xea", lop3::<0xea>));
    v.push(lut("lop3.b32/0x6a", lop3::<0x6a>));
    v.push(lut("lop3.b32/0x3f", lop3::<0x3f>));
    v.push(lut("lop3.b32/0x00", lop3::<0x00>));
    v.push(lut("lop3.b32/0xff", lop3::<0xff>));
    v.push(lut("lop3.b32/0xaa", lop3::<0xaa>));
    v
}

/// The `k`-th `bits`-wide lane of `v`, sign-extended when `signed`.
fn lane(v: u64, k: u32, bits: u32, signed: bool) -> i64 {
    let x = (v >> (k * bits)) & mask(bits);
    if signed { sext(x, bits) } else { x as i64 }
}

/// `dp4a`: `c` plus the four byte products; `dp2a`: `c` plus `a`'s two 16-bit lanes times two
/// bytes of `b` (bytes 0–1 for `.lo`, 2–3 for `.hi`). Wraps at 32 bits.
fn dot(a: u64, b: u64, c: u64, sa: bool, sb: bool, half: Option<u32>) -> u64 {
    let sum: i64 = match half {
        None => (0..4).map(|k| lane(a, k, 8, sa) * lane(b, k, 8, sb)).sum(),
        Some(h) => (0..2).map(|k| lane(a, k, 16, sa) * lane(b, 2 * h + k, 8, sb)).sum(),
    };
    (sum as u64).wrapping_add(c) & 0xffff_ffff
}

fn dot_products() -> Vec<Case> {
    let mut v = Vec::new();
    macro_rules! dots {
        ($($ta:literal $tb:literal $sa:literal $sb:literal),*) => {$(
            v.push(dot_case(concat!("dp4a.", $ta, ".", $tb), |a, b, c, _| Some(dot(a, b, c, $sa, $sb, None))));
            v.push(dot_case(concat!("dp2a.lo.", $ta, ".", $tb), |a, b, c, _| Some(dot(a, b, c, $sa, $sb, Some(0)))));
            v.push(dot_case(concat!("dp2a.hi.", $ta, ".", $tb), |a, b, c, _| Some(dot(a, b, c, $sa, $sb, Some(1)))));
        )*};
    }
    dots!("u32" "u32" false false, "s32" "s32" true true, "u32" "s32" false true, "s32" "u32" true false);
    v
}

fn dot_case(op: &'static str, model: Model) -> Case {
    Case {
        cw: 32,
        c_edges: &EDGES,
        arity: 3,
        imms: &[0x0102_0304, 0x8080_8080],
        imm_at: 1,
        ..Case::int(op, 32, 32, model)
    }
}

/// `selp.{t}` (`w` bits): `a` where the predicate (`c` ≠ 0) holds, else `b`, bit for bit.
pub fn selp(t: &str, w: u32, float: bool) -> Case {
    let edges: &'static [u64] = match (float, w) {
        (false, _) => &EDGES,
        (true, 32) => &F32_EDGES,
        _ => &F64_EDGES,
    };
    Case {
        cw: 32,
        edges,
        c_edges: &[0, 1, 0x8000_0000, 2],
        float,
        arity: 3,
        text: Some(leak(format!("setp.ne.b32 %sp0, {{c}}, 0; selp.{t} {{d}}, {{a}}, {{b}}, %sp0"))),
        ..Case::int(leak(format!("selp.{t}")), w, w, |a, b, c, _| Some(if c != 0 { a } else { b }))
    }
}

fn selects() -> Vec<Case> {
    let mut v = Vec::new();
    // selp: a where the predicate (c ≠ 0) holds, else b, bit for bit.
    for (t, w, float) in [("b32", 32, false), ("b64", 64, false), ("f32", 32, true), ("f64", 64, true)] {
        v.push(selp(t, w, float));
    }
    // slct: a where c ≥ 0 (-0.0 included; a NaN c is not, as no comparison holds), else b.
    let f32_select: Model = |a, b, c, _| {
        let z = f32::from_bits(c as u32);
        Some(if z >= 0.0 { a } else { b })
    };
    let f32_select_ftz: Model = |a, b, c, _| {
        let z = ftz32(f32::from_bits(c as u32));
        Some(if z >= 0.0 { a } else { b })
    };
    let slct = |op: &'static str, w: u32, edges: &'static [u64], c_edges: &'static [u64], model: Model| Case {
        cw: 32,
        edges,
        c_edges,
        arity: 3,
        ..Case::int(op, w, w, model)
    };
    v.push(slct("slct.u32.f32", 32, &EDGES, &F32_EDGES, f32_select));
    v.push(slct("slct.ftz.u32.f32", 32, &EDGES, &F32_EDGES, f32_select_ftz));
    v.push(slct("slct.u64.f32", 64, &EDGES, &F32_EDGES, f32_select));
    v.push(slct("slct.b32.s32", 32, &EDGES, &EDGES, |a, b, c, _| Some(if c as u32 as i32 >= 0 { a } else { b })));
    v
}

/// The 128-bit `{a, b} + {c, a}` (`.cc` chains over 32-bit limbs), its high 64 bits.
fn add128(a: u64, b: u64, c: u64) -> u128 {
    ((u128::from(a) << 64) | u128::from(b)).wrapping_add((u128::from(c) << 64) | u128::from(a))
}

fn carry_chains() -> Vec<Case> {
    let chain = |op: &'static str, text: &'static str, model: Model| Case {
        c_edges: &EDGES,
        arity: 3,
        text: Some(text),
        ..Case::int(op, 64, 64, model)
    };
    let limbs = "mov.b64 {%sx0, %sx1}, {b}; mov.b64 {%sx2, %sx3}, {a}; mov.b64 {%sx4, %sx5}, {c};";
    vec![
        chain(
            "add.cc/128-bit",
            leak(format!(
                "{limbs} add.cc.u32 %sx6, %sx0, %sx2; addc.cc.u32 %sx6, %sx1, %sx3; addc.cc.u32 %sx6, %sx2, %sx4; \
                 addc.u32 %sx7, %sx3, %sx5; mov.b64 {{d}}, {{%sx6, %sx7}}"
            )),
            |a, b, c, _| Some((add128(a, b, c) >> 64) as u64),
        ),
        chain(
            "sub.cc/128-bit",
            leak(format!(
                "{limbs} sub.cc.u32 %sx6, %sx0, %sx2; subc.cc.u32 %sx6, %sx1, %sx3; subc.cc.u32 %sx6, %sx2, %sx4; \
                 subc.u32 %sx7, %sx3, %sx5; mov.b64 {{d}}, {{%sx6, %sx7}}"
            )),
            |a, b, c, _| {
                let d = ((u128::from(a) << 64) | u128::from(b)).wrapping_sub((u128::from(c) << 64) | u128::from(a));
                Some((d >> 64) as u64)
            },
        ),
        // The low 32 bits of the 96-bit carry chain; the carry out of the low limbs through
        // addc into the high ones.
        chain(
            "add.cc/low-limbs",
            leak(format!(
                "{limbs} add.cc.u32 %sx6, %sx0, %sx2; addc.cc.u32 %sx7, %sx1, %sx3; addc.u32 %sx5, 0, 0; \
                 mov.b64 {{d}}, {{%sx7, %sx5}}"
            )),
            |a, b, _, _| Some(((u128::from(b) + u128::from(a)) >> 32) as u64),
        ),
        chain(
            "mad.lo.cc/madc.hi",
            "cvt.u32.u64 %sx0, {a}; cvt.u32.u64 %sx1, {b}; mov.b64 {%sx2, %sx3}, {c}; \
             mad.lo.cc.u32 %sx4, %sx0, %sx1, %sx2; madc.hi.u32 %sx5, %sx0, %sx1, %sx3; mov.b64 {d}, {%sx4, %sx5}",
            |a, b, c, _| Some((a & 0xffff_ffff).wrapping_mul(b & 0xffff_ffff).wrapping_add(c)),
        ),
        chain(
            "madc.hi.cc/carry-out",
            "cvt.u32.u64 %sx0, {a}; cvt.u32.u64 %sx1, {b}; mov.b64 {%sx2, %sx3}, {c}; \
             mad.lo.cc.u32 %sx4, %sx0, %sx1, %sx2; madc.hi.cc.u32 %sx5, %sx0, %sx1, %sx3; addc.u32 %sx6, 0, 0; \
             mov.b64 {d}, {%sx5, %sx6}",
            |a, b, c, _| {
                Some(((u128::from(a & 0xffff_ffff) * u128::from(b & 0xffff_ffff) + u128::from(c)) >> 32) as u64)
            },
        ),
        chain(
            "mad.hi.cc/madc.lo",
            "cvt.u32.u64 %sx0, {a}; cvt.u32.u64 %sx1, {b}; mov.b64 {%sx2, %sx3}, {c}; \
             mad.hi.cc.u32 %sx4, %sx0, %sx1, %sx2; madc.lo.u32 %sx5, %sx0, %sx1, %sx3; \
             mov.b64 {d}, {%sx4, %sx5}",
            |a, b, c, _| {
                let (x, y) = (a & 0xffff_ffff, b & 0xffff_ffff);
                let (c0, c1) = (c & 0xffff_ffff, c >> 32);
                let lo = ((x * y) >> 32) + c0;
                let hi = ((x * y) & 0xffff_ffff) + c1 + (lo >> 32);
                Some((hi & 0xffff_ffff) << 32 | (lo & 0xffff_ffff))
            },
        ),
        chain(
            "sub.cc/borrow-out",
            leak(format!(
                "{limbs} sub.cc.u32 %sx6, %sx0, %sx2; subc.cc.u32 %sx7, %sx1, %sx3; subc.u32 %sx5, 0, 0; \
                 mov.b64 {{d}}, {{%sx7, %sx5}}"
            )),
            |a, b, _, _| Some((u128::from(b).wrapping_sub(u128::from(a)) >> 32) as u64),
        ),
    ]
}
