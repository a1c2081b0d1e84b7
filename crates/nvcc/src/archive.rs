//! The members of a static library (`ar` archive, System V/GNU format), for the device link:
//! a library of relocatable device code (`-dc` objects put in a `.a`) holds PTX in its members.

/// The archive's magic string.
const MAGIC: &[u8] = b"!<arch>\n";
/// The size of a member header.
const HEADER: usize = 60;

/// Whether `bytes` is an `ar` archive.
pub fn is_archive(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// The archive's members other than its symbol and long-name tables: (name, contents).
pub fn members(bytes: &[u8]) -> Result<Vec<(String, &[u8])>, String> {
    if !is_archive(bytes) {
        return Err("not an ar archive".into());
    }
    let mut out = Vec::new();
    let mut long_names: &[u8] = &[];
    let mut at = MAGIC.len();
    while at < bytes.len() {
        let header = bytes.get(at..at + HEADER).ok_or_else(|| format!("truncated member header at byte {at}"))?;
        if &header[58..60] != b"`\n" {
            return Err(format!("bad member header at byte {at}"));
        }
        let field = |range: std::ops::Range<usize>| String::from_utf8_lossy(&header[range]).trim_end().to_string();
        let size: usize =
            field(48..58).parse().map_err(|_| format!("bad member size '{}' at byte {at}", field(48..58)))?;
        let start = at + HEADER;
        let data = bytes
            .get(start..start.checked_add(size).ok_or("member size overflows")?)
            .ok_or_else(|| format!("truncated member at byte {at}"))?;
        let raw_name = field(0..16);
        match raw_name.as_str() {
            // The symbol tables (System V 32- and 64-bit).
            "/" | "/SYM64/" => {}
            "//" => long_names = data,
            _ => {
                let name = match raw_name.strip_prefix('/').and_then(|n| n.parse::<usize>().ok()) {
                    Some(offset) => {
                        let rest = long_names.get(offset..).unwrap_or_default();
                        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
                        String::from_utf8_lossy(&rest[..end]).trim_end_matches('/').to_string()
                    }
                    None => raw_name.trim_end_matches('/').to_string(),
                };
                out.push((name, data));
            }
        }
        // Members start at even offsets.
        at = start + size + (size & 1);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(name: &str, size: usize) -> Vec<u8> {
        format!("{name:<16}{:<12}{:<6}{:<6}{:<8}{size:<10}`\n", 0, 0, 0, 644).into_bytes()
    }

    #[test]
    fn members_with_short_and_long_names_skip_the_tables() {
        let long_name = "a_rather_long_member_name.o";
        let mut a = MAGIC.to_vec();
        a.extend(header("/", 4));
        a.extend(b"\0\0\0\0");
        let table = format!("{long_name}/\n");
        a.extend(header("//", table.len()));
        a.extend(table.as_bytes());
        if table.len() % 2 == 1 {
            a.push(b'\n');
        }
        a.extend(header("short.o/", 3));
        a.extend(b"abc\n"); // odd size: one byte of padding
        a.extend(header("/0", 2));
        a.extend(b"xy");
        let m = members(&a).unwrap();
        assert_eq!(m, vec![("short.o".to_string(), b"abc".as_slice()), (long_name.to_string(), b"xy".as_slice())]);
    }

    #[test]
    fn truncated_and_foreign_input_is_an_error() {
        assert!(members(b"hello").is_err());
        let mut a = MAGIC.to_vec();
        a.extend(header("x.o/", 100));
        a.extend(b"short");
        assert!(members(&a).unwrap_err().contains("truncated"));
    }
}
