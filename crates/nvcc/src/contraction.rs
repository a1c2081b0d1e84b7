//! Multiply-add contraction as nvcc's NVVM does it. With `-fmad=true` NVVM fuses a multiply into
//! an add (`a*b + c` → `fma.rn`) when the product has no other use (but adds), and never into a
//! subtraction: `a*b - c`, `c - a*b` and `a*a - b*b` reach the PTX as `mul` and `sub` without
//! rounding modifiers, which ptxas then contracts by its own rule (the GPU's results follow that
//! rule, and Cuprite's engines apply it to any PTX: `crates/simt/src/contract.rs`). LLVM under
//! `-ffp-contract=fast` fuses both, and any product (NVPTX asks for aggressive fusion): in a
//! Julia set's `z*z + c` and `|z|²`, other products than nvcc's, so it counted 12451 points
//! inside instead of the H200's 12459. NVPTX's own add combine, which the back end runs at
//! `-nvptx-fma-level=1`, decides as NVVM: so the device pass writes its IR, [`nvvm`] takes the
//! `contract` flag off every `fadd`, `fsub`, `fmul` and `fneg` (LLVM's generic combine then
//! fuses nothing), and clang compiles that IR to PTX, for these shapes the same instructions as
//! nvcc 13.0's: `a*b + c*d`, `c*d + a*b`, `x*x + y*y`, `2*x*y + c`, `a*b + c*d + e*f`, `a*b - c`,
//! `c - a*b`, `a*b - c*d`, `x*x - y*y + c`.

mod ranks;

/// The fast-math flags `fast` stands for, but `contract`.
const FAST_BUT_CONTRACT: &str = "reassoc nnan ninf nsz arcp afn";

/// The textual LLVM IR `ir` with no `fadd`, `fsub`, `fmul` or `fneg` allowed to contract, or
/// `None` when none was.
pub fn nvvm(ir: &str) -> Option<String> {
    if !ir.contains(" contract ") && !ir.contains(" fast ") {
        return None;
    }
    // Which of two products an addition fuses: NVVM's choice (see [`ranks`]).
    let ordered = ranks::nvvm_order(ir);
    let ir = ordered.as_deref().unwrap_or(ir);
    let mut out = String::with_capacity(ir.len());
    let mut changed = false;
    for line in ir.split_inclusive('\n') {
        match uncontracted(line) {
            Some(l) => {
                out.push_str(&l);
                changed = true;
            }
            None => out.push_str(line),
        }
    }
    changed.then_some(out)
}

/// An instruction line `%x = fsub FLAGS TYPE ...` (or `fadd`, `fmul`, `fneg`) without `contract` among its
/// flags (`fast` spelled out without it), or `None` when it has no such flag.
fn uncontracted(line: &str) -> Option<String> {
    let (lhs, rest) = line.split_once(" = ")?;
    let trimmed = rest.trim_start();
    let op = ["fsub ", "fneg ", "fadd ", "fmul "].into_iter().find(|op| trimmed.starts_with(op))?;
    let after = &trimmed[op.len()..];
    // The flags: the words before the type.
    let mut flags: Vec<&str> = Vec::new();
    let mut tail = after;
    while let Some((word, more)) = tail.split_once(' ') {
        if !matches!(word, "fast" | "contract" | "reassoc" | "nnan" | "ninf" | "nsz" | "arcp" | "afn") {
            break;
        }
        flags.push(word);
        tail = more;
    }
    if !flags.iter().any(|f| *f == "fast" || *f == "contract") {
        return None;
    }
    let kept: Vec<&str> = flags
        .iter()
        .flat_map(|f| if *f == "fast" { FAST_BUT_CONTRACT.split(' ').collect() } else { vec![*f] })
        .filter(|f| *f != "contract")
        .collect();
    let indent = &rest[..rest.len() - trimmed.len()];
    let mut out = format!("{lhs} = {indent}{op}");
    for f in kept {
        out.push_str(f);
        out.push(' ');
    }
    out.push_str(tail);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_loses_contract_and_keeps_its_other_flags() {
        let ir = "  %3 = fmul contract float %1, %1\n  %5 = fsub contract float %3, %4\n  \
                  %6 = fadd contract float %5, %2\n  %7 = fneg contract double %6\n  %8 = fsub fast float %7, %1\n  \
                  %9 = fsub float %8, %1\n  %10 = fdiv contract float %9, %1\n";
        assert_eq!(
            nvvm(ir).unwrap(),
            "  %3 = fmul float %1, %1\n  %5 = fsub float %3, %4\n  %6 = fadd float %5, %2\n  \
             %7 = fneg double %6\n  %8 = fsub reassoc nnan ninf nsz arcp afn float %7, %1\n  %9 = fsub float %8, %1\n  \
             %10 = fdiv contract float %9, %1\n"
        );
        assert!(nvvm("  %3 = fadd float %1, %2\n").is_none());
    }
}
