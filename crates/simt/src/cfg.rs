//! Reconvergence points: the immediate post-dominator of every conditional branch, computed on
//! the instruction-level control-flow graph with the Cooper–Harvey–Kennedy algorithm on the
//! reversed graph (a virtual exit node collects `ret`, `exit` and `trap`).

use crate::ir::{Inst, NO_PC, Op};

/// Sets `ipdom` of every guarded `bra` in `code` (NO_PC when the paths only meet at exit).
pub(crate) fn set_reconvergence(code: &mut [Inst]) {
    let n = code.len();
    let exit = n;
    let mut succ: Vec<Vec<usize>> = Vec::with_capacity(n);
    const NONE: usize = usize::MAX;
    for (pc, inst) in code.iter().enumerate() {
        let next = if pc + 1 < n { pc + 1 } else { exit };
        let guarded = inst.guard.is_some();
        succ.push(match inst.op {
            Op::Bra { target, .. } => {
                let t = (target as usize).min(exit);
                if guarded { vec![t, next] } else { vec![t] }
            }
            Op::Brx { ref targets, .. } => {
                let mut v: Vec<usize> = targets.iter().map(|&t| (t as usize).min(exit)).collect();
                if guarded {
                    v.push(next);
                }
                v
            }
            Op::Ret | Op::Exit | Op::Trap => {
                if guarded {
                    vec![next, exit]
                } else {
                    vec![exit]
                }
            }
            _ => vec![next],
        });
    }
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    for (i, s) in succ.iter().enumerate() {
        for &t in s {
            if t != NONE {
                preds[t].push(i);
            }
        }
    }
    // Post-order of the reversed graph from `exit`.
    let mut po = vec![NONE; n + 1];
    let mut order = Vec::with_capacity(n + 1);
    let mut seen = vec![false; n + 1];
    let mut stack: Vec<(usize, usize)> = vec![(exit, 0)];
    seen[exit] = true;
    while let Some(&mut (node, ref mut k)) = stack.last_mut() {
        if let Some(&p) = preds[node].get(*k) {
            *k += 1;
            if !seen[p] {
                seen[p] = true;
                stack.push((p, 0));
            }
        } else {
            po[node] = order.len();
            order.push(node);
            stack.pop();
        }
    }
    let mut idom = vec![NONE; n + 1];
    idom[exit] = exit;
    let intersect = |idom: &[usize], mut a: usize, mut b: usize| {
        while a != b {
            while po[a] < po[b] {
                a = idom[a];
            }
            while po[b] < po[a] {
                b = idom[b];
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().rev() {
            if b == exit {
                continue;
            }
            let mut new = NONE;
            for &s in &succ[b] {
                if s != NONE && idom[s] != NONE {
                    new = if new == NONE { s } else { intersect(&idom, s, new) };
                }
            }
            if new != NONE && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    for (pc, inst) in code.iter_mut().enumerate() {
        let guarded = inst.guard.is_some();
        let d = idom[pc];
        let v = if d == NONE || d == exit { NO_PC } else { d as u32 };
        match &mut inst.op {
            Op::Bra { ipdom, .. } if guarded => *ipdom = v,
            Op::Brx { ipdom, .. } => *ipdom = v,
            _ => {}
        }
    }
}
