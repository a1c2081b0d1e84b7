//! Unit tests of the validator: snippets that must be accepted, and snippets that must be
//! rejected with an exact message. Every rejection here is also an error for ptxas 13.0
//! (except the `.maxntid` limit and the `.loc` file check, which ptxas leaves to the driver).

use crate::ast::{FuncKind, Item};
use crate::{parse, validate};

fn messages(src: &str) -> Vec<String> {
    let p = parse(src);
    assert!(p.diagnostics.is_empty(), "parse errors: {:?}", p.diagnostics);
    validate(&p.module).into_iter().map(|d| d.message).collect()
}

fn module(target: &str, version: &str, body: &str) -> String {
    format!(".version {version}\n.target {target}\n.address_size 64\n{body}\n")
}

fn kernel(target: &str, version: &str, body: &str) -> String {
    module(target, version, &format!(".visible .entry k(.param .u64 k_param_0)\n{{\n{body}\n}}"))
}

#[track_caller]
fn accept(src: &str) {
    assert_eq!(messages(src), Vec::<String>::new());
}

#[track_caller]
fn reject(src: &str, expected: &str) {
    assert_eq!(messages(src), vec![expected.to_string()]);
}

#[track_caller]
fn reject_body(body: &str, expected: &str) {
    reject(&kernel("sm_90", "9.0", body), expected);
}

// ---- accepted ------------------------------------------------------------------------------

/// `mbarrier.arrive` with a count needs sm_90 unless it is `.noComplete` (nvcc -G emits that for
/// `cuda::barrier` on sm_80; ptxas accepts it).
#[test]
fn accepts_mbarrier_arrive_no_complete_with_count_on_sm80() {
    let body = ".reg .b32 %r<3>;\n.reg .b64 %rd<4>;\nmbarrier.arrive.noComplete.shared.b64 %rd3, [%r1], %r2;\nret;";
    accept(&kernel("sm_80", "8.0", body));
    reject(
        &kernel("sm_80", "8.0", &body.replace(".noComplete", "")),
        "`mbarrier.arrive with a count and without .noComplete` requires `.target sm_90` or higher (module targets sm_80)",
    );
}

#[test]
fn accepts_nvcc_style_kernel() {
    accept(&module(
        "sm_75, debug",
        "9.0",
        r#"
.func  (.param .b32 func_retval0) _Z3addii(.param .b32 _Z3addii_param_0, .param .b32 _Z3addii_param_1);
.global .align 4 .u32 counter;
.global .align 1 .b8 $str[3] = {104, 105, 0};
.extern .func  (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.visible .entry _Z6kernelPi(.param .u64 .ptr .global .align 4 _Z6kernelPi_param_0)
.maxntid 256, 1, 1
{
	.reg .pred 	%p<3>;
	.reg .b16 	%rs<3>;
	.reg .b32 	%r<12>;
	.reg .f32 	%f<3>;
	.reg .b64 	%rd<8>;
	.loc	1 4 0
$L__func_begin0:
	ld.param.u64 	%rd1, [_Z6kernelPi_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	setp.gt.s32 	%p1, %r4, 99;
	@%p1 bra 	$L__BB0_2;
	mul.wide.s32 	%rd3, %r4, 4;
	add.s64 	%rd4, %rd2, %rd3;
	ld.global.u32 	%r5, [%rd4];
	ld.global.u8 	%rs1, [%rd4+4];
	cvt.u32.u16 	%r6, %rs1;
	mov.b32 	%f1, %r6;
	add.rn.f32 	%f2, %f1, 0f3F800000;
	mov.b32 	{%rs1, %rs2}, %r5;
	{ // callseq 0, 0
	.param .b32 param0;
	st.param.b32 	[param0], %r5;
	.param .b32 param1;
	st.param.b32 	[param1], %r6;
	.param .b32 retval0;
	call.uni (retval0), _Z3addii, (param0, param1);
	ld.param.b32 	%r7, [retval0];
	} // callseq 0
	atom.global.add.u32 	%r8, [counter], %r7;
	shl.b32 	%r9, %r8, %r1;
	selp.b32 	%r10, %r9, 0, %p1;
	st.global.u32 	[%rd4], %r10;
	mov.u64 	%rd5, $str;
	cvta.global.u64 	%rd6, %rd5;
	bar.sync 	0;
	// begin inline asm
	{ .reg .pred p; setp.ne.u32 p, %r10, 0; selp.u32 %r11, 1, 0, p; }
	// end inline asm
	// begin inline asm
	{ .reg .pred p; setp.ne.u32 p, %r11, 0; selp.u32 %r11, 1, 0, p; }
	// end inline asm
$L__BB0_2:
	ret;
}
.func  (.param .b32 func_retval0) _Z3addii(.param .b32 _Z3addii_param_0, .param .b32 _Z3addii_param_1)
{
	.reg .b32 	%r<4>;
	ld.param.u32 	%r1, [_Z3addii_param_0];
	ld.param.u32 	%r2, [_Z3addii_param_1];
	add.s32 	%r3, %r2, %r1;
	st.param.b32 	[func_retval0], %r3;
	ret;
}
.file	1 "/tmp/k.cu"
"#,
    ));
}

#[test]
fn accepts_clang_style_module() {
    accept(&module(
        "sm_60",
        "6.0",
        r#"
.extern .shared .align 16 .b8 dyn_smem[];
.global .align 4 .u32 counter;
.global .align 8 .u64 counter_ptr = generic(counter);
.weak .func  (.param .align 4 .b8 func_retval0[8]) _Z4pairf(.param .b32 _Z4pairf_param_0)
{
	.reg .f32 	%f<3>;
	.reg .b16 	%h<3>;
	.reg .b32 	%hh<2>;
	ld.param.f32 	%f1, [_Z4pairf_param_0];
	add.rn.f32 	%f2, %f1, 0f3F800000;
	cvt.rn.f16.f32 	%h1, %f1;
	cvt.rn.f16.f32 	%h2, %f2;
	mov.b32 	%hh1, {%h1, %h2};
	st.param.v2.f32 	[func_retval0+0], {%f1, %f2};
	ret;
}
.visible .entry _Z4testPf(.param .u64 _Z4testPf_param_0)
{
	.local .align 8 .b8 	__local_depot1[8];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;
	.reg .pred 	%p<2>;
	.reg .b32 	%r<4>;
	.reg .f32 	%f<4>;
	.reg .b64 	%rd<4>;
	.reg .f64 	%fd<2>;
// %bb.0:
	mov.u64 	%SPL, __local_depot1;
	cvta.local.u64 	%SP, %SPL;
	ld.param.u64 	%rd1, [_Z4testPf_param_0];
	ld.global.f32 	%f1, [%rd1];
	{ // callseq 0, 0
	.param .b32 param0;
	st.param.f32 	[param0+0], %f1;
	.param .align 4 .b8 retval0[8];
	call.uni (retval0), _Z4pairf, (param0);
	ld.param.v2.f32 	{%f2, %f3}, [retval0+0];
	} // callseq 0
	cvt.f64.f32 	%fd1, %f2;
	st.f64 	[%SP+0], %fd1;
	add.u64 	%rd2, %SP, 0;
	ld.shared.u32 	%r1, [dyn_smem+4];
	shfl.bfly.b32 	%r2, %r1, 1, 31;
	setp.eq.s32 	%p1, %r2, 0;
	@!%p1 bra 	LBB1_2;
	.pragma "nounroll";
	atom.global.add.u32 	%r3, [counter], %r2;
LBB1_2:
	ret;
}
"#,
    ));
}

#[test]
fn accepts_indirect_calls_and_branch_tables() {
    accept(
        &kernel(
            "sm_80",
            "7.0",
            r#"
	.reg .b32 %r<3>;
	.reg .b64 %rd<3>;
	mov.u64 %rd1, f;
	{
	.param .b32 param0;
	.param .b32 retval0;
	st.param.b32 [param0], 1;
	prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);
	call (retval0), %rd1, (param0), prototype_0;
	ld.param.b32 %r1, [retval0];
	}
	ts: .branchtargets L0, L1;
	brx.idx %r1, ts;
L0:
	bra.uni L1;
L1:
	ret;
"#,
        )
        .replace(
            ".visible .entry",
            ".func (.param .b32 r) f(.param .b32 a) { st.param.b32 [r], 1; ret; }\n.visible .entry",
        ),
    );
}

#[test]
fn call_prototypes_keep_their_abi_preserve_directives() {
    // `#pragma nv_abi preserve_n_data(16) preserve_n_control(8)` at an indirect call: nvcc 13.0
    // writes both directives after the prototype's parameters (PTX 9.0).
    let src = module(
        "sm_90",
        "9.0",
        ".func (.param .b32 r) f(.param .b32 a) .abi_preserve 16 .abi_preserve_control 8 { st.param.b32 [r], 1; ret; }
.visible .entry k() {
\t.reg .b32 %r<2>;
\t.reg .b64 %rd<2>;
\tmov.u64 %rd1, f;
\t{
\t.param .b32 param0;
\t.param .b32 retval0;
\tst.param.b32 [param0], 7;
\tp0 : .callprototype (.param .b32 _) _ (.param .b32 _) .abi_preserve 16 .abi_preserve_control 8;
\tp1 : .callprototype (.param .b32 _) _ (.param .b32 _) .abi_preserve_control 8;
\tcall (retval0), %rd1, (param0), p0;
\tcall (retval0), %rd1, (param0), p1;
\tld.param.b32 %r1, [retval0];
\t}
\tret;
}
",
    );
    accept(&src);
    let printed = crate::print_module(&parse(&src).module);
    // The printer lays parameter lists over lines: compare with whitespace collapsed.
    let flat = printed.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("_ ) .abi_preserve 16 .abi_preserve_control 8; p1:"), "{printed}");
    assert!(flat.contains("_ ) .abi_preserve_control 8; call"), "{printed}");
    assert_eq!(crate::print_module(&parse(&printed).module), printed);
}

#[test]
fn accepts_scoped_labels_and_registers() {
    // Inline assembly duplicated in sibling blocks (labels and registers are block scoped);
    // labels are visible before their definition and from nested blocks; `%r01` is `%r1`.
    accept(&kernel(
        "sm_90",
        "8.0",
        r#"
	.reg .b32 %r<4>;
	.shared .b64 mbar;
	{ .reg .pred P1; LAB_WAIT: mbarrier.try_wait.parity.shared::cta.b64 P1, [mbar], %r1; @P1 bra DONE; bra LAB_WAIT; DONE: }
	{ .reg .pred P1; LAB_WAIT: mbarrier.try_wait.parity.shared::cta.b64 P1, [mbar], %r2; @P1 bra DONE; bra LAB_WAIT; DONE: }
	{ .reg .b32 %r<2>; mov.b32 %r3, %r01; { bra OUT; } }
OUT:
	mov.u32 %r1, WARP_SZ;
	ret;
"#,
    ));
}

#[test]
fn accepts_modern_instructions_on_their_targets() {
    accept(&kernel(
        "sm_90a",
        "8.0",
        r#"
	.reg .b16 %h<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.reg .f32 %f<9>;
	.reg .pred %p<2>;
	.shared .align 8 .b64 mbar;
	mov.u32 %r1, %cluster_ctarank;
	redux.sync.add.u32 %r2, %r1, -1;
	elect.sync %r3|%p1, -1;
	mbarrier.init.shared::cta.b64 [mbar], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [mbar], 128;
	fence.proxy.async.shared::cta;
	griddepcontrol.wait;
	setmaxnreg.inc.sync.aligned.u32 240;
	wgmma.fence.sync.aligned;
	wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%f1,%f2,%f3,%f4,%f5,%f6,%f7,%f8}, %rd1, %rd2, 1, 1, 1, 0, 0;
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 0;
	mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%f1,%f2,%f3,%f4};
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 128, [mbar];
	cvt.rn.satfinite.e4m3x2.f32 %h1, %f1, %f2;
	ret;
"#,
    ));
}

// ---- rejected ------------------------------------------------------------------------------

#[test]
fn rejects_undeclared_register() {
    reject_body(".reg .b32 %r<10>;\n\tadd.s32 %r1, %r99, 1;\n\tret;", "use of undeclared register `%r99`");
}

#[test]
fn rejects_unknown_label() {
    reject_body("bra.uni $L__BB0_9;\n\tret;", "unknown label `$L__BB0_9`");
}

#[test]
fn rejects_label_of_a_sibling_block() {
    reject_body("{ L1: ret; }\n\t{ bra L1; }\n\tret;", "unknown label `L1`");
}

#[test]
fn rejects_duplicate_register() {
    reject_body(".reg .b32 %r1;\n\t.reg .b32 %r1;\n\tret;", "duplicate definition of `%r1`");
    reject_body(".reg .b32 %r<4>;\n\t.reg .b32 %r3;\n\tret;", "duplicate definition of `%r3`");
    reject_body(".reg .b32 k_param_0;\n\tret;", "duplicate definition of `k_param_0`");
}

#[test]
fn rejects_duplicate_module_symbols() {
    reject(
        &module("sm_80", "7.0", ".global .b32 g;\n.global .b32 g;\n.entry k() { ret; }"),
        "duplicate definition of `g`",
    );
    reject(
        &module("sm_80", "7.0", ".func f() { ret; }\n.func f() { ret; }\n.entry k() { ret; }"),
        "duplicate definition of `f`",
    );
}

#[test]
fn rejects_wrong_operand_count() {
    reject_body(".reg .b32 %r<3>;\n\tadd.s32 %r1, %r2;\n\tret;", "`add` expects 3 operands, found 2");
    reject_body(".reg .b32 %r1;\n\tret %r1;", "`ret` expects 0 operands, found 1");
}

#[test]
fn rejects_unknown_modifier() {
    reject_body(".reg .b32 %r<3>;\n\tadd.gee.s32 %r1, %r2, %r2;\n\tret;", "unknown modifier `.gee` on `add`");
}

#[test]
fn rejects_conflicting_modifiers() {
    reject_body(
        ".reg .f32 %f<3>;\n\tadd.rn.rz.f32 %f1, %f2, %f2;\n\tret;",
        "conflicting modifiers `.rn` and `.rz` on `add`",
    );
    reject_body(
        ".reg .b32 %r<3>;\n\tadd.u32.s32 %r1, %r2, %r2;\n\tret;",
        "conflicting modifiers `.u32` and `.s32` on `add`",
    );
}

#[test]
fn rejects_wrong_operand_kind() {
    reject_body(
        ".reg .f32 %f<3>;\n\t.reg .b64 %rd1;\n\tadd.f32 %f1, [%rd1], %f2;\n\tret;",
        "operand 1 of `add.f32` must be a register or immediate, found an address",
    );
    reject_body(".reg .b64 %rd1;\n\tbra %rd1;\n\tret;", "operand 0 of `bra` must be a label, found a register");
    reject_body(
        ".reg .b32 %r1;\n\tadd.u32 %r1, %tid.x, 1;\n\tret;",
        "special register `%tid.x` cannot be an operand of `add`; only `mov` and `cvt` read special registers",
    );
}

#[test]
fn rejects_operand_type_mismatches() {
    reject_body(
        ".reg .b32 %r<3>;\n\t.reg .b64 %rd1;\n\tadd.u32 %r1, %rd1, %r2;\n\tret;",
        "register `%rd1` is .b64 but `add.u32` needs a 32-bit operand",
    );
    reject_body(
        ".reg .b32 %r<3>;\n\tselp.b32 %r1, %r2, %r2, %r2;\n\tret;",
        "register `%r2` is .b32 but `selp.b32` needs a .pred operand",
    );
    reject_body(
        ".reg .b16 %rs1;\n\t.reg .b64 %rd1;\n\tld.global.u32 %rs1, [%rd1];\n\tret;",
        "register `%rs1` is .b16 but `ld.global.u32` needs an operand of at least 32 bits",
    );
    reject_body(
        ".reg .f32 %f1;\n\t.reg .f16x2 %h1;\n\tadd.f16x2 %h1, %h1, %f1;\n\tret;",
        "register `%f1` is .f32 but `add.f16x2` needs a .f16x2 or bit-size operand",
    );
    reject_body(
        ".reg .b32 %r1;\n\tadd.s32 %r1, %r1, 0f3F800000;\n\tret;",
        "operand 2 of `add.s32` is a floating-point immediate, which does not fit type .s32",
    );
    reject_body(".reg .b32 %r1;\n\t@%r1 ret;\n\tret;", "guard `%r1` is .b32, not .pred");
}

#[test]
fn rejects_bad_calls() {
    let f = ".func (.param .b32 r) f(.param .b32 a) { st.param.b32 [r], 1; ret; }\n";
    reject(
        &format!(
            "{}{f}.entry k() {{ .param .b32 p; .param .b32 r; call (r), f, (p, p); ret; }}",
            module("sm_80", "7.0", "")
        ),
        "`call` passes 2 arguments to `f`, which takes 1",
    );
    reject(
        &format!(
            "{}{f}.entry k() {{ .reg .b64 %rd; .param .b32 p; mov.u64 %rd, f; call %rd, (p); ret; }}",
            module("sm_80", "7.0", "")
        ),
        "indirect `call` through `%rd` needs a `.callprototype` or `.calltargets` label as its last operand",
    );
    reject(&module("sm_80", "7.0", ".entry k() { call nothere; ret; }"), "unknown function `nothere`");
}

#[test]
fn rejects_instructions_newer_than_the_target() {
    reject(
        &kernel(
            "sm_75",
            "9.0",
            ".reg .b64 %rd1;\n\t.shared .b64 mbar;\n\tcp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [mbar], [%rd1], 16, [mbar];\n\tret;",
        ),
        "`cp.async.bulk` requires `.target sm_90` or higher (module targets sm_75)",
    );
    reject(
        &kernel("sm_90", "8.0", "wgmma.fence.sync.aligned;\n\tret;"),
        "`wgmma` requires `.target sm_90a` (module targets sm_90)",
    );
    reject(
        &kernel("sm_75", "9.0", ".reg .b32 %r1;\n\tmov.u32 %r1, %cluster_ctarank;\n\tret;"),
        "`%cluster_ctarank` requires `.target sm_90` or higher (module targets sm_75)",
    );
}

#[test]
fn rejects_instructions_newer_than_the_version() {
    let redux = ".reg .b32 %r1;\n\tredux.sync.add.u32 %r1, %r1, -1;\n\tret;";
    assert_eq!(
        messages(&kernel("sm_75", "6.4", redux)),
        vec![
            "`redux.sync` requires `.target sm_80` or higher (module targets sm_75)".to_string(),
            "`redux.sync` requires PTX ISA 7.0 (module is .version 6.4)".to_string(),
        ]
    );
    reject(
        &kernel(
            "sm_80",
            "7.8",
            ".reg .pred %p1;\n\t.shared .b64 mbar;\n\tmbarrier.try_wait.parity.b64 %p1, [mbar], 0;\n\tret;",
        ),
        "`mbarrier.try_wait` requires `.target sm_90` or higher (module targets sm_80)",
    );
    reject(
        &kernel(
            "sm_90",
            "7.8",
            ".reg .pred %p1;\n\t.shared .b64 mbar;\n\tmbarrier.arrive.expect_tx.b64 _, [mbar], 16;\n\tret;",
        ),
        "`mbarrier.expect_tx` requires PTX ISA 8.0 (module is .version 7.8)",
    );
}

#[test]
fn rejects_version_and_target_mismatches() {
    reject(
        &module("sm_90", "9.1", ".entry k() { ret; }"),
        "unsupported .version 9.1; Cuprite supports PTX ISA up to 9.0",
    );
    reject(
        &module("sm_90", "7.0", ".entry k() { ret; }"),
        "`.target sm_90` requires PTX ISA 7.8 (module is .version 7.0)",
    );
    reject(&module("sm_99", "9.0", ".entry k() { ret; }"), "unknown target architecture `sm_99`");
    // ptxas ignores an unknown letter after a known target, not a misplaced `a` or `f`.
    accept(&module("sm_90b", "9.0", ".entry k() { ret; }"));
    accept(&module("sm_52x", "9.0", ".entry k() { ret; }"));
    reject(&module("sm_80a", "9.0", ".entry k() { ret; }"), "unknown target architecture `sm_80a`");
    reject(&module("sm_90f", "9.0", ".entry k() { ret; }"), "unknown target architecture `sm_90f`");
    reject(&module("sm_99b", "9.0", ".entry k() { ret; }"), "unknown target architecture `sm_99b`");
}

#[test]
fn rejects_more_than_48_kib_of_static_shared_memory_as_ptxas_does() {
    // ptxas 13.0: "Entry function 'k' uses too much shared data (0xc001 bytes, 0xc000 max)",
    // unused variables counted; 0xc000 bytes load.
    let entry = |decls: &str| module("sm_80", "8.0", &format!(".entry k() {{ {decls} ret; }}"));
    reject(
        &entry(".shared .align 4 .b8 big[49153];"),
        "entry `k` uses too much shared data (0xc001 bytes, 0xc000 max)",
    );
    reject(
        &entry(".shared .align 8 .b64 a[6016]; .shared .align 16 .b8 b[1025];"),
        "entry `k` uses too much shared data (0xc001 bytes, 0xc000 max)",
    );
    accept(&entry(".shared .align 4 .b8 big[49152];"));
    accept(&entry(".shared .align 8 .b64 a[6016]; .shared .align 16 .b8 b[1024];"));
}

#[test]
fn rejects_entry_parameters_over_the_limit_as_ptxas_does() {
    // ptxas 13.0: "Entry function 'k' uses too much parameter space (0x8001 bytes, 0x7ffc max)";
    // parameters laid out in order at their alignments; 0x1100 bytes before PTX ISA 8.1.
    let entry = |version: &str, params: &str| module("sm_80", version, &format!(".entry k({params}) {{ ret; }}"));
    reject(
        &entry("8.1", ".param .u8 b, .param .u32 a[8188], .param .align 16 .b8 c[1]"),
        "entry `k` uses too much parameter space (0x8001 bytes, 0x7ffc max)",
    );
    reject(
        &entry("9.0", ".param .align 4 .b8 p[32765]"),
        "entry `k` uses too much parameter space (0x7ffd bytes, 0x7ffc max)",
    );
    accept(&entry("8.1", ".param .align 4 .b8 p[32764]"));
    accept(&entry("8.1", ".param .u8 a, .param .align 8 .b8 p[32752], .param .u32 c"));
    reject(
        &entry("8.0", ".param .align 4 .b8 p[4353]"),
        "entry `k` uses too much parameter space (0x1101 bytes, 0x1100 max)",
    );
    accept(&entry("8.0", ".param .align 4 .b8 p[4352]"));
}

#[test]
fn rejects_bad_directives() {
    reject(
        &module("sm_80", "7.0", ".entry k() .maxntid 64, 32 { ret; }"),
        "`.maxntid` allows 2048 threads per block; the limit is 1024",
    );
    reject(
        &module("sm_80", "7.0", ".entry k() {\n.loc 3 1 1\nret; }"),
        "`.loc` refers to file 3, which has no `.file` directive",
    );
    // The parser never gives `.entry` return parameters; build one by hand.
    let mut p = parse(&module("sm_80", "7.0", ".func (.param .b32 r) f() { ret; }"));
    if let Item::Func(f) = &mut p.module.items[0] {
        f.kind = FuncKind::Entry;
    }
    let msgs: Vec<String> = validate(&p.module).into_iter().map(|d| d.message).collect();
    assert_eq!(msgs, vec!["`.entry` function `f` cannot have return parameters".to_string()]);
}

#[test]
fn gating_table_is_substantial() {
    let (gates, sregs) = super::gating::table_size();
    println!("gating table: {gates} instruction/modifier entries, {sregs} special registers");
    assert!(gates >= 100 && sregs >= 20, "{gates} {sregs}");
}

/// A `.reg` holds a fundamental type; vectors are of non-predicate types and at most 128 bits;
/// `.b128` exists from PTX ISA 8.3 on (PTX ISA 5.2, 5.4.3; ptxas 13.0 agrees).
#[test]
fn register_declarations_follow_the_fundamental_types() {
    accept(&kernel("sm_90", "9.0", ".reg .v4 .b32 %v;\n.reg .v2 .f64 %w;\n.reg .b128 %q;\n.reg .f16x2 %h;\nret;"));
    reject_body(
        ".reg .bf16 %x;\nret;",
        ".bf16 is not a fundamental type: a register holding .bf16 data is declared .b16",
    );
    reject_body(
        ".reg .u16x2 %x;\nret;",
        ".u16x2 is not a fundamental type: a register holding .u16x2 data is declared .b32",
    );
    reject_body(".reg .v4 .f64 %x;\nret;", "`.v4 .f64` is 256 bits: vectors are at most 128 bits");
    reject_body(".reg .v2 .b128 %x;\nret;", "`.v2 .b128` is 256 bits: vectors are at most 128 bits");
    reject_body(".reg .v2 .pred %x;\nret;", "a vector register cannot be of .pred (`.v2 .pred`)");
    reject(
        &kernel("sm_90", "8.2", ".reg .b128 %x;\nret;"),
        ".b128 registers require PTX ISA 8.3 (module is .version 8.2)",
    );
}

/// "For PTX ISA version 1.4 and later, the .approx modifier is required" (`sin`, `cos`, `lg2`,
/// `ex2`, `rsqrt`): older modules default to the approximation.
#[test]
fn approximate_functions_need_approx_from_ptx_1_4() {
    // (no `.address_size`: it came with PTX ISA 2.3)
    let old = |version: &str, body: &str| format!(".version {version}\n.target sm_10\n.entry k()\n{{\n{body}\n}}\n");
    let body = ".reg .f32 %f<2>;\nsin.f32 %f0, %f1;\nret;";
    accept(&old("1.3", body));
    reject(&old("1.4", body), "`sin.f32` requires `.approx` (from PTX ISA 1.4 on)");
    accept(&old("1.4", &body.replace("sin.f32", "sin.approx.f32")));
}

/// Legacy 16-bit reads of `%tid`, `%ntid`, `%ctaid`, `%nctaid` and 16-, 32- or 64-bit reads of
/// `%gridid` (PTX ISA 10.1-10.10); other special registers are read at their own size.
#[test]
fn special_registers_are_read_at_their_size() {
    let decls = ".reg .b16 %h;\n.reg .b32 %r;\n.reg .b64 %rd;\n";
    accept(&kernel(
        "sm_90",
        "9.0",
        &format!(
            "{decls}mov.u16 %h, %ntid.y;\nmov.u32 %r, %gridid;\nmov.u64 %rd, %gridid;\nmov.s64 %rd, %clock64;\nret;"
        ),
    ));
    reject_body(
        &format!("{decls}mov.u16 %h, %laneid;\nret;"),
        "`mov.u16` cannot read special register `%laneid`, which is .u32",
    );
    reject_body(
        &format!("{decls}mov.u64 %rd, %ctaid.x;\nret;"),
        "`mov.u64` cannot read special register `%ctaid`, which is .u32",
    );
}

/// "Integer wmma requires sm_72 or higher", "Sub-byte and single-bit wmma requires sm_75 or
/// higher" (PTX ISA 9.7.14.4.4 `wmma.store`): that includes their `.s32` results.
#[test]
fn integer_and_sub_byte_wmma_need_their_targets() {
    let store = |shape: &str| {
        format!(
            ".reg .b32 %r<4>;\n.reg .b64 %rd;\nwmma.store.d.sync.aligned.row.{shape}.s32 [%rd], {{%r0, %r1}}, %r2;\nret;"
        )
    };
    accept(&kernel("sm_75", "9.0", &store("m8n8k32")));
    reject(
        &kernel("sm_72", "9.0", &store("m8n8k32")),
        "`wmma.m8n8k32` requires `.target sm_75` or higher (module targets sm_72)",
    );
    let m16 = ".reg .b32 %r<8>;\n.reg .b64 %rd;\nwmma.store.d.sync.aligned.row.m16n16k16.s32 [%rd], {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, %r0;\nret;";
    accept(&kernel("sm_72", "9.0", m16));
    reject(&kernel("sm_70", "9.0", m16), "`integer wmma` requires `.target sm_72` or higher (module targets sm_70)");
}
