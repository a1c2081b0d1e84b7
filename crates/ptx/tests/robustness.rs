//! No input makes the front end panic or hang: adversarial inputs, truncations, and a bounded
//! mutation-fuzz run over corpus files (the long-running version is `fuzz/`, `cargo fuzz run parse`).

mod common;

use common::{Rng, mutate, mutation_seeds};

/// Parses, validates and prints `src`; if it is valid, checks that the print is valid too.
fn exercise(src: &str) {
    let (module, diags) = ptx::check(src);
    let _ = ptx::render_all(&diags, "fuzz.ptx", src);
    if diags.is_empty() {
        let printed = ptx::print_module(&module);
        let (_, again) = ptx::check(&printed);
        assert!(again.is_empty(), "valid input printed to invalid PTX:\n{src}\n---\n{printed}");
    }
}

const SMALL: &str = r#"
.version 9.0
.target sm_90
.address_size 64
.global .align 4 .b8 tbl[8] = {1, 2, 3, 4, 5, 6, 7, 8};
.visible .entry k(.param .u64 p, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %tid.x;
	setp.ge.u32 %p1, %r2, %r1;
	@%p1 bra $L__BB0_2;
	cvta.to.global.u64 %rd2, %rd1;
	mul.wide.u32 %rd3, %r2, 4;
	add.s64 %rd2, %rd2, %rd3;
	st.global.u32 [%rd2+-4], %r2;
$L__BB0_2:
	ret;
}
"#;

#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    let n = 1_000_000;
    let body = format!("{}{}", "{".repeat(n), "}".repeat(n));
    exercise(&format!(".version 9.0\n.target sm_90\n.address_size 64\n.entry k() {body}\n"));
    exercise(&format!(".version 9.0\n.target sm_90\n.address_size 64\n.entry k() {}\n", "{".repeat(n)));
    let parens = format!("{}1{}", "(".repeat(n), ")".repeat(n));
    exercise(&format!(".version 9.0\n.target sm_90\n.global .u32 x = {parens};\n"));
    let minus = "-".repeat(n);
    exercise(&format!(".version 9.0\n.target sm_90\n.global .u32 x = {minus}1;\n"));
    let chain = "x+".repeat(n);
    exercise(&format!(".version 9.0\n.target sm_90\n.global .u64 x = {chain}1;\n"));
    let lists = format!("{}1{}", "{".repeat(n), "}".repeat(n));
    exercise(&format!(".version 9.0\n.target sm_90\n.global .u32 x[1] = {lists};\n"));
    let vec = format!("{}%r1{}", "{".repeat(1000), "}".repeat(1000));
    exercise(&format!(".version 9.0\n.target sm_90\n.entry k() {{ .reg .b32 %r<2>; mov.b32 {vec}, 1; }}\n"));
}

#[test]
fn huge_and_malformed_literals_are_errors_not_panics() {
    for lit in [
        "99999999999999999999999999",
        "0xFFFFFFFFFFFFFFFFFFFF",
        "0f",
        "0f123",
        "0d1",
        "0b",
        "0x",
        "1e99999",
        "08",
        "1.5e",
        "0fFFFFFFFFF",
    ] {
        exercise(&format!(".version 9.0\n.target sm_90\n.entry k() {{ .reg .b32 %r<2>; mov.b32 %r1, {lit}; }}\n"));
    }
    exercise(".version 99999999999999999999.0\n");
    exercise(".version 9.0\n.target sm_99999999999999999999\n");
    exercise(".version 9.0\n.target sm_90\n.entry k() { .reg .b32 %r<99999999999>; }\n");
    exercise(".version 9.0\n.target sm_90\n.global .b8 x[99999999999999999999];\n");
}

#[test]
fn binary_garbage_and_empty_inputs() {
    exercise("");
    exercise("\0\0\0");
    exercise("\"unterminated");
    exercise("/* unterminated comment");
    exercise(".version");
    exercise(".section .debug_info {");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..200 {
        let len = rng.below(512);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        exercise(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn every_truncation_of_a_small_module() {
    for end in 0..=SMALL.len() {
        if SMALL.is_char_boundary(end) {
            exercise(&SMALL[..end]);
        }
    }
    let (_, diags) = ptx::check(SMALL);
    assert!(diags.is_empty(), "{}", ptx::render_all(&diags, "small.ptx", SMALL));
}

/// Byte- and token-level mutations of corpus files, a fixed number of rounds.
#[test]
fn bounded_mutation_fuzz() {
    let mut seeds = mutation_seeds();
    seeds.push(SMALL.to_string());
    let mut rng = Rng(42);
    let rounds = if cfg!(debug_assertions) { 300 } else { 3000 };
    for _ in 0..rounds {
        let seed = &seeds[rng.below(seeds.len())];
        exercise(&String::from_utf8_lossy(&mutate(seed, &mut rng)));
    }
}
