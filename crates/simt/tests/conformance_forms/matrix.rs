//! Warp matrix multiply-accumulate, `mma.sync.aligned` (PTX ISA 9.7.14.5, "Matrix multiply-
//! accumulate operation using mma instruction"): every shape and type sm_80 accepts with
//! `.row.col`, f16/bf16 (f16 and f32 accumulators), tf32, f64, s8/u8 and s4/u4 (`.satfinite`
//! and wrapping), b1 (`.xor.popc`, `.and.popc`). Each thread's fragment registers come from its
//! operands (`a`, `b`: matrix A's registers; `c`: B's; the accumulator from `c` or A's
//! registers, per form); its result mixes D's registers (`{D0 ^ D2, D1 ^ D3}`) into one 64-bit
//! word. The models place each register's elements by the ISA's fragment layouts (groupID =
//! lane / 4, threadID_in_group = lane % 4) and compute `D = A * B + C`.
//!
//! Integer results are exact (wrapping to 32 bits, or clamped with `.satfinite`). Floating-point
//! results are exact where every partial sum in any order is representable in the accumulator
//! (the terms' span under its precision); elsewhere the ISA does not fix the order or the
//! intermediate precision, the models give `None`, and the GPU's recording decides (operands
//! such as 2048 x 2048 plus 2^-20 products probe it).
//!
//! What the H200's recordings show (`exec/mma.rs`'s `tensor_dot` follows them): for half,
//! bf16 and tf32 inputs, C and all k products of an `mma.sync` (k = 4, 8 or 16) are one sum;
//! each term is truncated toward zero to a multiple of 2^(e - 25), `e` the largest of C's
//! exponent and the products' operand exponent sums; the exact sum of those is truncated to an
//! f32 D, or rounded to nearest into an f16 D. `.tf32` operands lose their low 13 bits, and
//! `wmma`'s tf32 m16n16k8 sums in two passes of k = 4. `.f64` follows fused multiply-adds.

use super::leak;
use crate::{Case, Group, GroupModel, Res, mask, sext};

/// An element type of a matrix operand (`common/matrix.rs`).
pub(super) use crate::common::matrix::Elem as Ty;

impl Ty {
    /// An element's value: `None` for a NaN or infinity, or a `.tf32` element with any of its
    /// low 13 bits set (the ISA gives those no value).
    fn value(self, raw: u64) -> Option<f64> {
        let x = match self {
            Ty::F16 => super::half::half_value(raw, 5),
            Ty::Bf16 => super::half::half_value(raw, 8),
            Ty::Tf32 if raw & 0x1fff != 0 => return None,
            Ty::Tf32 | Ty::F32 => f64::from(f32::from_bits(raw as u32)),
            Ty::F64 => f64::from_bits(raw),
            Ty::S8 | Ty::S4 | Ty::S32 => sext(raw, self.bits()) as f64,
            Ty::U8 | Ty::U4 | Ty::B1 => raw as f64,
        };
        x.is_finite().then_some(x)
    }
}

/// Where a form's registers come from.
#[derive(Clone, Copy, PartialEq)]
enum Feed {
    /// A: four registers from `a` and `b`; B: two from `c`; C: each of `c`'s four halves
    /// converted to f32 (`.f16` or `.bf16` inputs, f32 accumulator).
    WideHalvesOfC,
    /// A from `a`, `b`; B from `c`; C: `c`'s two registers (an `.f16` accumulator).
    WideWordsOfC,
    /// A from `a`, `b`; B from `c`; C: A's four registers (tf32 and integer forms).
    WideARegs,
    /// A: two registers from `a`; B: one, `b`'s low word; C: `c`'s words, then `a`'s (four
    /// registers) or `c`'s (two, an `.f16` accumulator).
    Narrow,
    /// `.m8n8k4.f64`: A is `a`, B is `b`, C is `{c, a}`.
    Double,
    /// The sm_90 `.m16n8kK.f64` shapes: A's register `r` is operand `r mod 3` of `a, b, c`,
    /// B's operand `r + 1 mod 3`, C's `r + 2 mod 3`.
    DoubleCycle,
}

/// One `mma.sync` form.
#[derive(Clone, Copy)]
struct Mma {
    m: u32,
    n: u32,
    k: u32,
    a: Ty,
    b: Ty,
    acc: Ty,
    /// `.satfinite` (integer forms), or the b1 operation (`xor`, `and`).
    modifier: &'static str,
    feed: Feed,
}

/// The forms, in the order of the table.
const FORMS: &[Mma] = &[
    Mma { m: 16, n: 8, k: 16, a: Ty::F16, b: Ty::F16, acc: Ty::F32, modifier: "", feed: Feed::WideHalvesOfC },
    Mma { m: 16, n: 8, k: 16, a: Ty::Bf16, b: Ty::Bf16, acc: Ty::F32, modifier: "", feed: Feed::WideHalvesOfC },
    Mma { m: 16, n: 8, k: 16, a: Ty::F16, b: Ty::F16, acc: Ty::F16, modifier: "", feed: Feed::WideWordsOfC },
    Mma { m: 16, n: 8, k: 8, a: Ty::F16, b: Ty::F16, acc: Ty::F16, modifier: "", feed: Feed::Narrow },
    Mma { m: 16, n: 8, k: 8, a: Ty::F16, b: Ty::F16, acc: Ty::F32, modifier: "", feed: Feed::Narrow },
    Mma { m: 16, n: 8, k: 8, a: Ty::Bf16, b: Ty::Bf16, acc: Ty::F32, modifier: "", feed: Feed::Narrow },
    Mma { m: 16, n: 8, k: 8, a: Ty::Tf32, b: Ty::Tf32, acc: Ty::F32, modifier: "", feed: Feed::WideARegs },
    Mma { m: 16, n: 8, k: 4, a: Ty::Tf32, b: Ty::Tf32, acc: Ty::F32, modifier: "", feed: Feed::Narrow },
    Mma { m: 8, n: 8, k: 4, a: Ty::F64, b: Ty::F64, acc: Ty::F64, modifier: "", feed: Feed::Double },
    Mma { m: 16, n: 8, k: 32, a: Ty::S8, b: Ty::S8, acc: Ty::S32, modifier: ".satfinite", feed: Feed::WideARegs },
    Mma { m: 16, n: 8, k: 32, a: Ty::S8, b: Ty::U8, acc: Ty::S32, modifier: "", feed: Feed::WideARegs },
    Mma { m: 16, n: 8, k: 16, a: Ty::U8, b: Ty::U8, acc: Ty::S32, modifier: ".satfinite", feed: Feed::Narrow },
    Mma { m: 16, n: 8, k: 16, a: Ty::U8, b: Ty::S8, acc: Ty::S32, modifier: "", feed: Feed::Narrow },
    Mma { m: 16, n: 8, k: 64, a: Ty::S4, b: Ty::S4, acc: Ty::S32, modifier: ".satfinite", feed: Feed::WideARegs },
    Mma { m: 16, n: 8, k: 64, a: Ty::U4, b: Ty::S4, acc: Ty::S32, modifier: "", feed: Feed::WideARegs },
    Mma { m: 16, n: 8, k: 32, a: Ty::U4, b: Ty::U4, acc: Ty::S32, modifier: ".satfinite", feed: Feed::Narrow },
    Mma { m: 16, n: 8, k: 256, a: Ty::B1, b: Ty::B1, acc: Ty::S32, modifier: ".xor", feed: Feed::WideARegs },
    Mma { m: 16, n: 8, k: 256, a: Ty::B1, b: Ty::B1, acc: Ty::S32, modifier: ".and", feed: Feed::WideARegs },
    Mma { m: 16, n: 8, k: 128, a: Ty::B1, b: Ty::B1, acc: Ty::S32, modifier: ".xor", feed: Feed::Narrow },
    Mma { m: 16, n: 8, k: 4, a: Ty::F64, b: Ty::F64, acc: Ty::F64, modifier: ".rn", feed: Feed::DoubleCycle },
    Mma { m: 16, n: 8, k: 8, a: Ty::F64, b: Ty::F64, acc: Ty::F64, modifier: ".rz", feed: Feed::DoubleCycle },
    Mma { m: 16, n: 8, k: 16, a: Ty::F64, b: Ty::F64, acc: Ty::F64, modifier: ".rm", feed: Feed::DoubleCycle },
];

impl Mma {
    /// Registers of A, B, C (and D), per thread.
    fn regs(&self) -> (usize, usize, usize) {
        let a = (self.m * self.k / 32 / self.a.per_reg()) as usize;
        let b = (self.k * self.n / 32 / self.b.per_reg()) as usize;
        let c = (self.m * self.n / 32 / self.acc.per_reg()) as usize;
        (a, b, c)
    }

    /// The instruction's name.
    fn mnemonic(&self) -> String {
        let s = format!("mma.sync.aligned.m{}n{}k{}.row.col", self.m, self.n, self.k);
        match self.a {
            Ty::B1 => format!("{s}.s32.b1.b1.s32{}.popc", self.modifier),
            _ if self.acc == Ty::S32 => {
                format!("{s}{}.s32.{}.{}.s32", self.modifier, self.a.name(), self.b.name())
            }
            _ => format!(
                "{s}.{}.{}.{}.{}{}",
                self.acc.name(),
                self.a.name(),
                self.b.name(),
                self.acc.name(),
                self.modifier
            ),
        }
    }

    /// Thread `t`'s register values (raw bits) of A, B and C, from its operands.
    fn fragments(&self, (a, b, c): (u64, u64, u64)) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
        let words = |v: u64| [v & mask(32), v >> 32];
        let (na, nb, nc) = self.regs();
        let wide_a: Vec<u64> = words(a).into_iter().chain(words(b)).collect();
        let cycle = |from: usize, n: usize| (0..n).map(|r| [a, b, c][(r + from) % 3]).collect::<Vec<u64>>();
        let (ra, rb): (Vec<u64>, Vec<u64>) = match self.feed {
            Feed::Double => (vec![a], vec![b]),
            Feed::DoubleCycle => (cycle(0, na), cycle(1, nb)),
            Feed::Narrow => (words(a).to_vec(), vec![b & mask(32)]),
            _ => (wide_a.clone(), words(c).to_vec()),
        };
        let rc: Vec<u64> = match self.feed {
            Feed::WideHalvesOfC => (0..4)
                .map(|i| {
                    let h = (c >> (16 * i)) & 0xffff;
                    let x = if self.a == Ty::F16 {
                        super::half::half_value(h, 5) as f32
                    } else {
                        f32::from_bits((h as u32) << 16)
                    };
                    u64::from(x.to_bits())
                })
                .collect(),
            Feed::WideWordsOfC => words(c).to_vec(),
            Feed::WideARegs => wide_a,
            // Integer accumulators take `a`'s words as their last two registers, float ones
            // `c`'s again (`a`'s halves read as f32 would make no sum exact).
            Feed::Narrow if self.acc == Ty::S32 => words(c).into_iter().chain(words(a)).collect(),
            Feed::Narrow => words(c).into_iter().cycle().take(nc).collect(),
            Feed::Double => vec![c, a],
            Feed::DoubleCycle => cycle(2, nc),
        };
        debug_assert!(ra.len() == na && rb.len() == nb && rc.len() == nc);
        (ra, rb, rc)
    }

    /// The matrix position `(row, col)` of element `j` of register `r` of fragment A, B or C
    /// (0, 1, 2) in lane `lane`.
    fn position(&self, which: usize, lane: u32, r: u32, j: u32) -> (u32, u32) {
        let (g, t) = (lane / 4, lane % 4);
        let eight = if self.m == 16 { 8 } else { 0 };
        match which {
            0 => {
                let n = self.a.per_reg();
                if self.a == Ty::F64 && self.m == 8 {
                    return (g, t);
                }
                (g + eight * (r % 2), t * n + j + (r / 2) * 4 * n)
            }
            1 => {
                let n = self.b.per_reg();
                if self.b == Ty::F64 && self.m == 8 {
                    return (t, g);
                }
                (t * n + j + r * 4 * n, g)
            }
            _ => {
                // Accumulator element e: two per 32-bit register for `.f16`, one otherwise.
                let e = r * self.acc.per_reg().min(2) + j;
                if self.acc == Ty::F64 && self.m == 8 {
                    return (g, t * 2 + e);
                }
                (g + eight * (e / 2), t * 2 + e % 2)
            }
        }
    }

    /// The raw matrices A (m x k), B (k x n), C (m x n) of the warp whose lanes' operands are
    /// `lanes`.
    fn matrices(&self, lanes: &[(u64, u64, u64)]) -> [Vec<Vec<u64>>; 3] {
        let mut a = vec![vec![0; self.k as usize]; self.m as usize];
        let mut b = vec![vec![0; self.n as usize]; self.k as usize];
        let mut c = vec![vec![0; self.n as usize]; self.m as usize];
        for (lane, &ops) in lanes.iter().enumerate() {
            let (ra, rb, rc) = self.fragments(ops);
            let lane = lane as u32;
            for (which, regs, ty, matrix) in
                [(0, &ra, self.a, &mut a), (1, &rb, self.b, &mut b), (2, &rc, self.acc, &mut c)]
            {
                let per = if ty == Ty::F16 && which == 2 { 2 } else { ty.per_reg() };
                let bits = if which == 2 && ty != Ty::F16 { 32.max(ty.bits()) } else { ty.bits() };
                for (r, &reg) in regs.iter().enumerate() {
                    for j in 0..per {
                        let (row, col) = self.position(which, lane, r as u32, j);
                        matrix[row as usize][col as usize] = (reg >> (j * bits)) & mask(bits);
                    }
                }
            }
        }
        [a, b, c]
    }

    /// D's element `(i, j)` (raw bits), `None` where the ISA leaves it to the hardware.
    fn element(&self, [a, b, c]: &[Vec<Vec<u64>>; 3], i: usize, j: usize) -> Option<u64> {
        let pairs: Vec<(u64, u64)> = (0..self.k as usize).map(|x| (a[i][x], b[x][j])).collect();
        dot(self.a, self.b, self.acc, self.modifier, &pairs, c[i][j])
    }

    /// Thread `g.t`'s result: D's registers mixed as the form's text does.
    fn result(&self, g: &Group<'_>) -> Option<u64> {
        let warp = g.warp();
        let m = self.matrices(&g.lanes[warp.clone()]);
        let lane = (g.t - warp.start) as u32;
        let (_, _, nc) = self.regs();
        let per = if self.acc == Ty::F16 { 2 } else { 1 };
        let bits = if self.acc == Ty::F64 { 64 } else { 32 / per };
        let mut regs = Vec::with_capacity(nc);
        for r in 0..nc as u32 {
            let mut reg = 0u64;
            for j in 0..per {
                let (row, col) = self.position(2, lane, r, j);
                reg |= self.element(&m, row as usize, col as usize)? << (j * bits);
            }
            regs.push(reg);
        }
        Some(match nc {
            _ if self.feed == Feed::DoubleCycle => {
                regs.iter().enumerate().fold(0, |acc, (i, r)| acc ^ r.rotate_left(i as u32))
            }
            4 => (regs[0] ^ regs[2]) | (regs[1] ^ regs[3]) << 32,
            2 if self.acc == Ty::F64 => regs[0] ^ regs[1],
            _ => regs[0] | regs[1] << 32,
        })
    }

    /// The PTX computing `{d}` from `{a}`, `{b}`, `{c}`.
    fn text(&self) -> String {
        let (na, nb, nc) = self.regs();
        let list = |prefix: &str, from: usize, n: usize| {
            (from..from + n).map(|i| format!("{prefix}{i}")).collect::<Vec<_>>().join(", ")
        };
        if self.feed == Feed::DoubleCycle {
            let f = "%mf{s8}x";
            let mut s = format!(".reg .f64 {f}<24>; ");
            for (from, at, n) in [(0, 0, na), (1, 8, nb), (2, 12, nc)] {
                for r in 0..n {
                    s += &format!("mov.b64 {f}{}, {}; ", at + r, ["{a}", "{b}", "{c}"][(r + from) % 3]);
                }
            }
            s += &format!(
                "{} {{{}}}, {{{}}}, {{{}}}, {{{}}}; ",
                self.mnemonic(),
                list(f, 16, nc),
                list(f, 0, na),
                list(f, 8, nb),
                list(f, 12, nc)
            );
            s += &format!("mov.b64 %sy0, {f}16; ");
            for i in 1..nc {
                s += &format!(
                    "mov.b64 %sy1, {f}{}; shl.b64 %sy2, %sy1, {i}; shr.b64 %sy1, %sy1, {}; or.b64 %sy1, %sy1, %sy2; xor.b64 %sy0, %sy0, %sy1; ",
                    16 + i,
                    64 - i
                );
            }
            s += "mov.b64 {d}, %sy0";
            return s;
        }
        if self.feed == Feed::Double {
            return format!(
                ".reg .f64 %mf{{s8}}x<6>; mov.b64 %mf{{s8}}x0, {{a}}; mov.b64 %mf{{s8}}x1, {{b}}; \
                 mov.b64 %mf{{s8}}x2, {{c}}; mov.b64 %mf{{s8}}x3, {{a}}; \
                 {} {{%mf{{s8}}x4, %mf{{s8}}x5}}, {{%mf{{s8}}x0}}, {{%mf{{s8}}x1}}, {{%mf{{s8}}x2, %mf{{s8}}x3}}; \
                 mov.b64 %sy0, %mf{{s8}}x4; mov.b64 %sy1, %mf{{s8}}x5; xor.b64 {{d}}, %sy0, %sy1",
                self.mnemonic()
            );
        }
        let r = "%mx{s8}x";
        let mut s = format!(".reg .b32 {r}<16>; ");
        // A: registers 0.., B: 4.., C: 8.., D: 12..
        match self.feed {
            Feed::Narrow => {
                s += &format!(
                    "mov.b64 {{{r}0, {r}1}}, {{a}}; mov.b64 {{{r}4, {r}5}}, {{b}}; mov.b64 {{{r}8, {r}9}}, {{c}}; "
                );
                if nc == 4 {
                    let second = if self.acc == Ty::S32 { "{a}" } else { "{c}" };
                    s += &format!("mov.b64 {{{r}10, {r}11}}, {second}; ");
                }
            }
            _ => {
                s += &format!(
                    "mov.b64 {{{r}0, {r}1}}, {{a}}; mov.b64 {{{r}2, {r}3}}, {{b}}; mov.b64 {{{r}4, {r}5}}, {{c}}; "
                );
                match self.feed {
                    Feed::WideHalvesOfC => {
                        s += "mov.b64 {%sh0, %sh1, %sh2, %sh3}, {c}; ";
                        for i in 0..4 {
                            if self.a == Ty::F16 {
                                s += &format!("cvt.f32.f16 %sx{i}, %sh{i}; mov.b32 {r}{}, %sx{i}; ", 8 + i);
                            } else {
                                s += &format!("cvt.u32.u16 %sx{i}, %sh{i}; shl.b32 {r}{}, %sx{i}, 16; ", 8 + i);
                            }
                        }
                    }
                    Feed::WideWordsOfC => s += &format!("mov.b64 {{{r}8, {r}9}}, {{c}}; "),
                    _ => s += &format!("mov.b64 {{{r}8, {r}9}}, {{a}}; mov.b64 {{{r}10, {r}11}}, {{b}}; "),
                }
            }
        }
        let float_acc = self.acc == Ty::F32;
        let (c_list, d_list) = if float_acc {
            s += ".reg .f32 %mf{s8}x<8>; ";
            for i in 0..nc {
                s += &format!("mov.b32 %mf{{s8}}x{i}, {r}{}; ", 8 + i);
            }
            (list("%mf{s8}x", 0, nc), list("%mf{s8}x", 4, nc))
        } else {
            (list(r, 8, nc), list(r, 12, nc))
        };
        s += &format!(
            "{} {{{d_list}}}, {{{}}}, {{{}}}, {{{c_list}}}; ",
            self.mnemonic(),
            list(r, 0, na),
            list(r, 4, nb)
        );
        if float_acc {
            for i in 0..nc {
                s += &format!("mov.b32 {r}{}, %mf{{s8}}x{}; ", 12 + i, 4 + i);
            }
        }
        if nc == 4 {
            s += &format!("xor.b32 {r}12, {r}12, {r}14; xor.b32 {r}13, {r}13, {r}15; ");
        }
        s += &format!("mov.b64 {{d}}, {{{r}12, {r}13}}");
        s
    }
}

/// One element of `D = A * B + C`: the sum over `pairs` (raw elements of a row of A and a
/// column of B, of types `a` and `b`) of their products, plus `c` (of type `acc`), as `acc`'s
/// raw bits; `modifier` is `.satfinite` (integers clamp rather than wrap) or b1's operation.
/// `None` where the ISA leaves the result to the hardware: a float sum that some order of
/// accumulation would round.
pub(super) fn dot(a: Ty, b: Ty, acc: Ty, modifier: &str, pairs: &[(u64, u64)], c: u64) -> Option<u64> {
    if a == Ty::B1 {
        let count: u64 = pairs.iter().map(|&(x, y)| if modifier == ".and" { x & y } else { x ^ y }).sum();
        return Some((c as u32).wrapping_add(count as u32).into());
    }
    if acc == Ty::S32 {
        let sum: i64 = pairs.iter().map(|&(x, y)| sext_or_zext(x, a) * sext_or_zext(y, b)).sum::<i64>() + sext(c, 32);
        let r = if modifier == ".satfinite" { sum.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) } else { sum };
        return Some(r as u64 & mask(32));
    }
    // Floating point: exact terms, summed where no order can round.
    let mut terms = Vec::with_capacity(pairs.len() + 1);
    for &(x, y) in pairs {
        let (p, q) = (a.value(x)?, b.value(y)?);
        let product = p * q;
        // Exact (f64 holds any product of two halves or tf32s; f64 products may round).
        if p.mul_add(q, -product) != 0.0 {
            return None;
        }
        terms.push(product);
    }
    terms.push(acc.value(c)?);
    let (precision, min_exp, max) = match acc {
        Ty::F16 => (11, -24, 65504.0),
        Ty::F32 => (24, -149, f64::from(f32::MAX)),
        _ => (53, -1074, f64::MAX),
    };
    let span: f64 = terms.iter().map(|t| t.abs()).sum();
    let lsb = terms.iter().filter(|t| **t != 0.0).map(|t| lowest_bit(*t)).min().unwrap_or(0);
    if lsb < min_exp || span >= max || span >= 2f64.powi(lsb + precision) {
        return None;
    }
    let sum: f64 = terms.iter().sum();
    // An exact zero: `+0` unless every term is `-0`.
    let sum = if sum == 0.0 && terms.iter().all(|t| *t == 0.0 && t.is_sign_negative()) { -0.0 } else { sum };
    Some(match acc {
        Ty::F16 => super::half::half_round(sum, 5),
        Ty::F32 => u64::from((sum as f32).to_bits()),
        _ => sum.to_bits(),
    })
}

fn sext_or_zext(raw: u64, ty: Ty) -> i64 {
    match ty {
        Ty::S8 | Ty::S4 => sext(raw, ty.bits()),
        _ => raw as i64,
    }
}

/// The exponent of `x`'s lowest set bit (`x` finite, nonzero).
fn lowest_bit(x: f64) -> i32 {
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let mantissa = if exp == 0 { bits & mask(52) } else { bits & mask(52) | 1 << 52 };
    let e = if exp == 0 { -1074 } else { exp - 1075 };
    e + mantissa.trailing_zeros() as i32
}

/// Operands (64-bit words of matrix elements) per element type: small integers and simple
/// fractions, with large and small terms (2048, 2^24, 2^-10, 2^-24) whose sums round.
pub(super) fn operands(ty: Ty) -> &'static [u64] {
    match ty {
        Ty::F16 => &[
            0x3c00_4000_bc00_3800,
            0x0000_3c00_4200_0000,
            0x6800_3c00_1400_bc00,
            0x3c00_3c00_3c00_3c00,
            0xc200_3800_0000_4000,
            0x6800_6800_0001_0400,
            0x4400_c400_3c00_b800,
        ],
        Ty::Bf16 => &[
            0x3f80_4000_bf80_3f00,
            0x0000_3f80_4040_0000,
            0x4b80_3f80_3380_bf80,
            0x3f80_3f80_3f80_3f80,
            0xc040_3f00_0000_4000,
            0x4580_4580_3a80_0080,
        ],
        Ty::Tf32 | Ty::F32 => &[
            0x3f80_0000_4000_0000,
            0xbf80_0000_3f00_0000,
            0x4b80_0000_3380_0000,
            0x3fc0_0000_3eaa_a000,
            0x0000_0000_3f80_0000,
            0x4580_0000_c000_0000,
        ],
        Ty::F64 => &[
            0x3ff0_0000_0000_0000,
            0x4000_0000_0000_0000,
            0xbff0_0000_0000_0000,
            0x3fe0_0000_0000_0000,
            0x4340_0000_0000_0000,
            0x3ca0_0000_0000_0000,
            0x4008_0000_0000_0000,
            0,
        ],
        Ty::S8 | Ty::U8 => &[
            0x7f7f_7f7f_8080_8080,
            0x0102_0304_0506_0708,
            0xff00_ff00_ff00_ff00,
            0x8080_8080_8080_8080,
            0x7f7f_7f7f_7f7f_7f7f,
            0x1234_5678_9abc_def0,
            0,
        ],
        Ty::S4 | Ty::U4 => &[
            0x7777_7777_8888_8888,
            0x0123_4567_89ab_cdef,
            0xffff_ffff_0000_0000,
            0x7777_7777_7777_7777,
            0x8888_8888_8888_8888,
            0x1,
        ],
        _ => &[
            u64::MAX,
            0,
            0x5555_5555_aaaa_aaaa,
            0x7fff_ffff_ffff_ffff,
            0x1234_5678_9abc_def0,
            0x8000_0000_0000_0001,
            0xdead_beef_0000_0001,
        ],
    }
}

/// Per form, its model: `FORMS[I]`'s result.
fn model<const I: usize>(g: &Group<'_>) -> Option<u64> {
    FORMS[I].result(g)
}

/// The forms of the first GPU recording (the sm_90 f64 shapes follow: `f64_cases`).
const FIRST: usize = 19;

/// Every `mma.sync` form but the sm_90 f64 shapes.
pub fn cases() -> Vec<Case> {
    let mut v = all_cases();
    v.truncate(FIRST);
    v
}

/// `mma.sync.aligned.m16n8k{4,8,16}.row.col.f64` (sm_90), after the table's other families.
pub fn f64_cases() -> Vec<Case> {
    all_cases().split_off(FIRST)
}

/// Every `mma.sync` form.
fn all_cases() -> Vec<Case> {
    const MODELS: [GroupModel; 22] = [
        model::<0>,
        model::<1>,
        model::<2>,
        model::<3>,
        model::<4>,
        model::<5>,
        model::<6>,
        model::<7>,
        model::<8>,
        model::<9>,
        model::<10>,
        model::<11>,
        model::<12>,
        model::<13>,
        model::<14>,
        model::<15>,
        model::<16>,
        model::<17>,
        model::<18>,
        model::<19>,
        model::<20>,
        model::<21>,
    ];
    FORMS
        .iter()
        .zip(MODELS)
        .map(|(f, group)| {
            let ops = operands(f.a);
            let b_ops =
                if matches!(f.feed, Feed::Double | Feed::DoubleCycle | Feed::Narrow) { operands(f.b) } else { ops };
            let c_ops = match f.feed {
                Feed::Double | Feed::DoubleCycle | Feed::WideWordsOfC => operands(f.acc),
                Feed::Narrow if f.acc == Ty::F16 => operands(Ty::F16),
                Feed::Narrow if f.acc == Ty::F32 => operands(Ty::F32),
                Feed::Narrow => operands(Ty::S8),
                _ => operands(f.b),
            };
            Case {
                edges: ops,
                b_edges: Some(b_ops),
                c_edges: c_ops,
                arity: 3,
                text: Some(leak(f.text())),
                group: Some(group),
                converged_only: true,
                result: Res::Int,
                target: if f.feed == Feed::DoubleCycle { crate::SM90 } else { crate::SM80 },
                ..Case::int(leak(f.mnemonic()), 64, 64, |_, _, _, _| None)
            }
        })
        .collect()
}
