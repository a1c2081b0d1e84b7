//! 16-bit integer comparisons (`setp.*.s16`, `setp.*.u16`) compare the operands' low 16 bits,
//! signed or unsigned as the type says, whatever a register holds above them (a sign-extended
//! `ld.s16` leaves ones there), in every operand shape: per lane, warp-uniform, immediate. Every
//! engine gives the PTX ISA's results, and the warp tier runs them compiled (a hand-back to the
//! interpreter per comparison cost a BFS's frontier tests most of their time).

use simt::{DeviceMemory, Dim3, Engine, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download, program, upload};

/// `out[i]` = bits 0..6 of: a < b (s16), a < b (u16), a >= u (s16), b > 0x8000 (u16),
/// a == b (s16), u != 7 (u16), with a = `ld.global.s16 a[i]`, b = `ld.global.u16 b[i]`, u a
/// 16-bit kernel parameter.
fn cmp16() -> String {
    module(
        "sm_80",
        &Kernel::new("cmp16", &["out", "a", "b"], Index::Thread).param(".u16 u").declare(".reg .b16 %rs<4>;").body(
            r#"
    ld.param.u16 %rs3, [u];
    mul.wide.u32 %rd4, %r1, 2;
    add.s64 %rd5, %rd2, %rd4;
    ld.global.s16 %rs1, [%rd5];
    add.s64 %rd6, %rd3, %rd4;
    ld.global.u16 %rs2, [%rd6];
    setp.lt.s16 %p1, %rs1, %rs2;
    setp.lt.u16 %p2, %rs1, %rs2;
    setp.ge.s16 %p3, %rs1, %rs3;
    setp.gt.u16 %p4, %rs2, 0x8000;
    setp.eq.s16 %p5, %rs1, %rs2;
    setp.ne.u16 %p6, %rs3, 7;
    selp.u32 %r2, 1, 0, %p1;
    selp.u32 %r3, 2, 0, %p2;
    selp.u32 %r4, 4, 0, %p3;
    selp.u32 %r5, 8, 0, %p4;
    selp.u32 %r6, 16, 0, %p5;
    selp.u32 %r7, 32, 0, %p6;
    or.b32 %r8, %r2, %r3;
    or.b32 %r8, %r8, %r4;
    or.b32 %r8, %r8, %r5;
    or.b32 %r8, %r8, %r6;
    or.b32 %r8, %r8, %r7;
    mul.wide.u32 %rd7, %r1, 4;
    add.s64 %rd8, %rd1, %rd7;
    st.global.u32 [%rd8], %r8;
    ret;
"#,
        ),
    )
}

/// The PTX ISA's comparisons of `cmp16` for one thread.
fn reference(a: u16, b: u16, u: u16) -> u32 {
    let bits = [(a as i16) < (b as i16), a < b, (a as i16) >= (u as i16), b > 0x8000, a == b, u != 7];
    bits.iter().enumerate().fold(0, |m, (k, &t)| m | u32::from(t) << k)
}

#[test]
fn sixteen_bit_comparisons() {
    const EDGES: [u16; 8] = [0, 1, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff, 0x1234];
    let a: Vec<u16> = (0..64).map(|i| EDGES[i % 8]).collect();
    let b: Vec<u16> = (0..64).map(|i| EDGES[i / 8]).collect();
    for u in [7u16, 0x8001, 0x1234] {
        let want: Vec<u32> = a.iter().zip(&b).map(|(&x, &y)| reference(x, y, u)).collect();
        for engine in ENGINES {
            let p = program(&cmp16(), engine);
            let mem = DeviceMemory::new();
            let (da, db) = (upload(&mem, &a), upload(&mem, &b));
            let out = upload(&mem, &[0xeeee_eeeeu32; 64]);
            // The 16-bit parameter in the low half of a 32-bit word (little-endian), at its offset.
            let params = Params::new().ptr(out).ptr(da).ptr(db).u32(u32::from(u)).clone();
            let stats = p
                .launch("cmp16", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
            assert_eq!(download::<u32>(&mem, out, 64), want, "{engine:?}, u = {u:#x}");
            if engine == Engine::Warp {
                assert_eq!(stats.warp_instructions, 0, "the warp tier left 16-bit comparisons to the interpreter");
            }
        }
    }
}
