//! Analyses of a decoded function that more than one part of the engine asks: register
//! liveness (`live.rs`: what a stopping thread spills, what an instruction reads and writes)
//! and warp-synchronous hazards (`hazard.rs`: code that only works when a warp's lanes run in
//! lockstep, which the decoder marks for the interpreter's interleaving and the compiled
//! tiers leave to the interpreter; `solo.rs`: code only the threads of one `threadIdx.x` run).

pub(crate) mod hazard;
pub(crate) mod live;
pub(crate) mod solo;
