//! Reconvergence points: the immediate post-dominator of every conditional branch, computed on
//! the instruction-level control-flow graph with the Cooper–Harvey–Kennedy algorithm on the
//! reversed graph (a virtual exit node collects `ret`, `exit` and `trap`). The algorithm
//! (`immediate_dominators`) also serves the warp tier's uniformity analysis, forwards.

use crate::ir::{Inst, NO_PC, Op, non_branch_ops};

/// Sets `ipdom` of every guarded `bra` in `code` (NO_PC when the paths only meet at exit).
pub(crate) fn set_reconvergence(code: &mut [Inst]) {
    let n = code.len();
    let exit = n;
    let mut succ: Vec<Vec<usize>> = Vec::with_capacity(n);
    const NONE: usize = usize::MAX;
    for (pc, inst) in code.iter().enumerate() {
        let mut s = Vec::new();
        inst.successors(pc, exit, Some(exit), &mut s);
        succ.push(s);
    }
    // Post-dominators are the dominators of the reversed graph, from `exit`.
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    for (i, s) in succ.iter().enumerate() {
        for &t in s {
            if t != NONE {
                preds[t].push(i);
            }
        }
    }
    let idom = immediate_dominators(exit, &preds);
    for (pc, inst) in code.iter_mut().enumerate() {
        let guarded = inst.guard.is_some();
        let d = idom[pc];
        let v = if d == NONE || d == exit { NO_PC } else { d as u32 };
        match &mut inst.op {
            // An unguarded `bra` does not split the warp.
            Op::Bra { ipdom, .. } => {
                if guarded {
                    *ipdom = v;
                }
            }
            Op::Brx { ipdom, .. } => *ipdom = v,
            non_branch_ops!() => {}
        }
    }
}

/// The immediate dominator of every node of the graph whose successor lists are `succ`, from
/// `root` (Cooper, Harvey and Kennedy's iterative algorithm over a reverse postorder): the
/// root's is itself, an unreachable node's `usize::MAX`.
pub(crate) fn immediate_dominators(root: usize, succ: &[Vec<usize>]) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let n = succ.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, s) in succ.iter().enumerate() {
        for &t in s {
            if let Some(p) = preds.get_mut(t) {
                p.push(i);
            }
        }
    }
    // Postorder numbers from `root`.
    let mut po = vec![NONE; n];
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    if root < n {
        seen[root] = true;
        stack.push((root, 0));
    }
    while let Some(&mut (node, ref mut k)) = stack.last_mut() {
        if let Some(&s) = succ[node].get(*k) {
            *k += 1;
            if s < n && !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            po[node] = order.len();
            order.push(node);
            stack.pop();
        }
    }
    let mut idom = vec![NONE; n];
    if root < n {
        idom[root] = root;
    }
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
            if b == root {
                continue;
            }
            let mut new = NONE;
            for &p in &preds[b] {
                if idom[p] != NONE {
                    new = if new == NONE { p } else { intersect(&idom, p, new) };
                }
            }
            if new != NONE && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    idom
}
