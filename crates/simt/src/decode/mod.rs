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

mod arith;
mod collective;
mod compare;
mod control;
mod convert;
mod error;
mod initializers;
mod inline;
mod instruction;
mod memory;
mod mma;
mod operands;
mod param_address;
mod shared_layout;
mod tex;
mod video;

pub(crate) use error::DecodeError;
use initializers::*;
use instruction::Parts;

use shared_layout::{SharedLayouts, SharedVar};

use crate::error::LoadError;
use crate::float::{FBin, HFmt, HMode, Narrow};
use crate::ir::AtomOp;
use crate::ir::flow::Callee;
use crate::ir::*;

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

type R<T> = Result<T, DecodeError>;

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
    let optimized = !m.target.options.iter().any(|o| o == "debug");
    let contract = crate::contract::enabled() && optimized;
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
                    let lines = lines.as_ref();
                    globals.push(global_var(v, n, idx, &module_syms, names, lines, &mut global_errors));
                    module_syms.insert(n.name, Sym::Global(idx));
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

    // Function `i` (`f`, or a copy of it with calls inlined, whose new names are in `names`)
    // decoded.
    let decode_func = |i: usize, f: &Function, names: &ptx::ast::Names| {
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
            inline_sites: HashMap::new(),
            fname: names.str(f.name).to_string(),
            is_kernel: f.kind == FuncKind::Entry,
            param_sizes: HashMap::new(),
            bad_globals: &global_errors,
            jump_tables: HashMap::new(),
            contract,
            optimized,
            preds: Default::default(),
            reg_bits: Vec::new(),
            wide: std::collections::HashSet::new(),
            shared_refs: Default::default(),
            follow_up: None,
        };
        d.function(f, dyn_base.min(u64::from(u32::MAX)) as u32)
    };
    let mut funcs: Vec<Result<Func, LoadError>> =
        func_items.iter().enumerate().map(|(i, f)| decode_func(i, f, names)).collect();
    // Calls to small leaf functions run inlined (`inline.rs`), innermost first: a function whose
    // calls were all inlined is a leaf in the next round; a caller whose copy does not decode
    // keeps its calls. Debug modules keep every call (their frames are what a debugger and a
    // fault's call chain show).
    if !m.target.options.iter().any(|o| o == "debug") {
        let decoded: Vec<bool> = funcs.iter().map(Result::is_ok).collect();
        let index: HashMap<Name, usize> = func_items.iter().enumerate().map(|(i, f)| (f.name, i)).collect();
        let mut more = names.clone();
        let mut current: Vec<Option<Function>> = vec![None; func_items.len()];
        for _ in 0..inline::ROUNDS {
            let now: Vec<&Function> = current.iter().zip(&func_items).map(|(c, f)| c.as_ref().unwrap_or(f)).collect();
            let inlinable = inline::inlinable(&now, &decoded);
            if !inlinable.contains(&true) {
                break;
            }
            let mut copies: Vec<(usize, Function, Func)> = Vec::new();
            for (i, f) in now.iter().enumerate() {
                let room = inline::room(inline::instructions(func_items[i]), inline::instructions(f));
                if let Some(copy) = inline::inline_calls(f, &now, &index, &inlinable, room, &mut more)
                    && let Ok(func) = decode_func(i, &copy, &more)
                {
                    copies.push((i, copy, func));
                }
            }
            if copies.is_empty() {
                break;
            }
            for (i, copy, func) in copies {
                current[i] = Some(copy);
                funcs[i] = Ok(func);
            }
        }
    }
    kernel_shared_footprints(&mut funcs);
    for f in funcs.iter_mut().flatten().filter(|f| f.is_kernel) {
        f.warps_interleave = crate::analysis::hazard::shared_location_hazard(f).is_some();
    }
    Decoded { funcs, globals, files }
}

/// Module variable `n` of declaration `v` (`.global` or `.const`), the module's `idx`-th: its
/// size, initializer bytes and the relocations the addresses in its initializer need (symbols
/// of `module_syms`, which holds the variables declared before it). An initializer that does
/// not evaluate is recorded in `errors` (the kernels that use the variable fail to load).
fn global_var(
    v: &VarDecl,
    n: &ptx::ast::DeclName,
    idx: u32,
    module_syms: &HashMap<Name, Sym>,
    names: &ptx::ast::Names,
    lines: Option<&LineIndex>,
    errors: &mut HashMap<u32, LoadError>,
) -> GlobalVar {
    let mut size = decl_size(v, &n.dims);
    let mut init = Vec::new();
    let mut relocs = Vec::new();
    if let Some(i) = &v.init {
        let mut flat = Vec::new();
        flatten(i, &mut flat);
        let es = u64::from(v.ty.scalar.size());
        for (k, e) in flat.iter().enumerate() {
            let off = k as u64 * es;
            match eval(e, module_syms) {
                Ok((val, None)) => {
                    let bytes = encode_const(val, v.ty.scalar);
                    init.extend_from_slice(&bytes[..es as usize]);
                }
                Ok((val, Some(g))) => {
                    relocs.push((off, g, val.as_i64(), es as u8));
                    init.extend(std::iter::repeat_n(0, es as usize));
                }
                Err(msg) => {
                    let (line, col) = lines.map_or((0, 0), |l| l.line_col(v.span.start));
                    errors.entry(idx).or_insert(LoadError {
                        function: String::new(),
                        instruction: names.str(n.name).to_string(),
                        line,
                        col,
                        message: msg.to_string(),
                    });
                }
            }
        }
        size = size.max(init.len() as u64);
    }
    GlobalVar {
        name: names.str(n.name).to_string(),
        size,
        init,
        relocs,
        managed: v.attrs.contains(&ptx::ast::VarAttr::Managed),
        constant: v.space == StateSpace::Const,
    }
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
            match i.op.callee() {
                Some(Callee::Func(func)) => direct.push(func),
                Some(Callee::Pointer) => indirect = true,
                Some(Callee::Builtin(_)) | None => {}
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
    /// The call sites of the function's inlined code (`source_loc::InlineSites`).
    inline_sites: crate::source_loc::InlineSites,
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
    /// Whether ptxas optimizes the module (not `-G` code): vector loads are narrowed to the
    /// elements read (`narrow.rs`).
    optimized: bool,
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
    /// A second operation the instruction just decoded expands to (`lop3.BoolOp`'s predicate:
    /// [`instruction::follow_ups`] counts them), run under the same guard.
    follow_up: Option<Op>,
}

/// The state spaces `cvta` and `isspacep` name.
const CVTA_SPACES: [Kw; 8] =
    [Kw::Global, Kw::Shared, Kw::SharedCta, Kw::SharedCluster, Kw::Local, Kw::Const, Kw::Param, Kw::ParamEntry];

/// Modifiers that only affect caching, ordering or scope; the executor may ignore them
/// because it runs every access with (at least) the strongest guarantees: the `ld`/`st`
/// qualifiers of those classes (as the validator classes them) and the words below.
fn ignorable(k: Kw) -> bool {
    use ptx::validate::MemoryQualifier as Q;
    matches!(
        ptx::validate::memory_qualifier(k),
        Some(Q::Volatile | Q::Ordered | Q::CacheOp | Q::NonCoherent | Q::Eviction | Q::Prefetch)
    ) || matches!(
        k,
        Kw::AcqRel
            | Kw::Weak
            | Kw::Cta
            | Kw::Gpu
            | Kw::Sys
            | Kw::Cluster
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
                            return Err(DecodeError::Unsupported(
                                "`.b128` register ranges and vectors are not supported".into(),
                            ));
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
                            return Err(DecodeError::Unsupported("vector registers are not supported".into()));
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
                    None => return Err(DecodeError::Invalid("unknown shared variable".into())),
                },
                _ => {
                    return Err(DecodeError::Unsupported(format!(
                        "`.{}` variables in a function body are not supported",
                        d.space
                    )));
                }
            };
            if let Some(scope) = self.scopes.last_mut() {
                scope.insert(n.name, sym);
            }
        }
        Ok(())
    }

    /// Lays out `f`'s parameters: a kernel's in the kernel parameter bytes; a function's in
    /// the `.param` area, except those whose address is taken, which live in the local frame
    /// and are copied there (and back, for return values).
    fn parameters(&mut self, f: &Function) -> Result<Parameters, String> {
        let mut layout = Parameters::default();
        if self.is_kernel {
            for p in &f.params {
                for n in &p.names {
                    layout.kparam = align_up(layout.kparam, decl_align(p));
                    self.scopes[0].insert(n.name, Sym::KParam(layout.kparam));
                    layout.kparam += decl_size(p, &n.dims);
                }
            }
            return Ok(layout);
        }
        let addressed = param_address::addressed(f);
        for (is_return, list) in [(true, &f.returns), (false, &f.params)] {
            for p in list.iter() {
                if p.space == StateSpace::Reg {
                    return Err("register parameters are not supported".into());
                }
                for n in &p.names {
                    let off = align_up(u64::from(self.param_size), decl_align(p));
                    let sz = decl_size(p, &n.dims);
                    if addressed.contains(&n.name) {
                        // Its address is taken: it lives in the local frame.
                        layout.frame_local = align_up(layout.frame_local, decl_align(p));
                        self.scopes[0].insert(n.name, Sym::Local(layout.frame_local));
                        let c = param_address::LocalCopy { param: off, local: layout.frame_local, size: sz };
                        if is_return { &mut layout.return_copies } else { &mut layout.param_copies }.push(c);
                        layout.frame_local += sz;
                    } else {
                        self.scopes[0].insert(n.name, Sym::FParam(off));
                    }
                    self.param_size = (off + sz) as u32;
                    if is_return { &mut layout.ret_slots } else { &mut layout.param_slots }
                        .push((off as u32, sz as u32));
                }
            }
        }
        Ok(layout)
    }

    fn function(&mut self, f: &Function, dyn_base: u32) -> Result<Func, LoadError> {
        let fspan = f.span;
        let ferr = |s: &Self, m: String| s.err_at(s.fname.clone(), fspan, m);
        let Parameters { kparam, ret_slots, param_slots, mut frame_local, param_copies, return_copies } =
            self.parameters(f).map_err(|m| ferr(self, m))?;
        let (prologue, epilogue) = if param_copies.is_empty() && return_copies.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            let tmp = self.new_reg();
            (param_address::copy_code(&param_copies, true, tmp), param_address::copy_code(&return_copies, false, tmp))
        };
        let is_ret = |ins: &Instruction| ins.opcode == Opcode::Ret;
        let body = f.body.as_deref().unwrap_or(&[]);
        let (labels, n) = code_indices(body, prologue.len(), epilogue.len());
        self.jump_tables = jump_tables(body, &labels).map_err(|(sp, label)| {
            let message = format!("unknown label `{}` in .branchtargets", self.names.str(label));
            self.err_at("branchtargets".into(), sp, message)
        })?;
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
                    let op = res.map_err(|m| self.err_at(text.clone(), ins.span, m.to_string()))?;
                    let guard = match ins.guard {
                        Some(g) => match self.lookup(g.pred) {
                            Some(Sym::Reg(r)) => Some(Guard { reg: r, neg: g.negated }),
                            _ => return Err(self.err_at(text, ins.span, "unknown guard predicate".into())),
                        },
                        None => None,
                    };
                    let (line, col) = self.lines.map_or((0, 0), |l| l.line_col(ins.span.start));
                    code.push(Inst { op, guard });
                    if let Some(op) = self.follow_up.take() {
                        code.push(Inst { op, guard });
                        info.push(SrcInfo { text: text.clone(), line, col, offset: ins.span.start, loc: self.loc });
                    }
                    info.push(SrcInfo { text, line, col, offset: ins.span.start, loc: self.loc });
                }
                Statement::Decl(d) => {
                    self.declare(d, &mut frame_local)
                        .map_err(|m| self.err_at(format!(".{} declaration", d.space), d.span, m.to_string()))?;
                }
                Statement::BlockStart(_) => self.scopes.push(HashMap::new()),
                Statement::BlockEnd(_) => {
                    self.scopes.pop();
                }
                Statement::Loc(l) => {
                    self.loc = crate::source_loc::user_loc(l, self.files, self.loc, &mut self.inline_sites)
                }
                Statement::Label(..) | Statement::Pragma(..) => {}
                // Prototypes only describe indirect calls' parameters, which are matched to the
                // callee's by position at run time.
                Statement::CallPrototype(_) | Statement::CallTargets(..) | Statement::BranchTargets(..) => {}
            }
        }
        let _ = branch_fix;
        if self.contract {
            let (insts, block_start) = source_instructions(body, prologue.len(), epilogue.len());
            crate::contract::contract(&mut code, &insts, &block_start);
        }
        if self.optimized {
            crate::narrow::narrow_vector_loads(&mut code);
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
}

/// Where a function's parameters live (`FuncDecoder::parameters`).
#[derive(Default)]
struct Parameters {
    /// A kernel's parameter bytes.
    kparam: u64,
    /// A function's return values and parameters: (offset, size) in the `.param` area.
    ret_slots: Vec<(u32, u32)>,
    param_slots: Vec<(u32, u32)>,
    /// The local frame's size so far (parameters whose address is taken live there).
    frame_local: u64,
    /// The copies into the local frame at entry, and back to the `.param` area at `ret`.
    param_copies: Vec<param_address::LocalCopy>,
    return_copies: Vec<param_address::LocalCopy>,
}

/// The index in the decoded code of each label of `body`, and the code's length: each
/// instruction is one, after a `prologue` of instructions, and each `ret` has an `epilogue`
/// before it.
fn code_indices(body: &[Statement], prologue: usize, epilogue: usize) -> (HashMap<Name, u32>, u32) {
    let mut labels: HashMap<Name, u32> = HashMap::new();
    let mut n = prologue as u32;
    for s in body {
        match s {
            Statement::Instr(ins) => {
                n += 1 + instruction::follow_ups(ins) + if ins.opcode == Opcode::Ret { epilogue as u32 } else { 0 }
            }
            Statement::Label(l, _) => {
                labels.insert(*l, n);
            }
            _ => {}
        }
    }
    (labels, n)
}

/// The `.branchtargets` tables of `body`, by name, as code indices; a label no statement
/// defines is the error, with the span of its table.
fn jump_tables(body: &[Statement], labels: &HashMap<Name, u32>) -> Result<HashMap<Name, Vec<u32>>, (ptx::Span, Name)> {
    let mut tables = HashMap::new();
    for s in body {
        if let Statement::BranchTargets(name, targets, sp) = s {
            let index = |l: &Name| labels.get(l).copied().ok_or((*sp, *l));
            tables.insert(*name, targets.iter().map(index).collect::<Result<Vec<u32>, _>>()?);
        }
    }
    Ok(tables)
}

/// For each instruction of the decoded code, the PTX instruction it came from (`None` for the
/// parameter copies, which have none of their own) and whether a label starts a block there:
/// what the contraction pass needs.
fn source_instructions(body: &[Statement], prologue: usize, epilogue: usize) -> (Vec<Option<&Instruction>>, Vec<bool>) {
    let mut insts: Vec<Option<&Instruction>> = vec![None; prologue];
    let mut block_start = vec![false; prologue];
    let mut label = false;
    for s in body {
        match s {
            Statement::Instr(ins) => {
                if ins.opcode == Opcode::Ret {
                    insts.extend(std::iter::repeat_n(None, epilogue));
                    block_start.extend(std::iter::repeat_n(false, epilogue));
                }
                insts.push(Some(ins));
                block_start.push(std::mem::take(&mut label));
            }
            Statement::Label(..) => label = true,
            _ => {}
        }
    }
    (insts, block_start)
}

/// Formats an instruction as PTX text (for error messages).
pub(crate) fn fmt_inst(names: &ptx::ast::Names, i: &Instruction) -> String {
    ptx::printer::print_instruction(names, i)
}

/// Kernel `name` of the module `ptx`, decoded: the fixture of the analyses' unit tests.
#[cfg(test)]
pub(crate) fn test_kernel(ptx: &str, name: &str) -> crate::ir::Func {
    let parsed = ptx::parse(ptx);
    let d = decode(&parsed.module, Some(ptx));
    d.funcs.into_iter().flatten().find(|f| f.name == name).expect("kernel decoded")
}
