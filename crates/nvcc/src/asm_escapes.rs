//! Inline PTX that names a special register with one `%` (`asm("mov.u64 %0, %globaltimer;" ...)`).
//! nvcc passes a `%` that starts no operand through to the PTX unchanged, so such sources build
//! with it; clang's front end rejects them ("invalid % escape in inline assembly string") and
//! wants `%%`. The device passes of such a source compile a copy whose inline-asm strings double
//! those `%`s, opened by a `#line` directive naming the original file, so that diagnostics,
//! `__FILE__` and quoted includes (searched with `-iquote` beside the original) are unchanged.
//!
//! A `%` is doubled when a name of two or more characters follows it (`%laneid`, `%tid.x`); a
//! `%` before a digit, `[`, `=` or a one-letter operand modifier with its operand (`%c0`) is an
//! operand reference and stays. Only the string literals right after `asm`/`__asm__`/`__asm`
//! (and its qualifiers) and `(` are templates; comments, other strings and macros are left alone.

//!
//! A template that a macro assembles from its arguments (`#define SR(name) asm("mov.u32 %0, "
//! name ";" ...)` used as `SR("%laneid")`) is not seen here: clang then reports each such `%`
//! ([`rejections`]), and the next attempt doubles the `%`s at those places ([`escape_at`]).

/// The `%`s of inline-asm templates that clang's `diagnostics` reject ("invalid % escape in
/// inline assembly string"), each once, in order: clang places the error one or two characters
/// after the `%` (past a letter it took for an operand modifier).
pub fn rejections(diagnostics: &str) -> Vec<crate::clang_errors::Reported> {
    crate::clang_errors::reported(diagnostics, |m| m == "invalid % escape in inline assembly string")
}

/// `source` with the `%` at or just before each of `places` (line, byte column, from 1) doubled,
/// or `None` when no place has one (a `%` already doubled is left as it is).
pub fn escape_at(source: &str, places: &[(usize, usize)]) -> Option<String> {
    let bytes = source.as_bytes();
    let mut at: Vec<usize> = places
        .iter()
        .filter_map(|&(line, column)| {
            let offset = crate::clang_errors::offset_of(bytes, line, column)?;
            let percent = (0..=2).map(|back| offset.checked_sub(back)).find_map(|o| o.filter(|&o| bytes[o] == b'%'))?;
            let doubled = bytes.get(percent + 1) == Some(&b'%') || (percent > 0 && bytes[percent - 1] == b'%');
            (!doubled).then_some(percent)
        })
        .collect();
    if at.is_empty() {
        return None;
    }
    at.sort_unstable();
    at.dedup();
    let mut out = String::with_capacity(source.len() + at.len());
    let mut copied = 0;
    for percent in at {
        out.push_str(&source[copied..percent]);
        out.push('%');
        copied = percent;
    }
    out.push_str(&source[copied..]);
    Some(out)
}

/// The source with its inline-asm templates' single-`%` register names doubled, or `None` when
/// it has none (the source then compiles as written).
pub fn escape(source: &str) -> Option<String> {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len() + 16);
    let mut changed = false;
    let mut i = 0;
    // Copied verbatim up to `i`; `copied` marks the end of what `out` holds.
    let mut copied = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = skip_line_comment(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => i = skip_block_comment(bytes, i),
            b'"' => i = skip_string(bytes, i),
            b'\'' => i = skip_char(bytes, i),
            c if is_ident_start(c) => {
                let end = ident_end(bytes, i);
                let word = &source[i..end];
                i = end;
                if matches!(word, "asm" | "__asm__" | "__asm")
                    && let Some(templates) = asm_templates(bytes, i)
                {
                    for (start, stop) in templates {
                        let literal = &source[start..stop];
                        let escaped = escape_template(literal);
                        if escaped != literal {
                            out.push_str(&source[copied..start]);
                            out.push_str(&escaped);
                            copied = stop;
                            changed = true;
                        }
                        i = stop;
                    }
                }
            }
            _ => i += 1,
        }
    }
    if !changed {
        return None;
    }
    out.push_str(&source[copied..]);
    Some(out)
}

/// The string literals (start, end) of the template after an `asm` keyword ending at `at`:
/// qualifiers, `(`, then one or more adjacent literals.
fn asm_templates(bytes: &[u8], at: usize) -> Option<Vec<(usize, usize)>> {
    let mut i = skip_space(bytes, at);
    loop {
        if !bytes.get(i).is_some_and(|&c| is_ident_start(c)) {
            break;
        }
        let end = ident_end(bytes, i);
        match &bytes[i..end] {
            b"volatile" | b"__volatile__" | b"__volatile" | b"goto" | b"inline" => i = skip_space(bytes, end),
            _ => return None,
        }
    }
    if bytes.get(i) != Some(&b'(') {
        return None;
    }
    i = skip_space(bytes, i + 1);
    let mut literals = Vec::new();
    while bytes.get(i) == Some(&b'"') {
        let end = skip_string(bytes, i);
        literals.push((i, end));
        i = skip_space(bytes, end);
    }
    (!literals.is_empty()).then_some(literals)
}

/// One template literal with `%name` (two or more name characters) doubled to `%%name`.
fn escape_template(literal: &str) -> String {
    let b = literal.as_bytes();
    let mut out = String::with_capacity(literal.len() + 4);
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if b.get(i + 1) == Some(&b'%') {
                out.push_str("%%");
                i += 2;
                continue;
            }
            let names_register = b.get(i + 1).is_some_and(|&c| c.is_ascii_alphabetic())
                && b.get(i + 2).is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_');
            out.push_str(if names_register { "%%" } else { "%" });
            i += 1;
            continue;
        }
        let len = utf8_len(b[i]);
        out.push_str(&literal[i..i + len]);
        i += len;
    }
    out
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xf0..=0xff => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn ident_end(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_') {
        i += 1;
    }
    i
}

/// Past whitespace and comments.
fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    loop {
        match (bytes.get(i), bytes.get(i + 1)) {
            (Some(c), _) if c.is_ascii_whitespace() => i += 1,
            (Some(b'/'), Some(b'/')) => i = skip_line_comment(bytes, i),
            (Some(b'/'), Some(b'*')) => i = skip_block_comment(bytes, i),
            _ => return i,
        }
    }
}

fn skip_line_comment(bytes: &[u8], i: usize) -> usize {
    bytes[i..].iter().position(|&c| c == b'\n').map_or(bytes.len(), |p| i + p + 1)
}

fn skip_block_comment(bytes: &[u8], i: usize) -> usize {
    bytes[i + 2..].windows(2).position(|w| w == b"*/").map_or(bytes.len(), |p| i + 2 + p + 2)
}

/// Past a `"..."` literal starting at `i` (escapes honored; an unterminated one ends the line).
fn skip_string(bytes: &[u8], i: usize) -> usize {
    skip_quoted(bytes, i, b'"')
}

fn skip_char(bytes: &[u8], i: usize) -> usize {
    skip_quoted(bytes, i, b'\'')
}

fn skip_quoted(bytes: &[u8], i: usize, quote: u8) -> usize {
    let mut j = i + 1;
    while let Some(&c) = bytes.get(j) {
        match c {
            b'\\' => j += 2,
            b'\n' => return j,
            c if c == quote => return j + 1,
            _ => j += 1,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::{escape, escape_at, rejections};

    #[test]
    fn templates_assembled_by_macros_are_escaped_where_clang_says() {
        let src = "#define SR(i, name) asm volatile(\"mov.u32 %0, \" name \";\" : \"=r\"(v)); q[i] = v;\n    \
                   SR(0, \"%lanemask_eq\") SR(1, \"%%laneid\")\n";
        let diagnostics = "a.cu:2:14: error: invalid % escape in inline assembly string\n\
                           \x20   2 |     SR(0, \"%lanemask_eq\")\n\
                           a.cu:1:49: note: expanded from macro 'SR'\n\
                           a.cu:2:5: error: something else\n";
        let places: Vec<(usize, usize)> = rejections(diagnostics).iter().map(|r| (r.line, r.column)).collect();
        assert_eq!(places, [(2, 14)]);
        let fixed = escape_at(src, &places).expect("a % to double");
        assert!(fixed.contains("SR(0, \"%%lanemask_eq\") SR(1, \"%%laneid\")"), "{fixed}");
        // An already doubled `%` (a place reported again) and a place with no `%` near: nothing.
        assert_eq!(escape_at(&fixed, &[(2, 15)]), None);
        assert_eq!(escape_at(src, &[(2, 5)]), None);
    }

    #[test]
    fn doubles_a_single_percent_before_a_register_name() {
        let src = "__device__ long t() { long g; asm volatile(\"mov.u64 %0, %globaltimer;\" : \"=l\"(g)); return g; }";
        assert_eq!(
            escape(src).unwrap(),
            "__device__ long t() { long g; asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(g)); return g; }"
        );
    }

    #[test]
    fn leaves_operands_modifiers_and_doubled_percents() {
        for src in [
            "asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(x));",
            "asm(\"add.s32 %0, %1, %[v];\" : \"=r\"(x) : \"r\"(y), [v] \"r\"(z));",
            "asm(\"mov.u32 %0, %c1;\" : \"=r\"(x) : \"n\"(3));",
        ] {
            assert_eq!(escape(src), None, "{src}");
        }
    }

    #[test]
    fn odd_sources_pass_through() {
        for src in
            ["asm", "asm(", "asm(\"%laneid", "__asm__ volatile", "\"é\\é\" asm (\"é %tid.x", "/* asm(\"%x\")", "'\\"]
        {
            let _ = escape(src);
        }
        assert_eq!(escape("asm(\"é %tid.x\");").as_deref(), Some("asm(\"é %%tid.x\");"));
    }

    #[test]
    fn only_asm_templates_change() {
        let src = "// asm(\"%laneid\")\nconst char *s = \"%laneid\";\nprintf(\"%lu\\n\", n);\n__asm__ __volatile__ (\n  \"mov.u32 %0, %tid.x;\"\n  \" // %ctaid\" : \"=r\"(x));";
        let out = escape(src).unwrap();
        assert!(
            out.starts_with("// asm(\"%laneid\")\nconst char *s = \"%laneid\";\nprintf(\"%lu\\n\", n);\n"),
            "{out}"
        );
        assert!(out.contains("\"mov.u32 %0, %%tid.x;\""), "{out}");
        assert!(out.contains("\" // %%ctaid\""), "{out}");
    }
}
