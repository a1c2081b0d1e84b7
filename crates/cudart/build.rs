//! Writes the linker version script of `libcudart.so.13`: every name in `exports-13.0.txt` (the
//! dynamic symbols of CUDA 13.0's libcudart.so.13) and in `exports-cuprite.txt` (Cuprite's own
//! entry points, which code `cuprite nvcc` compiles reaches through weak references) is
//! exported under version node `libcudart.so.13`, with SONAME `libcudart.so.13`. The symbols
//! themselves come from the table of entry points (`src/exports/table.rs`).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let out = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into());
    let mut map = String::from("libcudart.so.13 {\n  global:\n");
    for list in ["exports-13.0.txt", "exports-cuprite.txt"] {
        let path = Path::new(&manifest).join(list);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for name in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let _ = writeln!(map, "    {name};");
        }
    }
    map.push_str("  local: *;\n};\n");
    let map_path = Path::new(&out).join("libcudart.map");
    let _ = std::fs::write(&map_path, map);
    println!("cargo:rustc-cdylib-link-arg=-Wl,--version-script={},-soname,libcudart.so.13", map_path.display());
}
