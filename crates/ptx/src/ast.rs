//! The typed PTX module: what the parser builds, the validator checks, the printer prints and
//! the executors consume. Every directive and instruction keeps its source [`Span`].

use crate::fxhash::FxHashMap;
use crate::keyword::Kw;
use crate::span::Span;
use crate::types::{Component, Opcode, ScalarType, SpecialReg, StateSpace};

/// An interned identifier (register, variable, label, function or parameter name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(pub u32);

/// The table of every identifier in a module; [`Name`]s index into it.
#[derive(Debug, Clone, Default)]
pub struct Names {
    strings: Vec<Box<str>>,
    /// Names of up to 15 bytes, keyed by their bytes packed into an integer (see [`short_key`]):
    /// nearly every register and label, found without a string comparison.
    short: FxHashMap<u128, Name>,
    /// Longer names (mangled function names, parameters).
    long: FxHashMap<Box<str>, Name>,
}

/// Packs a name of at most 15 bytes into a `u128`: the bytes, then the length in the top byte,
/// so distinct strings get distinct keys.
#[inline]
fn short_key(s: &str) -> Option<u128> {
    let b = s.as_bytes();
    if b.len() > 15 {
        return None;
    }
    let mut buf = [0u8; 16];
    buf[..b.len()].copy_from_slice(b);
    buf[15] = b.len() as u8;
    Some(u128::from_le_bytes(buf))
}

impl Names {
    /// An empty table with room for about `n` names.
    pub fn with_capacity(n: usize) -> Names {
        let mut short = FxHashMap::default();
        short.reserve(n);
        Names { strings: Vec::with_capacity(n), short, long: FxHashMap::default() }
    }

    /// The name for `s`, adding it if new.
    pub fn intern(&mut self, s: &str) -> Name {
        let next = Name(self.strings.len() as u32);
        let n = match short_key(s) {
            Some(k) => *self.short.entry(k).or_insert(next),
            None => match self.long.get(s) {
                Some(&n) => n,
                None => {
                    self.long.insert(s.into(), next);
                    next
                }
            },
        };
        if n == next {
            self.strings.push(s.into());
        }
        n
    }

    /// The name for `s`, if it was interned.
    pub fn get(&self, s: &str) -> Option<Name> {
        match short_key(s) {
            Some(k) => self.short.get(&k).copied(),
            None => self.long.get(s).copied(),
        }
    }

    /// Changes the spelling of `n` (every use of `n` prints the new one). The lookup tables keep
    /// the old spelling, so [`Names::get`] no longer finds `n` by either: for renaming symbols
    /// just before printing (the linker's private-symbol renames).
    pub fn respell(&mut self, n: Name, s: &str) {
        if let Some(slot) = self.strings.get_mut(n.0 as usize) {
            *slot = s.into();
        }
    }

    /// The spelling of `n`.
    pub fn str(&self, n: Name) -> &str {
        &self.strings[n.0 as usize]
    }

    /// How many names there are.
    pub fn len(&self) -> usize {
        self.strings.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }
}

/// A parsed PTX module.
#[derive(Debug, Clone, Default)]
pub struct Module {
    /// `.version major.minor`.
    pub version: Version,
    /// Where the `.version` directive is.
    pub version_span: Span,
    /// `.target`.
    pub target: Target,
    /// `.address_size` (32 or 64; 64 when absent... as ptxas assumes for 64-bit hosts).
    pub address_size: u8,
    /// Where the `.address_size` directive is, if there is one.
    pub address_size_span: Option<Span>,
    /// Module-level directives in source order.
    pub items: Vec<Item>,
    /// Every identifier.
    pub names: Names,
}

/// `.version major.minor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Version {
    /// Major number.
    pub major: u32,
    /// Minor number.
    pub minor: u32,
}

impl Version {
    /// The version as `major * 10 + minor` (PTX minors are single digits), e.g. 90 for 9.0.
    pub fn as_u32(self) -> u32 {
        self.major * 10 + self.minor
    }
}

/// `.target sm_90a, debug, ...`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Target {
    /// The SM number (90 for `sm_90`, `sm_90a`, `compute_90`).
    pub sm: u32,
    /// The spelling of the architecture as written (`sm_90a`).
    pub arch: String,
    /// Every other option (`debug`, `texmode_independent`, `map_f64_to_f32`), in order.
    pub options: Vec<String>,
    /// Where the directive is.
    pub span: Span,
}

/// A module-level directive.
#[derive(Debug, Clone)]
pub enum Item {
    /// A variable in a global state space.
    Var(VarDecl),
    /// A kernel or device function, defined or only declared.
    Func(Box<Function>),
    /// `.file N "name" [, timestamp, size]`.
    File(FileDirective),
    /// `.section name { ... }`, kept as raw text.
    Section(Section),
    /// `.pragma "..."[, "..."];`
    Pragma(Vec<String>, Span),
    /// `.alias alias, aliasee;`
    Alias(Name, Name, Span),
}

/// `.file index "path" [, timestamp, size]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileDirective {
    /// The number `.loc` refers to.
    pub index: u32,
    /// The file name.
    pub path: String,
    /// Optional timestamp and size.
    pub extra: Option<(u64, u64)>,
    /// Where the directive is.
    pub span: Span,
}

/// `.section name { ... }`: debug information, kept verbatim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The section name (`.debug_info`).
    pub name: String,
    /// The text between the braces.
    pub body: String,
    /// Where the directive is.
    pub span: Span,
}

/// External visibility of a symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Linkage {
    /// Visible in this module only.
    #[default]
    Internal,
    /// `.visible`.
    Visible,
    /// `.extern`.
    Extern,
    /// `.weak`.
    Weak,
    /// `.common`.
    Common,
}

/// The type of a variable: a scalar, or a `.v2/.v4/.v8` vector of scalars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VarType {
    /// Vector width, 0 for a scalar.
    pub vector: u8,
    /// Element type.
    pub scalar: ScalarType,
}

impl VarType {
    /// Size in bytes of one element of the variable (the whole vector, for vectors).
    pub fn size(self) -> u32 {
        self.scalar.size() * u32::from(self.vector.max(1))
    }
}

/// A `.attribute(...)` on a variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VarAttr {
    /// `.managed`.
    Managed,
    /// `.unified(hi, lo)`.
    Unified(u64, u64),
}

/// `.ptr [.space] .align N` on a kernel pointer parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PtrAttr {
    /// The state space the pointer points into, if given.
    pub space: Option<StateSpace>,
    /// The pointee alignment.
    pub align: u32,
}

/// A variable declaration: module-level, a function parameter, or in a body.
#[derive(Debug, Clone)]
pub struct VarDecl {
    /// Linkage (module level only).
    pub linkage: Linkage,
    /// State space.
    pub space: StateSpace,
    /// `.attribute(...)`s.
    pub attrs: Vec<VarAttr>,
    /// `.align N`.
    pub align: Option<u32>,
    /// Element type.
    pub ty: VarType,
    /// `.ptr` attribute of a kernel parameter.
    pub ptr: Option<PtrAttr>,
    /// Declared names: one, or several for `.reg .b32 a, b, c;`.
    pub names: Vec<DeclName>,
    /// Initializer (only with a single name).
    pub init: Option<Initializer>,
    /// Where the declaration is.
    pub span: Span,
}

/// One name of a declaration, with its array dimensions or `<N>` register range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclName {
    /// The name (the prefix for a `<N>` range).
    pub name: Name,
    /// Array dimensions; `None` for `[]` (size from the initializer, or unsized extern).
    pub dims: Vec<Option<u64>>,
    /// `%r<N>`: declares `%r0` ... `%r{N-1}`.
    pub range: Option<u32>,
}

/// A variable initializer.
#[derive(Debug, Clone, PartialEq)]
pub enum Initializer {
    /// A constant expression.
    Expr(ConstExpr),
    /// `{ a, b, ... }`, possibly nested.
    List(Vec<Initializer>),
}

/// A constant expression (initializers, array sizes, address offsets).
#[derive(Debug, Clone, PartialEq)]
pub enum ConstExpr {
    /// An integer literal (64-bit, two's complement).
    Int(i64),
    /// An unsigned integer literal (`U` suffix or too large for i64).
    UInt(u64),
    /// `0fXXXXXXXX`.
    F32(u32),
    /// `0dXXXXXXXXXXXXXXXX` or a decimal float literal (always double in PTX).
    F64(u64),
    /// The address of a variable or function.
    Symbol(Name),
    /// `generic(var)`: the generic address of a variable.
    Generic(Name),
    /// A unary operator: `-`, `~`, `!`.
    Unary(UnaryOp, Box<ConstExpr>),
    /// A binary operator.
    Binary(BinaryOp, Box<ConstExpr>, Box<ConstExpr>),
}

/// Unary operators of constant expressions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-`.
    Neg,
    /// `~`.
    Not,
    /// `!`.
    LogicalNot,
}

/// Binary operators of constant expressions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Rem,
    /// `<<`.
    Shl,
    /// `>>`.
    Shr,
    /// `&`.
    And,
    /// `|`.
    Or,
    /// `^`.
    Xor,
}

impl BinaryOp {
    /// The operator's spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::And => "&",
            BinaryOp::Or => "|",
            BinaryOp::Xor => "^",
        }
    }
}

/// Whether a function is a kernel or a device function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FuncKind {
    /// `.entry`: a kernel.
    Entry,
    /// `.func`: a device function.
    Func,
}

/// A performance-tuning or attribute directive of a function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FuncDirective {
    /// `.maxntid x[, y[, z]]`.
    Maxntid(Vec<u32>),
    /// `.reqntid x[, y[, z]]`.
    Reqntid(Vec<u32>),
    /// `.minnctapersm n`.
    Minnctapersm(u32),
    /// `.maxnctapersm n` (deprecated spelling).
    Maxnctapersm(u32),
    /// `.maxnreg n`.
    Maxnreg(u32),
    /// `.reqnctapercluster x[, y[, z]]`.
    Reqnctapercluster(Vec<u32>),
    /// `.explicitcluster`.
    Explicitcluster,
    /// `.maxclusterrank n`.
    Maxclusterrank(u32),
    /// `.blocksareclusters`.
    Blocksareclusters,
    /// `.noreturn`.
    Noreturn,
    /// `.pragma "..."` before the body.
    Pragma(Vec<String>),
    /// `.abi_preserve n` / `.abi_preserve_control n`.
    AbiPreserve(bool, u32),
}

/// A kernel (`.entry`) or device function (`.func`).
#[derive(Debug, Clone)]
pub struct Function {
    /// Linkage.
    pub linkage: Linkage,
    /// Kernel or device function.
    pub kind: FuncKind,
    /// The function's name.
    pub name: Name,
    /// Return parameters (`.func` only).
    pub returns: Vec<VarDecl>,
    /// Parameters.
    pub params: Vec<VarDecl>,
    /// Performance directives and attributes, in order.
    pub directives: Vec<FuncDirective>,
    /// The body; `None` for a declaration (prototype).
    pub body: Option<Vec<Statement>>,
    /// Where the function's header is.
    pub span: Span,
}

/// One statement of a function body. Nested `{ }` blocks are flattened into
/// [`Statement::BlockStart`]/[`Statement::BlockEnd`] pairs, so no depth of nesting needs recursion.
#[derive(Debug, Clone)]
pub enum Statement {
    /// An instruction.
    Instr(Instruction),
    /// `name:`.
    Label(Name, Span),
    /// A declaration (`.reg`, `.local`, `.shared`, `.param`, ...).
    Decl(VarDecl),
    /// `{`.
    BlockStart(Span),
    /// `}`.
    BlockEnd(Span),
    /// `.loc file line col [, extra]`.
    Loc(Loc),
    /// `.pragma "...";`
    Pragma(Vec<String>, Span),
    /// `label: .callprototype (rets) _ (params) [.noreturn];`
    CallPrototype(Box<CallPrototype>),
    /// `label: .branchtargets a, b, ...;`
    BranchTargets(Name, Vec<Name>, Span),
    /// `label: .calltargets f, g, ...;`
    CallTargets(Name, Vec<Name>, Span),
}

/// `.loc file line column [, function_name ..., inlined_at ...]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loc {
    /// Index of a `.file`.
    pub file: u32,
    /// Source line.
    pub line: u32,
    /// Source column.
    pub col: u32,
    /// The text after the column (`, function_name $L__info_string0, inlined_at 1 2 3`), verbatim.
    pub extra: Option<String>,
    /// Where the directive is.
    pub span: Span,
}

/// A call prototype for indirect calls.
#[derive(Debug, Clone)]
pub struct CallPrototype {
    /// The label naming the prototype.
    pub label: Name,
    /// Return parameters.
    pub returns: Vec<VarDecl>,
    /// Parameters.
    pub params: Vec<VarDecl>,
    /// `.noreturn`.
    pub noreturn: bool,
    /// `.abi_preserve n`: the general-purpose registers a call through it preserves (PTX 9.0;
    /// nvcc writes it for `#pragma nv_abi preserve_n_data` at an indirect call).
    pub abi_preserve: Option<u32>,
    /// `.abi_preserve_control n`: the control registers (`#pragma nv_abi preserve_n_control`).
    pub abi_preserve_control: Option<u32>,
    /// Where it is.
    pub span: Span,
}

/// A guard predicate: `@%p` or `@!%p`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guard {
    /// The predicate register.
    pub pred: Name,
    /// `@!`.
    pub negated: bool,
}

/// A dotted modifier of an instruction, in source order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// A known word (`.rn`, `.global`, `.u32`, ...).
    Kw(Kw),
    /// A matrix shape `.mMnNkK` (`k` is 0 for `.m8n8`-style shapes without one).
    Shape {
        /// M.
        m: u16,
        /// N.
        n: u16,
        /// K, 0 when absent.
        k: u16,
    },
    /// A word the front end does not know; the validator reports it.
    Unknown(Name),
}

/// An instruction's modifiers. (An inline small-vector was measured: 12% slower overall,
/// since larger statements cost more to move than the allocations they save.)
pub type Modifiers = Vec<Modifier>;

/// An instruction's operands.
pub type Operands = Vec<Operand>;

/// One PTX instruction.
#[derive(Debug, Clone, PartialEq)]
pub struct Instruction {
    /// `@p` / `@!p`.
    pub guard: Option<Guard>,
    /// The opcode root.
    pub opcode: Opcode,
    /// Dotted modifiers in source order.
    pub mods: Modifiers,
    /// Operands in source order.
    pub operands: Operands,
    /// Where the instruction is (guard through `;`).
    pub span: Span,
}

impl Instruction {
    /// Whether the instruction carries modifier `kw`.
    pub fn has(&self, kw: Kw) -> bool {
        self.mods.contains(&Modifier::Kw(kw))
    }

    /// The known modifier words, in order.
    pub fn kws(&self) -> impl Iterator<Item = Kw> + '_ {
        self.mods.iter().filter_map(|m| match m {
            Modifier::Kw(k) => Some(*k),
            _ => None,
        })
    }

    /// The type modifiers, in order (`cvt.f32.s32` gives `[f32, s32]`).
    pub fn types(&self) -> impl Iterator<Item = ScalarType> + '_ {
        self.kws().filter_map(Kw::as_type)
    }
}

/// An immediate operand.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Imm {
    /// An integer (64-bit two's complement).
    Int(i64),
    /// `0fXXXXXXXX`: f32 bits.
    F32(u32),
    /// `0d...` or a decimal float literal: f64 bits.
    F64(u64),
}

/// A byte (`.b0`..`.b7`) or half-word (`.h0`..`.h3`) selector of a video instruction operand:
/// one to four lane numbers, written most significant first (`.b3210`). Which selectors an
/// instruction takes is the validator's to check (scalar video reads `.b0`..`.b3`, `.h0`,
/// `.h1`; the SIMD forms pick lanes of the pair `{b, a}`, so up to `.h3` and `.b7`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VideoSel {
    /// Half-words (`.h`) rather than bytes (`.b`).
    pub half: bool,
    /// The selected lanes as written, first `count` entries used.
    pub lanes: [u8; 4],
    /// How many lanes are selected (1 to 4).
    pub count: u8,
}

impl VideoSel {
    /// Parses `b0`, `h1`, `b3210`, `h32` (without the dot).
    pub fn parse(word: &str) -> Option<VideoSel> {
        let (half, digits) = match word.as_bytes().first()? {
            b'b' => (false, &word[1..]),
            b'h' => (true, &word[1..]),
            _ => return None,
        };
        let max = if half { b'3' } else { b'7' };
        if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|d| (b'0'..=max).contains(&d)) {
            return None;
        }
        let mut lanes = [0u8; 4];
        for (l, d) in lanes.iter_mut().zip(digits.bytes()) {
            *l = d - b'0';
        }
        Some(VideoSel { half, lanes, count: digits.len() as u8 })
    }
}

impl std::fmt::Display for VideoSel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.half { "h" } else { "b" })?;
        for l in &self.lanes[..usize::from(self.count)] {
            write!(f, "{l}")?;
        }
        Ok(())
    }
}

/// A memory address `[base+offset]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Address {
    /// A register or variable; `None` for an absolute address.
    pub base: Option<Name>,
    /// Byte offset.
    pub offset: i64,
}

/// An instruction operand.
#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    /// A register, variable, label or function name.
    Name(Name),
    /// `name+offset` outside brackets (an address constant).
    NameOffset(Name, i64),
    /// `V.x`: a component of a vector register.
    Component(Name, Component),
    /// `a.b0`, `d.h1`, `a.b3210`: a video instruction's byte or half-word selector.
    Selected(Name, VideoSel),
    /// `a[i]`: an array element.
    Index(Name, i64),
    /// A special register, with its component for `%tid.x`-style registers.
    Sreg(SpecialReg, Option<Component>),
    /// An immediate.
    Imm(Imm),
    /// `{a, b, ...}`.
    Vector(Vec<Operand>),
    /// `[base+offset]`.
    Addr(Address),
    /// `[a, b, ...]`: texture, surface and tensor coordinates.
    AddrList(Vec<Operand>),
    /// `!p`: a negated predicate source.
    Not(Name),
    /// `-a`, `-a.b1`: a negated register source (`vmad`'s operands); the inner operand is a
    /// [`Operand::Name`] or an [`Operand::Selected`].
    Neg(Box<Operand>),
    /// `d|p`: a destination plus a predicate destination (`setp p|q`, `shfl.sync d|p`,
    /// `elect.sync _|p`, `tex {...}|p`). The first part is a name, `_` or a vector.
    Pair(Box<Operand>, Name),
    /// `_`: a discarded result.
    Sink,
    /// `(a, b, ...)`: `call` return and argument lists.
    List(Vec<Operand>),
}

impl Operand {
    /// Calls `f` with each name the operand mentions (registers, variables, labels, functions,
    /// an address's base), in order.
    pub fn for_each_name(&self, f: &mut impl FnMut(Name)) {
        match self {
            Operand::Name(n)
            | Operand::NameOffset(n, _)
            | Operand::Component(n, _)
            | Operand::Selected(n, _)
            | Operand::Index(n, _)
            | Operand::Not(n) => f(*n),
            Operand::Vector(v) | Operand::AddrList(v) | Operand::List(v) => v.iter().for_each(|o| o.for_each_name(f)),
            Operand::Addr(a) => a.base.into_iter().for_each(f),
            Operand::Neg(a) => a.for_each_name(f),
            Operand::Pair(a, n) => {
                a.for_each_name(f);
                f(*n);
            }
            Operand::Sreg(..) | Operand::Imm(_) | Operand::Sink => {}
        }
    }
}
