//! Warp matrix data movement (PTX ISA 9.7.14.5.15-17): `ldmatrix.sync.aligned.m8n8` `.x1`,
//! `.x2`, `.x4`, with and without `.trans`, `stmatrix` likewise (sm_90), and
//! `movmatrix.sync.aligned.m8n8.trans.b16`. Each thread of a warp stores its `a`, `b` as one
//! 16-byte row (eight b16 elements) in shared memory; row addresses are supplied through a
//! permutation of the lanes (`lane * 5 + 3 mod 32`), so that matrix `j`'s row `r` comes from
//! the row of lane `p(8 j + r)`. Thread `l` holds elements `(l / 4, 2 (l % 4) + {0, 1})` of each
//! matrix, or their transposes.

use super::leak;
use crate::{Case, Group, GroupModel, Res, mask};

/// The lane whose row lane `i`'s address names.
fn permuted(i: usize) -> usize {
    (i * 5 + 3) % 32
}

/// Element `k` (0..8) of the 16-byte row `(a, b)`.
fn element((a, b): (u64, u64), k: usize) -> u64 {
    let word = if k < 4 { a } else { b };
    (word >> (16 * (k % 4))) & 0xffff
}

/// The 32-bit registers D of thread `g.t` after `ldmatrix` of `count` matrices.
fn loaded(g: &Group<'_>, count: usize, trans: bool) -> Vec<u64> {
    let w = g.warp().start;
    let l = g.t - w;
    let row = |i: usize| {
        let (a, b, _) = g.lanes[w + permuted(i)];
        (a, b)
    };
    (0..count)
        .map(|j| {
            let m = |r: usize, c: usize| element(row(8 * j + r), c);
            let (lo, hi) = if trans {
                (m(2 * (l % 4), l / 4), m(2 * (l % 4) + 1, l / 4))
            } else {
                (m(l / 4, 2 * (l % 4)), m(l / 4, 2 * (l % 4) + 1))
            };
            lo | hi << 16
        })
        .collect()
}

/// The result of a form whose registers are `regs`: one zero-extended, two side by side, four
/// mixed `{r0 ^ r2, r1 ^ r3}`.
fn mixed(regs: &[u64]) -> u64 {
    match regs.len() {
        1 => regs[0],
        2 => regs[0] | regs[1] << 32,
        _ => (regs[0] ^ regs[2]) | (regs[1] ^ regs[3]) << 32,
    }
}

fn ldmatrix<const COUNT: usize, const TRANS: bool>(g: &Group<'_>) -> Option<u64> {
    Some(mixed(&loaded(g, COUNT, TRANS)))
}

/// Thread `g.t`'s row after `stmatrix` of `COUNT` matrices into rows first holding `(c, c)`,
/// thread `l`'s register `j` being word `j` of `a`, `b`: `lo ^ (hi << 1)`.
fn stmatrix<const COUNT: usize, const TRANS: bool>(g: &Group<'_>) -> Option<u64> {
    let w = g.warp().start;
    let reg = |l: usize, j: usize| {
        let (a, b, _) = g.lanes[w + l];
        let v = if j < 2 { a } else { b };
        (v >> (32 * (j % 2))) & mask(32)
    };
    let mut rows: Vec<[u64; 8]> = (0..32)
        .map(|l| {
            let c = g.lanes[w + l].2;
            std::array::from_fn(|k| element((c, c), k))
        })
        .collect();
    for j in 0..COUNT {
        for r in 0..8 {
            for (c, slot) in rows[permuted(8 * j + r)].iter_mut().enumerate() {
                *slot = if TRANS {
                    (reg(4 * c + r / 2, j) >> (16 * (r % 2))) & 0xffff
                } else {
                    (reg(4 * r + c / 2, j) >> (16 * (c % 2))) & 0xffff
                };
            }
        }
    }
    let own = rows[g.t - w];
    let word = |h: usize| (0..4).fold(0u64, |acc, k| acc | own[4 * h + k] << (16 * k));
    Some(word(0) ^ (word(1) << 1))
}

/// `movmatrix.trans` of the matrix whose fragments are the threads' `a` low words.
fn movmatrix(g: &Group<'_>) -> Option<u64> {
    let w = g.warp().start;
    let l = g.t - w;
    let m = |r: usize, c: usize| (g.lanes[w + 4 * r + c / 2].0 >> (16 * (c % 2))) & 0xffff;
    Some(m(2 * (l % 4), l / 4) | m(2 * (l % 4) + 1, l / 4) << 16)
}

/// The instructions computing `%sy2`, the shared address of the row lane `p(lane)` stored,
/// after each thread stored `row_store` at its own row of the slot's buffer.
fn rows_prelude(row_store: &str) -> String {
    format!(
        ".shared .align 16 .b8 rows{{s8}}[1024]; mov.u64 %sy0, rows{{s8}}; add.u64 %sy1, %sy0, %q3; add.u64 %sy1, %sy1, %q3; \
         st.shared.v2.b64 [%sy1], {row_store}; bar.warp.sync {{m}}; \
         and.b32 %sx0, %t3, 31; mad.lo.u32 %sx0, %sx0, 5, 3; and.b32 %sx0, %sx0, 31; and.b32 %sx1, %t3, -32; \
         add.u32 %sx0, %sx0, %sx1; mul.wide.u32 %sy2, %sx0, 16; add.u64 %sy2, %sy0, %sy2"
    )
}

/// The mixing of registers `%mv{s8}x0..count` into `{d}` (`mixed`).
fn mix_text(count: usize) -> &'static str {
    match count {
        1 => "cvt.u64.u32 {d}, %mv{s8}x0",
        2 => "mov.b64 {d}, {%mv{s8}x0, %mv{s8}x1}",
        _ => {
            "xor.b32 %mv{s8}x0, %mv{s8}x0, %mv{s8}x2; xor.b32 %mv{s8}x1, %mv{s8}x1, %mv{s8}x3; mov.b64 {d}, {%mv{s8}x0, %mv{s8}x1}"
        }
    }
}

fn form(op: String, text: String, group: GroupModel, target: &'static str) -> Case {
    Case {
        edges: &[0x0001_0002_0003_0004, 0x1111_2222_3333_4444, 0xffff_0000_8000_7fff, 0x0123_4567_89ab_cdef],
        b_edges: Some(&[0x0a0b_0c0d_0e0f_1011, 0x5555_aaaa_5a5a_a5a5, 0xdead_beef_cafe_f00d, 0, 0xfedc_ba98_7654_3210]),
        c_edges: &[0x7777_6666_5555_4444, 0x0808_0909_0a0a_0b0b],
        arity: 3,
        text: Some(leak(text)),
        group: Some(group),
        converged_only: true,
        result: Res::Int,
        target,
        ..Case::int(leak(op), 64, 64, |_, _, _, _| None)
    }
}

/// Every matrix movement form.
pub fn cases() -> Vec<Case> {
    let loads: [(usize, bool, GroupModel); 6] = [
        (1, false, ldmatrix::<1, false>),
        (2, false, ldmatrix::<2, false>),
        (4, false, ldmatrix::<4, false>),
        (1, true, ldmatrix::<1, true>),
        (2, true, ldmatrix::<2, true>),
        (4, true, ldmatrix::<4, true>),
    ];
    let mut v = Vec::new();
    let regs = |count: usize| (0..count).map(|i| format!("%mv{{s8}}x{i}")).collect::<Vec<_>>().join(", ");
    for (count, trans, model) in loads {
        let op = format!("ldmatrix.sync.aligned.m8n8.x{count}{}.shared.b16", if trans { ".trans" } else { "" });
        let text = format!(
            "{}; .reg .b32 %mv{{s8}}x<4>; {op} {{{}}}, [%sy2]; {}",
            rows_prelude("{{a}, {b}}"),
            regs(count),
            mix_text(count)
        );
        v.push(form(op, text, model, crate::SM80));
    }
    let stores: [(usize, bool, GroupModel); 6] = [
        (1, false, stmatrix::<1, false>),
        (2, false, stmatrix::<2, false>),
        (4, false, stmatrix::<4, false>),
        (1, true, stmatrix::<1, true>),
        (2, true, stmatrix::<2, true>),
        (4, true, stmatrix::<4, true>),
    ];
    for (count, trans, model) in stores {
        let op = format!("stmatrix.sync.aligned.m8n8.x{count}{}.shared.b16", if trans { ".trans" } else { "" });
        let text = format!(
            "{}; .reg .b32 %mv{{s8}}x<4>; mov.b64 {{%mv{{s8}}x0, %mv{{s8}}x1}}, {{a}}; mov.b64 {{%mv{{s8}}x2, %mv{{s8}}x3}}, {{b}}; \
             {op} [%sy2], {{{}}}; bar.warp.sync {{m}}; ld.shared.v2.b64 {{%sy3, %sy4}}, [%sy1]; shl.b64 %sy4, %sy4, 1; \
             xor.b64 {{d}}, %sy3, %sy4",
            rows_prelude("{{c}, {c}}"),
            regs(count)
        );
        v.push(form(op, text, model, crate::SM90));
    }
    v.push(form(
        "movmatrix.sync.aligned.m8n8.trans.b16".to_string(),
        ".reg .b32 %mv{s8}x<2>; cvt.u32.u64 %mv{s8}x0, {a}; movmatrix.sync.aligned.m8n8.trans.b16 %mv{s8}x1, %mv{s8}x0; \
         cvt.u64.u32 {d}, %mv{s8}x1"
            .to_string(),
        movmatrix,
        crate::SM80,
    ));
    v
}
