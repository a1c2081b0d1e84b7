//! `mbarrier` objects in shared memory: their 64-bit state and the operations on it.

use super::*;

// The 64-bit mbarrier object: pending arrivals in bits 0-19, expected arrivals in bits 20-39,
// the tx-count (21-bit two's complement) in bits 40-60, and the phase parity in bit 63.
pub(super) const MB_CNT: u64 = (1 << 20) - 1;
pub(super) const MB_TX: u64 = (1 << 21) - 1;

pub(super) fn mb_fields(s: u64) -> (u64, u64, i64, u64) {
    let tx = (((s >> 40) & MB_TX) << 43) as i64 >> 43;
    (s & MB_CNT, (s >> 20) & MB_CNT, tx, s >> 63)
}

/// Packs the fields, completing the phase when no arrivals or transactions are pending.
pub(super) fn mb_pack(pending: u64, expected: u64, tx: i64, phase: u64) -> u64 {
    let (pending, phase) = if pending == 0 && tx == 0 { (expected, phase ^ 1) } else { (pending, phase) };
    (pending & MB_CNT) | (expected & MB_CNT) << 20 | (tx as u64 & MB_TX) << 40 | (phase & 1) << 63
}

/// Applies `op` with operand `v` to mbarrier state `s`: the new state and the lane's result.
pub(super) fn mb_apply(op: MbarOp, s: u64, v: u64) -> (u64, u64) {
    let (pending, expected, tx, phase) = mb_fields(s);
    match op {
        MbarOp::Init => {
            let n = v & MB_CNT;
            (n | n << 20, 0)
        }
        MbarOp::Inval => (0, 0),
        MbarOp::Arrive { drop, expect_tx } => {
            let (count, tx) = if expect_tx { (1, tx + i64::from(v as u32)) } else { (v & MB_CNT, tx) };
            let expected = if drop { expected.saturating_sub(count) } else { expected };
            (mb_pack(pending.saturating_sub(count), expected, tx, phase), s)
        }
        MbarOp::ExpectTx => ((s & !(MB_TX << 40)) | ((tx + i64::from(v as u32)) as u64 & MB_TX) << 40, 0),
        MbarOp::CompleteTx => (mb_pack(pending, expected, tx - i64::from(v as u32), phase), 0),
        MbarOp::Wait { parity } => {
            let waited = if parity { v & 1 } else { v >> 63 };
            (s, u64::from(phase != waited))
        }
        MbarOp::PendingCount => (s, v & MB_CNT),
    }
}

/// The shared-memory offset of an mbarrier (or bulk-copy destination) at `addr`.
pub(super) fn mbar_offset(space: Space, addr: u64, lane: usize) -> WarpResult<u64> {
    let off = match Warp::classify(space, addr) {
        Target::Shared(a) => a,
        _ => return Err(oob("shared (mbarrier)", addr, 8, lane)),
    };
    if off % 8 != 0 {
        return Err(fault(FaultKind::Memory(MemError::Misaligned { addr, size: 8 }), lane as u32));
    }
    Ok(off)
}

/// Complete-tx of `bytes` on the mbarrier at `addr` (in `space`; another block's through a
/// shared::cluster address) for lane `lane`: `cp.async.bulk`, `st.async`, `red.async`.
pub(super) fn mb_complete_tx(
    b: &mut Block<'_, '_>,
    space: Space,
    addr: u64,
    bytes: u64,
    lane: usize,
) -> WarpResult<()> {
    let (buf, off) = b.smem_mut(mbar_offset(space, addr, lane)?);
    let s = le_read(buf, off, 8).ok_or_else(|| oob("shared", off, 8, lane))?;
    let (new, _) = mb_apply(MbarOp::CompleteTx, s, bytes);
    le_write(buf, off, 8, new).ok_or_else(|| oob("shared", off, 8, lane))
}

impl Warp {
    /// `mbarrier` operation `op` on the barrier at `addr` with operand `a`: a failed
    /// `test_wait`/`try_wait` ends the slice (`Yield::Spin`), with the path at `next`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn mbar(
        &mut self,
        b: &mut Block<'_, '_>,
        op: &MbarOp,
        d: &Option<Reg>,
        (addr, space): (&Addr, &Space),
        sa: &Src,
        (emask, next): (u32, u32),
        s: &mut Scratch,
    ) -> WarpResult<Flow> {
        let Scratch { a, r, .. } = s;
        self.fetch(b, *sa, a);
        let ad = self.addrs(b, *addr);
        let mut failed = false;
        for lane in lanes(emask) {
            if *op == MbarOp::PendingCount {
                r[lane] = a[lane] & MB_CNT;
                continue;
            }
            let (buf, off) = b.smem_mut(mbar_offset(*space, ad[lane], lane)?);
            let s = le_read(buf, off, 8).ok_or_else(|| oob("shared", off, 8, lane))?;
            let (new, out) = mb_apply(*op, s, a[lane]);
            le_write(buf, off, 8, new).ok_or_else(|| oob("shared", off, 8, lane))?;
            failed |= matches!(op, MbarOp::Wait { .. }) && out == 0;
            r[lane] = out;
        }
        if let Some(d) = d {
            write_masked(&mut self.regs[*d as usize], r, emask);
        }
        if failed {
            self.set_pc(next);
            self.spin_rotate();
            return Ok(Flow::Yield(Yield::Spin));
        }
        Ok(Flow::Next)
    }

    /// `cp.async.bulk` of `size` bytes from global to shared memory, completing as
    /// transactions on the mbarrier at `mbar`.
    pub(super) fn cp_bulk(
        &mut self,
        b: &mut Block<'_, '_>,
        (dst, src, mbar): (&Addr, &Addr, Option<&Addr>),
        size: &Src,
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<()> {
        let Scratch { a, .. } = s;
        self.fetch(b, *size, a);
        let (dsts, srcs) = (self.addrs(b, *dst), self.addrs(b, *src));
        let mbars = mbar.map(|m| self.addrs(b, *m));
        for lane in lanes(emask) {
            let n = a[lane] & 0xffff_ffff;
            if n % 16 != 0 || dsts[lane] % 16 != 0 || srcs[lane] % 16 != 0 {
                let e = MemError::Misaligned { addr: srcs[lane], size: 16 };
                return Err(fault(FaultKind::Memory(e), lane as u32));
            }
            // Global -> shared with an mbarrier, or (no mbarrier) shared::cta -> global.
            let ((from, sbase), (to, dbase)) = match mbars {
                Some(_) => {
                    ((Space::Global, srcs[lane]), (Space::Shared, mbar_offset(Space::Shared, dsts[lane], lane)?))
                }
                None => ((Space::Shared, mbar_offset(Space::Shared, srcs[lane], lane)?), (Space::Global, dsts[lane])),
            };
            let mut i = 0;
            while i < n {
                let v = self.load(b, from, sbase.wrapping_add(i), 8, lane)?;
                self.store(b, to, dbase.wrapping_add(i), 8, v, lane)?;
                i += 8;
            }
            if let Some(m) = &mbars {
                mb_complete_tx(b, Space::Shared, m[lane], n, lane)?;
            }
        }
        Ok(())
    }
}
