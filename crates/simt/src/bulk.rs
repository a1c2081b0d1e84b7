//! Bulk copies and fills of memory that kernels (or other host threads) may access at the same
//! time: `cudaMemcpy`/`cudaMemset` at the memory's bandwidth, without undefined behaviour.
//!
//! A copy racing with a kernel is a data race on a GPU too (the bytes read are unspecified),
//! but in Rust's model a non-atomic access racing with an atomic one is undefined behaviour.
//! So every byte is moved by a relaxed atomic access, as RFC 3301's "byte-wise atomic memcpy"
//! does. On x86-64 that is the processor's string instructions (`rep movsb`/`rep stosq`,
//! whose accesses are single-copy atomic bytes or words: see [`string_copy`]), which write
//! whole cache lines without reading them first, as the host's `memcpy` does for large
//! copies. Elsewhere (and for overlapping ranges) it is 8-byte `AtomicU64` loads and stores
//! for the aligned middle and `AtomicU8` at the unaligned edges; where the two ends are not
//! aligned alike, or overlap, each small piece goes through a buffer on the stack (ordinary
//! memory no one else sees), read with one end's alignment and written with the other's.
//!
//! Very large copies and fills are split among the worker threads that run kernels
//! (`workers.rs`), as a GPU's copy engines work in parallel: one core alone does not reach a
//! server's memory bandwidth.

use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};

/// Copies and fills of at least this many bytes are split among worker threads.
const PARALLEL_MIN: usize = 16 << 20;
/// The piece a worker thread takes at a time.
const PIECE: usize = 2 << 20;
/// At most this many threads share one copy (memory bandwidth saturates before the cores
/// run out).
const MAX_THREADS: usize = 8;
/// The stack buffer of a copy whose ends are aligned differently (or overlap).
const BOUNCE: usize = 4096;

/// Copies `len` bytes from `src` to `dst` (overlapping ranges included, as `memmove`).
///
/// # Safety
///
/// `src..src + len` must be valid for reads and `dst..dst + len` for writes for the whole
/// call, and accessed by others only atomically (device memory: kernels' accesses are
/// atomics; host memory: the CUDA API's contract gives the copy those bytes meanwhile).
pub(crate) unsafe fn copy(dst: *mut u8, src: *const u8, len: usize) {
    let overlap =
        (dst as usize) < (src as usize).wrapping_add(len) && (src as usize) < (dst as usize).wrapping_add(len);
    if overlap || len < PARALLEL_MIN {
        // SAFETY: `copy_serial` asks what this function's caller guarantees, for the same
        // `dst`, `src` and `len`.
        unsafe { copy_serial(dst, src, len) };
        return;
    }
    let (d, s) = (dst as usize, src as usize);
    in_pieces(len, &|at, n| {
        // SAFETY: `at..at + n` lies within `0..len`, so both sub-ranges are inside the ranges
        // the caller vouched for; the ranges do not overlap, so pieces are independent.
        unsafe { copy_serial((d + at) as *mut u8, (s + at) as *const u8, n) }
    });
}

/// Copies `rows` rows of `width` bytes, rows `src_pitch` bytes apart at `src` and
/// `dst_pitch` bytes apart at `dst` (`cudaMemcpy2D`); each row as [`copy`] does it.
///
/// # Safety
///
/// As for [`copy`], for every row.
pub(crate) unsafe fn copy_rows(
    dst: *mut u8,
    dst_pitch: usize,
    src: *const u8,
    src_pitch: usize,
    width: usize,
    rows: usize,
) {
    let total = width.saturating_mul(rows);
    let extent = |pitch: usize| (rows.saturating_sub(1)).saturating_mul(pitch).saturating_add(width);
    let (d, s) = (dst as usize, src as usize);
    let overlap = d < s.wrapping_add(extent(src_pitch)) && s < d.wrapping_add(extent(dst_pitch));
    if rows <= 1 {
        // SAFETY: one row (or none): the caller's guarantee for every row covers its `width`
        // bytes at `dst` and `src`, which is what `copy` asks.
        unsafe { copy(dst, src, width) };
        return;
    }
    let row = |y: usize| {
        // SAFETY: row `y < rows` is one the caller vouched for.
        unsafe { copy_serial((d + y * dst_pitch) as *mut u8, (s + y * src_pitch) as *const u8, width) }
    };
    if overlap || total < PARALLEL_MIN {
        (0..rows).for_each(row);
        return;
    }
    // Rows in groups of about a piece, spread among threads.
    let group = (PIECE / width.max(1)).max(1);
    in_pieces(rows.div_ceil(group) * PIECE, &|at, _| {
        let first = at / PIECE * group;
        (first..(first + group).min(rows)).for_each(row);
    });
}

/// Fills `len` bytes at `dst` with `pattern` repeated from `dst` on (`pattern.len()` is 1, 2,
/// 4 or 8: `cudaMemset`, `cudaMemsetD16`, `cudaMemsetD32`).
///
/// # Safety
///
/// `dst..dst + len` must be valid for writes for the whole call and accessed by others only
/// atomically.
pub(crate) unsafe fn fill(dst: *mut u8, pattern: &[u8], len: usize) {
    let width = pattern.len();
    if !matches!(width, 1 | 2 | 4 | 8) {
        return;
    }
    if len < PARALLEL_MIN {
        // SAFETY: `fill_serial` asks what this function's caller guarantees, for the same `dst`
        // and `len`; phase 0: `dst` is where the pattern starts.
        unsafe { fill_serial(dst, pattern, 0, len) };
        return;
    }
    let d = dst as usize;
    in_pieces(len, &|at, n| {
        // SAFETY: `at..at + n` lies within `0..len`; the pattern's phase follows `at`.
        unsafe { fill_serial((d + at) as *mut u8, pattern, at % width, n) }
    });
}

/// Fills `rows` rows of `width` bytes, `pitch` bytes apart from `dst` on, each with
/// `pattern` repeated from the row's first byte (`cudaMemset2D`).
///
/// # Safety
///
/// As for [`fill`], for every row.
pub(crate) unsafe fn fill_rows(dst: *mut u8, pitch: usize, pattern: &[u8], width: usize, rows: usize) {
    if !matches!(pattern.len(), 1 | 2 | 4 | 8) {
        return;
    }
    if rows <= 1 {
        // SAFETY: one row (or none): the caller's guarantee for every row covers its `width`
        // bytes at `dst`, which is what `fill` asks.
        unsafe { fill(dst, pattern, width) };
        return;
    }
    let d = dst as usize;
    let row = |y: usize| {
        // SAFETY: row `y < rows` is one the caller vouched for.
        unsafe { fill_serial((d + y * pitch) as *mut u8, pattern, 0, width) }
    };
    if width.saturating_mul(rows) < PARALLEL_MIN {
        (0..rows).for_each(row);
        return;
    }
    let group = (PIECE / width.max(1)).max(1);
    in_pieces(rows.div_ceil(group) * PIECE, &|at, _| {
        let first = at / PIECE * group;
        (first..(first + group).min(rows)).for_each(row);
    });
}

/// Runs `piece(offset, len)` over `0..len` in [`PIECE`]s, on up to [`MAX_THREADS`] threads.
fn in_pieces(len: usize, piece: &(dyn Fn(usize, usize) + Sync)) {
    let threads = threads().min(len.div_ceil(PIECE)).min(MAX_THREADS) as u32;
    let next = AtomicUsize::new(0);
    crate::workers::run(threads, &|_| {
        loop {
            let at = next.fetch_add(PIECE, Ordering::Relaxed);
            if at >= len {
                break;
            }
            piece(at, PIECE.min(len - at));
        }
    });
}

/// The threads large copies may use: the kernel worker count.
fn threads() -> usize {
    static N: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *N.get_or_init(|| {
        crate::env::workers()
            .map(|n| n as usize)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    })
}

/// [`copy`] on the calling thread.
///
/// # Safety
///
/// As for [`copy`].
unsafe fn copy_serial(dst: *mut u8, src: *const u8, len: usize) {
    let overlap =
        (dst as usize) < (src as usize).wrapping_add(len) && (src as usize) < (dst as usize).wrapping_add(len);
    #[cfg(target_arch = "x86_64")]
    if !overlap {
        // SAFETY: `string_copy` asks what `copy` asks (the caller's guarantee, same `dst`,
        // `src`, `len`) and ranges that do not overlap, which `overlap` just ruled out.
        unsafe { string_copy(dst, src, len) };
        return;
    }
    // SAFETY: `copy_words` asks what `copy` asks (the caller's guarantee, same `dst`, `src`,
    // `len`) and whether the ranges overlap, which `overlap` says.
    unsafe { copy_words(dst, src, len, overlap) }
}

/// Copies with `rep movsb`, the processor's own copy loop (x86-64's "fast strings"): it
/// moves whole cache lines without reading the destination first, where a loop of 8-byte
/// stores reads every destination line it writes (a pitched 2D copy of 4 KB rows ran at 55%
/// of the host's `memcpy` that way).
///
/// Why this is sound in Rust's model: an `asm!` block may do whatever some Rust code could
/// do in its place; `rep movsb` reads each source byte once and writes each destination byte
/// once, each access single-copy atomic (Intel SDM vol. 3, 9.1.1: byte accesses always are),
/// in an order the ordering rules of fast strings leave unspecified (SDM vol. 1, 7.3.9.3) —
/// what a loop of relaxed `AtomicU8` loads and stores does, whose order relaxed atomics leave
/// unspecified too. So a kernel racing with the copy sees (and leaves) bytes as it would with
/// the byte-atomic copy, never undefined behaviour.
///
/// # Safety
///
/// As for [`copy`]; the ranges do not overlap.
#[cfg(target_arch = "x86_64")]
unsafe fn string_copy(dst: *mut u8, src: *const u8, len: usize) {
    // SAFETY: the caller vouches for both ranges; see above for the atomicity argument.
    // Rust guarantees the direction flag clear on entry (so the copy runs forwards); the
    // instruction leaves it clear.
    unsafe {
        std::arch::asm!(
            "rep movsb",
            inout("rcx") len => _,
            inout("rdi") dst => _,
            inout("rsi") src => _,
            options(nostack, preserves_flags)
        );
    }
}

/// Fills `words` 8-byte words from 8-byte aligned `dst` with `w` (`rep stosq`; soundness as
/// for [`string_copy`], with 8-byte aligned stores, each single-copy atomic).
///
/// # Safety
///
/// `dst` 8-byte aligned, valid for `8 * words` bytes of writes, accessed by others only
/// atomically.
#[cfg(target_arch = "x86_64")]
unsafe fn string_fill(dst: *mut u64, w: u64, words: usize) {
    // SAFETY: as the contract and `string_copy` say.
    unsafe {
        std::arch::asm!(
            "rep stosq",
            inout("rcx") words => _,
            inout("rdi") dst => _,
            in("rax") w,
            options(nostack, preserves_flags)
        );
    }
}

/// Fills `len` bytes at `dst` with `v` (`rep stosb`, which processors with "enhanced rep
/// movsb/stosb" run at the memory's bandwidth; soundness as for [`string_copy`], with byte
/// stores).
///
/// # Safety
///
/// `dst` valid for `len` bytes of writes, accessed by others only atomically.
#[cfg(target_arch = "x86_64")]
unsafe fn string_fill_bytes(dst: *mut u8, v: u8, len: usize) {
    // SAFETY: as the contract and `string_copy` say.
    unsafe {
        std::arch::asm!(
            "rep stosb",
            inout("rcx") len => _,
            inout("rdi") dst => _,
            in("al") v,
            options(nostack, preserves_flags)
        );
    }
}

/// [`copy`] with word atomics (the portable way; also where the ranges overlap).
///
/// # Safety
///
/// As for [`copy`]; `overlap` tells whether the ranges overlap.
unsafe fn copy_words(dst: *mut u8, src: *const u8, len: usize, overlap: bool) {
    if !overlap && (dst as usize) % 8 == (src as usize) % 8 {
        // SAFETY: `copy_aligned_alike` asks what `copy` asks (the caller's guarantee, same
        // `dst`, `src`, `len`), ends aligned alike and no overlap: both tested just above.
        unsafe { copy_aligned_alike(dst, src, len) };
        return;
    }
    // Through the stack buffer, piece by piece; backwards when the destination lies above an
    // overlapping source, so that every piece is read before it is overwritten.
    let mut buf = [0u8; BOUNCE];
    let pieces = len.div_ceil(BOUNCE);
    for k in 0..pieces {
        let k = if overlap && (dst as usize) > (src as usize) { pieces - 1 - k } else { k };
        let at = k * BOUNCE;
        let n = BOUNCE.min(len - at);
        // SAFETY: `at..at + n` is inside `0..len`; `buf` is our own, holding `n` bytes. Each
        // piece is read whole before it is written, and the order above never overwrites
        // source bytes a later piece still reads.
        unsafe {
            read_words(buf.as_mut_ptr(), src.add(at), n);
            write_words(dst.add(at), buf.as_ptr(), n);
        }
    }
}

/// Copies between ends with the same alignment modulo 8 that do not overlap.
///
/// # Safety
///
/// As for [`copy`], and `dst % 8 == src % 8`, and the ranges do not overlap.
unsafe fn copy_aligned_alike(dst: *mut u8, src: *const u8, len: usize) {
    let head = (dst as usize).wrapping_neg() % 8;
    let head = head.min(len);
    let words = (len - head) / 8;
    // SAFETY: every access is inside the ranges the caller vouched for; word accesses are at
    // `dst + head + 8i` and `src + head + 8i`, both multiples of 8 (the ends are aligned
    // alike); all are atomics, so racing accesses by others are defined.
    unsafe {
        for i in 0..head {
            byte(dst.add(i)).store(byte(src.add(i).cast_mut()).load(Ordering::Relaxed), Ordering::Relaxed);
        }
        let (d, s) = (dst.add(head).cast::<u64>(), src.add(head).cast::<u64>().cast_mut());
        for i in 0..words {
            word(d.add(i)).store(word(s.add(i)).load(Ordering::Relaxed), Ordering::Relaxed);
        }
        for i in head + 8 * words..len {
            byte(dst.add(i)).store(byte(src.add(i).cast_mut()).load(Ordering::Relaxed), Ordering::Relaxed);
        }
    }
}

/// Reads `n` bytes at shared `src` into our own buffer `out` (word atomics at `src`'s aligned
/// words).
///
/// # Safety
///
/// `src..src + n` valid for reads, accessed by others only atomically; `out` valid for `n`
/// writes and private to the caller.
unsafe fn read_words(out: *mut u8, src: *const u8, n: usize) {
    let head = ((src as usize).wrapping_neg() % 8).min(n);
    let words = (n - head) / 8;
    // SAFETY: as the contract says; word loads are at multiples of 8 inside `src..src + n`;
    // `out` is private, so plain (unaligned) writes to it race with nothing.
    unsafe {
        for i in 0..head {
            *out.add(i) = byte(src.add(i).cast_mut()).load(Ordering::Relaxed);
        }
        let s = src.add(head).cast::<u64>().cast_mut();
        for i in 0..words {
            out.add(head + 8 * i).cast::<u64>().write_unaligned(word(s.add(i)).load(Ordering::Relaxed));
        }
        for i in head + 8 * words..n {
            *out.add(i) = byte(src.add(i).cast_mut()).load(Ordering::Relaxed);
        }
    }
}

/// Writes `n` bytes of our own buffer `data` to shared `dst` (word atomics at `dst`'s aligned
/// words).
///
/// # Safety
///
/// `dst..dst + n` valid for writes, accessed by others only atomically; `data` valid for `n`
/// reads and private to the caller.
unsafe fn write_words(dst: *mut u8, data: *const u8, n: usize) {
    let head = ((dst as usize).wrapping_neg() % 8).min(n);
    let words = (n - head) / 8;
    // SAFETY: as the contract says; word stores are at multiples of 8 inside `dst..dst + n`;
    // `data` is private, so plain (unaligned) reads of it race with nothing.
    unsafe {
        for i in 0..head {
            byte(dst.add(i)).store(*data.add(i), Ordering::Relaxed);
        }
        let d = dst.add(head).cast::<u64>();
        for i in 0..words {
            word(d.add(i)).store(data.add(head + 8 * i).cast::<u64>().read_unaligned(), Ordering::Relaxed);
        }
        for i in head + 8 * words..n {
            byte(dst.add(i)).store(*data.add(i), Ordering::Relaxed);
        }
    }
}

/// [`fill`] on the calling thread, `dst` being `phase` bytes into the pattern.
///
/// # Safety
///
/// As for [`fill`]; `pattern.len()` is 1, 2, 4 or 8.
unsafe fn fill_serial(dst: *mut u8, pattern: &[u8], phase: usize, len: usize) {
    let width = pattern.len();
    #[cfg(target_arch = "x86_64")]
    if width == 1 {
        // SAFETY: `string_fill_bytes` asks that `dst..dst + len` be writable and touched by
        // others only atomically: the caller's guarantee (`fill`'s), same `dst` and `len`.
        unsafe { string_fill_bytes(dst, pattern[0], len) };
        return;
    }
    let at = |i: usize| pattern[(phase + i) % width];
    let head = ((dst as usize).wrapping_neg() % 8).min(len);
    let words = (len - head) / 8;
    // Every aligned word starts at the same phase of the pattern (its width divides 8).
    let w = u64::from_le_bytes(std::array::from_fn(|j| at(head + j)));
    // SAFETY: as the contract says; word stores are at multiples of 8 inside the range.
    unsafe {
        for i in 0..head {
            byte(dst.add(i)).store(at(i), Ordering::Relaxed);
        }
        let d = dst.add(head).cast::<u64>();
        #[cfg(target_arch = "x86_64")]
        string_fill(d, w, words);
        #[cfg(not(target_arch = "x86_64"))]
        for i in 0..words {
            word(d.add(i)).store(w, Ordering::Relaxed);
        }
        for i in head + 8 * words..len {
            byte(dst.add(i)).store(at(i), Ordering::Relaxed);
        }
    }
}

/// The byte at `p` as an atomic.
///
/// # Safety
///
/// `p` valid for reads and writes as long as the reference is used.
#[inline(always)]
unsafe fn byte<'a>(p: *mut u8) -> &'a AtomicU8 {
    // SAFETY: `from_ptr` asks for an aligned pointer valid while the reference lives and
    // accessed only atomically meanwhile: the caller guarantees validity (the contract above,
    // for as long as the reference is used), every access here is atomic, and a byte is
    // always aligned.
    unsafe { AtomicU8::from_ptr(p) }
}

/// The 8-byte word at `p` as an atomic.
///
/// # Safety
///
/// `p` 8-byte aligned and valid for reads and writes as long as the reference is used.
#[inline(always)]
unsafe fn word<'a>(p: *mut u64) -> &'a AtomicU64 {
    // SAFETY: `from_ptr` asks for an 8-byte aligned pointer valid while the reference lives
    // and accessed only atomically meanwhile: the caller guarantees the alignment and the
    // validity (the contract above), and every access here is atomic.
    unsafe { AtomicU64::from_ptr(p) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reference memmove on ordinary vectors.
    fn reference(buf: &[u8], dst: usize, src: usize, len: usize) -> Vec<u8> {
        let mut v = buf.to_vec();
        v.copy_within(src..src + len, dst);
        v
    }

    #[test]
    fn copies_every_alignment_and_length() {
        let a: Vec<u8> = (0..200u32).map(|i| (i * 7 + 3) as u8).collect();
        for s in 0..9 {
            for d in 0..9 {
                for len in [0, 1, 7, 8, 9, 15, 16, 17, 63, 100] {
                    let mut out = vec![0xeeu8; 200];
                    // SAFETY: both ranges are inside live, distinct vectors.
                    unsafe { copy(out.as_mut_ptr().add(d), a.as_ptr().add(s), len) };
                    let mut want = vec![0xeeu8; 200];
                    want[d..d + len].copy_from_slice(&a[s..s + len]);
                    assert_eq!(out, want, "src +{s}, dst +{d}, {len} bytes");
                }
            }
        }
    }

    #[test]
    fn the_word_atomic_copy_handles_every_alignment() {
        // The portable path (x86-64 copies disjoint ranges with `rep movsb`).
        let a: Vec<u8> = (0..100u32).map(|i| (i * 5 + 1) as u8).collect();
        for s in 0..9 {
            for d in 0..9 {
                for len in [0, 1, 7, 8, 9, 17, 80] {
                    let mut out = vec![0u8; 100];
                    // SAFETY: both ranges are inside live, distinct vectors.
                    unsafe { copy_words(out.as_mut_ptr().add(d), a.as_ptr().add(s), len, false) };
                    assert!(
                        out[d..d + len] == a[s..s + len] && out[..d].iter().chain(&out[d + len..]).all(|&b| b == 0)
                    );
                }
            }
        }
    }

    #[test]
    fn overlapping_copies_behave_as_memmove() {
        let a: Vec<u8> = (0..3 * BOUNCE as u32).map(|i| (i % 251) as u8).collect();
        for (d, s, len) in [(1, 0, 2 * BOUNCE), (0, 1, 2 * BOUNCE), (8, 0, 2 * BOUNCE + 5), (0, 8, 100), (3, 3, 50)] {
            let mut v = a.clone();
            // SAFETY: both ranges are inside `v`.
            unsafe { copy(v.as_mut_ptr().add(d), v.as_ptr().add(s), len) };
            assert_eq!(v, reference(&a, d, s, len), "dst {d}, src {s}, {len} bytes");
        }
    }

    #[test]
    fn large_copies_split_among_threads_copy_every_byte() {
        let len = PARALLEL_MIN + PIECE / 2 + 3;
        let a: Vec<u8> = (0..len + 8).map(|i| (i % 253) as u8).collect();
        for (d, s) in [(0, 0), (5, 1)] {
            let mut out = vec![0u8; len + 8];
            // SAFETY: both ranges are inside live, distinct vectors.
            unsafe { copy(out.as_mut_ptr().add(d), a.as_ptr().add(s), len) };
            assert!(out[d..d + len] == a[s..s + len], "dst +{d}, src +{s}");
            assert!(out[..d].iter().chain(&out[d + len..]).all(|&b| b == 0));
        }
    }

    #[test]
    fn row_copies_move_each_row_and_leave_the_gaps() {
        for (width, rows) in [(5, 3), (64, 40), (PIECE / 2 + 3, PARALLEL_MIN / (PIECE / 2) + 2)] {
            let (sp, dp) = (width + 3, width + 11);
            let src: Vec<u8> = (0..sp * rows).map(|i| (i % 249) as u8 + 1).collect();
            let mut dst = vec![0u8; dp * rows];
            // SAFETY: every row is inside its vector.
            unsafe { copy_rows(dst.as_mut_ptr(), dp, src.as_ptr(), sp, width, rows) };
            for y in 0..rows {
                assert!(dst[y * dp..y * dp + width] == src[y * sp..y * sp + width], "row {y} of {width} bytes");
                assert!(dst[y * dp + width..(y + 1) * dp].iter().all(|&b| b == 0));
            }
        }
    }

    #[test]
    fn row_fills_start_each_row_at_the_pattern_and_leave_the_gaps() {
        for (width, rows) in [(6, 3), (PIECE / 2 + 2, PARALLEL_MIN / (PIECE / 2) + 2)] {
            let pitch = width + 5;
            let mut out = vec![0u8; pitch * rows];
            // SAFETY: every row is inside `out`.
            unsafe { fill_rows(out.as_mut_ptr(), pitch, &[1, 2, 3, 4], width, rows) };
            for y in 0..rows {
                let r = &out[y * pitch..(y + 1) * pitch];
                assert!(r[..width].chunks(4).all(|c| c == &[1, 2, 3, 4][..c.len()]), "row {y}");
                assert!(r[width..].iter().all(|&b| b == 0), "gap of row {y}");
            }
        }
    }

    #[test]
    fn fills_repeat_the_pattern_from_the_first_byte() {
        for pattern in [&[0xabu8][..], &[1, 2], &[1, 2, 3, 4], &[1, 2, 3, 4, 5, 6, 7, 8]] {
            for d in 0..9 {
                for len in [0, 1, 5, 8, 13, 64, 77] {
                    let mut out = vec![0u8; 100];
                    // SAFETY: the range is inside `out`.
                    unsafe { fill(out.as_mut_ptr().add(d), pattern, len) };
                    for (i, &b) in out.iter().enumerate() {
                        let want = if (d..d + len).contains(&i) { pattern[(i - d) % pattern.len()] } else { 0 };
                        assert_eq!(b, want, "pattern {pattern:?}, dst +{d}, {len} bytes, byte {i}");
                    }
                }
            }
        }
        let len = PARALLEL_MIN + 6;
        let mut big = vec![0u8; len + 2];
        // SAFETY: the range is inside `big`.
        unsafe { fill(big.as_mut_ptr().add(2), &[1, 2, 3, 4], len) };
        assert!(big[2..].chunks(4).all(|c| c == &[1, 2, 3, 4][..c.len()]));
        assert_eq!(&big[..2], &[0, 0]);
    }

    #[test]
    fn a_copy_racing_with_atomic_writers_is_defined_and_sees_whole_bytes() {
        // Another thread keeps storing whole words of one value or another; every byte the
        // copy reads is a byte of one of them (byte accesses are single-copy atomic; words
        // may mix, as with a byte-wise atomic copy).
        let src: Vec<AtomicU64> = (0..4096).map(|_| AtomicU64::new(0)).collect();
        let stop = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|sc| {
            sc.spawn(|| {
                let mut v = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    v = !v;
                    for w in &src {
                        w.store(v, Ordering::Relaxed);
                    }
                }
            });
            for _ in 0..50 {
                let mut out = vec![0u64; 4096];
                // SAFETY: both ranges are live; the source is only accessed atomically.
                unsafe { copy(out.as_mut_ptr().cast(), src.as_ptr().cast(), 8 * 4096) };
                assert!(out.iter().flat_map(|w| w.to_le_bytes()).all(|b| b == 0 || b == 0xff));
            }
            stop.store(true, Ordering::Relaxed);
        });
    }
}
