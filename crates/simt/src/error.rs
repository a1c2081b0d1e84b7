//! Load errors (a PTX construct the executor does not support) and launch faults.

use crate::memory::MemError;
use ptx::demangle;

/// A PTX construct that [`crate::Program::load`] cannot execute exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The kernel or function containing it (empty for module-level problems).
    pub function: String,
    /// The instruction or directive, as PTX text.
    pub instruction: String,
    /// 1-based PTX line and column (0 when the source text was not given).
    pub line: u32,
    /// Column.
    pub col: u32,
    /// What is unsupported.
    pub message: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: in `{}`: {}: `{}`", self.line, self.col, self.function, self.message, self.instruction)
    }
}

impl std::error::Error for LoadError {}

/// What went wrong in a launch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FaultKind {
    /// A global, shared, local or parameter access outside valid memory, or misaligned.
    Memory(MemError),
    /// An access to shared/local/param memory outside its bounds.
    OutOfBounds {
        /// The state space.
        space: &'static str,
        /// The address.
        addr: u64,
        /// The access size.
        size: u32,
    },
    /// A barrier that can never complete.
    Deadlock {
        /// The barrier id (`u32::MAX`: warps spin forever on `mbarrier.test_wait`/`try_wait`;
        /// 16: the cluster barrier, `barrier.cluster`).
        barrier: u32,
        /// Threads arrived.
        arrived: u32,
        /// Threads expected.
        expected: u32,
    },
    /// Lanes of a warp wait at a warp-synchronizing instruction (`bar.warp.sync`, `shfl.sync`,
    /// `vote.sync`, `match.sync`, `redux.sync`, or `bar.sync` in a split warp) for lanes of
    /// their member mask that wait at a different one, which waits for them in turn.
    WarpDeadlock {
        /// The lanes waiting at the faulting instruction.
        waiting: u32,
        /// The lanes of its member mask waiting at a different warp-synchronizing instruction.
        elsewhere: u32,
    },
    /// `trap` executed.
    Trap,
    /// A device `assert` failed (`__assertfail`).
    Assert {
        /// The asserted expression.
        message: String,
        /// The source file.
        file: String,
        /// The source line.
        line: u32,
        /// The function (its pretty name).
        function: String,
        /// The other threads of the warp whose assert failed in the same call, in lane order
        /// (on a GPU every lane that reaches the failing assert prints its message).
        also: Vec<[u32; 3]>,
    },
    /// Call depth exceeded the limit (recursion deeper than any stack holds; the runtime
    /// reports it as the illegal address a GPU's overflowing stack gives).
    StackOverflow,
    /// The launch ran longer than `CUPRITE_LAUNCH_TIMEOUT` allows (a display GPU's watchdog:
    /// `cudaErrorLaunchTimeout`); the fault names a thread that was still running and where.
    Timeout {
        /// The limit, in milliseconds.
        limit_ms: u64,
    },
    /// The kernel could not be loaded (see the message).
    NotLoaded(String),
    /// The kernel does not exist or the launch arguments are invalid.
    BadLaunch(String),
    /// A texture or surface instruction with a handle that is no live object of its kind, or
    /// an out-of-range surface access under `.trap` (`cudaBoundaryModeTrap`).
    Texture {
        /// The object handle.
        handle: u64,
        /// What was wrong.
        message: String,
    },
}

/// A fault that stopped a launch: its [`FaultReport`], boxed, so that a `Result` carrying a
/// fault is one word wide (every block and every scheduling step returns one; faults are rare).
/// Reads and writes the report's fields through `Deref`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault(Box<FaultReport>);

/// Where and how a launch faulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaultReport {
    /// What went wrong.
    pub kind: FaultKind,
    /// The kernel launched.
    pub kernel: String,
    /// The function executing (the kernel or a device function it called).
    pub function: String,
    /// `%ctaid` of the faulting block.
    pub block: [u32; 3],
    /// `%tid` of the (first) faulting thread.
    pub thread: [u32; 3],
    /// The faulting instruction as PTX text.
    pub instruction: String,
    /// Its PTX line (0 when unknown).
    pub line: u32,
    /// The `.loc` source file and line in effect, if the PTX had debug locations: the
    /// user's line, not a CUDA header's (see `source_loc.rs`).
    pub source: Option<(String, u32)>,
    /// Whether the module has a line table (`.file`/`.loc`: built with `-lineinfo` or `-G`);
    /// without one, the report suggests `-lineinfo`.
    pub line_table: bool,
    /// Device `printf` output the launch produced before the fault.
    pub printf_output: Vec<u8>,
}

impl From<FaultReport> for Fault {
    fn from(report: FaultReport) -> Fault {
        Fault(Box::new(report))
    }
}

impl std::ops::Deref for Fault {
    type Target = FaultReport;
    fn deref(&self) -> &FaultReport {
        &self.0
    }
}

impl std::ops::DerefMut for Fault {
    fn deref_mut(&mut self) -> &mut FaultReport {
        &mut self.0
    }
}

impl Fault {
    pub(crate) fn launch(kernel: &str, kind: FaultKind) -> Fault {
        Fault::from(FaultReport {
            kind,
            kernel: kernel.to_string(),
            function: kernel.to_string(),
            block: [0; 3],
            thread: [0; 3],
            instruction: String::new(),
            line: 0,
            source: None,
            line_table: false,
            printf_output: Vec::new(),
        })
    }
}

impl FaultReport {
    /// For a failed device `assert`, the message CUDA prints on stderr, a line per thread that
    /// failed it (the reported thread's first):
    /// `file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `expr` failed.`
    pub fn assert_message(&self) -> Option<String> {
        let FaultKind::Assert { message, file, line, function, also } = &self.kind else { return None };
        let [bx, by, bz] = self.block;
        let lines: Vec<String> = std::iter::once(&self.thread)
            .chain(also)
            .map(|[tx, ty, tz]| {
                format!(
                    "{file}:{line}: {function}: block: [{bx},{by},{bz}], thread: [{tx},{ty},{tz}] Assertion `{message}` failed."
                )
            })
            .collect();
        Some(lines.join("\n"))
    }
}

impl std::fmt::Display for FaultKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FaultKind::Memory(e) => write!(f, "{e}"),
            FaultKind::OutOfBounds { space, addr, size } => {
                write!(f, "{size}-byte {space} access at 0x{addr:x} is out of bounds")
            }
            FaultKind::Deadlock { barrier: u32::MAX, .. } => {
                write!(f, "mbarrier deadlock: every warp polls an mbarrier phase that can never complete")
            }
            FaultKind::Deadlock { barrier: 16, arrived, expected } => {
                write!(f, "cluster barrier deadlock: {arrived} of {expected} threads of the block can ever arrive")
            }
            FaultKind::Deadlock { barrier, arrived, expected } => {
                write!(f, "barrier {barrier} deadlock: {arrived} of {expected} threads can ever arrive")
            }
            FaultKind::WarpDeadlock { waiting, elsewhere } => write!(
                f,
                "warp deadlock: lanes {waiting:#010x} wait here for lanes {elsewhere:#010x} of their member mask, \
                 which wait at a different warp-synchronizing instruction"
            ),
            FaultKind::Trap => write!(f, "trap"),
            FaultKind::Assert { message, file, line, function, .. } => {
                write!(f, "{file}:{line}: {function}: Assertion `{message}` failed")
            }
            FaultKind::StackOverflow => write!(f, "call stack overflow (recursion deeper than the stack allows)"),
            FaultKind::Timeout { limit_ms } => write!(
                f,
                "the launch ran longer than CUPRITE_LAUNCH_TIMEOUT ({} s) and was stopped; this thread was still running",
                *limit_ms as f64 / 1000.0
            ),
            FaultKind::NotLoaded(m) => write!(f, "kernel not loaded: {m}"),
            FaultKind::BadLaunch(m) => write!(f, "bad launch: {m}"),
            FaultKind::Texture { handle, message } => write!(f, "texture/surface object {handle}: {message}"),
        }
    }
}

/// A kernel or function name for people: `'void scale<float>(float*, int)' (_Z5scaleIfEvPfi)`
/// for a C++ mangled name, `` `name` `` for others.
pub fn readable_name(name: &str) -> String {
    match demangle(name) {
        Some(d) if d != name => format!("'{d}' ({name})"),
        _ => format!("`{name}`"),
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::fmt::Display for FaultReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} in kernel {}", self.kind, readable_name(&self.kernel))?;
        if self.function != self.kernel {
            write!(f, ", function {}", readable_name(&self.function))?;
        }
        let ([bx, by, bz], [tx, ty, tz]) = (self.block, self.thread);
        write!(
            f,
            ", block ({bx},{by},{bz}) thread ({tx},{ty},{tz}) at PTX line {}: `{}`",
            self.line, self.instruction
        )?;
        match &self.source {
            Some((file, line)) => write!(f, " (source {file}:{line})"),
            None if !self.line_table => write!(f, " (no source line: build with -lineinfo to see one)"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for Fault {}

// A fault travels in every block's and scheduling step's `Result`: it must stay one word.
const _: () = assert!(std::mem::size_of::<Result<(), Fault>>() == std::mem::size_of::<usize>());
