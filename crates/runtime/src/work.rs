//! The work that streams queue and graph nodes hold, named below both layers: a node's
//! repeatable work ([`NodeFn`]) and the node type (`cudaGraphNodeType`) that stream capture
//! records queued work as. Re-exported by [`crate::graph`].

use std::sync::Arc;

/// The work of one node (repeatable: a graph may be launched many times).
pub type NodeFn = Arc<dyn Fn() + Send + Sync>;

/// `cudaGraphNodeType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeType {
    /// `cudaGraphNodeTypeKernel` (0).
    Kernel = 0,
    /// `cudaGraphNodeTypeMemcpy` (1).
    Memcpy = 1,
    /// `cudaGraphNodeTypeMemset` (2).
    Memset = 2,
    /// `cudaGraphNodeTypeHost` (3).
    Host = 3,
    /// `cudaGraphNodeTypeGraph` (4): a child graph.
    Graph = 4,
    /// `cudaGraphNodeTypeEmpty` (5).
    Empty = 5,
    /// `cudaGraphNodeTypeWaitEvent` (6).
    WaitEvent = 6,
    /// `cudaGraphNodeTypeEventRecord` (7).
    EventRecord = 7,
    /// `cudaGraphNodeTypeMemAlloc` (10).
    MemAlloc = 10,
    /// `cudaGraphNodeTypeMemFree` (11).
    MemFree = 11,
    /// `cudaGraphNodeTypeConditional` (13).
    Conditional = 13,
}

impl NodeType {
    /// The name Graphviz output uses.
    pub fn name(self) -> &'static str {
        match self {
            NodeType::Kernel => "KERNEL",
            NodeType::Memcpy => "MEMCPY",
            NodeType::Memset => "MEMSET",
            NodeType::Host => "HOST",
            NodeType::Graph => "GRAPH",
            NodeType::Empty => "EMPTY",
            NodeType::WaitEvent => "WAIT_EVENT",
            NodeType::EventRecord => "EVENT_RECORD",
            NodeType::MemAlloc => "MEM_ALLOC",
            NodeType::MemFree => "MEM_FREE",
            NodeType::Conditional => "CONDITIONAL",
        }
    }
}
