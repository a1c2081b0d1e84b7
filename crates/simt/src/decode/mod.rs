//! PTX module → internal IR: resolves registers to slots, symbols to addresses or global
//! indices, labels to instruction indices, lays out parameters, shared and local memory, and
//! computes the reconvergence point (immediate post-dominator) of every branch.

use std::collections::HashMap;

use ptx::LineIndex;
use ptx::ast::{
    BinaryOp, ConstExpr, FuncKind, Function, Imm, Initializer, Instruction, Item, Modifier, Module, Name, Operand,
    Statement, UnaryOp, VarDecl,
};
use ptx::keyword::Kw;
use ptx::types::{CmpOp, Opcode, Rounding, ScalarType, SpecialReg, StateSpace, TypeKind};

mod mma;
mod param_address;
mod shared_layout;
mod tex;

use shared_layout::{SharedLayouts, SharedVar};

use crate::error::LoadError;
use crate::float::{HFmt, HMode};
use crate::ir::*;
use crate::memory::AtomOp;

/// A module-scope `.global`/`.const` variable, allocated in device memory per `DeviceMemory`.
#[derive(Debug, Clone)]
pub(crate) struct GlobalVar {
    pub name: String,
    pub size: u64,
    pub init: Vec<u8>,
    /// Initializer words holding addresses: (byte offset, global index, addend, size).
    pub relocs: Vec<(u64, u32, i64, u8)>,
    /// `.attribute(.managed)` (a `__managed__` variable): allocated as unified memory, so
    /// kernels and the host reach it at the same address.
    pub managed: bool,
    /// In the `.const` space (a constant bank: `isspacep.const`).
    pub constant: bool,
}

/// The decoded module.
#[derive(Debug)]
pub(crate) struct Decoded {
    pub funcs: Vec<Result<Func, LoadError>>,
    pub globals: Vec<GlobalVar>,
    pub files: HashMap<u32, String>,
}

#[derive(Debug, Clone, Copy)]
enum Sym {
    Reg(Reg),
    RegRange(Reg, u32),
    Global(u32),
    /// A static shared variable's offset and size (0: a dynamic `.extern` array).
    Shared(u64, u64),
    Local(u64),
    KParam(u64),
    FParam(u64),
    Func(u32),
}

type R<T> = Result<T, String>;

fn align_up(x: u64, a: u64) -> u64 {
    x.div_ceil(a.max(1)) * a.max(1)
}

fn decl_size(d: &VarDecl, dims: &[Option<u64>]) -> u64 {
    let elems: u64 = dims.iter().map(|d| d.unwrap_or(0)).product();
    u64::from(d.ty.size()) * elems
}

fn decl_align(d: &VarDecl) -> u64 {
    u64::from(d.align.unwrap_or(d.ty.size()).max(1))
}

/// Decodes a whole module.
pub(crate) fn decode(m: &Module, src: Option<&str>) -> Decoded {
    let lines = src.map(LineIndex::new);
    let names = &m.names;
    // The driver compiles `.target ..., debug` modules without optimization: no contraction.
    let contract = crate::contract::enabled() && !m.target.options.iter().any(|o| o == "debug");
    let mut module_syms: HashMap<Name, Sym> = HashMap::new();
    let mut globals = Vec::new();
    let mut files = HashMap::new();
    let mut global_errors: HashMap<u32, LoadError> = HashMap::new();

    // Functions: index by name (definitions win over prototypes).
    let mut func_items: Vec<&Function> = Vec::new();
    for it in &m.items {
        if let Item::Func(f) = it
            && f.body.is_some()
        {
            module_syms.insert(f.name, Sym::Func(func_items.len() as u32));
            func_items.push(f);
        }
    }

    // Shared memory: the static `.shared` variables of the module and of function bodies, and
    // the `.extern .shared` arrays (the dynamic area), laid out per kernel (`shared_layout`).
    let mut shared_vars: Vec<SharedVar> = Vec::new();
    let mut dyn_shared: Vec<Name> = Vec::new();
    let mut dyn_align = 16u64;
    let mut shared_decl = |d: &VarDecl| {
        for n in &d.names {
            let size = decl_size(d, &n.dims);
            if n.dims.iter().any(|x| x.is_none()) || size == 0 {
                dyn_shared.push(n.name);
                dyn_align = dyn_align.max(decl_align(d));
            } else {
                shared_vars.push(SharedVar { name: n.name, size, align: decl_align(d) });
            }
        }
    };
    for it in &m.items {
        match it {
            Item::Var(v) if matches!(v.space, StateSpace::Shared | StateSpace::SharedCta) => shared_decl(v),
            Item::Var(v) if matches!(v.space, StateSpace::Global | StateSpace::Const) => {
                for n in &v.names {
                    let idx = globals.len() as u32;
                    let mut size = decl_size(v, &n.dims);
                    let mut init = Vec::new();
                    let mut relocs = Vec::new();
                    if let Some(i) = &v.init {
                        let mut flat = Vec::new();
                        flatten(i, &mut flat);
                        let es = u64::from(v.ty.scalar.size());
                        for (k, e) in flat.iter().enumerate() {
                            let off = k as u64 * es;
                            match eval(e, &module_syms) {
                                Ok((val, None)) => {
                                    let bytes = encode_const(val, v.ty.scalar);
                                    init.extend_from_slice(&bytes[..es as usize]);
                                }
                                Ok((val, Some(g))) => {
                                    relocs.push((off, g, val.as_i64(), es as u8));
                                    init.extend(std::iter::repeat_n(0, es as usize));
                                }
                                Err(msg) => {
                                    let (line, col) = lines.as_ref().map_or((0, 0), |l| l.line_col(v.span.start));
                                    global_errors.entry(idx).or_insert(LoadError {
                                        function: String::new(),
                                        instruction: names.str(n.name).to_string(),
                                        line,
                                        col,
                                        message: msg,
                                    });
                                }
                            }
                        }
                        size = size.max(init.len() as u64);
                    }
                    module_syms.insert(n.name, Sym::Global(idx));
                    let managed = v.attrs.contains(&ptx::ast::VarAttr::Managed);
                    let constant = v.space == StateSpace::Const;
                    globals.push(GlobalVar {
                        name: names.str(n.name).to_string(),
                        size,
                        init,
                        relocs,
                        managed,
                        constant,
                    });
                }
            }
            Item::File(f) => {
                files.insert(f.index, f.path.clone());
            }
            _ => {}
        }
    }
    for f in &func_items {
        for s in f.body.iter().flatten() {
            if let Statement::Decl(d) = s
                && matches!(d.space, StateSpace::Shared | StateSpace::SharedCta)
            {
                shared_decl(d);
            }
        }
    }
    let is_kernel: Vec<bool> = func_items.iter().map(|f| f.kind == FuncKind::Entry).collect();
    let layouts = SharedLayouts::plan(&func_items, &is_kernel, &shared_vars, &dyn_shared, dyn_align);

    let mut funcs = Vec::new();
    for (i, f) in func_items.iter().enumerate() {
        let (shared_syms, dyn_base) = match layouts.kernels.get(i) {
            Some(Some((syms, base))) => (syms, *base),
            _ => (&layouts.functions, 0),
        };
        let mut d = FuncDecoder {
            names,
            lines: lines.as_ref(),
            module_syms: &module_syms,
            shared_syms,
            func_items: &func_items,
            files: &files,
            scopes: vec![HashMap::new()],
            nregs: 0,
            param_size: 0,
            local_size: 0,
            loc: None,
            fname: names.str(f.name).to_string(),
            is_kernel: f.kind == FuncKind::Entry,
            param_sizes: HashMap::new(),
            bad_globals: &global_errors,
            jump_tables: HashMap::new(),
            contract,
            preds: Default::default(),
            reg_bits: Vec::new(),
            wide: std::collections::HashSet::new(),
            shared_refs: Default::default(),
        };
        funcs.push(d.function(f, dyn_base.min(u64::from(u32::MAX)) as u32));
    }
    kernel_shared_footprints(&mut funcs);
    for f in funcs.iter_mut().flatten().filter(|f| f.is_kernel) {
        f.warps_interleave = crate::jit::hazard::shared_location_hazard(f).is_some();
    }
    Decoded { funcs, globals, files }
}

/// The byte ranges of the static shared variables in `refs` (offset, size; size 0, the
/// dynamic area, is not static), sorted and merged.
fn own_shared_ranges(refs: &[(u64, u64)]) -> Vec<(u32, u32)> {
    let mut r: Vec<(u32, u32)> =
        refs.iter().filter(|&&(_, n)| n > 0).map(|&(o, n)| (o as u32, o.saturating_add(n) as u32)).collect();
    merge_ranges(&mut r);
    r
}

fn merge_ranges(r: &mut Vec<(u32, u32)>) {
    r.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(r.len());
    for &(a, b) in r.iter() {
        match out.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    *r = out;
}

/// Makes each kernel's `shared_used` the static shared variables that it and the functions
/// it calls (directly, transitively) name; `None` where an indirect call may reach any
/// function. (A kernel's window also holds the common variables of device functions it calls
/// that other kernels' callees name, `shared_layout`, so a kernel's blocks only need the bytes
/// of its own variables zeroed: `exec::fresh_shared`.)
fn kernel_shared_footprints(funcs: &mut [Result<Func, LoadError>]) {
    let own: Vec<Option<Vec<(u32, u32)>>> =
        funcs.iter().map(|f| f.as_ref().ok().and_then(|f| f.shared_used.clone())).collect();
    let calls = |f: &Func| -> (Vec<u32>, bool) {
        let mut direct = Vec::new();
        let mut indirect = false;
        for i in &f.code {
            match &i.op {
                Op::Call { func, .. } => direct.push(*func),
                Op::CallInd { .. } => indirect = true,
                _ => {}
            }
        }
        (direct, indirect)
    };
    let graph: Vec<Option<(Vec<u32>, bool)>> = funcs.iter().map(|f| f.as_ref().ok().map(calls)).collect();
    for (k, f) in funcs.iter_mut().enumerate() {
        let Ok(f) = f else { continue };
        if !f.is_kernel {
            continue;
        }
        let mut seen = vec![false; graph.len()];
        let mut stack = vec![k];
        let mut ranges = Vec::new();
        let mut known = true;
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut seen[i], true) {
                continue;
            }
            match (&graph[i], &own[i]) {
                (Some((direct, indirect)), Some(r)) => {
                    known &= !indirect;
                    ranges.extend_from_slice(r);
                    stack.extend(direct.iter().map(|&c| c as usize).filter(|&c| c < graph.len()));
                }
                _ => known = false,
            }
        }
        merge_ranges(&mut ranges);
        f.shared_used = known.then_some(ranges);
    }
}

fn flatten<'a>(i: &'a Initializer, out: &mut Vec<&'a ConstExpr>) {
    match i {
        Initializer::Expr(e) => out.push(e),
        Initializer::List(l) => l.iter().for_each(|x| flatten(x, out)),
    }
}

#[derive(Debug, Clone, Copy)]
enum CVal {
    I(i64),
    F32(u32),
    F64(u64),
}

impl CVal {
    fn as_i64(self) -> i64 {
        match self {
            CVal::I(i) => i,
            CVal::F32(b) => f32::from_bits(b) as i64,
            CVal::F64(b) => f64::from_bits(b) as i64,
        }
    }
}

fn eval(e: &ConstExpr, syms: &HashMap<Name, Sym>) -> R<(CVal, Option<u32>)> {
    Ok(match e {
        ConstExpr::Int(i) => (CVal::I(*i), None),
        ConstExpr::UInt(u) => (CVal::I(*u as i64), None),
        ConstExpr::F32(b) => (CVal::F32(*b), None),
        ConstExpr::F64(b) => (CVal::F64(*b), None),
        ConstExpr::Symbol(n) | ConstExpr::Generic(n) => match syms.get(n) {
            Some(Sym::Global(g)) => (CVal::I(0), Some(*g)),
            Some(Sym::Func(f)) => (CVal::I(func_addr(*f) as i64), None),
            _ => return Err("initializer refers to an unsupported symbol".into()),
        },
        ConstExpr::Unary(op, a) => {
            let (v, g) = eval(a, syms)?;
            if g.is_some() {
                return Err("unsupported address arithmetic in initializer".into());
            }
            let i = v.as_i64();
            (
                CVal::I(match op {
                    UnaryOp::Neg => i.wrapping_neg(),
                    UnaryOp::Not => !i,
                    UnaryOp::LogicalNot => i64::from(i == 0),
                }),
                None,
            )
        }
        ConstExpr::Binary(op, a, b) => {
            let (x, gx) = eval(a, syms)?;
            let (y, gy) = eval(b, syms)?;
            let (x, y) = (x.as_i64(), y.as_i64());
            let g = match (gx, gy, op) {
                (None, None, _) => None,
                (Some(g), None, BinaryOp::Add | BinaryOp::Sub) | (None, Some(g), BinaryOp::Add) => Some(g),
                _ => return Err("unsupported address arithmetic in initializer".into()),
            };
            let v = match op {
                BinaryOp::Add => x.wrapping_add(y),
                BinaryOp::Sub => x.wrapping_sub(y),
                BinaryOp::Mul => x.wrapping_mul(y),
                BinaryOp::Div => x.checked_div(y).ok_or("division by zero in initializer")?,
                BinaryOp::Rem => x.checked_rem(y).ok_or("division by zero in initializer")?,
                BinaryOp::Shl => x.wrapping_shl(y as u32),
                BinaryOp::Shr => x.wrapping_shr(y as u32),
                BinaryOp::And => x & y,
                BinaryOp::Or => x | y,
                BinaryOp::Xor => x ^ y,
            };
            (CVal::I(v), g)
        }
    })
}

fn encode_const(v: CVal, ty: ScalarType) -> [u8; 8] {
    let bits = match (v, ty.kind()) {
        (CVal::I(i), TypeKind::Float) => match ty {
            ScalarType::F64 => (i as f64).to_bits(),
            _ => u64::from((i as f32).to_bits()),
        },
        (CVal::F32(b), _) if ty == ScalarType::F64 => f64::from(f32::from_bits(b)).to_bits(),
        (CVal::F64(b), _) if ty == ScalarType::F32 => u64::from((f64::from_bits(b) as f32).to_bits()),
        (CVal::I(i), _) => i as u64,
        (CVal::F32(b), _) => u64::from(b),
        (CVal::F64(b), _) => b,
    };
    bits.to_le_bytes()
}

fn width(t: ScalarType) -> u8 {
    if t == ScalarType::Pred { 1 } else { (t.size() * 8) as u8 }
}

/// The format of a half-precision type and whether it is a pair.
fn half_ty(t: ScalarType) -> Option<(HFmt, bool)> {
    match t {
        ScalarType::F16 => Some((HFmt::F16, false)),
        ScalarType::F16x2 => Some((HFmt::F16, true)),
        ScalarType::Bf16 => Some((HFmt::Bf16, false)),
        ScalarType::Bf16x2 => Some((HFmt::Bf16, true)),
        _ => None,
    }
}

fn is_signed(t: ScalarType) -> bool {
    t.kind() == TypeKind::Signed
}

fn mask_to(v: u64, t: ScalarType) -> u64 {
    let w = width(t);
    if w >= 64 { v } else { v & ((1u64 << w) - 1) }
}

struct FuncDecoder<'a> {
    names: &'a ptx::ast::Names,
    lines: Option<&'a LineIndex>,
    module_syms: &'a HashMap<Name, Sym>,
    /// The function's shared variables and dynamic area (`shared_layout`).
    shared_syms: &'a HashMap<Name, Sym>,
    func_items: &'a [&'a Function],
    /// The module's `.file` table.
    files: &'a HashMap<u32, String>,
    scopes: Vec<HashMap<Name, Sym>>,
    nregs: u32,
    param_size: u32,
    local_size: u32,
    loc: Option<(u32, u32)>,
    fname: String,
    is_kernel: bool,
    /// Sizes of the frame's `.param` variables by offset.
    param_sizes: HashMap<u64, u32>,
    /// Globals whose initializer cannot be loaded: functions using them fail to load.
    bad_globals: &'a HashMap<u32, LoadError>,
    /// `.branchtargets` lists of the current function, as instruction indices.
    jump_tables: HashMap<Name, Vec<u32>>,
    /// Whether to contract mul + add into fma (see `contract.rs`).
    contract: bool,
    /// Registers declared `.pred`.
    preds: std::collections::HashSet<Reg>,
    /// Declared width of each register in bits (1: `.pred`; 64 for registers the decoder
    /// makes itself).
    reg_bits: Vec<u8>,
    /// `.b128` registers: each is the first (low) of two consecutive 64-bit slots, and only
    /// `mov`, `ld`, `st` and `atom` of type `.b128` may name it.
    wide: std::collections::HashSet<Reg>,
    /// The static shared variables the function names (offset, size; size 0: the dynamic
    /// area), for `Func::shared_used`.
    shared_refs: std::cell::RefCell<Vec<(u64, u64)>>,
}

/// The state spaces `cvta` and `isspacep` name.
const CVTA_SPACES: [Kw; 8] =
    [Kw::Global, Kw::Shared, Kw::SharedCta, Kw::SharedCluster, Kw::Local, Kw::Const, Kw::Param, Kw::ParamEntry];

/// Modifiers that only affect caching, ordering or scope; the executor may ignore them
/// because it runs every access with (at least) the strongest guarantees.
fn ignorable(k: Kw) -> bool {
    matches!(
        k,
        Kw::Ca
            | Kw::Cg
            | Kw::Cs
            | Kw::Lu
            | Kw::Cv
            | Kw::Wb
            | Kw::Wt
            | Kw::Nc
            | Kw::Volatile
            | Kw::Relaxed
            | Kw::Acquire
            | Kw::Release
            | Kw::AcqRel
            | Kw::Weak
            | Kw::Cta
            | Kw::Gpu
            | Kw::Sys
            | Kw::Cluster
            | Kw::L1EvictFirst
            | Kw::L1EvictLast
            | Kw::L1EvictNormal
            | Kw::L1EvictUnchanged
            | Kw::L1NoAllocate
            | Kw::L2EvictFirst
            | Kw::L2EvictLast
            | Kw::L2EvictNormal
            | Kw::L2EvictUnchanged
            | Kw::L2128B
            | Kw::L2256B
            | Kw::L264B
            | Kw::Sc
            | Kw::Aligned
            | Kw::Uni
            | Kw::Sync
            | Kw::Noftz
    )
}

impl FuncDecoder<'_> {
    fn err_at(&self, text: String, span: ptx::Span, message: String) -> LoadError {
        let (line, col) = self.lines.map_or((0, 0), |l| l.line_col(span.start));
        LoadError { function: self.fname.clone(), instruction: text, line, col, message }
    }

    fn new_reg(&mut self) -> Reg {
        self.nregs += 1;
        self.reg_bits.push(64);
        self.nregs - 1
    }

    fn declare(&mut self, d: &VarDecl, frame_local: &mut u64) -> R<()> {
        for n in &d.names {
            let sym = match d.space {
                StateSpace::Reg => {
                    if d.ty.scalar == ScalarType::B128 {
                        if n.range.is_some() || d.ty.vector > 1 {
                            return Err("`.b128` register ranges and vectors are not supported".into());
                        }
                        let r = self.new_reg();
                        self.new_reg();
                        self.wide.insert(r);
                        Sym::Reg(r)
                    } else if let Some(k) = n.range {
                        let base = self.nregs;
                        self.nregs += k;
                        self.reg_bits.resize(self.nregs as usize, width(d.ty.scalar));
                        Sym::RegRange(base, k)
                    } else {
                        let vw = u32::from(d.ty.vector.max(1));
                        if vw > 1 {
                            return Err("vector registers are not supported".into());
                        }
                        let r = self.new_reg();
                        if let Some(b) = self.reg_bits.last_mut() {
                            *b = width(d.ty.scalar);
                        }
                        if d.ty.scalar == ScalarType::Pred {
                            self.preds.insert(r);
                        }
                        Sym::Reg(r)
                    }
                }
                StateSpace::Local => {
                    *frame_local = align_up(*frame_local, decl_align(d));
                    let s = Sym::Local(*frame_local);
                    *frame_local += decl_size(d, &n.dims);
                    s
                }
                StateSpace::Param | StateSpace::ParamFunc => {
                    let off = align_up(u64::from(self.param_size), decl_align(d));
                    self.param_size = (off + decl_size(d, &n.dims)) as u32;
                    self.param_sizes.insert(off, decl_size(d, &n.dims) as u32);
                    Sym::FParam(off)
                }
                StateSpace::Shared | StateSpace::SharedCta => match self.shared_syms.get(&n.name) {
                    Some(s) => *s,
                    None => return Err("unknown shared variable".into()),
                },
                _ => return Err(format!("`.{}` variables in a function body are not supported", d.space)),
            };
            if let Some(scope) = self.scopes.last_mut() {
                scope.insert(n.name, sym);
            }
        }
        Ok(())
    }

    fn lookup(&self, n: Name) -> Option<Sym> {
        for s in self.scopes.iter().rev() {
            if let Some(x) = s.get(&n) {
                return Some(*x);
            }
        }
        if let Some(x) = self.shared_syms.get(&n).or_else(|| self.module_syms.get(&n)) {
            return Some(*x);
        }
        // `%r12` declared through `%r<N>`.
        let s = self.names.str(n);
        let digits = s.len() - s.bytes().rev().take_while(|b| b.is_ascii_digit()).count();
        if digits < s.len() {
            let idx: u32 = s[digits..].parse().ok()?;
            let prefix = self.names.get(&s[..digits])?;
            for sc in self.scopes.iter().rev() {
                if let Some(Sym::RegRange(base, k)) = sc.get(&prefix) {
                    return (idx < *k).then_some(Sym::Reg(base + idx));
                }
            }
        }
        None
    }

    /// Fails when global `g`'s initializer could not be loaded.
    fn check_global(&self, g: u32) -> R<()> {
        match self.bad_globals.get(&g) {
            Some(e) => Err(format!("uses `{}`, whose initializer cannot be loaded: {}", e.instruction, e.message)),
            None => Ok(()),
        }
    }

    fn name_str(&self, n: Name) -> &str {
        self.names.str(n)
    }

    fn reg(&mut self, op: &Operand) -> R<Reg> {
        match op {
            Operand::Name(n) => match self.lookup(*n) {
                Some(Sym::Reg(r)) if self.wide.contains(&r) => Err(self.wide_misuse(*n)),
                Some(Sym::Reg(r)) => Ok(r),
                _ => Err(format!("`{}` is not a register", self.name_str(*n))),
            },
            Operand::Sink => Ok(self.new_reg()),
            _ => Err("expected a register".into()),
        }
    }

    /// Whether `op` is a predicate operand (`p`, `!p`).
    fn is_pred(&self, op: &Operand) -> bool {
        match op {
            Operand::Not(_) => true,
            Operand::Name(n) => matches!(self.lookup(*n), Some(Sym::Reg(r)) if self.preds.contains(&r)),
            _ => false,
        }
    }

    fn imm(&self, i: Imm, ty: ScalarType) -> u64 {
        match (i, ty) {
            (Imm::Int(v), ScalarType::F32) => u64::from((v as f32).to_bits()),
            (Imm::Int(v), ScalarType::F64) => (v as f64).to_bits(),
            (Imm::Int(v), _) => mask_to(v as u64, ty),
            (Imm::F32(b), ScalarType::F64) => f64::from(f32::from_bits(b)).to_bits(),
            (Imm::F32(b), _) => u64::from(b),
            (Imm::F64(b), ScalarType::F32) => u64::from((f64::from_bits(b) as f32).to_bits()),
            (Imm::F64(b), _) => b,
        }
    }

    fn wide_misuse(&self, n: Name) -> String {
        format!(
            "`{}` is a .b128 register: only mov, ld, st and atom.cas/exch of type .b128 are supported on it",
            self.name_str(n)
        )
    }

    /// A `.b128` register operand: its (low, high) slots.
    fn wide_reg(&self, op: &Operand) -> R<[Reg; 2]> {
        match op {
            Operand::Name(n) => match self.lookup(*n) {
                Some(Sym::Reg(r)) if self.wide.contains(&r) => Ok([r, r + 1]),
                _ => Err(format!("`{}` is not a .b128 register", self.name_str(*n))),
            },
            _ => Err("expected a .b128 register".into()),
        }
    }

    /// A `.b128` source: a `.b128` register or a `{lo, hi}` pair of 64-bit operands.
    fn wide_src(&mut self, op: &Operand) -> R<[Src; 2]> {
        match op {
            Operand::Vector(v) if v.len() == 2 => {
                Ok([self.src(&v[0], ScalarType::B64)?, self.src(&v[1], ScalarType::B64)?])
            }
            o => Ok(self.wide_reg(o)?.map(Src::Reg)),
        }
    }

    /// A `.b128` destination: a `.b128` register, a `{lo, hi}` pair of 64-bit registers
    /// (either may be `_`), or `_`.
    fn wide_dst(&mut self, op: &Operand) -> R<[Option<Reg>; 2]> {
        let one = |this: &mut Self, o: &Operand| match o {
            Operand::Sink => Ok(None),
            o => this.reg(o).map(Some),
        };
        match op {
            Operand::Sink => Ok([None, None]),
            Operand::Vector(v) if v.len() == 2 => Ok([one(self, &v[0])?, one(self, &v[1])?]),
            o => Ok(self.wide_reg(o)?.map(Some)),
        }
    }

    fn sym_src(&self, n: Name, off: i64) -> R<Src> {
        match self.lookup(n) {
            Some(Sym::Reg(r)) if self.wide.contains(&r) => Err(self.wide_misuse(n)),
            Some(Sym::Reg(r)) if off == 0 => Ok(Src::Reg(r)),
            Some(Sym::Global(g)) => {
                self.check_global(g)?;
                Ok(Src::Global(g, off))
            }
            Some(Sym::Shared(o, size)) => {
                self.shared_refs.borrow_mut().push((o, size));
                Ok(Src::Imm(o.wrapping_add(off as u64)))
            }
            Some(Sym::Local(o)) => Ok(Src::Local(o.wrapping_add(off as u64))),
            // A kernel parameter's address (CUB takes it to read large parameter structs
            // through a register; nvcc -O3 passes it on as a generic pointer) is in the
            // parameter window's upper half (`memory::PARAM_ALIAS`), readable by generic
            // loads as on the GPU.
            Some(Sym::KParam(o)) => Ok(Src::Imm(crate::memory::PARAM_ALIAS.wrapping_add(o).wrapping_add(off as u64))),
            Some(Sym::Func(f)) if off == 0 => Ok(Src::Imm(func_addr(f))),
            None if off == 0 && self.name_str(n) == "WARP_SZ" => Ok(Src::Imm(32)),
            _ => Err(format!("unknown or unsupported operand `{}`", self.name_str(n))),
        }
    }

    fn src(&mut self, op: &Operand, ty: ScalarType) -> R<Src> {
        match op {
            Operand::Name(n) => self.sym_src(*n, 0),
            Operand::NameOffset(n, off) => self.sym_src(*n, *off),
            Operand::Imm(i) => Ok(Src::Imm(self.imm(*i, ty))),
            Operand::Sreg(s, c) => Ok(Src::Sreg(sreg(*s, c.map(|c| c.index() as u8))?)),
            Operand::Sink => Ok(Src::Imm(0)),
            _ => Err("unsupported operand form".into()),
        }
    }

    /// A predicate source, possibly negated (`!p`).
    fn psrc(&mut self, op: &Operand) -> R<(Src, bool)> {
        match op {
            Operand::Not(n) => Ok((self.sym_src(*n, 0)?, true)),
            Operand::Imm(Imm::Int(i)) => Ok((Src::Imm(u64::from(*i != 0)), false)),
            _ => Ok((self.src(op, ScalarType::Pred)?, false)),
        }
    }

    /// A memory operand and, when it names a variable, the space that variable lives in.
    fn addr(&mut self, op: &Operand) -> R<(Addr, Option<Space>)> {
        let (base, off) = match op {
            Operand::Addr(a) => (a.base, a.offset),
            Operand::Name(n) => (Some(*n), 0),
            Operand::NameOffset(n, o) => (Some(*n), *o),
            Operand::Imm(Imm::Int(i)) => (None, *i),
            _ => return Err("unsupported address operand".into()),
        };
        let Some(n) = base else {
            return Ok((Addr::fixed(Base::Abs, off), None));
        };
        Ok(match self.lookup(n) {
            Some(Sym::Reg(r)) if self.wide.contains(&r) => return Err(self.wide_misuse(n)),
            Some(Sym::Reg(r)) => {
                let narrow = self.reg_bits.get(r as usize).is_some_and(|&b| b <= 32);
                (Addr { base: Base::Reg(r), off, narrow }, None)
            }
            Some(Sym::Global(g)) => {
                self.check_global(g)?;
                (Addr::fixed(Base::Global(g), off), Some(Space::Global))
            }
            Some(Sym::Shared(o, size)) => {
                self.shared_refs.borrow_mut().push((o, size));
                (Addr::fixed(Base::Abs, o as i64 + off), Some(Space::Shared))
            }
            Some(Sym::Local(o)) => (Addr::fixed(Base::Local(o), off), Some(Space::Local)),
            Some(Sym::KParam(o)) => (Addr::fixed(Base::Abs, o as i64 + off), Some(Space::KParam)),
            Some(Sym::FParam(o)) => (Addr::fixed(Base::Abs, o as i64 + off), Some(Space::FParam)),
            _ => return Err(format!("unknown address base `{}`", self.name_str(n))),
        })
    }

    fn function(&mut self, f: &Function, dyn_base: u32) -> Result<Func, LoadError> {
        let fspan = f.span;
        let ferr = |s: &Self, m: String| s.err_at(s.fname.clone(), fspan, m);
        // Parameters.
        let mut kparam = 0u64;
        let mut ret_slots = Vec::new();
        let mut param_slots = Vec::new();
        let mut frame_local = 0u64;
        let mut param_copies = Vec::new();
        let mut return_copies = Vec::new();
        if self.is_kernel {
            for p in &f.params {
                for n in &p.names {
                    kparam = align_up(kparam, decl_align(p));
                    self.scopes[0].insert(n.name, Sym::KParam(kparam));
                    kparam += decl_size(p, &n.dims);
                }
            }
        } else {
            let addressed = param_address::addressed(f);
            for (is_return, list, slots) in [(true, &f.returns, &mut ret_slots), (false, &f.params, &mut param_slots)] {
                for p in list.iter() {
                    if p.space == StateSpace::Reg {
                        return Err(ferr(self, "register parameters are not supported".into()));
                    }
                    for n in &p.names {
                        let off = align_up(u64::from(self.param_size), decl_align(p));
                        let sz = decl_size(p, &n.dims);
                        if addressed.contains(&n.name) {
                            // Its address is taken: it lives in the local frame.
                            frame_local = align_up(frame_local, decl_align(p));
                            self.scopes[0].insert(n.name, Sym::Local(frame_local));
                            let c = param_address::LocalCopy { param: off, local: frame_local, size: sz };
                            if is_return { &mut return_copies } else { &mut param_copies }.push(c);
                            frame_local += sz;
                        } else {
                            self.scopes[0].insert(n.name, Sym::FParam(off));
                        }
                        self.param_size = (off + sz) as u32;
                        slots.push((off as u32, sz as u32));
                    }
                }
            }
        }
        let (prologue, epilogue) = if param_copies.is_empty() && return_copies.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            let tmp = self.new_reg();
            (param_address::copy_code(&param_copies, true, tmp), param_address::copy_code(&return_copies, false, tmp))
        };
        let is_ret = |ins: &Instruction| ins.opcode == Opcode::Ret;
        let body = f.body.as_deref().unwrap_or(&[]);
        // Labels → instruction indices.
        let mut labels: HashMap<Name, u32> = HashMap::new();
        let mut n = prologue.len() as u32;
        for s in body {
            match s {
                Statement::Instr(ins) => n += 1 + if is_ret(ins) { epilogue.len() as u32 } else { 0 },
                Statement::Label(l, _) => {
                    labels.insert(*l, n);
                }
                _ => {}
            }
        }
        self.jump_tables.clear();
        for s in body {
            if let Statement::BranchTargets(name, targets, sp) = s {
                let mut t = Vec::with_capacity(targets.len());
                for l in targets {
                    let Some(&pc) = labels.get(l) else {
                        return Err(self.err_at("branchtargets".into(), *sp, "unknown label in .branchtargets".into()));
                    };
                    t.push(pc);
                }
                self.jump_tables.insert(*name, t);
            }
        }
        let mut code = Vec::with_capacity(n as usize);
        let mut info = Vec::with_capacity(n as usize);
        let mut branch_fix: Vec<(usize, Name)> = Vec::new();
        let (fline, fcol) = self.lines.map_or((0, 0), |l| l.line_col(fspan.start));
        let copy_info = |what: &str, line: u32, col: u32, offset: u32| SrcInfo {
            text: format!("(copy of the parameters whose address is taken {what})"),
            line,
            col,
            offset,
            loc: None,
        };
        for inst in &prologue {
            code.push(inst.clone());
            info.push(copy_info("into the local frame", fline, fcol, fspan.start));
        }
        for s in body {
            match s {
                Statement::Instr(ins) => {
                    let text = fmt_inst(self.names, ins);
                    if is_ret(ins) {
                        let (line, col) = self.lines.map_or((0, 0), |l| l.line_col(ins.span.start));
                        for inst in &epilogue {
                            code.push(inst.clone());
                            info.push(copy_info("back to the .param area", line, col, ins.span.start));
                        }
                    }
                    let res = self.instruction(ins, &labels, &mut branch_fix, code.len());
                    let op = res.map_err(|m| self.err_at(text.clone(), ins.span, m))?;
                    let guard = match ins.guard {
                        Some(g) => match self.lookup(g.pred) {
                            Some(Sym::Reg(r)) => Some(Guard { reg: r, neg: g.negated }),
                            _ => return Err(self.err_at(text, ins.span, "unknown guard predicate".into())),
                        },
                        None => None,
                    };
                    let (line, col) = self.lines.map_or((0, 0), |l| l.line_col(ins.span.start));
                    code.push(Inst { op, guard });
                    info.push(SrcInfo { text, line, col, offset: ins.span.start, loc: self.loc });
                }
                Statement::Decl(d) => {
                    self.declare(d, &mut frame_local)
                        .map_err(|m| self.err_at(format!(".{} declaration", d.space), d.span, m))?;
                }
                Statement::BlockStart(_) => self.scopes.push(HashMap::new()),
                Statement::BlockEnd(_) => {
                    self.scopes.pop();
                }
                Statement::Loc(l) => self.loc = Some(crate::source_loc::user_loc(l, self.files)),
                Statement::Label(..) | Statement::Pragma(..) => {}
                // Prototypes only describe indirect calls' parameters, which are matched to the
                // callee's by position at run time.
                Statement::CallPrototype(_) | Statement::CallTargets(..) | Statement::BranchTargets(..) => {}
            }
        }
        let _ = branch_fix;
        if self.contract {
            // The parameter copies have no PTX instruction of their own.
            let mut insts: Vec<Option<&Instruction>> = vec![None; prologue.len()];
            let mut block_start = vec![false; prologue.len()];
            let mut label = false;
            for s in body {
                match s {
                    Statement::Instr(ins) => {
                        if is_ret(ins) {
                            insts.extend(std::iter::repeat_n(None, epilogue.len()));
                            block_start.extend(std::iter::repeat_n(false, epilogue.len()));
                        }
                        insts.push(Some(ins));
                        block_start.push(std::mem::take(&mut label));
                    }
                    Statement::Label(..) => label = true,
                    _ => {}
                }
            }
            crate::contract::contract(&mut code, &insts, &block_start);
        }
        crate::cfg::set_reconvergence(&mut code);
        self.local_size = align_up(frame_local, 16) as u32;
        let writes_shared = Func::may_write_shared(&code);
        Ok(Func {
            writes_shared,
            name: self.fname.clone(),
            is_kernel: self.is_kernel,
            code,
            info,
            nregs: self.nregs,
            reg_bits: std::mem::take(&mut self.reg_bits),
            param_size: self.param_size,
            local_size: self.local_size,
            kparam_size: kparam as u32,
            shared_size: dyn_base,
            shared_used: Some(own_shared_ranges(&self.shared_refs.borrow())),
            ret_slots,
            param_slots,
            cluster: f.directives.iter().find_map(|d| match d {
                ptx::ast::FuncDirective::Reqnctapercluster(v) => {
                    Some([0, 1, 2].map(|i| v.get(i).copied().unwrap_or(1).max(1)))
                }
                _ => None,
            }),
            warps_interleave: false,
        })
    }

    fn instruction(
        &mut self,
        ins: &Instruction,
        labels: &HashMap<Name, u32>,
        _fix: &mut Vec<(usize, Name)>,
        _pc: usize,
    ) -> R<Op> {
        let mut kws: Vec<Kw> = Vec::new();
        let mut warp = false;
        let mut shape = None;
        for m in &ins.mods {
            match m {
                Modifier::Kw(k) => kws.push(*k),
                Modifier::Unknown(n) if self.names.str(*n) == "warp" => warp = true,
                Modifier::Unknown(n) => return Err(format!("unknown modifier `.{}`", self.names.str(*n))),
                Modifier::Shape { m, n, k } => shape = Some((*m, *n, *k)),
            }
        }
        if matches!(ins.opcode, Opcode::Wmma | Opcode::Mma | Opcode::Ldmatrix | Opcode::Stmatrix | Opcode::Movmatrix) {
            return Ok(Op::Mma(Box::new(self.matrix_inst(ins, &kws, shape)?)));
        }
        if shape.is_some() {
            return Err("matrix (shape) modifiers are not supported on this instruction".into());
        }
        let tys: Vec<ScalarType> = kws.iter().filter_map(|k| k.as_type()).collect();
        let ty = tys.last().copied();
        let rnd: Option<Rounding> = kws.iter().find_map(|k| k.as_rounding());
        let has = |k: Kw| kws.contains(&k);
        let ops = &ins.operands;
        let nops = ops.len();
        let need = |k: usize| -> R<()> { if nops < k { Err(format!("expected {k} operands")) } else { Ok(()) } };
        // Check that every non-type, non-ignorable modifier is in `allowed`.
        let check = |allowed: &[Kw]| -> R<()> {
            for k in &kws {
                if k.as_type().is_none() && !ignorable(*k) && !allowed.contains(k) {
                    return Err(format!("modifier `.{}` is not supported here", k.as_str()));
                }
            }
            Ok(())
        };
        let ty_req = || ty.ok_or_else(|| "missing type".to_string());
        use Opcode as O;
        let carry = match ins.opcode {
            O::Addc => Some((CarryOp::Add, true)),
            O::Subc => Some((CarryOp::Sub, true)),
            O::Madc if has(Kw::Hi) => Some((CarryOp::MadHi, true)),
            O::Madc => Some((CarryOp::MadLo, true)),
            O::Add if has(Kw::Cc) => Some((CarryOp::Add, false)),
            O::Sub if has(Kw::Cc) => Some((CarryOp::Sub, false)),
            O::Mad if has(Kw::Cc) && has(Kw::Hi) => Some((CarryOp::MadHi, false)),
            O::Mad if has(Kw::Cc) => Some((CarryOp::MadLo, false)),
            _ => None,
        };
        if let Some((cop, cin)) = carry {
            check(&[Kw::Cc, Kw::Lo, Kw::Hi])?;
            let t = ty_req()?;
            if !matches!(t.size(), 4 | 8) || t.kind() == TypeKind::Float {
                return Err(format!("`{}` on .{t} is not supported", ins.opcode));
            }
            let mad = matches!(cop, CarryOp::MadLo | CarryOp::MadHi);
            need(if mad { 4 } else { 3 })?;
            let d = self.reg(&ops[0])?;
            let a = self.src(&ops[1], t)?;
            let b = self.src(&ops[2], t)?;
            let c = if mad { self.src(&ops[3], t)? } else { Src::Imm(0) };
            let cout = has(Kw::Cc);
            return Ok(Op::Carry { op: cop, w: width(t), signed: is_signed(t), cin, cout, d, a, b, c });
        }
        let op = match ins.opcode {
            O::Mov => {
                check(&[])?;
                need(2)?;
                let t = ty_req()?;
                if t == ScalarType::B128 {
                    return Ok(Op::Mov2 { d: self.wide_dst(&ops[0])?, a: self.wide_src(&ops[1])? });
                }
                match (&ops[0], &ops[1]) {
                    (Operand::Vector(ds), a) => {
                        let bits = (u32::from(width(t)) / ds.len() as u32) as u8;
                        let mut parts = Vec::new();
                        for d in ds {
                            parts.push(match d {
                                Operand::Sink => None,
                                d => Some(self.reg(d)?),
                            });
                        }
                        Op::Unpack { parts, a: self.src(a, t)?, bits }
                    }
                    (d, Operand::Vector(srcs)) => {
                        let bits = (u32::from(width(t)) / srcs.len() as u32) as u8;
                        let part_ty = match bits {
                            8 => ScalarType::B8,
                            16 => ScalarType::B16,
                            32 => ScalarType::B32,
                            _ => ScalarType::B64,
                        };
                        let parts = srcs.iter().map(|s| self.src(s, part_ty)).collect::<R<Vec<_>>>()?;
                        Op::Pack { d: self.reg(d)?, parts, bits }
                    }
                    (d, a) => Op::Un { op: UnOp::Mov, d: self.reg(d)?, a: self.src(a, t)? },
                }
            }
            O::St if has(Kw::Async) => return self.st_async(ins, &kws, ty),
            O::Ld | O::Ldu | O::St => return self.mem(ins, &kws, ty),
            // `createpolicy`: a 64-bit L2 cache policy for `.L2::cache_hint` accesses, which
            // ignore it here; any value will do.
            O::Createpolicy => {
                Op::Un { op: UnOp::Mov, d: self.reg(ops.first().ok_or("missing operands")?)?, a: Src::Imm(0) }
            }
            O::Tex | O::Tld4 | O::Txq | O::Suq | O::Istypep | O::Suld | O::Sust | O::Sured => {
                return Ok(Op::Tex(Box::new(self.tex_inst(ins, &kws)?)));
            }
            O::Cvta => {
                check(&[&[Kw::To][..], &CVTA_SPACES].concat())?;
                need(2)?;
                if has(Kw::Param) || has(Kw::ParamEntry) {
                    // A kernel parameter's param-space address (a `mov` of it: the window's
                    // upper half, `memory::PARAM_ALIAS`; or a bare offset, a `mov.u32`) and
                    // its generic address (the lower half) differ only in the bits above the
                    // offset: both directions give the lower half, which `ld.param` and
                    // generic loads both read (`PARAM_WINDOW` with the low 31 bits of the
                    // operand inserted).
                    if ty != Some(ScalarType::U64) {
                        return Err("cvta.param needs .u64 (64-bit generic addresses)".into());
                    }
                    let a = self.src(&ops[1], ScalarType::U64)?;
                    let b = Src::Imm(crate::memory::PARAM_WINDOW);
                    let bits = crate::memory::PARAM_HALF.trailing_zeros();
                    return Ok(Op::Bfi {
                        w: 64,
                        d: self.reg(&ops[0])?,
                        a,
                        b,
                        c: Src::Imm(0),
                        e: Src::Imm(u64::from(bits)),
                    });
                }
                let space = if has(Kw::Shared) || has(Kw::SharedCta) || has(Kw::SharedCluster) {
                    Space::Shared
                } else if has(Kw::Local) {
                    Space::Local
                } else if has(Kw::Global) || has(Kw::Const) {
                    Space::Global
                } else {
                    return Err("unsupported cvta space".into());
                };
                let t = ty.unwrap_or(ScalarType::U64);
                Op::Cvta { to_generic: !has(Kw::To), space, d: self.reg(&ops[0])?, a: self.src(&ops[1], t)? }
            }
            O::Isspacep => {
                check(&CVTA_SPACES)?;
                need(2)?;
                if has(Kw::Param) || has(Kw::ParamEntry) {
                    let a = self.src(&ops[1], ScalarType::U64)?;
                    return Ok(Op::Un { op: UnOp::IsParam, d: self.reg(&ops[0])?, a });
                }
                if has(Kw::SharedCluster) {
                    let a = self.src(&ops[1], ScalarType::U64)?;
                    return Ok(Op::Cluster(ClusterOp::IsSharedCluster { d: self.reg(&ops[0])?, a }));
                }
                let window = if has(Kw::Shared) || has(Kw::SharedCta) {
                    Window::Shared
                } else if has(Kw::Local) {
                    Window::Local
                } else if has(Kw::Global) {
                    Window::Global
                } else if has(Kw::Const) {
                    Window::Const
                } else {
                    return Err("unsupported isspacep space".into());
                };
                Op::Isspacep { window, d: self.reg(&ops[0])?, a: self.src(&ops[1], ScalarType::U64)? }
            }
            O::Cvt => {
                check(&[
                    Kw::Rn,
                    Kw::Rz,
                    Kw::Rm,
                    Kw::Rp,
                    Kw::Rni,
                    Kw::Rzi,
                    Kw::Rmi,
                    Kw::Rpi,
                    Kw::Sat,
                    Kw::Ftz,
                    Kw::Relu,
                    Kw::Rna,
                    Kw::Satfinite,
                ])?;
                need(2)?;
                if tys.len() != 2 {
                    return Err("cvt needs two types".into());
                }
                let (to, from) = (tys[0], tys[1]);
                let relu = has(Kw::Relu);
                match (to, from) {
                    (ScalarType::Tf32, ScalarType::F32) if rnd == Some(Rounding::Rna) && !relu => {
                        let sat = has(Kw::Satfinite);
                        let a = self.src(&ops[1], from)?;
                        return Ok(Op::Un { op: UnOp::CvtTf32 { sat }, d: self.reg(&ops[0])?, a });
                    }
                    (ScalarType::E4m3x2 | ScalarType::E5m2x2, ScalarType::F32)
                        if rnd == Some(Rounding::Rn) && has(Kw::Satfinite) =>
                    {
                        need(3)?;
                        let op = BinOp::CvtF8x2 { e5m2: to == ScalarType::E5m2x2, relu };
                        let d = self.reg(&ops[0])?;
                        return Ok(Op::Bin { op, d, a: self.src(&ops[1], from)?, b: self.src(&ops[2], from)? });
                    }
                    (ScalarType::E4m3x2 | ScalarType::E5m2x2, ScalarType::F16x2)
                        if rnd == Some(Rounding::Rn) && has(Kw::Satfinite) =>
                    {
                        let op = UnOp::CvtF8x2F16x2 { e5m2: to == ScalarType::E5m2x2, relu };
                        return Ok(Op::Un { op, d: self.reg(&ops[0])?, a: self.src(&ops[1], ScalarType::B32)? });
                    }
                    (ScalarType::F16x2, ScalarType::E4m3x2 | ScalarType::E5m2x2)
                        if rnd == Some(Rounding::Rn) && !relu && !has(Kw::Satfinite) =>
                    {
                        let op = UnOp::CvtF16x2F8 { e5m2: from == ScalarType::E5m2x2 };
                        return Ok(Op::Un { op, d: self.reg(&ops[0])?, a: self.src(&ops[1], ScalarType::B16)? });
                    }
                    // `.satfinite` to f16/bf16 from f32: the conversions below apply it.
                    (ScalarType::F16 | ScalarType::Bf16 | ScalarType::F16x2 | ScalarType::Bf16x2, ScalarType::F32)
                        if matches!(rnd, Some(Rounding::Rn | Rounding::Rz)) && !has(Kw::Sat) => {}
                    _ if has(Kw::Satfinite) || rnd == Some(Rounding::Rna) => {
                        return Err(format!("cvt .{to}.{from} with this rounding is not supported"));
                    }
                    _ => {}
                }
                if let (Some((fmt, true)), ScalarType::F32) = (half_ty(to), from) {
                    need(3)?;
                    let rnd = rnd.unwrap_or(Rounding::Rn);
                    if !matches!(rnd, Rounding::Rn | Rounding::Rz | Rounding::Rm | Rounding::Rp) {
                        return Err(format!("cvt rounding .{rnd} is not supported here"));
                    }
                    let (relu, sat, satfinite) = (has(Kw::Relu), has(Kw::Sat), has(Kw::Satfinite));
                    let op = BinOp::CvtX2 { fmt, rnd, relu, sat, satfinite };
                    return Ok(Op::Bin {
                        op,
                        d: self.reg(&ops[0])?,
                        a: self.src(&ops[1], from)?,
                        b: self.src(&ops[2], from)?,
                    });
                }
                if has(Kw::Relu) && half_ty(to).is_none() {
                    return Err("cvt .relu needs an f16/bf16 destination".into());
                }
                let mut c = self.cvt(to, from, rnd, has(Kw::Sat), has(Kw::Ftz))?;
                c.relu = has(Kw::Relu);
                c.satfinite = has(Kw::Satfinite);
                Op::Un { op: UnOp::Cvt(c), d: self.reg(&ops[0])?, a: self.src(&ops[1], from)? }
            }
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
            | O::Szext => {
                need(3)?;
                let t = ty_req()?;
                let op = self.binop(ins.opcode, t, &kws, rnd)?;
                let bt = match op {
                    BinOp::Shl(_) | BinOp::Shr(..) | BinOp::Szext { .. } => ScalarType::U32,
                    _ => t,
                };
                Op::Bin { op, d: self.reg(&ops[0])?, a: self.src(&ops[1], t)?, b: self.src(&ops[2], bt)? }
            }
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
            | O::Fns
            | O::Vset2
            | O::Vset4
            | O::Vadd2
            | O::Vadd4
            | O::Vsub2
            | O::Vsub4
            | O::Vavrg2
            | O::Vavrg4
            | O::Vabsdiff2
            | O::Vabsdiff4
            | O::Vmin2
            | O::Vmin4
            | O::Vmax2
            | O::Vmax4 => {
                check(&[
                    Kw::Relu,
                    Kw::Add,
                    Kw::Rn,
                    Kw::Rz,
                    Kw::Rm,
                    Kw::Rp,
                    Kw::Ftz,
                    Kw::Sat,
                    Kw::Lo,
                    Kw::Hi,
                    Kw::Wide,
                    Kw::L,
                    Kw::R,
                    Kw::Wrap,
                    Kw::Clamp,
                    Kw::F4e,
                    Kw::B4e,
                    Kw::Rc8,
                    Kw::Ecl,
                    Kw::Ecr,
                    Kw::Rc16,
                    // vset2/vset4's comparison.
                    Kw::Eq,
                    Kw::Ne,
                    Kw::Lt,
                    Kw::Le,
                    Kw::Gt,
                    Kw::Ge,
                ])?;
                let t = ty_req()?;
                let (mut op, n) = self.ternop(ins.opcode, t, &tys, &kws, rnd)?;
                need(n)?;
                if let TernOp::Lop3(_) = op {
                    let Operand::Imm(Imm::Int(lut)) = ops[4] else {
                        return Err("lop3 needs an immediate truth table".into());
                    };
                    op = TernOp::Lop3(lut as u8);
                }
                let (sa, sb, sc) = match op {
                    TernOp::Bfe(..) => (t, ScalarType::U32, ScalarType::U32),
                    TernOp::Selp => (t, t, ScalarType::Pred),
                    TernOp::Slct { float, .. } => (t, t, if float { ScalarType::F32 } else { ScalarType::S32 }),
                    TernOp::ShfL(_) | TernOp::ShfR(_) => (t, t, ScalarType::U32),
                    TernOp::Dp4a(..) | TernOp::Dp2a(..) | TernOp::Video(_) | TernOp::Fns => {
                        (ScalarType::B32, ScalarType::B32, ScalarType::B32)
                    }
                    TernOp::HFma(..) if t.size() == 2 => (ScalarType::B16, ScalarType::B16, ScalarType::B16),
                    TernOp::HFma(..) => (ScalarType::B32, ScalarType::B32, ScalarType::B32),
                    _ => (t, t, t),
                };
                let d = self.reg(&ops[0])?;
                let a = self.src(&ops[1], sa)?;
                let b = self.src(&ops[2], sb)?;
                let c = self.src(&ops[3], sc)?;
                Op::Tern { op, d, a, b, c }
            }
            O::Bfi => {
                check(&[])?;
                need(5)?;
                let t = ty_req()?;
                Op::Bfi {
                    w: width(t),
                    d: self.reg(&ops[0])?,
                    a: self.src(&ops[1], t)?,
                    b: self.src(&ops[2], t)?,
                    c: self.src(&ops[3], ScalarType::U32)?,
                    e: self.src(&ops[4], ScalarType::U32)?,
                }
            }
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
            | O::Testp => {
                check(&[
                    Kw::Approx,
                    Kw::Full,
                    Kw::Rn,
                    Kw::Rz,
                    Kw::Rm,
                    Kw::Rp,
                    Kw::Ftz,
                    Kw::Shiftamt,
                    Kw::Finite,
                    Kw::Infinite,
                    Kw::Number,
                    Kw::Notanumber,
                    Kw::Normal,
                    Kw::Subnormal,
                ])?;
                need(2)?;
                let t = ty_req()?;
                let op = self.unop(ins.opcode, t, &kws, rnd)?;
                Op::Un { op, d: self.reg(&ops[0])?, a: self.src(&ops[1], t)? }
            }
            O::Setp | O::Set => {
                check(&[
                    Kw::Eq,
                    Kw::Ne,
                    Kw::Lt,
                    Kw::Le,
                    Kw::Gt,
                    Kw::Ge,
                    Kw::Lo,
                    Kw::Ls,
                    Kw::Hi,
                    Kw::Hs,
                    Kw::Equ,
                    Kw::Neu,
                    Kw::Ltu,
                    Kw::Leu,
                    Kw::Gtu,
                    Kw::Geu,
                    Kw::Num,
                    Kw::Nan,
                    Kw::And,
                    Kw::Or,
                    Kw::Xor,
                    Kw::Ftz,
                ])?;
                need(3)?;
                let cop: CmpOp = kws.iter().find_map(|k| k.as_cmp()).ok_or("missing comparison")?;
                let st = ty_req()?;
                let x2 = matches!(st, ScalarType::F16x2 | ScalarType::Bf16x2);
                let out = if ins.opcode == O::Set {
                    if tys.len() != 2 {
                        return Err("set needs two types".into());
                    }
                    SetOut::Bits(match tys[0] {
                        ScalarType::F32 => 0x3f80_0000,
                        ScalarType::F16 | ScalarType::F16x2 => u64::from(HFmt::F16.one()),
                        ScalarType::Bf16 | ScalarType::Bf16x2 => u64::from(HFmt::Bf16.one()),
                        t if t.size() == 2 || x2 => 0xffff,
                        t if t.kind() == TypeKind::Float => {
                            return Err(format!("set with a .{t} result is not supported"));
                        }
                        _ => 0xffff_ffff,
                    })
                } else {
                    SetOut::Pred
                };
                let kind = match st {
                    ScalarType::F32 => b'f',
                    ScalarType::F64 => b'd',
                    ScalarType::F16 | ScalarType::F16x2 => b'h',
                    ScalarType::Bf16 | ScalarType::Bf16x2 => b'g',
                    t if is_signed(t) => b's',
                    t if t.kind() == TypeKind::Float => return Err(format!("setp on .{t} is not supported")),
                    _ => b'u',
                };
                let cmp = Cmp { op: cop, kind, w: width(st), ftz: has(Kw::Ftz) };
                let comb = if has(Kw::And) {
                    Some(BoolOp::And)
                } else if has(Kw::Or) {
                    Some(BoolOp::Or)
                } else if has(Kw::Xor) {
                    Some(BoolOp::Xor)
                } else {
                    None
                };
                let comb = match comb {
                    Some(b) => {
                        need(4)?;
                        let (p, neg) = self.psrc(&ops[3])?;
                        Some((b, p, neg))
                    }
                    None => None,
                };
                let (d, dn) = match &ops[0] {
                    Operand::Pair(p, q) => {
                        let p = self.reg(p)?;
                        let q = self.reg(&Operand::Name(*q))?;
                        (p, Some(q))
                    }
                    o => (self.reg(o)?, None),
                };
                Op::Setp { cmp, out, d, dn, a: self.src(&ops[1], st)?, b: self.src(&ops[2], st)?, comb }
            }
            O::Bra => {
                check(&[])?;
                need(1)?;
                let Operand::Name(l) = &ops[0] else {
                    return Err("indirect branches are not supported".into());
                };
                let target = *labels.get(l).ok_or("unknown label")?;
                Op::Bra { target, ipdom: NO_PC }
            }
            O::Ret => {
                check(&[])?;
                Op::Ret
            }
            O::Exit => {
                check(&[])?;
                Op::Exit
            }
            O::Trap => Op::Trap,
            O::Nanosleep => Op::Nanosleep,
            O::Alloca => {
                let ops = &ins.operands;
                let d = self.reg(ops.first().ok_or("missing operands")?)?;
                let size = self.src(ops.get(1).ok_or("missing size")?, ScalarType::U64)?;
                let align = match ops.get(2) {
                    Some(Operand::Imm(Imm::Int(a))) if *a > 0 && (*a as u64).is_power_of_two() => *a as u32,
                    Some(_) => return Err("alloca alignment must be a power of two".into()),
                    None => 8,
                };
                Op::Alloca { d, size, align }
            }
            O::Stacksave => Op::StackSave { d: self.reg(ins.operands.first().ok_or("missing operand")?)? },
            O::Stackrestore => {
                Op::StackRestore { a: self.src(ins.operands.first().ok_or("missing operand")?, ScalarType::U64)? }
            }
            O::Brkpt | O::Prefetch | O::Prefetchu | O::Pmevent | O::Discard | O::Applypriority => Op::Nop,
            // Programmatic dependent launch: grids of a stream run one after the other here, so
            // the prerequisite grid has always completed (`.wait`), and `.launch_dependents` is
            // only a scheduling hint.
            O::Griddepcontrol => Op::Nop,
            O::Membar | O::Fence => {
                // `fence.proxy.async` and `fence.mbarrier_init`: every proxy is the generic one
                // here and mbarrier initialization is immediately visible.
                check(&[
                    Kw::Gl,
                    Kw::Sys,
                    Kw::Cta,
                    Kw::Gpu,
                    Kw::AcqRel,
                    Kw::Sc,
                    Kw::Cluster,
                    Kw::Proxy,
                    Kw::Async,
                    Kw::Shared,
                    Kw::SharedCta,
                    Kw::Global,
                    Kw::MbarrierInit,
                ])?;
                Op::Fence
            }
            O::Barrier if has(Kw::Cluster) => {
                check(&[Kw::Cluster, Kw::Arrive, Kw::Wait, Kw::Release, Kw::Relaxed, Kw::Acquire, Kw::Aligned])?;
                if has(Kw::Arrive) == has(Kw::Wait) {
                    return Err("barrier.cluster needs .arrive or .wait".into());
                }
                Op::Cluster(if has(Kw::Arrive) { ClusterOp::Arrive } else { ClusterOp::Wait })
            }
            O::Mapa => {
                check(&[Kw::SharedCluster])?;
                need(3)?;
                let t = ty.unwrap_or(ScalarType::U64);
                let a = self.src(&ops[1], t)?;
                let rank = self.src(&ops[2], ScalarType::U32)?;
                Op::Cluster(ClusterOp::Mapa { d: self.reg(&ops[0])?, a, rank, generic: !has(Kw::SharedCluster) })
            }
            O::Getctarank => {
                check(&[Kw::SharedCluster])?;
                need(2)?;
                let t = ty.unwrap_or(ScalarType::U64);
                let a = self.src(&ops[1], t)?;
                Op::Cluster(ClusterOp::Getctarank { d: self.reg(&ops[0])?, a, generic: !has(Kw::SharedCluster) })
            }
            O::Bar | O::Barrier => {
                check(&[Kw::Sync, Kw::Aligned, Kw::Cta, Kw::Warp, Kw::Arrive, Kw::Red, Kw::Popc, Kw::And, Kw::Or])?;
                need(1)?;
                if warp || has(Kw::Warp) {
                    Op::WarpSync { mask: self.src(&ops[0], ScalarType::B32)? }
                } else if has(Kw::Red) {
                    let op = if has(Kw::Popc) {
                        BarRed::Popc
                    } else if has(Kw::And) {
                        BarRed::And
                    } else if has(Kw::Or) {
                        BarRed::Or
                    } else {
                        return Err("missing bar.red operation".into());
                    };
                    need(3)?;
                    let d = self.reg(&ops[0])?;
                    let id = self.src(&ops[1], ScalarType::U32)?;
                    let count = if nops > 3 { Some(self.src(&ops[2], ScalarType::U32)?) } else { None };
                    let (p, neg) = self.psrc(&ops[nops - 1])?;
                    Op::Bar { id, count, kind: BarKind::Red { op, d, p, neg } }
                } else {
                    let id = self.src(&ops[0], ScalarType::U32)?;
                    let count = if nops > 1 { Some(self.src(&ops[1], ScalarType::U32)?) } else { None };
                    let kind = if has(Kw::Arrive) { BarKind::Arrive } else { BarKind::Sync };
                    Op::Bar { id, count, kind }
                }
            }
            O::Elect => {
                check(&[Kw::Sync])?;
                need(2)?;
                let (d, p) = match &ops[0] {
                    Operand::Pair(d, p) => {
                        let d = if matches!(**d, Operand::Sink) { None } else { Some(self.reg(d)?) };
                        (d, Some(self.reg(&Operand::Name(*p))?))
                    }
                    Operand::Sink => (None, None),
                    o => (Some(self.reg(o)?), None),
                };
                Op::Elect { d, p, mask: self.src(&ops[1], ScalarType::B32)? }
            }
            O::Brx => {
                check(&[Kw::Idx, Kw::Uni])?;
                need(2)?;
                let index = self.src(&ops[0], ScalarType::U32)?;
                let Operand::Name(t) = &ops[1] else {
                    return Err("brx.idx needs a .branchtargets label".into());
                };
                let targets = self.jump_tables.get(t).cloned().ok_or("unknown .branchtargets label")?;
                Op::Brx { index, targets, ipdom: NO_PC }
            }
            O::Call => return self.call(ins),
            O::Shfl => {
                check(&[Kw::Sync, Kw::Up, Kw::Down, Kw::Bfly, Kw::Idx])?;
                if !has(Kw::Sync) {
                    return Err("only shfl.sync is supported".into());
                }
                need(4)?;
                let mode = if has(Kw::Up) {
                    ShflMode::Up
                } else if has(Kw::Down) {
                    ShflMode::Down
                } else if has(Kw::Bfly) {
                    ShflMode::Bfly
                } else {
                    ShflMode::Idx
                };
                let (d, p) = match &ops[0] {
                    Operand::Pair(d, p) => (self.reg(d)?, Some(self.reg(&Operand::Name(*p))?)),
                    o => (self.reg(o)?, None),
                };
                let t = ScalarType::B32;
                let a = self.src(&ops[1], t)?;
                let b = self.src(&ops[2], t)?;
                let c = self.src(&ops[3], t)?;
                // Without a member mask operand (never emitted by nvcc): the whole warp.
                let mask = if nops > 4 { self.src(&ops[4], t)? } else { Src::Imm(u64::from(u32::MAX)) };
                Op::Shfl { mode, d, p, a, b, c, mask }
            }
            O::Vote => {
                check(&[Kw::Sync, Kw::All, Kw::Any, Kw::Uni, Kw::Ballot])?;
                need(2)?;
                let mode = if has(Kw::All) {
                    VoteMode::All
                } else if has(Kw::Any) {
                    VoteMode::Any
                } else if has(Kw::Uni) {
                    VoteMode::Uni
                } else {
                    VoteMode::Ballot
                };
                let (a, neg) = self.psrc(&ops[1])?;
                let mask = if nops > 2 { self.src(&ops[2], ScalarType::B32)? } else { Src::Imm(u64::from(u32::MAX)) };
                Op::Vote { mode, d: self.reg(&ops[0])?, a, neg, mask }
            }
            O::Redux => {
                check(&[Kw::Sync, Kw::Add, Kw::Min, Kw::Max, Kw::And, Kw::Or, Kw::Xor])?;
                need(3)?;
                let t = ty_req()?;
                if t.size() != 4 || t.kind() == TypeKind::Float {
                    return Err(format!("redux on .{t} is not supported"));
                }
                let op = if has(Kw::Add) {
                    ReduxOp::Add
                } else if has(Kw::Min) {
                    ReduxOp::Min
                } else if has(Kw::Max) {
                    ReduxOp::Max
                } else if has(Kw::And) {
                    ReduxOp::And
                } else if has(Kw::Or) {
                    ReduxOp::Or
                } else if has(Kw::Xor) {
                    ReduxOp::Xor
                } else {
                    return Err("missing redux operation".into());
                };
                let mask = self.src(&ops[2], ScalarType::B32)?;
                Op::Redux { op, signed: is_signed(t), d: self.reg(&ops[0])?, a: self.src(&ops[1], t)?, mask }
            }
            O::Match => {
                check(&[Kw::Sync, Kw::Any, Kw::All])?;
                need(3)?;
                let t = ty_req()?;
                if !matches!(t.size(), 4 | 8) {
                    return Err(format!("match on .{t} is not supported"));
                }
                let (d, p) = match &ops[0] {
                    Operand::Pair(d, p) => (self.reg(d)?, Some(self.reg(&Operand::Name(*p))?)),
                    o => (self.reg(o)?, None),
                };
                let mask = self.src(&ops[2], ScalarType::B32)?;
                Op::Match { all: has(Kw::All), w: width(t), d, p, a: self.src(&ops[1], t)?, mask }
            }
            O::Activemask => {
                need(1)?;
                Op::Activemask { d: self.reg(&ops[0])? }
            }
            O::Red if has(Kw::Async) => return self.red_async(ins, &kws, ty),
            O::Atom | O::Red => return self.atom(ins, &kws, ty),
            O::Mbarrier => {
                check(&[
                    Kw::Init,
                    Kw::Arrive,
                    Kw::ArriveDrop,
                    Kw::ExpectTx,
                    Kw::CompleteTx,
                    Kw::NoComplete,
                    Kw::TestWait,
                    Kw::TryWait,
                    Kw::Parity,
                    Kw::PendingCount,
                    Kw::Inval,
                    Kw::Shared,
                    Kw::SharedCta,
                    Kw::SharedCluster,
                    Kw::Cluster,
                ])?;
                let space = if has(Kw::Shared) || has(Kw::SharedCta) || has(Kw::SharedCluster) {
                    Some(Space::Shared)
                } else {
                    None
                };
                let addr_at = |this: &mut Self, i: usize| -> R<(Addr, Space)> {
                    let (a, sp) = this.addr(&ops[i])?;
                    Ok((a, space.or(sp).unwrap_or(Space::Generic)))
                };
                let u32src = |this: &mut Self, i: usize| -> R<Src> {
                    if nops > i { this.src(&ops[i], ScalarType::U32) } else { Ok(Src::Imm(1)) }
                };
                if has(Kw::PendingCount) {
                    need(2)?;
                    let d = Some(self.reg(&ops[0])?);
                    let a = self.src(&ops[1], ScalarType::B64)?;
                    Op::Mbar { op: MbarOp::PendingCount, d, addr: Addr::fixed(Base::Abs, 0), space: Space::Shared, a }
                } else if has(Kw::Init)
                    || has(Kw::Inval)
                    || (has(Kw::ExpectTx) && !has(Kw::Arrive) && !has(Kw::ArriveDrop))
                    || has(Kw::CompleteTx)
                {
                    need(1)?;
                    let (addr, space) = addr_at(self, 0)?;
                    let op = if has(Kw::Init) {
                        MbarOp::Init
                    } else if has(Kw::Inval) {
                        MbarOp::Inval
                    } else if has(Kw::ExpectTx) {
                        MbarOp::ExpectTx
                    } else {
                        MbarOp::CompleteTx
                    };
                    let a = if op == MbarOp::Inval { Src::Imm(0) } else { need(2).and_then(|()| u32src(self, 1))? };
                    Op::Mbar { op, d: None, addr, space, a }
                } else if has(Kw::Arrive) || has(Kw::ArriveDrop) {
                    need(2)?;
                    let d = match &ops[0] {
                        Operand::Sink => None,
                        o => Some(self.reg(o)?),
                    };
                    let (addr, space) = addr_at(self, 1)?;
                    let a = u32src(self, 2)?;
                    let op = MbarOp::Arrive { drop: has(Kw::ArriveDrop), expect_tx: has(Kw::ExpectTx) };
                    Op::Mbar { op, d, addr, space, a }
                } else if has(Kw::TestWait) || has(Kw::TryWait) {
                    need(3)?;
                    let d = Some(self.reg(&ops[0])?);
                    let (addr, space) = addr_at(self, 1)?;
                    let parity = has(Kw::Parity);
                    let a = self.src(&ops[2], if parity { ScalarType::U32 } else { ScalarType::B64 })?;
                    Op::Mbar { op: MbarOp::Wait { parity }, d, addr, space, a }
                } else {
                    return Err("unsupported mbarrier operation".into());
                }
            }
            O::Cp if has(Kw::Async) => {
                // Copies run synchronously at issue, so groups are always complete.
                if has(Kw::CommitGroup) || has(Kw::WaitGroup) || has(Kw::WaitAll) {
                    return Ok(Op::Nop);
                }
                if has(Kw::Mbarrier) {
                    // The copies already completed, so the arrive-on is immediate: without
                    // `.noinc` it increments the pending count and arrives (no net effect).
                    check(&[Kw::Async, Kw::Mbarrier, Kw::Arrive, Kw::Noinc, Kw::Shared, Kw::SharedCta])?;
                    need(1)?;
                    if !has(Kw::Noinc) {
                        return Ok(Op::Nop);
                    }
                    let (addr, sp) = self.addr(&ops[0])?;
                    let space = Self::space_of(&kws).or(sp).unwrap_or(Space::Generic);
                    let op = MbarOp::Arrive { drop: false, expect_tx: false };
                    return Ok(Op::Mbar { op, d: None, addr, space, a: Src::Imm(1) });
                }
                if has(Kw::Bulk) {
                    check(&[
                        Kw::Async,
                        Kw::Bulk,
                        Kw::SharedCluster,
                        Kw::SharedCta,
                        Kw::Global,
                        Kw::MbarrierCompleteTxBytes,
                    ])?;
                    if !has(Kw::MbarrierCompleteTxBytes) || !has(Kw::Global) {
                        return Err(
                            "only cp.async.bulk global -> shared with mbarrier::complete_tx is supported".into()
                        );
                    }
                    need(4)?;
                    let (dst, _) = self.addr(&ops[0])?;
                    let (src, _) = self.addr(&ops[1])?;
                    let size = self.src(&ops[2], ScalarType::U32)?;
                    let (mbar, _) = self.addr(&ops[3])?;
                    return Ok(Op::CpBulk { dst, src, size, mbar });
                }
                check(&[Kw::Async, Kw::Shared, Kw::SharedCta, Kw::Global])?;
                if !(has(Kw::Shared) || has(Kw::SharedCta)) || !has(Kw::Global) {
                    return Err("cp.async needs .shared.global".into());
                }
                need(3)?;
                let (dst, _) = self.addr(&ops[0])?;
                let (src, _) = self.addr(&ops[1])?;
                let size = match &ops[2] {
                    Operand::Imm(i) => self.imm(*i, ScalarType::U32),
                    _ => return Err("cp.async copy size must be an immediate".into()),
                };
                if !matches!(size, 4 | 8 | 16) {
                    return Err(format!("cp.async copy size {size} is not 4, 8 or 16"));
                }
                let (src_size, ignore) = match nops {
                    3 => (None, None),
                    4 if self.is_pred(&ops[3]) => (None, Some(self.psrc(&ops[3])?)),
                    4 => (Some(self.src(&ops[3], ScalarType::U32)?), None),
                    _ => (Some(self.src(&ops[3], ScalarType::U32)?), Some(self.psrc(&ops[4])?)),
                };
                Op::CpAsync { dst, src, size: size as u8, src_size, ignore }
            }
            o => return Err(format!("instruction `{o}` is not supported")),
        };
        Ok(op)
    }

    fn cvt(&self, to: ScalarType, from: ScalarType, rnd: Option<Rounding>, sat: bool, ftz: bool) -> R<Cvt> {
        use ScalarType as S;
        let ok = |t: ScalarType| {
            matches!(
                t,
                S::U8
                    | S::U16
                    | S::U32
                    | S::U64
                    | S::S8
                    | S::S16
                    | S::S32
                    | S::S64
                    | S::B8
                    | S::B16
                    | S::B32
                    | S::B64
                    | S::F16
                    | S::F32
                    | S::F64
                    | S::Bf16
            )
        };
        if !ok(to) || !ok(from) {
            return Err(format!("cvt .{to}.{from} is not supported"));
        }
        let tf = to.kind() == TypeKind::Float;
        let ff = from.kind() == TypeKind::Float;
        let rnd = match (tf, ff, rnd) {
            (true, true, r) if to == from => r.unwrap_or(Rounding::Rn),
            (true, _, Some(r)) if matches!(r, Rounding::Rn | Rounding::Rz | Rounding::Rm | Rounding::Rp) => r,
            (true, _, None) => Rounding::Rn,
            (false, true, Some(r)) if matches!(r, Rounding::Rni | Rounding::Rzi | Rounding::Rmi | Rounding::Rpi) => r,
            (false, true, None) => Rounding::Rzi,
            (false, false, None) => Rounding::Rn,
            (_, _, Some(r)) => return Err(format!("cvt rounding .{r} is not supported here")),
        };
        Ok(Cvt { to, from, rnd, sat, ftz, relu: false, satfinite: false })
    }

    fn binop(&self, o: Opcode, t: ScalarType, kws: &[Kw], rnd: Option<Rounding>) -> R<BinOp> {
        let has = |k: Kw| kws.contains(&k);
        let w = width(t);
        let s = is_signed(t);
        let check = |allowed: &[Kw]| -> R<()> {
            for k in kws {
                if k.as_type().is_none() && !allowed.contains(k) {
                    return Err(format!("modifier `.{}` is not supported here", k.as_str()));
                }
            }
            Ok(())
        };
        // `.xorsign.abs` (the two only together, on min/max): whether the instruction has it.
        let xorsign_abs = |fop: FBin| -> R<bool> {
            match (has(Kw::Xorsign), has(Kw::Abs)) {
                (false, false) => Ok(false),
                (true, true) if matches!(fop, FBin::Min | FBin::Max) => Ok(true),
                _ => Err(".xorsign.abs needs min/max (two operands)".into()),
            }
        };
        use Opcode as O;
        if t == ScalarType::F32 || t == ScalarType::F64 {
            let fop = match o {
                O::Add => FBin::Add,
                O::Sub => FBin::Sub,
                O::Mul => FBin::Mul,
                O::Div => FBin::Div,
                O::Min => FBin::Min,
                O::Max => FBin::Max,
                O::Copysign => {
                    check(&[])?;
                    return Ok(if t == ScalarType::F32 { BinOp::Copysign32 } else { BinOp::Copysign64 });
                }
                _ => return Err(format!("`{o}` on .{t} is not supported")),
            };
            check(&[
                Kw::Rn,
                Kw::Rz,
                Kw::Rm,
                Kw::Rp,
                Kw::Ftz,
                Kw::Sat,
                Kw::Approx,
                Kw::Full,
                Kw::NaN,
                Kw::Xorsign,
                Kw::Abs,
            ])?;
            if xorsign_abs(fop)? {
                if t != ScalarType::F32 {
                    return Err(".xorsign.abs needs min/max.f32".into());
                }
                return Ok(BinOp::MinMaxXorsign32 { max: fop == FBin::Max, ftz: has(Kw::Ftz), nan: has(Kw::NaN) });
            }
            if let Some(r) = rnd
                && r != Rounding::Rn
            {
                if !matches!(r, Rounding::Rz | Rounding::Rm | Rounding::Rp)
                    || !matches!(fop, FBin::Add | FBin::Sub | FBin::Mul | FBin::Div)
                {
                    return Err(format!("rounding mode .{r} is not supported for `{o}`"));
                }
                let double = t == ScalarType::F64;
                return Ok(BinOp::FDir(FDir { op: fop, rnd: r, double, ftz: has(Kw::Ftz), sat: has(Kw::Sat) }));
            }
            if has(Kw::NaN) {
                if t != ScalarType::F32 || !matches!(fop, FBin::Min | FBin::Max) {
                    return Err(".NaN needs min/max.f32".into());
                }
                return Ok(BinOp::MinMaxNaN32 { max: fop == FBin::Max, ftz: has(Kw::Ftz) });
            }
            return Ok(if t == ScalarType::F32 {
                BinOp::F32(fop, has(Kw::Ftz), has(Kw::Sat))
            } else {
                if has(Kw::Sat) || has(Kw::Approx) {
                    return Err("unsupported f64 modifier".into());
                }
                BinOp::F64(fop)
            });
        }
        if let Some((fmt, x2)) = half_ty(t) {
            let fop = match o {
                O::Add => FBin::Add,
                O::Sub => FBin::Sub,
                O::Mul => FBin::Mul,
                O::Min => FBin::Min,
                O::Max => FBin::Max,
                _ => return Err(format!("`{o}` on .{t} is not supported")),
            };
            check(&[Kw::Rn, Kw::Ftz, Kw::Sat, Kw::NaN, Kw::Relu, Kw::Xorsign, Kw::Abs])?;
            let xorsign = xorsign_abs(fop)?;
            let (ftz, sat, relu, nan) = (has(Kw::Ftz), has(Kw::Sat), has(Kw::Relu), has(Kw::NaN));
            let m = HMode { fmt, ftz, sat, relu, nan, xorsign };
            return Ok(BinOp::Half(fop, m, x2));
        }
        if t.kind() == TypeKind::Float {
            return Err(format!("`{o}` on .{t} is not supported"));
        }
        if matches!(t, ScalarType::U16x2 | ScalarType::S16x2) {
            let op = match o {
                O::Add => FBin::Add,
                O::Sub => FBin::Sub,
                O::Min => FBin::Min,
                O::Max => FBin::Max,
                _ => return Err(format!("`{o}` on .{t} is not supported")),
            };
            check(&[Kw::Relu])?;
            if has(Kw::Relu) && (!s || !matches!(op, FBin::Min | FBin::Max)) {
                return Err(".relu needs min/max.s16x2".into());
            }
            return Ok(BinOp::I16x2 { op, signed: s, relu: has(Kw::Relu) });
        }
        if has(Kw::Relu) && matches!(o, O::Min | O::Max) {
            check(&[Kw::Relu])?;
            if t != ScalarType::S32 {
                return Err(".relu needs min/max.s32".into());
            }
            return Ok(BinOp::MinMaxRelu { max: o == O::Max });
        }
        Ok(match o {
            O::Add | O::Sub => {
                check(&[Kw::Sat])?;
                if has(Kw::Sat) {
                    if t != ScalarType::S32 {
                        return Err("add.sat needs .s32".into());
                    }
                    if o == O::Add { BinOp::AddSat } else { BinOp::SubSat }
                } else if o == O::Add {
                    BinOp::Add(w)
                } else {
                    BinOp::Sub(w)
                }
            }
            O::Mul => {
                check(&[Kw::Lo, Kw::Hi, Kw::Wide])?;
                if has(Kw::Hi) {
                    BinOp::MulHi(w, s)
                } else if has(Kw::Wide) {
                    if w == 64 {
                        return Err("mul.wide on 64-bit".into());
                    }
                    BinOp::MulWide(w, s)
                } else {
                    BinOp::MulLo(w)
                }
            }
            O::Mul24 => {
                check(&[Kw::Lo, Kw::Hi])?;
                if has(Kw::Hi) { BinOp::Mul24Hi(s) } else { BinOp::Mul24Lo(s) }
            }
            O::Div => {
                check(&[])?;
                BinOp::Div(w, s)
            }
            O::Rem => {
                check(&[])?;
                BinOp::Rem(w, s)
            }
            O::Min => {
                check(&[])?;
                BinOp::Min(w, s)
            }
            O::Max => {
                check(&[])?;
                BinOp::Max(w, s)
            }
            O::And => BinOp::And(w.max(8)),
            O::Or => BinOp::Or(w.max(8)),
            O::Xor => BinOp::Xor(w.max(8)),
            O::Shl => BinOp::Shl(w),
            O::Shr => BinOp::Shr(w, s),
            O::Bmsk => BinOp::Bmsk(has(Kw::Wrap)),
            O::Szext if w == 32 => BinOp::Szext { signed: s, clamp: !has(Kw::Wrap) },
            _ => return Err(format!("`{o}` on .{t} is not supported")),
        })
    }

    fn ternop(
        &self,
        o: Opcode,
        t: ScalarType,
        tys: &[ScalarType],
        kws: &[Kw],
        rnd: Option<Rounding>,
    ) -> R<(TernOp, usize)> {
        let has = |k: Kw| kws.contains(&k);
        let w = width(t);
        let s = is_signed(t);
        use Opcode as O;
        Ok(match o {
            O::Mad | O::Fma if t == ScalarType::F32 || t == ScalarType::F64 => {
                if let Some(r) = rnd
                    && r != Rounding::Rn
                {
                    if !matches!(r, Rounding::Rz | Rounding::Rm | Rounding::Rp) {
                        return Err(format!("rounding mode .{r} is not supported for `{o}`"));
                    }
                    let double = t == ScalarType::F64;
                    let f = FDir { op: FBin::Add, rnd: r, double, ftz: has(Kw::Ftz), sat: has(Kw::Sat) };
                    return Ok((TernOp::FmaDir(f), 4));
                }
                if o == O::Mad && rnd.is_none() && t == ScalarType::F64 {
                    return Err("mad.f64 needs a rounding mode".into());
                }
                if t == ScalarType::F32 { (TernOp::Fma32(has(Kw::Ftz), has(Kw::Sat)), 4) } else { (TernOp::Fma64, 4) }
            }
            O::Fma | O::Mad if half_ty(t).is_some() => {
                let Some((fmt, x2)) = half_ty(t) else { return Err("unreachable".into()) };
                if rnd.is_some_and(|r| r != Rounding::Rn) {
                    return Err(format!("`{o}` on .{t} supports only .rn"));
                }
                let m = HMode {
                    fmt,
                    ftz: has(Kw::Ftz),
                    sat: has(Kw::Sat),
                    relu: has(Kw::Relu),
                    nan: false,
                    xorsign: false,
                };
                (TernOp::HFma(m, x2), 4)
            }
            O::Fns => (TernOp::Fns, 4),
            O::Vadd2
            | O::Vadd4
            | O::Vsub2
            | O::Vsub4
            | O::Vavrg2
            | O::Vavrg4
            | O::Vabsdiff2
            | O::Vabsdiff4
            | O::Vmin2
            | O::Vmin4
            | O::Vmax2
            | O::Vmax4
            | O::Vset2
            | O::Vset4 => {
                use Opcode as O;
                let op = match o {
                    O::Vset2 | O::Vset4 => {
                        let cmp = kws.iter().find_map(|k| k.as_cmp()).ok_or("vset needs a comparison")?;
                        if !matches!(cmp, CmpOp::Eq | CmpOp::Ne | CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge) {
                            return Err(format!("vset comparison .{cmp} is not defined"));
                        }
                        VideoOp::Set(cmp)
                    }
                    O::Vadd2 | O::Vadd4 => VideoOp::Add,
                    O::Vsub2 | O::Vsub4 => VideoOp::Sub,
                    O::Vavrg2 | O::Vavrg4 => VideoOp::Avrg,
                    O::Vabsdiff2 | O::Vabsdiff4 => VideoOp::Absdiff,
                    O::Vmin2 | O::Vmin4 => VideoOp::Min,
                    _ => VideoOp::Max,
                };
                let lane =
                    if matches!(o, O::Vadd2 | O::Vsub2 | O::Vavrg2 | O::Vabsdiff2 | O::Vmin2 | O::Vmax2 | O::Vset2) {
                        16
                    } else {
                        8
                    };
                // `vset` names its two operand types (its result lanes are 0 or 1); the others
                // name the destination's too.
                let tys: &[ScalarType] = match (op, tys) {
                    (VideoOp::Set(_), [a, b]) => &[ScalarType::U32, *a, *b],
                    (VideoOp::Set(_), _) => return Err("vset needs two types".into()),
                    (_, t @ [_, _, _]) => t,
                    _ => return Err("video instructions need three types".into()),
                };
                let v = Video {
                    op,
                    lane,
                    d_signed: is_signed(tys[0]),
                    a_signed: is_signed(tys[1]),
                    b_signed: is_signed(tys[2]),
                    sat: has(Kw::Sat),
                    add: has(Kw::Add),
                };
                (TernOp::Video(v), 4)
            }
            O::Mad if t.kind() != TypeKind::Float => {
                if has(Kw::Hi) {
                    (TernOp::MadHi(w, s), 4)
                } else if has(Kw::Wide) {
                    if w == 64 {
                        return Err("mad.wide on 64-bit".into());
                    }
                    (TernOp::MadWide(w, s), 4)
                } else if has(Kw::Cc) || has(Kw::Sat) {
                    return Err("mad.cc / mad.sat are not supported".into());
                } else {
                    (TernOp::MadLo(w), 4)
                }
            }
            O::Mad24 => {
                let sat = has(Kw::Sat);
                if sat && !(has(Kw::Hi) && s) {
                    return Err("mad24 .sat needs .hi.s32".into());
                }
                if has(Kw::Hi) { (TernOp::Mad24Hi { signed: s, sat }, 4) } else { (TernOp::Mad24Lo(s), 4) }
            }
            O::Sad => (TernOp::Sad(w, s), 4),
            O::Bfe => (TernOp::Bfe(w, s), 4),
            O::Prmt => {
                let modes = [Kw::F4e, Kw::B4e, Kw::Rc8, Kw::Ecl, Kw::Ecr, Kw::Rc16];
                let mode = modes.iter().position(|k| has(*k)).map_or(0, |i| i as u8 + 1);
                (TernOp::Prmt(mode), 4)
            }
            O::Lop3 => (TernOp::Lop3(0), 5),
            O::Shf => {
                let wrap = has(Kw::Wrap);
                if has(Kw::L) { (TernOp::ShfL(wrap), 4) } else { (TernOp::ShfR(wrap), 4) }
            }
            O::Selp => (TernOp::Selp, 4),
            O::Slct => match tys.get(1) {
                Some(ScalarType::F32) => (TernOp::Slct { float: true, ftz: has(Kw::Ftz) }, 4),
                Some(ScalarType::S32) => (TernOp::Slct { float: false, ftz: false }, 4),
                _ => return Err("slct needs a .s32 or .f32 selector type".into()),
            },
            O::Dp4a | O::Dp2a => {
                if tys.len() != 2 {
                    return Err("dp4a needs two types".into());
                }
                let (sa, sb) = (is_signed(tys[0]), is_signed(tys[1]));
                if o == O::Dp4a { (TernOp::Dp4a(sa, sb), 4) } else { (TernOp::Dp2a(sa, sb, has(Kw::Hi)), 4) }
            }
            _ => return Err(format!("`{o}` on .{t} is not supported")),
        })
    }

    fn unop(&self, o: Opcode, t: ScalarType, kws: &[Kw], rnd: Option<Rounding>) -> R<UnOp> {
        let has = |k: Kw| kws.contains(&k);
        let w = width(t);
        let ftz = has(Kw::Ftz);
        use Opcode as O;
        let dir = |double: bool| -> Option<UnOp> {
            let r = rnd.filter(|r| matches!(r, Rounding::Rz | Rounding::Rm | Rounding::Rp))?;
            let op = match o {
                O::Sqrt => FBin::Add,
                O::Rcp => FBin::Div,
                _ => return None,
            };
            Some(UnOp::FDir(FDir { op, rnd: r, double, ftz, sat: false }))
        };
        if matches!(t, ScalarType::F32 | ScalarType::F64)
            && let Some(u) = dir(t == ScalarType::F64)
        {
            return Ok(u);
        }
        let f32fn = |f: F32Fn| -> R<UnOp> {
            if let Some(r) = rnd
                && r != Rounding::Rn
            {
                return Err(format!("rounding mode .{r} is not supported"));
            }
            Ok(UnOp::F32(f, ftz))
        };
        Ok(match (o, t) {
            (O::Not, ScalarType::Pred) | (O::Cnot, _) => UnOp::Cnot(w.max(8)),
            (O::Not, _) => UnOp::Not(w),
            (O::Neg, ScalarType::F32) => UnOp::NegF32,
            (O::Neg, ScalarType::F64) => UnOp::NegF64,
            (O::Abs, ScalarType::F32) => UnOp::AbsF32 { ftz },
            (O::Abs, ScalarType::F64) => UnOp::AbsF64,
            (O::Neg | O::Abs, t) if half_ty(t).is_some() => {
                let Some((fmt, x2)) = half_ty(t) else { return Err("unreachable".into()) };
                UnOp::HNegAbs { neg: o == O::Neg, fmt, ftz, x2 }
            }
            (O::Neg | O::Abs, t) if t.kind() == TypeKind::Float => return Err(format!("`{o}.{t}` is not supported")),
            (O::Neg, _) => UnOp::Neg(w),
            (O::Abs, _) => UnOp::Abs(w),
            (O::Popc, _) => UnOp::Popc(w),
            (O::Clz, _) => UnOp::Clz(w),
            (O::Brev, _) => UnOp::Brev(w),
            (O::Bfind, _) => UnOp::Bfind { w, signed: is_signed(t), shiftamt: has(Kw::Shiftamt) },
            (O::Sqrt, ScalarType::F32) => f32fn(F32Fn::Sqrt)?,
            (O::Rcp, ScalarType::F32) => f32fn(F32Fn::Rcp)?,
            (O::Rsqrt, ScalarType::F32) => f32fn(F32Fn::Rsqrt)?,
            (O::Sin, ScalarType::F32) => f32fn(F32Fn::Sin)?,
            (O::Cos, ScalarType::F32) => f32fn(F32Fn::Cos)?,
            (O::Lg2, ScalarType::F32) => f32fn(F32Fn::Lg2)?,
            (O::Ex2, ScalarType::F32) => f32fn(F32Fn::Ex2)?,
            (O::Tanh, ScalarType::F32) => f32fn(F32Fn::Tanh)?,
            (O::Ex2 | O::Tanh, t) if half_ty(t).is_some() && has(Kw::Approx) => {
                let Some((fmt, x2)) = half_ty(t) else { return Err("unreachable".into()) };
                UnOp::HApprox { f: if o == O::Ex2 { F32Fn::Ex2 } else { F32Fn::Tanh }, fmt, ftz, x2 }
            }
            (O::Sqrt | O::Rcp | O::Rsqrt, ScalarType::F64) => {
                if let Some(r) = rnd
                    && r != Rounding::Rn
                {
                    return Err(format!("rounding mode .{r} is not supported"));
                }
                match o {
                    O::Sqrt => UnOp::F64(F64Fn::Sqrt),
                    O::Rsqrt => UnOp::F64(F64Fn::Rsqrt),
                    _ if has(Kw::Approx) => UnOp::F64(F64Fn::RcpFtz),
                    _ => UnOp::F64(F64Fn::Rcp),
                }
            }
            (O::Testp, ScalarType::F32 | ScalarType::F64) => {
                let p = if has(Kw::Finite) {
                    Testp::Finite
                } else if has(Kw::Infinite) {
                    Testp::Infinite
                } else if has(Kw::Number) {
                    Testp::Number
                } else if has(Kw::Notanumber) {
                    Testp::NotANumber
                } else if has(Kw::Normal) {
                    Testp::Normal
                } else {
                    Testp::Subnormal
                };
                UnOp::Testp(p, t == ScalarType::F64)
            }
            _ => return Err(format!("`{o}.{t}` is not supported")),
        })
    }

    fn space_of(kws: &[Kw]) -> Option<Space> {
        for k in kws {
            match k {
                Kw::Global | Kw::Const => return Some(Space::Global),
                // A shared::cta address is the shared::cluster address of the block's own
                // shared memory; both index the cluster's shared window (`exec/cluster.rs`).
                Kw::Shared | Kw::SharedCta | Kw::SharedCluster => return Some(Space::Shared),
                Kw::Local => return Some(Space::Local),
                Kw::Param | Kw::ParamEntry | Kw::ParamFunc => return Some(Space::KParam),
                _ => {}
            }
        }
        None
    }

    fn mem(&mut self, ins: &Instruction, kws: &[Kw], ty: Option<ScalarType>) -> R<Op> {
        for k in kws {
            if k.as_type().is_none()
                && !ignorable(*k)
                && k.as_vector().is_none()
                && !matches!(
                    k,
                    Kw::Global
                        | Kw::Const
                        | Kw::Shared
                        | Kw::SharedCta
                        | Kw::SharedCluster
                        | Kw::Local
                        | Kw::Param
                        | Kw::ParamEntry
                        | Kw::ParamFunc
                        | Kw::L2CacheHint
                )
            {
                return Err(format!("modifier `.{}` is not supported here", k.as_str()));
            }
        }
        // `.L2::cache_hint` adds a cache-policy operand after the data and address: a hint the
        // CPU has no use for (only the first two operands are read below).
        let t = ty.ok_or("missing type")?;
        let vec = kws.iter().find_map(|k| k.as_vector()).unwrap_or(1);
        if t == ScalarType::B128 && vec == 1 {
            return self.mem128(ins, kws);
        }
        if vec > 4 || t.size() > 8 {
            return Err("unsupported access width".into());
        }
        let (is_ld, data, addr, sym_space, mut space) = self.access_parts(ins, kws)?;
        if space == Space::KParam {
            space = match sym_space {
                Some(Space::KParam) => Space::KParam,
                Some(Space::FParam) => Space::FParam,
                // Through a register: an address taken from a parameter of this function.
                None if self.is_kernel => Space::KParam,
                None => Space::FParam,
                // A parameter whose address is taken lives in the local frame.
                Some(Space::Local) => Space::Local,
                _ => return Err("param access through a register is not supported".into()),
            };
        }
        let size = t.size() as u8;
        let items: Vec<&Operand> = match data {
            Operand::Vector(v) => v.iter().collect(),
            o => vec![o],
        };
        if items.len() != usize::from(vec) {
            return Err("vector operand count does not match".into());
        }
        let strong = kws.iter().any(|k| matches!(k, Kw::Relaxed | Kw::Acquire | Kw::Release | Kw::Volatile));
        let whole = strong && items.len() > 1 && matches!(items.len() * usize::from(size), 2 | 4 | 8 | 16);
        Ok(if is_ld {
            let mut d = Vec::new();
            for it in items {
                d.push(match it {
                    Operand::Sink => None,
                    o => Some(self.reg(o)?),
                });
            }
            Op::Ld { space, size, sext: is_signed(t), d, addr, whole, strong }
        } else {
            let vals = items.into_iter().map(|o| self.src(o, t)).collect::<R<Vec<_>>>()?;
            Op::St { space, size, vals, addr, whole, strong }
        })
    }

    /// The parts of an `ld`/`st`: whether it loads, the data operand, the address, the space of
    /// the variable it names (if any) and the space it accesses (a generic access to a named
    /// variable is in that variable's space).
    fn access_parts<'i>(
        &mut self,
        ins: &'i Instruction,
        kws: &[Kw],
    ) -> R<(bool, &'i Operand, Addr, Option<Space>, Space)> {
        let ops = &ins.operands;
        if ops.len() < 2 {
            return Err("expected 2 operands".into());
        }
        let is_ld = ins.opcode != Opcode::St;
        let (data, aop) = if is_ld { (&ops[0], &ops[1]) } else { (&ops[1], &ops[0]) };
        let (addr, sym_space) = self.addr(aop)?;
        let mut space = Self::space_of(kws).unwrap_or(Space::Generic);
        if space == Space::Generic
            && let Some(s) = sym_space
        {
            space = s;
        }
        Ok((is_ld, data, addr, sym_space, space))
    }

    /// `ld`/`st` of a `.b128` register: two 64-bit halves, one single-copy atomic 16-byte
    /// access when strong (as `ld.relaxed.v2.b64` is).
    fn mem128(&mut self, ins: &Instruction, kws: &[Kw]) -> R<Op> {
        let (is_ld, data, addr, _, space) = self.access_parts(ins, kws)?;
        if space == Space::KParam || space == Space::FParam {
            return Err(".b128 accesses to the param space are not supported".into());
        }
        let strong = kws.iter().any(|k| matches!(k, Kw::Relaxed | Kw::Acquire | Kw::Release | Kw::Volatile));
        let whole = strong;
        Ok(if is_ld {
            let d = self.wide_dst(data)?;
            Op::Ld { space, size: 8, sext: false, d: d.to_vec(), addr, whole, strong }
        } else {
            let vals = self.wide_src(data)?;
            Op::St { space, size: 8, vals: vals.to_vec(), addr, whole, strong }
        })
    }

    /// `atom{.sem}{.scope}{.space}.cas.b128` / `.exch.b128` (sm_90).
    fn atom128(&mut self, ins: &Instruction, kws: &[Kw]) -> R<Op> {
        let mut cas = None;
        for k in kws {
            match k {
                Kw::Cas => cas = Some(true),
                Kw::Exch => cas = Some(false),
                k if k.as_type().is_some() || ignorable(*k) => {}
                Kw::Global | Kw::Shared | Kw::SharedCta => {}
                k => return Err(format!("modifier `.{}` is not supported on .b128 atomics", k.as_str())),
            }
        }
        let cas = cas.ok_or(".b128 atomics support only .cas and .exch")?;
        if ins.opcode == Opcode::Red {
            return Err("red.b128 is not supported".into());
        }
        let ops = &ins.operands;
        if ops.len() != if cas { 4 } else { 3 } {
            return Err("wrong number of operands".into());
        }
        let d = self.wide_dst(&ops[0])?;
        let (addr, sym_space) = self.addr(&ops[1])?;
        let mut space = Self::space_of(kws).unwrap_or(Space::Generic);
        if space == Space::Generic
            && let Some(s) = sym_space
        {
            space = s;
        }
        if !matches!(space, Space::Global | Space::Shared | Space::Generic) {
            return Err("atomics on this space are not supported".into());
        }
        let b = self.wide_src(&ops[2])?;
        let c = if cas { self.wide_src(&ops[3])? } else { b };
        Ok(Op::Atom128 { space, cas, d, addr, b, c })
    }

    fn atom(&mut self, ins: &Instruction, kws: &[Kw], ty: Option<ScalarType>) -> R<Op> {
        let t = ty.ok_or("missing type")?;
        if t == ScalarType::B128 {
            return self.atom128(ins, kws);
        }
        let half = match t {
            ScalarType::F16 => Some((crate::float::HFmt::F16, false)),
            ScalarType::F16x2 => Some((crate::float::HFmt::F16, true)),
            ScalarType::Bf16 => Some((crate::float::HFmt::Bf16, false)),
            ScalarType::Bf16x2 => Some((crate::float::HFmt::Bf16, true)),
            _ => None,
        };
        let mut op = None;
        for k in kws {
            let o = match k {
                Kw::Add if let Some((fmt, pair)) = half => AtomOp::HAdd { fmt, pair },
                Kw::Min if let Some((fmt, pair)) = half => AtomOp::HMin { fmt, pair },
                Kw::Max if let Some((fmt, pair)) = half => AtomOp::HMax { fmt, pair },
                Kw::Add if t.kind() == TypeKind::Float => AtomOp::FAdd,
                Kw::Add => AtomOp::Add,
                Kw::Min if t.kind() == TypeKind::Float => AtomOp::MinF,
                Kw::Max if t.kind() == TypeKind::Float => AtomOp::MaxF,
                Kw::Min if is_signed(t) => AtomOp::MinS,
                Kw::Max if is_signed(t) => AtomOp::MaxS,
                Kw::Min => AtomOp::MinU,
                Kw::Max => AtomOp::MaxU,
                Kw::Inc => AtomOp::Inc,
                Kw::Dec => AtomOp::Dec,
                Kw::Exch => AtomOp::Exch,
                Kw::Cas => AtomOp::Cas,
                Kw::And => AtomOp::And,
                Kw::Or => AtomOp::Or,
                Kw::Xor => AtomOp::Xor,
                k if k.as_type().is_some() || k.as_vector().is_some() || ignorable(*k) => continue,
                Kw::Global | Kw::Shared | Kw::SharedCta | Kw::SharedCluster | Kw::Noftz => continue,
                k => return Err(format!("modifier `.{}` is not supported here", k.as_str())),
            };
            op = Some(o);
        }
        let op = op.ok_or("missing atomic operation")?;
        let half_ok = matches!(op, AtomOp::HAdd { .. } | AtomOp::HMin { .. } | AtomOp::HMax { .. })
            || (half.is_some() && matches!(op, AtomOp::Exch | AtomOp::Cas) && t.size() == 2);
        if !matches!(t.size(), 2 | 4 | 8)
            || (half.is_some() && !half_ok)
            || (t.size() == 2 && half.is_none() && t != ScalarType::B16)
        {
            return Err(format!("atomics on .{t} with this operation are not supported"));
        }
        let ops = &ins.operands;
        let red = ins.opcode == Opcode::Red;
        let (d, rest) = if red {
            (None, &ops[..])
        } else {
            match ops.first() {
                None => return Err("missing operands".into()),
                // A vector atom's destinations are decoded with its sources below.
                Some(Operand::Vector(_)) => (None, &ops[1..]),
                Some(o) => (Some(self.reg(o)?), &ops[1..]),
            }
        };
        let want = if op == AtomOp::Cas { 3 } else { 2 };
        if rest.len() < want {
            return Err("missing operands".into());
        }
        let (addr, sym_space) = self.addr(&rest[0])?;
        let mut space = Self::space_of(kws).unwrap_or(Space::Generic);
        if space == Space::KParam || space == Space::Local {
            return Err("atomics on this space are not supported".into());
        }
        if space == Space::Generic
            && let Some(s) = sym_space
        {
            space = s;
        }
        let vec = kws.iter().find_map(|k| k.as_vector()).unwrap_or(1);
        if vec > 1 {
            // `atom/red.global.v2/.v4/.v8`: one atomic operation per element (sm_90's
            // `atomicAdd(float2*/float4*)`), not atomic as a whole.
            let Operand::Vector(bs) = &rest[1] else { return Err("vector atomic needs a vector operand".into()) };
            if bs.len() != usize::from(vec) || op == AtomOp::Cas || (space != Space::Global && space != Space::Generic)
            {
                return Err("unsupported vector atomic".into());
            }
            let ds = match (red, ops.first()) {
                (true, _) => vec![None; bs.len()],
                (false, Some(Operand::Vector(ds))) if ds.len() == bs.len() => ds
                    .iter()
                    .map(|o| match o {
                        Operand::Sink => Ok(None),
                        o => self.reg(o).map(Some),
                    })
                    .collect::<R<Vec<_>>>()?,
                _ => return Err("vector atomic needs a vector destination".into()),
            };
            let vals = bs.iter().map(|o| self.src(o, t)).collect::<R<Vec<_>>>()?;
            return Ok(Op::AtomV(Box::new(AtomVec { space, op, size: t.size() as u8, d: ds, addr, b: vals })));
        }
        let b = self.src(&rest[1], t)?;
        let c = if op == AtomOp::Cas { self.src(&rest[2], t)? } else { Src::Imm(0) };
        Ok(Op::Atom { space, op, size: t.size() as u8, d, addr, b, c })
    }

    /// The destination or mbarrier operand `op` of an `st.async`/`red.async` and its space:
    /// a shared::cluster address with `.shared::cluster` (`ss`) or when it names a shared
    /// variable, else a generic address.
    fn async_addr(&mut self, op: &Operand, ss: bool) -> R<(Addr, Space)> {
        match self.addr(op)? {
            (a, Some(Space::Shared)) => Ok((a, Space::Shared)),
            (a, None) => Ok((a, if ss { Space::Shared } else { Space::Generic })),
            _ => Err("st.async/red.async operands must be shared memory addresses".into()),
        }
    }

    /// `st.async`: the sm_90 form, `st.async{.weak}{.shared::cluster}.mbarrier::complete_tx::
    /// bytes{.v2,.v4}.type [a], b, [mbar]` (`ClusterOp::StAsync`), or sm_100's release form,
    /// `st.async{.mmio}.release.{gpu,sys}{.global}.type [a], b`: a strong store to global
    /// memory, which every store here is (a host atomic, in program order).
    fn st_async(&mut self, ins: &Instruction, kws: &[Kw], ty: Option<ScalarType>) -> R<Op> {
        use ScalarType as S;
        let t = ty.ok_or("missing type")?;
        let (mut ss, mut global, mut complete, mut release) = (false, false, false, false);
        for k in kws {
            match k {
                Kw::SharedCluster => ss = true,
                Kw::Global => global = true,
                Kw::MbarrierCompleteTxBytes => complete = true,
                Kw::Release => release = true,
                Kw::Async | Kw::Weak | Kw::Cluster | Kw::Gpu | Kw::Sys | Kw::Mmio => {}
                k if k.as_type().is_some() || k.as_vector().is_some() => {}
                k => return Err(format!("modifier `.{}` is not supported on st.async", k.as_str())),
            }
        }
        let ops = &ins.operands;
        let vec = kws.iter().find_map(|k| k.as_vector()).unwrap_or(1);
        if release {
            if complete || ss || vec != 1 || ops.len() != 2 || !matches!(t.size(), 1 | 2 | 4 | 8) {
                return Err("unsupported st.async.release form".into());
            }
            let (addr, sym) = self.addr(&ops[0])?;
            let space = if global { Space::Global } else { sym.unwrap_or(Space::Generic) };
            if !matches!(space, Space::Global | Space::Generic) {
                return Err("st.async.release needs a global address".into());
            }
            let v = self.src(&ops[1], t)?;
            return Ok(Op::St { space, size: t.size() as u8, vals: vec![v], addr, whole: false, strong: true });
        }
        if !complete || global || ops.len() != 3 {
            return Err(
                "st.async needs .mbarrier::complete_tx::bytes, a shared::cluster destination and an mbarrier".into()
            );
        }
        let ok = match t {
            S::B32 | S::U32 | S::S32 | S::F32 => matches!(vec, 1 | 2 | 4),
            S::B64 | S::U64 | S::S64 | S::F64 => matches!(vec, 1 | 2),
            _ => false,
        };
        if !ok {
            return Err(format!("st.async of {vec} x .{t} is not supported"));
        }
        let items: Vec<&Operand> = match &ops[1] {
            Operand::Vector(v) => v.iter().collect(),
            o => vec![o],
        };
        if items.len() != usize::from(vec) {
            return Err("vector operand count does not match".into());
        }
        let vals = items.into_iter().map(|o| self.src(o, t)).collect::<R<Vec<_>>>()?;
        let (addr, space) = self.async_addr(&ops[0], ss)?;
        let (mbar, mbar_space) = self.async_addr(&ops[2], ss)?;
        let size = t.size() as u8;
        Ok(Op::Cluster(ClusterOp::StAsync(Box::new(AsyncStore { size, vals, addr, space, mbar, mbar_space }))))
    }

    /// `red.async`: the sm_90 form, `red.async.relaxed.cluster{.shared::cluster}
    /// {.mbarrier::complete_tx::bytes}.op.type [a], b, [mbar]` (`ClusterOp::RedAsync`), or
    /// sm_100's release form, `red.async{.mmio}.release.{gpu,cluster}{.global}.add.type [a],
    /// b`: an atomic add to global memory, which every atomic here is (sequentially
    /// consistent).
    fn red_async(&mut self, ins: &Instruction, kws: &[Kw], ty: Option<ScalarType>) -> R<Op> {
        use ScalarType as S;
        let t = ty.ok_or("missing type")?;
        let (mut ss, mut global, mut complete, mut release, mut op) = (false, false, false, false, None);
        for k in kws {
            let o = match k {
                Kw::Add => AtomOp::Add,
                Kw::Inc => AtomOp::Inc,
                Kw::Dec => AtomOp::Dec,
                Kw::Min if t == S::S32 => AtomOp::MinS,
                Kw::Min => AtomOp::MinU,
                Kw::Max if t == S::S32 => AtomOp::MaxS,
                Kw::Max => AtomOp::MaxU,
                Kw::And => AtomOp::And,
                Kw::Or => AtomOp::Or,
                Kw::Xor => AtomOp::Xor,
                Kw::SharedCluster => {
                    ss = true;
                    continue;
                }
                Kw::Global => {
                    global = true;
                    continue;
                }
                Kw::MbarrierCompleteTxBytes => {
                    complete = true;
                    continue;
                }
                Kw::Release => {
                    release = true;
                    continue;
                }
                Kw::Async | Kw::Relaxed | Kw::Cluster | Kw::Gpu | Kw::Sys | Kw::Mmio => continue,
                k if k.as_type().is_some() => continue,
                k => return Err(format!("modifier `.{}` is not supported on red.async", k.as_str())),
            };
            if op.replace(o).is_some() {
                return Err("red.async with more than one operation".into());
            }
        }
        let op = op.ok_or("missing reduction operation")?;
        let ok = match op {
            AtomOp::Add if release => matches!(t, S::U32 | S::S32 | S::U64 | S::S64),
            AtomOp::Add => matches!(t, S::U32 | S::S32 | S::U64),
            AtomOp::Inc | AtomOp::Dec | AtomOp::MinU | AtomOp::MaxU => t == S::U32,
            AtomOp::MinS | AtomOp::MaxS => t == S::S32,
            AtomOp::And | AtomOp::Or | AtomOp::Xor => t == S::B32,
            _ => false,
        };
        if !ok || (release && op != AtomOp::Add) {
            return Err(format!("red.async of this operation on .{t} is not supported"));
        }
        let ops = &ins.operands;
        let size = t.size() as u8;
        if release {
            if complete || ss || ops.len() != 2 {
                return Err("unsupported red.async.release form".into());
            }
            let (addr, sym) = self.addr(&ops[0])?;
            let space = if global { Space::Global } else { sym.unwrap_or(Space::Generic) };
            if !matches!(space, Space::Global | Space::Generic) {
                return Err("red.async.release needs a global address".into());
            }
            let b = self.src(&ops[1], t)?;
            return Ok(Op::Atom { space, op, size, d: None, addr, b, c: Src::Imm(0) });
        }
        if global || ops.len() != 3 {
            return Err("red.async needs a shared::cluster destination and an mbarrier".into());
        }
        let b = self.src(&ops[1], t)?;
        let (addr, space) = self.async_addr(&ops[0], ss)?;
        let (mbar, mbar_space) = self.async_addr(&ops[2], ss)?;
        Ok(Op::Cluster(ClusterOp::RedAsync { op, size, addr, space, b, mbar, mbar_space }))
    }

    fn call(&mut self, ins: &Instruction) -> R<Op> {
        let ops = &ins.operands;
        let mut i = 0;
        let mut rets_ops: &[Operand] = &[];
        if let Some(Operand::List(l)) = ops.first() {
            rets_ops = l;
            i = 1;
        }
        let Some(Operand::Name(fname)) = ops.get(i) else {
            return Err("unsupported call target".into());
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
            _ => return Err(format!("call to `{}`, which has no body in this module", self.name_str(*fname))),
        };
        let args_ops: &[Operand] = match ops.get(i + 1) {
            Some(Operand::List(l)) => l,
            None => &[],
            _ => return Err("unsupported call operands".into()),
        };
        if ops.len() > i + 2 {
            return Err("indirect calls are not supported".into());
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
                return Err("call argument count does not match the callee".into());
            }
            let mut v = Vec::new();
            for (o, &(coff, sz)) in list.iter().zip(slots) {
                let Operand::Name(n) = o else {
                    return Err("call arguments must be .param variables".into());
                };
                match self.lookup(*n) {
                    Some(Sym::FParam(local)) => v.push((local as u32, coff, sz)),
                    _ => return Err("call arguments must be .param variables".into()),
                }
            }
            Ok(v)
        };
        let args = map(args_ops, &callee_par)?;
        let rets = map(rets_ops, &callee_ret)?;
        Ok(Op::Call { func: fidx, args, rets })
    }
}

impl FuncDecoder<'_> {
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
            Err("call arguments must be .param variables".into())
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
            _ => return Err("unsupported call operands".into()),
        };
        if args_ops.len() != sizes.len() || rets_ops.len() > usize::from(ret_size.is_some()) {
            return Err("call argument count does not match the built-in function".into());
        }
        let param = |s: &Self, o: &Operand| -> R<u32> {
            match o {
                Operand::Name(n) => match s.lookup(*n) {
                    Some(Sym::FParam(local)) => Ok(local as u32),
                    _ => Err("call arguments must be .param variables".into()),
                },
                _ => Err("call arguments must be .param variables".into()),
            }
        };
        let args = args_ops.iter().map(|o| param(self, o)).collect::<R<Vec<_>>>()?;
        let ret = rets_ops.first().map(|o| param(self, o)).transpose()?;
        Ok(Op::Builtin { f, args, ret })
    }
}

fn sreg(s: SpecialReg, c: Option<u8>) -> R<Sreg> {
    use SpecialReg as S;
    let c = c.unwrap_or(0);
    Ok(match s {
        S::Tid => Sreg::Tid(c),
        S::Ntid => Sreg::Ntid(c),
        S::Ctaid => Sreg::Ctaid(c),
        S::Nctaid => Sreg::Nctaid(c),
        S::Laneid => Sreg::Laneid,
        S::Warpid => Sreg::Warpid,
        S::Nwarpid => Sreg::Nwarpid,
        S::Smid => Sreg::Smid,
        S::Nsmid => Sreg::Nsmid,
        S::Gridid => Sreg::Gridid,
        S::LanemaskEq => Sreg::LanemaskEq,
        S::LanemaskLe => Sreg::LanemaskLe,
        S::LanemaskLt => Sreg::LanemaskLt,
        S::LanemaskGe => Sreg::LanemaskGe,
        S::LanemaskGt => Sreg::LanemaskGt,
        S::Clock => Sreg::Clock,
        S::ClockHi => Sreg::ClockHi,
        S::Clock64 => Sreg::Clock64,
        S::Globaltimer => Sreg::Globaltimer,
        S::GlobaltimerLo => Sreg::GlobaltimerLo,
        S::GlobaltimerHi => Sreg::GlobaltimerHi,
        S::DynamicSmemSize => Sreg::DynamicSmem,
        S::TotalSmemSize | S::AggrSmemSize => Sreg::TotalSmem,
        S::ReservedSmemOffsetBegin | S::ReservedSmemOffset0 => Sreg::ReservedSmem(0),
        S::ReservedSmemOffset1 => Sreg::ReservedSmem(1),
        S::ReservedSmemOffsetEnd => Sreg::ReservedSmem(2),
        S::ReservedSmemOffsetCap => Sreg::ReservedSmem(3),
        S::ClusterCtaid => Sreg::Cluster(ClusterReg::Ctaid(c)),
        S::ClusterNctaid => Sreg::Cluster(ClusterReg::Nctaid(c)),
        S::Clusterid => Sreg::Cluster(ClusterReg::Id(c)),
        S::Nclusterid => Sreg::Cluster(ClusterReg::Nid(c)),
        S::ClusterCtarank => Sreg::Cluster(ClusterReg::Ctarank),
        S::ClusterNctarank => Sreg::Cluster(ClusterReg::Nctarank),
        S::IsExplicitCluster => Sreg::Cluster(ClusterReg::IsExplicit),
        _ if s.to_string().starts_with("%envreg") => {
            Sreg::Envreg(s.to_string()["%envreg".len()..].parse().map_err(|_| format!("bad special register `{s}`"))?)
        }
        _ => return Err(format!("special register `{s}` is not supported")),
    })
}

/// Formats an instruction as PTX text (for error messages).
pub(crate) fn fmt_inst(names: &ptx::ast::Names, i: &Instruction) -> String {
    ptx::printer::print_instruction(names, i)
}
