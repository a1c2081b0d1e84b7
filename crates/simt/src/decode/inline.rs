//! Calls to small leaf device functions, inlined: the callee's body takes the place of the
//! `call`, in a block of its own, so that every tier runs it where it runs the caller. No
//! compiled tier compiles `call` (the warp tier hands a warp at a call to the interpreter,
//! and the block tier refuses the kernel), so a kernel calling nvcc's out-of-line math slow
//! paths (`__internal_accurate_pow`, the trigonometric reduction) ran them interpreted:
//! Rodinia particlefilter's `likelihood_kernel` spent ~60% of its CPU there.
//!
//! The copy means what the call does. The block's declarations give the callee fresh
//! registers and local memory; its parameters and return values are the call site's `.param`
//! variables (of the same sizes: the call copied exactly those bytes in and out), made
//! `.local` ones (per-thread bytes all the same, which every tier compiles); its labels get
//! names of their own; a `ret` branches to the end of the block, where the caller goes on.
//! Only leaf functions are copied (no calls of their own, hence no recursion; a function whose
//! calls were all copied is one in the decoder's next round, up to [`ROUNDS`] deep), without the
//! instructions that see the call frame (`alloca`, `stacksave`, `stackrestore`), `trap` or
//! `brkpt` (a fault report names the function), parameters whose address is taken, their own
//! `.shared` variables, or jump tables; and not under `-G` (debug modules keep their frames).

use std::collections::HashMap;

use ptx::ast::{FuncKind, Function, Guard, Instruction, Loc, Modifier, Name, Names, Operand, Statement};
use ptx::keyword::Kw;
use ptx::types::{Opcode, StateSpace};

use super::{decl_size, param_address};

/// The most instructions a callee may have to be copied where it is called more than once
/// (the math library's slow paths are up to ~900: clang's `lgamma` of curand_poisson, 867,
/// ran interpreted at 512).
const CALLEE_MAX: usize = 1024;

/// How many rounds of copies the decoder makes: how deep a chain of calls is flattened.
pub(super) const ROUNDS: usize = 4;

/// The most instructions the copies may add to one caller over all rounds (compile time grows
/// with them).
const CALLER_BUDGET: usize = 4096;

/// How many instructions `f` has.
pub(super) fn instructions(f: &Function) -> usize {
    f.body.iter().flatten().filter(|s| matches!(s, Statement::Instr(_))).count()
}

/// How many instructions the copies may still add to a function that had `original`
/// instructions and has `now`.
pub(super) fn room(original: usize, now: usize) -> usize {
    CALLER_BUDGET.saturating_sub(now.saturating_sub(original))
}

/// Whether each of `funcs` may be copied into its callers: a device function, decoded
/// (`decoded[i]`), that qualifies (see the module docs). A function called from one place only
/// may be as large as a caller's whole budget: its one copy adds no code.
pub(super) fn inlinable(funcs: &[&Function], decoded: &[bool]) -> Vec<bool> {
    let mut sites: HashMap<Name, usize> = HashMap::new();
    for f in funcs {
        for s in f.body.iter().flatten() {
            if let Statement::Instr(i) = s
                && i.opcode == Opcode::Call
            {
                for o in &i.operands {
                    if let Operand::Name(n) = o {
                        *sites.entry(*n).or_default() += 1;
                    }
                }
            }
        }
    }
    funcs
        .iter()
        .zip(decoded)
        .map(|(f, &ok)| {
            let most = if sites.get(&f.name) == Some(&1) { CALLER_BUDGET } else { CALLEE_MAX };
            ok && f.kind == FuncKind::Func && leaf(f, most)
        })
        .collect()
}

/// Whether `f` is a leaf function of at most `most` instructions with nothing that sees its
/// frame (module docs).
fn leaf(f: &Function, most: usize) -> bool {
    let Some(body) = &f.body else { return false };
    let mut n = 0;
    for s in body {
        match s {
            Statement::Instr(i) => {
                n += 1;
                if matches!(
                    i.opcode,
                    Opcode::Call
                        | Opcode::Alloca
                        | Opcode::Stacksave
                        | Opcode::Stackrestore
                        | Opcode::Trap
                        | Opcode::Brkpt
                        | Opcode::Brx
                ) {
                    return false;
                }
            }
            Statement::Decl(d) if !matches!(d.space, StateSpace::Reg | StateSpace::Local) => return false,
            Statement::CallPrototype(_) | Statement::CallTargets(..) | Statement::BranchTargets(..) => return false,
            _ => {}
        }
    }
    n <= most
        && param_address::addressed(f).is_empty()
        && f.params.iter().chain(&f.returns).all(|p| p.space != StateSpace::Reg)
}

/// A call site's `.param` variable in scope: its size, its declaration's place in the new body
/// and whether that declaration names it alone.
#[derive(Clone, Copy)]
struct Site {
    size: u64,
    decl: usize,
    alone: bool,
}

/// `f` with its calls to the functions marked in `inlinable` (`funcs`: the module's functions
/// with bodies, by index; `index`: by name) replaced by copies of their bodies, new names in
/// `names`; `None` when it has no such call. The call sites' `.param` variables of the copies
/// become `.local` ones (the same bytes, per thread), which every tier compiles.
pub(super) fn inline_calls(
    f: &Function,
    funcs: &[&Function],
    index: &HashMap<Name, usize>,
    inlinable: &[bool],
    room: usize,
    names: &mut Names,
) -> Option<Function> {
    let body = f.body.as_ref()?;
    let mut out = Vec::with_capacity(body.len());
    // The `.param` variables in scope, innermost block last.
    let mut params: Vec<HashMap<Name, Site>> = vec![HashMap::new()];
    // The caller's accesses to them (place in `out`, declaration), and the declarations of
    // those the copies took over.
    let (mut uses, mut taken) = (Vec::new(), std::collections::HashSet::new());
    let mut last_loc: Option<Loc> = None;
    let (mut added, mut copies) = (0usize, 0u32);
    for s in body {
        let site = |n: Name| params.iter().rev().find_map(|s| s.get(&n).copied());
        match s {
            Statement::BlockStart(_) => params.push(HashMap::new()),
            Statement::BlockEnd(_) => {
                params.pop();
            }
            Statement::Decl(d) if matches!(d.space, StateSpace::Param | StateSpace::ParamFunc) => {
                let (decl, alone) = (out.len(), d.names.len() == 1);
                if let Some(scope) = params.last_mut() {
                    scope.extend(d.names.iter().map(|n| (n.name, Site { size: decl_size(d, &n.dims), decl, alone })));
                }
            }
            Statement::Loc(l) => last_loc = Some(l.clone()),
            Statement::Instr(ins) if ins.opcode == Opcode::Call => {
                if let Some(Callee { callee, len, map }) = callee_of(ins, funcs, index, inlinable, &site)
                    && added + len <= room
                {
                    added += len;
                    taken.extend(map.values().filter_map(|&n| site(n)).map(|s| s.decl));
                    copy(&mut out, ins, callee, map, copies, names, last_loc.as_ref());
                    copies += 1;
                    continue;
                }
            }
            Statement::Instr(ins) if ins.has(Kw::Param) => {
                if let Some(s) = param_base(ins).and_then(site) {
                    uses.push((out.len(), s.decl));
                }
            }
            _ => {}
        }
        out.push(s.clone());
    }
    for &(at, decl) in &uses {
        if taken.contains(&decl)
            && let Some(Statement::Instr(i)) = out.get_mut(at)
        {
            to_local(i);
        }
    }
    for &decl in &taken {
        if let Some(Statement::Decl(d)) = out.get_mut(decl) {
            d.space = StateSpace::Local;
        }
    }
    (copies > 0).then(|| Function { body: Some(out), ..f.clone() })
}

/// The variable a `.param` access `i` addresses (`[name+offset]`).
fn param_base(i: &Instruction) -> Option<Name> {
    i.operands.iter().find_map(|o| match o {
        Operand::Addr(a) => a.base,
        _ => None,
    })
}

/// Makes `.param` access `i` a `.local` one.
fn to_local(i: &mut Instruction) {
    for m in &mut i.mods {
        if *m == Modifier::Kw(Kw::Param) {
            *m = Modifier::Kw(Kw::Local);
        }
    }
}

/// A callee to copy: its body's instruction count, and the names its parameters and return
/// values take (the call site's).
struct Callee<'f> {
    callee: &'f Function,
    len: usize,
    map: HashMap<Name, Name>,
}

/// The callee of call `ins` when it is to be copied (and its instruction count), with the
/// names its parameters and return values take: the call site's `.param` variables, whose
/// sizes (`site`) must be the callee's, each declared alone.
fn callee_of<'f>(
    ins: &Instruction,
    funcs: &[&'f Function],
    index: &HashMap<Name, usize>,
    inlinable: &[bool],
    site: &dyn Fn(Name) -> Option<Site>,
) -> Option<Callee<'f>> {
    let ops = &ins.operands;
    let (rets, rest): (&[Operand], &[Operand]) = match ops.first()? {
        Operand::List(l) => (l, &ops[1..]),
        _ => (&[], &ops[..]),
    };
    let (target, args): (Name, &[Operand]) = match rest {
        [Operand::Name(t)] => (*t, &[]),
        [Operand::Name(t), Operand::List(a)] => (*t, a),
        _ => return None,
    };
    let i = *index.get(&target)?;
    if !inlinable.get(i).copied().unwrap_or(false) {
        return None;
    }
    let callee = funcs.get(i)?;
    let mut map = HashMap::new();
    for (given, decls) in [(rets, &callee.returns), (args, &callee.params)] {
        let own: Vec<(Name, u64)> =
            decls.iter().flat_map(|d| d.names.iter().map(move |n| (n.name, decl_size(d, &n.dims)))).collect();
        if own.len() != given.len() {
            return None;
        }
        for ((name, size), o) in own.into_iter().zip(given) {
            let Operand::Name(at) = o else { return None };
            match site(*at) {
                Some(s) if s.size == size && s.alone => {}
                _ => return None,
            }
            map.insert(name, *at);
        }
    }
    let body = callee.body.as_deref().unwrap_or(&[]);
    // A name the callee declares for itself that is also one of its parameters' names, in an
    // inner block, shadows the parameter: the copy's renaming could not tell them apart.
    let shadows = |d: &ptx::ast::VarDecl| d.names.iter().any(|n| map.contains_key(&n.name));
    if body.iter().any(|s| matches!(s, Statement::Decl(d) if shadows(d))) {
        return None;
    }
    Some(Callee { callee, len: instructions(callee), map })
}

/// Appends to `out` the copy (the `copy`-th in this caller) of `callee` in place of `call`:
/// its parameters renamed by `map`, its labels renamed apart, each `ret` a branch to the end.
fn copy(
    out: &mut Vec<Statement>,
    call: &Instruction,
    callee: &Function,
    mut map: HashMap<Name, Name>,
    copy: u32,
    names: &mut Names,
    caller_loc: Option<&Loc>,
) {
    let body = callee.body.as_deref().unwrap_or(&[]);
    let sites: Vec<Name> = map.keys().copied().collect();
    let end = fresh(names, &format!("$inline{copy}$end"));
    // A variable the callee declares under the name of a call-site variable it reaches through
    // `map` (a function whose own calls were copied declares its call sites' `.param`s, now
    // `.local`, under the names the compiler gives every call site) would hide that variable:
    // the copy declares it under a name of its own.
    let mut own: HashMap<Name, Name> = HashMap::new();
    for s in body {
        if let Statement::Decl(d) = s {
            for n in &d.names {
                if map.values().any(|&m| m == n.name) && !own.contains_key(&n.name) {
                    own.insert(n.name, fresh(names, &format!("{}$inline{copy}", names.str(n.name))));
                }
            }
        }
    }
    map.extend(own.iter().map(|(&from, &to)| (from, to)));
    for s in body {
        if let Statement::Label(l, _) = s {
            let name = format!("{}$inline{copy}", names.str(*l));
            map.insert(*l, fresh(names, &name));
        }
    }
    let bra = |guard: Option<Guard>, span| {
        Statement::Instr(Instruction {
            guard,
            opcode: Opcode::Bra,
            mods: Vec::new(),
            operands: vec![Operand::Name(end)],
            span,
        })
    };
    // A guarded call: the lanes whose guard fails skip the copy.
    if let Some(g) = call.guard {
        out.push(bra(Some(Guard { pred: g.pred, negated: !g.negated }), call.span));
    }
    out.push(Statement::BlockStart(call.span));
    let last_instr = body.iter().rposition(|s| matches!(s, Statement::Instr(_)));
    for (at, s) in body.iter().enumerate() {
        out.push(match s {
            // The last instruction, an unguarded `ret`, falls through to the end.
            Statement::Instr(i) if i.opcode == Opcode::Ret && i.guard.is_none() && Some(at) == last_instr => continue,
            Statement::Instr(i) if i.opcode == Opcode::Ret => bra(i.guard, i.span),
            Statement::Instr(i) => {
                let mut i = i.clone();
                // Its parameters and return values: the call site's, now `.local`.
                if i.has(Kw::Param) && param_base(&i).is_some_and(|b| sites.contains(&b)) {
                    to_local(&mut i);
                }
                i.operands.iter_mut().for_each(|o| rename(o, &map));
                if let Some(g) = &mut i.guard {
                    g.pred = map.get(&g.pred).copied().unwrap_or(g.pred);
                }
                Statement::Instr(i)
            }
            Statement::Label(l, sp) => Statement::Label(map.get(l).copied().unwrap_or(*l), *sp),
            Statement::Decl(d) if d.names.iter().any(|n| own.contains_key(&n.name)) => {
                let mut d = d.clone();
                d.names.iter_mut().for_each(|n| n.name = own.get(&n.name).copied().unwrap_or(n.name));
                Statement::Decl(d)
            }
            other => other.clone(),
        });
    }
    out.push(Statement::BlockEnd(call.span));
    out.push(Statement::Label(end, call.span));
    // The caller's instructions after the call are on its line again.
    if let Some(l) = caller_loc {
        out.push(Statement::Loc(l.clone()));
    }
}

/// A name not in `names` yet, from `base`.
fn fresh(names: &mut Names, base: &str) -> Name {
    let mut s = base.to_string();
    while names.get(&s).is_some() {
        s.push('$');
    }
    names.intern(&s)
}

/// Renames the names of `o` found in `map`.
fn rename(o: &mut Operand, map: &HashMap<Name, Name>) {
    let r = |n: &mut Name| {
        if let Some(m) = map.get(n) {
            *n = *m;
        }
    };
    match o {
        Operand::Name(n)
        | Operand::NameOffset(n, _)
        | Operand::Component(n, _)
        | Operand::Selected(n, _)
        | Operand::Index(n, _)
        | Operand::Not(n) => r(n),
        Operand::Vector(v) | Operand::AddrList(v) | Operand::List(v) => v.iter_mut().for_each(|o| rename(o, map)),
        Operand::Addr(a) => {
            if let Some(b) = &mut a.base {
                r(b);
            }
        }
        Operand::Neg(a) => rename(a, map),
        Operand::Pair(a, n) => {
            rename(a, map);
            r(n);
        }
        Operand::Sreg(..) | Operand::Imm(_) | Operand::Sink => {}
    }
}
