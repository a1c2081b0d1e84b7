//! `cvt.pack.sat` (two 32-bit integers clamped to 16, 8, 4 or 2 bits and packed, the rest from
//! `c`) and `cvt.{rn,rz}{.relu}.tf32.f32`, which the engines once refused, on every engine,
//! against results worked out by hand from the PTX ISA's pseudocode.

mod common;

use common::{ENGINES, download, program, upload};
use simt::{DeviceMemory, Dim3, Params};

/// Runs `instruction` (`%r3 = f(%r0, %r1, %r2)`) once per row of `rows` (`a`, `b`, `c`) on
/// every engine and checks each result against the row's wanted value.
fn check(target: &str, instruction: &str, rows: &[([u32; 3], u32)]) {
    let src = format!(
        ".version 8.1\n.target {target}\n.address_size 64\n\
         .visible .entry k(.param .u64 out, .param .u64 inp)\n{{\n\
         .reg .b32 %r<5>;\n.reg .b64 %q<4>;\n\
         ld.param.u64 %q0, [out];\nld.param.u64 %q1, [inp];\n\
         mov.u32 %r4, %tid.x;\nmul.wide.u32 %q2, %r4, 12;\nadd.s64 %q1, %q1, %q2;\n\
         ld.global.b32 %r0, [%q1];\nld.global.b32 %r1, [%q1+4];\nld.global.b32 %r2, [%q1+8];\n\
         {instruction};\n\
         mul.wide.u32 %q2, %r4, 4;\nadd.s64 %q0, %q0, %q2;\nst.global.b32 [%q0], %r3;\nret;\n}}\n"
    );
    let inputs: Vec<u32> = rows.iter().flat_map(|(abc, _)| *abc).collect();
    let want: Vec<u32> = rows.iter().map(|&(_, w)| w).collect();
    for engine in ENGINES {
        let p = program(&src, engine);
        let mem = DeviceMemory::new();
        let inp = upload(&mem, &inputs);
        let out = upload(&mem, &vec![0u32; rows.len()]);
        let params = Params::new().ptr(out).ptr(inp).clone();
        p.launch("k", Dim3::x(1), Dim3::x(rows.len() as u32), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
        let got = download::<u32>(&mem, out, rows.len());
        assert_eq!(got, want, "{instruction} on {engine:?}: {:#x?}", got);
    }
}

#[test]
fn cvt_pack_saturates_each_field_and_takes_the_rest_from_c() {
    let m = |v: i32| v as u32;
    // 70000 → 0x7fff, -5 → 0xfffb; -70000 → 0x8000.
    check(
        "sm_80",
        "cvt.pack.sat.s16.s32 %r3, %r0, %r1",
        &[([70000, m(-5), 0], 0x7fff_fffb), ([m(-70000), 3, 0], 0x8000_0003)],
    );
    // Unsigned 16 bits: negatives clamp to 0.
    check("sm_80", "cvt.pack.sat.u16.s32 %r3, %r0, %r1", &[([m(-1), 70000, 0], 0x0000_ffff)]);
    // 300 → 0xff, -1 → 0; c's low 16 bits above the two bytes.
    check("sm_80", "cvt.pack.sat.u8.s32.b32 %r3, %r0, %r1, %r2", &[([300, m(-1), 0x1234], 0x1234_ff00)]);
    // -9 → -8 (0x8), 7 → 7; c's low 24 bits above.
    check("sm_80", "cvt.pack.sat.s4.s32.b32 %r3, %r0, %r1, %r2", &[([m(-9), 7, 0xabc], 0xabc87)]);
    // 2-bit unsigned: 5 → 3, 1 → 1; c shifted by 4, its top bits dropped.
    check("sm_80", "cvt.pack.sat.u2.s32.b32 %r3, %r0, %r1, %r2", &[([5, 1, 0xffff_ffff], 0xffff_fffd)]);
}

#[test]
fn tf32_rounds_to_nearest_even_or_toward_zero_with_relu() {
    // 1 + 2^-11 (a tie above an even tf32): 1; 1 + 3·2^-11 (a tie above an odd one): up; just
    // under the largest finite f32's tie: up to infinity.
    check(
        "sm_90",
        "cvt.rn.tf32.f32 %r3, %r0",
        &[([0x3f80_1000, 0, 0], 0x3f80_0000), ([0x3f80_3000, 0, 0], 0x3f80_4000), ([0x7f7f_f000, 0, 0], 0x7f80_0000)],
    );
    check(
        "sm_90",
        "cvt.rz.tf32.f32 %r3, %r0",
        &[([0x3f80_1fff, 0, 0], 0x3f80_0000), ([0xbf80_1fff, 0, 0], 0xbf80_0000)],
    );
    // `.relu`: negatives (and -0) to +0, a NaN to the canonical NaN (the H200's 0x7fffe000).
    check(
        "sm_90",
        "cvt.rn.relu.tf32.f32 %r3, %r0",
        &[
            ([0xbf80_0000, 0, 0], 0),
            ([0x8000_0000, 0, 0], 0),
            ([0x7fc0_0001, 0, 0], 0x7fff_e000),
            ([0x3f80_3000, 0, 0], 0x3f80_4000),
        ],
    );
    check("sm_90", "cvt.rz.relu.tf32.f32 %r3, %r0", &[([0xc000_0000, 0, 0], 0), ([0x4000_1fff, 0, 0], 0x4000_0000)]);
}

#[test]
fn tf32_rounds_the_encoding_of_a_nan_too() {
    // An H200: `.rna` rounds a NaN's encoding: a payload only in the 13 dropped bits rounds to
    // infinity (and with `.satfinite` to the largest finite tf32), one above them stays;
    // `.rn`/`.rz` give 0x7fffe000 for any NaN.
    check(
        "sm_90",
        "cvt.rna.tf32.f32 %r3, %r0",
        &[([0x7f80_0001, 0, 0], 0x7f80_0000), ([0xff80_0fff, 0, 0], 0xff80_0000), ([0x7fc0_0000, 0, 0], 0x7fc0_0000)],
    );
    check("sm_90", "cvt.rna.satfinite.tf32.f32 %r3, %r0", &[([0x7f80_0001, 0, 0], 0x7f7f_e000)]);
    check(
        "sm_90",
        "cvt.rz.tf32.f32 %r3, %r0",
        &[([0x7f80_1fff, 0, 0], 0x7fff_e000), ([0xffc0_0123, 0, 0], 0x7fff_e000)],
    );
}
