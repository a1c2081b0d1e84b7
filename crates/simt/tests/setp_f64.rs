//! Double-precision comparisons (`setp.*.f64`): all fourteen operators, ordered and unordered,
//! on NaNs, signed zeros, infinities and denormals, per lane and warp-uniform. Every engine
//! gives the PTX ISA's results, and the warp tier runs them compiled (it handed each one to
//! the interpreter: the special-value tests of the math library's `exp`, `log` and `pow` in
//! double precision did, and with them Rodinia's particlefilter and myocyte).

use simt::{DeviceMemory, Dim3, Engine, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, download, program, upload};

/// The operators in the order of `out`'s bits.
const OPS: [&str; 14] = ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"];

/// `out[i]` = bit k: `a[i] OPS[k] b[i]`; bit 14: `u > 1.0`; bit 15: `a[i] >= u`, with u a
/// kernel parameter (warp-uniform); bit 16: `a[i] > -0.0` (an immediate operand).
fn cmp64() -> String {
    let mut body = String::from(
        "
    ld.param.f64 %fd3, [u];
    mul.wide.u32 %rd4, %r1, 8;
    add.s64 %rd5, %rd2, %rd4;
    ld.global.f64 %fd1, [%rd5];
    add.s64 %rd6, %rd3, %rd4;
    ld.global.f64 %fd2, [%rd6];
    mov.u32 %r2, 0;
",
    );
    let tests: Vec<String> = OPS
        .iter()
        .map(|op| format!("setp.{op}.f64 %p1, %fd1, %fd2;"))
        .chain([
            "setp.gt.f64 %p1, %fd3, 0d3FF0000000000000;".to_string(),
            "setp.ge.f64 %p1, %fd1, %fd3;".to_string(),
            "setp.gt.f64 %p1, %fd1, 0d8000000000000000;".to_string(),
        ])
        .collect();
    for (k, t) in tests.iter().enumerate() {
        body.push_str(&format!("    {t}\n    selp.u32 %r3, {}, 0, %p1;\n    or.b32 %r2, %r2, %r3;\n", 1u32 << k));
    }
    body.push_str(
        "    mul.wide.u32 %rd7, %r1, 4;
    add.s64 %rd8, %rd1, %rd7;
    st.global.u32 [%rd8], %r2;
    ret;
",
    );
    module(
        "sm_80",
        &Kernel::new("cmp64", &["out", "a", "b"], Index::Thread)
            .param(".f64 u")
            .declare(".reg .f64 %fd<4>;")
            .body(&body),
    )
}

/// The PTX ISA's comparisons of `cmp64` for one thread: the ordered operators are false and
/// the unordered ones true when either operand is NaN; `num` and `nan` test for NaNs.
fn reference(a: f64, b: f64, u: f64) -> u32 {
    let unordered = a.is_nan() || b.is_nan();
    let bits = [
        a == b,
        !unordered && a != b,
        a < b,
        a <= b,
        a > b,
        a >= b,
        unordered || a == b,
        unordered || a != b,
        unordered || a < b,
        unordered || a <= b,
        unordered || a > b,
        unordered || a >= b,
        !unordered,
        unordered,
        u > 1.0,
        a >= u,
        a > -0.0,
    ];
    bits.iter().enumerate().fold(0, |m, (k, &t)| m | u32::from(t) << k)
}

#[test]
fn double_precision_comparisons() {
    const EDGES: [f64; 8] = [0.0, -0.0, 1.0, -2.5, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 4.9e-324];
    let a: Vec<f64> = (0..64).map(|i| EDGES[i % 8]).collect();
    let b: Vec<f64> = (0..64).map(|i| EDGES[i / 8]).collect();
    for u in [1.0f64, 2.0, f64::NAN] {
        let want: Vec<u32> = a.iter().zip(&b).map(|(&x, &y)| reference(x, y, u)).collect();
        for engine in ENGINES {
            let p = program(&cmp64(), engine);
            let mem = DeviceMemory::new();
            let (da, db) = (upload(&mem, &a), upload(&mem, &b));
            let out = upload(&mem, &[0xeeee_eeeeu32; 64]);
            let params = Params::new().ptr(out).ptr(da).ptr(db).f64(u).clone();
            let stats = p
                .launch("cmp64", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{engine:?}: {f}"));
            assert_eq!(download::<u32>(&mem, out, 64), want, "{engine:?}, u = {u}");
            if engine == Engine::Warp {
                assert_eq!(stats.warp_instructions, 0, "the warp tier left f64 comparisons to the interpreter");
            }
        }
    }
}
