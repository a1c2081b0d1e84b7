//! The block tier's combined atomics (`block_tier/emit/atom_sum.rs`): integer `add`, `and`, `or`
//! and `xor` atomics of a group's lanes on one address whose old value no lane reads become one
//! atomic. The counters come out as the ISA's sequential atomics give them, guarded lanes
//! included; an atomic whose old value a lane reads (a ticket) is not combined; a bad address
//! faults as on the interpreter.

use simt::{DeviceMemory, DevicePtr, Dim3, Engine, Params, Tier};

mod common;

use common::{download, download_u32, one_worker_program, write};

/// Per thread `g` with `v = in[g]`: `out` u64 word 0 `+= v`; u32 word 2 `^= v`; odd `tid.x`:
/// word 3 `+= v` (wrapping), word 4 `|= v`; every thread: word 5 `&= v`; and
/// `tickets[1 + g]` = the old value of its `atom.add` on `tickets[0]` (read: not combined).
const SUMS: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry sums(.param .u64 in, .param .u64 out, .param .u64 tickets)
{
    .reg .pred %p<2>;
    .reg .b32 %r<13>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u64 %rd3, [tickets];
    mov.u32 %r1, %tid.x;
    mov.u32 %r10, %tid.y;
    mov.u32 %r11, %ntid.x;
    mad.lo.s32 %r1, %r10, %r11, %r1;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.y;
    mul.lo.s32 %r3, %r3, %r11;
    mad.lo.s32 %r4, %r2, %r3, %r1;
    mul.wide.u32 %rd4, %r4, 4;
    add.s64 %rd5, %rd1, %rd4;
    ld.global.u32 %r5, [%rd5];
    cvt.u64.u32 %rd6, %r5;
    atom.global.add.u64 %rd7, [%rd2], %rd6;
    red.global.xor.b32 [%rd2+8], %r5;
    mov.u32 %r12, %tid.x;
    and.b32 %r6, %r12, 1;
    setp.eq.u32 %p1, %r6, 1;
    @%p1 atom.global.add.u32 %r7, [%rd2+12], %r5;
    @%p1 red.global.or.b32 [%rd2+16], %r5;
    atom.global.and.b32 %r8, [%rd2+20], %r5;
    atom.global.add.u32 %r9, [%rd3], 1;
    add.s64 %rd9, %rd3, %rd4;
    st.global.u32 [%rd9+4], %r9;
    ret;
}
"#;

/// Runs `sums` over `blocks` blocks of `block` threads on `engine`: the six words of `out` and
/// the tickets.
fn run(engine: Engine, blocks: u32, block: Dim3, input: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let p = one_worker_program(SUMS, engine);
    let mem = DeviceMemory::new();
    let n = input.len();
    let din = mem.alloc(4 * n as u64).unwrap();
    write(&mem, din, input);
    let (dout, dtickets): (DevicePtr, DevicePtr) = (mem.alloc(24).unwrap(), mem.alloc(4 * (n as u64 + 1)).unwrap());
    write(&mem, dout, &[0u32, 0, 0, 0, 0, u32::MAX]);
    write(&mem, dtickets, &vec![0u32; n + 1]);
    let params = Params::new().ptr(din).ptr(dout).ptr(dtickets).clone();
    let st = p.launch("sums", Dim3::x(blocks), block, 0, params.bytes(), &mem).unwrap();
    if engine == Engine::Block {
        assert_eq!(st.tier, Tier::Block);
    }
    (download_u32(&mem, dout, 6), download::<u32>(&mem, dtickets, n + 1))
}

#[test]
fn combined_atomics_count_as_sequential_ones_in_every_block_shape() {
    for (blocks, block) in [(5, Dim3::x(48)), (3, Dim3::x(37)), (4, Dim3::new(8, 6, 1)), (2, Dim3::new(16, 3, 1))] {
        let threads = block.x * block.y * block.z;
        let n = (blocks * threads) as usize;
        let input: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(0x9e37_79b9) | 0x0100_0000).collect();
        let (mut sum, mut xor, mut odd_sum, mut odd_or, mut and) = (0u64, 0u32, 0u32, 0u32, u32::MAX);
        for (g, &v) in input.iter().enumerate() {
            sum += u64::from(v);
            xor ^= v;
            and &= v;
            let tid_x = (g as u32 % threads) % block.x;
            if tid_x & 1 == 1 {
                odd_sum = odd_sum.wrapping_add(v);
                odd_or |= v;
            }
        }
        let want = [sum as u32, (sum >> 32) as u32, xor, odd_sum, odd_or, and];
        for engine in [Engine::Block, Engine::Interp] {
            let (out, tickets) = run(engine, blocks, block, &input);
            assert_eq!(out, want, "{engine:?}, {blocks} blocks of {block:?}");
            // The tickets: every old value from 0 to n - 1 once.
            assert_eq!(tickets[0] as usize, n);
            let mut seen = tickets[1..].to_vec();
            seen.sort_unstable();
            assert_eq!(seen, (0..n as u32).collect::<Vec<_>>(), "{engine:?}: tickets");
        }
    }
}

#[test]
fn a_combined_atomic_at_a_bad_address_faults_as_on_the_interpreter() {
    let mem = DeviceMemory::new();
    let din = mem.alloc(4 * 64).unwrap();
    let dtickets = mem.alloc(4 * 65).unwrap();
    // `out` points nowhere.
    let params = Params::new().ptr(din).u64(64).ptr(dtickets).clone();
    let fault = |e| one_worker_program(SUMS, e).launch("sums", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).err();
    let block = fault(Engine::Block).expect("the atomic faults");
    assert_eq!(block.thread, [0, 0, 0]);
    assert_eq!(Some(block), fault(Engine::Interp));
}
