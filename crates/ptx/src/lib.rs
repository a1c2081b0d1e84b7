//! Cuprite's PTX front end: PTX text ⇄ typed [`Module`].
//!
//! - [`parse`] turns text into a [`Module`] plus diagnostics (it never panics, whatever the input);
//! - [`validate()`] checks names, operands, modifiers and target/version gating;
//! - [`print_module`] turns a module back into PTX text that parses to the same module;
//! - [`link`] links the PTX of relocatable device code (`nvcc -rdc=true`) into one module's text.
//!
//! Diagnostics render as `file:line:col: error: message` with the source line and a caret
//! ([`render_all`]).

pub mod ast;
pub mod diag;
mod fxhash;
pub mod keyword;
pub mod lexer;
pub mod link;
pub mod names;
pub mod parser;
pub mod printer;
pub mod span;
pub mod types;
pub mod validate;

pub use ast::{Module, Name};
pub use diag::{Diagnostic, Severity, render_all};
pub use link::{LinkError, Multiple, Unresolved, link, unresolved};
pub use names::demangle;
pub use parser::{Parsed, parse};
pub use printer::print_module;
pub use span::{LineIndex, Span};
pub use validate::validate;

/// Parses and, if parsing succeeded, validates `src`: the module and every diagnostic.
/// An empty diagnostic list means the module is valid PTX.
pub fn check(src: &str) -> (Module, Vec<Diagnostic>) {
    let parsed = parse(src);
    let mut diags = parsed.diagnostics;
    if diags.is_empty() {
        diags = validate(&parsed.module);
    }
    (parsed.module, diags)
}
