//! The operand lists of the warp-level collectives (PTX ISA 9.7.9.5-6, 9.7.13.8-10):
//!
//! ```text
//! shfl.mode.b32 d[|p], a, b, c;         shfl.sync.mode.b32 d[|p], a, b, c, membermask;
//! vote.mode.pred d, {!}a;               vote.sync.mode.pred d, {!}a, membermask;
//! match.any.sync.type d, a, membermask; match.all.sync.type d[|p], a, membermask;
//! ```
//!
//! The `.sync` forms take the member mask as their last operand, the deprecated ones none;
//! only `match.all` also writes a predicate. (Operand types: typecheck.rs.)

use super::{Validator, full_name};
use crate::ast::{Instruction, Operand};
use crate::keyword::Kw;
use crate::types::Opcode;

pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    let base = match ins.opcode {
        Opcode::Shfl => 4,
        Opcode::Vote => 2,
        Opcode::Match => {
            if ins.has(Kw::Any) && matches!(ins.operands.first(), Some(Operand::Pair(..))) {
                let msg = format!("`{}` writes no predicate: only `match.all` has `d|p`", full_name(v.m, ins));
                v.err(ins.span, msg);
            }
            return;
        }
        _ => return,
    };
    let sync = ins.has(Kw::Sync);
    let want = if sync { base + 1 } else { base };
    let n = ins.operands.len();
    if n != want {
        let why = if sync { "the last is the member mask" } else { "without `.sync` there is no member mask" };
        v.err(ins.span, format!("`{}` expects {want} operands ({why}), found {n}", full_name(v.m, ins)));
    }
}
