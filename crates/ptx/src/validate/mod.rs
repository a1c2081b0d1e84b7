//! The validator: checks a parsed [`Module`] and reports every error it finds.
//!
//! - names: every identifier resolves to a declaration in scope (registers, `%r<N>` ranges,
//!   parameters, block-local variables, module variables, functions, labels, call prototypes,
//!   `.branchtargets`/`.calltargets`), and nothing is defined twice in one scope;
//! - forms: operand counts and kinds per opcode, unknown and conflicting modifiers
//!   ([`forms`]);
//! - which instruction types each opcode is defined for ([`type_words`]);
//! - type words of `wmma`/`mma` by shape, `tex`/`tld4`, surfaces and `mbarrier` ([`matrix`]);
//! - the operands of `wmma`, `mbarrier`, textures and surfaces ([`operand_shapes`]);
//! - the operands of `ld`, `st`, `atom`, `red`, `cvta` and `isspacep` ([`memory`]); `cvt`
//!   conversions ([`cvt`]); the forms of `bar`/`barrier` ([`barrier`]) and of the SIMD video
//!   instructions ([`video`]);
//! - operand types of the common typed instructions ([`typecheck`]);
//! - `.version`/`.target` rules and which PTX ISA version and `sm_XX` each instruction or
//!   modifier needs ([`gating`]);
//! - misc: `.entry` return parameters, `call` shapes, `.maxntid`/`.reqntid` limits, `.loc` files.
//!
//! Everything is table-driven and indexed by [`Name`] id: no hashing and no allocation per
//! instruction, except to build a diagnostic.

mod barrier;
mod cvt;
mod forms;
mod gating;
mod matrix;
mod memory;
mod operand_shapes;
mod registers;
#[cfg(test)]
mod tests;
mod type_words;
mod typecheck;
mod video;
mod warp;

pub use memory::{Qualifier as MemoryQualifier, qualifier as memory_qualifier};
pub use type_words::{Rule as TypeRule, rule_of as type_rule_of, rules as type_rules};

use crate::ast::*;
use crate::diag::Diagnostic;
use crate::span::Span;
use crate::types::{Opcode, StateSpace};

/// "No entry" in the per-name tables.
const NONE: u32 = u32::MAX;

pub use gating::target_version;

/// Checks a parsed module; returns every error found (empty = valid).
pub fn validate(m: &Module) -> Vec<Diagnostic> {
    let mut v = Validator::new(m);
    v.module();
    v.diags
}

/// What a label-like name defined in a function body is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LabelKind {
    /// `name:` before a statement.
    Plain,
    /// `name: .callprototype ...`.
    Proto,
    /// `name: .branchtargets ...`.
    Branch,
    /// `name: .calltargets ...`.
    Call,
}

/// What a name resolves to.
#[derive(Debug, Clone, Copy)]
enum Sym {
    /// A register (`.reg`, including `%r<N>` ranges and `.reg` parameters).
    Reg(VarType),
    /// An addressable variable or parameter, with its state space.
    Var(StateSpace),
    /// A function (index of its item in the module).
    Func(u32),
    /// A label of the current function.
    Label(LabelKind),
    /// The predefined constant `WARP_SZ`.
    Const,
    /// Nothing.
    None,
}

/// A module-level symbol.
#[derive(Debug, Clone, Copy)]
struct Global {
    sym: Sym,
    /// A definition (not `.extern`, or a function with a body).
    defined: bool,
}

/// A label-like definition: labels are visible in their block (before and after the definition)
/// and in the blocks nested in it.
#[derive(Debug, Clone, Copy)]
struct LabelDef {
    kind: LabelKind,
    block: u32,
    next: u32,
}

/// A body-local binding; `prev` is the binding it shadows.
#[derive(Debug, Clone, Copy)]
struct Local {
    name: u32,
    prev: u32,
    depth: u32,
    /// For `%r<N>` ranges: N (the binding is on the prefix); 0 for a plain name.
    range: u32,
    sym: Sym,
}

/// The role an operand position plays, from the form table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A destination register (or vector of registers, `_`, `p|q`).
    Dst,
    /// A source value: register, immediate, vector (special registers are checked apart).
    Val,
    /// A source value or an address constant (`mov.u64 %rd, var`).
    Src,
    /// A memory address `[...]` or `var[i]`.
    Addr,
    /// A branch label.
    Label,
    /// Anything (only names are checked).
    Any,
}

struct Validator<'m> {
    m: &'m Module,
    diags: Vec<Diagnostic>,
    /// Per name: module-level symbol.
    globals: Vec<Global>,
    /// Per name: `(prefix, index)` when the name is `prefix` + decimal digits, else `(NONE, 0)`.
    split: Vec<(u32, u32)>,
    /// Per name: innermost local binding (index into `locals`) or NONE.
    bind: Vec<u32>,
    /// Per prefix name: innermost `%r<N>` range binding or NONE.
    range_bind: Vec<u32>,
    locals: Vec<Local>,
    /// `locals.len()` at each open scope.
    marks: Vec<usize>,
    /// Per name: the function stamp `label_head` belongs to (other functions' entries are stale).
    label_fn: Vec<u32>,
    /// Per name: the first of its label definitions in this function (index into `label_defs`).
    label_head: Vec<u32>,
    label_defs: Vec<LabelDef>,
    /// Per block of the current function (numbered in pre-order, the body is 0): one past the
    /// last block nested in it, so `b <= c < block_end[b]` means `c` is inside `b`.
    block_end: Vec<u32>,
    /// The block the walk is in, and the next block number.
    cur_block: u32,
    next_block: u32,
    stamp: u32,
    /// Declared `.file` numbers, sorted.
    files: Vec<u32>,
    /// Scratch stack of block ids, reused across functions.
    blocks: Vec<u32>,
    /// `.version` as `major * 10 + minor`; 0 when unknown.
    version: u32,
    /// The name `WARP_SZ`, if the module uses it.
    warp_sz: Option<Name>,
    /// Target SM number; 0 when there is no usable `.target`.
    sm: u32,
    /// `.target` has an `a` or `f` suffix (architecture/family-specific features).
    arch_specific: bool,
    /// Module-scope names declared by the items before the current one: an initializer may
    /// take the address only of what is declared above it (ptxas: "Invalid initial value").
    declared_above: Vec<bool>,
}

impl<'m> Validator<'m> {
    fn new(m: &'m Module) -> Validator<'m> {
        let n = m.names.len();
        Validator {
            m,
            diags: Vec::new(),
            globals: vec![Global { sym: Sym::None, defined: false }; n],
            split: Vec::new(),
            bind: vec![NONE; n],
            range_bind: vec![NONE; n],
            locals: Vec::with_capacity(256),
            marks: Vec::with_capacity(16),
            label_fn: vec![0; n],
            label_head: vec![NONE; n],
            label_defs: Vec::new(),
            block_end: Vec::new(),
            cur_block: 0,
            next_block: 0,
            stamp: 0,
            files: Vec::new(),
            blocks: Vec::new(),
            warp_sz: m.names.get("WARP_SZ"),
            version: 0,
            sm: 0,
            arch_specific: false,
            declared_above: vec![false; n],
        }
    }

    fn err(&mut self, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, msg));
    }

    fn name(&self, n: Name) -> &'m str {
        self.m.names.str(n)
    }

    // ---- module ------------------------------------------------------------------------------

    fn module(&mut self) {
        gating::check_directives(self);
        self.compute_splits();
        self.collect_globals();
        let m = self.m;
        for item in &m.items {
            match item {
                Item::Var(d) => {
                    if let Some(init) = &d.init {
                        self.initializer(init, d.span);
                    }
                    for dn in &d.names {
                        self.declared_above[dn.name.0 as usize] = true;
                    }
                }
                Item::Func(f) => {
                    self.declared_above[f.name.0 as usize] = true;
                    self.function(f);
                }
                Item::Alias(_, b, span) => {
                    if !matches!(self.globals[b.0 as usize].sym, Sym::Func(_)) {
                        let msg = format!("unknown function `{}`", self.name(*b));
                        self.err(*span, msg);
                    }
                }
                Item::File(_) | Item::Section(_) | Item::Pragma(..) => {}
            }
        }
    }

    /// Splits every name ending in decimal digits into prefix and index, for `%r<N>` ranges.
    fn compute_splits(&mut self) {
        let names = &self.m.names;
        let mut split = Vec::with_capacity(names.len());
        for i in 0..names.len() {
            split.push(split_name(names, names.str(Name(i as u32)), 0));
        }
        self.split = split;
    }

    /// Module-level symbols (usable before their declaration), `.file` numbers, duplicates.
    fn collect_globals(&mut self) {
        let m = self.m;
        for (idx, item) in m.items.iter().enumerate() {
            match item {
                Item::Var(d) => {
                    let defined = d.linkage != Linkage::Extern;
                    for dn in &d.names {
                        self.define_global(dn.name, Sym::Var(d.space), defined, d.span);
                    }
                }
                Item::Func(f) => {
                    let defined = f.body.is_some();
                    self.define_global(f.name, Sym::Func(idx as u32), defined, f.span);
                }
                Item::Alias(a, b, span) => {
                    // An alias is a definition of `a` that resolves like `b`.
                    let sym = match self.globals[b.0 as usize].sym {
                        s @ Sym::Func(_) => s,
                        _ => Sym::Func(NONE),
                    };
                    self.define_global(*a, sym, true, *span);
                }
                Item::File(f) => match self.files.binary_search(&f.index) {
                    Ok(_) => {
                        let msg = format!("duplicate `.file {}`", f.index);
                        self.err(f.span, msg);
                    }
                    Err(pos) => self.files.insert(pos, f.index),
                },
                Item::Section(_) | Item::Pragma(..) => {}
            }
        }
        // Aliases may name functions defined after them.
        for item in &m.items {
            if let Item::Alias(a, b, _) = item
                && let Sym::Func(NONE) = self.globals[a.0 as usize].sym
                && let s @ Sym::Func(_) = self.globals[b.0 as usize].sym
            {
                self.globals[a.0 as usize].sym = s;
            }
        }
    }

    fn define_global(&mut self, n: Name, sym: Sym, defined: bool, span: Span) {
        let g = &mut self.globals[n.0 as usize];
        let conflict = match (g.sym, sym) {
            (Sym::None, _) => false,
            (Sym::Var(_), Sym::Var(_)) | (Sym::Func(_), Sym::Func(_)) => g.defined && defined,
            _ => true,
        };
        if conflict {
            let msg = format!("duplicate definition of `{}`", self.name(n));
            self.err(span, msg);
            return;
        }
        if matches!(g.sym, Sym::None) || defined {
            *g = Global { sym, defined };
        }
    }

    fn initializer(&mut self, init: &Initializer, span: Span) {
        match init {
            Initializer::Expr(e) => self.const_expr(e, span),
            Initializer::List(items) => {
                for i in items {
                    self.initializer(i, span);
                }
            }
        }
    }

    fn const_expr(&mut self, e: &ConstExpr, span: Span) {
        match e {
            ConstExpr::Symbol(n) | ConstExpr::Generic(n) => {
                if matches!(self.globals[n.0 as usize].sym, Sym::None) {
                    let msg = format!("use of undeclared identifier `{}`", self.name(*n));
                    self.err(span, msg);
                } else if !self.declared_above[n.0 as usize] {
                    let msg = format!(
                        "initializer takes the address of `{}` before its declaration (declare it above)",
                        self.name(*n)
                    );
                    self.err(span, msg);
                }
            }
            ConstExpr::Unary(_, a) => self.const_expr(a, span),
            ConstExpr::Binary(_, a, b) => {
                self.const_expr(a, span);
                self.const_expr(b, span);
            }
            ConstExpr::Int(_) | ConstExpr::UInt(_) | ConstExpr::F32(_) | ConstExpr::F64(_) => {}
        }
    }

    // ---- functions ---------------------------------------------------------------------------

    fn function(&mut self, f: &'m Function) {
        if f.kind == FuncKind::Entry && !f.returns.is_empty() {
            let msg = format!("`.entry` function `{}` cannot have return parameters", self.name(f.name));
            self.err(f.span, msg);
        }
        for d in &f.directives {
            let (what, dims) = match d {
                FuncDirective::Maxntid(v) => (".maxntid", v),
                FuncDirective::Reqntid(v) => (".reqntid", v),
                _ => continue,
            };
            let product: u64 = dims.iter().map(|&x| u64::from(x)).product();
            if dims.contains(&0) {
                self.err(f.span, format!("`{what}` dimensions must be nonzero"));
            } else if product > 1024 {
                self.err(f.span, format!("`{what}` allows {product} threads per block; the limit is 1024"));
            }
        }
        gating::check_function(self, f);
        let Some(body) = &f.body else { return };
        if f.kind == FuncKind::Entry {
            self.static_shared_limit(f, body);
            self.param_space_limit(f);
        }
        self.stamp += 1;
        self.collect_labels(body);

        // Parameters share the scope of the body's top-level declarations (ptxas reports a body
        // declaration named like a parameter as a duplicate).
        self.push_scope();
        for d in f.returns.iter().chain(&f.params) {
            self.declare_local(d);
        }
        let base = self.marks.len();
        self.cur_block = 0;
        self.next_block = 0;
        let mut parents = std::mem::take(&mut self.blocks);
        parents.clear();
        for st in body {
            match st {
                Statement::Instr(ins) => self.instr(ins),
                Statement::Decl(d) => self.declare_local(d),
                Statement::BlockStart(_) => {
                    self.push_scope();
                    parents.push(self.cur_block);
                    self.next_block += 1;
                    self.cur_block = self.next_block;
                }
                Statement::BlockEnd(_) => {
                    if self.marks.len() > base {
                        self.pop_scope();
                    }
                    self.cur_block = parents.pop().unwrap_or(0);
                }
                Statement::Loc(l) => {
                    if self.files.binary_search(&l.file).is_err() {
                        let msg = format!("`.loc` refers to file {}, which has no `.file` directive", l.file);
                        self.err(l.span, msg);
                    }
                }
                Statement::BranchTargets(_, targets, span) => {
                    for &t in targets {
                        if !matches!(self.resolve(t), Sym::Label(LabelKind::Plain)) {
                            let msg = format!("unknown label `{}`", self.name(t));
                            self.err(*span, msg);
                        }
                    }
                }
                Statement::CallTargets(_, targets, span) => {
                    for &t in targets {
                        if !matches!(self.resolve(t), Sym::Func(_)) {
                            let msg = format!("unknown function `{}`", self.name(t));
                            self.err(*span, msg);
                        }
                    }
                }
                Statement::Label(..) | Statement::CallPrototype(_) | Statement::Pragma(..) => {}
            }
        }
        self.blocks = parents;
        while !self.marks.is_empty() {
            self.pop_scope();
        }
    }

    /// Collects the function's labels (they may be used before their definition) and numbers
    /// its blocks; a label defined twice in the same block is an error.
    fn collect_labels(&mut self, body: &[Statement]) {
        let mut blocks = std::mem::take(&mut self.blocks);
        blocks.clear();
        self.label_defs.clear();
        self.block_end.clear();
        self.block_end.push(NONE);
        let mut cur = 0u32;
        for st in body {
            let (n, kind, span) = match st {
                Statement::BlockStart(_) => {
                    blocks.push(cur);
                    cur = self.block_end.len() as u32;
                    self.block_end.push(NONE);
                    continue;
                }
                Statement::BlockEnd(_) => {
                    if let Some(parent) = blocks.pop() {
                        self.block_end[cur as usize] = self.block_end.len() as u32;
                        cur = parent;
                    }
                    continue;
                }
                Statement::Label(n, span) => (*n, LabelKind::Plain, *span),
                Statement::CallPrototype(p) => (p.label, LabelKind::Proto, p.span),
                Statement::BranchTargets(n, _, span) => (*n, LabelKind::Branch, *span),
                Statement::CallTargets(n, _, span) => (*n, LabelKind::Call, *span),
                _ => continue,
            };
            let i = n.0 as usize;
            if self.label_fn[i] != self.stamp {
                self.label_fn[i] = self.stamp;
                self.label_head[i] = NONE;
            }
            let head = self.label_head[i];
            let mut d = head;
            while d != NONE {
                if self.label_defs[d as usize].block == cur {
                    let msg = format!("duplicate definition of `{}`", self.name(n));
                    self.err(span, msg);
                    break;
                }
                d = self.label_defs[d as usize].next;
            }
            self.label_head[i] = self.label_defs.len() as u32;
            self.label_defs.push(LabelDef { kind, block: cur, next: head });
        }
        // Blocks left open (only after a parse error) end with the body.
        let total = self.block_end.len() as u32;
        for e in &mut self.block_end {
            if *e == NONE {
                *e = total;
            }
        }
        self.blocks = blocks;
    }

    /// The label definition of `n` visible from the current block, if any.
    fn label(&self, n: Name) -> Option<LabelKind> {
        let i = n.0 as usize;
        if self.stamp == 0 || self.label_fn[i] != self.stamp {
            return None;
        }
        let mut d = self.label_head[i];
        while d != NONE {
            let def = self.label_defs[d as usize];
            if def.block <= self.cur_block && self.cur_block < self.block_end[def.block as usize] {
                return Some(def.kind);
            }
            d = def.next;
        }
        None
    }

    // ---- scopes ------------------------------------------------------------------------------

    fn push_scope(&mut self) {
        self.marks.push(self.locals.len());
    }

    fn pop_scope(&mut self) {
        let Some(mark) = self.marks.pop() else { return };
        while self.locals.len() > mark {
            let l = self.locals.pop().expect("above mark");
            if l.range > 0 {
                self.range_bind[l.name as usize] = l.prev;
            } else {
                self.bind[l.name as usize] = l.prev;
            }
        }
    }

    fn depth(&self) -> u32 {
        self.marks.len() as u32
    }

    /// ptxas refuses an entry whose static shared memory exceeds 48 KiB ("uses too much shared
    /// data"), counting every `.shared` variable its body declares, used or not. (Module-scope
    /// variables it names count too; leaving them out can only accept more, never refuse what
    /// ptxas accepts.)
    fn static_shared_limit(&mut self, f: &Function, body: &[Statement]) {
        const LIMIT: u64 = 48 * 1024;
        let mut size: u64 = 0;
        for st in body {
            let Statement::Decl(d) = st else { continue };
            if !matches!(d.space, StateSpace::Shared | StateSpace::SharedCta) {
                continue;
            }
            let align = u64::from(d.align.unwrap_or(d.ty.size()).max(1));
            for dn in &d.names {
                let elements: u64 = dn.dims.iter().map(|n| n.unwrap_or(0)).product();
                size = size.next_multiple_of(align).saturating_add(u64::from(d.ty.size()).saturating_mul(elements));
            }
        }
        if size > LIMIT {
            let msg =
                format!("entry `{}` uses too much shared data ({size:#x} bytes, {LIMIT:#x} max)", self.name(f.name));
            self.err(f.span, msg);
        }
    }

    /// ptxas refuses an entry whose parameters, laid out in order at their alignments, exceed
    /// 32764 bytes from PTX ISA 8.1 (CUDA 12.1's large kernel parameters), 4352 bytes before ("uses
    /// too much parameter space"); nvcc reports the same overflow for a kernel's C++ arguments.
    fn param_space_limit(&mut self, f: &Function) {
        let limit: u64 = if self.version >= 81 { 0x7ffc } else { 0x1100 };
        let mut size: u64 = 0;
        for d in &f.params {
            let align = u64::from(d.align.unwrap_or(d.ty.size()).max(1));
            for dn in &d.names {
                let elements: u64 = dn.dims.iter().map(|n| n.unwrap_or(0)).product();
                size = size.next_multiple_of(align).saturating_add(u64::from(d.ty.size()).saturating_mul(elements));
            }
        }
        if size > limit {
            let msg = format!(
                "entry `{}` uses too much parameter space ({size:#x} bytes, {limit:#x} max)",
                self.name(f.name)
            );
            self.err(f.span, msg);
        }
    }

    fn declare_local(&mut self, d: &VarDecl) {
        if d.space == StateSpace::Reg {
            registers::check(self, d);
        }
        let sym = if d.space == StateSpace::Reg { Sym::Reg(d.ty) } else { Sym::Var(d.space) };
        let depth = self.depth();
        for dn in &d.names {
            let n = dn.name.0 as usize;
            match dn.range {
                Some(count) => {
                    let prev = self.range_bind[n];
                    if prev != NONE && self.locals[prev as usize].depth == depth {
                        let msg = format!("duplicate definition of `{}<{count}>`", self.name(dn.name));
                        self.err(d.span, msg);
                    }
                    self.range_bind[n] = self.locals.len() as u32;
                    self.locals.push(Local { name: n as u32, prev, depth, range: count.max(1), sym });
                    if count == 0 {
                        // `%r<0>` declares nothing.
                        self.locals.last_mut().expect("pushed").range = 1;
                        self.locals.last_mut().expect("pushed").sym = Sym::None;
                    }
                }
                None => {
                    let prev = self.bind[n];
                    let dup_plain = prev != NONE && self.locals[prev as usize].depth == depth;
                    let dup_range =
                        matches!(self.range_lookup(dn.name), Some(l) if self.locals[l as usize].depth == depth);
                    if dup_plain || dup_range {
                        let msg = format!("duplicate definition of `{}`", self.name(dn.name));
                        self.err(d.span, msg);
                    }
                    self.bind[n] = self.locals.len() as u32;
                    self.locals.push(Local { name: n as u32, prev, depth, range: 0, sym });
                }
            }
        }
    }

    /// The innermost `%r<N>` range binding covering `n`, if any.
    fn range_lookup(&self, n: Name) -> Option<u32> {
        let (prefix, index) = self.split[n.0 as usize];
        self.range_binding(prefix, index)
    }

    /// Slow path for range prefixes that themselves end in digits (`%r1<4>` declares `%r10`..).
    fn range_lookup_slow(&self, n: Name) -> Option<u32> {
        let s = self.name(n);
        let digits_from = s.len() - s.bytes().rev().take_while(u8::is_ascii_digit).count();
        (digits_from + 1..s.len()).find_map(|cut| {
            let (prefix, index) = split_name(&self.m.names, s, cut);
            self.range_binding(prefix, index)
        })
    }

    /// The innermost range binding of `prefix` (`NONE`: no prefix) that covers `index`.
    fn range_binding(&self, prefix: u32, index: u32) -> Option<u32> {
        if prefix == NONE {
            return None;
        }
        let mut b = self.range_bind[prefix as usize];
        while b != NONE {
            let l = &self.locals[b as usize];
            if index < l.range {
                return Some(b);
            }
            b = l.prev;
        }
        None
    }

    /// What `n` refers to here: a local (innermost first), a label of this function, or a
    /// module-level symbol.
    fn resolve(&self, n: Name) -> Sym {
        let i = n.0 as usize;
        let b = self.bind[i];
        let r = self.range_lookup(n);
        let local = match (b, r) {
            (NONE, None) => None,
            (NONE, Some(r)) => Some(r),
            (b, None) => Some(b),
            (b, Some(r)) => Some(if self.locals[r as usize].depth > self.locals[b as usize].depth { r } else { b }),
        };
        if let Some(l) = local {
            return self.locals[l as usize].sym;
        }
        if let Some(kind) = self.label(n) {
            return Sym::Label(kind);
        }
        match self.globals[i].sym {
            Sym::None if self.warp_sz == Some(n) => Sym::Const,
            Sym::None => self.range_lookup_slow(n).map_or(Sym::None, |l| self.locals[l as usize].sym),
            s => s,
        }
    }

    fn undeclared(&mut self, span: Span, n: Name) {
        let s = self.name(n);
        let msg = if s.starts_with('%') {
            format!("use of undeclared register `{s}`")
        } else {
            format!("use of undeclared identifier `{s}`")
        };
        self.err(span, msg);
    }

    // ---- instructions ------------------------------------------------------------------------

    fn instr(&mut self, ins: &'m Instruction) {
        if let Some(g) = ins.guard {
            match self.resolve(g.pred) {
                Sym::Reg(t) if t.scalar == crate::types::ScalarType::Pred => {}
                Sym::Reg(t) => {
                    let msg = format!("guard `{}` is .{}, not .pred", self.name(g.pred), t.scalar);
                    self.err(ins.span, msg);
                }
                Sym::None => self.undeclared(ins.span, g.pred),
                _ => {
                    let msg = format!("guard `{}` must be a .pred register", self.name(g.pred));
                    self.err(ins.span, msg);
                }
            }
        }
        forms::check_modifiers(self, ins);
        forms::check_immediates(self, ins);
        let form = forms::form(ins.opcode);
        let n = ins.operands.len();
        let count_ok = n >= usize::from(form.min) && n <= usize::from(form.max);
        if !count_ok {
            let op = ins.opcode.as_str();
            let msg = if form.min == form.max {
                let s = if form.min == 1 { "" } else { "s" };
                format!("`{op}` expects {} operand{s}, found {n}", form.min)
            } else {
                format!("`{op}` expects {} to {} operands, found {n}", form.min, form.max)
            };
            self.err(ins.span, msg);
        }
        if ins.opcode == Opcode::Call {
            self.call(ins);
        } else {
            for (i, op) in ins.operands.iter().enumerate() {
                let role = if count_ok { form.role(i) } else { Role::Any };
                self.operand(ins, i, op, role);
            }
        }
        type_words::check(self, ins);
        matrix::check(self, ins);
        operand_shapes::check(self, ins);
        memory::check(self, ins);
        cvt::check(self, ins);
        barrier::check(self, ins);
        video::check(self, ins);
        warp::check(self, ins);
        if count_ok {
            typecheck::check(self, ins);
        }
        gating::check(self, ins);
    }

    /// Resolves the names of one operand and checks that its kind fits `role`.
    fn operand(&mut self, ins: &Instruction, i: usize, op: &Operand, role: Role) {
        let found: Option<&'static str> = match op {
            Operand::Name(n) => {
                let s = self.resolve(*n);
                match (role, s) {
                    (Role::Label, Sym::Label(LabelKind::Plain | LabelKind::Branch)) => None,
                    (Role::Label, Sym::None) => {
                        let msg = format!("unknown label `{}`", self.name(*n));
                        self.err(ins.span, msg);
                        return;
                    }
                    (_, Sym::None) => {
                        self.undeclared(ins.span, *n);
                        return;
                    }
                    (_, s) => {
                        let class = sym_class(s);
                        let ok = match role {
                            Role::Dst => matches!(s, Sym::Reg(_)),
                            Role::Val => matches!(s, Sym::Reg(_) | Sym::Func(_) | Sym::Const),
                            Role::Src => matches!(s, Sym::Reg(_) | Sym::Var(_) | Sym::Func(_) | Sym::Const),
                            Role::Addr | Role::Label => false,
                            Role::Any => true,
                        };
                        (!ok).then_some(class)
                    }
                }
            }
            Operand::NameOffset(n, _) | Operand::Index(n, _) => {
                if matches!(self.resolve(*n), Sym::None) {
                    self.undeclared(ins.span, *n);
                    return;
                }
                match role {
                    Role::Src | Role::Any => None,
                    Role::Addr if matches!(op, Operand::Index(..)) => None,
                    Role::Val => Some("an address constant"),
                    _ => {
                        Some(if matches!(op, Operand::Index(..)) { "an array element" } else { "an address constant" })
                    }
                }
            }
            Operand::Component(n, _) | Operand::Selected(n, _) => {
                if matches!(self.resolve(*n), Sym::None) {
                    self.undeclared(ins.span, *n);
                    return;
                }
                match role {
                    Role::Dst | Role::Val | Role::Src | Role::Any => None,
                    _ => Some("a register"),
                }
            }
            Operand::Neg(inner) => {
                if ins.opcode != Opcode::Vmad {
                    let msg = format!(
                        "operand negation (`-a`) is not allowed for `{}`; only `vmad` negates operands",
                        ins.opcode.as_str()
                    );
                    self.err(ins.span, msg);
                    return;
                }
                match role {
                    Role::Val | Role::Src | Role::Any => return self.operand(ins, i, inner, role),
                    _ => Some("a negated register"),
                }
            }
            Operand::Not(n) => {
                if matches!(self.resolve(*n), Sym::None) {
                    self.undeclared(ins.span, *n);
                    return;
                }
                match role {
                    Role::Val | Role::Src | Role::Any => None,
                    _ => Some("a negated predicate"),
                }
            }
            Operand::Pair(a, b) => {
                let firsts: &[Operand] = match &**a {
                    Operand::Vector(items) => items,
                    one => std::slice::from_ref(one),
                };
                let names = firsts.iter().filter_map(|o| if let Operand::Name(n) = o { Some(*n) } else { None });
                for n in names.chain([*b]) {
                    if matches!(self.resolve(n), Sym::None) {
                        self.undeclared(ins.span, n);
                        return;
                    }
                }
                match role {
                    Role::Dst | Role::Any => None,
                    _ => Some("a predicate pair"),
                }
            }
            Operand::Sreg(r, c) => {
                if !matches!(ins.opcode, Opcode::Mov | Opcode::Cvt) {
                    let c = c.map_or(String::new(), |c| format!(".{c}"));
                    let msg = format!(
                        "special register `{r}{c}` cannot be an operand of `{}`; only `mov` and `cvt` read special registers",
                        ins.opcode.as_str()
                    );
                    self.err(ins.span, msg);
                    return;
                }
                match role {
                    Role::Val | Role::Src | Role::Any => None,
                    _ => Some("a special register"),
                }
            }
            Operand::Imm(_) => match role {
                Role::Val | Role::Src | Role::Any => None,
                _ => Some("an immediate"),
            },
            Operand::Sink => match role {
                Role::Dst | Role::Any => None,
                _ => Some("`_`"),
            },
            Operand::Addr(a) => {
                if let Some(b) = a.base
                    && matches!(self.resolve(b), Sym::None)
                {
                    self.undeclared(ins.span, b);
                    return;
                }
                match role {
                    Role::Addr | Role::Any => None,
                    _ => Some("an address"),
                }
            }
            Operand::Vector(items) | Operand::List(items) | Operand::AddrList(items) => {
                for it in items {
                    self.operand(ins, i, it, Role::Any);
                }
                match (role, op) {
                    (Role::Any, _) | (Role::Dst | Role::Val | Role::Src, Operand::Vector(_)) => None,
                    (Role::Addr, Operand::AddrList(_)) => None,
                    (_, Operand::Vector(_)) => Some("a vector"),
                    (_, Operand::List(_)) => Some("a parenthesized list"),
                    _ => Some("an address list"),
                }
            }
        };
        if let Some(found) = found {
            let expected = match role {
                Role::Dst => "a register",
                Role::Val => "a register or immediate",
                Role::Src => "a register, immediate or address constant",
                Role::Addr => "an address",
                Role::Label => "a label",
                Role::Any => "valid",
            };
            let msg = format!("operand {i} of `{}` must be {expected}, found {found}", full_name(self.m, ins));
            self.err(ins.span, msg);
        }
    }

    /// `call [(rets),] target [, (args)] [, prototype]`.
    fn call(&mut self, ins: &Instruction) {
        let ops = &ins.operands;
        let mut i = 0;
        let rets = match ops.first() {
            Some(Operand::List(l)) => {
                i = 1;
                Some(l.len())
            }
            _ => None,
        };
        let Some(target) = ops.get(i) else {
            self.err(ins.span, "`call` needs a target function");
            return;
        };
        let target_at = i;
        i += 1;
        let args = match ops.get(i) {
            Some(Operand::List(l)) => {
                i += 1;
                l.len()
            }
            _ => 0,
        };
        for (k, op) in ops.iter().enumerate() {
            if k != target_at && matches!(op, Operand::List(_)) {
                self.operand(ins, k, op, Role::Any);
            }
        }
        let Operand::Name(t) = target else {
            let msg = format!("`call` target must be a function or a register, found {}", operand_class(target));
            self.err(ins.span, msg);
            return;
        };
        match self.resolve(*t) {
            Sym::Func(item) => {
                if let Some(extra) = ops.get(i) {
                    let msg = format!("unexpected operand {i} of direct `call` ({})", operand_class(extra));
                    self.err(ins.span, msg);
                }
                if let Some(Item::Func(f)) = self.m.items.get(item as usize) {
                    if f.kind == FuncKind::Entry {
                        let msg = format!("cannot `call` kernel `{}`", self.name(f.name));
                        self.err(ins.span, msg);
                        return;
                    }
                    let want_args: usize = f.params.iter().map(|d| d.names.len()).sum();
                    let want_rets: usize = f.returns.iter().map(|d| d.names.len()).sum();
                    if args != want_args {
                        let msg = format!(
                            "`call` passes {args} argument{} to `{}`, which takes {want_args}",
                            if args == 1 { "" } else { "s" },
                            self.name(f.name)
                        );
                        self.err(ins.span, msg);
                    }
                    let r = rets.unwrap_or(0);
                    if r != want_rets {
                        let msg = format!(
                            "`call` receives {r} return value{} from `{}`, which returns {want_rets}",
                            if r == 1 { "" } else { "s" },
                            self.name(f.name)
                        );
                        self.err(ins.span, msg);
                    }
                }
            }
            Sym::Reg(_) => match ops.get(i) {
                Some(Operand::Name(p)) => {
                    match self.resolve(*p) {
                        Sym::Label(LabelKind::Proto | LabelKind::Call) => {}
                        Sym::None | Sym::Label(_) => {
                            let msg = format!("unknown call prototype `{}`", self.name(*p));
                            self.err(ins.span, msg);
                        }
                        s => {
                            let msg = format!(
                                "indirect `call` needs a `.callprototype` or `.calltargets` label, found {}",
                                sym_class(s)
                            );
                            self.err(ins.span, msg);
                        }
                    }
                    if i + 1 < ops.len() {
                        let msg = format!("`call` has {} operands, expected at most {}", ops.len(), i + 1);
                        self.err(ins.span, msg);
                    }
                }
                _ => {
                    let msg = format!(
                        "indirect `call` through `{}` needs a `.callprototype` or `.calltargets` label as its last operand",
                        self.name(*t)
                    );
                    self.err(ins.span, msg);
                }
            },
            Sym::None => {
                let msg = format!("unknown function `{}`", self.name(*t));
                self.err(ins.span, msg);
            }
            s => {
                let msg = format!(
                    "`call` target `{}` must be a function or a register, found {}",
                    self.name(*t),
                    sym_class(s)
                );
                self.err(ins.span, msg);
            }
        }
    }
}

/// `(prefix, index)` for a name ending in decimal digits, splitting at byte `cut` (0: at the
/// first trailing digit). Like ptxas, `%r01` is `%r1`.
fn split_name(names: &Names, s: &str, cut: usize) -> (u32, u32) {
    let digits = s.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits == s.len() {
        return (NONE, 0);
    }
    let at = if cut == 0 { s.len() - digits } else { cut };
    let (prefix, num) = s.split_at(at);
    if num.is_empty() {
        return (NONE, 0);
    }
    let Ok(index) = num.parse::<u32>() else { return (NONE, 0) };
    match names.get(prefix) {
        Some(p) => (p.0, index),
        None => (NONE, 0),
    }
}

fn sym_class(s: Sym) -> &'static str {
    match s {
        Sym::Reg(_) => "a register",
        Sym::Var(_) => "a variable",
        Sym::Func(_) => "a function",
        Sym::Label(_) => "a label",
        Sym::Const => "an immediate",
        Sym::None => "an undeclared name",
    }
}

fn operand_class(op: &Operand) -> &'static str {
    match op {
        Operand::Name(_) => "a name",
        Operand::NameOffset(..) => "an address constant",
        Operand::Component(..) => "a register",
        Operand::Selected(..) => "a register with a byte selector",
        Operand::Index(..) => "an array element",
        Operand::Sreg(..) => "a special register",
        Operand::Imm(_) => "an immediate",
        Operand::Vector(_) => "a vector",
        Operand::Addr(_) => "an address",
        Operand::AddrList(_) => "an address list",
        Operand::Not(_) => "a negated predicate",
        Operand::Neg(_) => "a negated register",
        Operand::Pair(..) => "a predicate pair",
        Operand::Sink => "`_`",
        Operand::List(_) => "a parenthesized list",
    }
}

/// `add.rn.f32`: the opcode with its modifiers, for messages.
fn full_name(m: &Module, ins: &Instruction) -> String {
    let mut s = String::from(ins.opcode.as_str());
    for md in &ins.mods {
        s.push('.');
        match md {
            Modifier::Kw(k) => s.push_str(k.as_str()),
            Modifier::Shape { m: mm, n, k } => {
                use std::fmt::Write as _;
                let _ = write!(s, "m{mm}n{n}");
                if *k != 0 {
                    let _ = write!(s, "k{k}");
                }
            }
            Modifier::Unknown(n) => s.push_str(m.names.str(*n)),
        }
    }
    s
}
