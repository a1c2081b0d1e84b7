//! The element types of warp matrix operands (`wmma`, `mma.sync`), as the PTX ISA lists
//! them: one declaration for the matrix tests (`mma.rs`, the conformance forms), each of
//! which adds what it computes on elements.

/// An element type of a matrix operand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Elem {
    F16,
    Bf16,
    /// 19-bit float in an `f32` container.
    Tf32,
    F32,
    F64,
    S8,
    U8,
    S4,
    U4,
    B1,
    S32,
}

impl Elem {
    /// Bits per element in memory and in registers.
    pub fn bits(self) -> u32 {
        match self {
            Elem::B1 => 1,
            Elem::S4 | Elem::U4 => 4,
            Elem::S8 | Elem::U8 => 8,
            Elem::F16 | Elem::Bf16 => 16,
            Elem::Tf32 | Elem::F32 | Elem::S32 => 32,
            Elem::F64 => 64,
        }
    }

    /// Elements per fragment register (32 bits; `.f64` registers hold one).
    pub fn per_reg(self) -> u32 {
        if self == Elem::F64 { 1 } else { 32 / self.bits() }
    }

    /// The PTX type word (`f16`, `s8`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Elem::F16 => "f16",
            Elem::Bf16 => "bf16",
            Elem::Tf32 => "tf32",
            Elem::F32 => "f32",
            Elem::F64 => "f64",
            Elem::S8 => "s8",
            Elem::U8 => "u8",
            Elem::S4 => "s4",
            Elem::U4 => "u4",
            Elem::B1 => "b1",
            Elem::S32 => "s32",
        }
    }
}
