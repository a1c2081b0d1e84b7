//! LZ4 block decoding (no frame), bounded by the size the caller expects.

/// Decodes an LZ4 block (no frame) whose decompressed size is `size`. The output grows as
/// the block decodes and may not pass `size` (a block that would is corrupt), so a damaged
/// block or a wrong `size` costs at most `size` bytes, and `size` larger than `src` can
/// produce costs nothing.
pub fn lz4_block_decode(src: &[u8], size: usize) -> Result<Vec<u8>, String> {
    let bad = |what: &str| format!("corrupt LZ4 block: {what}");
    if size > max_output(src.len()) {
        return Err(format!("an LZ4 block of {} bytes cannot decompress to {size} bytes", src.len()));
    }
    let mut out: Vec<u8> = Vec::new();
    let mut i = 0;
    // A length: the token's nibble, extended by bytes while they are 255.
    let len = |i: &mut usize, mut n: usize| -> Result<usize, String> {
        if n == 15 {
            loop {
                let b = *src.get(*i).ok_or_else(|| bad("a length runs past the end"))?;
                *i += 1;
                n += b as usize;
                if b != 255 {
                    break;
                }
            }
        }
        Ok(n)
    };
    while i < src.len() {
        let token = src[i];
        i += 1;
        let lit = len(&mut i, (token >> 4) as usize)?;
        let literals =
            i.checked_add(lit).and_then(|end| src.get(i..end)).ok_or_else(|| bad("literals run past the end"))?;
        if out.len() + lit > size {
            return Err(bad("it decompresses to more than the declared size"));
        }
        out.extend_from_slice(literals);
        i += lit;
        if i >= src.len() || out.len() >= size {
            break;
        }
        let offset = src
            .get(i..i + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]) as usize)
            .ok_or_else(|| bad("a match offset runs past the end"))?;
        i += 2;
        let match_len = len(&mut i, (token & 15) as usize)? + 4;
        if offset == 0 || offset > out.len() {
            return Err(bad("a match refers before the start"));
        }
        if out.len() + match_len > size {
            return Err(bad("it decompresses to more than the declared size"));
        }
        let start = out.len() - offset;
        for k in 0..match_len {
            let b = out[start + k];
            out.push(b);
        }
    }
    out.truncate(size);
    Ok(out)
}

/// The most an LZ4 block of `n` bytes can decompress to: each extra length byte adds at
/// most 255 output bytes, and each sequence (token + offset) at most 15 + 4 + 255.
pub fn max_output(n: usize) -> usize {
    n.saturating_mul(255).saturating_add(64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_and_matches() {
        // "abcabcabcabcX": literals "abc", match offset 3 length 9, then literal "X".
        let block = [0x35, b'a', b'b', b'c', 3, 0, 0x10, b'X'];
        assert_eq!(lz4_block_decode(&block, 13).ok().as_deref(), Some(&b"abcabcabcabcX"[..]));
        assert!(lz4_block_decode(&[0x10, b'a', 9, 0], 10).is_err());
    }

    #[test]
    fn sizes_beyond_the_data_are_refused() {
        let block = [0x35, b'a', b'b', b'c', 3, 0, 0x10, b'X'];
        assert!(lz4_block_decode(&block, usize::MAX).is_err());
        assert!(lz4_block_decode(&block, 1 << 57).is_err());
        // The match would write past a declared size of 5.
        assert!(lz4_block_decode(&block, 5).is_err());
    }
}
