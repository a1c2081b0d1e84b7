//! The block tier's lane phase passing idle stretches over (`block_tier/emit/probe.rs`): in a
//! tree reduction, groups none of whose lanes add at a level run the next levels' tests at
//! once and are not visited again until a level needs them, or leave. Results against the
//! CUDA semantics of the kernel (each block's sum) and the interpreter, in block shapes of
//! whole and partial groups, rows and spanning groups, and with one thread that takes its own
//! barrier, which hands the block to the scalar passes while groups are ahead.

use simt::{DeviceMemory, Dim3, Engine, Params, Tier};

mod common;

use common::{download_u32, one_worker_program, write};

/// Per block of at most `2 * top` threads, `t` a thread's linear index: `s[t] = in[ctaid.x * n + t]`
/// (`n` the block's size), then levels of `bar.sync; if (t < k) s[t] += s[t + k]` for `k` =
/// `top` (a power of two, 2 or more) down to 1, as nvcc unrolls the guide's reduction (the last level's test, `t != 0`,
/// computed before its barrier and used again after the last one, beside `t + 1000`, which
/// every thread stores at `ids[ctaid.x * n + t]` after the last barrier), and thread 0 stores
/// `s[0]` at `out[ctaid.x]`. With `odd`, thread `odd_t` (a parameter) leaves the level of `k = 64`
/// for a barrier of its own at the kernel's end, then comes back after the level's barrier.
fn tree(odd: bool, top: u32) -> String {
    let mut levels = String::new();
    let ks = std::iter::successors(Some(top), |&k| (k > 2).then_some(k / 2));
    let last = ks.clone().count();
    for (i, k) in ks.clone().enumerate() {
        let odd_branch = if odd && k == 64 { "    setp.eq.u32 %p30, %r8, %r40;\n    @%p30 bra ODD;\n" } else { "" };
        levels.push_str(&format!(
            "L{i}:\n    bar.sync 0;\nB{i}:\n    setp.gt.u32 %p{i}, %r8, {};\n    @%p{i} bra L{};\n    \
             ld.shared.u32 %r16, [%r15];\n    ld.shared.u32 %r17, [%r15+{}];\n    add.s32 %r16, %r16, %r17;\n    \
             st.shared.u32 [%r15], %r16;\n{odd_branch}",
            k - 1,
            i + 1,
            4 * k
        ));
    }
    // Back after the barrier of the level after k = 64's.
    let after = ks.clone().position(|k| k == 64).map_or(0, |i| i + 1);
    let odd_tail = if odd { format!("ODD:\n    bar.sync 0;\n    bra B{after};\n") } else { String::new() };
    format!(
        r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry tree(.param .u64 in, .param .u64 out, .param .u64 ids, .param .u32 odd_t)
{{
    .reg .pred %p<40>;
    .reg .b32 %r<48>;
    .reg .b64 %rd<8>;
    .shared .align 4 .b8 s[{bytes}];
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r40, [odd_t];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %tid.y;
    mov.u32 %r3, %tid.z;
    mov.u32 %r4, %ntid.x;
    mov.u32 %r5, %ntid.y;
    mov.u32 %r6, %ntid.z;
    mad.lo.s32 %r7, %r3, %r5, %r2;
    mad.lo.s32 %r8, %r7, %r4, %r1;
    mul.lo.s32 %r9, %r4, %r5;
    mul.lo.s32 %r9, %r9, %r6;
    mov.u32 %r10, %ctaid.x;
    mad.lo.s32 %r11, %r10, %r9, %r8;
    mul.wide.u32 %rd3, %r11, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r12, [%rd4];
    mov.u32 %r13, s;
    shl.b32 %r14, %r8, 2;
    add.s32 %r15, %r13, %r14;
    st.shared.u32 [%r15], %r12;
{levels}L{last}:
    bar.sync 0;
    setp.ne.s32 %p9, %r8, 0;
    add.s32 %r41, %r8, 1000;
    @%p9 bra LEND;
    ld.shared.u32 %r16, [%r15];
    ld.shared.u32 %r17, [%r15+4];
    add.s32 %r16, %r16, %r17;
    st.shared.u32 [%r15], %r16;
LEND:
    bar.sync 0;
    ld.param.u64 %rd7, [ids];
    mul.wide.u32 %rd3, %r11, 4;
    add.s64 %rd4, %rd7, %rd3;
    st.global.u32 [%rd4], %r41;
    @%p9 bra DONE;
    ld.shared.u32 %r30, [s];
    mul.wide.u32 %rd5, %r10, 4;
    add.s64 %rd6, %rd2, %rd5;
    st.global.u32 [%rd6], %r30;
DONE:
    ret;
{odd_tail}}}
"#,
        bytes = 8 * top
    )
}

/// Runs `tree(odd)` on `blocks` blocks of `block` on `engine`, thread `odd_t` taking its own
/// barrier (when `odd`); the per-block sums, and the tier that ran. Asserts every thread's
/// `t + 1000` (`ids`).
fn sums(odd: bool, odd_t: u32, block: Dim3, blocks: u32, input: &[u32], engine: Engine) -> (Vec<u32>, Tier) {
    sums_of(odd, odd_t, 128, block, blocks, input, engine)
}

/// [`sums`] of the tree from level `top`.
fn sums_of(
    odd: bool,
    odd_t: u32,
    top: u32,
    block: Dim3,
    blocks: u32,
    input: &[u32],
    engine: Engine,
) -> (Vec<u32>, Tier) {
    let mem = DeviceMemory::new();
    let n = input.len();
    let (din, dout, dids) =
        (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * u64::from(blocks)).unwrap(), mem.alloc(4 * n as u64).unwrap());
    write(&mem, din, input);
    write(&mem, dout, &vec![u32::MAX; blocks as usize]);
    write(&mem, dids, &vec![u32::MAX; n]);
    let params = Params::new().ptr(din).ptr(dout).ptr(dids).u32(odd_t).clone();
    let p = one_worker_program(&tree(odd, top), engine);
    let st = p.launch("tree", Dim3::x(blocks), block, 0, params.bytes(), &mem).unwrap();
    let per_block = (block.x * block.y * block.z) as usize;
    let want_ids: Vec<u32> = (0..n).map(|g| (g % per_block) as u32 + 1000).collect();
    assert_eq!(download_u32(&mem, dids, n), want_ids, "{block:?} on {engine:?}: t + 1000");
    (download_u32(&mem, dout, blocks as usize), st.tier)
}

/// Whole and partial groups, rows of 16 and more, groups spanning rows.
const SHAPES: [Dim3; 6] = [
    Dim3 { x: 256, y: 1, z: 1 },
    Dim3 { x: 40, y: 1, z: 1 },
    Dim3 { x: 200, y: 1, z: 1 },
    Dim3 { x: 64, y: 2, z: 1 },
    Dim3 { x: 16, y: 5, z: 1 },
    Dim3 { x: 8, y: 8, z: 4 },
];

#[test]
fn a_tree_reduction_sums_every_block_in_every_shape() {
    let blocks = 5u32;
    for block in SHAPES {
        let n = block.x * block.y * block.z;
        let input: Vec<u32> = (0..n * blocks).map(|i| i.wrapping_mul(2_654_435_761) >> 7).collect();
        let want: Vec<u32> = input.chunks(n as usize).map(|c| c.iter().fold(0u32, |s, &v| s.wrapping_add(v))).collect();
        let (got, tier) = sums(false, 0, block, blocks, &input, Engine::Block);
        assert_eq!(tier, Tier::Block, "{block:?}");
        assert_eq!(got, want, "{block:?}");
    }
}

#[test]
fn a_thread_at_its_own_barrier_hands_the_block_over_while_groups_are_ahead() {
    let blocks = 3u32;
    // Thread 5 (group 0) leaves the level of k = 64 for its own barrier, while the groups of
    // threads 64 and up passed that level ahead: the scalar passes finish the block from the
    // level's barrier, as the interpreter runs it.
    for (block, odd_t) in [(Dim3::x(256), 5u32), (Dim3::x(200), 63), (Dim3::new(64, 2, 1), 40)] {
        let n = block.x * block.y * block.z;
        let input: Vec<u32> = (0..n * blocks).map(|i| i * 3 + 1).collect();
        let want: Vec<u32> = input.chunks(n as usize).map(|c| c.iter().fold(0u32, |s, &v| s.wrapping_add(v))).collect();
        let (got, tier) = sums(true, odd_t, block, blocks, &input, Engine::Block);
        assert_eq!(tier, Tier::Block, "{block:?}");
        assert_eq!(got, want, "{block:?}");
        assert_eq!(sums(true, odd_t, block, blocks, &input, Engine::Interp).0, want, "{block:?} interpreter");
    }
}

/// The phases after a barrier visit groups only up to the last one with lanes at work
/// (`probe.rs`, `lim_`): the groups after it, passed over or gone, in 1D, 2D and 3D blocks of
/// 64 to 1024 threads, and a block handed to the scalar passes while such groups are ahead.
#[test]
fn a_tree_reduction_visits_only_the_groups_at_work_in_every_block_size() {
    let blocks = 3u32;
    for (block, top) in [
        (Dim3::x(64), 32),
        (Dim3::x(128), 64),
        (Dim3::x(1024), 512),
        (Dim3::new(8, 8, 1), 32),
        (Dim3::new(32, 8, 1), 128),
        (Dim3::new(32, 32, 1), 512),
        (Dim3::new(4, 4, 4), 32),
        (Dim3::new(48, 3, 1), 128),
    ] {
        let n = block.x * block.y * block.z;
        let input: Vec<u32> = (0..n * blocks).map(|i| i.wrapping_mul(2_654_435_761) >> 5).collect();
        let want: Vec<u32> = input.chunks(n as usize).map(|c| c.iter().fold(0u32, |s, &v| s.wrapping_add(v))).collect();
        let (got, tier) = sums_of(false, 0, top, block, blocks, &input, Engine::Block);
        assert_eq!(tier, Tier::Block, "{block:?}");
        assert_eq!(got, want, "{block:?}");
        assert_eq!(sums_of(false, 0, top, block, blocks, &input, Engine::Interp).0, want, "{block:?} interpreter");
    }
    // Thread 17 leaves the level of k = 64 for its own barrier while the groups from thread 64
    // on are ahead and after the phase's last group at work: the scalar passes finish the block.
    for (block, top) in [(Dim3::x(1024), 512), (Dim3::new(32, 32, 1), 512)] {
        let n = block.x * block.y * block.z;
        let input: Vec<u32> = (0..n * blocks).map(|i| i * 7 + 3).collect();
        let want: Vec<u32> = input.chunks(n as usize).map(|c| c.iter().fold(0u32, |s, &v| s.wrapping_add(v))).collect();
        let (got, tier) = sums_of(true, 17, top, block, blocks, &input, Engine::Block);
        assert_eq!(tier, Tier::Block, "{block:?}");
        assert_eq!(got, want, "{block:?} odd");
    }
}
