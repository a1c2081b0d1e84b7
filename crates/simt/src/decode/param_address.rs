//! Device-function parameters whose address is taken. The PTX ISA (state spaces, "Kernel
//! function parameters" and "Device function parameters") lets `mov` take the address of a
//! device function's input or return parameter: "the parameter will be copied to the stack if
//! necessary, and so the address will be in the `.local` state space". clang at `-O0`/`-G`
//! emits it (`mov.b64 %rd1, f_param_0;`) for a struct passed by value.
//!
//! Such a parameter gets a slot in the function's local frame, which its name then denotes
//! everywhere in the body (so `ld.param`/`st.param` of it and accesses through the address
//! agree): an input parameter is copied there on entry, a return parameter copied back to the
//! `.param` area before each `ret`.

use std::collections::HashSet;

use ptx::ast::{Function, Operand, Statement};
use ptx::types::Opcode;

use crate::ir::{Addr, Base, Inst, Op, Reg, Space, Src};

/// The names of `f`'s parameters (input and return) whose address a `mov` takes.
pub(super) fn addressed(f: &Function) -> HashSet<ptx::ast::Name> {
    let params: HashSet<_> = f.params.iter().chain(&f.returns).flat_map(|p| p.names.iter().map(|n| n.name)).collect();
    let mut out = HashSet::new();
    for s in f.body.iter().flatten() {
        if let Statement::Instr(ins) = s
            && ins.opcode == Opcode::Mov
            && let Some(Operand::Name(n) | Operand::NameOffset(n, _)) = ins.operands.get(1)
            && params.contains(n)
        {
            out.insert(*n);
        }
    }
    out
}

/// A parameter living in the local frame: its `.param` offset, local offset and size.
#[derive(Debug, Clone, Copy)]
pub(super) struct LocalCopy {
    pub param: u64,
    pub local: u64,
    pub size: u64,
}

/// Instructions copying `copies` from the `.param` area to their local slots (`to_local`) or
/// back, through temporary register `tmp`, in the widest naturally aligned pieces.
pub(super) fn copy_code(copies: &[LocalCopy], to_local: bool, tmp: Reg) -> Vec<Inst> {
    let mut code = Vec::new();
    for c in copies {
        let mut k = 0;
        while k < c.size {
            let piece = [8u64, 4, 2, 1]
                .into_iter()
                .find(|&p| k + p <= c.size && (c.param + k) % p == 0 && (c.local + k) % p == 0)
                .unwrap_or(1);
            let param = Addr::fixed(Base::Abs, (c.param + k) as i64);
            let local = Addr::fixed(Base::Local(c.local), k as i64);
            let (from, from_space, to, to_space) = if to_local {
                (param, Space::FParam, local, Space::Local)
            } else {
                (local, Space::Local, param, Space::FParam)
            };
            let size = piece as u8;
            let ld = Op::Ld {
                space: from_space,
                size,
                sext: false,
                d: vec![Some(tmp)],
                addr: from,
                whole: false,
                strong: false,
            };
            let st = Op::St { space: to_space, size, vals: vec![Src::Reg(tmp)], addr: to, whole: false, strong: false };
            code.push(Inst { op: ld, guard: None });
            code.push(Inst { op: st, guard: None });
            k += piece;
        }
    }
    code
}
