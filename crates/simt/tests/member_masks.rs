//! Warp-synchronizing operations of several tiles of one warp, run together as one convergent
//! instruction with a different member mask per tile: each lane's result covers the lanes of its
//! own mask only (PTX ISA: threads outside `membermask` contribute nothing), on every engine.

use simt::{DeviceMemory, Dim3, Params};

mod common;

use common::ptx::{Index, Kernel, module};
use common::{ENGINES, program};

fn ptx() -> String {
    module(
        "sm_80",
        &[
            String::from(
                r#"
// Tiles of `width` lanes (a power of two): out[lane] = { ballot, any, all, uni, match.any, match.all }
// of the predicate `lane & pmask != 0` and the value `lane & vmask` over the lane's tile.
"#,
            ),
            Kernel::new("tiles", &["out"], Index::None)
                .param(".u32 width")
                .param(".u32 pmask")
                .param(".u32 vmask")
                .body(
                    r#"
    mov.u32 %r1, %laneid;
    ld.param.u32 %r2, [width];
    // member mask: ((1 << width) - 1) << (lane & ~(width - 1)), width 32 → 0xffffffff.
    sub.s32 %r3, %r2, 1;
    not.b32 %r4, %r3;
    and.b32 %r5, %r1, %r4;
    setp.eq.u32 %p3, %r2, 32;
    shl.b32 %r6, 1, %r2;
    sub.s32 %r6, %r6, 1;
    selp.b32 %r6, -1, %r6, %p3;
    shl.b32 %r7, %r6, %r5;
    ld.param.u32 %r8, [pmask];
    and.b32 %r9, %r1, %r8;
    setp.ne.u32 %p1, %r9, 0;
    vote.sync.ballot.b32 %r10, %p1, %r7;
    vote.sync.any.pred %p2, %p1, %r7;
    selp.u32 %r11, 1, 0, %p2;
    vote.sync.all.pred %p2, %p1, %r7;
    selp.u32 %r12, 1, 0, %p2;
    vote.sync.uni.pred %p2, %p1, %r7;
    selp.u32 %r13, 1, 0, %p2;
    ld.param.u32 %r14, [vmask];
    and.b32 %r14, %r1, %r14;
    match.any.sync.b32 %r15, %r14, %r7;
    match.all.sync.b32 %r16|%p2, %r14, %r7;
    cvta.to.global.u64 %rd1, %rd1;
    mul.wide.u32 %rd2, %r1, 24;
    add.s64 %rd1, %rd1, %rd2;
    st.global.v2.u32 [%rd1], {%r10, %r11};
    st.global.v2.u32 [%rd1+8], {%r12, %r13};
    st.global.v2.u32 [%rd1+16], {%r15, %r16};
    ret;
"#,
                ),
        ]
        .concat(),
    )
}

/// What lane `lane` must get, from the PTX ISA's definitions over its tile.
fn expected(lane: u32, width: u32, pmask: u32, vmask: u32) -> [u32; 6] {
    let base = lane & !(width - 1);
    let tile: Vec<u32> = (base..base + width).collect();
    let members = tile.iter().fold(0u32, |m, &l| m | 1 << l);
    let ballot = tile.iter().filter(|&&l| l & pmask != 0).fold(0u32, |m, &l| m | 1 << l);
    let any = u32::from(ballot != 0);
    let all = u32::from(ballot == members);
    let uni = u32::from(ballot == 0 || ballot == members);
    let same = tile.iter().filter(|&&l| l & vmask == lane & vmask).fold(0u32, |m, &l| m | 1 << l);
    let match_all = if same == members { members } else { 0 };
    [ballot, any, all, uni, same, match_all]
}

#[test]
fn each_tile_votes_and_matches_over_its_own_lanes() {
    let mem = DeviceMemory::new();
    let out = mem.alloc(32 * 24).unwrap();
    for e in ENGINES {
        let p = program(&ptx(), e);
        for width in [4u32, 8, 16, 32] {
            for (pmask, vmask) in [(1u32, 0u32), (2, 1), (0, 4), (31, 0), (8, 2)] {
                let params = Params::new().ptr(out).u32(width).u32(pmask).u32(vmask).clone();
                p.launch("tiles", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap();
                let mut b = vec![0u8; 32 * 24];
                mem.read(out, &mut b).unwrap();
                for lane in 0..32u32 {
                    let at = lane as usize * 24;
                    let got: Vec<u32> =
                        (0..6).map(|k| u32::from_le_bytes(b[at + 4 * k..at + 4 * k + 4].try_into().unwrap())).collect();
                    assert_eq!(
                        got,
                        expected(lane, width, pmask, vmask),
                        "{e:?} width {width} pmask {pmask} vmask {vmask} lane {lane}"
                    );
                }
            }
        }
    }
}
