//! `__PRETTY_FUNCTION__` in device code (printf, and assert's message, which the runtime prints)
//! as nvcc's front end (EDG) writes it, not as clang does. nvcc 13.0 and clang differ in:
//! - template bindings: `[with T = int; int N = 4]` (non-type parameters with their type;
//!   the function's own parameters first, then its classes', innermost first) for clang's
//!   `[T = int, N = 4]` (outermost first);
//! - a member of a class template names the class with its parameters, `Box<T>::m`, where
//!   clang writes the arguments, `Box<float>::m`;
//! - `bool` is `__nv_bool`; top-level `const`/`volatile` of a parameter is dropped (`const int`
//!   is `int`, `T *const` is `T *`); a destructor is `noexcept`.
//!
//! clang names the string `__PRETTY_FUNCTION__.<mangled>` (in PTX `__PRETTY_FUNCTION___$_...`),
//! so [`edg`] finds and rewrites each in the PTX. Lambdas and other forms it does not parse
//! keep clang's text.

/// The PTX `text` with each `__PRETTY_FUNCTION__` string in nvcc's form, or `None` when none
/// changes.
pub fn edg(text: &str) -> Option<String> {
    if !text.contains("__PRETTY_FUNCTION__") {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    for line in text.split_inclusive('\n') {
        match rewritten_line(line) {
            Some(l) => {
                out.push_str(&l);
                changed = true;
            }
            None => out.push_str(line),
        }
    }
    changed.then_some(out)
}

/// A PTX line declaring a `__PRETTY_FUNCTION__` byte array, with its text in nvcc's form.
fn rewritten_line(line: &str) -> Option<String> {
    let t = line.trim_start();
    if !t.starts_with('.') || !t.contains(" __PRETTY_FUNCTION__") {
        return None;
    }
    let (head, rest) = line.split_once('[')?;
    let (_, init) = rest.split_once("] = {")?;
    let bytes: Vec<u8> =
        init.split('}').next()?.split(',').map(|b| b.trim().parse::<u8>()).collect::<Result<_, _>>().ok()?;
    // clang lists the bytes before the terminating zero (the rest of the array is zero).
    let text = bytes.strip_suffix(&[0]).unwrap_or(&bytes);
    if text.contains(&0) {
        return None;
    }
    let clang = std::str::from_utf8(text).ok()?;
    let nvcc = convert(clang)?;
    if nvcc == clang {
        return None;
    }
    let out_bytes: Vec<String> = nvcc.bytes().map(|b| b.to_string()).collect();
    let end = if line.ends_with('\n') { "\n" } else { "" };
    Some(format!("{head}[{}] = {{{}}};{end}", nvcc.len() + 1, out_bytes.join(", ")))
}

/// Splits `s` at the separator `sep` where no bracket (`<>`, `()`, `[]`) is open.
fn split_top(s: &str, sep: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' | b')' | b']' => depth -= 1,
            _ => {}
        }
        // Bytes, not `s[i..]`: `i` may fall inside a multi-byte character of an identifier.
        if depth == 0 && bytes[i..].starts_with(sep.as_bytes()) {
            parts.push(s[start..i].to_string());
            i += sep.len();
            start = i;
            continue;
        }
        i += 1;
    }
    parts.push(s[start..].to_string());
    parts
}

/// The type EDG names a non-type template argument's value by (`4` → `int`, `7U` →
/// `unsigned int`), or `None` for a type argument.
fn value_type(value: &str) -> Option<&'static str> {
    let v = value.trim_start_matches('-');
    if v == "true" || v == "false" {
        return Some("__nv_bool");
    }
    if v.starts_with('\'') {
        return Some("char");
    }
    if !v.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let suffix: String =
        v.chars().rev().take_while(|c| c.is_ascii_alphabetic()).collect::<String>().to_ascii_uppercase();
    Some(match suffix.as_str() {
        "" => "int",
        "U" => "unsigned int",
        "L" => "long",
        "LU" => "unsigned long",
        "LL" => "long long",
        "LLU" => "unsigned long long",
        _ => return None,
    })
}

/// `bool` as a word → `__nv_bool`.
fn nv_bool(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut word = String::new();
    for c in s.chars().chain(std::iter::once('\0')) {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        out.push_str(if word == "bool" { "__nv_bool" } else { &word });
        word.clear();
        if c != '\0' {
            out.push(c);
        }
    }
    out
}

/// A parameter's type without its top-level `const`/`volatile`.
fn unqualified(param: &str) -> String {
    let p = param.trim();
    let mut p = p.to_string();
    loop {
        let before = p.clone();
        for q in ["const", "volatile"] {
            if let Some(rest) = p.strip_suffix(q)
                && rest.ends_with(['*', ' '])
            {
                p = rest.trim_end().to_string();
                if !p.ends_with('*') {
                    p.push(' ');
                }
            }
            if !p.contains(['*', '&'])
                && let Some(rest) = p.strip_prefix(&format!("{q} "))
            {
                p = rest.to_string();
            }
        }
        if p == before {
            break;
        }
    }
    p.trim_end().to_string()
}

/// clang's `__PRETTY_FUNCTION__` text in nvcc's form, or `None` where it is not understood.
fn convert(clang: &str) -> Option<String> {
    if clang.contains("(anonymous") || clang.contains("(lambda") {
        return None;
    }
    // The template bindings, `[T = int, N = 4]`.
    let (sig, bindings) = match clang.strip_suffix(']').and_then(|s| s.rsplit_once(" [")) {
        Some((sig, b)) if b.contains(" = ") => (sig, split_top(b, ", ")),
        _ => (clang, Vec::new()),
    };
    // The parameter list: the last top-level parenthesized group.
    let close = sig.rfind(')')?;
    let mut depth = 0i32;
    let mut open = None;
    for (i, c) in sig[..=close].char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    open = Some(i);
                    break;
                }
            }
            _ => {}
        }
    }
    let open = open?;
    let params = &sig[open + 1..close];
    let quals = &sig[close + 1..];
    // The qualified name: back from `(` to a space outside `<>`.
    let mut depth = 0i32;
    let mut name_start = 0;
    for (i, c) in sig[..open].char_indices().rev() {
        match c {
            '>' => depth += 1,
            '<' => depth -= 1,
            ' ' if depth == 0 => {
                name_start = i + 1;
                break;
            }
            _ => {}
        }
        if depth < 0 {
            return None;
        }
    }
    let prefix = &sig[..name_start];
    let name = &sig[name_start..open];
    if name.contains("operator") {
        return None;
    }
    // Each templated scope takes its arguments' count of bindings, outermost first.
    let components = split_top(name, "::");
    let mut next = 0;
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut new_components = Vec::new();
    for (k, comp) in components.iter().enumerate() {
        let is_function = k + 1 == components.len();
        match comp.find('<') {
            Some(lt) if !is_function && comp.ends_with('>') => {
                let count = split_top(&comp[lt + 1..comp.len() - 1], ", ").len();
                let group: Vec<String> = bindings.get(next..next + count)?.to_vec();
                next += count;
                let names: Vec<&str> = group.iter().map(|b| b.split(" = ").next().unwrap_or(b)).collect();
                new_components.push(format!("{}<{}>", &comp[..lt], names.join(", ")));
                groups.push(group);
            }
            _ => new_components.push(comp.clone()),
        }
    }
    let mut ordered: Vec<String> = bindings[next..].to_vec();
    for g in groups.into_iter().rev() {
        ordered.extend(g);
    }
    let ordered: Vec<String> = ordered
        .iter()
        .map(|b| match b.split_once(" = ") {
            Some((n, v)) => match value_type(v) {
                Some(t) => format!("{t} {n} = {v}"),
                None => nv_bool(b),
            },
            None => b.clone(),
        })
        .collect();
    let params: Vec<String> =
        if params.is_empty() { Vec::new() } else { split_top(params, ", ").iter().map(|p| unqualified(p)).collect() };
    let destructor = components.last().is_some_and(|c| c.starts_with('~'));
    let mut out = format!("{}{}({}){}", nv_bool(prefix), new_components.join("::"), nv_bool(&params.join(", ")), quals);
    if destructor && !quals.contains("noexcept") {
        out.push_str(" noexcept");
    }
    if !ordered.is_empty() {
        out.push_str(&format!(" [with {}]", ordered.join("; ")));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::convert;

    /// clang's text → nvcc 13.0's, each pair printed by the same device code
    /// (`printf("%s\n", __PRETTY_FUNCTION__)`) built by cuprite nvcc and by nvcc.
    #[test]
    fn pretty_function_names_as_nvcc_writes_them() {
        let pairs = [
            ("void f1(T) [T = float]", "void f1(T) [with T = float]"),
            ("T f2(T *) [T = int, N = 4]", "T f2(T *) [with T = int; int N = 4]"),
            (
                "void f3() [U = 7U, B = true, C = 'x']",
                "void f3() [with unsigned int U = 7U; __nv_bool B = true; char C = 'x']",
            ),
            ("void Box<float>::m(U) const [T = float, U = int]", "void Box<T>::m(U) const [with U = int; T = float]"),
            ("static int Box<long>::s(T) [T = long]", "static int Box<T>::s(T) [with T = long]"),
            (
                "void Pair<int, Box<char>>::m() [A = int, B = Box<char>]",
                "void Pair<A, B>::m() [with A = int; B = Box<char>]",
            ),
            (
                "void outer::inner::W<short>::go(int, T) volatile [T = short]",
                "void outer::inner::W<T>::go(int, T) volatile [with T = short]",
            ),
            ("void f4(const T &, T *const) [T = int]", "void f4(const T &, T *) [with T = int]"),
            ("Plain::~Plain()", "Plain::~Plain() noexcept"),
            ("void Plain::m()", "void Plain::m()"),
            ("void f5(Box<T>) [T = unsigned int]", "void f5(Box<T>) [with T = unsigned int]"),
            ("void g1(bool, const int, const float *, volatile int)", "void g1(__nv_bool, int, const float *, int)"),
            ("bool g3(T, bool) [T = unsigned long long]", "__nv_bool g3(T, __nv_bool) [with T = unsigned long long]"),
            ("void A<1>::B<2>::m() [N = 1, M = 2]", "void A<N>::B<M>::m() [with int M = 2; int N = 1]"),
            ("void kern(float *) [N = 3]", "void kern(float *) [with int N = 3]"),
            ("void Box<float>::check(int) const [T = float]", "void Box<T>::check(int) const [with T = float]"),
        ];
        for (clang, nvcc) in pairs {
            assert_eq!(convert(clang).as_deref(), Some(nvcc), "{clang}");
        }
        assert_eq!(convert("int Plain::operator()(int)"), None);
    }

    /// Identifiers may hold any Unicode letter: no text, cut anywhere, makes the rewrite panic.
    #[test]
    fn any_text_is_rewritten_or_left_without_a_panic() {
        let text = "void Größe<é>::m(Größe<é> *) const [é = int, Ñ = 'ü', N = 4]";
        for end in (0..=text.len()).filter(|&e| text.is_char_boundary(e)) {
            for start in (0..end).filter(|&s| text.is_char_boundary(s)) {
                let _ = convert(&text[start..end]);
            }
        }
        assert_eq!(convert("void Größe<é>::m(int) [é = int]").as_deref(), Some("void Größe<é>::m(int) [with é = int]"));
    }

    #[test]
    fn the_ptx_strings_are_rewritten() {
        let ptx = ".global .align 1 .b8 __PRETTY_FUNCTION___$__Z2g2v[14] = {118, 111, 105, 100, 32, 103, 50, 40, 98, 111, \
                   111, 108, 41};\n.global .align 1 .b8 $str[3] = {37, 115};\n";
        assert_eq!(
            super::edg(ptx).unwrap(),
            ".global .align 1 .b8 __PRETTY_FUNCTION___$__Z2g2v[19] = {118, 111, 105, 100, 32, 103, 50, 40, 95, 95, 110, \
             118, 95, 98, 111, 111, 108, 41};\n.global .align 1 .b8 $str[3] = {37, 115};\n"
        );
    }
}
