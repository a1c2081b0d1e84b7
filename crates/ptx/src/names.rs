//! PTX symbol names for people: the C++ names (Itanium C++ ABI) that compilers give kernels,
//! device functions and variables, demangled.

/// The demangled form of an Itanium C++ ABI name (`_Z...`), if it is one.
pub fn demangle(name: &str) -> Option<String> {
    if !name.starts_with("_Z") {
        return None;
    }
    // A recursion limit well under what a fault report's thread stack allows.
    let options = cpp_demangle::ParseOptions::default().recursion_limit(64);
    let symbol = cpp_demangle::Symbol::new_with_options(name, &options).ok()?;
    let options = cpp_demangle::DemangleOptions::default().recursion_limit(64);
    symbol.demangle_with_options(&options).ok()
}

#[cfg(test)]
mod tests {
    use super::demangle;

    #[test]
    fn itanium_names_demangle_and_others_do_not() {
        assert_eq!(demangle("_Z5scaleIfEvPfi").as_deref(), Some("void scale<float>(float*, int)"));
        assert_eq!(demangle("_Z1kiz").as_deref(), Some("k(int, ...)"));
        assert_eq!(demangle("vecAdd"), None);
        assert_eq!(demangle("_Z"), None);
    }
}
