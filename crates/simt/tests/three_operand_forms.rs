//! Three-operand and predicate forms the conformance table found wrong, checked on every engine
//! against the PTX ISA's definitions: `mad.wide`'s addend is as wide as the product, an
//! immediate one included (it was cut to the operand type's width); `mad.hi.sat.s32` clamps
//! the high half plus `c` to the s32 range (`.sat` was ignored); `and`/`or`/`xor.pred` take
//! negated sources (`or.pred p, !q, r` was refused).

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download, program, upload};
use simt::{DeviceMemory, Dim3, Params};

fn ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("forms", &["out", "in"], Index::Grid).declare(".reg .b16 %h<4>;").offset(8).body(
            r#"
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r5, [%rd4];
    ld.global.u32 %r6, [%rd4+4];
    mad.wide.s32 %rd5, %r5, %r6, 0xffffffffffffffff;
    mov.b64 {%r7, %r8}, %rd5;
    mad.hi.sat.s32 %r9, %r5, %r6, %r5;
    setp.lt.s32 %p0, %r5, 0;
    setp.lt.s32 %p1, %r6, 0;
    or.pred %p2, !%p0, %p1;
    and.pred %p3, %p0, !%p1;
    xor.pred %p4, !%p0, !%p1;
    selp.u32 %r10, 1, 0, %p2;
    selp.u32 %r11, 2, 0, %p3;
    selp.u32 %r12, 4, 0, %p4;
    or.b32 %r10, %r10, %r11;
    or.b32 %r10, %r10, %r12;
    cvt.u16.u32 %h0, %r5;
    cvt.u16.u32 %h1, %r6;
    mad.wide.u16 %r13, %h0, %h1, 0x80000000;
    mul.wide.u32 %rd6, %r4, 20;
    add.s64 %rd7, %rd1, %rd6;
    st.global.u32 [%rd7], %r7;
    st.global.u32 [%rd7+4], %r8;
    st.global.u32 [%rd7+8], %r9;
    st.global.u32 [%rd7+12], %r10;
    st.global.u32 [%rd7+16], %r13;
    ret;
"#,
        ),
    )
}

/// Operand values: signs, extremes, and products whose high half overflows when `c` is added.
const VALUES: [u32; 16] = [
    0,
    1,
    2,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xffff_ffff,
    0xffff_fffe,
    0x4000_0000,
    0xc000_0000,
    0x0001_0000,
    0xffff,
    0x1234_5678,
    0x9abc_def0,
    0x7fff_0000,
    3,
];

/// The five results of one thread, from the ISA's definitions.
fn expected(a: u32, b: u32) -> [u32; 5] {
    let (x, y) = (i64::from(a as i32), i64::from(b as i32));
    // mad.wide.s32 with c = -1: the 64-bit product minus one.
    let wide = (x * y).wrapping_sub(1) as u64;
    // mad.hi.sat.s32: the product's high half plus c (= a), clamped.
    let hi = (x * y) >> 32;
    let sat = (hi + x).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u32;
    let (p, q) = (x < 0, y < 0);
    let preds = u32::from(!p || q) | u32::from(p && !q) << 1 | u32::from(!p ^ !q) << 2;
    // mad.wide.u16 with c = 0x80000000: the 32-bit product plus 2^31.
    let wide16 = (a & 0xffff).wrapping_mul(b & 0xffff).wrapping_add(0x8000_0000);
    [wide as u32, (wide >> 32) as u32, sat, preds, wide16]
}

#[test]
fn mad_wide_immediates_mad_hi_sat_and_negated_predicate_sources_match_the_isa() {
    let pairs: Vec<(u32, u32)> = (0..256).map(|i| (VALUES[i % 16], VALUES[(i / 16 + i * 3) % 16])).collect();
    let input: Vec<u32> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    let want: Vec<u32> = pairs.iter().flat_map(|&(a, b)| expected(a, b)).collect();
    for engine in ENGINES {
        let p = program(&ptx(), engine);
        let mem = DeviceMemory::new();
        let inp = upload(&mem, &input);
        let out = upload(&mem, &vec![0xeeee_eeeeu32; want.len()]);
        let params = Params::new().ptr(out).ptr(inp).clone();
        p.launch("forms", Dim3::x(4), Dim3::x(64), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        let got = download::<u32>(&mem, out, want.len());
        for (i, (g, w)) in got.chunks(5).zip(want.chunks(5)).enumerate() {
            assert_eq!(g, w, "{engine:?}: thread {i}, a={:#x} b={:#x}", pairs[i].0, pairs[i].1);
        }
    }
}
