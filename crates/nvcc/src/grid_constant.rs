//! `__grid_constant__` kernel parameters under clang-19, which has no `grid_constant` attribute.
//! nvcc's meaning: the address of a `const __grid_constant__` parameter is a generic address of
//! the parameter itself (`cvta.param`), not of a copy in local memory; `__isGridConstant` is
//! true for it. LLVM 19's NVPTX back end does this for byval parameters that the IR's
//! `nvvm.annotations` list as `grid_constant` (NVPTXLowerArgs), but clang-19's front end never
//! writes that annotation. So:
//! 1. Cuprite's `host_defines.h` turns the qualifier into an `annotate("cuprite.grid_constant",
//!    &MARK)` attribute of the parameter: clang writes an `llvm.var.annotation` call on the
//!    parameter's pointer, and the module's PTX holds the mark variable exactly when some kernel
//!    has such a parameter (every other module costs one substring search);
//! 2. for a marked module, the same device pass writes its IR (LLVM's passes run, code
//!    generation not); [`annotate`] adds each kernel's `grid_constant` parameter list to
//!    `nvvm.annotations`;
//! 3. clang compiles that IR to the PTX, and [`remove_mark`] takes the mark out of it.
//!
//! A scalar `__grid_constant__` parameter (clang gives it a local copy, not a byval pointer)
//! keeps its copy: its address is a local one.

use std::collections::{BTreeMap, HashSet};

/// The mark's name, as it appears (mangled) in the PTX.
pub const MARK: &str = "__cuprite_grid_constant_used";

/// The annotation string `host_defines.h` gives the parameters.
const ANNOTATION: &str = "cuprite.grid_constant";

/// Whether the PTX `text` has kernels with `__grid_constant__` parameters (it holds the mark).
pub fn is_marked(text: &str) -> bool {
    text.contains(MARK)
}

/// The PTX `text` without the mark's declaration (clang prints a module variable on one line).
pub fn remove_mark(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if !(t.starts_with('.') && t.ends_with(';') && t.contains(MARK)) {
            out.push_str(line);
        }
    }
    out
}

/// The textual LLVM IR `ir` with a `grid_constant` entry in `nvvm.annotations` for every
/// function whose byval parameters carry the annotation (1-based parameter numbers, as
/// NVPTXLowerArgs reads them), or `None` when none does.
pub fn annotate(ir: &str) -> Option<String> {
    // The private strings holding the annotation's text.
    let strings: HashSet<&str> = ir
        .lines()
        .filter(|l| l.starts_with("@.str") && l.contains(&format!("c\"{ANNOTATION}\\00\"")))
        .filter_map(|l| l.split_once(" = ").map(|(name, _)| name.trim()))
        .collect();
    if strings.is_empty() {
        return None;
    }
    // Function name → its annotated parameters (1-based).
    let mut params: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in ir.lines() {
        if line.starts_with("define ") {
            current = function_header(line);
        } else if line.starts_with('}') {
            current = None;
        } else if let Some((name, args)) = &current
            && let Some((pointer, string)) = annotation_call(line)
            && strings.contains(string)
            && let Some(i) = args.iter().position(|a| a == pointer)
        {
            let list = params.entry(name.clone()).or_default();
            if !list.contains(&(i + 1)) {
                list.push(i + 1);
            }
        }
    }
    if params.is_empty() {
        return None;
    }
    // New metadata numbers after the largest in use.
    let mut next = ir
        .lines()
        .filter_map(|l| l.strip_prefix('!')?.split_once(" = ").and_then(|(n, _)| n.parse::<u64>().ok()))
        .max()
        .map_or(0, |n| n + 1);
    let mut nodes = String::new();
    let mut ids = Vec::new();
    for (function, list) in &params {
        let numbers: Vec<String> = list.iter().map(|i| format!("i32 {i}")).collect();
        nodes.push_str(&format!("!{next} = !{{ptr @{function}, !\"grid_constant\", !{}}}\n", next + 1));
        nodes.push_str(&format!("!{} = !{{{}}}\n", next + 1, numbers.join(", ")));
        ids.push(format!("!{next}"));
        next += 2;
    }
    let mut out = String::with_capacity(ir.len() + nodes.len() + 64);
    let mut listed = false;
    for line in ir.split_inclusive('\n') {
        match line.strip_prefix("!nvvm.annotations = !{").and_then(|l| l.trim_end().strip_suffix('}')) {
            Some(existing) if !listed => {
                let mut all: Vec<&str> = existing.split(", ").filter(|s| !s.is_empty()).collect();
                all.extend(ids.iter().map(String::as_str));
                out.push_str(&format!("!nvvm.annotations = !{{{}}}\n", all.join(", ")));
                listed = true;
            }
            _ => out.push_str(line),
        }
    }
    if !listed {
        out.push_str(&format!("!nvvm.annotations = !{{{}}}\n", ids.join(", ")));
    }
    out.push_str(&nodes);
    Some(out)
}

/// A `define` line's function name (without `@`, quotes kept) and its parameters' names.
fn function_header(line: &str) -> Option<(String, Vec<String>)> {
    let at = line.find(" @")? + 2;
    let open = at + line[at..].find('(')?;
    let name = line[at..open].to_string();
    // The parameter list, up to its closing parenthesis (types nest parentheses and braces).
    let mut depth = 0usize;
    let mut args = Vec::new();
    let mut start = open + 1;
    for (i, c) in line[open..].char_indices().map(|(i, c)| (open + i, c)) {
        match c {
            '(' | '{' | '[' | '<' => depth += 1,
            ')' | '}' | ']' | '>' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    args.push(last_word(&line[start..i]));
                    break;
                }
            }
            ',' if depth == 1 => {
                args.push(last_word(&line[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    Some((name, args))
}

/// The last whitespace-separated word of `s` (a parameter's name, `%0`).
fn last_word(s: &str) -> String {
    s.split_whitespace().last().unwrap_or("").to_string()
}

/// An `llvm.var.annotation` call's pointer operand (`%0`) and annotation string (`@.str`).
fn annotation_call(line: &str) -> Option<(&str, &str)> {
    let rest = &line[line.find("@llvm.var.annotation")?..];
    let rest = &rest[rest.find('(')? + 1..];
    let mut operands = rest.split(", ");
    let pointer = operands.next()?.split_whitespace().last()?;
    let string = operands.next()?.split_whitespace().last()?;
    Some((pointer, string))
}

#[cfg(test)]
mod tests {
    use super::*;

    const IR: &str = r#"@.str = private unnamed_addr constant [22 x i8] c"cuprite.grid_constant\00", section "llvm.metadata"
@.str1 = private unnamed_addr constant [6 x i8] c"gc.cu\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"

define dso_local void @_Z1ki3CfgPfPy(i32 noundef %0, ptr noundef byval(%struct.Cfg) align 4 %1, ptr nocapture noundef writeonly %2) #1 {
  call void @llvm.var.annotation.p0.p0(ptr nonnull %1, ptr nonnull @.str, ptr nonnull @.str1, i32 7, ptr nonnull @.args)
  ret void
}

define dso_local void @_Z2ktI3CfgEvT_iPf(ptr noundef byval({ i32, i32 }) align 4 %0, ptr noundef byval(%struct.Cfg) align 4 %1, i32 noundef %2) #1 comdat {
  %4 = alloca i32, align 4
  call void @llvm.var.annotation.p0.p0(ptr nonnull %1, ptr nonnull @.str, ptr nonnull @.str1, i32 11, ptr nonnull @.args)
  call void @llvm.var.annotation.p0.p0(ptr nonnull %0, ptr nonnull @.str.2, ptr nonnull @.str1, i32 11, ptr null)
  call void @llvm.var.annotation.p0.p0(ptr nonnull %4, ptr nonnull @.str, ptr nonnull @.str1, i32 11, ptr nonnull @.args)
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @_Z1ki3CfgPfPy, !"kernel", i32 1}
!1 = !{ptr @_Z2ktI3CfgEvT_iPf, !"kernel", i32 1}
!12 = !{!"x"}
"#;

    #[test]
    fn annotated_byval_parameters_are_listed_as_grid_constant() {
        let out = annotate(IR).expect("annotated");
        assert!(out.contains("!nvvm.annotations = !{!0, !1, !13, !15}\n"), "{out}");
        assert!(out.contains("!13 = !{ptr @_Z1ki3CfgPfPy, !\"grid_constant\", !14}\n!14 = !{i32 2}\n"), "{out}");
        // The second kernel: its byval parameter 2 only (not the other annotation, nor the
        // scalar's local copy).
        assert!(out.contains("!15 = !{ptr @_Z2ktI3CfgEvT_iPf, !\"grid_constant\", !16}\n!16 = !{i32 2}\n"), "{out}");
    }

    #[test]
    fn ir_without_the_annotation_is_left_alone() {
        assert_eq!(annotate(&IR.replace("cuprite.grid_constant", "something.else")), None);
    }

    #[test]
    fn the_mark_goes() {
        let ptx = ".version 8.3\n.weak .global .align 1 .u8 _Z28__cuprite_grid_constant_usedIvE;\n.visible .entry k()\n{\n}\n";
        assert!(is_marked(ptx));
        assert_eq!(remove_mark(ptx), ".version 8.3\n.visible .entry k()\n{\n}\n");
    }
}
