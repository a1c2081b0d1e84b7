//! Kernel launches in device code (dynamic parallelism): `child<<<grid, block, shared,
//! stream>>>(args)` in a `__global__` or `__device__` function. nvcc compiles them under
//! `-rdc=true` into calls of the device runtime; clang 19 rejects them ("reference to
//! __global__ function 'child' in __global__ function": clang 19 has no device-side launch),
//! but accepts a kernel named in a template argument, a constant-evaluated context. So under
//! `-rdc=true` the driver compiles a copy of the source in which each launch in device code is
//! a use of the launcher in `include/cuprite/device_runtime.h` (a macro, so that clang's
//! diagnostics on the line read like the source):
//!
//! ```text
//! __cuprite_device_launch(child)(grid, block, shared, stream)(args)
//! ```
//!
//! Device code is told apart by the text: a launch is rewritten when a brace it lies in opens
//! a body whose declaration names `__global__` or `__device__` (or a macro of the file whose
//! definition does), so host functions keep their `<<<>>>`. A launch written by a macro of the
//! file is rewritten in the macro's definition when clang has reported one (the driver builds
//! again; the launcher serves host code too). A header where clang reports a launch, or whose
//! macro wrote one, is compiled the same way, as a rewritten copy read under the header's own
//! name (see [`crate::header_rewrites`]). A launch this does not recognize (in a body whose
//! specifier comes from another file's macro, assembled by a macro from pieces, of a kernel
//! named by something other than a possibly qualified name or template-id) is left as it is,
//! and clang reports it; the driver then adds an error at each such place saying why. Line
//! breaks are kept, so every line keeps its number.

use crate::launch_chevrons::{skip_block_comment, skip_line_comment, skip_literal};

/// `source` with its kernel launches in device code rewritten into calls of the device-runtime
/// launcher, or `None` when it has none. With `in_macros`, launches in the bodies of the file's
/// `#define`s are rewritten too, wherever the macro is used: the launcher launches from host
/// code as `<<<>>>` does, so the rewrite is right in both; the driver asks for it only when
/// clang reported a device-side launch written by a macro of a compiled file.
pub fn rewrite(source: &[u8], in_macros: bool) -> Option<Vec<u8>> {
    let bytes = source;
    let mut out = Vec::new();
    let mut copied = 0;
    // Whether each open brace is in device code.
    let mut scopes: Vec<bool> = Vec::new();
    // Whether the declaration since the last `;`, `{` or `}` names a device specifier.
    let mut header_is_device = false;
    // The specifiers, and the file's macros that expand to one.
    let mut device_words: Vec<Vec<u8>> = vec![b"__global__".to_vec(), b"__device__".to_vec()];
    let mut at_line_start = true;
    let mut last_word: &[u8] = b"";
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'#' && at_line_start {
            let end = directive_end(bytes, i);
            if let Some(name) = device_macro(&bytes[i..end], &device_words) {
                device_words.push(name);
            }
            if in_macros && is_define(&bytes[i..end]) {
                let mut j = i;
                while let Some(at) = bytes[j..end].windows(3).position(|w| w == b"<<<") {
                    let chevron = j + at;
                    match parse_launch(bytes, chevron) {
                        Some(l) if l.end <= end && l.kernel.start > i && l.kernel.start >= copied => {
                            out.extend_from_slice(&source[copied..l.kernel.start]);
                            push_launcher_call(&mut out, &l, source);
                            copied = l.end;
                            j = l.end;
                        }
                        _ => j = chevron + 3,
                    }
                }
            }
            i = end;
            continue;
        }
        if c == b'\n' {
            at_line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        at_line_start = false;
        match c {
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = skip_line_comment(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => i = skip_block_comment(bytes, i),
            b'"' | b'\'' => i = skip_literal(bytes, i),
            b'{' => {
                let outer = scopes.last().copied().unwrap_or(false);
                scopes.push(outer || header_is_device);
                header_is_device = false;
                i += 1;
            }
            b'}' => {
                scopes.pop();
                header_is_device = false;
                i += 1;
            }
            b';' => {
                header_is_device = false;
                i += 1;
            }
            b'<' if bytes[i..].starts_with(b"<<<") && last_word != b"operator" => {
                let launch = (scopes.last() == Some(&true)).then(|| parse_launch(bytes, i)).flatten();
                match launch {
                    Some(l) if l.kernel.start >= copied => {
                        out.extend_from_slice(&source[copied..l.kernel.start]);
                        push_launcher_call(&mut out, &l, source);
                        copied = l.end;
                        i = l.end;
                    }
                    _ => i += 3,
                }
            }
            c if c == b'_' || c.is_ascii_alphanumeric() => {
                let start = i;
                while i < bytes.len() && (bytes[i] == b'_' || bytes[i].is_ascii_alphanumeric()) {
                    i += 1;
                }
                last_word = &source[start..i];
                if device_words.iter().any(|w| w == last_word) {
                    header_is_device = true;
                }
                continue;
            }
            _ => i += 1,
        }
        last_word = b"";
    }
    if copied == 0 {
        return None;
    }
    out.extend_from_slice(&source[copied..]);
    Some(out)
}

/// Whether `source`'s own `#define`s hold launches [`rewrite`] rewrites when asked to.
pub fn defines_launches(source: &[u8]) -> bool {
    rewrite(source, true) != rewrite(source, false)
}

/// A launch `kernel<<<configuration>>>(arguments)`: byte ranges of `source`.
struct Launch {
    kernel: std::ops::Range<usize>,
    configuration: std::ops::Range<usize>,
    arguments: std::ops::Range<usize>,
    /// Just past the closing parenthesis.
    end: usize,
}

/// The launch whose `<<<` is at `chevron`, if its kernel is a possibly qualified name or
/// template-id and its configuration and arguments close.
fn parse_launch(bytes: &[u8], chevron: usize) -> Option<Launch> {
    let kernel_start = kernel_start(bytes, chevron)?;
    let config_start = chevron + 3;
    let config_end = closing(bytes, config_start, Closer::Chevrons)?;
    let mut open = config_end + 3;
    while open < bytes.len() && bytes[open].is_ascii_whitespace() {
        open += 1;
    }
    if bytes.get(open) != Some(&b'(') {
        return None;
    }
    let args_end = closing(bytes, open + 1, Closer::Parenthesis)?;
    Some(Launch {
        kernel: kernel_start..chevron,
        configuration: config_start..config_end,
        arguments: open + 1..args_end,
        end: args_end + 1,
    })
}

/// Writes the launcher's use for `l` (see the module's documentation): the configuration and
/// arguments as they are, so that their line breaks stay.
fn push_launcher_call(out: &mut Vec<u8>, l: &Launch, source: &[u8]) {
    let kernel = &source[l.kernel.clone()];
    out.extend_from_slice(b"__cuprite_device_launch(");
    // The kernel's own line breaks go after the launch (a name split over lines).
    out.extend(kernel.iter().map(|&c| if c == b'\n' { b' ' } else { c }));
    out.extend_from_slice(b")(");
    out.extend_from_slice(&source[l.configuration.clone()]);
    out.extend_from_slice(b")(");
    out.extend_from_slice(&source[l.arguments.clone()]);
    out.extend_from_slice(b")");
    out.extend(kernel.iter().filter(|&&c| c == b'\n'));
}

/// Where the kernel expression before the `<<<` at `chevron` starts: a name, possibly
/// qualified (`ns::k`, `::k`) and with template arguments (`k<T, 4>`).
fn kernel_start(bytes: &[u8], chevron: usize) -> Option<usize> {
    let mut j = skip_blanks_back(bytes, chevron);
    loop {
        if j > 0 && bytes[j - 1] == b'>' {
            j = skip_blanks_back(bytes, template_arguments_start(bytes, j)?);
        }
        let name_end = j;
        while j > 0 && (bytes[j - 1] == b'_' || bytes[j - 1].is_ascii_alphanumeric()) {
            j -= 1;
        }
        if j == name_end || bytes[j].is_ascii_digit() {
            return None;
        }
        let before = skip_blanks_back(bytes, j);
        if before >= 2 && &bytes[before - 2..before] == b"::" {
            let qualifier_end = skip_blanks_back(bytes, before - 2);
            let qualified = qualifier_end > 0
                && (bytes[qualifier_end - 1] == b'_'
                    || bytes[qualifier_end - 1].is_ascii_alphanumeric()
                    || bytes[qualifier_end - 1] == b'>');
            if !qualified {
                return Some(before - 2);
            }
            j = qualifier_end;
            continue;
        }
        return Some(j);
    }
}

/// The `<` that opens the template arguments closed by the `>` just before `end`.
fn template_arguments_start(bytes: &[u8], end: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = end;
    while j > 0 {
        j -= 1;
        match bytes[j] {
            b'>' => depth += 1,
            b'<' => {
                depth -= 1;
                if depth == 0 {
                    return Some(j);
                }
            }
            b';' | b'{' | b'}' => return None,
            _ => {}
        }
    }
    None
}

fn skip_blanks_back(bytes: &[u8], mut j: usize) -> usize {
    while j > 0 && bytes[j - 1].is_ascii_whitespace() {
        j -= 1;
    }
    j
}

/// What [`closing`] looks for.
#[derive(Clone, Copy, PartialEq)]
enum Closer {
    /// `>>>`, closing a launch's configuration.
    Chevrons,
    /// `)`, closing the arguments.
    Parenthesis,
}

/// The index of the `closer` that closes the bracket opened just before `from` (brackets,
/// comments and literals in between skipped).
fn closing(bytes: &[u8], from: usize, closer: Closer) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = from;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = skip_line_comment(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => i = skip_block_comment(bytes, i),
            b'"' | b'\'' => i = skip_literal(bytes, i),
            b'>' if depth == 0 && closer == Closer::Chevrons && bytes[i..].starts_with(b">>>") => return Some(i),
            b')' if depth == 0 && closer == Closer::Parenthesis => return Some(i),
            b'(' | b'[' | b'{' => {
                depth += 1;
                i += 1;
            }
            b')' | b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                i += 1;
            }
            b';' if depth == 0 => return None,
            _ => i += 1,
        }
    }
    None
}

/// Past the preprocessor directive starting at `start` (its `#`), continuation lines included.
pub(crate) fn directive_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < bytes.len() && bytes[i] != b'\n' {
        if bytes[i] == b'\\' && bytes.get(i + 1) == Some(&b'\n') {
            i += 2;
        } else if bytes[i..].starts_with(b"/*") {
            i = skip_block_comment(bytes, i);
        } else {
            i += 1;
        }
    }
    i
}

/// Whether `directive` (from its `#`) is a `#define`.
fn is_define(directive: &[u8]) -> bool {
    let rest = &directive[1..];
    let start = rest.iter().position(|c| !c.is_ascii_whitespace()).unwrap_or(rest.len());
    rest[start..].starts_with(b"define")
}

/// The name `#define`d by `directive` if its definition names one of `device_words`.
fn device_macro(directive: &[u8], device_words: &[Vec<u8>]) -> Option<Vec<u8>> {
    let mut words = directive[1..].split(|c| !(c.is_ascii_alphanumeric() || *c == b'_')).filter(|w| !w.is_empty());
    if words.next()? != b"define" {
        return None;
    }
    let name = words.next()?.to_vec();
    words.any(|w| device_words.iter().any(|d| d == w)).then_some(name)
}

#[cfg(test)]
mod tests {
    fn rewrite(source: &str) -> Option<String> {
        super::rewrite(source.as_bytes(), false).map(|b| String::from_utf8(b).expect("UTF-8 in, UTF-8 out"))
    }

    fn rewrite_with_macros(source: &str) -> Option<String> {
        super::rewrite(source.as_bytes(), true).map(|b| String::from_utf8(b).expect("UTF-8 in, UTF-8 out"))
    }

    /// The launcher's use for a kernel expression, configuration and arguments.
    fn call(kernel: &str, configuration: &str, arguments: &str) -> String {
        format!("__cuprite_device_launch({kernel})({configuration})({arguments})")
    }

    #[test]
    fn launches_in_kernels_and_device_functions_are_rewritten() {
        let source = "__global__ void parent(int *p) {\n  if (p) child<<<1, 32>>>(p, 2);\n}\n";
        let expected = format!("__global__ void parent(int *p) {{\n  if (p) {};\n}}\n", call("child", "1, 32", "p, 2"));
        assert_eq!(rewrite(source).as_deref(), Some(expected.as_str()));
        let source = "template <int N>\n__device__ static void f() { ns::k<N, float><<<g, b, 0, s>>>(); }";
        let expected = format!(
            "template <int N>\n__device__ static void f() {{ {}; }}",
            call("ns::k<N, float>", "g, b, 0, s", "")
        );
        assert_eq!(rewrite(source).as_deref(), Some(expected.as_str()));
        let source = "__host__ __device__ void f() { for (;;) { if (x) { ::k<<<1, 1>>>(a); } } }";
        let expected =
            format!("__host__ __device__ void f() {{ for (;;) {{ if (x) {{ {}; }} }} }}", call("::k", "1, 1", "a"));
        assert_eq!(rewrite(source).as_deref(), Some(expected.as_str()));
    }

    #[test]
    fn a_macro_that_names_a_device_specifier_marks_device_code() {
        let source = "#define KERNEL extern \"C\" __global__ \\\n  void\nKERNEL parent() { child<<<1, 1>>>(); }";
        let expected = format!(
            "#define KERNEL extern \"C\" __global__ \\\n  void\nKERNEL parent() {{ {}; }}",
            call("child", "1, 1", "")
        );
        assert_eq!(rewrite(source).as_deref(), Some(expected.as_str()));
    }

    #[test]
    fn launches_in_the_files_macros_are_rewritten_when_asked() {
        let source = "#define LAUNCH(k, p) k<<<1, \\\n  32>>>(p)\n__global__ void q(int *p) { LAUNCH(child, p); }\n";
        assert_eq!(rewrite(source), None, "not asked");
        assert!(super::defines_launches(source.as_bytes()));
        assert!(!super::defines_launches(b"__global__ void p() { k<<<1, 1>>>(); }"));
        let expected = format!(
            "#define LAUNCH(k, p) {}\n__global__ void q(int *p) {{ LAUNCH(child, p); }}\n",
            call("k", "1, \\\n  32", "p")
        );
        assert_eq!(rewrite_with_macros(source).as_deref(), Some(expected.as_str()));
        // Other directives, and chevrons that are no launch, are left alone.
        for source in ["#if A<<<1\n#endif\n", "#define SHIFT(x) x <<< 2\n", "#include <a<<<b>\n"] {
            assert_eq!(rewrite_with_macros(source), None, "{source}");
        }
    }

    #[test]
    fn every_line_keeps_its_number() {
        let source = "__global__ void p() {\n  k<<<dim3(1,\n 2), 3>>>(a,\n b);\n  int after;\n}\n";
        let rewritten = rewrite(source).expect("one launch");
        assert_eq!(rewritten.lines().count(), source.lines().count());
        assert!(rewritten.lines().nth(4) == Some("  int after;"), "{rewritten}");
    }

    #[test]
    fn host_code_and_other_text_are_left_alone() {
        for source in [
            // Host functions, also after device code and declarations.
            "int main() { k<<<1, 1>>>(p); }",
            "__device__ int x;\nvoid host() { k<<<1, 1>>>(p); }",
            "__global__ void k(int *p) {}\nint main() { k<<<1, 1>>>(p); }",
            "struct S { __device__ void f(); void g() { k<<<1, 1>>>(); } };",
            // A specifier in a comment or a string, or only in a declaration.
            "// a __device__ helper\nvoid host() { k<<<1, 1>>>(p); }",
            "const char *s = \"__global__\"; void host() { k<<<1, 1>>>(p); }",
            "#define D __device__\nvoid host() { k<<<1, 1>>>(p); }",
            // Launches clang reports (not a name before the chevrons, a macro's body).
            "__global__ void p() { table[0]<<<1, 1>>>(); }",
            "#define LAUNCH(k) __global__ void q() { k<<<1, 1>>>(); }",
        ] {
            assert_eq!(rewrite(source), None, "{source}");
        }
    }

    #[test]
    fn arbitrary_text_never_panics() {
        // Pseudo-random texts over the characters the scanner looks at.
        let alphabet = b"k_:<>(){}[];,#/*\"'\\ \n\tab1";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 40) as usize;
            let text: Vec<u8> = (0..len)
                .map(|i| alphabet[((state >> (i % 48)) as usize + i * 7) % alphabet.len()])
                .chain(*b"__global__ void f() { k<<<1, 1>>>(); }")
                .collect();
            for in_macros in [false, true] {
                let _ = super::rewrite(&text, in_macros);
                let _ = super::rewrite(&text[..len], in_macros);
            }
        }
    }

    #[test]
    fn comments_and_literals_in_a_launch_do_not_end_it() {
        let source = "__global__ void p() { k<<<f(\")\"), /* >>> */ 2>>>(')', g(1)); }";
        let expected = format!("__global__ void p() {{ {}; }}", call("k", "f(\")\"), /* >>> */ 2", "')', g(1)"));
        assert_eq!(rewrite(source).as_deref(), Some(expected.as_str()));
    }
}
