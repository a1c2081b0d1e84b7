//! Which product of `a*b + c*d` is fused: NVPTX's add combine fuses the first operand of the
//! `fadd` that is a product, and LLVM's Reassociate pass (in clang's pipeline and in NVVM's) has
//! put the operand of lower *rank* first, ties in source order. A value's rank is the largest of
//! its operands' plus one; an argument's is its position; a load's (or any instruction that
//! touches memory) is the block's plus its place among them, so a later load ranks higher. The
//! two compilers differ in one thing: NVVM reads a `float2`, `float4`, `double2` or `cuComplex`
//! (and a by-value struct parameter) with one vector access whose fields share a rank, where
//! clang reads each field with a load of its own. So in `x.x*y.y + x.y*y.x` (cuCmulf's imaginary
//! part) nvcc fused `x.x*y.y` and clang `x.y*y.x`; in `c.x*v*v + c.y*v` with a by-value float4 `c`
//! nvcc fused `c.y*v`, clang the other. [`nvvm_order`] ranks the IR both ways and, where the
//! ranks of a sum of two products differ only because of such field loads, puts its operands in
//! NVVM's order (a tie: the product computed first, as the source has it).

use std::cell::RefCell;
use std::collections::HashMap;

/// The textual IR `ir` with the operands of each `fadd` of two products in the order NVVM's
/// Reassociate would give them, or `None` when none changes.
pub fn nvvm_order(ir: &str) -> Option<String> {
    let lines: Vec<&str> = ir.split_inclusive('\n').collect();
    let mut out: Vec<String> = Vec::new();
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        if lines[i].starts_with("define ") {
            let end = (i..lines.len()).find(|&j| lines[j].starts_with('}')).unwrap_or(lines.len() - 1);
            let body = Function::parse(&lines[i..=end]);
            for (k, line) in lines[i..=end].iter().enumerate() {
                match body.as_ref().and_then(|f| f.reordered(k)) {
                    Some(l) => {
                        out.push(l);
                        changed = true;
                    }
                    None => out.push((*line).to_string()),
                }
            }
            i = end + 1;
        } else {
            out.push(lines[i].to_string());
            i += 1;
        }
    }
    changed.then(|| out.concat())
}

/// One instruction: its result (if any), opcode, text after the opcode and block.
struct Inst<'a> {
    result: Option<&'a str>,
    opcode: &'a str,
    rest: &'a str,
    block: usize,
}

/// A function's instructions and what ranking needs of them.
struct Function<'a> {
    lines: Vec<&'a str>,
    insts: Vec<Inst<'a>>,
    defs: HashMap<&'a str, usize>,
    /// Rank of each argument, of each instruction that touches memory (or cannot be moved),
    /// and each block's base rank, as Reassociate's `BuildRankMap` gives them.
    fixed: HashMap<&'a str, u64>,
    block_base: Vec<u64>,
    /// NVVM's view: loads of one vector-aligned object's fields, each to the rank of its group.
    grouped: HashMap<&'a str, u64>,
    /// The instruction on each line.
    by_line: HashMap<usize, usize>,
    /// Ranks computed so far: clang's, NVVM's.
    memo: [RefCell<HashMap<&'a str, u64>>; 2],
}

/// Words that may precede a `call` opcode.
const CALL_PREFIXES: [&str; 3] = ["tail ", "musttail ", "notail "];

/// Calls Reassociate may move (LLVM's speculatable, memory-free intrinsics that kernels use).
const SPECULATABLE: [&str; 8] = [
    "@llvm.nvvm.read.ptx.sreg.",
    "@llvm.fma.",
    "@llvm.fmuladd.",
    "@llvm.fabs.",
    "@llvm.sqrt.",
    "@llvm.minnum.",
    "@llvm.maxnum.",
    "@llvm.copysign.",
];

impl<'a> Function<'a> {
    fn parse(lines: &[&'a str]) -> Option<Function<'a>> {
        let header = lines.first()?;
        let mut fixed = HashMap::new();
        // Arguments: ranks 3, 4, ... in order.
        let open = header.find('(')?;
        let args = &header[open + 1..];
        let mut rank = 2u64;
        let mut depth = 0i32;
        let mut start = 0usize;
        for (k, c) in args.char_indices() {
            match c {
                '(' | '[' | '{' | '<' => depth += 1,
                ')' | ']' | '}' | '>' if depth > 0 => depth -= 1,
                ',' | ')' if depth == 0 => {
                    if let Some(name) = args[start..k].split_whitespace().last().filter(|w| w.starts_with('%')) {
                        rank += 1;
                        fixed.insert(name, rank);
                    }
                    start = k + 1;
                    if c == ')' {
                        break;
                    }
                }
                _ => {}
            }
        }
        let mut insts = Vec::new();
        let mut defs = HashMap::new();
        let mut by_line = HashMap::new();
        let mut block_base = vec![0u64];
        let mut next_fixed = 0u64;
        rank += 1;
        block_base[0] = rank << 16;
        next_fixed = next_fixed.max(block_base[0]);
        for (k, line) in lines.iter().enumerate().skip(1) {
            let t = line.trim_end();
            if t.is_empty() || t.starts_with(';') || t == "}" {
                continue;
            }
            if !line.starts_with(' ') {
                // A block label `name:`.
                if t.split(';').next().is_some_and(|l| l.trim_end().ends_with(':')) {
                    rank += 1;
                    block_base.push(rank << 16);
                    next_fixed = rank << 16;
                }
                continue;
            }
            let t = t.trim_start();
            let (result, rhs) = match t.split_once(" = ") {
                Some((r, rhs)) if r.starts_with('%') && !r.contains(' ') => (Some(r), rhs),
                _ => (None, t),
            };
            let mut rhs = rhs;
            for p in CALL_PREFIXES {
                rhs = rhs.strip_prefix(p).unwrap_or(rhs);
            }
            let (opcode, rest) = rhs.split_once(' ').unwrap_or((rhs, ""));
            let block = block_base.len() - 1;
            if unmovable(opcode, rest) {
                next_fixed += 1;
                if let Some(r) = result {
                    fixed.insert(r, next_fixed);
                }
            }
            if let Some(r) = result {
                defs.insert(r, insts.len());
            }
            by_line.insert(k, insts.len());
            insts.push(Inst { result, opcode, rest, block });
        }
        let memo = [RefCell::new(HashMap::new()), RefCell::new(HashMap::new())];
        let mut f =
            Function { lines: lines.to_vec(), insts, defs, fixed, block_base, grouped: HashMap::new(), by_line, memo };
        f.group_field_loads();
        Some(f)
    }

    /// NVVM's single access for the fields of a float2/float4/double2-like object: a float or
    /// double load aligned to 8 or 16 (more than its own size) starts a group; later loads of the
    /// same block from the same base at offsets inside that alignment join it. Each member gets
    /// the rank of the group's first load plus one (the vector load, then its element).
    fn group_field_loads(&mut self) {
        let mut open: Vec<(&'a str, i64, i64, u64, usize)> = Vec::new(); // base, start, end, rank, block
        for inst in &self.insts {
            if inst.opcode != "load" {
                continue;
            }
            let Some(result) = inst.result else { continue };
            let Some((size, ptr, align)) = load_shape(inst.rest) else { continue };
            let (base, offset) = self.base_offset(ptr);
            let rank = self.fixed.get(result).copied().unwrap_or(0);
            if let Some(g) = open
                .iter()
                .find(|g| g.0 == base && g.4 == inst.block && offset > g.1 && offset < g.2 && offset + size <= g.2)
            {
                self.grouped.insert(result, g.3 + 1);
                continue;
            }
            if align > size && (align == 8 || align == 16) && offset % align == 0 {
                open.push((base, offset, offset + align, rank, inst.block));
                self.grouped.insert(result, rank + 1);
            }
        }
        // A group of one is no group: its load ranks as clang's.
        let mut members: HashMap<u64, usize> = HashMap::new();
        for r in self.grouped.values() {
            *members.entry(*r).or_default() += 1;
        }
        self.grouped.retain(|_, r| members[r] > 1);
    }

    /// The base pointer and constant byte offset of `ptr` (through `getelementptr i8, ptr %b, i64 C`).
    fn base_offset(&self, ptr: &'a str) -> (&'a str, i64) {
        if let Some(&d) = self.defs.get(ptr) {
            let inst = &self.insts[d];
            if inst.opcode == "getelementptr" {
                let words: Vec<&str> = inst.rest.split([' ', ',']).filter(|w| !w.is_empty()).collect();
                // getelementptr [inbounds] [nuw] i8, ptr %b, i64 C
                if let Some(p) = words.iter().position(|w| *w == "i8")
                    && words.get(p + 1) == Some(&"ptr")
                    && let (Some(b), Some(&"i64"), Some(c)) = (words.get(p + 2), words.get(p + 3), words.get(p + 4))
                    && let Ok(c) = c.parse::<i64>()
                {
                    return (b, c);
                }
            }
        }
        (ptr, 0)
    }

    /// The rank of `v`, clang's (`nvvm` false) or NVVM's.
    fn rank(&self, v: &'a str, nvvm: bool, depth: u32) -> u64 {
        if nvvm && let Some(&r) = self.grouped.get(v) {
            return r;
        }
        if let Some(&r) = self.fixed.get(v) {
            return r;
        }
        if let Some(&r) = self.memo[nvvm as usize].borrow().get(v) {
            return r;
        }
        let Some(&d) = self.defs.get(v) else { return 0 };
        let inst = &self.insts[d];
        let cap = self.block_base[inst.block];
        let mut r = 0;
        if depth < 200 {
            for op in operands(inst.rest) {
                if r == cap {
                    break;
                }
                r = r.max(self.rank(op, nvvm, depth + 1));
            }
        }
        let negation = inst.opcode == "fneg" || (inst.opcode == "xor" && inst.rest.trim_end().ends_with(", -1"));
        if !negation {
            r += 1;
        }
        self.memo[nvvm as usize].borrow_mut().insert(v, r);
        r
    }

    /// Line `k` of the function rewritten with its `fadd` operands in NVVM's order, or `None`.
    fn reordered(&self, k: usize) -> Option<String> {
        let inst = &self.insts[*self.by_line.get(&k)?];
        if inst.opcode != "fadd" {
            return None;
        }
        let (flags_and_type, a, b, tail) = split_binary(inst.rest)?;
        let product = |v: &str| self.defs.get(v).is_some_and(|&d| self.insts[d].opcode == "fmul");
        if !product(a) || !product(b) {
            return None;
        }
        let (ca, cb) = (self.rank(a, false, 0), self.rank(b, false, 0));
        let (na, nb) = (self.rank(a, true, 0), self.rank(b, true, 0));
        // Only where the field loads make the difference, and where clang's ranks explain the
        // order the IR has (later passes may have changed the ranks since).
        if (ca, cb) == (na, nb) || ca > cb {
            return None;
        }
        let a_first = match na.cmp(&nb) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            // A tie keeps the source's order: the IR's where clang's ranks tie too (nothing
            // swapped it), else the order the two products are computed in.
            std::cmp::Ordering::Equal => ca == cb || self.defs[a] < self.defs[b],
        };
        if a_first {
            return None;
        }
        let line = self.lines[k];
        let result = inst.result?;
        let indent = &line[..line.len() - line.trim_start().len()];
        let rhs = line.trim_start().strip_prefix(result)?.strip_prefix(" = ")?;
        let head = &rhs[..rhs.find("fadd ")?];
        let newline = if line.ends_with('\n') { "\n" } else { "" };
        Some(format!("{indent}{result} = {head}fadd {flags_and_type} {b}, {a}{tail}{newline}"))
    }
}

/// Whether Reassociate gives the instruction a fixed rank: it touches memory or cannot be
/// speculated (`mayHaveNonDefUseDependency`).
fn unmovable(opcode: &str, rest: &str) -> bool {
    match opcode {
        "load" | "store" | "phi" | "alloca" | "fence" | "atomicrmw" | "cmpxchg" | "va_arg" | "landingpad" => true,
        "br" | "ret" | "switch" | "unreachable" | "indirectbr" | "invoke" | "resume" | "callbr" => true,
        "udiv" | "sdiv" | "urem" | "srem" => rest.rsplit(", ").next().is_none_or(|d| d.trim().parse::<i64>().is_err()),
        "call" => !SPECULATABLE.iter().any(|s| rest.contains(s)),
        _ => false,
    }
}

/// A load's size in bytes, pointer operand and alignment (float and double loads only).
fn load_shape(rest: &str) -> Option<(i64, &str, i64)> {
    let size = if rest.starts_with("float, ") {
        4
    } else if rest.starts_with("double, ") {
        8
    } else {
        return None;
    };
    let ptr = rest.split(", ").nth(1)?.strip_prefix("ptr ")?.split_whitespace().last()?;
    let align = rest.split(", ").find_map(|p| p.strip_prefix("align "))?.split_whitespace().next()?.parse().ok()?;
    Some((size, ptr, align))
}

/// The `%values` an instruction's text names (types like `%struct.x` are not values, and rank 0).
fn operands(rest: &str) -> impl Iterator<Item = &str> {
    let rest = rest.split(", !").next().unwrap_or(rest);
    rest.split([' ', ',', '(', ')', '[', ']']).filter(|w| w.starts_with('%'))
}

/// `[flags] TYPE %a, %b[, ...]` → ("[flags] TYPE", %a, %b, the rest after %b).
fn split_binary(rest: &str) -> Option<(&str, &str, &str, &str)> {
    let (before, after) = rest.split_once(", ")?;
    let (flags_and_type, a) = before.rsplit_once(' ')?;
    let end = after.find([',', ' ', '\n']).unwrap_or(after.len());
    let (b, tail) = after.split_at(end);
    (a.starts_with('%') && b.starts_with('%')).then_some((flags_and_type, a, b, tail))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// cuCmulf's imaginary part of two float2 loads: clang's IR (fields loaded one by one, the
    /// fadd canonicalized by their ranks) gets NVVM's order back, `x.x*y.y` first.
    #[test]
    fn float2_fields_share_a_rank() {
        let ir = "define void @k(ptr %0, ptr %1) {\n  \
                  %3 = load float, ptr %0, align 8\n  \
                  %4 = getelementptr inbounds i8, ptr %0, i64 4\n  \
                  %5 = load float, ptr %4, align 4\n  \
                  %6 = load float, ptr %1, align 8\n  \
                  %7 = getelementptr inbounds i8, ptr %1, i64 4\n  \
                  %8 = load float, ptr %7, align 4\n  \
                  %9 = fmul contract float %3, %8\n  \
                  %10 = fmul contract float %5, %6\n  \
                  %11 = fadd contract float %10, %9\n  \
                  store float %11, ptr %0, align 4\n  \
                  ret void\n}\n";
        let out = nvvm_order(ir).expect("reordered");
        assert!(out.contains("  %11 = fadd contract float %9, %10\n"), "{out}");
    }

    /// Scalar loads (a float array) keep clang's order: both compilers rank them alike.
    #[test]
    fn scalar_loads_are_left_alone() {
        let ir = "define void @k(ptr %0) {\n  \
                  %2 = load float, ptr %0, align 4\n  \
                  %3 = getelementptr inbounds i8, ptr %0, i64 4\n  \
                  %4 = load float, ptr %3, align 4\n  \
                  %5 = getelementptr inbounds i8, ptr %0, i64 8\n  \
                  %6 = load float, ptr %5, align 4\n  \
                  %7 = getelementptr inbounds i8, ptr %0, i64 12\n  \
                  %8 = load float, ptr %7, align 4\n  \
                  %9 = fmul contract float %2, %8\n  \
                  %10 = fmul contract float %4, %6\n  \
                  %11 = fadd contract float %10, %9\n  \
                  ret void\n}\n";
        assert!(nvvm_order(ir).is_none());
    }
}
