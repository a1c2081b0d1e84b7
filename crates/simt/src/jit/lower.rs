//! Lowering pieces both compiled tiers share (`compile/` per thread, `warp/` per warp): how a
//! PTX comparison maps to Cranelift's condition codes, the read-modify-write of an inlined
//! shared-memory atomic, and calls to the Rust helpers.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{AbiParam, InstBuilder, SigRef, Signature, Value, types};
use cranelift_frontend::FunctionBuilder;
use ptx::types::CmpOp;

use crate::memory::AtomOp;

/// The integer condition of comparison `op` (`signed`: an `.s` type). Float-only operators
/// compare as `ge`, as the interpreter's `exec::cmp` does.
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

/// Whether a 32-bit atomic `op` on shared memory is inlined (`atom_rmw`).
pub(crate) fn inline_shared_atom(op: AtomOp) -> bool {
    matches!(
        op,
        AtomOp::Add
            | AtomOp::And
            | AtomOp::Or
            | AtomOp::Xor
            | AtomOp::MinU
            | AtomOp::MaxU
            | AtomOp::MinS
            | AtomOp::MaxS
            | AtomOp::Exch
    )
}

/// The new 32-bit value of an inlined atomic `op` on `old` with operand `y` (both `i32`).
pub(crate) fn atom_rmw(b: &mut FunctionBuilder<'_>, op: AtomOp, old: Value, y: Value) -> Value {
    match op {
        AtomOp::Add => b.ins().iadd(old, y),
        AtomOp::And => b.ins().band(old, y),
        AtomOp::Or => b.ins().bor(old, y),
        AtomOp::Xor => b.ins().bxor(old, y),
        AtomOp::MinU => b.ins().umin(old, y),
        AtomOp::MaxU => b.ins().umax(old, y),
        AtomOp::MinS => b.ins().smin(old, y),
        AtomOp::MaxS => b.ins().smax(old, y),
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
