//! The PTX post-check: what clang emits passes through Cuprite's PTX front end (parse and
//! validate) before it is embedded, so that a program never carries PTX that Cuprite would
//! reject at load time.

/// Checks `text` (from `path`, for diagnostics); the rendered diagnostics on failure.
pub fn check(path: &str, text: &str) -> Result<(), String> {
    check_module(path, text).map(drop)
}

/// [`check`] for the PTX clang compiled from CUDA C++, which must also keep nvcc's rules on
/// kernels that clang does not enforce (see [`variadic_kernels`]).
pub fn check_clang_output(path: &str, text: &str) -> Result<(), String> {
    variadic_kernels(&check_module(path, text)?)
}

/// The module of `text`, or the rendered diagnostics.
fn check_module(path: &str, text: &str) -> Result<ptx::Module, String> {
    let (module, diags) = ptx::check(text);
    if diags.is_empty() {
        return Ok(module);
    }
    let n = diags.len();
    Err(format!(
        "{}{path}: {n} error{} in the PTX clang generated (Cuprite's PTX front end rejects it)",
        ptx::render_all(&diags, path, text),
        if n == 1 { "" } else { "s" }
    ))
}

/// nvcc's rule that clang does not enforce: "a __global__ function cannot have ellipsis". clang
/// compiles a variadic kernel, whose host stub then passes fewer arguments than the kernel's PTX
/// takes (its `va_list` too), and the launch read past them (a crash in cudaLaunchKernel).
/// The PTX names each kernel; a variadic one is refused by its C++ name.
fn variadic_kernels(module: &ptx::Module) -> Result<(), String> {
    let variadic: Vec<String> = module
        .items
        .iter()
        .filter_map(|item| match item {
            ptx::ast::Item::Func(f) if f.kind == ptx::ast::FuncKind::Entry => {
                let name = module.names.str(f.name);
                let readable = ptx::demangle(name)?;
                readable.ends_with("...)").then(|| format!("'{readable}' ({name})"))
            }
            _ => None,
        })
        .collect();
    if variadic.is_empty() {
        return Ok(());
    }
    Err(variadic
        .iter()
        .map(|k| format!("a __global__ function cannot have ellipsis: {k}"))
        .collect::<Vec<_>>()
        .join("\n"))
}

#[cfg(test)]
mod tests {
    use super::{check, check_clang_output};

    #[test]
    fn variadic_kernels_are_refused_by_name() {
        let module = |name: &str| {
            format!(
                ".version 8.3\n.target sm_90\n.address_size 64\n.visible .entry {name}(.param .u32 a, .param .u64 b) {{ ret; }}\n"
            )
        };
        let e = check_clang_output("k.ptx", &module("_Z1kiz")).unwrap_err();
        assert_eq!(e, "a __global__ function cannot have ellipsis: 'k(int, ...)' (_Z1kiz)");
        assert_eq!(check("k.ptx", &module("_Z1kiz")), Ok(()), "PTX written by hand may name kernels so");
        // A function-pointer parameter that is variadic, a class named like the code, C names.
        assert_eq!(check_clang_output("k.ptx", &module("_Z1kPFiizE")), Ok(()));
        assert_eq!(check_clang_output("k.ptx", &module("_Z1k4Fizz")), Ok(()));
        assert_eq!(check_clang_output("k.ptx", &module("kz")), Ok(()));
    }

    #[test]
    fn valid_ptx_passes_and_invalid_is_rendered() {
        let good = ".version 8.3\n.target sm_90\n.address_size 64\n.visible .entry k() { ret; }\n";
        assert_eq!(check("k.ptx", good), Ok(()));
        let bad = ".version 8.3\n.target sm_90\n.address_size 64\n.visible .entry k() { frob.u32 %r1; ret; }\n";
        let e = check("k.ptx", bad).unwrap_err();
        assert!(e.contains("k.ptx:4:") && e.contains("error"), "{e}");
    }
}
