//! Device entities named with characters outside ASCII (`__device__ int größe(int)`,
//! `__global__ void kernΩ()`, a kernel taking a `struct Ωmega *`). PTX names are ASCII, and
//! LLVM's NVPTX back end stops with "Symbol name with unsupported characters" and a crash
//! report; nvcc's front end refuses them: `error: Universal character is not allowed in device
//! entity name ("gr\u00f6\u00dfe")` (nvcc 13.0; a kernel with such a type in its signature
//! compiles there and fails to link). The device pass's IR names every function and variable
//! that reaches the PTX, so the check reads it before code generation, and the errors point at
//! the identifier's first appearance in the source, in nvcc's words.

/// The identifiers outside ASCII in the names of the functions and variables that the textual
/// LLVM IR `ir` defines or declares, in order of appearance, each once.
pub fn non_ascii_identifiers(ir: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for line in ir.lines() {
        let named = line.starts_with("define ") || line.starts_with("declare ") || line.starts_with("@\"");
        if !named {
            continue;
        }
        let Some(start) = line.find("@\"") else { continue };
        let Some(bytes) = unescape(&line[start + 2..]) else { continue };
        if bytes.is_ascii() {
            continue;
        }
        for id in identifiers(&bytes) {
            if !found.contains(&id) {
                found.push(id);
            }
        }
    }
    found
}

/// The bytes of a quoted IR name (`gr\C3\B6e"...`, after the opening quote) up to its closing
/// quote, with `\XX` escapes decoded.
fn unescape(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => return Some(out),
            b'\\' => {
                let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    None
}

/// The identifiers with non-ASCII characters in a symbol: the length-prefixed source names of
/// an Itanium-mangled one (`_Z7größei` → `größe`), or the whole of an unmangled one.
fn identifiers(symbol: &[u8]) -> Vec<String> {
    let is_id = |s: &[u8]| {
        !s.is_ascii()
            && std::str::from_utf8(s).is_ok_and(|t| {
                t.chars().all(|c| c == '_' || c.is_alphanumeric()) && !t.starts_with(|c: char| c.is_ascii_digit())
            })
    };
    if !symbol.starts_with(b"_Z") {
        return std::str::from_utf8(symbol).map(|s| vec![s.to_string()]).unwrap_or_default();
    }
    let mut out = Vec::new();
    let mut i = 2;
    while i < symbol.len() {
        // A length: digits not preceded by a digit.
        if symbol[i].is_ascii_digit() && !symbol[i - 1].is_ascii_digit() {
            let digits = symbol[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            let len: usize = std::str::from_utf8(&symbol[i..i + digits]).ok().and_then(|d| d.parse().ok()).unwrap_or(0);
            let name = symbol.get(i + digits..i + digits + len);
            if let Some(name) = name.filter(|n| is_id(n)) {
                out.push(String::from_utf8_lossy(name).into_owned());
                i += digits + len;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// nvcc's message for `name`: its characters outside ASCII as `\uXXXX`.
pub fn message(name: &str) -> String {
    let mut escaped = String::new();
    for c in name.chars() {
        match c {
            c if c.is_ascii() => escaped.push(c),
            c if (c as u32) <= 0xffff => escaped.push_str(&format!("\\u{:04x}", c as u32)),
            c => escaped.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    format!("Universal character is not allowed in device entity name (\"{escaped}\")")
}

/// The errors for `names`, each at its first appearance as a whole identifier in `source` (the
/// file `file`), as clang renders errors; `None` for a name the source does not spell (it came
/// from a header).
pub fn render(names: &[String], source: &[u8], file: &str) -> Vec<Option<String>> {
    names
        .iter()
        .map(|name| {
            let at = find_identifier(source, name.as_bytes())?;
            Some(crate::source_diagnostics::render(source, file, at, "error", &message(name)))
        })
        .collect()
}

/// The byte offset of the first appearance of `id` in `text` not inside a longer identifier.
fn find_identifier(text: &[u8], id: &[u8]) -> Option<usize> {
    let part = |c: u8| c == b'_' || c.is_ascii_alphanumeric() || c >= 0x80;
    (0..text.len().saturating_sub(id.len() - 1)).find(|&at| {
        text[at..].starts_with(id)
            && (at == 0 || !part(text[at - 1]))
            && text.get(at + id.len()).is_none_or(|&c| !part(c))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_outside_ascii_are_found_in_mangled_and_plain_symbols() {
        let ir = "%struct.\\CE\\A9mega = type { i32 }\n\
                  @\"\\CF\\80_table\" = dso_local addrspace(1) global i32 0\n\
                  define dso_local noundef i32 @\"_Z7gr\\C3\\B6\\C3\\9Fei\"(i32 noundef %0) {\n\
                  define dso_local void @\"_Z2k2P6\\CE\\A9mega\"(ptr %0) {\n\
                  define dso_local void @_Z5plainPi(ptr %0) {\n\
                  declare i32 @\"_Z7gr\\C3\\B6\\C3\\9Fei\"(i32)\n";
        assert_eq!(non_ascii_identifiers(ir), ["π_table", "größe", "Ωmega"]);
        assert!(non_ascii_identifiers("define void @_Z1kv() {\n").is_empty());
    }

    #[test]
    fn errors_are_nvccs_words_at_the_identifier() {
        assert_eq!(
            message("größe"),
            "Universal character is not allowed in device entity name (\"gr\\u00f6\\u00dfe\")"
        );
        let source = "int xgröße;\n__device__ int größe(int x) { return x; }\n".as_bytes();
        let errors = render(&["größe".into(), "Ω".into()], source, "u.cu");
        assert!(errors[0].as_deref().unwrap().starts_with("u.cu:2:16: error: Universal character"), "{errors:?}");
        assert_eq!(errors[1], None);
    }
}
