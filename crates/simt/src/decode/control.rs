//! Decoding control flow and calls: branches, `alloca`, direct, indirect and built-in
//! calls.

use super::*;

impl FuncDecoder<'_> {
    /// `bra` to a label.
    pub(super) fn bra_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let labels = p.labels;
        p.check(&[])?;
        p.need(1)?;
        let Operand::Name(l) = &ops[0] else {
            return Err(DecodeError::Unsupported("indirect branches are not supported".into()));
        };
        let target = *labels.get(l).ok_or_else(|| DecodeError::Invalid("unknown label".into()))?;
        Ok(Op::Bra { target, ipdom: NO_PC })
    }

    /// `alloca` of a size, with an alignment.
    pub(super) fn alloca_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ins = p.ins;
        let ops = &ins.operands;
        let d = self.reg(ops.first().ok_or_else(|| DecodeError::Invalid("missing operands".into()))?)?;
        let size = self.src(ops.get(1).ok_or_else(|| DecodeError::Invalid("missing size".into()))?, ScalarType::U64)?;
        let align = match ops.get(2) {
            Some(Operand::Imm(Imm::Int(a))) if *a > 0 && (*a as u64).is_power_of_two() => *a as u32,
            Some(_) => return Err(DecodeError::Invalid("alloca alignment must be a power of two".into())),
            None => 8,
        };
        Ok(Op::Alloca { d, size, align })
    }

    /// `brx.idx`: an indexed branch through a label table.
    pub(super) fn brx_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        p.check(&[Kw::Idx, Kw::Uni])?;
        p.need(2)?;
        let index = self.src(&ops[0], ScalarType::U32)?;
        let Operand::Name(t) = &ops[1] else {
            return Err(DecodeError::Invalid("brx.idx needs a .branchtargets label".into()));
        };
        let targets = self
            .jump_tables
            .get(t)
            .cloned()
            .ok_or_else(|| DecodeError::Invalid("unknown .branchtargets label".into()))?;
        Ok(Op::Brx { index, targets, ipdom: NO_PC })
    }

    pub(super) fn call(&mut self, ins: &Instruction) -> R<Op> {
        let ops = &ins.operands;
        let mut i = 0;
        let mut rets_ops: &[Operand] = &[];
        if let Some(Operand::List(l)) = ops.first() {
            rets_ops = l;
            i = 1;
        }
        let Some(Operand::Name(fname)) = ops.get(i) else {
            return Err(DecodeError::Unsupported("unsupported call target".into()));
        };
        if let Some(Sym::Reg(r)) = self.lookup(*fname) {
            return self.indirect_call(ops, i, rets_ops, Src::Reg(r));
        }
        if !matches!(self.module_syms.get(fname), Some(Sym::Func(_)))
            && let Some((f, sizes, ret_size)) = Builtin::of(self.name_str(*fname))
        {
            return self.builtin_call(ops, i, rets_ops, f, sizes, ret_size);
        }
        let fidx = match self.module_syms.get(fname) {
            Some(Sym::Func(f)) => *f,
            _ => {
                return Err(DecodeError::Invalid(format!(
                    "call to `{}`, which has no body in this module",
                    self.name_str(*fname)
                )));
            }
        };
        let args_ops: &[Operand] = match ops.get(i + 1) {
            Some(Operand::List(l)) => l,
            None => &[],
            _ => return Err(DecodeError::Unsupported("unsupported call operands".into())),
        };
        if ops.len() > i + 2 {
            return Err(DecodeError::Unsupported("indirect calls are not supported".into()));
        }
        let callee = self.func_items[fidx as usize];
        // Callee layout: returns then params, aligned, starting at 0 (same as `declare`).
        let mut off = 0u64;
        let mut callee_ret = Vec::new();
        let mut callee_par = Vec::new();
        for (list, out) in [(&callee.returns, &mut callee_ret), (&callee.params, &mut callee_par)] {
            for p in list.iter() {
                for n in &p.names {
                    off = align_up(off, decl_align(p));
                    let sz = decl_size(p, &n.dims);
                    out.push((off as u32, sz as u32));
                    off += sz;
                }
            }
        }
        let map = |list: &[Operand], slots: &[(u32, u32)]| -> R<Vec<(u32, u32, u32)>> {
            if list.len() != slots.len() {
                return Err(DecodeError::Invalid("call argument count does not match the callee".into()));
            }
            let mut v = Vec::new();
            for (o, &(coff, sz)) in list.iter().zip(slots) {
                let Operand::Name(n) = o else {
                    return Err(DecodeError::Invalid("call arguments must be .param variables".into()));
                };
                match self.lookup(*n) {
                    Some(Sym::FParam(local)) => v.push((local as u32, coff, sz)),
                    _ => return Err(DecodeError::Invalid("call arguments must be .param variables".into())),
                }
            }
            Ok(v)
        };
        let args = map(args_ops, &callee_par)?;
        let rets = map(rets_ops, &callee_ret)?;
        Ok(Op::Call { func: fidx, args, rets })
    }

    /// A call through a function pointer in register `target`.
    fn indirect_call(&mut self, ops: &[Operand], i: usize, rets_ops: &[Operand], target: Src) -> R<Op> {
        let args_ops: &[Operand] = match ops.get(i + 1) {
            Some(Operand::List(l)) => l,
            _ => &[],
        };
        let slot = |s: &Self, o: &Operand| -> R<(u32, u32)> {
            if let Operand::Name(n) = o
                && let Some(Sym::FParam(local)) = s.lookup(*n)
            {
                let size = s.param_sizes.get(&local).copied().unwrap_or(8);
                return Ok((local as u32, size));
            }
            Err(DecodeError::Invalid("call arguments must be .param variables".into()))
        };
        let args = args_ops.iter().map(|o| slot(self, o)).collect::<R<Vec<_>>>()?;
        let rets = rets_ops.iter().map(|o| slot(self, o)).collect::<R<Vec<_>>>()?;
        Ok(Op::CallInd { target, args, rets })
    }

    /// A call to an executor-provided function; checks the call-site parameters' sizes.
    fn builtin_call(
        &mut self,
        ops: &[Operand],
        i: usize,
        rets_ops: &[Operand],
        f: Builtin,
        sizes: &[u32],
        ret_size: Option<u32>,
    ) -> R<Op> {
        let args_ops: &[Operand] = match ops.get(i + 1) {
            Some(Operand::List(l)) => l,
            None => &[],
            _ => return Err(DecodeError::Unsupported("unsupported call operands".into())),
        };
        if args_ops.len() != sizes.len() || rets_ops.len() > usize::from(ret_size.is_some()) {
            return Err(DecodeError::Invalid("call argument count does not match the built-in function".into()));
        }
        let param = |s: &Self, o: &Operand| -> R<u32> {
            match o {
                Operand::Name(n) => match s.lookup(*n) {
                    Some(Sym::FParam(local)) => Ok(local as u32),
                    _ => Err(DecodeError::Invalid("call arguments must be .param variables".into())),
                },
                _ => Err(DecodeError::Invalid("call arguments must be .param variables".into())),
            }
        };
        let args = args_ops.iter().map(|o| param(self, o)).collect::<R<Vec<_>>>()?;
        let ret = rets_ops.first().map(|o| param(self, o)).transpose()?;
        Ok(Op::Builtin { f, args, ret })
    }
}
