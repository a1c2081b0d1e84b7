//! Built-in functions a kernel calls (`vprintf`, `__assertfail`, `malloc`/`free`, the
//! device runtime of dynamic parallelism).

use super::*;

/// The printf formatter's view of a lane's memory; records the first fault.
pub(super) struct PrintEnv<'w, 'b, 'x, 'l> {
    w: &'w mut Warp,
    b: &'b Block<'x, 'l>,
    lane: usize,
    fault: Option<WarpFault>,
}

impl crate::printf::Env for PrintEnv<'_, '_, '_, '_> {
    fn read(&mut self, addr: u64, size: u32) -> Option<u64> {
        match self.w.load(self.b, Space::Generic, addr, size, self.lane) {
            Ok(v) => Some(v),
            Err(e) => {
                self.fault.get_or_insert(e);
                None
            }
        }
    }

    fn cstr(&mut self, addr: u64, max: usize) -> Option<Vec<u8>> {
        match self.w.cstr(self.b, addr, max, self.lane) {
            Ok(v) => Some(v),
            Err(e) => {
                self.fault.get_or_insert(e);
                None
            }
        }
    }
}

impl Warp {
    pub(super) fn param_of(&self, off: u32, size: u32, lane: usize) -> u64 {
        le_read(&self.params, lane as u64 * u64::from(self.psize) + u64::from(off), size).unwrap_or(0)
    }

    /// Runs built-in function `f` for one lane.
    pub(super) fn builtin(
        &mut self,
        b: &mut Block<'_, '_>,
        f: Builtin,
        args: &[u32],
        ret: Option<u32>,
        lane: usize,
    ) -> WarpResult<()> {
        let arg = |w: &Self, i: usize, size: u32| args.get(i).map_or(0, |&o| w.param_of(o, size, lane));
        let result: u64 = match f {
            Builtin::Vprintf => {
                let (fmt, buf) = (arg(self, 0, 8), arg(self, 1, 8));
                if fmt == 0 {
                    u64::from(-1i32 as u32)
                } else {
                    let text = self.cstr(b, fmt, 1 << 20, lane)?;
                    let mut out = Vec::new();
                    let mut env = PrintEnv { w: self, b, lane, fault: None };
                    let printed = crate::printf::format(&text, buf, &mut env, &mut out);
                    if let Some(e) = env.fault {
                        return Err(e);
                    }
                    match printed {
                        // The record takes room in the FIFO, or the output is dropped.
                        Some(p) if b.l.dm.printf_reserve(p.fifo_bytes) => {
                            b.l.printf.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(&out);
                            u64::from(p.count as u32)
                        }
                        Some(p) => u64::from(p.count as u32),
                        None => u64::from(-2i32 as u32),
                    }
                }
            }
            Builtin::AssertFail => {
                let text = |w: &mut Self, b: &Block<'_, '_>, a: u64| -> WarpResult<String> {
                    if a == 0 {
                        return Ok(String::new());
                    }
                    Ok(String::from_utf8_lossy(&w.cstr(b, a, 4096, lane)?).into_owned())
                };
                let (m, fi, line, fu) = (arg(self, 0, 8), arg(self, 1, 8), arg(self, 2, 4), arg(self, 3, 8));
                let message = text(self, b, m)?;
                let file = text(self, b, fi)?;
                let function = text(self, b, fu)?;
                let kind = FaultKind::Assert { message, file, line: line as u32, function, also: Vec::new() };
                return Err(fault(kind, lane as u32));
            }
            Builtin::Malloc => b.l.dm.heap_malloc(arg(self, 0, 8)),
            Builtin::AlignedMalloc => b.l.dm.heap_malloc_aligned(arg(self, 0, 8), arg(self, 1, 8)),
            Builtin::Free => {
                b.l.dm.heap_free(arg(self, 0, 8));
                0
            }
            Builtin::Cdp(f) => self.device_runtime(b, f, args, lane)?,
            Builtin::SetConditional => {
                // A bad handle faults like a bad global store.
                self.store(b, Space::Global, arg(self, 0, 8), 4, arg(self, 1, 4), lane)?;
                0
            }
        };
        if let (Some(off), Some(size)) = (ret, Builtin::ret_size(f)) {
            let at = lane as u64 * u64::from(self.psize) + u64::from(off);
            le_write(&mut self.params, at, size, result);
        }
        Ok(())
    }

    /// Runs device-runtime function `f` (dynamic parallelism, `device_launch.rs`) for one
    /// lane: its return value.
    pub(super) fn device_runtime(
        &mut self,
        b: &mut Block<'_, '_>,
        f: CdpFn,
        args: &[u32],
        lane: usize,
    ) -> WarpResult<u64> {
        use crate::device_launch::{
            DeviceLaunch, ERR_INVALID_DEVICE_FUNCTION, ERR_INVALID_VALUE, ERR_MEMORY_ALLOCATION,
        };
        let arg = |w: &Self, i: usize, off: u32, size: u32| args.get(i).map_or(0, |&o| w.param_of(o + off, size, lane));
        let dim3 = |w: &Self, i: usize| [arg(w, i, 0, 4) as u32, arg(w, i, 4, 4) as u32, arg(w, i, 8, 4) as u32];
        let kernel_at = |addr: u64| -> Option<u32> {
            let off = addr.checked_sub(FUNC_BASE).filter(|o| o.is_multiple_of(16))?;
            let i = u32::try_from(off / 16).ok()?;
            matches!(b.l.funcs.get(i as usize), Some(Ok(f)) if f.is_kernel).then_some(i)
        };
        let cdp = b.l.cdp;
        let [gx, gy, _] = b.l.grid;
        let block_index =
            u64::from(b.ctaid[0]) + u64::from(gx) * (u64::from(b.ctaid[1]) + u64::from(gy) * u64::from(b.ctaid[2]));
        let [bx, by, _] = b.l.block;
        let t = |c: usize| self.tid[c][lane];
        let who = (block_index, t(0) + bx * (t(1) + by * t(2)));
        let code = match f {
            CdpFn::GetParameterBufferV2 => {
                let Some(func) = kernel_at(arg(self, 0, 0, 8)) else { return Ok(0) };
                let size = kernel(b.l, func).kparam_size;
                let params = b.l.dm.heap_malloc(u64::from(size.max(1)));
                if params != 0 {
                    let (grid, block, shared) = (dim3(self, 1), dim3(self, 2), arg(self, 3, 0, 4) as u32);
                    cdp.hand_out(DeviceLaunch { func, grid, block, shared, params });
                }
                params
            }
            CdpFn::GetParameterBuffer => b.l.dm.heap_malloc(arg(self, 1, 0, 8).max(1)),
            CdpFn::LaunchDeviceV2 => {
                cdp.launch_v2(arg(self, 0, 0, 8), arg(self, 1, 0, 8), |func| kernel(b.l, func).shared_size)
            }
            CdpFn::LaunchDevice => match kernel_at(arg(self, 0, 0, 8)) {
                Some(func) => cdp.launch(
                    DeviceLaunch {
                        func,
                        params: arg(self, 1, 0, 8),
                        grid: dim3(self, 2),
                        block: dim3(self, 3),
                        shared: arg(self, 4, 0, 4) as u32,
                    },
                    arg(self, 5, 0, 8),
                    kernel(b.l, func).shared_size,
                ),
                None => ERR_INVALID_DEVICE_FUNCTION,
            },
            CdpFn::StreamCreateWithFlags | CdpFn::EventCreateWithFlags => {
                let at = arg(self, 0, 0, 8);
                if at == 0 {
                    ERR_INVALID_VALUE
                } else {
                    self.store(b, Space::Generic, at, 8, cdp.handle(), lane)?;
                    0
                }
            }
            CdpFn::GetDevice | CdpFn::GetDeviceCount | CdpFn::RuntimeGetVersion => {
                let at = arg(self, 0, 0, 8);
                let v = match f {
                    CdpFn::GetDevice => 0,
                    CdpFn::GetDeviceCount => 1,
                    _ => 6000,
                };
                if at == 0 {
                    ERR_INVALID_VALUE
                } else {
                    self.store(b, Space::Generic, at, 4, v, lane)?;
                    0
                }
            }
            CdpFn::Malloc => {
                let at = arg(self, 0, 0, 8);
                if at == 0 {
                    return Ok(ERR_INVALID_VALUE);
                }
                let p = b.l.dm.heap_malloc(arg(self, 1, 0, 8));
                self.store(b, Space::Generic, at, 8, p, lane)?;
                if p == 0 { ERR_MEMORY_ALLOCATION } else { 0 }
            }
            CdpFn::Free => {
                b.l.dm.heap_free(arg(self, 0, 0, 8));
                0
            }
            CdpFn::GetLastError => return Ok(cdp.last_error(who, false)),
            CdpFn::PeekAtLastError => return Ok(cdp.last_error(who, true)),
            CdpFn::StreamDestroy | CdpFn::EventRecord | CdpFn::EventDestroy | CdpFn::StreamWaitEvent => 0,
        };
        Ok(match f {
            // These return pointers, not error codes.
            CdpFn::GetParameterBuffer | CdpFn::GetParameterBufferV2 => code,
            _ => cdp.note(who, code),
        })
    }

    /// The NUL-terminated string at generic address `addr` (at most `max` bytes).
    pub(super) fn cstr(&mut self, b: &Block<'_, '_>, addr: u64, max: usize, lane: usize) -> WarpResult<Vec<u8>> {
        let mut v = Vec::new();
        while v.len() < max {
            let c = self.load(b, Space::Generic, addr.wrapping_add(v.len() as u64), 1, lane)? as u8;
            if c == 0 {
                break;
            }
            v.push(c);
        }
        Ok(v)
    }
}
