//! Lowering pieces both compiled tiers share (`compile/` per thread, `warp/` per warp): how a
//! PTX comparison maps to Cranelift's condition codes, the read-modify-write of an inlined
//! shared-memory atomic, global access sites and a global atomic's fast path, calls to the
//! Rust helpers, and the JIT module both compile into.

use cranelift_codegen::Context;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{AbiParam, InstBuilder, MemFlagsData, SigRef, Signature, Value, types};
use cranelift_codegen::isa::TargetFrontendConfig;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::FunctionBuilder;
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module, default_libcall_names};
use ptx::types::CmpOp;

use crate::ir::AtomOp;

/// The integer condition of comparison `op` (`signed`: an `.s` type). Float-only operators
/// compare as `ge`, as the interpreter's `crate::semantics::compare::cmp` does.
pub(crate) fn int_cc(op: CmpOp, signed: bool) -> IntCC {
    use CmpOp::*;
    match (op, signed) {
        (Eq, _) => IntCC::Equal,
        (Ne, _) => IntCC::NotEqual,
        (Lt | Lo, true) => IntCC::SignedLessThan,
        (Lt | Lo, false) => IntCC::UnsignedLessThan,
        (Le | Ls, true) => IntCC::SignedLessThanOrEqual,
        (Le | Ls, false) => IntCC::UnsignedLessThanOrEqual,
        (Gt | Hi, true) => IntCC::SignedGreaterThan,
        (Gt | Hi, false) => IntCC::UnsignedGreaterThan,
        (_, true) => IntCC::SignedGreaterThanOrEqual,
        (_, false) => IntCC::UnsignedGreaterThanOrEqual,
    }
}

/// The float condition of comparison `op` (ordered unless `u`-suffixed, as PTX defines them);
/// `None` for the unsigned-integer operators.
pub(crate) fn float_cc(op: CmpOp) -> Option<FloatCC> {
    use CmpOp::*;
    Some(match op {
        Eq => FloatCC::Equal,
        Ne => FloatCC::OrderedNotEqual,
        Lt => FloatCC::LessThan,
        Le => FloatCC::LessThanOrEqual,
        Gt => FloatCC::GreaterThan,
        Ge => FloatCC::GreaterThanOrEqual,
        Equ => FloatCC::UnorderedOrEqual,
        Neu => FloatCC::NotEqual,
        Ltu => FloatCC::UnorderedOrLessThan,
        Leu => FloatCC::UnorderedOrLessThanOrEqual,
        Gtu => FloatCC::UnorderedOrGreaterThan,
        Geu => FloatCC::UnorderedOrGreaterThanOrEqual,
        Num => FloatCC::Ordered,
        Nan => FloatCC::Unordered,
        Lo | Ls | Hi | Hs => return None,
    })
}

/// The host atomic that performs integer atomic `op` on global memory in both compiled
/// tiers (`None`: floats, `inc`/`dec`, `cas`: the interpreter's, `h_atom_site`).
///
/// The same rule as `semantics::atomic::apply`: at the access width (4 or 8 bytes, the only
/// ones inlined), `apply`'s arm for each of these operations is wrapping `add`, `and`, `or`,
/// `xor`, the unsigned or signed (sign-extended at the width) `min`/`max`, or `b` for `exch`,
/// truncated to the width: exactly what the processor's `lock xadd`/`cmpxchg` loop of
/// Cranelift's `atomic_rmw` of that width computes. `tests/conformance_forms/atomics.rs`
/// runs each on every engine.
pub(crate) fn host_rmw(op: AtomOp) -> Option<cranelift_codegen::ir::AtomicRmwOp> {
    use cranelift_codegen::ir::AtomicRmwOp as R;
    Some(match op {
        AtomOp::Add => R::Add,
        AtomOp::And => R::And,
        AtomOp::Or => R::Or,
        AtomOp::Xor => R::Xor,
        AtomOp::MinU => R::Umin,
        AtomOp::MaxU => R::Umax,
        AtomOp::MinS => R::Smin,
        AtomOp::MaxS => R::Smax,
        AtomOp::Exch => R::Xchg,
        _ => return None,
    })
}

/// What a global access site's slot holds (`Ctx::sites`, three words per site), as both
/// compiled tiers read it: the base of the allocation the site last saw, the bound of
/// `rotr(offset, log2 size)` in it (its valid slots), and the allocation's host address.
pub(crate) struct SiteSlot {
    pub base: Value,
    pub bound: Value,
    pub host: Value,
}

/// Loads the slot of access site `site` from the site table at `tbl`.
pub(crate) fn site_slot(b: &mut FunctionBuilder<'_>, tbl: Value, site: u64) -> SiteSlot {
    let at = (site * 24) as i32;
    SiteSlot {
        base: b.ins().load(types::I64, flags(), tbl, at),
        bound: b.ins().load(types::I64, flags(), tbl, at + 8),
        host: b.ins().load(types::I64, flags(), tbl, at + 16),
    }
}

/// The inline fast path of an integer atomic on global memory, one home for both compiled
/// tiers: the host atomic `rmw` of `size` bytes at global address `a` with operand `y` when
/// the access site's allocation (`slot`) holds the address, aligned. Leaves the builder in the
/// (cold) block taken otherwise, where the tier calls `h_atom_site` (which reports faults and
/// points the site at the allocation) and jumps to the returned join block with the old value,
/// its one parameter.
pub(crate) fn global_atom_fast_path(
    b: &mut FunctionBuilder<'_>,
    rmw: cranelift_codegen::ir::AtomicRmwOp,
    size: u8,
    slot: &SiteSlot,
    a: Value,
    y: Value,
) -> cranelift_codegen::ir::Block {
    let (o, ok) = site_offset(b, a, slot.base, slot.bound, size);
    let (fast, slow, join) = (b.create_block(), b.create_block(), b.create_block());
    b.append_block_param(join, types::I64);
    b.ins().brif(ok, fast, &[], slow, &[]);
    b.switch_to_block(fast);
    b.seal_block(fast);
    let old = host_atomic(b, rmw, size, slot.host, o, y);
    b.ins().jump(join, &[cranelift_codegen::ir::BlockArg::Value(old)]);
    b.switch_to_block(slow);
    b.seal_block(slow);
    b.set_cold_block(slow);
    join
}

/// The offset of global address `a` into the allocation an access site last saw (`gb`: its
/// base, `bound`: its valid `size`-byte slots, both from the site's slot) and whether the
/// access is inside it and aligned there (one rotate and compare).
pub(crate) fn site_offset(b: &mut FunctionBuilder<'_>, a: Value, gb: Value, bound: Value, size: u8) -> (Value, Value) {
    let o = b.ins().isub(a, gb);
    let r = b.ins().rotr_imm_s(o, i64::from(size.trailing_zeros()));
    (o, b.ins().icmp(IntCC::UnsignedLessThan, r, bound))
}

/// The host atomic `rmw` of `size` (4 or 8) bytes with operand `y` at `host + o`; the old
/// value, zero-extended to `i64`.
pub(crate) fn host_atomic(
    b: &mut FunctionBuilder<'_>,
    rmw: cranelift_codegen::ir::AtomicRmwOp,
    size: u8,
    host: Value,
    o: Value,
    y: Value,
) -> Value {
    let p = b.ins().iadd(host, o);
    let ty = if size == 8 { types::I64 } else { types::I32 };
    let yv = if size == 8 { y } else { b.ins().ireduce(types::I32, y) };
    let old = b.ins().atomic_rmw(ty, flags(), rmw, p, yv);
    if size == 8 { old } else { b.ins().uextend(types::I64, old) }
}

/// Whether a 32-bit atomic `op` on shared memory is inlined (`atom_rmw`): the operations a
/// host atomic performs on global memory ([`host_rmw`], one list of them).
pub(crate) fn inline_shared_atom(op: AtomOp) -> bool {
    host_rmw(op).is_some()
}

/// The new 32-bit value of an inlined atomic `op` on `old` with operand `y` (both `i32`):
/// `semantics::atomic::apply`'s arm for `op` at 4 bytes, as the host atomic [`host_rmw`] maps
/// it would compute (the operations [`inline_shared_atom`] admits; `exch` is `y`).
pub(crate) fn atom_rmw(b: &mut FunctionBuilder<'_>, op: AtomOp, old: Value, y: Value) -> Value {
    use cranelift_codegen::ir::AtomicRmwOp as R;
    match host_rmw(op) {
        Some(R::Add) => b.ins().iadd(old, y),
        Some(R::And) => b.ins().band(old, y),
        Some(R::Or) => b.ins().bor(old, y),
        Some(R::Xor) => b.ins().bxor(old, y),
        Some(R::Umin) => b.ins().umin(old, y),
        Some(R::Umax) => b.ins().umax(old, y),
        Some(R::Smin) => b.ins().smin(old, y),
        Some(R::Smax) => b.ins().smax(old, y),
        _ => y,
    }
}

/// Calls Rust helper `f` (an `extern "C"` function taking `args.len()` `u64`s, returning one
/// when `ret`), importing each signature once (`sigs`).
pub(crate) fn call_helper(
    b: &mut FunctionBuilder<'_>,
    sigs: &mut Vec<((usize, bool), SigRef)>,
    f: usize,
    args: &[Value],
    ret: bool,
) -> Option<Value> {
    let key = (args.len(), ret);
    let sig = match sigs.iter().find(|(k, _)| *k == key) {
        Some((_, s)) => *s,
        None => {
            let mut s = Signature::new(b.func.signature.call_conv);
            s.params.extend(args.iter().map(|_| AbiParam::new(types::I64)));
            if ret {
                s.returns.push(AbiParam::new(types::I64));
            }
            let r = b.import_signature(s);
            sigs.push((key, r));
            r
        }
    };
    let callee = b.ins().iconst(types::I64, f as i64);
    let call = b.ins().call_indirect(sig, callee, args);
    b.inst_results(call).first().copied()
}

/// Cranelift's register allocators (its `regalloc_algorithm`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Regalloc {
    /// regalloc2's backtracking allocator: the better code. It was ~80% of the warp tier's
    /// compile of long kernels (Rodinia lud's perimeter kernel: 400,000 CLIF instructions).
    Backtracking,
    /// regalloc2's single-pass allocator: 2.5-4.5x faster compiles of the warp tier's long
    /// kernels, code that spills more.
    SinglePass,
}

/// A JIT module generating code for this CPU (through Cranelift's optimizer when
/// `optimize`; registers allocated by `regalloc`), and the front-end configuration function
/// builders need.
pub(crate) fn host_module(optimize: bool, regalloc: Regalloc) -> Result<(JITModule, TargetFrontendConfig), String> {
    let mut flags = settings::builder();
    let set = |fl: &mut settings::Builder, k: &str, v: &str| fl.set(k, v).map_err(|e| e.to_string());
    let opt = if optimize { "speed" } else { "none" };
    set(&mut flags, "opt_level", opt)?;
    let ra = match regalloc {
        Regalloc::Backtracking => "backtracking",
        Regalloc::SinglePass => "single_pass",
    };
    set(&mut flags, "regalloc_algorithm", ra)?;
    set(&mut flags, "is_pic", "false")?;
    // Cranelift's IR verifier checks our code generators' output. Users pay its time at every
    // kernel's first launch, so it runs in debug builds and where `CUPRITE_JIT_VERIFY` is set
    // (the test suite sets it).
    let verify = cfg!(debug_assertions) || crate::env::flag(crate::env::JIT_VERIFY);
    set(&mut flags, "enable_verifier", if verify { "true" } else { "false" })?;
    let isa = cranelift_native::builder()
        .map_err(|e| e.to_string())?
        .finish(settings::Flags::new(flags))
        .map_err(|e| e.to_string())?;
    let fc = isa.frontend_config();
    Ok((JITModule::new(JITBuilder::with_isa(isa, default_libcall_names())), fc))
}

/// The largest stack frame compiled code may have: half the stack of the threads Cuprite
/// starts to run blocks on (`workers::THREAD_STACK`); a thread with less room left runs the
/// warp tier's code on the interpreter instead (`jit/warp/entry.rs`).
const MAX_FRAME: u32 = (crate::workers::THREAD_STACK / 2) as u32;

/// The code range of one source location: start, end, location bits.
pub(crate) type CodeRange = (u32, u32, u32);

/// Compiles the function built in `ctx` and finalizes it: its code address, (when `ranges`)
/// the code range of each source location (start, end, location bits), and its stack frame's
/// size in bytes.
/// `CUPRITE_JIT_DUMP=1` prints the machine code, headed by `title`.
pub(crate) fn define(
    module: &mut JITModule,
    ctx: &mut Context,
    title: &str,
    ranges: bool,
) -> Result<(*const u8, Vec<CodeRange>, u32), String> {
    let id = module.declare_function("kernel", Linkage::Export, &ctx.func.signature).map_err(|e| e.to_string())?;
    let dump = crate::env::flag(crate::env::JIT_DUMP);
    ctx.set_disasm(dump);
    module.define_function(id, ctx).map_err(|e| format!("{e:?}"))?;
    // A frame larger than a thread's stack leaves it past the guard page (Cranelift probes no
    // stack): it would write over other memory. Single-pass register allocation gives every
    // spilled value a slot of its own, so a long kernel's frame grows with its code (a
    // 3,700-instruction kernel's overran a 2 MiB thread stack: wrong results, no crash).
    let frame = ctx.compiled_code().and_then(|c| c.buffer.frame_layout()).map_or(0, |l| l.frame_to_fp_offset);
    if frame > MAX_FRAME {
        module.clear_context(ctx);
        return Err(format!(
            "its stack frame ({} KiB) is larger than compiled code may take of a thread's stack ({} KiB)",
            frame >> 10,
            MAX_FRAME >> 10
        ));
    }
    if let Some(code) = ctx.compiled_code().and_then(|c| c.vcode.as_ref()).filter(|_| dump) {
        eprintln!("=== {title} ===\n{code}");
    }
    let locs = match ctx.compiled_code() {
        Some(c) if ranges => c.buffer.get_srclocs_sorted().iter().map(|s| (s.start, s.end, s.loc.bits())).collect(),
        _ => Vec::new(),
    };
    module.clear_context(ctx);
    module.finalize_definitions().map_err(|e| e.to_string())?;
    Ok((module.get_finalized_function(id), locs, frame))
}

/// `define`, then with `CUPRITE_PERF_MAP=1` the code range of each PTX instruction of `f`
/// appended to `/tmp/perf-PID.map` (as `TIER:KERNEL:pcN: instruction`), so `perf report`
/// names the compiled code of each instruction (the code generators set each
/// instruction's source location to its pc + 1), and the function's machine code written
/// to `/tmp/jitcode-PID-ADDRESS.bin`. Returns the code's address and its frame's size.
pub(crate) fn define_mapped(
    module: &mut JITModule,
    ctx: &mut Context,
    title: &str,
    tier: &str,
    f: &crate::ir::Func,
) -> Result<(*const u8, u32), String> {
    let want = crate::env::flag(crate::env::PERF_MAP);
    let (ptr, ranges, frame) = define(module, ctx, title, want)?;
    if !ranges.is_empty() {
        perf_map(ptr as u64, &ranges, tier, f);
        // The machine code too, for instruction-level profiles (`scripts/jit-annotate`).
        if let Some(end) = ranges.iter().map(|r| r.1).max() {
            // SAFETY: `ptr` is the start of the function just finalized, whose code spans at
            // least to the end of its last source range; finalized code is readable.
            let code = unsafe { std::slice::from_raw_parts(ptr, end as usize) };
            let _ = std::fs::write(format!("/tmp/jitcode-{}-{:x}.bin", std::process::id(), ptr as u64), code);
        }
    }
    Ok((ptr, frame))
}

fn perf_map(base: u64, ranges: &[CodeRange], tier: &str, f: &crate::ir::Func) {
    use std::io::Write;
    let path = format!("/tmp/perf-{}.map", std::process::id());
    let Ok(mut out) = std::fs::OpenOptions::new().create(true).append(true).open(path) else { return };
    for &(start, end, loc) in ranges {
        let name = match loc.checked_sub(1) {
            Some(pc) => {
                let text = f.info.get(pc as usize).map_or("", |i| i.text.as_str());
                format!("{tier}:{}:pc{pc}: {text}", f.name)
            }
            None => format!("{tier}:{}:control", f.name),
        };
        let _ = writeln!(out, "{:x} {:x} {}", base + u64::from(start), end.saturating_sub(start), name);
    }
}

/// The offset of a load of `n` kernel parameters of `size` bytes each at the constant
/// address `a` inside kernel `f`'s parameters (`kparam_size`, which a launch checks the
/// buffer holds), which then needs no check.
pub(crate) fn const_param(f: &crate::ir::Func, a: crate::ir::Addr, size: u8, n: usize) -> Option<i32> {
    let o = a.off;
    (a.base == crate::ir::Base::Abs
        && o >= 0
        && (o as u64).is_multiple_of(u64::from(size))
        && (o as u64) + u64::from(size) * n as u64 <= u64::from(f.kparam_size))
    .then_some(o as i32)
}

/// Flags of the compiled tiers' scalar accesses (to memory they checked, or own).
pub(crate) fn flags() -> MemFlagsData {
    MemFlagsData::trusted()
}

/// A load of `size` bytes (1, 2, 4 or 8) at `p`, sign- (`sext`) or zero-extended to `i64`.
pub(crate) fn load_int(b: &mut FunctionBuilder<'_>, p: Value, size: u8, sext: bool) -> Value {
    let fl = flags();
    match (size, sext) {
        (1, false) => b.ins().uload8(types::I64, fl, p, 0),
        (1, true) => b.ins().sload8(types::I64, fl, p, 0),
        (2, false) => b.ins().uload16(types::I64, fl, p, 0),
        (2, true) => b.ins().sload16(types::I64, fl, p, 0),
        (4, false) => b.ins().uload32(fl, p, 0),
        (4, true) => b.ins().sload32(fl, p, 0),
        _ => b.ins().load(types::I64, fl, p, 0),
    }
}

/// A store of the low `size` bytes (1, 2, 4 or 8) of `v` at `p`.
pub(crate) fn store_int(b: &mut FunctionBuilder<'_>, p: Value, size: u8, v: Value) {
    let fl = flags();
    match size {
        1 => b.ins().istore8(fl, v, p, 0),
        2 => b.ins().istore16(fl, v, p, 0),
        4 => b.ins().istore32(fl, v, p, 0),
        _ => b.ins().store(fl, v, p, 0),
    };
}
