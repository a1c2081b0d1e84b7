//! Warp matrix multiply-accumulate through memory (PTX ISA 9.7.14.4, `wmma`): `wmma.load.a/b/c`,
//! `wmma.mma` and `wmma.store.d` in each shape (`m16n16k16`, `m32n8k16`, `m8n32k16`,
//! `m16n16k8` tf32, `m8n8k4` f64, `m8n8k32` s4/u4, `m8n8k128` b1), element type (f16, bf16,
//! tf32, s8, u8, f64, s4, u4, b1) and layout (row,
//! col), with tight and padded strides, shared and generic addresses. The fragments' layouts in
//! registers are the implementation's; what the ISA fixes is memory in, memory out. So each
//! warp stores its threads' operands as the matrices' memory (thread `l` writes bytes
//! `32 l .. 32 l + 32` of A and B's buffer as `a, b, b, a` and of C's as `c, c, c, c`), loads,
//! multiplies, stores D over C with a tight stride, and each thread reads back its own 32 bytes of D
//! (16 for 512-byte D), folded into one word (`x0 ^ rotl(x1, 1) ^ rotl(x2, 2) ^ rotl(x3, 3)`).
//! B is read from the end of the buffer (`1024 - its size`), so that it is not A's mirror.

use super::leak;
use super::matrix::{Ty, dot, operands};
use crate::{Case, Group, GroupModel, Res};

/// One `wmma` form.
#[derive(Clone, Copy)]
struct Wmma {
    m: u32,
    n: u32,
    k: u32,
    a: Ty,
    b: Ty,
    acc: Ty,
    /// Row-major (`true`) or column-major A, B, C and D.
    rows: [bool; 4],
    /// Strides (in elements) of A and B; C and D are tight.
    strides: [u32; 2],
    /// Registers of the A and B fragments.
    regs: [usize; 2],
    satfinite: bool,
    /// Generic addresses (of the shared buffers) rather than `.shared` ones.
    generic: bool,
}

const fn form(m: u32, n: u32, k: u32, a: Ty, acc: Ty, rows: [bool; 4], regs: [usize; 2]) -> Wmma {
    Wmma { m, n, k, a, b: a, acc, rows, strides: [0, 0], regs, satfinite: false, generic: false }
}

const ROW_COL: [bool; 4] = [true, false, true, true];

/// The forms, in the order of the table.
const FORMS: &[Wmma] = &[
    form(16, 16, 16, Ty::F16, Ty::F32, ROW_COL, [8, 8]),
    Wmma { strides: [24, 24], ..form(16, 16, 16, Ty::F16, Ty::F32, [false, true, false, false], [8, 8]) },
    form(16, 16, 16, Ty::F16, Ty::F16, [true, true, true, false], [8, 8]),
    Wmma { generic: true, ..form(16, 16, 16, Ty::F16, Ty::F16, [false, false, false, true], [8, 8]) },
    form(32, 8, 16, Ty::F16, Ty::F32, ROW_COL, [8, 8]),
    form(8, 32, 16, Ty::F16, Ty::F16, ROW_COL, [8, 8]),
    form(16, 16, 16, Ty::Bf16, Ty::F32, ROW_COL, [4, 4]),
    form(32, 8, 16, Ty::Bf16, Ty::F32, [false, true, true, false], [8, 2]),
    form(8, 32, 16, Ty::Bf16, Ty::F32, ROW_COL, [2, 8]),
    form(16, 16, 8, Ty::Tf32, Ty::F32, ROW_COL, [4, 4]),
    Wmma { satfinite: true, ..form(16, 16, 16, Ty::S8, Ty::S32, ROW_COL, [2, 2]) },
    form(32, 8, 16, Ty::U8, Ty::S32, [true, true, false, true], [4, 1]),
    form(8, 32, 16, Ty::S8, Ty::S32, ROW_COL, [1, 4]),
    form(8, 8, 4, Ty::F64, Ty::F64, ROW_COL, [1, 1]),
    Wmma { satfinite: true, ..form(8, 8, 32, Ty::S4, Ty::S32, ROW_COL, [1, 1]) },
    form(8, 8, 32, Ty::U4, Ty::S32, ROW_COL, [1, 1]),
    form(8, 8, 128, Ty::B1, Ty::S32, ROW_COL, [1, 1]),
];

/// The element at `(i, j)` of a matrix with `leading` elements between rows (row-major) or
/// columns, as an index.
fn index(row_major: bool, stride: u32, i: u32, j: u32) -> usize {
    (if row_major { i * stride + j } else { j * stride + i }) as usize
}

/// Element `idx` of `bits`-wide elements of `bytes` (sub-byte elements from the low bits of
/// each byte up).
fn read(bytes: &[u8], idx: usize, bits: u32) -> u64 {
    if bits < 8 {
        let bit = idx * bits as usize;
        return u64::from(bytes[bit / 8] >> (bit % 8)) & ((1 << bits) - 1);
    }
    let size = (bits / 8) as usize;
    bytes[idx * size..(idx + 1) * size].iter().rev().fold(0u64, |acc, &x| acc << 8 | u64::from(x))
}

impl Wmma {
    fn accumulator_bits(&self) -> u32 {
        if self.acc == Ty::F16 { 16 } else { self.acc.bits().max(32) }
    }

    /// Registers of the C and D fragments.
    fn acc_regs(&self) -> usize {
        (self.m * self.n / 32 / if self.acc == Ty::F16 { 2 } else { 1 }) as usize
    }

    /// The strides of A and B (tight unless padded).
    fn strides(&self) -> [u32; 2] {
        let tight = [if self.rows[0] { self.k } else { self.m }, if self.rows[1] { self.n } else { self.k }];
        [0, 1].map(|i| if self.strides[i] == 0 { tight[i] } else { self.strides[i] })
    }

    /// B's byte offset in the operand buffer: its span (last element, by its stride) ends at
    /// the warp's 1024 bytes.
    fn b_offset(&self) -> usize {
        let sb = self.strides()[1];
        let last = index(self.rows[1], sb, self.k - 1, self.n - 1);
        1024 - ((last + 1) * self.b.bits() as usize).div_ceil(8)
    }

    fn d_bytes(&self) -> usize {
        (self.m * self.n * self.accumulator_bits() / 8) as usize
    }

    fn shape(&self) -> String {
        format!("m{}n{}k{}", self.m, self.n, self.k)
    }

    fn layout(row: bool) -> &'static str {
        if row { "row" } else { "col" }
    }

    fn mnemonic(&self) -> String {
        let (a, b) = (Self::layout(self.rows[0]), Self::layout(self.rows[1]));
        let shape = self.shape();
        if self.a == Ty::B1 {
            return format!("wmma.mma.xor.popc.sync.aligned.{a}.{b}.{shape}.s32.b1.b1.s32");
        }
        let types = match self.acc {
            Ty::S32 => {
                format!("s32.{}.{}.s32{}", self.a.name(), self.b.name(), if self.satfinite { ".satfinite" } else { "" })
            }
            Ty::F16 | Ty::F32 if matches!(self.a, Ty::F16) => format!("{}.{}", self.acc.name(), self.acc.name()),
            _ => format!("{}.{}.{}.{}", self.acc.name(), self.a.name(), self.b.name(), self.acc.name()),
        };
        format!("wmma.mma.sync.aligned.{a}.{b}.{shape}.{types}")
    }

    /// Thread `g.t`'s result.
    fn result(&self, g: &Group<'_>) -> Option<u64> {
        let w = g.warp();
        let mut x = Vec::with_capacity(1024);
        let mut y = Vec::with_capacity(1024);
        for &(a, b, c) in &g.lanes[w.clone()] {
            for v in [a, b, b, a] {
                x.extend_from_slice(&v.to_le_bytes());
            }
            for _ in 0..4 {
                y.extend_from_slice(&c.to_le_bytes());
            }
        }
        let [sa, sb] = self.strides();
        let (am, bm) = (&x[..], &x[self.b_offset()..]);
        let acc_bits = self.accumulator_bits();
        let modifier = if self.satfinite { ".satfinite" } else { "" };
        let size = (acc_bits / 8) as usize;
        let (c_stride, d_stride) =
            (if self.rows[2] { self.n } else { self.m }, if self.rows[3] { self.n } else { self.m });
        // Only the elements of D the thread reads back (bytes `own * lane ..`).
        let lane = g.t - w.start;
        let own = self.d_bytes() / 32;
        let mut d = Vec::with_capacity(own);
        for at in (lane * own / size)..((lane + 1) * own / size) {
            let (major, minor) = (at as u32 / d_stride, at as u32 % d_stride);
            let (i, j) = if self.rows[3] { (major, minor) } else { (minor, major) };
            let pairs: Vec<(u64, u64)> = (0..self.k)
                .map(|kk| {
                    (
                        read(am, index(self.rows[0], sa, i, kk), self.a.bits()),
                        read(bm, index(self.rows[1], sb, kk, j), self.b.bits()),
                    )
                })
                .collect();
            let c = read(&y, index(self.rows[2], c_stride, i, j), acc_bits);
            let v = dot(self.a, self.b, self.acc, modifier, &pairs, c)?;
            d.extend_from_slice(&v.to_le_bytes()[..size]);
        }
        let words: Vec<u64> = d.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect();
        Some(words.iter().enumerate().fold(0, |acc, (i, v)| acc ^ v.rotate_left(i as u32)))
    }

    /// The PTX computing `{d}`.
    fn text(&self) -> String {
        let [sa, sb] = self.strides();
        let shape = self.shape();
        let acc_regs = self.acc_regs();
        let acc_reg_type = match self.acc {
            Ty::F32 => ".f32",
            Ty::F64 => ".f64",
            _ => ".b32",
        };
        let ab_type = if self.a == Ty::F64 { ".f64" } else { ".b32" };
        let list =
            |p: &str, from: usize, n: usize| (from..from + n).map(|i| format!("{p}{i}")).collect::<Vec<_>>().join(", ");
        let (ra, rb) = (list("%wab{s8}x", 0, self.regs[0]), list("%wab{s8}x", 8, self.regs[1]));
        let (rc, rd) = (list("%wcd{s8}x", 0, acc_regs), list("%wcd{s8}x", 8, acc_regs));
        let space = if self.generic { "" } else { ".shared" };
        let (base_x, base_c, base_d) = if self.generic {
            (
                "cvta.shared.u64 %wy{s8}x0, %wy{s8}x0",
                "cvta.shared.u64 %wy{s8}x1, %wy{s8}x1",
                "cvta.shared.u64 %wy{s8}x2, %wy{s8}x2",
            )
        } else {
            ("", "", "")
        };
        let acc_name = if self.acc == Ty::F16 { "f16" } else { self.acc.name() };
        let own = self.d_bytes() / 32;
        let readback = if own == 8 {
            "ld.shared.b64 {d}, [%wy{s8}x3]"
        } else if own == 32 {
            "ld.shared.v2.b64 {%wy{s8}x4, %wy{s8}x5}, [%wy{s8}x3]; ld.shared.v2.b64 {%wy{s8}x6, %wy{s8}x7}, [%wy{s8}x3+16]; \
             shl.b64 %sy0, %wy{s8}x5, 1; shr.b64 %sy1, %wy{s8}x5, 63; or.b64 %sy0, %sy0, %sy1; xor.b64 %wy{s8}x4, %wy{s8}x4, %sy0; \
             shl.b64 %sy0, %wy{s8}x6, 2; shr.b64 %sy1, %wy{s8}x6, 62; or.b64 %sy0, %sy0, %sy1; xor.b64 %wy{s8}x4, %wy{s8}x4, %sy0; \
             shl.b64 %sy0, %wy{s8}x7, 3; shr.b64 %sy1, %wy{s8}x7, 61; or.b64 %sy0, %sy0, %sy1; xor.b64 {d}, %wy{s8}x4, %sy0"
        } else {
            "ld.shared.v2.b64 {%wy{s8}x4, %wy{s8}x5}, [%wy{s8}x3]; \
             shl.b64 %sy0, %wy{s8}x5, 1; shr.b64 %sy1, %wy{s8}x5, 63; or.b64 %sy0, %sy0, %sy1; xor.b64 {d}, %wy{s8}x4, %sy0"
        };
        format!(
            ".shared .align 32 .b8 wx{{s8}}[2048]; .shared .align 32 .b8 wc{{s8}}[2048]; \
             .reg .b64 %wy{{s8}}x<8>; .reg {ab_type} %wab{{s8}}x<16>; .reg {acc_reg_type} %wcd{{s8}}x<16>; \
             mul.wide.u32 %sy2, %t3, 32; shr.u32 %sx0, %t3, 5; mul.wide.u32 %sy3, %sx0, 1024; \
             mov.u64 %sy4, wx{{s8}}; add.u64 %sy5, %sy4, %sy2; st.shared.v2.b64 [%sy5], {{{{a}}, {{b}}}}; st.shared.v2.b64 [%sy5+16], {{{{b}}, {{a}}}}; \
             mov.u64 %sy6, wc{{s8}}; add.u64 %sy5, %sy6, %sy2; st.shared.v2.b64 [%sy5], {{{{c}}, {{c}}}}; st.shared.v2.b64 [%sy5+16], {{{{c}}, {{c}}}}; \
             bar.warp.sync {{m}}; \
             add.u64 %wy{{s8}}x0, %sy4, %sy3; add.u64 %wy{{s8}}x1, %sy6, %sy3; mov.u64 %wy{{s8}}x2, wc{{s8}}; add.u64 %wy{{s8}}x2, %wy{{s8}}x2, %sy3; \
             {base_x}; {base_c}; {base_d}; \
             wmma.load.a.sync.aligned.{la}.{shape}{space}.{at} {{{ra}}}, [%wy{{s8}}x0], {sa}; \
             wmma.load.b.sync.aligned.{lb}.{shape}{space}.{bt} {{{rb}}}, [%wy{{s8}}x0+{boff}], {sb}; \
             wmma.load.c.sync.aligned.{lc}.{shape}{space}.{acc_name} {{{rc}}}, [%wy{{s8}}x1], {sc}; \
             {mma} {{{rd}}}, {{{ra}}}, {{{rb}}}, {{{rc}}}; \
             wmma.store.d.sync.aligned.{ld}.{shape}{space}.{acc_name} [%wy{{s8}}x2], {{{rd}}}, {sd}; \
             bar.warp.sync {{m}}; mov.u64 %wy{{s8}}x3, wc{{s8}}; add.u64 %wy{{s8}}x3, %wy{{s8}}x3, %sy3; and.b32 %sx1, %t3, 31; \
             mul.wide.u32 %sy2, %sx1, {own}; add.u64 %wy{{s8}}x3, %wy{{s8}}x3, %sy2; \
             {readback}",
            la = Self::layout(self.rows[0]),
            lb = Self::layout(self.rows[1]),
            lc = Self::layout(self.rows[2]),
            ld = Self::layout(self.rows[3]),
            at = self.a.name(),
            bt = self.b.name(),
            boff = self.b_offset(),
            sc = if self.rows[2] { self.n } else { self.m },
            sd = if self.rows[3] { self.n } else { self.m },
            mma = self.mnemonic(),
        )
    }
}

/// tf32 operands (f32 words with the low 13 bits clear): small integers and halves, and one
/// large + small pair (2^24, 2^-24) whose sums round.
const TF32_OPERANDS: &[u64] = &[
    0x3f80_0000_4000_0000,
    0xbf80_0000_3f00_0000,
    0x4b80_0000_3380_0000,
    0x3fc0_0000_4040_0000,
    0x0000_0000_3f80_0000,
    0x4580_0000_c000_0000,
];

fn model<const I: usize>(g: &Group<'_>) -> Option<u64> {
    FORMS[I].result(g)
}

/// Every `wmma` form.
pub fn cases() -> Vec<Case> {
    const MODELS: [GroupModel; 17] = [
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
    ];
    FORMS
        .iter()
        .zip(MODELS)
        .map(|(f, group)| {
            let c_edges = match f.acc {
                Ty::F16 => operands(Ty::F16),
                Ty::F32 => operands(Ty::F32),
                Ty::F64 => operands(Ty::F64),
                _ => operands(Ty::S8),
            };
            // tf32 rows are one thread's words here: fewer thirds, so that most sums are exact.
            let ab = if f.a == Ty::Tf32 { TF32_OPERANDS } else { operands(f.a) };
            Case {
                edges: ab,
                b_edges: Some(ab),
                c_edges,
                arity: 3,
                text: Some(leak(f.text())),
                group: Some(group),
                converged_only: true,
                result: Res::Int,
                ..Case::int(
                    leak(format!("{}{}", f.mnemonic(), if f.generic { ".generic" } else { "" })),
                    64,
                    64,
                    |_, _, _, _| None,
                )
            }
        })
        .collect()
}
