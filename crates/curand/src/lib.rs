//! `libcurand.so`: cuRAND's host API for programs that Cuprite builds and runs. The XORWOW,
//! MRG32k3a and Philox4x32-10 generators draw the same numbers in the same order as NVIDIA's
//! libcurand (see [`generator`] for the order, derived from its outputs on an H200); the other
//! generators, orderings and distributions whose order or method NVIDIA does not document are
//! refused with an error that names them ([`c_api`]).

pub mod c_api;
pub mod discrete;
pub mod distributions;
pub mod generator;
pub mod mrg32k3a;
pub mod mt19937;
pub mod mtgp32;
mod mtgp32_params;
pub mod philox;
pub mod sobol;
pub mod xorwow;
