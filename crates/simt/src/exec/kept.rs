//! What a worker keeps between launches: the state a launch's seat builds for its blocks
//! (the interpreter's warps and shared memory, the per-thread JIT's frames), kept by the
//! thread that ran the seat for its next launch of the same engine.
//!
//! Building that state afresh cost more than a small launch's blocks: a graph of 100 kernels of
//! four one-warp blocks spent a third of its time allocating and freeing warps and frames
//! (a few kilobytes each, which also made every launch consolidate the allocator's free
//! lists). A kept state is recycled first ([`WorkerState::recycle`]), so that a launch of any
//! kernel, of any program, finds it as it would find a new one.

use std::any::{Any, TypeId};
use std::cell::RefCell;

/// A seat's state, kept from block to block of a launch and, on the thread that ran the
/// seat, from launch to launch.
pub(crate) trait WorkerState: Default + 'static {
    /// Forgets the launch that used the state: whatever refers to its kernel, its memory
    /// (allocation caches), its shared memory's contents or its compiled tier goes, and what
    /// a fresh state holds zeroed is zeroed again; the buffers' capacity stays.
    fn recycle(&mut self);

    /// Heap bytes the state holds (a state that holds more than [`KEEP_AT_MOST`] is not
    /// kept, so that one launch of a kernel with large local memory does not pin it).
    fn held_bytes(&self) -> usize;
}

/// The most heap a kept state may hold, per engine and thread.
pub(crate) const KEEP_AT_MOST: usize = 8 << 20;

thread_local! {
    /// The states kept on this thread, one per type at most, each with its type's id (found
    /// by comparing ids, not by asking each state its type through its vtable).
    static KEPT: RefCell<Vec<(TypeId, Box<dyn Any>)>> = const { RefCell::new(Vec::new()) };
}

/// A state for a seat of a new launch: the one this thread kept, recycled, else a new one.
/// (A launch started from inside a block of another launch of the same engine, whose seat
/// holds the kept state, gets a new one.)
pub(crate) fn take<S: WorkerState>() -> Box<S> {
    let kept = KEPT.with(|k| {
        let mut k = k.try_borrow_mut().ok()?;
        let at = k.iter().position(|(id, _)| *id == TypeId::of::<S>())?;
        k.swap_remove(at).1.downcast::<S>().ok()
    });
    match kept {
        Some(mut s) => {
            s.recycle();
            s
        }
        None => Box::default(),
    }
}

/// Keeps `state` (of a finished seat) for this thread's next launch, unless it holds too much
/// or a state of its type is kept already (a nested launch's).
pub(crate) fn keep<S: WorkerState>(state: Box<S>) {
    if state.held_bytes() > KEEP_AT_MOST {
        return;
    }
    KEPT.with(|k| {
        if let Ok(mut k) = k.try_borrow_mut()
            && !k.iter().any(|(id, _)| *id == TypeId::of::<S>())
        {
            k.push((TypeId::of::<S>(), state));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Counter {
        uses: u32,
        recycled: u32,
        bytes: usize,
    }

    impl WorkerState for Counter {
        fn recycle(&mut self) {
            self.recycled += 1;
        }
        fn held_bytes(&self) -> usize {
            self.bytes
        }
    }

    #[test]
    fn a_kept_state_comes_back_recycled_on_its_thread_only() {
        let mut s = take::<Counter>();
        assert_eq!((s.uses, s.recycled), (0, 0), "a new state at first");
        s.uses = 1;
        keep(s);
        let other = std::thread::spawn(|| take::<Counter>().uses).join().unwrap();
        assert_eq!(other, 0, "another thread gets its own");
        let s = take::<Counter>();
        assert_eq!((s.uses, s.recycled), (1, 1), "the kept state, recycled");
        // Taken: a second seat on this thread (a nested launch) gets a new one.
        assert_eq!(take::<Counter>().uses, 0);
        keep(s);
    }

    #[test]
    fn a_state_holding_too_much_is_not_kept() {
        let mut s = take::<Counter>();
        s.uses = 7;
        s.bytes = KEEP_AT_MOST + 1;
        keep(s);
        assert_eq!(take::<Counter>().uses, 0);
    }
}
