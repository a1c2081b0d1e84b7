//! The scaffolding of the test files' inline PTX kernels, written once: the module header and
//! the standard entry (pointer parameters loaded, the thread's index computed), so that each
//! test's PTX is only the instructions it is about.

/// A PTX module for `target` (`sm_80`, `sm_90`): ISA 8.0, 64-bit addresses, then `items`
/// (kernels, module-scope declarations).
pub fn module(target: &str, items: &str) -> String {
    module_version("8.0", target, items)
}

/// As `module`, for PTX ISA `version` (a feature newer than 8.0).
pub fn module_version(version: &str, target: &str, items: &str) -> String {
    format!(".version {version}\n.target {target}\n.address_size 64\n{items}")
}

/// How the entry numbers its thread.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Index {
    /// No index computed.
    None,
    /// `%r1` = `%tid.x`.
    Thread,
    /// `%r1` = `%tid.x`, `%r2` = `%ctaid.x`, `%r3` = `%ntid.x`, `%r4` = `%r2 * %r3 + %r1`
    /// (`mad.lo.s32`): the thread's index in a one-dimensional grid.
    Grid,
}

/// An inline test kernel: `.visible .entry name(.param .u64 p, …)` (then any `param`s)
/// declaring the standard registers it names (`%pN` predicates, `%rN` b32, `%rdN` b64, `%fN`
/// f32, `%fdN` f64: up to the highest number of each), then `declare`'s declarations, then
/// its pointer parameters loaded into `%rd1`, `%rd2`, … in order (each made a global address
/// in place with `global_pointers`), then the thread's index (`Index`) and, with `offset`,
/// the byte offset of its element, then the body.
pub struct Kernel {
    name: String,
    pointers: Vec<String>,
    scalars: Vec<String>,
    index: Index,
    declarations: String,
    global_pointers: bool,
    element_size: Option<u32>,
}

impl Kernel {
    /// Entry `name` of `.param .u64` parameters named `pointers`, computing `index`.
    pub fn new(name: &str, pointers: &[&str], index: Index) -> Kernel {
        Kernel {
            name: name.to_owned(),
            pointers: pointers.iter().map(|n| (*n).to_owned()).collect(),
            scalars: Vec::new(),
            index,
            declarations: String::new(),
            global_pointers: false,
            element_size: None,
        }
    }

    /// One more parameter after the pointers, `declaration` (`.u32 n`), which the body loads.
    pub fn param(mut self, declaration: &str) -> Kernel {
        self.scalars.push(declaration.to_owned());
        self
    }

    /// Each pointer made a global address in place (`cvta.to.global.u64 %rdN, %rdN`).
    pub fn global_pointers(mut self) -> Kernel {
        self.global_pointers = true;
        self
    }

    /// Declarations (registers of other types, `.shared` or `.local` arrays) before the loads.
    pub fn declare(mut self, declarations: &str) -> Kernel {
        for line in declarations.lines() {
            self.declarations.push_str(&format!("    {}\n", line.trim()));
        }
        self
    }

    /// After the index, the byte offset of the thread's element of `size` bytes in the
    /// register after the pointers (`%rd3` with two): `mul.wide.u32 %rd3, index, size`.
    pub fn offset(mut self, size: u32) -> Kernel {
        self.element_size = Some(size);
        self
    }

    /// The kernel's text, with `body` (ending in its `ret`) after the prologue.
    pub fn body(self, body: &str) -> String {
        let pointers = self.pointers.iter().map(|n| format!(".param .u64 {n}"));
        let params: Vec<String> = pointers.chain(self.scalars.iter().map(|d| format!(".param {d}"))).collect();
        let mut out = format!(".visible .entry {}({})\n{{\n", self.name, params.join(", "));
        let declared_at = out.len();
        out.push_str(&self.declarations);
        for (i, n) in self.pointers.iter().enumerate() {
            out.push_str(&format!("    ld.param.u64 %rd{}, [{n}];\n", i + 1));
        }
        if self.global_pointers {
            for i in 1..=self.pointers.len() {
                out.push_str(&format!("    cvta.to.global.u64 %rd{i}, %rd{i};\n"));
            }
        }
        let index = match self.index {
            Index::None => None,
            Index::Thread => {
                out.push_str("    mov.u32 %r1, %tid.x;\n");
                Some("%r1")
            }
            Index::Grid => {
                out.push_str("    mov.u32 %r1, %tid.x;\n    mov.u32 %r2, %ctaid.x;\n    mov.u32 %r3, %ntid.x;\n");
                out.push_str("    mad.lo.s32 %r4, %r2, %r3, %r1;\n");
                Some("%r4")
            }
        };
        assert!(index.is_some() || self.element_size.is_none(), "{}: an element offset needs an index", self.name);
        if let (Some(index), Some(size)) = (index, self.element_size) {
            out.push_str(&format!("    mul.wide.u32 %rd{}, {index}, {size};\n", self.pointers.len() + 1));
        }
        out.push_str(body);
        out.push_str("\n}\n");
        let registers = standard_registers(&out[declared_at..]);
        out.insert_str(declared_at, &registers);
        out
    }
}

/// The standard register families (name, type) the builder declares.
const STANDARD: [(&str, &str); 5] = [("p", ".pred"), ("r", ".b32"), ("rd", ".b64"), ("f", ".f32"), ("fd", ".f64")];

/// Declarations of the standard registers `code` names, each family as many as its highest
/// number needs (as nvcc declares them: the warp tier's frame grows with the count).
fn standard_registers(code: &str) -> String {
    let mut highest = [None::<u32>; STANDARD.len()];
    for (at, _) in code.match_indices('%') {
        let rest = &code[at + 1..];
        let letters = rest.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(rest.len());
        let digits = rest[letters..].find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len() - letters);
        let (name, number) = (&rest[..letters], &rest[letters..letters + digits]);
        if let (Some(family), Ok(n)) = (STANDARD.iter().position(|(f, _)| *f == name), number.parse::<u32>()) {
            highest[family] = highest[family].max(Some(n));
        }
    }
    let mut out = String::new();
    for ((name, ty), n) in STANDARD.iter().zip(highest) {
        if let Some(n) = n {
            out.push_str(&format!("    .reg {ty} %{name}<{}>;\n", n + 1));
        }
    }
    out
}

/// A block of any shape stores each thread's element of `in` in a shared `tile` (declared by
/// the kernel) at its linear index, then waits at a barrier: with `%r1` = `%tid.x` and `in` in
/// `%rd2`, `%r2`..`%r6` = `%tid.y`, `%tid.z`, `%ntid.x`, `%ntid.y`, `%ntid.z`; `%r8` = `t` =
/// `(tid.z * ntid.y + tid.y) * ntid.x + tid.x`; `%r10` = the block's size; `%r12` = `g` =
/// `ctaid.x * size + t`; `%rd3` = `4 * g`; `%r13` = `in[g]`; `%r16` = `tile`'s address of `t`.
const TILE_FROM_INPUT: &str = "\
    mov.u32 %r2, %tid.y;
    mov.u32 %r3, %tid.z;
    mov.u32 %r4, %ntid.x;
    mov.u32 %r5, %ntid.y;
    mov.u32 %r6, %ntid.z;
    mad.lo.s32 %r7, %r3, %r5, %r2;
    mad.lo.s32 %r8, %r7, %r4, %r1;
    mul.lo.s32 %r9, %r4, %r5;
    mul.lo.s32 %r10, %r9, %r6;
    mov.u32 %r11, %ctaid.x;
    mad.lo.s32 %r12, %r11, %r10, %r8;
    mul.wide.u32 %rd3, %r12, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r13, [%rd4];
    mov.u32 %r14, tile;
    shl.b32 %r15, %r8, 2;
    add.s32 %r16, %r14, %r15;
    st.shared.u32 [%r16], %r13;
    bar.sync 0;
";

/// Entry `name(out, in)` of a block of any shape (sm_80) with a shared `tile` of 4 KiB: `%r1` =
/// `%tid.x`, then `before`, then `TILE_FROM_INPUT` (each thread's element of `in` stored in
/// `tile` at its linear index, a barrier), then `after` (ending in `ret`).
pub fn tile_kernel(name: &str, before: &str, after: &str) -> String {
    let kernel = Kernel::new(name, &["out", "in"], Index::Thread).declare(".shared .align 4 .b8 tile[4096];");
    module("sm_80", &kernel.body(&format!("\n{before}{TILE_FROM_INPUT}{after}")))
}
