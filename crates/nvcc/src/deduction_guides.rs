//! Class template argument deduction in device code through a user-written deduction guide:
//! nvcc deduces `Two t{1, 2.5};` in a kernel from `template <class T, class U> Two(T, U) ->
//! Two<T, U>;`, while clang 19 takes the guide for a host function and refuses it in device
//! code ("no viable constructor or deduction guide ... call to __host__ function from
//! __global__ function"; clang 22 makes guides host-and-device). Clang accepts the guide marked
//! `__host__ __device__`, which means what nvcc reads: [`host_device_guides`] marks each
//! templated deduction guide of a source that has none of the two (implicit guides, from
//! constructors, are deduced as their constructors already). Lines keep their numbers.

use crate::tokens::{Kind, Token, closing, tokenize};

/// The index of the `>` closing the template parameter list whose `<` is at `open`.
fn closing_angle(source: &[u8], tokens: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < tokens.len() {
        let t = &tokens[i];
        if t.is(source, b"(") || t.is(source, b"[") {
            i = closing(source, tokens, i)?;
        } else if t.is(source, b"<") {
            depth += 1;
        } else if t.is(source, b">") {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        } else if t.is(source, b";") || t.is(source, b"{") {
            return None;
        }
        i += 1;
    }
    None
}

/// `source` with `__host__ __device__ ` before each deduction guide that follows a template
/// header (`template <...> [explicit] Name(...) -> Name...;`) and is not marked, or `None` when
/// it has none.
pub fn host_device_guides(source: &[u8]) -> Option<Vec<u8>> {
    let tokens = tokenize(source);
    let word = |i: usize, w: &[u8]| tokens.get(i).is_some_and(|t| t.kind == Kind::Word && t.text(source) == w);
    let mut inserts = Vec::new();
    for i in 0..tokens.len() {
        if !word(i, b"template") || !tokens.get(i + 1).is_some_and(|t| t.is(source, b"<")) {
            continue;
        }
        let Some(header_end) = closing_angle(source, &tokens, i + 1) else { continue };
        let start = header_end + 1;
        let name_at = if word(start, b"explicit") { start + 1 } else { start };
        let (Some(name), Some(open)) = (tokens.get(name_at), tokens.get(name_at + 1)) else { continue };
        if name.kind != Kind::Word || !open.is(source, b"(") {
            continue;
        }
        let Some(close) = closing(source, &tokens, name_at + 1) else { continue };
        let arrow = tokens.get(close + 1).is_some_and(|t| t.is(source, b"-"))
            && tokens.get(close + 2).is_some_and(|t| t.is(source, b">") && t.start == tokens[close + 1].end);
        let same_name =
            tokens.get(close + 3).is_some_and(|t| t.kind == Kind::Word && t.text(source) == name.text(source));
        if arrow && same_name {
            inserts.push(tokens[start].start);
        }
    }
    if inserts.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(source.len() + inserts.len() * 20);
    let mut from = 0;
    for at in inserts {
        out.extend_from_slice(&source[from..at]);
        out.extend_from_slice(b"__host__ __device__ ");
        from = at;
    }
    out.extend_from_slice(&source[from..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    fn guides(source: &str) -> Option<String> {
        super::host_device_guides(source.as_bytes()).map(|b| String::from_utf8(b).unwrap())
    }

    #[test]
    fn templated_guides_are_marked_on_their_lines() {
        let source = "template <typename T, typename U> struct Two { T a; U b; };\n\
                      template <typename T, typename U> Two(T, U) -> Two<T, U>;\n\
                      template <class T, int N = (3 > 2)>\nexplicit Arr(const T (&)[N]) -> Arr<T, N>;\n";
        assert_eq!(
            guides(source).unwrap(),
            "template <typename T, typename U> struct Two { T a; U b; };\n\
             template <typename T, typename U> __host__ __device__ Two(T, U) -> Two<T, U>;\n\
             template <class T, int N = (3 > 2)>\n__host__ __device__ explicit Arr(const T (&)[N]) -> Arr<T, N>;\n"
        );
    }

    #[test]
    fn other_templates_are_left_alone() {
        assert_eq!(guides("template <class T> auto f(T t) -> T { return t; }\n"), None);
        assert_eq!(guides("template <class T> T g(T t);\ntemplate <class T> struct S { S(T); };\n"), None);
        assert_eq!(guides("template <class T> __host__ __device__ Box(T) -> Box<T>;\n"), None);
        assert_eq!(guides("template <class T> Box(T) -> Other<T>;\n"), None);
    }
}
