//! The decoder's error: what in a function's PTX is unsupported or invalid.

use std::fmt;

use ptx::keyword::Kw;
use ptx::types::Opcode;

/// Why an instruction, operand or declaration cannot be decoded into the IR. Its `Display`
/// is the message of the load error (`LoadError`) that reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DecodeError {
    /// An instruction the engine does not implement.
    UnsupportedInstruction(Opcode),
    /// A modifier the PTX front end does not know.
    UnknownModifier(String),
    /// A modifier the instruction does not take here (or the engine does not implement on it).
    UnsupportedModifier(Kw),
    /// Fewer operands than the instruction needs.
    MissingOperands(usize),
    /// An instruction without the type it needs.
    MissingType,
    /// A form of an instruction, operand or declaration the engine does not implement: the
    /// message names it.
    Unsupported(String),
    /// An instruction, operand or declaration that is not valid PTX: the message says why.
    Invalid(String),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::UnsupportedInstruction(o) => write!(f, "instruction `{o}` is not supported"),
            DecodeError::UnknownModifier(m) => write!(f, "unknown modifier `.{m}`"),
            DecodeError::UnsupportedModifier(k) => write!(f, "modifier `.{}` is not supported here", k.as_str()),
            DecodeError::MissingOperands(n) => write!(f, "expected {n} operands"),
            DecodeError::MissingType => f.write_str("missing type"),
            DecodeError::Unsupported(m) | DecodeError::Invalid(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for DecodeError {}
