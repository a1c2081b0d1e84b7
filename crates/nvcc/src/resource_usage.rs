//! `--resource-usage` (`-res-usage`): what each kernel of the device code uses, as nvcc shows it
//! after ptxas. There is no ptxas here: the PTX states a kernel's parameters and its local
//! (per-thread stack) memory, which this reports; registers and shared memory are assigned when
//! Cuprite loads the PTX, where `cudaFuncGetAttributes` reports them, which the report says.

use ptx::ast::{FuncKind, Item, Statement, VarDecl};
use ptx::types::StateSpace;

/// The bytes `d` declares (each name: its element size times its array dimensions; an
/// unsized array counts as empty).
fn declared_bytes(d: &VarDecl) -> u64 {
    d.names.iter().map(|n| n.dims.iter().map(|dim| dim.unwrap_or(0)).product::<u64>() * u64::from(d.ty.size())).sum()
}

/// The report for the PTX `text`: one line per kernel.
pub fn report(text: &str) -> String {
    let (module, _) = ptx::check(text);
    let mut out = String::new();
    for item in &module.items {
        let Item::Func(f) = item else { continue };
        if f.kind != FuncKind::Entry || f.body.is_none() {
            continue;
        }
        // Parameters are laid out in order, each at its alignment.
        let params = f.params.iter().fold(0u64, |end, p| {
            let align = u64::from(p.align.unwrap_or(p.ty.size()).max(1));
            end.next_multiple_of(align) + declared_bytes(p)
        });
        let local: u64 = f
            .body
            .iter()
            .flatten()
            .filter_map(|s| match s {
                Statement::Decl(d) if d.space == StateSpace::Local => Some(declared_bytes(d)),
                _ => None,
            })
            .sum();
        out.push_str(&format!(
            "cuprite nvcc: resource usage of kernel '{}' ({}): {params} bytes of parameters, {local} bytes of \
             local memory per thread; registers and shared memory are assigned when Cuprite loads the PTX \
             (cudaFuncGetAttributes reports them)\n",
            module.names.str(f.name),
            module.target.arch,
        ));
    }
    out
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
}
