//! The printer: module → PTX text that `ptxas` accepts and that parses back to the same module.

use crate::ast::*;
use crate::types::Component;
use std::fmt::{self, Write};

/// Prints a whole module as PTX text.
pub fn print_module(m: &Module) -> String {
    let mut p = Printer { names: &m.names, out: String::with_capacity(4096) };
    // Writing into a String cannot fail.
    let _ = p.module(m);
    p.out
}

/// Prints one instruction as PTX text (without indentation), e.g. for error messages.
pub fn print_instruction(names: &Names, i: &Instruction) -> String {
    let mut p = Printer { names, out: String::with_capacity(64) };
    let _ = p.instruction(i);
    p.out
}

struct Printer<'m> {
    names: &'m Names,
    out: String,
}

impl<'m> Printer<'m> {
    fn name(&self, n: Name) -> &'m str {
        self.names.str(n)
    }

    fn module(&mut self, m: &Module) -> fmt::Result {
        writeln!(self.out, ".version {}.{}", m.version.major, m.version.minor)?;
        write!(self.out, ".target {}", m.target.arch)?;
        for o in &m.target.options {
            write!(self.out, ", {o}")?;
        }
        writeln!(self.out)?;
        writeln!(self.out, ".address_size {}", m.address_size)?;
        for item in &m.items {
            writeln!(self.out)?;
            match item {
                Item::Var(v) => {
                    self.var_decl(v)?;
                    writeln!(self.out, ";")?;
                }
                Item::Func(f) => self.function(f)?,
                Item::File(f) => {
                    write!(self.out, ".file {} \"{}\"", f.index, f.path)?;
                    if let Some((a, b)) = f.extra {
                        write!(self.out, ", {a}, {b}")?;
                    }
                    writeln!(self.out)?;
                }
                Item::Section(s) => writeln!(self.out, ".section {}\n{{{}}}", s.name, s.body)?,
                Item::Pragma(s, _) => self.pragma(s)?,
                Item::Alias(a, b, _) => writeln!(self.out, ".alias {}, {};", self.name(*a), self.name(*b))?,
            }
        }
        Ok(())
    }

    fn pragma(&mut self, strings: &[String]) -> fmt::Result {
        write!(self.out, ".pragma ")?;
        for (i, s) in strings.iter().enumerate() {
            if i > 0 {
                write!(self.out, ", ")?;
            }
            write!(self.out, "\"{s}\"")?;
        }
        writeln!(self.out, ";")
    }

    fn linkage(&mut self, l: Linkage) -> fmt::Result {
        let s = match l {
            Linkage::Internal => return Ok(()),
            Linkage::Visible => ".visible ",
            Linkage::Extern => ".extern ",
            Linkage::Weak => ".weak ",
            Linkage::Common => ".common ",
        };
        self.out.write_str(s)
    }

    fn var_decl(&mut self, v: &VarDecl) -> fmt::Result {
        self.linkage(v.linkage)?;
        write!(self.out, ".{}", v.space)?;
        for a in &v.attrs {
            match a {
                VarAttr::Managed => write!(self.out, " .attribute(.managed)")?,
                VarAttr::Unified(hi, lo) => write!(self.out, " .attribute(.unified({hi},{lo}))")?,
            }
        }
        if let Some(a) = v.align {
            write!(self.out, " .align {a}")?;
        }
        if v.ty.vector != 0 {
            write!(self.out, " .v{}", v.ty.vector)?;
        }
        write!(self.out, " .{}", v.ty.scalar)?;
        if let Some(p) = v.ptr {
            write!(self.out, " .ptr")?;
            if let Some(s) = p.space {
                write!(self.out, " .{s}")?;
            }
            write!(self.out, " .align {}", p.align)?;
        }
        for (i, d) in v.names.iter().enumerate() {
            write!(self.out, "{}{}", if i == 0 { " " } else { ", " }, self.name(d.name))?;
            if let Some(r) = d.range {
                write!(self.out, "<{r}>")?;
            }
            for dim in &d.dims {
                match dim {
                    Some(n) => write!(self.out, "[{n}]")?,
                    None => write!(self.out, "[]")?,
                }
            }
        }
        if let Some(init) = &v.init {
            write!(self.out, " = ")?;
            self.initializer(init)?;
        }
        Ok(())
    }

    fn initializer(&mut self, init: &Initializer) -> fmt::Result {
        match init {
            Initializer::Expr(e) => self.const_expr(e),
            Initializer::List(items) => {
                self.out.push('{');
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.initializer(it)?;
                }
                self.out.push('}');
                Ok(())
            }
        }
    }

    fn const_expr(&mut self, e: &ConstExpr) -> fmt::Result {
        match e {
            ConstExpr::Int(v) => write_int(&mut self.out, *v),
            ConstExpr::UInt(v) => write!(self.out, "{v}U"),
            ConstExpr::F32(b) => write!(self.out, "0f{b:08X}"),
            ConstExpr::F64(b) => write!(self.out, "0d{b:016X}"),
            ConstExpr::Symbol(n) => write!(self.out, "{}", self.name(*n)),
            ConstExpr::Generic(n) => write!(self.out, "generic({})", self.name(*n)),
            ConstExpr::Unary(op, a) => {
                self.out.push_str(match op {
                    UnaryOp::Neg => "-",
                    UnaryOp::Not => "~",
                    UnaryOp::LogicalNot => "!",
                });
                self.out.push('(');
                self.const_expr(a)?;
                self.out.push(')');
                Ok(())
            }
            ConstExpr::Binary(op, a, b) => {
                // Operands that are themselves operations get parentheses; the top level gets
                // none, since ptxas rejects `(generic(x)+4)` in initializers.
                for (i, side) in [a, b].into_iter().enumerate() {
                    if i == 1 {
                        self.out.push_str(op.as_str());
                    }
                    if matches!(**side, ConstExpr::Binary(..)) {
                        self.out.push('(');
                        self.const_expr(side)?;
                        self.out.push(')');
                    } else {
                        self.const_expr(side)?;
                    }
                }
                Ok(())
            }
        }
    }

    fn params(&mut self, ps: &[VarDecl]) -> fmt::Result {
        self.out.push('(');
        for (i, p) in ps.iter().enumerate() {
            self.out.push_str(if i == 0 { "\n\t" } else { ",\n\t" });
            self.var_decl(p)?;
        }
        self.out.push_str(if ps.is_empty() { ")" } else { "\n)" });
        Ok(())
    }

    fn function(&mut self, f: &Function) -> fmt::Result {
        self.linkage(f.linkage)?;
        self.out.push_str(match f.kind {
            FuncKind::Entry => ".entry ",
            FuncKind::Func => ".func ",
        });
        if f.kind == FuncKind::Func && !f.returns.is_empty() {
            self.params(&f.returns)?;
            self.out.push(' ');
        }
        write!(self.out, "{}", self.name(f.name))?;
        self.params(&f.params)?;
        for d in &f.directives {
            self.out.push('\n');
            match d {
                FuncDirective::Maxntid(v) => write!(self.out, ".maxntid {}", join(v))?,
                FuncDirective::Reqntid(v) => write!(self.out, ".reqntid {}", join(v))?,
                FuncDirective::Reqnctapercluster(v) => write!(self.out, ".reqnctapercluster {}", join(v))?,
                FuncDirective::Minnctapersm(n) => write!(self.out, ".minnctapersm {n}")?,
                FuncDirective::Maxnctapersm(n) => write!(self.out, ".maxnctapersm {n}")?,
                FuncDirective::Maxnreg(n) => write!(self.out, ".maxnreg {n}")?,
                FuncDirective::Maxclusterrank(n) => write!(self.out, ".maxclusterrank {n}")?,
                FuncDirective::Explicitcluster => write!(self.out, ".explicitcluster")?,
                FuncDirective::Blocksareclusters => write!(self.out, ".blocksareclusters")?,
                FuncDirective::Noreturn => write!(self.out, ".noreturn")?,
                FuncDirective::AbiPreserve(false, n) => write!(self.out, ".abi_preserve {n}")?,
                FuncDirective::AbiPreserve(true, n) => write!(self.out, ".abi_preserve_control {n}")?,
                FuncDirective::Pragma(s) => {
                    self.pragma(s)?;
                    self.out.pop();
                }
            }
        }
        let Some(body) = &f.body else {
            return writeln!(self.out, ";");
        };
        self.out.push_str("\n{\n");
        let mut depth = 1usize;
        for s in body {
            if let Statement::BlockEnd(_) = s {
                depth = depth.saturating_sub(1);
            }
            if !matches!(s, Statement::Label(..)) {
                for _ in 0..depth.min(16) {
                    self.out.push('\t');
                }
            }
            self.statement(s)?;
            self.out.push('\n');
            if let Statement::BlockStart(_) = s {
                depth += 1;
            }
        }
        self.out.push_str("}\n");
        Ok(())
    }

    fn statement(&mut self, s: &Statement) -> fmt::Result {
        match s {
            Statement::Instr(i) => self.instruction(i),
            Statement::Label(n, _) => write!(self.out, "{}:", self.name(*n)),
            Statement::Decl(d) => {
                self.var_decl(d)?;
                self.out.push(';');
                Ok(())
            }
            Statement::BlockStart(_) => {
                self.out.push('{');
                Ok(())
            }
            Statement::BlockEnd(_) => {
                self.out.push('}');
                Ok(())
            }
            Statement::Loc(l) => {
                write!(self.out, ".loc {} {} {}", l.file, l.line, l.col)?;
                if let Some(e) = &l.extra {
                    write!(self.out, "{e}")?;
                }
                Ok(())
            }
            Statement::Pragma(s, _) => {
                self.pragma(s)?;
                self.out.pop();
                Ok(())
            }
            Statement::CallPrototype(p) => {
                write!(self.out, "{}: .callprototype ", self.name(p.label))?;
                if !p.returns.is_empty() {
                    self.params(&p.returns)?;
                    self.out.push(' ');
                }
                self.out.push('_');
                self.out.push(' ');
                self.params(&p.params)?;
                if p.noreturn {
                    self.out.push_str(" .noreturn");
                }
                if let Some(n) = p.abi_preserve {
                    write!(self.out, " .abi_preserve {n}")?;
                }
                if let Some(n) = p.abi_preserve_control {
                    write!(self.out, " .abi_preserve_control {n}")?;
                }
                self.out.push(';');
                Ok(())
            }
            Statement::BranchTargets(l, ts, _) | Statement::CallTargets(l, ts, _) => {
                let kw = if matches!(s, Statement::BranchTargets(..)) { "branchtargets" } else { "calltargets" };
                write!(self.out, "{}: .{kw} ", self.name(*l))?;
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.out.push_str(self.names.str(*t));
                }
                self.out.push(';');
                Ok(())
            }
        }
    }

    fn instruction(&mut self, i: &Instruction) -> fmt::Result {
        if let Some(g) = i.guard {
            write!(self.out, "@{}{} ", if g.negated { "!" } else { "" }, self.name(g.pred))?;
        }
        self.out.push_str(i.opcode.as_str());
        for m in &i.mods {
            match m {
                Modifier::Kw(k) => {
                    self.out.push('.');
                    self.out.push_str(k.as_str());
                }
                Modifier::Shape { m, n, k: 0 } => write!(self.out, ".m{m}n{n}")?,
                Modifier::Shape { m, n, k } => write!(self.out, ".m{m}n{n}k{k}")?,
                Modifier::Unknown(w) => write!(self.out, ".{}", self.name(*w))?,
            }
        }
        for (idx, op) in i.operands.iter().enumerate() {
            self.out.push_str(if idx == 0 { " " } else { ", " });
            self.operand(op)?;
        }
        self.out.push(';');
        Ok(())
    }

    fn operand(&mut self, op: &Operand) -> fmt::Result {
        match op {
            Operand::Name(n) => self.out.push_str(self.names.str(*n)),
            Operand::NameOffset(n, off) => {
                self.out.push_str(self.names.str(*n));
                write_offset(&mut self.out, *off)?;
            }
            Operand::Component(n, c) => write!(self.out, "{}.{}", self.name(*n), c.as_str())?,
            Operand::Selected(n, sel) => write!(self.out, "{}.{sel}", self.name(*n))?,
            Operand::Index(n, i) => write!(self.out, "{}[{i}]", self.name(*n))?,
            Operand::Sreg(s, c) => {
                self.out.push_str(s.as_str());
                if let Some(c) = c {
                    write!(self.out, ".{}", Component::as_str(*c))?;
                }
            }
            Operand::Imm(Imm::Int(v)) => write_int(&mut self.out, *v)?,
            Operand::Imm(Imm::F32(b)) => write!(self.out, "0f{b:08X}")?,
            Operand::Imm(Imm::F64(b)) => write!(self.out, "0d{b:016X}")?,
            Operand::Vector(items) => self.list('{', '}', items)?,
            Operand::List(items) => self.list('(', ')', items)?,
            Operand::AddrList(items) => self.list('[', ']', items)?,
            Operand::Addr(a) => {
                self.out.push('[');
                match a.base {
                    Some(b) => {
                        self.out.push_str(self.names.str(b));
                        write_offset(&mut self.out, a.offset)?;
                    }
                    None => write_int(&mut self.out, a.offset)?,
                }
                self.out.push(']');
            }
            Operand::Not(n) => write!(self.out, "!{}", self.name(*n))?,
            Operand::Neg(a) => {
                self.out.push('-');
                self.operand(a)?;
            }
            Operand::Pair(a, b) => {
                self.operand(a)?;
                write!(self.out, "|{}", self.name(*b))?;
            }
            Operand::Sink => self.out.push('_'),
        }
        Ok(())
    }

    fn list(&mut self, open: char, close: char, items: &[Operand]) -> fmt::Result {
        self.out.push(open);
        for (i, it) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.operand(it)?;
        }
        self.out.push(close);
        Ok(())
    }
}

/// Integers print in decimal; `i64::MIN` in hex, since its decimal negation overflows.
fn write_int(out: &mut String, v: i64) -> fmt::Result {
    if v == i64::MIN { write!(out, "0x8000000000000000") } else { write!(out, "{v}") }
}

fn write_offset(out: &mut String, off: i64) -> fmt::Result {
    match off {
        0 => Ok(()),
        o if o > 0 => write!(out, "+{o}"),
        o => {
            out.push('+');
            write_int(out, o)
        }
    }
}

fn join(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}
