//! Which lane arrays start zeroed. The lane phase computes every lane of a group, those no
//! thread runs (past a narrow block's last thread) and those a branch left included, so such a
//! lane's value is whatever its array held: at first, the stack's old bytes. A float operation
//! on bytes that read as a subnormal takes the CPU's microcode assist (about 100 cycles), in
//! every group of every block (8-thread blocks ran 2x slower). Zeroing every array costs a
//! block a few hundred stores (3-7% on kernels of 150 arrays), so only the arrays whose idle
//! lanes can reach a float operation start zeroed: its operands, and, back through the
//! operations that compute them (integer arithmetic, moves, `selp`, shuffles), theirs. A load
//! writes its lanes at the instruction only (the others keep the array's value), so a loaded
//! value's array starts zeroed but its address's need not.

use crate::analysis::live::{for_each_src, uses_defs};
use crate::ir::{BinOp, Func, Op, Src, TernOp, UnOp};
use ptx::types::TypeKind;

/// Per register of `f`: whether its lane array starts zeroed.
pub(super) fn zeroed(f: &Func) -> Vec<bool> {
    let mut zero = vec![false; f.nregs as usize];
    for i in &f.code {
        if reads_floats(&i.op) {
            mark(&mut zero, &i.op);
        }
    }
    // Back through what computes them, to a fixed point: every-lane arithmetic, and a warp
    // shuffle, which may hand an active lane an idle one's value (a load's address is not a
    // source: `for_each_src`).
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    loop {
        let mut changed = false;
        for i in &f.code {
            defs.clear();
            uses.clear();
            uses_defs(&i.op, f.nregs, &mut uses, &mut defs);
            if defs.iter().any(|&d| zero.get(d as usize).copied().unwrap_or(false)) {
                changed |= mark(&mut zero, &i.op);
            }
        }
        if !changed {
            return zero;
        }
    }
}

/// Marks `op`'s register operands in `zero`; whether any was not yet.
fn mark(zero: &mut [bool], op: &Op) -> bool {
    let mut changed = false;
    for_each_src(op, &mut |s| {
        if let Src::Reg(r) = s
            && let Some(z) = zero.get_mut(r as usize)
            && !*z
        {
            *z = true;
            changed = true;
        }
    });
    changed
}

/// Whether `op` is arithmetic that may do floating-point work on its operands (anything not
/// known to be integer or bit arithmetic).
fn reads_floats(op: &Op) -> bool {
    match op {
        Op::Un { op, .. } => match op {
            UnOp::Mov
            | UnOp::Not(_)
            | UnOp::Cnot(_)
            | UnOp::Neg(_)
            | UnOp::Abs(_)
            | UnOp::Popc(_)
            | UnOp::Clz(_)
            | UnOp::Brev(_)
            | UnOp::Bfind { .. }
            | UnOp::IsParam => false,
            UnOp::Cvt(c) => c.from.kind() == TypeKind::Float || c.to.kind() == TypeKind::Float,
            _ => true,
        },
        Op::Bin { op, .. } => !matches!(
            op,
            BinOp::Add(_)
                | BinOp::Sub(_)
                | BinOp::AddSat
                | BinOp::SubSat
                | BinOp::MulLo(_)
                | BinOp::MulHi(..)
                | BinOp::MulWide(..)
                | BinOp::Mul24Lo(_)
                | BinOp::Mul24Hi(_)
                | BinOp::Div(..)
                | BinOp::Rem(..)
                | BinOp::Min(..)
                | BinOp::Max(..)
                | BinOp::And(_)
                | BinOp::Or(_)
                | BinOp::Xor(_)
                | BinOp::Shl(_)
                | BinOp::Shr(..)
                | BinOp::Bmsk(_)
                | BinOp::Szext { .. }
                | BinOp::I16x2 { .. }
                | BinOp::MinMaxRelu { .. }
        ),
        Op::Tern { op, .. } => !matches!(
            op,
            TernOp::MadLo(_)
                | TernOp::MadHi(..)
                | TernOp::MadHiSat
                | TernOp::MadWide(..)
                | TernOp::Mad24Lo(_)
                | TernOp::Mad24Hi { .. }
                | TernOp::Bfe(..)
                | TernOp::Prmt(_)
                | TernOp::Lop3(_)
                | TernOp::ShfL(_)
                | TernOp::ShfR(_)
                | TernOp::Selp
                | TernOp::Sad(..)
                | TernOp::Dp4a(..)
                | TernOp::Slct { float: false, .. }
        ),
        Op::Setp { cmp, .. } => !matches!(cmp.kind, b'u' | b's' | b'b'),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::live::uses_defs;

    /// `out[i] = (float)(i * 3) * in[i]` for `i` the thread's index, and `out[i + n]` an
    /// integer `i + 7`.
    const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry t(.param .u64 in, .param .u64 out, .param .u32 n)
{
    .reg .b32 %r<10>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
    mul.lo.s32 %r3, %r2, 3;
    cvt.rn.f32.s32 %f1, %r3;
    mul.wide.u32 %rd3, %r2, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.f32 %f2, [%rd4];
    mul.f32 %f3, %f1, %f2;
    add.s64 %rd5, %rd2, %rd3;
    st.global.f32 [%rd5], %f3;
    add.s32 %r4, %r2, 7;
    add.s32 %r5, %r2, %r1;
    mul.wide.u32 %rd6, %r5, 4;
    add.s64 %rd7, %rd2, %rd6;
    st.global.u32 [%rd7], %r4;
    ret;
}
"#;

    #[test]
    fn a_float_operand_and_the_integer_arithmetic_before_it_start_zeroed_an_address_does_not() {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let reg = |text: &str| {
            let pc = f.info.iter().position(|i| i.text.trim_start().starts_with(text)).expect(text);
            let mut defs = Vec::new();
            uses_defs(&f.code[pc].op, f.nregs, &mut Vec::new(), &mut defs);
            defs[0] as usize
        };
        let z = super::zeroed(f);
        for (text, want) in [
            ("cvt.rn.f32.s32", true),     // a float operand
            ("ld.global.f32", true),      // a float operand, loaded
            ("mul.lo.s32", true),         // integer arithmetic before the conversion
            ("mov.u32 %r2", true),        // and before that
            ("mul.wide.u32 %rd3", false), // an address
            ("add.s64 %rd4", false),
            ("add.s32 %r4", false), // stored, never a float operation's operand
            ("mul.f32", false),     // stored only
        ] {
            assert_eq!(z[reg(text)], want, "{text}");
        }
    }
}
