//! `cudaGraphDebugDotPrint`: a graph in Graphviz's dot language — one record-shaped node per
//! graph node (its handle, type and, verbose, its parameters), child graphs and conditional
//! bodies as clusters, and the dependency edges.

use std::fmt::Write as _;

use super::{Graph, NodeKind, data_of};
use crate::context::lock;
use crate::error::{Error, Result};

/// The dot text of graph `g`.
pub(super) fn render(g: Graph, verbose: bool) -> Result<String> {
    let mut out = String::new();
    let _ = writeln!(out, "digraph dot {{");
    let _ = writeln!(out, "subgraph cluster_{:x} {{", g.0);
    let _ = writeln!(out, "label=\"graph_{:x}\"", g.0);
    let _ = writeln!(out, "graph[style=\"dashed\"];");
    body(g, verbose, &mut out, 0)?;
    let _ = writeln!(out, "}}");
    let _ = writeln!(out, "}}");
    Ok(out)
}

fn body(g: Graph, verbose: bool, out: &mut String, depth: u32) -> Result<()> {
    if depth > 64 {
        return Err(Error::InvalidValue);
    }
    let d = data_of(g)?;
    let (nodes, edges) = {
        let data = lock(&d);
        (data.nodes.iter().map(|n| (n.handle, n.kind.clone())).collect::<Vec<_>>(), data.edges())
    };
    for (h, kind) in &nodes {
        let ty = kind.ty().name();
        let detail = if verbose { params(kind) } else { String::new() };
        let _ = writeln!(out, "\"node_{h:x}\" [shape=\"record\",label=\"{{{ty}\\n| node_{h:x}{detail}}}\"];");
        if let NodeKind::Graph(c) = kind {
            let _ = writeln!(out, "subgraph cluster_{:x} {{", c.0);
            let _ = writeln!(out, "label=\"child graph of node_{h:x}\"");
            body(*c, verbose, out, depth + 1)?;
            let _ = writeln!(out, "}}");
        }
        if let NodeKind::Conditional(c) = kind {
            for (i, b) in c.bodies.iter().enumerate() {
                let _ = writeln!(out, "subgraph cluster_{b:x} {{");
                let _ = writeln!(out, "label=\"body {i} of node_{h:x}\"");
                body(Graph(*b), verbose, out, depth + 1)?;
                let _ = writeln!(out, "}}");
            }
        }
    }
    for (a, b, _) in edges {
        let _ = writeln!(out, "\"node_{a:x}\" -> \"node_{b:x}\";");
    }
    Ok(())
}

/// A node's parameters as record fields (verbose output).
fn params(kind: &NodeKind) -> String {
    match kind {
        NodeKind::Kernel(k) => format!(
            "\\n| {{{}\\n| grid ({},{},{})\\n| block ({},{},{})\\n| sharedMem {}}}",
            k.function.name(),
            k.grid.x,
            k.grid.y,
            k.grid.z,
            k.block.x,
            k.block.y,
            k.block.z,
            k.dynamic_shared
        ),
        NodeKind::WaitEvent(e) | NodeKind::EventRecord(e) => format!("\\n| event 0x{:x}", e.0),
        NodeKind::Conditional(c) => format!("\\n| {:?}\\n| handle 0x{:x}", c.ty, c.handle),
        _ => String::new(),
    }
}
