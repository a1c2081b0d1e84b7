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
//! A prefetch never faults and changes no value: an address past the end of an allocation (or
//! of the mapped memory) is ignored by the processor, so no check guards it.

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
