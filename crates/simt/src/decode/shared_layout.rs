//! Where each `.shared` variable lives, per kernel. A block's shared window holds its kernel's
//! own static variables (those the kernel and the functions it calls name) and then the
//! dynamic area, as ptxas lays it out: not every variable of the module. Clang emits a
//! kernel's function-scope `__shared__` variables at module scope, so summing the module would
//! give every kernel every other kernel's arrays (and an access past a kernel's own variables
//! would land in another kernel's instead of faulting).
//!
//! A device function is decoded once for every kernel that calls it, so the variables device
//! functions name (the *common* ones) sit at the same offsets, at the bottom, in every kernel
//! that reaches one of them; a kernel's other variables follow. Likewise the dynamic area sits
//! at one offset for every kernel reaching a device function that names it.

use std::collections::{HashMap, HashSet};

use ptx::ast::{Function, Name, Operand, Statement};
use ptx::types::Opcode;

use super::{Sym, align_up};

/// A static `.shared` variable: its name, size and alignment, in declaration order.
pub(super) struct SharedVar {
    pub name: Name,
    pub size: u64,
    pub align: u64,
}

/// The shared-memory symbols each function is decoded with.
pub(super) struct SharedLayouts {
    /// For device functions: the common variables, and the dynamic area at its common offset.
    pub functions: HashMap<Name, Sym>,
    /// Per function (the module's function order), for kernels: their symbols and the size of
    /// their static part (where their dynamic area starts).
    pub kernels: Vec<Option<(HashMap<Name, Sym>, u64)>>,
}

/// The names a function body mentions (operands and its own `.shared` declarations), and
/// whether it calls through a register.
fn mentions(f: &Function, functions: &HashMap<Name, u32>) -> (HashSet<Name>, bool) {
    let mut names = HashSet::new();
    let mut indirect = false;
    for s in f.body.iter().flatten() {
        match s {
            Statement::Instr(i) => {
                for o in &i.operands {
                    o.for_each_name(&mut |n| {
                        names.insert(n);
                    });
                }
                if i.opcode == Opcode::Call {
                    // `call (rets), target, (args)`: the target is the first plain name.
                    let target = i.operands.iter().find_map(|o| match o {
                        Operand::Name(n) => Some(*n),
                        _ => None,
                    });
                    indirect |= target.is_none_or(|t| !functions.contains_key(&t));
                }
            }
            Statement::Decl(d) => names.extend(d.names.iter().map(|n| n.name)),
            _ => {}
        }
    }
    (names, indirect)
}

impl SharedLayouts {
    /// Lays out `vars` and the dynamic area (`dynamic`: the `.extern .shared` names, aligned
    /// to `dyn_align`) for each of `funcs` (`kernel[i]`: whether function `i` is a kernel).
    pub(super) fn plan(
        funcs: &[&Function],
        kernel: &[bool],
        vars: &[SharedVar],
        dynamic: &[Name],
        dyn_align: u64,
    ) -> Self {
        let index: HashMap<Name, u32> = funcs.iter().enumerate().map(|(i, f)| (f.name, i as u32)).collect();
        let var_of: HashMap<Name, usize> = vars.iter().enumerate().map(|(i, v)| (v.name, i)).collect();
        let dynamic: HashSet<Name> = dynamic.iter().copied().collect();
        // Per function: the variables it names, whether it names the dynamic area, its
        // callees (every function it names: calls and addresses taken), an indirect call.
        struct Uses {
            vars: Vec<usize>,
            dynamic: bool,
            callees: Vec<usize>,
            indirect: bool,
        }
        let uses: Vec<Uses> = funcs
            .iter()
            .map(|f| {
                let (names, indirect) = mentions(f, &index);
                let mut vars: Vec<usize> = names.iter().filter_map(|n| var_of.get(n).copied()).collect();
                vars.sort_unstable();
                Uses {
                    vars,
                    dynamic: names.iter().any(|n| dynamic.contains(n)),
                    callees: names.iter().filter_map(|n| index.get(n).map(|&i| i as usize)).collect(),
                    indirect,
                }
            })
            .collect();
        // The common variables, at the bottom of every layout that has them.
        let mut common_var = vec![false; vars.len()];
        for (u, _) in uses.iter().zip(kernel).filter(|(_, k)| !**k) {
            u.vars.iter().for_each(|&v| common_var[v] = true);
        }
        let mut functions = HashMap::new();
        let mut common_end = 0u64;
        for var in vars.iter().zip(&common_var).filter(|(_, common)| **common).map(|(var, _)| var) {
            let at = align_up(common_end, var.align);
            functions.insert(var.name, Sym::Shared(at, var.size));
            common_end = at + var.size;
        }
        // Per kernel: the functions it reaches (all of them through an indirect call).
        let reach = |k: usize| -> Vec<usize> {
            let mut seen = vec![false; funcs.len()];
            let mut stack = vec![k];
            while let Some(i) = stack.pop() {
                if std::mem::replace(&mut seen[i], true) {
                    continue;
                }
                if uses[i].indirect {
                    return (0..funcs.len()).collect();
                }
                stack.extend(uses[i].callees.iter().copied().filter(|&c| !seen[c]));
            }
            (0..funcs.len()).filter(|&i| seen[i]).collect()
        };
        // Per kernel: its symbols, the end of its static part, whether a function it calls
        // names the dynamic area.
        struct Planned {
            syms: HashMap<Name, Sym>,
            end: u64,
            dyn_in_callee: bool,
        }
        let mut kernels: Vec<Option<Planned>> = Vec::with_capacity(funcs.len());
        for k in 0..funcs.len() {
            if !kernel[k] {
                kernels.push(None);
                continue;
            }
            let reached = reach(k);
            let callees = reached.iter().filter(|&&i| i != k && !kernel[i]);
            let (mut with_common, mut dyn_in_callee) = (false, false);
            for &c in callees {
                with_common |= !uses[c].vars.is_empty();
                dyn_in_callee |= uses[c].dynamic;
            }
            let mut syms = HashMap::new();
            let mut end = 0;
            if with_common {
                syms.clone_from(&functions);
                end = common_end;
            }
            for &v in &uses[k].vars {
                if let std::collections::hash_map::Entry::Vacant(slot) = syms.entry(vars[v].name) {
                    let at = align_up(end, vars[v].align);
                    slot.insert(Sym::Shared(at, vars[v].size));
                    end = at + vars[v].size;
                }
            }
            kernels.push(Some(Planned { syms, end, dyn_in_callee }));
        }
        // The dynamic area: after the kernel's own variables, or where every kernel reaching a
        // device function that names it has room for it.
        let common_dyn = kernels
            .iter()
            .flatten()
            .filter(|k| k.dyn_in_callee)
            .map(|k| align_up(k.end, dyn_align))
            .max()
            .unwrap_or_else(|| align_up(common_end, dyn_align));
        for &n in &dynamic {
            functions.insert(n, Sym::Shared(common_dyn, 0));
        }
        let kernels = kernels
            .into_iter()
            .map(|k| {
                k.map(|Planned { mut syms, end, dyn_in_callee }| {
                    let base = if dyn_in_callee { common_dyn } else { align_up(end, dyn_align) };
                    for &n in &dynamic {
                        syms.insert(n, Sym::Shared(base, 0));
                    }
                    (syms, base)
                })
            })
            .collect();
        SharedLayouts { functions, kernels }
    }
}
