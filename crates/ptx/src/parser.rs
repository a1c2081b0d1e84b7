//! The PTX parser: tokens in, a typed [`Module`] plus diagnostics out.
//!
//! Recursive descent over the token vector. Errors are collected, not returned early: a bad
//! statement is reported and skipped (to its `;`), so one file yields every error it has.
//! Function bodies are parsed iteratively (nested blocks are flat statements), and the only
//! recursive grammar parts (constant expressions, initializer lists) have depth limits, so no
//! input can overflow the stack.

use crate::ast::*;
use crate::diag::Diagnostic;
use crate::fxhash::FxHashMap;
use crate::keyword::Kw;
use crate::lexer::{self, TokKind, Token};
use crate::span::Span;
use crate::types::{Component, Opcode, ScalarType, SpecialReg, StateSpace};
use std::sync::LazyLock;

/// Deepest nesting of parentheses/operators in a constant expression, and of `{}` in an
/// initializer, before the parser reports an error instead of recursing further.
const MAX_EXPR_DEPTH: u32 = 200;

/// Most operator nodes one constant expression may have.
const MAX_EXPR_NODES: u32 = 1000;

/// The result of parsing: a module (possibly partial) and every diagnostic found.
#[derive(Debug)]
pub struct Parsed {
    /// The module; statements with errors are left out.
    pub module: Module,
    /// Parse errors, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses PTX source text.
pub fn parse(src: &str) -> Parsed {
    let mut p = Parser {
        src,
        toks: lexer::lex(src),
        pos: 0,
        names: Names::with_capacity(src.len() / 256),
        diags: Vec::new(),
        expr_nodes_left: 0,
    };
    let module = p.module();
    Parsed { module, diagnostics: p.diags }
}

/// The most syntax errors reported for one input; parsing stops there.
pub const MAX_ERRORS: usize = 1000;

/// Marker for "an error was reported; recover".
struct Reported;

type PResult<T> = Result<T, Reported>;

struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    names: Names,
    diags: Vec<Diagnostic>,
    expr_nodes_left: u32,
}

fn opcode_lookup(s: &str) -> Option<Opcode> {
    static TABLE: LazyLock<FxHashMap<&'static str, Opcode>> =
        LazyLock::new(|| Opcode::ALL.iter().map(|&o| (o.as_str(), o)).collect());
    TABLE.get(s).copied()
}

fn sreg_lookup(s: &str) -> Option<SpecialReg> {
    static TABLE: LazyLock<FxHashMap<&'static str, SpecialReg>> =
        LazyLock::new(|| SpecialReg::ALL.iter().map(|&o| (o.as_str(), o)).collect());
    TABLE.get(s).copied()
}

/// Parses `m16n8k16`-style shape words.
fn parse_shape(w: &str) -> Option<Modifier> {
    let rest = w.strip_prefix('m')?;
    let npos = rest.find('n')?;
    let m: u16 = rest[..npos].parse().ok()?;
    let rest = &rest[npos + 1..];
    let (n, k) = match rest.find('k') {
        Some(kpos) => (rest[..kpos].parse().ok()?, rest[kpos + 1..].parse().ok()?),
        None => (rest.parse().ok()?, 0),
    };
    if k == 0 && rest.contains('k') {
        return None;
    }
    Some(Modifier::Shape { m, n, k })
}

fn describe(kind: TokKind, text: &str) -> String {
    match kind {
        TokKind::Eof => "end of file".to_string(),
        TokKind::Error => format!("invalid character `{}`", text.escape_default()),
        _ => format!("`{}`", if text.len() > 40 { &text[..text.floor_char_boundary(40)] } else { text }),
    }
}

impl<'a> Parser<'a> {
    // ---- token access -------------------------------------------------------------------

    fn peek(&self) -> Token {
        self.toks[self.pos]
    }

    fn peek_at(&self, k: usize) -> Token {
        self.toks[(self.pos + k).min(self.toks.len() - 1)]
    }

    fn text(&self, t: Token) -> &'a str {
        &self.src[t.span.start as usize..t.span.end as usize]
    }

    fn bump(&mut self) -> Token {
        let t = self.toks[self.pos];
        if t.kind != TokKind::Eof {
            self.pos += 1;
        }
        t
    }

    fn prev_span(&self) -> Span {
        self.toks[self.pos.saturating_sub(1)].span
    }

    fn is_punct(&self, c: u8) -> bool {
        self.peek().kind == TokKind::Punct(c)
    }

    fn eat_punct(&mut self, c: u8) -> bool {
        if self.is_punct(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn is_dot(&self, word: &str) -> bool {
        let t = self.peek();
        t.kind == TokKind::DotWord && self.text(t) == word
    }

    fn eat_dot(&mut self, word: &str) -> bool {
        if self.is_dot(word) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Whether token `t` directly follows the previous token (no whitespace between).
    fn adjacent(&self, t: Token) -> bool {
        self.pos > 0 && self.toks[self.pos - 1].span.end == t.span.start
    }

    /// Reports an error. After [`MAX_ERRORS`] the rest of the input is skipped (one more
    /// diagnostic says so), so garbage input costs diagnostics in proportion to what is
    /// reported, not to its size.
    fn error<T>(&mut self, span: Span, msg: impl Into<String>) -> PResult<T> {
        if self.diags.len() < MAX_ERRORS {
            self.diags.push(Diagnostic::error(span, msg));
            if self.diags.len() == MAX_ERRORS {
                self.diags
                    .push(Diagnostic::error(span, format!("too many errors ({MAX_ERRORS}): parsing stopped here")));
                self.pos = self.toks.len() - 1;
            }
        }
        Err(Reported)
    }

    fn unexpected<T>(&mut self, what: &str) -> PResult<T> {
        let t = self.peek();
        let found = describe(t.kind, self.text(t));
        self.error(t.span, format!("expected {what}, found {found}"))
    }

    fn expect_punct(&mut self, c: u8, context: &str) -> PResult<Span> {
        if self.is_punct(c) { Ok(self.bump().span) } else { self.unexpected(&format!("`{}` {context}", c as char)) }
    }

    fn expect_ident(&mut self, what: &str) -> PResult<(Name, Span)> {
        let t = self.peek();
        if t.kind == TokKind::Ident {
            self.pos += 1;
            Ok((self.names.intern(self.text(t)), t.span))
        } else {
            self.unexpected(what)
        }
    }

    fn expect_u64(&mut self, what: &str) -> PResult<u64> {
        let t = self.peek();
        if t.kind != TokKind::Int {
            return self.unexpected(what);
        }
        self.pos += 1;
        match lexer::int_value(self.text(t)) {
            Ok((v, _)) => Ok(v),
            Err(e) => self.error(t.span, e),
        }
    }

    fn expect_u32(&mut self, what: &str) -> PResult<u32> {
        let span = self.peek().span;
        let v = self.expect_u64(what)?;
        u32::try_from(v).or_else(|_| self.error(span, format!("{what} {v} is too large")))
    }

    fn expect_string(&mut self, what: &str) -> PResult<String> {
        let t = self.peek();
        if t.kind != TokKind::Str {
            return self.unexpected(what);
        }
        self.pos += 1;
        Ok(lexer::string_value(self.text(t)))
    }

    /// Skips to just past the next `;` at this brace level, or to (not past) a `{`/`}`.
    fn recover_statement(&mut self) {
        loop {
            match self.peek().kind {
                TokKind::Eof | TokKind::Punct(b'{') | TokKind::Punct(b'}') => return,
                TokKind::Punct(b';') => {
                    self.pos += 1;
                    return;
                }
                _ => self.pos += 1,
            }
        }
    }

    /// Skips a broken module-level directive: to past a `;` or a balanced `{...}` at depth 0,
    /// or to the next token that starts a module-level directive.
    fn recover_top(&mut self) {
        let mut depth = 0u32;
        loop {
            let t = self.peek();
            match t.kind {
                TokKind::Eof => return,
                TokKind::Punct(b'{') => depth += 1,
                TokKind::Punct(b'}') => {
                    if depth <= 1 {
                        self.pos += 1;
                        return;
                    }
                    depth -= 1;
                }
                TokKind::Punct(b';') if depth == 0 => {
                    self.pos += 1;
                    return;
                }
                TokKind::DotWord if depth == 0 && is_top_level_start(self.text(t)) => return,
                _ => {}
            }
            self.pos += 1;
        }
    }

    // ---- module --------------------------------------------------------------------------

    fn module(&mut self) -> Module {
        let mut m = Module { address_size: 64, ..Module::default() };
        let mut seen_version = false;
        loop {
            let t = self.peek();
            let r = match t.kind {
                TokKind::Eof => break,
                TokKind::DotWord => {
                    let start = self.pos;
                    let r = self.top_directive(&mut m, &mut seen_version);
                    if r.is_err() && self.pos == start {
                        self.pos += 1;
                    }
                    r
                }
                _ => self.unexpected("a directive such as `.entry`, `.func` or `.global`"),
            };
            if r.is_err() {
                self.recover_top();
            }
        }
        if self.diags.is_empty() {
            if !seen_version {
                self.diags.push(Diagnostic::error(Span::new(0, 0), "missing `.version` directive"));
            } else if m.target.arch.is_empty() {
                self.diags.push(Diagnostic::error(m.version_span, "missing `.target` directive after `.version`"));
            }
        }
        m.names = std::mem::take(&mut self.names);
        m
    }

    fn top_directive(&mut self, m: &mut Module, seen_version: &mut bool) -> PResult<()> {
        let t = self.peek();
        match self.text(t) {
            ".version" => {
                self.bump();
                let v = self.peek();
                let text = self.text(v);
                let parsed = if matches!(v.kind, TokKind::Float | TokKind::Int) {
                    let (a, b) = text.split_once('.').unwrap_or((text, "0"));
                    a.parse::<u32>().ok().zip(b.parse::<u32>().ok())
                } else {
                    None
                };
                match parsed {
                    Some((major, minor)) => {
                        self.bump();
                        m.version = Version { major, minor };
                        m.version_span = t.span.to(v.span);
                        *seen_version = true;
                        Ok(())
                    }
                    None => self.unexpected("a version number such as `9.0`"),
                }
            }
            ".target" => {
                self.bump();
                let start = t.span;
                let (arch, _) = self.expect_ident("a target architecture such as `sm_90`")?;
                let arch = self.names.str(arch).to_string();
                let digits: String = arch
                    .trim_start_matches("sm_")
                    .trim_start_matches("compute_")
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                let Ok(sm) = digits.parse() else {
                    return self.error(self.prev_span(), format!("unknown target architecture `{arch}`"));
                };
                let mut options = Vec::new();
                while self.eat_punct(b',') {
                    let (o, _) = self.expect_ident("a target option")?;
                    options.push(self.names.str(o).to_string());
                }
                m.target = Target { sm, arch, options, span: start.to(self.prev_span()) };
                Ok(())
            }
            ".address_size" => {
                let start = self.peek().span;
                self.bump();
                let span = self.peek().span;
                let v = self.expect_u64("32 or 64")?;
                if v != 32 && v != 64 {
                    return self.error(span, format!("`.address_size` must be 32 or 64, not {v}"));
                }
                m.address_size = v as u8;
                m.address_size_span = Some(start.to(self.prev_span()));
                Ok(())
            }
            ".file" => {
                self.bump();
                let index = self.expect_u32("a file number")?;
                let path = self.expect_string("a file name string")?;
                let mut extra = None;
                if self.eat_punct(b',') {
                    let ts = self.expect_u64("a timestamp")?;
                    self.expect_punct(b',', "between timestamp and size")?;
                    let size = self.expect_u64("a file size")?;
                    extra = Some((ts, size));
                }
                m.items.push(Item::File(FileDirective { index, path, extra, span: t.span.to(self.prev_span()) }));
                Ok(())
            }
            ".section" => {
                self.bump();
                let name_tok = self.peek();
                if !matches!(name_tok.kind, TokKind::DotWord | TokKind::Ident) {
                    return self.unexpected("a section name");
                }
                self.bump();
                let open = self.expect_punct(b'{', "to open the section")?;
                let mut depth = 1u32;
                let close = loop {
                    let t = self.bump();
                    match t.kind {
                        TokKind::Eof => return self.error(open, "unterminated `.section` (no closing `}`)"),
                        TokKind::Punct(b'{') => depth += 1,
                        TokKind::Punct(b'}') => {
                            depth -= 1;
                            if depth == 0 {
                                break t.span;
                            }
                        }
                        _ => {}
                    }
                };
                let body = self.src[open.end as usize..close.start as usize].to_string();
                let name = self.text(name_tok).to_string();
                m.items.push(Item::Section(Section { name, body, span: t.span.to(close) }));
                Ok(())
            }
            ".pragma" => {
                self.bump();
                let strings = self.pragma_strings()?;
                m.items.push(Item::Pragma(strings, t.span.to(self.prev_span())));
                Ok(())
            }
            ".alias" => {
                self.bump();
                let (a, _) = self.expect_ident("an alias name")?;
                self.expect_punct(b',', "between alias and aliasee")?;
                let (b, _) = self.expect_ident("the aliased function")?;
                self.expect_punct(b';', "after `.alias`")?;
                m.items.push(Item::Alias(a, b, t.span.to(self.prev_span())));
                Ok(())
            }
            _ => {
                let linkage = self.linkage();
                if self.is_dot(".entry") || self.is_dot(".func") {
                    let f = self.function(linkage)?;
                    m.items.push(Item::Func(Box::new(f)));
                    Ok(())
                } else if self.is_var_space() {
                    let d = self.var_decl(linkage, true)?;
                    self.expect_punct(b';', "after the declaration")?;
                    m.items.push(Item::Var(d));
                    Ok(())
                } else {
                    self.unexpected("a module-level directive")
                }
            }
        }
    }

    fn pragma_strings(&mut self) -> PResult<Vec<String>> {
        let mut v = vec![self.expect_string("a pragma string")?];
        while self.eat_punct(b',') {
            v.push(self.expect_string("a pragma string")?);
        }
        self.expect_punct(b';', "after `.pragma`")?;
        Ok(v)
    }

    fn linkage(&mut self) -> Linkage {
        let l = match self.text(self.peek()) {
            ".visible" => Linkage::Visible,
            ".extern" => Linkage::Extern,
            ".weak" => Linkage::Weak,
            ".common" => Linkage::Common,
            _ => return Linkage::Internal,
        };
        self.bump();
        l
    }

    fn is_var_space(&self) -> bool {
        let t = self.peek();
        t.kind == TokKind::DotWord
            && matches!(
                self.text(t),
                ".global" | ".const" | ".shared" | ".local" | ".param" | ".reg" | ".tex" | ".sreg"
            )
    }

    // ---- declarations ----------------------------------------------------------------------

    /// `space attrs* type name[dims] [= init]`, without the trailing `;`.
    fn var_decl(&mut self, linkage: Linkage, allow_init: bool) -> PResult<VarDecl> {
        let start = self.peek().span;
        let st = self.bump();
        let space_word = &self.text(st)[1..];
        let Some(space) = StateSpace::from_ptx(space_word) else {
            return self.error(st.span, format!("expected a state space, found `{}`", self.text(st)));
        };
        // `.const[2]`: an old-style constant bank number; only bank 0 exists now.
        if space == StateSpace::Const && self.is_punct(b'[') {
            self.bump();
            self.expect_u64("a constant bank number")?;
            self.expect_punct(b']', "after the constant bank")?;
        }
        let mut attrs = Vec::new();
        let mut align = None;
        let mut vector = 0u8;
        let mut scalar = None;
        let mut ptr = None;
        loop {
            let t = self.peek();
            if t.kind != TokKind::DotWord {
                break;
            }
            let w = self.text(t);
            match w {
                ".align" => {
                    self.bump();
                    let span = self.peek().span;
                    let a = self.expect_u32("an alignment")?;
                    if !a.is_power_of_two() {
                        return self.error(span, format!("alignment {a} is not a power of two"));
                    }
                    align = Some(a);
                }
                ".attribute" => {
                    self.bump();
                    self.expect_punct(b'(', "after `.attribute`")?;
                    loop {
                        let a = self.peek();
                        match self.text(a) {
                            ".managed" => {
                                self.bump();
                                attrs.push(VarAttr::Managed);
                            }
                            ".unified" => {
                                self.bump();
                                self.expect_punct(b'(', "after `.unified`")?;
                                let hi = self.expect_u64("a UUID half")?;
                                self.expect_punct(b',', "between the UUID halves")?;
                                let lo = self.expect_u64("a UUID half")?;
                                self.expect_punct(b')', "after the UUID")?;
                                attrs.push(VarAttr::Unified(hi, lo));
                            }
                            _ => return self.unexpected("`.managed` or `.unified(...)`"),
                        }
                        if !self.eat_punct(b',') {
                            break;
                        }
                    }
                    self.expect_punct(b')', "to close `.attribute(`")?;
                }
                ".ptr" => {
                    self.bump();
                    let mut pspace = None;
                    if let Some(s) = self.peek_space() {
                        self.bump();
                        pspace = Some(s);
                    }
                    let mut palign = 1;
                    if self.eat_dot(".align") {
                        palign = self.expect_u32("an alignment")?;
                    }
                    ptr = Some(PtrAttr { space: pspace, align: palign });
                }
                ".v2" | ".v4" | ".v8" => {
                    self.bump();
                    vector = w[2..].parse().unwrap_or(0);
                }
                _ => match ScalarType::from_ptx(&w[1..]) {
                    Some(ty) if scalar.is_none() => {
                        self.bump();
                        scalar = Some(ty);
                    }
                    _ => break,
                },
            }
        }
        let Some(scalar) = scalar else {
            return self.unexpected("a type such as `.b32` or `.u64`");
        };
        let mut names = Vec::new();
        loop {
            let (name, _) = self.expect_ident("a variable name")?;
            let mut range = None;
            if self.is_punct(b'<') {
                self.bump();
                let span = self.peek().span;
                let n = self.expect_u32("a register count")?;
                if n > 1 << 24 {
                    return self.error(span, format!("register range <{n}> is too large"));
                }
                self.expect_punct(b'>', "to close the register range")?;
                range = Some(n);
            }
            let mut dims = Vec::new();
            while self.eat_punct(b'[') {
                if self.eat_punct(b']') {
                    dims.push(None);
                    continue;
                }
                let span = self.peek().span;
                let e = self.const_expr(0)?;
                let Some(n) = eval_int(&e).and_then(|v| u64::try_from(v).ok()) else {
                    return self.error(span.to(self.prev_span()), "array size must be a non-negative integer constant");
                };
                self.expect_punct(b']', "to close the array size")?;
                dims.push(Some(n));
            }
            names.push(DeclName { name, dims, range });
            if !self.is_punct(b',')
                || !matches!(self.peek_at(1).kind, TokKind::Ident)
                || !allow_init && space == StateSpace::Param
            {
                break;
            }
            self.bump();
        }
        let mut init = None;
        if self.is_punct(b'=') {
            let eq = self.bump().span;
            if !allow_init {
                return self.error(eq, "initializers are not allowed here");
            }
            init = Some(self.initializer(0)?);
        }
        Ok(VarDecl {
            linkage,
            space,
            attrs,
            align,
            ty: VarType { vector, scalar },
            ptr,
            names,
            init,
            span: start.to(self.prev_span()),
        })
    }

    fn peek_space(&self) -> Option<StateSpace> {
        let t = self.peek();
        if t.kind != TokKind::DotWord {
            return None;
        }
        StateSpace::from_ptx(&self.text(t)[1..])
    }

    fn initializer(&mut self, depth: u32) -> PResult<Initializer> {
        if depth > MAX_EXPR_DEPTH {
            let s = self.peek().span;
            return self.error(s, "initializer nested too deeply");
        }
        if self.eat_punct(b'{') {
            let mut items = Vec::new();
            if !self.is_punct(b'}') {
                loop {
                    items.push(self.initializer(depth + 1)?);
                    if !self.eat_punct(b',') {
                        break;
                    }
                }
            }
            self.expect_punct(b'}', "to close the initializer list")?;
            Ok(Initializer::List(items))
        } else {
            Ok(Initializer::Expr(self.const_expr(depth)?))
        }
    }

    /// A constant expression with C precedence: `| ^ & << >> + - * / %`, unary `- ~ !`.
    fn const_expr(&mut self, depth: u32) -> PResult<ConstExpr> {
        self.expr_nodes_left = MAX_EXPR_NODES;
        self.binary_expr(0, depth)
    }

    /// Counts one more operator node of the current expression against [`MAX_EXPR_NODES`],
    /// which bounds the depth of every expression tree (and so of its recursive drop).
    fn take_expr_node(&mut self, span: Span) -> PResult<()> {
        if self.expr_nodes_left == 0 {
            return self.error(span, "constant expression is too long");
        }
        self.expr_nodes_left -= 1;
        Ok(())
    }

    fn binary_expr(&mut self, level: u8, depth: u32) -> PResult<ConstExpr> {
        const LEVELS: u8 = 6;
        if level == LEVELS {
            return self.unary_expr(depth);
        }
        let mut lhs = self.binary_expr(level + 1, depth)?;
        loop {
            let t = self.peek();
            let op = match (level, t.kind) {
                (0, TokKind::Punct(b'|')) => BinaryOp::Or,
                (1, TokKind::Punct(b'^')) => BinaryOp::Xor,
                (2, TokKind::Punct(b'&')) => BinaryOp::And,
                (3, TokKind::Shl) => BinaryOp::Shl,
                (3, TokKind::Shr) => BinaryOp::Shr,
                (4, TokKind::Punct(b'+')) => BinaryOp::Add,
                (4, TokKind::Punct(b'-')) => BinaryOp::Sub,
                (5, TokKind::Punct(b'*')) => BinaryOp::Mul,
                (5, TokKind::Punct(b'/')) => BinaryOp::Div,
                _ => break,
            };
            let op_span = self.bump().span;
            let rhs = self.binary_expr(level + 1, depth)?;
            lhs = ConstExpr::Binary(op, Box::new(lhs), Box::new(rhs));
            // Fold literal arithmetic as we go, so long chains of literals stay one node.
            if let Some(v) = eval_int(&lhs) {
                lhs = ConstExpr::Int(v);
            } else {
                self.take_expr_node(op_span)?;
            }
        }
        Ok(lhs)
    }

    fn unary_expr(&mut self, depth: u32) -> PResult<ConstExpr> {
        if depth > MAX_EXPR_DEPTH {
            let s = self.peek().span;
            return self.error(s, "constant expression nested too deeply");
        }
        let t = self.peek();
        let op = match t.kind {
            TokKind::Punct(b'-') => Some(UnaryOp::Neg),
            TokKind::Punct(b'~') => Some(UnaryOp::Not),
            TokKind::Punct(b'!') => Some(UnaryOp::LogicalNot),
            TokKind::Punct(b'+') => {
                self.bump();
                return self.unary_expr(depth + 1);
            }
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            let e = self.unary_expr(depth + 1)?;
            self.take_expr_node(t.span)?;
            // Fold negated literals so `-1` stays a literal.
            return Ok(match (op, e) {
                (UnaryOp::Neg, ConstExpr::Int(v)) => ConstExpr::Int(v.wrapping_neg()),
                (UnaryOp::Neg, ConstExpr::UInt(v)) => ConstExpr::Int((v as i64).wrapping_neg()),
                (UnaryOp::Neg, ConstExpr::F32(b)) => ConstExpr::F32(b ^ 0x8000_0000),
                (UnaryOp::Neg, ConstExpr::F64(b)) => ConstExpr::F64(b ^ (1 << 63)),
                (op, e) => ConstExpr::Unary(op, Box::new(e)),
            });
        }
        match t.kind {
            TokKind::Int => {
                self.bump();
                match lexer::int_value(self.text(t)) {
                    Ok((v, unsigned)) => {
                        Ok(if unsigned || v > i64::MAX as u64 { ConstExpr::UInt(v) } else { ConstExpr::Int(v as i64) })
                    }
                    Err(e) => self.error(t.span, e),
                }
            }
            TokKind::Float => {
                self.bump();
                match lexer::float_value(self.text(t)) {
                    Ok((true, bits)) => Ok(ConstExpr::F32(bits as u32)),
                    Ok((false, bits)) => Ok(ConstExpr::F64(bits)),
                    Err(e) => self.error(t.span, e),
                }
            }
            TokKind::Punct(b'(') => {
                self.bump();
                let e = self.binary_expr(0, depth + 1)?;
                self.expect_punct(b')', "to close the parenthesis")?;
                Ok(e)
            }
            TokKind::Ident if self.text(t) == "generic" && self.peek_at(1).kind == TokKind::Punct(b'(') => {
                self.bump();
                self.bump();
                let (n, _) = self.expect_ident("a variable name")?;
                self.expect_punct(b')', "to close `generic(`")?;
                Ok(ConstExpr::Generic(n))
            }
            TokKind::Ident | TokKind::DotWord => {
                // Debug sections refer to other sections (`.debug_abbrev`) as symbols.
                self.bump();
                Ok(ConstExpr::Symbol(self.names.intern(self.text(t))))
            }
            _ => self.unexpected("a constant"),
        }
    }

    // ---- functions -------------------------------------------------------------------------

    fn function(&mut self, linkage: Linkage) -> PResult<Function> {
        let kw = self.bump();
        let kind = if self.text(kw) == ".entry" { FuncKind::Entry } else { FuncKind::Func };
        let mut returns = Vec::new();
        if kind == FuncKind::Func && self.is_punct(b'(') {
            returns = self.param_list()?;
        }
        let (name, _) = self.expect_ident("a function name")?;
        let mut params = Vec::new();
        if self.is_punct(b'(') {
            params = self.param_list()?;
        }
        let header = kw.span.to(self.prev_span());
        let mut directives = Vec::new();
        loop {
            let t = self.peek();
            if t.kind != TokKind::DotWord {
                break;
            }
            let d = match self.text(t) {
                ".maxntid" => {
                    self.bump();
                    FuncDirective::Maxntid(self.dims()?)
                }
                ".reqntid" => {
                    self.bump();
                    FuncDirective::Reqntid(self.dims()?)
                }
                ".reqnctapercluster" => {
                    self.bump();
                    FuncDirective::Reqnctapercluster(self.dims()?)
                }
                ".minnctapersm" => {
                    self.bump();
                    FuncDirective::Minnctapersm(self.expect_u32("a block count")?)
                }
                ".maxnctapersm" => {
                    self.bump();
                    FuncDirective::Maxnctapersm(self.expect_u32("a block count")?)
                }
                ".maxnreg" => {
                    self.bump();
                    FuncDirective::Maxnreg(self.expect_u32("a register count")?)
                }
                ".maxclusterrank" => {
                    self.bump();
                    FuncDirective::Maxclusterrank(self.expect_u32("a cluster size")?)
                }
                ".explicitcluster" => {
                    self.bump();
                    FuncDirective::Explicitcluster
                }
                ".blocksareclusters" => {
                    self.bump();
                    FuncDirective::Blocksareclusters
                }
                ".noreturn" => {
                    self.bump();
                    FuncDirective::Noreturn
                }
                ".abi_preserve" | ".abi_preserve_control" => {
                    let control = self.text(t) == ".abi_preserve_control";
                    self.bump();
                    FuncDirective::AbiPreserve(control, self.expect_u32("a register count")?)
                }
                ".pragma" => {
                    self.bump();
                    FuncDirective::Pragma(self.pragma_strings()?)
                }
                _ => break,
            };
            directives.push(d);
        }
        let body = if self.eat_punct(b';') {
            None
        } else if self.is_punct(b'{') {
            Some(self.body())
        } else {
            return self.unexpected("`{` or `;` after the function header");
        };
        Ok(Function { linkage, kind, name, returns, params, directives, body, span: header })
    }

    fn dims(&mut self) -> PResult<Vec<u32>> {
        let mut v = vec![self.expect_u32("a dimension")?];
        while v.len() < 3 && self.eat_punct(b',') {
            v.push(self.expect_u32("a dimension")?);
        }
        Ok(v)
    }

    /// `( decl, decl, ... )` of a function header or call prototype.
    fn param_list(&mut self) -> PResult<Vec<VarDecl>> {
        self.expect_punct(b'(', "to open the parameter list")?;
        let mut v = Vec::new();
        if !self.is_punct(b')') {
            loop {
                if !self.is_var_space() {
                    return self.unexpected("a parameter declaration (`.param` or `.reg`)");
                }
                v.push(self.var_decl(Linkage::Internal, false)?);
                if !self.eat_punct(b',') {
                    break;
                }
            }
        }
        self.expect_punct(b')', "to close the parameter list")?;
        Ok(v)
    }

    /// A function body from its `{` to the matching `}`; never fails as a whole: broken
    /// statements are reported and skipped.
    fn body(&mut self) -> Vec<Statement> {
        let open = self.bump().span;
        let mut stmts = Vec::with_capacity(64);
        let mut depth = 1usize;
        loop {
            let t = self.peek();
            match t.kind {
                TokKind::Eof => {
                    let _ = self.error::<()>(open, "function body is not closed (missing `}`)");
                    break;
                }
                TokKind::Punct(b'}') => {
                    self.bump();
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                    stmts.push(Statement::BlockEnd(t.span));
                    continue;
                }
                TokKind::Punct(b'{') => {
                    self.bump();
                    depth += 1;
                    stmts.push(Statement::BlockStart(t.span));
                    continue;
                }
                _ => {}
            }
            let start = self.pos;
            if self.statement(&mut stmts).is_err() {
                if self.pos == start {
                    self.pos += 1;
                }
                self.recover_statement();
            }
        }
        stmts
    }

    fn statement(&mut self, out: &mut Vec<Statement>) -> PResult<()> {
        let t = self.peek();
        match t.kind {
            TokKind::DotWord => match self.text(t) {
                ".loc" => {
                    let l = self.loc()?;
                    out.push(Statement::Loc(l));
                    Ok(())
                }
                ".pragma" => {
                    self.bump();
                    let s = self.pragma_strings()?;
                    out.push(Statement::Pragma(s, t.span.to(self.prev_span())));
                    Ok(())
                }
                _ if self.is_var_space() => {
                    let d = self.var_decl(Linkage::Internal, true)?;
                    self.expect_punct(b';', "after the declaration")?;
                    out.push(Statement::Decl(d));
                    Ok(())
                }
                ".extern" | ".visible" | ".weak" => {
                    let l = self.linkage();
                    if !self.is_var_space() {
                        return self.unexpected("a declaration");
                    }
                    let d = self.var_decl(l, true)?;
                    self.expect_punct(b';', "after the declaration")?;
                    out.push(Statement::Decl(d));
                    Ok(())
                }
                w => self.error(t.span, format!("unexpected directive `{w}` in a function body")),
            },
            TokKind::Ident if self.peek_at(1).kind == TokKind::Punct(b':') => {
                let (label, span) = self.expect_ident("a label")?;
                self.bump();
                let next = self.peek();
                match (next.kind, self.text(next)) {
                    (TokKind::DotWord, ".callprototype") => {
                        self.bump();
                        let returns = if self.is_punct(b'(') { self.param_list()? } else { Vec::new() };
                        let (_, us) = self.expect_ident("`_` (the prototype's placeholder name)")?;
                        if self.text(self.toks[self.pos - 1]) != "_" {
                            return self.error(us, "a call prototype's name must be `_`");
                        }
                        let params = if self.is_punct(b'(') { self.param_list()? } else { Vec::new() };
                        let noreturn = self.eat_dot(".noreturn");
                        // `{.abi_preserve N} {.abi_preserve_control N}`, in that order.
                        let abi_preserve = if self.eat_dot(".abi_preserve") {
                            Some(self.expect_u32("a register count")?)
                        } else {
                            None
                        };
                        let abi_preserve_control = if self.eat_dot(".abi_preserve_control") {
                            Some(self.expect_u32("a register count")?)
                        } else {
                            None
                        };
                        self.expect_punct(b';', "after the call prototype")?;
                        out.push(Statement::CallPrototype(Box::new(CallPrototype {
                            label,
                            returns,
                            params,
                            noreturn,
                            abi_preserve,
                            abi_preserve_control,
                            span: span.to(self.prev_span()),
                        })));
                    }
                    (TokKind::DotWord, ".branchtargets" | ".calltargets") => {
                        self.bump();
                        let mut targets = vec![self.expect_ident("a label")?.0];
                        while self.eat_punct(b',') {
                            targets.push(self.expect_ident("a label")?.0);
                        }
                        self.expect_punct(b';', "after the target list")?;
                        let sp = span.to(self.prev_span());
                        out.push(if self.text(next) == ".branchtargets" {
                            Statement::BranchTargets(label, targets, sp)
                        } else {
                            Statement::CallTargets(label, targets, sp)
                        });
                    }
                    _ => out.push(Statement::Label(label, span)),
                }
                Ok(())
            }
            TokKind::Ident | TokKind::Punct(b'@') => {
                let i = self.instruction()?;
                out.push(Statement::Instr(i));
                Ok(())
            }
            _ => self.unexpected("an instruction, label or declaration"),
        }
    }

    fn loc(&mut self) -> PResult<Loc> {
        let start = self.bump().span;
        let file = self.expect_u32("a file number")?;
        let line = self.expect_u32("a line number")?;
        let col = self.expect_u32("a column number")?;
        let mut extra = None;
        if self.is_punct(b',') {
            // `, function_name label, inlined_at f l c`: kept verbatim to the end of the line.
            let from = self.peek().span.start as usize;
            let eol = self.src[from..].find('\n').map_or(self.src.len(), |i| from + i);
            while self.peek().kind != TokKind::Eof && (self.peek().span.start as usize) < eol {
                self.bump();
            }
            let end = self.prev_span().end as usize;
            extra = Some(self.src[from..end].to_string());
        }
        Ok(Loc { file, line, col, extra, span: start.to(self.prev_span()) })
    }

    fn instruction(&mut self) -> PResult<Instruction> {
        let start = self.peek().span;
        let mut guard = None;
        if self.eat_punct(b'@') {
            let negated = self.eat_punct(b'!');
            let (pred, _) = self.expect_ident("a predicate register after `@`")?;
            guard = Some(Guard { pred, negated });
        }
        let t = self.peek();
        if t.kind != TokKind::Ident {
            return self.unexpected("an instruction");
        }
        self.bump();
        let Some(opcode) = opcode_lookup(self.text(t)) else {
            return self.error(t.span, format!("unknown instruction `{}`", self.text(t)));
        };
        let mut mods = Modifiers::new();
        while self.peek().kind == TokKind::DotWord {
            let m = self.bump();
            let w = &self.text(m)[1..];
            let modifier = match Kw::lookup(w) {
                Some(k) => Modifier::Kw(k),
                None => parse_shape(w).unwrap_or_else(|| Modifier::Unknown(self.names.intern(w))),
            };
            mods.push(modifier);
        }
        let mut operands = Operands::new();
        if !self.is_punct(b';') {
            loop {
                operands.push(self.operand(0)?);
                if !self.eat_punct(b',') {
                    break;
                }
            }
        }
        if !self.is_punct(b';') {
            // Point just past the instruction, not at the next line's first token.
            let end = self.prev_span().end;
            let t = self.peek();
            let found = describe(t.kind, self.text(t));
            return self
                .error(Span::new(end, end), format!("expected `;` at the end of the instruction, found {found}"));
        }
        self.bump();
        Ok(Instruction { guard, opcode, mods, operands, span: start.to(self.prev_span()) })
    }

    /// An operand, possibly `first|pred` (a result plus a predicate result).
    fn operand(&mut self, depth: u32) -> PResult<Operand> {
        let first = self.operand_primary(depth)?;
        if self.is_punct(b'|') && matches!(first, Operand::Name(_) | Operand::Sink | Operand::Vector(_)) {
            self.bump();
            let (q, _) = self.expect_ident("a predicate after `|`")?;
            return Ok(Operand::Pair(Box::new(first), q));
        }
        Ok(first)
    }

    fn operand_primary(&mut self, depth: u32) -> PResult<Operand> {
        let t = self.peek();
        if depth > 2 {
            return self.error(t.span, "operand lists nested too deeply");
        }
        match t.kind {
            TokKind::Punct(b'{') => {
                self.bump();
                let items = self.operand_list(b'}', depth)?;
                Ok(Operand::Vector(items))
            }
            TokKind::Punct(b'(') => {
                self.bump();
                let items = self.operand_list(b')', depth)?;
                Ok(Operand::List(items))
            }
            TokKind::Punct(b'[') => {
                self.bump();
                self.address(depth)
            }
            TokKind::Punct(b'!') => {
                self.bump();
                let (n, _) = self.expect_ident("a predicate register after `!`")?;
                Ok(Operand::Not(n))
            }
            // `-a`: a negated register (a constant expression names no register).
            TokKind::Punct(b'-') if self.peek_at(1).kind == TokKind::Ident => {
                self.bump();
                match self.operand_primary(depth + 1)? {
                    inner @ (Operand::Name(_) | Operand::Selected(..)) => Ok(Operand::Neg(Box::new(inner))),
                    _ => self.error(t.span, "expected a register after `-`"),
                }
            }
            // Fast path: a lone literal (the overwhelmingly common immediate).
            TokKind::Int | TokKind::Float
                if matches!(self.peek_at(1).kind, TokKind::Punct(b',' | b';' | b'}' | b']' | b')')) =>
            {
                self.bump();
                let text = self.text(t);
                let imm = if t.kind == TokKind::Int {
                    lexer::int_value(text).map(|(v, _)| Imm::Int(v as i64))
                } else {
                    lexer::float_value(text).map(|(f32, bits)| if f32 { Imm::F32(bits as u32) } else { Imm::F64(bits) })
                };
                match imm {
                    Ok(i) => Ok(Operand::Imm(i)),
                    Err(e) => self.error(t.span, e),
                }
            }
            TokKind::Punct(b'-') | TokKind::Int | TokKind::Float | TokKind::Punct(b'~') => {
                let span = t.span;
                let e = self.const_expr(0)?;
                match e {
                    ConstExpr::Int(v) => Ok(Operand::Imm(Imm::Int(v))),
                    ConstExpr::UInt(v) => Ok(Operand::Imm(Imm::Int(v as i64))),
                    ConstExpr::F32(b) => Ok(Operand::Imm(Imm::F32(b))),
                    ConstExpr::F64(b) => Ok(Operand::Imm(Imm::F64(b))),
                    e => match eval_int(&e) {
                        Some(v) => Ok(Operand::Imm(Imm::Int(v))),
                        None => self.error(span.to(self.prev_span()), "expected a constant operand"),
                    },
                }
            }
            TokKind::Ident => {
                self.bump();
                let text = self.text(t);
                if text == "_" {
                    return Ok(Operand::Sink);
                }
                if text.starts_with('%')
                    && let Some(sreg) = sreg_lookup(text)
                {
                    let mut comp = None;
                    let next = self.peek();
                    if next.kind == TokKind::DotWord
                        && self.adjacent(next)
                        && let Some(c) = Component::from_ptx(&self.text(next)[1..])
                    {
                        self.bump();
                        comp = Some(c);
                    }
                    return Ok(Operand::Sreg(sreg, comp));
                }
                let name = self.names.intern(text);
                let next = self.peek();
                match next.kind {
                    TokKind::DotWord if self.adjacent(next) => {
                        let word = &self.text(next)[1..];
                        if let Some(c) = Component::from_ptx(word) {
                            self.bump();
                            Ok(Operand::Component(name, c))
                        } else if let Some(sel) = VideoSel::parse(word) {
                            self.bump();
                            Ok(Operand::Selected(name, sel))
                        } else {
                            self.error(next.span, format!("unexpected `{}` after operand", self.text(next)))
                        }
                    }
                    TokKind::Punct(b'[') if self.adjacent(next) => {
                        self.bump();
                        let span = self.peek().span;
                        let e = self.const_expr(0)?;
                        let Some(i) = eval_int(&e) else {
                            return self.error(span, "array index must be an integer constant");
                        };
                        self.expect_punct(b']', "to close the array index")?;
                        Ok(Operand::Index(name, i))
                    }
                    TokKind::Punct(b'+') | TokKind::Punct(b'-') => {
                        let off = self.offset()?;
                        Ok(Operand::NameOffset(name, off))
                    }
                    _ => Ok(Operand::Name(name)),
                }
            }
            _ => self.unexpected("an operand"),
        }
    }

    fn operand_list(&mut self, close: u8, depth: u32) -> PResult<Vec<Operand>> {
        let mut items = Vec::new();
        if !self.is_punct(close) {
            loop {
                items.push(self.operand(depth + 1)?);
                if !self.eat_punct(b',') {
                    break;
                }
            }
        }
        self.expect_punct(close, "to close the operand list")?;
        Ok(items)
    }

    /// `+ expr` or `- expr` after an address base.
    fn offset(&mut self) -> PResult<i64> {
        let span = self.peek().span;
        let neg = self.bump().kind == TokKind::Punct(b'-');
        self.expr_nodes_left = MAX_EXPR_NODES;
        let e = self.unary_expr(0)?;
        let mut e = e;
        // Allow `[r+4*8]`-style products after the sign.
        while matches!(self.peek().kind, TokKind::Punct(b'*') | TokKind::Punct(b'/')) {
            let op = if self.bump().kind == TokKind::Punct(b'*') { BinaryOp::Mul } else { BinaryOp::Div };
            let rhs = self.unary_expr(0)?;
            e = ConstExpr::Binary(op, Box::new(e), Box::new(rhs));
        }
        match eval_int(&e) {
            Some(v) => Ok(if neg { v.wrapping_neg() } else { v }),
            None => self.error(span.to(self.prev_span()), "address offset must be an integer constant"),
        }
    }

    /// After `[`: `[base]`, `[base+off]`, `[imm]`, or a list `[a, b, {c, d}]`.
    fn address(&mut self, depth: u32) -> PResult<Operand> {
        let t = self.peek();
        let base = match t.kind {
            TokKind::Ident if self.text(t) != "_" => {
                self.bump();
                Some(self.names.intern(self.text(t)))
            }
            TokKind::Int | TokKind::Punct(b'-') | TokKind::Punct(b'(') => None,
            _ => {
                let items = self.operand_list(b']', depth)?;
                return Ok(Operand::AddrList(items));
            }
        };
        let mut offset = 0i64;
        match (base, self.peek().kind) {
            (Some(_), TokKind::Punct(b'+') | TokKind::Punct(b'-')) => offset = self.offset()?,
            (None, _) => {
                let span = self.peek().span;
                let e = self.const_expr(0)?;
                offset = match eval_int(&e) {
                    Some(v) => v,
                    None => return self.error(span, "absolute address must be an integer constant"),
                };
            }
            _ => {}
        }
        if self.is_punct(b',') {
            // A coordinate list whose first element is a plain name: `[tex, {x, y}]`.
            let Some(b) = base.filter(|_| offset == 0) else {
                return self.unexpected("`]` after the address");
            };
            self.bump();
            let mut items = vec![Operand::Name(b)];
            items.extend(self.operand_list(b']', depth)?);
            return Ok(Operand::AddrList(items));
        }
        self.expect_punct(b']', "to close the address")?;
        Ok(Operand::Addr(Address { base, offset }))
    }
}

fn is_top_level_start(w: &str) -> bool {
    matches!(
        w,
        ".version"
            | ".target"
            | ".address_size"
            | ".entry"
            | ".func"
            | ".visible"
            | ".extern"
            | ".weak"
            | ".common"
            | ".global"
            | ".const"
            | ".file"
            | ".section"
    )
}

/// Evaluates an integer constant expression without symbols; `None` if it has symbols,
/// floats, or divides by zero.
pub fn eval_int(e: &ConstExpr) -> Option<i64> {
    Some(match e {
        ConstExpr::Int(v) => *v,
        ConstExpr::UInt(v) => *v as i64,
        ConstExpr::Unary(op, a) => {
            let a = eval_int(a)?;
            match op {
                UnaryOp::Neg => a.wrapping_neg(),
                UnaryOp::Not => !a,
                UnaryOp::LogicalNot => i64::from(a == 0),
            }
        }
        ConstExpr::Binary(op, a, b) => {
            let (a, b) = (eval_int(a)?, eval_int(b)?);
            match op {
                BinaryOp::Add => a.wrapping_add(b),
                BinaryOp::Sub => a.wrapping_sub(b),
                BinaryOp::Mul => a.wrapping_mul(b),
                BinaryOp::Div => a.checked_div(b)?,
                BinaryOp::Rem => a.checked_rem(b)?,
                BinaryOp::Shl => a.wrapping_shl(b as u32),
                BinaryOp::Shr => a.wrapping_shr(b as u32),
                BinaryOp::And => a & b,
                BinaryOp::Or => a | b,
                BinaryOp::Xor => a ^ b,
            }
        }
        _ => return None,
    })
}
