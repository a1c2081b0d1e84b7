//! `--resource-usage` (`-res-usage`, and ptxas's `-v`): what each kernel of the device code
//! uses, in ptxas's lines as nvcc prints them after ptxas (build scripts read them), from what
//! the PTX states: the module's global memory, each function's stack frame (its local memory),
//! the barriers and the static shared memory each kernel reaches. Nothing spills (Cuprite
//! compiles no machine code), and the registers are those Cuprite's runtime reports for a kernel
//! loaded from PTX (`cudaFuncGetAttributes`' `numRegs`), not ptxas's allocation.

use std::collections::{HashMap, HashSet};

use ptx::ast::Imm;
use ptx::ast::{FuncKind, Function, Item, Name, Operand, Statement, VarDecl};
use ptx::keyword::Kw;
use ptx::types::{Opcode, StateSpace};

/// The registers a kernel uses as `cudaFuncGetAttributes` reports under Cuprite for a kernel
/// loaded from PTX (`crates/runtime/src/module.rs`: a typical kernel's count, which bounds
/// nothing below 1024 threads).
const REGISTERS: u32 = 32;

/// The warning nvcc 13.0 prints instead of the report for relocatable device code compiled
/// without a device link (`-rdc=true -c --resource-usage`): registers are allocated at the link.
pub const NOT_FINAL: &str = "nvcc warning : Resource usage is not shown as the final resource allocation is not done.";

/// The bytes `d` declares (each name: its element size times its array dimensions; an
/// unsized array counts as empty).
fn declared_bytes(d: &VarDecl) -> u64 {
    d.names.iter().map(|n| n.dims.iter().map(|dim| dim.unwrap_or(0)).product::<u64>() * u64::from(d.ty.size())).sum()
}

/// ptxas's report for the PTX `text` (`relocatable`: compiled with `-rdc`, where ptxas gives
/// no cumulative stack sizes): the module's global memory, then each kernel, last defined
/// first, then each other function's frame, in the order and words of ptxas 13.0:
///
/// ```text
/// ptxas info    : 28 bytes gmem
/// ptxas info    : Compiling entry function '_Z5firstPi' for 'sm_90'
/// ptxas info    : Function properties for _Z5firstPi
///     32 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
/// ptxas info    : Used 14 registers, used 1 barriers, 32 bytes cumulative stack size, 256 bytes smem
/// ptxas info    : Function properties for _Z6helperi
///     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
/// ```
pub fn report(text: &str, relocatable: bool) -> String {
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
    let global: u64 = module
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Var(v) if v.space == StateSpace::Global => Some(declared_bytes(v)),
            _ => None,
        })
        .sum();
    let arch = &module.target.arch;
    let name = |f: &Function| module.names.str(f.name).to_string();
    let frame_line = |f: &Function| {
        format!(
            "    {} bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n",
            declared_in(f, StateSpace::Local)
        )
    };
    let mut out = format!("ptxas info    : {global} bytes gmem\n");
    // The other functions ptxas reports are those the kernels call (not the wrapper's unused
    // `__cxa_pure_virtual`, which NVVM's PTX does not have).
    let mut called: HashSet<Name> = HashSet::new();
    let with_bodies = || {
        module.items.iter().rev().filter_map(|item| match item {
            Item::Func(f) if f.body.is_some() => Some(f.as_ref()),
            _ => None,
        })
    };
    for f in with_bodies().filter(|f| f.kind == FuncKind::Entry) {
        let reached = reached_functions(f, &functions);
        called.extend(reached.iter().skip(1).map(|g| g.name));
        let mut used = format!("Used {REGISTERS} registers, used {} barriers", barriers(&reached));
        let stack = cumulative_stack(f, &functions, &mut HashSet::new());
        if !relocatable && stack > 0 {
            used.push_str(&format!(", {stack} bytes cumulative stack size"));
        }
        let shared = static_shared_bytes(&reached, &shared_variables);
        if shared > 0 {
            used.push_str(&format!(", {shared} bytes smem"));
        }
        out.push_str(&format!(
            "ptxas info    : Compiling entry function '{0}' for '{arch}'\nptxas info    : Function properties for {0}\n{1}\
             ptxas info    : {used}\n",
            name(f),
            frame_line(f),
        ));
    }
    for f in with_bodies().filter(|f| f.kind != FuncKind::Entry && called.contains(&f.name)) {
        out.push_str(&format!("ptxas info    : Function properties for {}\n{}", name(f), frame_line(f)));
    }
    out
}

/// `kernel` and the functions it calls, directly or not, each once.
fn reached_functions<'a>(kernel: &'a Function, functions: &HashMap<Name, &'a Function>) -> Vec<&'a Function> {
    let mut seen: HashSet<Name> = HashSet::from([kernel.name]);
    let mut reached = vec![kernel];
    let mut next = 0;
    while let Some(f) = reached.get(next).copied() {
        next += 1;
        for name in named(f) {
            if let Some(callee) = functions.get(&name)
                && seen.insert(name)
            {
                reached.push(callee);
            }
        }
    }
    reached
}

/// The names the instructions of `f` use, in order.
fn named(f: &Function) -> Vec<Name> {
    let mut names = Vec::new();
    for statement in f.body.iter().flatten() {
        let Statement::Instr(instruction) = statement else { continue };
        for operand in instruction.operands.iter() {
            operand.for_each_name(&mut |name| names.push(name));
        }
    }
    names
}

/// How many named barriers the functions use (`bar.sync 0` and `barrier.sync 1`: two; a
/// barrier chosen at run time may be any of the 16).
fn barriers(functions: &[&Function]) -> usize {
    let mut ids = HashSet::new();
    for statement in functions.iter().flat_map(|f| f.body.iter().flatten()) {
        let Statement::Instr(ins) = statement else { continue };
        if !matches!(ins.opcode, Opcode::Bar | Opcode::Barrier) || ins.has(Kw::Warp) {
            continue;
        }
        match ins.operands.first() {
            Some(Operand::Imm(Imm::Int(id))) => {
                ids.insert(*id);
            }
            _ => return 16,
        }
    }
    ids.len()
}

/// The stack `f` needs with its deepest chain of calls (a call back into a function on the
/// chain adds nothing more).
fn cumulative_stack(f: &Function, functions: &HashMap<Name, &Function>, chain: &mut HashSet<Name>) -> u64 {
    if !chain.insert(f.name) {
        return 0;
    }
    let deepest = named(f)
        .into_iter()
        .collect::<HashSet<_>>()
        .into_iter()
        .filter_map(|n| functions.get(&n))
        .map(|callee| cumulative_stack(callee, functions, chain))
        .max()
        .unwrap_or(0);
    chain.remove(&f.name);
    declared_in(f, StateSpace::Local) + deepest
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

/// The static shared memory of a kernel: the `.shared` declarations of it and the functions
/// it calls (`reached`), and the module's `.shared` variables (where clang puts a function's
/// `__shared__` variables) that they name; each counted once, at its alignment. An unsized
/// (`extern`, dynamic) array counts nothing.
fn static_shared_bytes(reached: &[&Function], shared_variables: &HashMap<Name, &VarDecl>) -> u64 {
    let mut variables: Vec<Name> = Vec::new();
    let mut bytes = 0u64;
    for f in reached {
        bytes += declared_in(f, StateSpace::Shared);
        for name in named(f) {
            if shared_variables.contains_key(&name) && !variables.contains(&name) {
                variables.push(name);
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

    /// ptxas's lines (nvcc 13.0's `-Xptxas -v` for a module of the same shape, recorded): the
    /// global memory, then the kernels last defined first (frame, barriers, the cumulative stack
    /// of the deepest call chain, shared memory), then the functions they call; not a function
    /// no kernel calls. With `-rdc`, no cumulative stack.
    #[test]
    fn ptxas_lines_for_each_kernel_and_called_function() {
        let ptx = ".version 8.3\n.target sm_90\n.address_size 64\n\
            .global .align 8 .b8 gd[24];\n.global .align 4 .u32 gi;\n\
            .func (.param .b32 r) helper(.param .b32 x) { .local .align 4 .b8 loc[32]; ret; }\n\
            .func unused() { ret; }\n\
            .visible .entry first(.param .u64 p) { .reg .b32 %r<2>; call (%r1), helper, (%r1); ret; }\n\
            .visible .entry second(.param .u64 p) { .shared .align 4 .b8 s[256]; bar.sync 0; barrier.sync 0; \
            bar.sync 1; bar.warp.sync -1; ret; }\n\
            .visible .entry third() { ret; }\n";
        let frame = "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n";
        let expected = format!(
            "ptxas info    : 28 bytes gmem\n\
             ptxas info    : Compiling entry function 'third' for 'sm_90'\n\
             ptxas info    : Function properties for third\n{frame}\
             ptxas info    : Used 32 registers, used 0 barriers\n\
             ptxas info    : Compiling entry function 'second' for 'sm_90'\n\
             ptxas info    : Function properties for second\n{frame}\
             ptxas info    : Used 32 registers, used 2 barriers, 256 bytes smem\n\
             ptxas info    : Compiling entry function 'first' for 'sm_90'\n\
             ptxas info    : Function properties for first\n{frame}\
             ptxas info    : Used 32 registers, used 0 barriers, 32 bytes cumulative stack size\n\
             ptxas info    : Function properties for helper\n\
             \x20   32 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
        );
        assert_eq!(report(ptx, false), expected);
        assert_eq!(report(ptx, true), expected.replace(", 32 bytes cumulative stack size", ""));
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
        let r = report(ptx, false);
        let used: Vec<&str> = r.lines().filter(|l| l.contains("Used")).collect();
        // other (reported first: defined last): c, 8; k: own 4, then a (12) at 4, b (32) at 16: 48.
        assert_eq!(
            used,
            [
                "ptxas info    : Used 32 registers, used 0 barriers, 8 bytes smem",
                "ptxas info    : Used 32 registers, used 0 barriers, 48 bytes smem"
            ],
            "{r}"
        );
    }
}
