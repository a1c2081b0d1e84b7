//! `cuprite`: the command-line tool.
fn main() {}
