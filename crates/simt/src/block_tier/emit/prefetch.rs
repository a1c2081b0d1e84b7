//! The lane phase's prefetch of the memory a row of threads reaches next. A group's contiguous
//! global access (`mem.rs`, `lane_contiguous`) also asks the cache for the line after the one
//! that follows its span: a 2D block's rows are its groups, so a block reads one cache line of
//! each of its rows and the block after it the next line of the same rows. Sixteen or more rows
//! each advancing by one line per block are more streams than the hardware prefetchers follow,
//! and without a hint each new line is a full miss (the kit's `jacobi2d`, 16×16 blocks: 56% of
//! its time stalled on the load that first touches a row's next line; with the hint its time per
//! repetition halves). One instruction per access of 16 lanes; where lanes already stream
//! (1D blocks) the line is on its way and the hint costs that instruction only.
//!
//! A group that reaches the same access again (a loop) with its span moved by more than
//! [`STRIDE_MIN`] bytes, as a grid-stride loop's does (`i += blockDim.x * gridDim.x`: half a
//! megabyte a turn in the kit's reduce_shuffle), also asks for the span [`STRIDE_AHEAD`] such
//! strides ahead (`stride_hint`): the hardware prefetchers follow strides within a page only,
//! so each turn's load was a miss in the cache and in the TLB (75% of reduce_shuffle's time on
//! that one load; with the hint its time per repetition fell from 6.5 s to 1.4–1.9 s at one
//! worker). The last address is kept per group and access (`pf{index}_`, declared at the
//! group's start, so a group's first turn asks for nothing and no group sees another's), which
//! leaves accesses that each group makes once (a 2D block's rows) without the hint.
//!
//! A prefetch never faults and changes no value: an address past the end of an allocation (or
//! of the mapped memory) is ignored by the processor, so no check guards it.

use std::fmt::Write;

use crate::ir::Space;

/// Bytes beyond the end of a group's span that the hint asks for: the line after the next
/// (the next is the one a neighbouring access usually touches first, already on its way).
const AHEAD: u64 = 64;

/// The C statement hinting the line after a group's contiguous access of `size`-byte elements
/// at `p_` (lane 0's element, a C pointer in scope), for a write when `write`; `None` where no
/// hint pays: shared memory (a block's own, small and in the cache).
pub(super) fn hint(space: Space, size: u8, write: bool) -> Option<String> {
    if space == Space::Shared {
        return None;
    }
    Some(format!("__builtin_prefetch((const char *)p_ + LANE_W * {size}ull + {AHEAD}ull, {});", u8::from(write)))
}

/// Strides (bytes between a group's turns at one access) at most this long in either
/// direction get no stride hint: the hardware's stride prefetcher follows them (it follows
/// strides up to 2 KiB within a page).
const STRIDE_MIN: u64 = 2048;

/// How many strides ahead the stride hint asks: reduce_shuffle at one worker, 1.4 s a
/// repetition at 8, 1.5 s at 16, 1.9 s at 32 (6.5 s without).
const STRIDE_AHEAD: u64 = 8;

/// The C statement that asks for the span of a group's contiguous access (lane 0's element at
/// the C pointer `p_`, `size`-byte elements) [`STRIDE_AHEAD`] strides ahead when the group made
/// this access before (`pf{index}_`, its last lane-0 address, 0 before its first) with a stride
/// longer than [`STRIDE_MIN`]; `None` for shared memory. One prefetch per cache line of the span
/// and one at its last byte (a span not aligned to the lines reaches one line more).
pub(super) fn stride_hint(index: usize, space: Space, size: u8, write: bool) -> Option<String> {
    if space == Space::Shared {
        return None;
    }
    let w = u8::from(write);
    Some(format!(
        "{{ const u64 q_ = (u64)p_, s_ = q_ - pf{index}_;\n\
         if (pf{index}_ && s_ + {STRIDE_MIN}ull > {twice}ull) {{ const char *pa_ = (const char *)p_ + {STRIDE_AHEAD}ull * s_;\n\
         for (u32 k_ = 0; k_ < LANE_W * {size}u; k_ += 64u) __builtin_prefetch(pa_ + k_, {w});\n\
         __builtin_prefetch(pa_ + LANE_W * {size}u - 1u, {w}); }}\n\
         pf{index}_ = q_; }}",
        twice = 2 * STRIDE_MIN
    ))
}

/// The declarations of stride hints `0..count`' last addresses, C at a group's start.
pub(super) fn stride_declarations(count: usize) -> String {
    let mut out = String::new();
    for i in 0..count {
        let _ = write!(out, "u64 pf{i}_ = 0; (void)pf{i}_; ");
    }
    if count > 0 {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `out[i] = in[i] + tile[tid.x]` with `i` the thread's global x index: a global load and
    /// store and a shared load, each contiguous over a row's lanes.
    const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out)
{
    .shared .align 4 .b8 tile[64];
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mad.lo.s32 %r4, %r2, %r3, %r1;
    mul.wide.s32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r5, [%rd4];
    mov.u32 %r6, tile;
    shl.b32 %r7, %r1, 2;
    add.s32 %r6, %r6, %r7;
    ld.shared.u32 %r7, [%r6];
    add.s32 %r5, %r5, %r7;
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r5;
    ret;
}
"#;

    #[test]
    fn a_rows_global_accesses_hint_their_next_lines_and_its_shared_ones_none() {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let unit = super::super::translate(f, super::super::Grouping::Rows, super::super::WIDTH);
        assert!(unit.lanes, "runs a lane phase");
        let read = unit.source.matches("__builtin_prefetch((const char *)p_ + LANE_W * 4ull + 64ull, 0);").count();
        let written = unit.source.matches("__builtin_prefetch((const char *)p_ + LANE_W * 4ull + 64ull, 1);").count();
        assert_eq!((read, written), (1, 1), "one hint per global access, none for the shared load");
    }

    /// A grid-stride loop: `out[i] = in[i]` for `i = gtid; i < n; i += ntid.x * nctaid.x`.
    const LOOP: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out, .param .u32 n)
{
    .reg .pred %p<3>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r5, [n];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mad.lo.s32 %r4, %r2, %r3, %r1;
    mov.u32 %r6, %nctaid.x;
    mul.lo.s32 %r6, %r6, %r3;
    setp.ge.u32 %p1, %r4, %r5;
    @%p1 bra DONE;
LOOP:
    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r7, [%rd4];
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r7;
    add.s32 %r4, %r4, %r6;
    setp.lt.u32 %p2, %r4, %r5;
    @%p2 bra LOOP;
DONE:
    ret;
}
"#;

    #[test]
    fn each_global_access_keeps_its_last_address_per_group_for_the_stride_hint() {
        for (src, accesses) in [(KERNEL, 2), (LOOP, 2)] {
            let p = crate::Program::from_ptx(src).expect("load");
            let f = p.funcs[0].as_ref().expect("decoded");
            let unit = super::super::translate(f, super::super::Grouping::Rows, super::super::WIDTH);
            assert!(unit.lanes, "runs a lane phase");
            for i in 0..accesses {
                assert_eq!(unit.source.matches(&format!("u64 pf{i}_ = 0;")).count(), 1, "pf{i}_ declared once");
                assert_eq!(unit.source.matches(&format!("pf{i}_ = q_;")).count(), 1, "pf{i}_ kept once");
            }
            assert!(!unit.source.contains(&format!("pf{accesses}_")), "one hint per global access, none for shared");
            let read = stride_hint(0, Space::Global, 4, false).expect("a global load's hint");
            let written = stride_hint(1, Space::Global, 4, true).expect("a global store's hint");
            assert!(unit.source.contains(&read) && unit.source.contains(&written));
        }
    }

    #[test]
    fn the_stride_hint_asks_for_the_span_eight_strides_on_beyond_two_kib_and_never_for_shared() {
        let h = stride_hint(3, Space::Global, 8, false).expect("global");
        assert!(h.contains("s_ = q_ - pf3_"), "{h}");
        assert!(h.contains("if (pf3_ && s_ + 2048ull > 4096ull)"), "{h}");
        assert!(h.contains("(const char *)p_ + 8ull * s_"), "{h}");
        assert!(h.contains("k_ < LANE_W * 8u; k_ += 64u) __builtin_prefetch(pa_ + k_, 0)"), "{h}");
        assert!(h.contains("__builtin_prefetch(pa_ + LANE_W * 8u - 1u, 0)"), "{h}");
        assert!(stride_hint(0, Space::Generic, 4, true).expect("generic").contains("__builtin_prefetch(pa_ + k_, 1)"));
        assert_eq!(stride_hint(0, Space::Shared, 4, false), None);
        assert_eq!(stride_declarations(0), "");
        assert_eq!(stride_declarations(2), "u64 pf0_ = 0; (void)pf0_; u64 pf1_ = 0; (void)pf1_; \n");
    }

    #[test]
    fn global_accesses_ask_for_the_line_after_the_next_and_shared_ones_for_nothing() {
        assert_eq!(
            hint(Space::Global, 4, false).as_deref(),
            Some("__builtin_prefetch((const char *)p_ + LANE_W * 4ull + 64ull, 0);")
        );
        assert_eq!(
            hint(Space::Generic, 8, true).as_deref(),
            Some("__builtin_prefetch((const char *)p_ + LANE_W * 8ull + 64ull, 1);")
        );
        assert_eq!(hint(Space::Shared, 4, false), None);
    }
}
