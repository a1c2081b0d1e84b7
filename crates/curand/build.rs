//! Names the shared library as NVIDIA's is named (`libcurand.so.10`), so that programs linked
//! against either load this one when it comes first on the library path.

fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libcurand.so.10");
}
