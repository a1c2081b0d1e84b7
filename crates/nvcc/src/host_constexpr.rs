//! The host standard library's constexpr functions called from device code without
//! `--expt-relaxed-constexpr`. nvcc treats a constexpr function without `__device__` as a host
//! function unless that flag is given: calling `std::min`, `std::max`, `std::clamp`,
//! `std::make_tuple`, `std::get` (the rest: [`FUNCTIONS`]) or a `std::numeric_limits` member from a `__global__` or `__device__` function (or a `__device__`
//! lambda) is its error, from a `__host__ __device__` function its warning 20013:
//!
//! ```text
//! error: calling a constexpr __host__ function("min") from a __global__ function("k") is not
//! allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.
//! ```
//!
//! clang makes every constexpr function `__host__ __device__` (and its CUDA headers define
//! `std::min`/`std::max` for the device), so it accepts them. [`check`] finds such calls
//! lexically, in the bodies of functions whose declaration names `__global__` or `__device__`
//! in the file; calls through other names (`using std::min;`, a macro), constexpr member
//! functions (`std::array`'s `operator[]` and `size`) and constructors (`std::pair<int, int>
//! p(1, 2)`), which nvcc refuses as well, are left alone.

use crate::tokens::{Kind, Token, tokenize};

/// The `std::` functions checked (their names, as nvcc's message gives them): constexpr in
/// libstdc++ under C++17 (`bit_cast` exists only from C++20, constexpr there), each refused by
/// nvcc 13.0 in a kernel. `std::move`, `std::forward` and `std::abs` are not among them: nvcc
/// accepts those (builtins, and CUDA's own `abs` overloads).
const FUNCTIONS: [&[u8]; 16] = [
    b"min",
    b"max",
    b"clamp",
    b"minmax",
    b"min_element",
    b"max_element",
    b"minmax_element",
    b"make_tuple",
    b"make_pair",
    b"tie",
    b"forward_as_tuple",
    b"tuple_cat",
    b"get",
    b"as_const",
    b"addressof",
    b"bit_cast",
];

/// What kind of function a body belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Space {
    Host,
    /// `__host__ __device__`: nvcc warns.
    Both,
    /// `__device__` or `__global__` (the word, for the message): nvcc refuses.
    Device(&'static str),
}

/// nvcc's diagnostics for the calls in `source` (the file `file`), rendered as clang renders
/// its own: `(errors, warnings)`.
pub fn check(source: &[u8], file: &str) -> (Vec<String>, Vec<String>) {
    let tokens = tokenize(source);
    let (mut errors, mut warnings) = (Vec::new(), Vec::new());
    // For each open brace: the space of the code in it and the function's name.
    let mut scopes: Vec<(Space, String)> = Vec::new();
    // Where the declaration before the next brace began.
    let mut header = 0;
    for (i, t) in tokens.iter().enumerate() {
        if t.kind == Kind::Directive {
            header = i + 1;
            continue;
        }
        let text = t.text(source);
        match text {
            b"{" if t.kind == Kind::Punct => {
                let outer = scopes.last().map_or(Space::Host, |s| s.0);
                let name = scopes.last().map(|s| s.1.clone()).unwrap_or_default();
                let scope = match declared(source, &tokens[header..i]) {
                    Some((Space::Host, _)) | None => (outer, name),
                    Some(declared) => declared,
                };
                scopes.push(scope);
                header = i + 1;
            }
            b"}" | b";" if t.kind == Kind::Punct => {
                if text == b"}" {
                    scopes.pop();
                }
                header = i + 1;
            }
            b"std" if t.kind == Kind::Word => {
                let Some((space, caller)) = scopes.last() else { continue };
                if *space == Space::Host {
                    continue;
                }
                // `cuda::std::min` is libcu++'s, a device function.
                let qualified = i >= 2 && tokens[i - 1].is(source, b"::") && tokens[i - 2].kind == Kind::Word;
                if qualified {
                    continue;
                }
                let Some(callee) = called(source, &tokens[i..]) else { continue };
                let (word, severity) = match space {
                    Space::Device(word) => (*word, "error"),
                    _ => ("__host__ __device__", "warning"),
                };
                let message = format!(
                    "calling a constexpr __host__ function(\"{callee}\") from a {word} function(\"{caller}\") is not \
                     allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this."
                );
                let rendered = crate::source_diagnostics::render(source, file, t.start, severity, &message);
                if severity == "error" { errors.push(rendered) } else { warnings.push(rendered) }
            }
            _ => {}
        }
    }
    (errors, warnings)
}

/// The space and name of the function whose declaration `header` is, if it declares one
/// (`... name(params) ... {`) or a lambda (`[captures] __device__ (params) {`).
fn declared(source: &[u8], header: &[Token]) -> Option<(Space, String)> {
    let words: Vec<&[u8]> = header.iter().filter(|t| t.kind == Kind::Word).map(|t| t.text(source)).collect();
    let space = match (words.contains(&&b"__device__"[..]), words.contains(&&b"__global__"[..])) {
        (_, true) => Space::Device("__global__"),
        (true, _) if words.contains(&&b"__host__"[..]) => Space::Both,
        (true, _) => Space::Device("__device__"),
        _ => Space::Host,
    };
    // A function's declarator has parentheses, and no `=` before them (an initializer's
    // braces follow `=`).
    let open = header.iter().position(|t| t.is(source, b"("))?;
    if header[..open].iter().any(|t| t.is(source, b"=")) && !header.iter().any(|t| t.is(source, b"[")) {
        return None;
    }
    // A lambda: `]` then specifiers before its parameters.
    let lambda = header[..open].iter().rposition(|t| t.is(source, b"]")).is_some_and(|close| {
        header[close + 1..open].iter().all(|t| t.kind == Kind::Word && t.text(source).starts_with(b"__"))
    });
    let name = if lambda {
        "operator()".to_string()
    } else {
        let before = header[..open].iter().rev().find(|t| t.kind == Kind::Word)?;
        String::from_utf8_lossy(before.text(source)).into_owned()
    };
    Some((space, name))
}

/// The function a call starting at `std` names: `std::min(`, `std::max<int>(`,
/// `std::numeric_limits<T>::max(`.
fn called(source: &[u8], tokens: &[Token]) -> Option<String> {
    let is = |k: usize, text: &[u8]| tokens.get(k).is_some_and(|t| t.text(source) == text);
    if !is(1, b"::") {
        return None;
    }
    let name = tokens.get(2)?.text(source);
    // Past a template argument list, if one follows.
    let after_template = |mut k: usize| {
        if !is(k, b"<") {
            return Some(k);
        }
        let mut depth = 0usize;
        while let Some(t) = tokens.get(k) {
            match t.text(source) {
                b"<" => depth += 1,
                b">" => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(k + 1);
                    }
                }
                b";" | b"{" | b"}" => return None,
                _ => {}
            }
            k += 1;
        }
        None
    };
    if FUNCTIONS.contains(&name) {
        let k = after_template(3)?;
        return is(k, b"(").then(|| String::from_utf8_lossy(name).into_owned());
    }
    if name == b"numeric_limits" {
        let k = after_template(3)?;
        let member = tokens.get(k + 1)?;
        return (is(k, b"::") && member.kind == Kind::Word && is(k + 2, b"("))
            .then(|| String::from_utf8_lossy(member.text(source)).into_owned());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The calls of m3.cu, with nvcc 13.0's verdicts: a warning in the `__host__ __device__`
    /// function, errors in `__device__` functions (a template's too), a `__device__` lambda and
    /// the kernel; host code and CUDA's own `min` are left alone.
    #[test]
    fn calls_in_device_code_are_nvccs_errors() {
        let source = b"#include <algorithm>\n\
            __host__ __device__ int hd(int a, int b) { return std::min(a, b); }\n\
            template <class T> __device__ T tmax(T a, T b) { return std::max<T>(a, b); }\n\
            __device__ float lim() { return std::numeric_limits<float>::infinity(); }\n\
            __global__ void k(int *p) {\n\
              auto f = [] __device__ (int x) { return std::min(x, 3); };\n\
              p[3] = std::clamp(p[5], 0, 9) + min(p[1], p[2]) + f(1) + cuda::std::min(1, 2);\n\
            }\n\
            int host(int a) { auto g = [](int x) { return std::max(x, 1); }; return std::min(a, g(2)); }\n\
            struct S { __device__ int m(int a) { return std::max(a, 0); } int h(int a) { return std::max(a, 0); } };\n\
            __device__ int table[2] = {1, 2};\n";
        let (errors, warnings) = check(source, "m3.cu");
        assert_eq!(warnings.len(), 1, "{warnings:?} {errors:?}");
        assert!(warnings[0].starts_with(
            "m3.cu:2:51: warning: calling a constexpr __host__ function(\"min\") from a __host__ __device__ \
             function(\"hd\") is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.\n"
        ), "{}", warnings[0]);
        let heads: Vec<&str> = errors.iter().map(|e| e.split(" is not allowed").next().unwrap()).collect();
        assert_eq!(
            heads,
            [
                "m3.cu:3:57: error: calling a constexpr __host__ function(\"max\") from a __device__ function(\"tmax\")",
                "m3.cu:4:33: error: calling a constexpr __host__ function(\"infinity\") from a __device__ function(\"lim\")",
                "m3.cu:6:41: error: calling a constexpr __host__ function(\"min\") from a __device__ function(\"operator()\")",
                "m3.cu:7:8: error: calling a constexpr __host__ function(\"clamp\") from a __global__ function(\"k\")",
                "m3.cu:10:45: error: calling a constexpr __host__ function(\"max\") from a __device__ function(\"m\")",
            ]
        );
    }

    /// The `<tuple>`/`<utility>` calls of tup.cu, with nvcc 13.0's messages; `std::move`,
    /// `std::forward` and `std::abs`, which nvcc accepts in a kernel, are left alone.
    #[test]
    fn tuple_and_utility_calls_are_nvccs_errors() {
        let source = b"#include <tuple>\n\
            __global__ void k(int *p) {\n\
              auto t = std::make_tuple(1, 2.5f, 3);\n\
              p[0] = std::get<0>(t) + std::get<2>(t);\n\
              auto q = std::make_pair(4, 5); int a, b;\n\
              std::tie(a, b) = q; p[1] = *std::addressof(a) + std::as_const(b);\n\
              p[2] = std::move(a) + std::forward<int &>(b) + std::abs(p[3]);\n\
            }\n";
        let (errors, warnings) = check(source, "tup.cu");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(errors[0].starts_with(
            "tup.cu:3:10: error: calling a constexpr __host__ function(\"make_tuple\") from a __global__ \
             function(\"k\") is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.\n"
        ), "{}", errors[0]);
        let heads: Vec<&str> = errors.iter().map(|e| e.split(" from a ").next().unwrap()).collect();
        assert_eq!(
            heads,
            [
                "tup.cu:3:10: error: calling a constexpr __host__ function(\"make_tuple\")",
                "tup.cu:4:8: error: calling a constexpr __host__ function(\"get\")",
                "tup.cu:4:25: error: calling a constexpr __host__ function(\"get\")",
                "tup.cu:5:10: error: calling a constexpr __host__ function(\"make_pair\")",
                "tup.cu:6:1: error: calling a constexpr __host__ function(\"tie\")",
                "tup.cu:6:29: error: calling a constexpr __host__ function(\"addressof\")",
                "tup.cu:6:49: error: calling a constexpr __host__ function(\"as_const\")",
            ]
        );
    }
}
