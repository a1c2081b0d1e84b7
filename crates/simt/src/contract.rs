//! Multiply-add contraction, as ptxas does it: a `mul` without rounding modifier whose result
//! is only used by an `add`/`sub` without rounding modifier in the same basic block is fused
//! into one fma (PTX allows it: "mul/add/sub without rounding modifiers may be optimized
//! aggressively by the code generator, e.g. fused"). The GPU's results are rounded once, so
//! an engine that rounds twice differs by an ulp or more. `SIMT_NO_CONTRACT=1` turns it off.

use std::collections::HashMap;

use ptx::ast::{Instruction, Name, Operand};
use ptx::keyword::Kw;
use ptx::types::Opcode;

use crate::float::FBin;
use crate::ir::{BinOp, F32Fn, FmaKind, Inst, Op, Reg, Src, TernOp, UnOp};

/// Whether contraction is on (the default; `SIMT_NO_CONTRACT=1` disables it).
pub(crate) fn enabled() -> bool {
    !crate::env::flag(crate::env::NO_CONTRACT)
}

/// Counts each name `op` mentions in `m`.
fn count(op: &Operand, m: &mut HashMap<Name, u32>) {
    op.for_each_name(&mut |n| *m.entry(n).or_default() += 1);
}

/// Whether `op` mentions any of `names`.
fn mentions(op: &Operand, names: &[Name]) -> bool {
    let mut found = false;
    op.for_each_name(&mut |n| found |= names.contains(&n));
    found
}

/// No rounding modifier and no saturation.
fn plain(i: &Instruction) -> bool {
    !i.kws().any(|k| k.as_rounding().is_some() || k == Kw::Sat)
}

/// The fma kind of a contractible multiply.
fn mul_kind(op: &BinOp) -> Option<FmaKind> {
    match *op {
        BinOp::F32(FBin::Mul, ftz, false) => Some(FmaKind::F32(ftz)),
        BinOp::F64(FBin::Mul) => Some(FmaKind::F64),
        BinOp::Half(FBin::Mul, m, x2) if !m.sat && !m.relu && !m.nan => Some(FmaKind::Half(m, x2)),
        _ => None,
    }
}

/// Whether `op` is an add (`Some(false)`) or sub (`Some(true)`) of the same kind as `k`.
fn add_kind(op: &BinOp, k: FmaKind) -> Option<bool> {
    let (f, same) = match (*op, k) {
        (BinOp::F32(f, ftz, false), FmaKind::F32(z)) => (f, ftz == z),
        (BinOp::F64(f), FmaKind::F64) => (f, true),
        (BinOp::Half(f, m, x2), FmaKind::Half(n, y2)) => (f, m == n && x2 == y2),
        _ => return None,
    };
    match f {
        FBin::Add if same => Some(false),
        FBin::Sub if same => Some(true),
        _ => None,
    }
}

fn sign(k: FmaKind) -> u64 {
    match k {
        FmaKind::F32(_) => 0x8000_0000,
        FmaKind::F64 => 1 << 63,
        FmaKind::Half(_, false) => 0x8000,
        FmaKind::Half(_, true) => 0x8000_8000,
    }
}

/// One use of a product that the multiply is fused into: the add/sub at `at` (destination `d`,
/// operands `a`, `b`), a subtraction when `sub`.
struct Use {
    at: usize,
    d: Reg,
    a: Src,
    b: Src,
    sub: bool,
}

/// Fuses contractible multiplies of `code` into the adds that use them (`insts`: the PTX
/// instructions, one per entry, `None` for code the decoder added; `block_start`: whether a
/// label precedes the instruction), as ptxas 13.0 does for sm_90 (read from its SASS):
/// - a plain `mul` whose every use is a plain `add`/`sub` of its kind later in its basic block
///   is fused into each of them (`t = a*b; x = t + c; y = d - t`: two `FFMA`s, no `FMUL`), and
///   into none when any use is something else (a store, another multiply, the same add twice,
///   an add in another block);
/// - an add of two such products fuses the one with fewer uses, the first operand's on a tie;
///   the other then has a use it is not fused into, so it stays a multiply everywhere;
/// - `div.approx.ftz.f32` counts as a multiply of the dividend by the unit's reciprocal of the
///   divisor: fused, it leaves that reciprocal in its destination for the fmas.
pub(crate) fn contract(code: &mut [Inst], insts: &[Option<&Instruction>], block_start: &[bool]) {
    if insts.len() != code.len() || block_start.len() != code.len() {
        return;
    }
    let mut uses: HashMap<Name, u32> = HashMap::new();
    for i in insts.iter().flatten() {
        for o in i.operands.iter() {
            count(o, &mut uses);
        }
        if let Some(g) = i.guard {
            *uses.entry(g.pred).or_default() += 1;
        }
    }
    // The products every use of which could take them: (mul's index, its kind, its product
    // register, its uses).
    let mut products: Vec<(usize, FmaKind, Src, Vec<Use>)> = Vec::new();
    for i in 0..code.len() {
        let Op::Bin { op: mop, d: product, .. } = code[i].op else { continue };
        let Some(mi) = insts[i] else { continue };
        // ptxas lowers `div.approx.ftz.f32` to MUFU.RCP and a multiply, which it contracts
        // like a `mul` (-use_fast_math's divisions: `s += x / y` is one FFMA.FTZ).
        let k = match mop {
            BinOp::DivApprox32(true) if mi.opcode == Opcode::Div => FmaKind::F32(true),
            _ if mi.opcode == Opcode::Mul => match mul_kind(&mop) {
                Some(k) => k,
                None => continue,
            },
            _ => continue,
        };
        if !plain(mi) {
            continue;
        }
        let Some(Operand::Name(dn)) = mi.operands.first() else { continue };
        // Every mention but the definition is a use to fuse into.
        let Some(wanted) = uses.get(dn).and_then(|n| n.checked_sub(1)).filter(|n| *n > 0) else { continue };
        if let Some(found) = fusable_uses(code, insts, block_start, i, *dn, wanted, k) {
            products.push((i, k, Src::Reg(product), found));
        }
    }
    // Adds both of whose operands are such products, in program order: the loser is out.
    let mut alive = vec![true; products.len()];
    let mut takers: HashMap<usize, Vec<usize>> = HashMap::new();
    for (p, (_, _, _, found)) in products.iter().enumerate() {
        for u in found {
            takers.entry(u.at).or_default().push(p);
        }
    }
    let mut contested: Vec<(usize, Vec<usize>)> = takers.into_iter().filter(|(_, ps)| ps.len() == 2).collect();
    contested.sort_unstable_by_key(|(at, _)| *at);
    for (at, ps) in contested {
        let [p, q] = [ps[0], ps[1]];
        if !(alive[p] && alive[q]) {
            continue;
        }
        let first = |x: usize| products[x].3.iter().any(|u| u.at == at && u.a == products[x].2);
        let (np, nq) = (products[p].3.len(), products[q].3.len());
        let p_wins = np < nq || (np == nq && first(p));
        alive[if p_wins { q } else { p }] = false;
    }
    for (p, (i, k, md, found)) in products.into_iter().enumerate() {
        if !alive[p] {
            continue;
        }
        let Op::Bin { op: mop, d, a: ma, b: mb } = code[i].op else { continue };
        // A division's fmas take the dividend and the reciprocal, left in its destination.
        let divisor = mb;
        let mb = if matches!(mop, BinOp::DivApprox32(_)) { md } else { mb };
        for u in found {
            let mul_first = u.a == md;
            let other = if mul_first { u.b } else { u.a };
            let (xm, zm) = match (u.sub, mul_first) {
                (false, _) => (0, 0),
                (true, true) => (0, sign(k)),
                (true, false) => (sign(k), 0),
            };
            code[u.at].op = Op::Tern { op: TernOp::NegFma { xm, zm, k }, d: u.d, a: ma, b: mb, c: other };
        }
        code[i].op = match mop {
            BinOp::DivApprox32(ftz) => Op::Un { op: UnOp::F32(F32Fn::RcpApprox, ftz), d, a: divisor },
            _ => Op::Nop,
        };
    }
}

/// The `wanted` uses of the product `dn` defined at `i` (kind `k`), when all of them are adds
/// or subs it can be fused into, found before its basic block ends and before anything
/// redefines the product or one of its factors; `None` otherwise.
fn fusable_uses(
    code: &[Inst],
    insts: &[Option<&Instruction>],
    block_start: &[bool],
    i: usize,
    dn: Name,
    wanted: u32,
    k: FmaKind,
) -> Option<Vec<Use>> {
    let Op::Bin { d: md, .. } = code[i].op else { return None };
    let mi = insts[i]?;
    let srcs: Vec<Name> =
        mi.operands.iter().skip(1).filter_map(|o| if let Operand::Name(n) = o { Some(*n) } else { None }).collect();
    let mut found: Vec<Use> = Vec::new();
    for j in i + 1..code.len() {
        if block_start[j] {
            return None;
        }
        // Code the decoder added ends the search (it is not a plain arithmetic instruction).
        let ij = insts[j]?;
        if matches!(ij.opcode, Opcode::Bra | Opcode::Brx | Opcode::Ret | Opcode::Exit | Opcode::Call | Opcode::Trap) {
            return None;
        }
        if ij.operands.iter().any(|o| mentions(o, std::slice::from_ref(&dn))) {
            let Op::Bin { op, d, a, b } = code[j].op else { return None };
            // A guarded add takes an unguarded product (the factors are the same either way).
            let guard_ok = code[i].guard.is_none() || code[j].guard == code[i].guard;
            if (a != Src::Reg(md) && b != Src::Reg(md)) || a == b || ij.opcode == Opcode::Mul || !plain(ij) || !guard_ok
            {
                return None;
            }
            let sub = add_kind(&op, k)?;
            found.push(Use { at: j, d, a, b, sub });
            if found.len() as u32 == wanted {
                return Some(found);
            }
        }
        // A factor or the product redefined before the last use: the fma there would read
        // another value.
        if ij.operands.first().is_some_and(|o| mentions(o, &srcs) || mentions(o, std::slice::from_ref(&dn))) {
            return None;
        }
    }
    None
}
