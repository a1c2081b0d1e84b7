//! Kernel launches whose chevrons are split by blanks: nvcc's front end reads
//! `kernel << < grid, block >> > (args)` as `kernel<<<grid, block>>>(args)` (code run through
//! old formatters has them, e.g. Rodinia's particlefilter), while clang lexes `<<<` and `>>>`
//! only unbroken. [`join_split_chevrons`] rewrites a source the way nvcc reads it; the driver
//! compiles the rewritten copy in place of the file (see `plan.rs`).
//!
//! nvcc's rule, as it behaves: `<<` then blanks then `<` opens a launch (`< <<` and `< < <` do
//! not), and within a launch's configuration `>>` then blanks then `>` closes it. In C++, `<<`
//! followed by `<` is never an expression (`<` cannot start an operand), except for
//! `operator<< <T>`, an explicit template argument list, which is left alone.

/// `source` (bytes: sources need not be UTF-8) with its split launch chevrons joined, or `None`
/// when it has none. Comments, string
/// and character literals are skipped; the blanks removed from inside a chevron are put back
/// after it, so that every line keeps its number.
pub fn join_split_chevrons(source: &[u8]) -> Option<Vec<u8>> {
    let bytes = source;
    let mut out = Vec::with_capacity(source.len());
    // Bytes of `source` copied to `out` so far.
    let mut copied = 0;
    let mut changed = false;
    // The launch configuration being read: the bracket depth inside it.
    let mut launch: Option<usize> = None;
    let mut last_word: &[u8] = b"";
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = skip_line_comment(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => i = skip_block_comment(bytes, i),
            b'"' | b'\'' => i = skip_literal(bytes, i),
            b'(' | b'[' | b'{' => {
                launch = launch.map(|depth| depth + 1);
                i += 1;
            }
            b')' | b']' | b'}' => {
                launch = launch.map(|depth| depth.saturating_sub(1));
                i += 1;
            }
            b'<' if launch.is_none() && bytes[i..].starts_with(b"<<") && last_word != b"operator" => {
                let after = i + 2;
                if bytes.get(after) == Some(&b'<') {
                    launch = Some(0);
                    i = after + 1;
                } else if let Some(third) = split_third(bytes, after, b'<') {
                    out.extend_from_slice(&source[copied..i]);
                    push_joined(&mut out, b"<<<", &source[after..third]);
                    copied = third + 1;
                    changed = true;
                    launch = Some(0);
                    i = third + 1;
                } else {
                    i = after;
                }
            }
            b'>' if launch == Some(0) && bytes[i..].starts_with(b">>") => {
                let after = i + 2;
                if bytes.get(after) == Some(&b'>') {
                    launch = None;
                    i = after + 1;
                } else if let Some(third) = split_third(bytes, after, b'>') {
                    out.extend_from_slice(&source[copied..i]);
                    push_joined(&mut out, b">>>", &source[after..third]);
                    copied = third + 1;
                    changed = true;
                    launch = None;
                    i = third + 1;
                } else {
                    i = after;
                }
            }
            c if c == b'_' || c.is_ascii_alphanumeric() => {
                let start = i;
                // A number's digit separators (`1'000`) are part of it, not a character literal.
                let number = c.is_ascii_digit();
                while i < bytes.len()
                    && (bytes[i] == b'_' || bytes[i].is_ascii_alphanumeric() || (number && bytes[i] == b'\''))
                {
                    i += 1;
                }
                last_word = &source[start..i];
                continue;
            }
            c if c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            _ => i += 1,
        }
        // Anything but an identifier or a blank (handled above) ends the word before it.
        last_word = b"";
    }
    if !changed {
        return None;
    }
    out.extend_from_slice(&source[copied..]);
    Some(out)
}

/// The index of `wanted` after the blanks that start at `from`, if there are blanks and then
/// `wanted`, not doubled (`<< <<` is no launch).
fn split_third(bytes: &[u8], from: usize, wanted: u8) -> Option<usize> {
    let mut j = from;
    while j < bytes.len() && bytes[j].is_ascii_whitespace() {
        j += 1;
    }
    (j > from && bytes.get(j) == Some(&wanted) && bytes.get(j + 1) != Some(&wanted)).then_some(j)
}

/// `chevron`, then the line breaks of the `blanks` it replaces.
fn push_joined(out: &mut Vec<u8>, chevron: &[u8], blanks: &[u8]) {
    out.extend_from_slice(chevron);
    out.extend(blanks.iter().filter(|&&c| c == b'\n'));
}

pub(crate) fn skip_line_comment(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < bytes.len() && bytes[i] != b'\n' {
        // A backslash before the line break continues the comment.
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    i.min(bytes.len())
}

pub(crate) fn skip_block_comment(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 2;
    while i < bytes.len() && !bytes[i..].starts_with(b"*/") {
        i += 1;
    }
    (i + 2).min(bytes.len())
}

/// Past a string or character literal starting at `start` (its quote); a raw string `R"(...)"`
/// reads as a string whose body has no escapes that matter here, except a quote: it ends at
/// the delimiter's quote, found by the same rule (a stray quote inside ends it early, which only
/// stops a join, never breaks code).
pub(crate) fn skip_literal(bytes: &[u8], start: usize) -> usize {
    let quote = bytes[start];
    let mut i = start + 1;
    while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(bytes.len())
}

#[cfg(test)]
mod tests {
    /// The joined text, if any.
    fn join_split_chevrons(source: &str) -> Option<String> {
        super::join_split_chevrons(source.as_bytes()).map(|b| String::from_utf8(b).expect("UTF-8 in, UTF-8 out"))
    }

    #[test]
    fn split_chevrons_are_joined_as_nvcc_reads_them() {
        assert_eq!(
            join_split_chevrons("k << < blocks, threads >> > (a, b);").as_deref(),
            Some("k <<< blocks, threads >>> (a, b);")
        );
        // Only one side split; the other already whole.
        assert_eq!(join_split_chevrons("k<<<1, 32>> >(p);").as_deref(), Some("k<<<1, 32>>>(p);"));
        assert_eq!(join_split_chevrons("k<< <1, 32>>>(p);").as_deref(), Some("k<<<1, 32>>>(p);"));
    }

    #[test]
    fn line_breaks_inside_a_chevron_are_kept_after_it() {
        assert_eq!(join_split_chevrons("k <<\n< 1, 2 >>\n\n> (p);\n").as_deref(), Some("k <<<\n 1, 2 >>>\n\n (p);\n"));
    }

    #[test]
    fn a_configuration_with_calls_and_shifts_closes_at_its_own_chevrons() {
        // `>>` inside parentheses is a shift, not the end of the configuration.
        assert_eq!(
            join_split_chevrons("k << < dim3((n >> 4), f(1)), 64 >> > (x >> 1);").as_deref(),
            Some("k <<< dim3((n >> 4), f(1)), 64 >>> (x >> 1);")
        );
    }

    #[test]
    fn other_code_is_left_alone() {
        for source in [
            "k<<<1, 32>>>(p);",
            "std::cout << x << std::endl; int y = a >> b >> c;",
            "auto s = operator<< <int>(os, 3);",
            "x <<= 2; y >>= 1; z = a << (b < c);",
            "// k << < 1, 2 >> > (p);\nconst char *s = \"<< <\"; char c = '<';",
            "/* k << < 1, 2 >> > () */",
            "std::vector<std::vector<int>> > v;",
            "long n = 1'000'000; k<<<1, 2>>>(n);",
        ] {
            assert_eq!(join_split_chevrons(source), None, "{source}");
        }
    }
}
