//! How far memory the program hands us by pointer can be read: registration and
//! `cudaLibraryLoadData` get raw pointers to fatbins whose headers declare their own sizes,
//! and a damaged header must not make us read past the memory that exists.
//!
//! The extent is that of the readable mappings (`/proc/self/maps`) that contain the address
//! and follow it without a gap: an executable's `.nv_fatbin` lies in one of its load
//! segments, a buffer the program filled lies in its heap or a mapping of its own.

/// The mappings of this process: `(start, end, readable)`, in address order.
fn mappings() -> Vec<(usize, usize, bool)> {
    let Ok(maps) = std::fs::read_to_string("/proc/self/maps") else { return Vec::new() };
    maps.lines()
        .filter_map(|line| {
            let mut fields = line.split_ascii_whitespace();
            let (start, end) = fields.next()?.split_once('-')?;
            let perms = fields.next()?;
            Some((usize::from_str_radix(start, 16).ok()?, usize::from_str_radix(end, 16).ok()?, perms.starts_with('r')))
        })
        .collect()
}

/// The number of bytes from `addr` on that are mapped readable (0 for null or an unmapped
/// address).
pub fn extent(addr: *const u8) -> usize {
    let addr = addr as usize;
    if addr == 0 {
        return 0;
    }
    let maps = mappings();
    let Some(first) = maps.iter().position(|&(start, end, readable)| readable && start <= addr && addr < end) else {
        return 0;
    };
    let mut end = maps[first].1;
    for &(start, next_end, readable) in &maps[first + 1..] {
        if start != end || !readable {
            break;
        }
        end = next_end;
    }
    end - addr
}

/// The readable bytes from `addr` on, at most `limit` of them.
///
/// # Safety
/// The memory must not be unmapped or written by another thread while the slice lives (true
/// of a program's static data, and of a buffer it passed to the call being served).
pub unsafe fn bytes<'a>(addr: *const u8, limit: usize) -> &'a [u8] {
    let n = extent(addr).min(limit);
    if n == 0 {
        return &[];
    }
    // SAFETY: `n` bytes from `addr` lie in readable mappings (just read from the kernel's
    // list), and the caller keeps them mapped and unchanged.
    unsafe { std::slice::from_raw_parts(addr, n) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extents_of_live_and_missing_memory() {
        let v = vec![7u8; 4096];
        assert!(extent(v.as_ptr()) >= 4096);
        assert_eq!(extent(std::ptr::null()), 0);
        // The last page of the address space is never mapped for user code.
        assert_eq!(extent(usize::MAX as *const u8), 0);
        // SAFETY: `v` lives and is not written meanwhile.
        assert_eq!(unsafe { bytes(v.as_ptr(), 10) }, &[7u8; 10]);
    }
}
