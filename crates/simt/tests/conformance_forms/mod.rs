//! The conformance table's forms beyond the basic integer and float arithmetic: three-operand
//! integer and float instructions and carry chains, comparisons, float special operations and
//! approximations, half precision, and bit operations. Each model is written from the PTX ISA's
//! text (`/work/shared/reference/ptx-isa`), independently of the engines' code.

mod atomics;
mod barriers;
mod bits;
mod collectives;
mod compare;
mod conversions;
mod coverage;
mod float_ops;
pub mod gpu_program;
pub mod half;
mod matrix;
mod matrix_movement;
mod memory;
mod operations;
mod rounding;
mod three_operand;
mod tininess;
mod widths;
mod wmma;

use crate::Case;

/// A form's model: the result for operands `a`, `b`, `c` of width `w`, `None` where the ISA
/// leaves it to the hardware.
pub type Model = fn(u64, u64, u64, u32) -> Option<u64>;

/// Every form of this module's families.
pub fn cases() -> Vec<Case> {
    let mut v = three_operand::cases();
    v.extend(compare::cases());
    v.extend(float_ops::cases());
    v.extend(half::cases());
    v.extend(bits::cases());
    v.extend(tininess::cases());
    v
}

/// The families added after the GPU's first recordings (conversions' full matrix, collectives,
/// atomics), kept after the others so that earlier launches keep their names.
pub fn later_cases() -> Vec<Case> {
    let mut v = conversions::cases();
    v.extend(collectives::cases());
    v.extend(atomics::cases());
    v.extend(conversions::second_round_cases());
    v
}

/// Round 6's families (after every recorded launch, `crate::ROUND6` on): rounding modes,
/// memory forms, barriers with results and fences, and warp matrix multiply-accumulate.
pub fn round6_cases() -> Vec<Case> {
    let mut v = rounding::cases();
    v.extend(memory::cases());
    v.extend(barriers::cases());
    v.extend(matrix::cases());
    v.extend(matrix_movement::cases());
    v.extend(wmma::cases());
    v.extend(matrix::f64_cases());
    v
}

/// `s` kept for the test's lifetime (forms name their instructions with `&'static str`).
pub fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Round 7's families (after every recorded launch, `crate::ROUND7` on): the operations and
/// instruction types the coverage test (`coverage.rs`) found without a form.
pub fn round7_cases() -> Vec<Case> {
    let mut v = widths::cases();
    v.extend(atomics::later_cases());
    v.extend(memory::later_cases());
    v.extend(operations::cases());
    v.extend(operations::second_cases());
    v.extend(compare::half_cases());
    v.extend(half::later_cases());
    // Recorded after the rest of round 7 (the H200 showed the engines' half min/max wrong).
    v.extend(atomics::vector_min_max_cases());
    v
}

/// Round 8's forms (after every recorded launch, `crate::ROUND8` on): kinds and types the
/// coverage test still listed as holes that a form can reach.
pub fn round8_cases() -> Vec<Case> {
    let mut v = operations::round8_cases();
    v.extend(atomics::vector_pair_cases());
    v.extend(widths::carry16_cases());
    v
}

/// Round 9's forms (after every recorded launch, `crate::ROUND9` on): every atomic through a
/// generic address, into shared and into global memory.
pub fn round9_cases() -> Vec<Case> {
    atomics::generic_cases()
}
