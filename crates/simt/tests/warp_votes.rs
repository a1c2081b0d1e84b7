//! `vote.sync` of whole, converged warps: every engine gives the PTX ISA's results, and the
//! warp tier runs the votes in compiled code (a hand-back to the interpreter per vote cost a
//! warp-aggregated compaction 10x).

mod common;

use common::ptx::{Index, Kernel, module};
use common::run_on_every_engine;

/// Each thread reads `in[i]`, takes p = (in[i] != 0), and writes to `out[2i]` the bits
/// all(p) | any(!p) << 1 | uni(p) << 2, and to `out[2i + 1]` ballot(!p). The member mask is
/// an immediate for two votes and a register holding -1 (as nvcc writes it) for the others.
fn votes() -> String {
    module(
        "sm_80",
        &Kernel::new("votes", &["out", "in"], Index::Grid).offset(4).body(
            r#"
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r5, [%rd4];
    setp.ne.u32 %p1, %r5, 0;
    mov.u32 %r11, -1;
    vote.sync.all.pred %p2, %p1, 0xffffffff;
    vote.sync.any.pred %p3, !%p1, %r11;
    vote.sync.uni.pred %p4, %p1, %r11;
    vote.sync.ballot.b32 %r6, !%p1, 0xffffffff;
    selp.u32 %r7, 1, 0, %p2;
    selp.u32 %r8, 2, 0, %p3;
    selp.u32 %r9, 4, 0, %p4;
    or.b32 %r10, %r7, %r8;
    or.b32 %r10, %r10, %r9;
    mul.wide.u32 %rd5, %r4, 8;
    add.s64 %rd6, %rd1, %rd5;
    st.global.v2.u32 [%rd6], {%r10, %r6};
    ret;
"#,
        ),
    )
}

/// The PTX ISA's `vote` over each warp of 32 lanes of `input`: per lane, the flags word and
/// the ballot of the lanes whose input is zero.
fn reference(input: &[u32]) -> Vec<u32> {
    let mut out = Vec::new();
    for warp in input.chunks(32) {
        let set = warp.iter().enumerate().fold(0u32, |m, (l, &v)| m | u32::from(v != 0) << l);
        let all = set == u32::MAX;
        let any_clear = set != u32::MAX;
        let uni = set == u32::MAX || set == 0;
        let flags = u32::from(all) | u32::from(any_clear) << 1 | u32::from(uni) << 2;
        for _ in warp {
            out.extend([flags, !set]);
        }
    }
    out
}

#[test]
fn whole_warp_votes() {
    // Eight warps: every lane set, none, all but lane 17, every other lane, then hashed.
    let input: Vec<u32> = (0..256u32)
        .map(|i| {
            let (w, l) = (i / 32, i % 32);
            match w {
                0 => 5,
                1 => 0,
                2 => u32::from(l != 17),
                3 => l % 2,
                _ => i.wrapping_mul(2_654_435_761) >> 30,
            }
        })
        .collect();
    let want = reference(&input);
    run_on_every_engine(&votes(), "votes", &input, &want, "votes");
}
