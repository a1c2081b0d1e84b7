//! `--resource-usage` (`-res-usage`, and ptxas's `-v`): what each kernel of the device code
//! uses, as nvcc shows it after ptxas. There is no ptxas here: the PTX states a kernel's
//! parameters, its local (per-thread stack) memory and the static shared memory it reaches,
//! which this reports; registers are assigned when Cuprite loads the PTX, where
//! `cudaFuncGetAttributes` reports them, which the report says.

use std::collections::{HashMap, HashSet};

use ptx::ast::{FuncKind, Function, Item, Name, Statement, VarDecl};
use ptx::types::StateSpace;

/// The bytes `d` declares (each name: its element size times its array dimensions; an
/// unsized array counts as empty).
fn declared_bytes(d: &VarDecl) -> u64 {
    d.names.iter().map(|n| n.dims.iter().map(|dim| dim.unwrap_or(0)).product::<u64>() * u64::from(d.ty.size())).sum()
}

/// The report for the PTX `text`: one line per kernel.
pub fn report(text: &str) -> String {
    let (module, _) = ptx::check(text);
    let functions: HashMap<Name, &Function> = module
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Func(f) if f.body.is_some() => Some((f.name, f.as_ref())),
            _ => None,
        })
        .collect();
    let shared_variables: HashMap<Name, &VarDecl> = module
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Var(v) if v.space == StateSpace::Shared => Some(v),
            _ => None,
        })
        .flat_map(|v| v.names.iter().map(move |n| (n.name, v)))
        .collect();
    let mut out = String::new();
    let kernels = module.items.iter().filter_map(|item| match item {
        Item::Func(f) if f.kind == FuncKind::Entry && f.body.is_some() => Some(f.as_ref()),
        _ => None,
    });
    for f in kernels {
        // Parameters are laid out in order, each at its alignment.
        let params = f.params.iter().fold(0u64, |end, p| {
            let align = u64::from(p.align.unwrap_or(p.ty.size()).max(1));
            end.next_multiple_of(align) + declared_bytes(p)
        });
        let local = declared_in(f, StateSpace::Local);
        let shared = static_shared_bytes(f, &functions, &shared_variables);
        out.push_str(&format!(
            "cuprite nvcc: resource usage of kernel '{}' ({}): {params} bytes of parameters, {local} bytes of \
             local memory per thread, {shared} bytes of static shared memory; registers are assigned when Cuprite \
             loads the PTX (cudaFuncGetAttributes reports them)\n",
            module.names.str(f.name),
            module.target.arch,
        ));
    }
    out
}

/// The bytes a function's body declares in `space`.
fn declared_in(f: &Function, space: StateSpace) -> u64 {
    f.body
        .iter()
        .flatten()
        .filter_map(|s| match s {
            Statement::Decl(d) if d.space == space => Some(declared_bytes(d)),
            _ => None,
        })
        .sum()
}

/// The static shared memory of `kernel`: its own `.shared` declarations, and the module's
/// `.shared` variables (where clang puts a function's `__shared__` variables) that it or a
/// function it calls, directly or not, names; each counted once, at its alignment. An unsized
/// (`extern`, dynamic) array counts nothing.
fn static_shared_bytes(
    kernel: &Function,
    functions: &HashMap<Name, &Function>,
    shared_variables: &HashMap<Name, &VarDecl>,
) -> u64 {
    let mut seen_functions: HashSet<Name> = HashSet::from([kernel.name]);
    let mut pending = vec![kernel];
    let mut variables: Vec<Name> = Vec::new();
    let mut bytes = 0u64;
    while let Some(f) = pending.pop() {
        bytes += declared_in(f, StateSpace::Shared);
        for statement in f.body.iter().flatten() {
            let Statement::Instr(instruction) = statement else { continue };
            for operand in instruction.operands.iter() {
                operand.for_each_name(&mut |name| {
                    if let Some(callee) = functions.get(&name)
                        && seen_functions.insert(name)
                    {
                        pending.push(callee);
                    } else if shared_variables.contains_key(&name) && !variables.contains(&name) {
                        variables.push(name);
                    }
                });
            }
        }
    }
    for name in variables {
        let Some(v) = shared_variables.get(&name) else { continue };
        let align = u64::from(v.align.unwrap_or(v.ty.size()).max(1));
        let size: u64 = v
            .names
            .iter()
            .filter(|n| n.name == name)
            .map(|n| n.dims.iter().map(|d| d.unwrap_or(0)).product::<u64>() * u64::from(v.ty.size()))
            .sum();
        bytes = bytes.next_multiple_of(align) + size;
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::report;

    /// A kernel's parameters (aligned in order: 4 + pad 4 + 8 + 2x8) and its local arrays.
    #[test]
    fn parameters_and_local_memory_of_each_kernel() {
        let ptx = ".version 8.3\n.target sm_90\n.address_size 64\n\
            .visible .entry k(.param .u32 n, .param .u64 p, .param .align 8 .b8 s[16])\n\
            { .local .align 4 .b8 stack[40]; ret; }\n\
            .func helper() { ret; }\n\
            .visible .entry empty() { ret; }\n";
        let r = report(ptx);
        let lines: Vec<&str> = r.lines().collect();
        assert_eq!(lines.len(), 2, "{r}");
        assert!(lines[0].contains("kernel 'k' (sm_90): 32 bytes of parameters, 40 bytes of local"), "{r}");
        assert!(lines[1].contains("kernel 'empty' (sm_90): 0 bytes of parameters, 0 bytes of local"), "{r}");
    }

    /// Static shared memory: the kernel's own `.shared` declarations and the module's `.shared`
    /// variables it or its callees (transitively) name, each once, aligned; not those of other
    /// kernels, nor an unsized extern array.
    #[test]
    fn static_shared_memory_reached_from_each_kernel() {
        let ptx = ".version 8.3\n.target sm_90\n.address_size 64\n\
            .shared .align 4 .b8 a[12];\n.shared .align 16 .b8 b[32];\n.shared .align 8 .b8 c[8];\n\
            .extern .shared .align 16 .b8 dynamic[];\n\
            .func g() { .reg .b64 %rd<2>; mov.u64 %rd1, b; mov.u64 %rd1, dynamic; ret; }\n\
            .func f() { .reg .b64 %rd<2>; mov.u64 %rd1, a; call g, (); ret; }\n\
            .visible .entry k() { .shared .align 4 .b8 own[4]; .reg .b64 %rd<2>; mov.u64 %rd1, a; call f, (); call f, (); ret; }\n\
            .visible .entry other() { .reg .b64 %rd<2>; mov.u64 %rd1, c; ret; }\n";
        let r = report(ptx);
        let lines: Vec<&str> = r.lines().collect();
        // k: own 4, then a (12) at 4, b (32) at 16: 48.
        assert!(lines[0].contains("kernel 'k' (sm_90): 0 bytes of parameters, 0 bytes of local memory per thread, 48 bytes of static shared memory"), "{r}");
        assert!(lines[1].contains("kernel 'other' (sm_90): 0 bytes of parameters, 0 bytes of local memory per thread, 8 bytes of static shared memory"), "{r}");
    }
}
