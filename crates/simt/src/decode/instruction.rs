//! Decoding one instruction: its modifiers sorted out (`Parts`), then each opcode handed to
//! the function of its family's module (`arith`, `convert`, `compare`, `control`, `memory`,
//! `collective`, `tex`, `mma`).

use super::*;

/// An instruction being decoded: the instruction, the function's labels, and its modifiers
/// sorted out (keywords, the types among them, the last type, the rounding mode).
pub(super) struct Parts<'i> {
    pub(super) ins: &'i Instruction,
    pub(super) labels: &'i HashMap<Name, u32>,
    pub(super) kws: Vec<Kw>,
    pub(super) ty: Option<ScalarType>,
    pub(super) tys: Vec<ScalarType>,
    pub(super) rnd: Option<Rounding>,
    /// The `.warp` modifier (`Modifier::Unknown("warp")`).
    pub(super) warp: bool,
}

impl Parts<'_> {
    /// Whether the instruction has modifier `k`.
    pub(super) fn has(&self, k: Kw) -> bool {
        self.kws.contains(&k)
    }

    /// Checks that the instruction has at least `k` operands.
    pub(super) fn need(&self, k: usize) -> R<()> {
        if self.ins.operands.len() < k { Err(DecodeError::MissingOperands(k)) } else { Ok(()) }
    }

    /// The value paired with the first of `choices`' keywords the instruction has (see
    /// [`first_of`]).
    pub(super) fn first_of<T: Copy>(&self, choices: &[(Kw, T)]) -> Option<T> {
        first_of(&self.kws, choices)
    }

    /// Checks that every non-type, non-ignorable modifier is in `allowed`.
    pub(super) fn check(&self, allowed: &[Kw]) -> R<()> {
        for k in &self.kws {
            if k.as_type().is_none() && !ignorable(*k) && !allowed.contains(k) {
                return Err(DecodeError::UnsupportedModifier(*k));
            }
        }
        Ok(())
    }

    /// The instruction's (last) type, which it must have.
    pub(super) fn ty_req(&self) -> R<ScalarType> {
        self.ty.ok_or(DecodeError::MissingType)
    }
}

/// An instruction's modifiers sorted by kind.
struct Modifiers {
    /// The keywords (types among them), in order.
    kws: Vec<Kw>,
    /// `.warp` (`Modifier::Unknown("warp")`).
    warp: bool,
    /// A matrix instruction's `.mMnNkK`.
    shape: Option<(u16, u16, u16)>,
}

/// How many operations beyond its own the instruction decodes to (`FuncDecoder::follow_up`):
/// `lop3.BoolOp d|p, a, b, c, lut, q` is a `lop3` and then `p = (d != 0) BoolOp q`.
pub(super) fn follow_ups(ins: &Instruction) -> u32 {
    u32::from(ins.opcode == Opcode::Lop3 && matches!(ins.operands.first(), Some(Operand::Pair(..))))
}

impl FuncDecoder<'_> {
    pub(super) fn instruction(
        &mut self,
        ins: &Instruction,
        labels: &HashMap<Name, u32>,
        _fix: &mut Vec<(usize, Name)>,
        _pc: usize,
    ) -> R<Op> {
        let Modifiers { kws, warp, shape } = self.modifiers(ins)?;
        if matches!(ins.opcode, Opcode::Wmma | Opcode::Mma | Opcode::Ldmatrix | Opcode::Stmatrix | Opcode::Movmatrix) {
            return Ok(Op::Mma(Box::new(self.matrix_inst(ins, &kws, shape)?)));
        }
        if shape.is_some() {
            return Err(DecodeError::Unsupported(
                "matrix (shape) modifiers are not supported on this instruction".into(),
            ));
        }
        let tys: Vec<ScalarType> = kws.iter().filter_map(|k| k.as_type()).collect();
        let ty = tys.last().copied();
        let rnd: Option<Rounding> = kws.iter().find_map(|k| k.as_rounding());
        let p = Parts { ins, labels, kws, ty, tys, rnd, warp };
        match carry_form(&p) {
            Some((op, carry_in)) => self.carry_inst(&p, op, carry_in),
            None => self.by_family(&p),
        }
    }

    /// The instruction's modifiers sorted by kind.
    fn modifiers(&self, ins: &Instruction) -> R<Modifiers> {
        let mut kws: Vec<Kw> = Vec::new();
        let mut warp = false;
        let mut shape = None;
        for m in &ins.mods {
            match m {
                Modifier::Kw(k) => kws.push(*k),
                Modifier::Unknown(n) if self.names.str(*n) == "warp" => warp = true,
                Modifier::Unknown(n) => return Err(DecodeError::UnknownModifier(self.names.str(*n).to_string())),
                Modifier::Shape { m, n, k } => shape = Some((*m, *n, *k)),
            }
        }
        Ok(Modifiers { kws, warp, shape })
    }

    /// An extended-precision instruction (`addc`, `sub.cc`, `mad.cc.hi`, ...): `op` with a
    /// carry in when `carry_in`, a carry out when it has `.cc`.
    fn carry_inst(&mut self, p: &Parts<'_>, op: CarryOp, carry_in: bool) -> R<Op> {
        let ops = &p.ins.operands;
        p.check(&[Kw::Cc, Kw::Lo, Kw::Hi])?;
        let t = p.ty_req()?;
        let cout = p.has(Kw::Cc);
        // A carry out is of 32 or 64 bits; ptxas also takes 16-bit `addc`/`subc`/`madc`
        // without one (the validator's rule), which an H200 runs as the wider ones do.
        if !(matches!(t.size(), 4 | 8) || (t.size() == 2 && !cout)) || t.kind() == TypeKind::Float {
            return Err(DecodeError::Unsupported(format!("`{}` on .{t} is not supported", p.ins.opcode)));
        }
        let mad = matches!(op, CarryOp::MadLo | CarryOp::MadHi);
        p.need(if mad { 4 } else { 3 })?;
        let d = self.reg(&ops[0])?;
        let a = self.src(&ops[1], t)?;
        let b = self.src(&ops[2], t)?;
        let c = if mad { self.src(&ops[3], t)? } else { Src::Imm(0) };
        Ok(Op::Carry { op, w: width(t), signed: is_signed(t), cin: carry_in, cout, d, a, b, c })
    }

    /// Any other instruction, handed to the function of its family.
    fn by_family(&mut self, p: &Parts<'_>) -> R<Op> {
        let ins = p.ins;
        let ops = &ins.operands;
        use Opcode as O;
        let op = match ins.opcode {
            O::Mov => self.mov_inst(p)?,
            O::St if p.has(Kw::Async) => return self.st_async(ins, &p.kws, p.ty),
            O::Ld | O::Ldu | O::St => return self.mem(ins, &p.kws, p.ty),
            // `createpolicy`: a 64-bit L2 cache policy for `.L2::cache_hint` accesses, which
            // ignore it here; any value will do.
            O::Createpolicy => Op::Un {
                op: UnOp::Mov,
                d: self.reg(ops.first().ok_or_else(|| DecodeError::Invalid("missing operands".into()))?)?,
                a: Src::Imm(0),
            },
            O::Tex | O::Tld4 | O::Txq | O::Suq | O::Istypep | O::Suld | O::Sust | O::Sured => {
                return Ok(Op::Tex(Box::new(self.tex_inst(ins, &p.kws)?)));
            }
            O::Cvta => self.cvta_inst(p)?,
            O::Isspacep => self.isspacep_inst(p)?,
            O::Cvt => self.cvt_inst(p)?,
            O::Add
            | O::Sub
            | O::Mul
            | O::Div
            | O::Rem
            | O::Min
            | O::Max
            | O::And
            | O::Or
            | O::Xor
            | O::Shl
            | O::Shr
            | O::Copysign
            | O::Mul24
            | O::Bmsk
            | O::Szext => self.binary_inst(p)?,
            O::Mad
            | O::Fma
            | O::Bfe
            | O::Prmt
            | O::Lop3
            | O::Shf
            | O::Selp
            | O::Slct
            | O::Mad24
            | O::Sad
            | O::Dp4a
            | O::Dp2a
            | O::Fns => self.ternary_inst(p)?,
            o if o.is_simd_video() => self.video_inst(p)?,
            O::Vadd | O::Vsub | O::Vabsdiff | O::Vmin | O::Vmax | O::Vshl | O::Vshr | O::Vset | O::Vmad => {
                self.video_inst(p)?
            }
            O::Bfi => self.bfi_inst(p)?,
            O::Not
            | O::Cnot
            | O::Neg
            | O::Abs
            | O::Popc
            | O::Clz
            | O::Brev
            | O::Bfind
            | O::Sqrt
            | O::Rcp
            | O::Rsqrt
            | O::Sin
            | O::Cos
            | O::Lg2
            | O::Ex2
            | O::Tanh
            | O::Testp => self.unary_inst(p)?,
            O::Setp | O::Set => self.setp_inst(p)?,
            O::Bra => self.bra_inst(p)?,
            O::Ret => {
                p.check(&[])?;
                Op::Ret
            }
            O::Exit => {
                p.check(&[])?;
                Op::Exit
            }
            O::Trap => Op::Trap,
            O::Nanosleep => Op::Nanosleep,
            O::Alloca => self.alloca_inst(p)?,
            O::Stacksave => Op::StackSave {
                d: self.reg(ins.operands.first().ok_or_else(|| DecodeError::Invalid("missing operand".into()))?)?,
            },
            O::Stackrestore => Op::StackRestore {
                a: self.src(
                    ins.operands.first().ok_or_else(|| DecodeError::Invalid("missing operand".into()))?,
                    ScalarType::U64,
                )?,
            },
            // `brkpt` without a debugger stops the kernel as `trap` does: an H200 answers
            // cudaErrorLaunchFailure (crates/simt/tests/brkpt.rs).
            O::Brkpt => Op::Trap,
            O::Prefetch | O::Prefetchu | O::Pmevent | O::Discard | O::Applypriority => Op::Nop,
            // Programmatic dependent launch: grids of a stream run one after the other here, so
            // the prerequisite grid has always completed (`.wait`), and `.launch_dependents` is
            // only a scheduling hint.
            O::Griddepcontrol => Op::Nop,
            O::Membar | O::Fence => self.fence_inst(p)?,
            O::Barrier if p.has(Kw::Cluster) => self.cluster_barrier_inst(p)?,
            O::Mapa => self.mapa_inst(p)?,
            O::Getctarank => self.getctarank_inst(p)?,
            O::Bar | O::Barrier => self.bar_inst(p)?,
            O::Elect => self.elect_inst(p)?,
            O::Brx => self.brx_inst(p)?,
            O::Call => return self.call(ins),
            O::Shfl => self.shfl_inst(p)?,
            O::Vote => self.vote_inst(p)?,
            O::Redux => self.redux_inst(p)?,
            O::Match => self.match_inst(p)?,
            O::Activemask => {
                p.need(1)?;
                Op::Activemask { d: self.reg(&ops[0])? }
            }
            O::Red if p.has(Kw::Async) => return self.red_async(ins, &p.kws, p.ty),
            O::Atom | O::Red => return self.atom(ins, &p.kws, p.ty),
            O::Mbarrier => self.mbarrier_inst(p)?,
            O::Cp if p.has(Kw::Async) => self.cp_async_inst(p)?,
            o => return Err(DecodeError::UnsupportedInstruction(o)),
        };
        Ok(op)
    }
}

/// The carry operation of an extended-precision instruction, and whether it takes a carry in
/// (`addc`, `subc`, `madc`) or only sets one (`.cc` on `add`, `sub`, `mad`); `None` for any
/// other instruction.
fn carry_form(p: &Parts<'_>) -> Option<(CarryOp, bool)> {
    use Opcode as O;
    match p.ins.opcode {
        O::Addc => Some((CarryOp::Add, true)),
        O::Subc => Some((CarryOp::Sub, true)),
        O::Madc if p.has(Kw::Hi) => Some((CarryOp::MadHi, true)),
        O::Madc => Some((CarryOp::MadLo, true)),
        O::Add if p.has(Kw::Cc) => Some((CarryOp::Add, false)),
        O::Sub if p.has(Kw::Cc) => Some((CarryOp::Sub, false)),
        O::Mad if p.has(Kw::Cc) && p.has(Kw::Hi) => Some((CarryOp::MadHi, false)),
        O::Mad if p.has(Kw::Cc) => Some((CarryOp::MadLo, false)),
        _ => None,
    }
}

/// The value paired with the first of `choices`' keywords that is among `kws`: for the
/// modifiers of which an instruction takes one (`.up`/`.down`/`.bfly`, `.and`/`.or`/`.xor`),
/// listed in the order they are looked for.
pub(super) fn first_of<T: Copy>(kws: &[Kw], choices: &[(Kw, T)]) -> Option<T> {
    choices.iter().find(|(k, _)| kws.contains(k)).map(|&(_, v)| v)
}
