//! The conformance table: each integer arithmetic, logic and shift instruction, per type, over
//! edge operands (0, ±1, powers of two and their neighbours, the widths' signed and unsigned
//! extremes), in every operand shape the compiled tiers treat differently — loaded per lane,
//! warp-uniform (a kernel parameter), lane-affine (`param + tid`), an immediate — converged and
//! diverged (only odd lanes execute), in 1D and 2D blocks, on every engine. Each result must equal
//! the PTX ISA's definition, written out below independently of the engines' code
//! (`simt::semantics` is the reference they implement); where the ISA leaves a result
//! unspecified (division by zero, `MIN / -1`), the engines must still agree with each other.

use simt::{DeviceMemory, Dim3, Params, Program};

mod common;

use common::ENGINES;

/// Operand values (raw bits; each case uses the low bits of its width).
const EDGES: [u64; 26] = [
    0,
    1,
    2,
    3,
    31,
    32,
    33,
    63,
    64,
    0x7f,
    0x80,
    0xff,
    0x7fff,
    0x8000,
    0xffff,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_fffe,
    0xffff_ffff,
    0x1_0000_0000,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    u64::MAX,
    0x1234_5678_9abc_def0,
    1_000_003,
    0xdead_beef_0000_0001,
];

/// Threads per block (two warps).
const THREADS: u32 = 64;

/// One instruction form: `op` is the PTX mnemonic with its type (`div.s32`), `w` the operand
/// width, `bw` the second operand's width (shift amounts are 32-bit), `dw` the result's.
struct Case {
    op: &'static str,
    w: u32,
    bw: u32,
    dw: u32,
    /// The PTX ISA's result for operands `a`, `b` (already narrowed to their widths); `None`
    /// where the result is unspecified.
    model: fn(u64, u64, u32) -> Option<u64>,
    /// Immediates tried as the second operand.
    imms: &'static [u64],
}

fn mask(w: u32) -> u64 {
    if w >= 64 { u64::MAX } else { (1u64 << w) - 1 }
}

fn sext(v: u64, w: u32) -> i64 {
    let s = 64 - w;
    ((v << s) as i64) >> s
}

const PLAIN_IMMS: &[u64] = &[1, 7, 0x8000_0000, u64::MAX];
const SHIFT_IMMS: &[u64] = &[0, 1, 31, 32, 33, 63, 64, 100];

fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    for (t, w, signed) in [("u32", 32, false), ("s32", 32, true), ("u64", 64, false), ("s64", 64, true)] {
        let op = |name: &str| -> &'static str { Box::leak(format!("{name}.{t}").into_boxed_str()) };
        let c = |o, model| Case { op: o, w, bw: w, dw: w, model, imms: PLAIN_IMMS };
        v.push(c(op("add"), |a, b, w| Some(a.wrapping_add(b) & mask(w))));
        v.push(c(op("sub"), |a, b, w| Some(a.wrapping_sub(b) & mask(w))));
        v.push(c(op("mul.lo"), |a, b, w| Some(a.wrapping_mul(b) & mask(w))));
        if signed {
            v.push(c(op("mul.hi"), |a, b, w| {
                Some(((i128::from(sext(a, w)) * i128::from(sext(b, w))) >> w) as u64 & mask(w))
            }));
            v.push(c(op("div"), |a, b, w| {
                let (x, y) = (sext(a, w), sext(b, w));
                (y != 0 && !(x == sext(1 << (w - 1), w) && y == -1)).then(|| (x / y) as u64 & mask(w))
            }));
            v.push(c(op("rem"), |a, b, w| {
                let (x, y) = (sext(a, w), sext(b, w));
                (y != 0 && !(x == sext(1 << (w - 1), w) && y == -1)).then(|| (x % y) as u64 & mask(w))
            }));
            v.push(c(op("min"), |a, b, w| Some(sext(a, w).min(sext(b, w)) as u64 & mask(w))));
            v.push(c(op("max"), |a, b, w| Some(sext(a, w).max(sext(b, w)) as u64 & mask(w))));
        } else {
            v.push(c(op("mul.hi"), |a, b, w| Some(((u128::from(a) * u128::from(b)) >> w) as u64 & mask(w))));
            v.push(c(op("div"), |a, b, _| a.checked_div(b)));
            v.push(c(op("rem"), |a, b, _| a.checked_rem(b)));
            v.push(c(op("min"), |a, b, _| Some(a.min(b))));
            v.push(c(op("max"), |a, b, _| Some(a.max(b))));
        }
        if w == 32 {
            let model: fn(u64, u64, u32) -> Option<u64> =
                if signed { |a, b, w| Some((sext(a, w) * sext(b, w)) as u64) } else { |a, b, _| Some(a * b) };
            v.push(Case { op: op("mul.wide"), w, bw: w, dw: 64, model, imms: PLAIN_IMMS });
        }
        let shr: fn(u64, u64, u32) -> Option<u64> = if signed {
            |a, b, w| Some((sext(a, w) >> b.min(u64::from(w) - 1)) as u64 & mask(w))
        } else {
            |a, b, w| Some(if b >= u64::from(w) { 0 } else { a >> b })
        };
        v.push(Case { op: op("shr"), w, bw: 32, dw: w, model: shr, imms: SHIFT_IMMS });
    }
    for (t, w) in [("b32", 32), ("b64", 64)] {
        let op = |name: &str| -> &'static str { Box::leak(format!("{name}.{t}").into_boxed_str()) };
        let c = |o, model| Case { op: o, w, bw: w, dw: w, model, imms: PLAIN_IMMS };
        v.push(c(op("and"), |a, b, _| Some(a & b)));
        v.push(c(op("or"), |a, b, _| Some(a | b)));
        v.push(c(op("xor"), |a, b, _| Some(a ^ b)));
        v.push(Case {
            op: op("shl"),
            w,
            bw: 32,
            dw: w,
            model: |a, b, w| Some(if b >= u64::from(w) { 0 } else { (a << b) & mask(w) }),
            imms: SHIFT_IMMS,
        });
    }
    v
}

/// Results per thread: loaded × loaded, uniform × loaded, loaded × uniform, affine × loaded,
/// uniform × uniform, then one per immediate, then the diverged loaded × loaded.
const FIXED_SLOTS: usize = 5;

fn slots(c: &Case) -> usize {
    FIXED_SLOTS + c.imms.len() + 1
}

/// The value PTX text writes for immediate `v` as a `w`-bit operand.
fn imm(v: u64, w: u32) -> String {
    format!("0x{:x}", v & mask(w))
}

/// A kernel computing every slot of `c` for each thread (linear id over a 2D block).
fn kernel(c: &Case) -> String {
    let (aw, bw, dw) = (c.w, c.bw, c.dw);
    let n = slots(c);
    let mut body = String::new();
    let mut op = |d: usize, a: &str, b: &str| body.push_str(&format!("    {} %d{d}, {a}, {b};\n", c.op));
    op(0, "%a0", "%b0");
    op(1, "%a1", "%b0");
    op(2, "%a0", "%b1");
    op(3, "%a2", "%b0");
    op(4, "%a1", "%b1");
    for (k, &v) in c.imms.iter().enumerate() {
        op(FIXED_SLOTS + k, "%a0", &imm(v, bw));
    }
    let div = n - 1;
    let mut stores = String::new();
    for d in 0..n {
        stores.push_str(&format!("    st.global.b{dw} [%q8+{}], %d{d};\n", d * 8));
    }
    let affine = if aw == 32 {
        "    add.u32 %a2, %a1, %t3;\n".to_string()
    } else {
        "    cvt.u64.u32 %q6, %t3;\n    add.u64 %a2, %a1, %q6;\n".to_string()
    };
    format!(
        r#".version 8.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 out, .param .u64 av, .param .u64 bv, .param .b{aw} ua, .param .b{bw} ub)
{{
    .reg .pred %p<3>;
    .reg .b32 %t<8>;
    .reg .b64 %q<12>;
    .reg .b{aw} %a<3>;
    .reg .b{bw} %b<2>;
    .reg .b{dw} %d<{n}>;
    mov.u32 %t0, %tid.x;
    mov.u32 %t1, %tid.y;
    mov.u32 %t2, %ntid.x;
    mad.lo.u32 %t3, %t1, %t2, %t0;
    ld.param.u64 %q0, [out];
    ld.param.u64 %q1, [av];
    ld.param.u64 %q2, [bv];
    mul.wide.u32 %q3, %t3, 8;
    add.s64 %q4, %q1, %q3;
    add.s64 %q5, %q2, %q3;
    ld.global.b{aw} %a0, [%q4];
    ld.global.b{bw} %b0, [%q5];
    ld.param.b{aw} %a1, [ua];
    ld.param.b{bw} %b1, [ub];
{affine}{body}    and.b32 %t4, %t3, 1;
    setp.ne.u32 %p1, %t4, 0;
    mov.b{dw} %d{div}, 0x5a;
    @!%p1 bra SKIP;
    {op} %d{div}, %a0, %b0;
SKIP:
    mul.wide.u32 %q7, %t3, {stride};
    add.s64 %q8, %q0, %q7;
{stores}    ret;
}}
"#,
        op = c.op,
        stride = n * 8,
    )
}

#[test]
fn integer_instructions_match_the_isa_in_every_operand_shape_on_every_engine() {
    let mem = DeviceMemory::new();
    let av = mem.alloc(u64::from(THREADS) * 8).unwrap();
    let bv = mem.alloc(u64::from(THREADS) * 8).unwrap();
    let e = EDGES.len();
    let mut checked = 0usize;
    for c in cases() {
        let n = slots(&c);
        let out = mem.alloc(u64::from(THREADS) * n as u64 * 8).unwrap();
        let src = kernel(&c);
        let programs: Vec<_> = ENGINES
            .iter()
            .map(|&eng| {
                let mut p = Program::from_ptx(&src).unwrap_or_else(|err| panic!("{}: {err}\n{src}", c.op));
                p.set_engine(eng);
                (eng, p)
            })
            .collect();
        // Every pair of edge values as (a, b) over the launches; the uniform and affine operands
        // take the values of the launch's first pair.
        for round in 0..(e * e).div_ceil(THREADS as usize) {
            let pair = |t: usize| {
                let k = (round * THREADS as usize + t) % (e * e);
                (EDGES[k / e] & mask(c.w), EDGES[k % e] & mask(c.bw))
            };
            let (ua, ub) = (EDGES[round % e] & mask(c.w), EDGES[(round * 7 + 3) % e] & mask(c.bw));
            let a: Vec<u8> = (0..THREADS as usize).flat_map(|t| pair(t).0.to_le_bytes()).collect();
            let b: Vec<u8> = (0..THREADS as usize).flat_map(|t| pair(t).1.to_le_bytes()).collect();
            mem.write(av, &a).unwrap();
            mem.write(bv, &b).unwrap();
            for block in [Dim3::x(THREADS), Dim3 { x: 16, y: THREADS / 16, z: 1 }] {
                let mut first: Option<Vec<u8>> = None;
                for (eng, p) in &programs {
                    mem.memset(out, 0, u64::from(THREADS) * n as u64 * 8).unwrap();
                    let mut params = Params::new();
                    params.ptr(out).ptr(av).ptr(bv);
                    if c.w == 32 {
                        params.u32(ua as u32);
                    } else {
                        params.u64(ua);
                    }
                    if c.bw == 32 {
                        params.u32(ub as u32);
                    } else {
                        params.u64(ub);
                    }
                    p.launch("k", Dim3::x(1), block, 0, params.bytes(), &mem).unwrap();
                    let mut got = vec![0u8; THREADS as usize * n * 8];
                    mem.read(out, &mut got).unwrap();
                    let word = |t: usize, s: usize| {
                        let at = (t * n + s) * 8;
                        u64::from_le_bytes(got[at..at + 8].try_into().unwrap()) & mask(c.dw)
                    };
                    for t in 0..THREADS as usize {
                        let (x, y) = pair(t);
                        let mut operands = vec![(x, y), (ua, y), (x, ub), ((ua + t as u64) & mask(c.w), y), (ua, ub)];
                        operands.extend(c.imms.iter().map(|&v| (x, v & mask(c.bw))));
                        for (s, &(p, q)) in operands.iter().enumerate() {
                            if let Some(want) = (c.model)(p, q, c.w) {
                                assert_eq!(
                                    word(t, s),
                                    want & mask(c.dw),
                                    "{} {eng:?} block {block:?}: a={p:#x} b={q:#x} (slot {s}, thread {t})",
                                    c.op
                                );
                                checked += 1;
                            }
                        }
                        let div = n - 1;
                        let want = if t % 2 == 1 { (c.model)(x, y, c.w) } else { Some(0x5a) };
                        if let Some(want) = want {
                            assert_eq!(word(t, div), want & mask(c.dw), "{} {eng:?} diverged: a={x:#x} b={y:#x}", c.op);
                        }
                    }
                    match &first {
                        None => first = Some(got),
                        Some(f) => assert!(
                            *f == got,
                            "{} block {block:?}: {eng:?} differs from {:?} (unspecified results included)",
                            c.op,
                            ENGINES[0]
                        ),
                    }
                }
            }
        }
    }
    assert!(checked > 100_000, "only {checked} results checked");
}
