//! Helpers shared by the engine's test files.

use simt::{Engine, Program};

/// The engines every fixture test runs on.
pub const ENGINES: [Engine; 4] = [Engine::Interp, Engine::JitAll, Engine::Warp, Engine::Block];

/// The -O3 and -G builds of fixture `tests/kernels/{stem}.{O3,G}.ptx`, each loaded for every
/// engine, named `variant/engine`.
#[allow(dead_code)] // not every test file sharing these helpers uses each of them
pub fn fixture_on_engines(stem: &str) -> Vec<(String, Program)> {
    let mut out = Vec::new();
    for v in ["O3", "G"] {
        let path = format!("{}/tests/kernels/{stem}.{v}.ptx", env!("CARGO_MANIFEST_DIR"));
        let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for e in ENGINES {
            let mut p = Program::from_ptx(&src).unwrap_or_else(|err| panic!("{v}: {err}"));
            p.set_engine(e);
            out.push((format!("{v}/{e:?}"), p));
        }
    }
    out
}
