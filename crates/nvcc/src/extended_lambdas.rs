//! Lambdas annotated `__device__` or `__host__` (nvcc's extended lambdas) in a file compiled
//! without `--extended-lambda`: nvcc 13.0 refuses each ("error: __host__ or __device__
//! annotation on lambda requires --extended-lambda nvcc flag", its caret on what follows the
//! annotations), while clang compiles them. [`check`] finds them lexically: a `]` that closes a
//! lambda's captures (not an attribute's `]]`) followed by `__device__` or `__host__`.

use crate::tokens::{Kind, tokenize};

/// nvcc 13.0's words.
const MESSAGE: &str = "__host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag";

/// The errors for the annotated lambdas of `source` (the file `file`), each as clang renders
/// one; empty when there are none.
pub fn check(source: &[u8], file: &str) -> Vec<String> {
    let annotation = |w: &[u8]| w == b"__device__" || w == b"__host__";
    if !source.windows(10).any(|w| w == b"__device__") && !source.windows(8).any(|w| w == b"__host__") {
        return Vec::new();
    }
    let tokens = tokenize(source);
    let mut errors = Vec::new();
    for i in 1..tokens.len() {
        let closes_captures = tokens[i - 1].is(source, b"]") && !(i >= 2 && tokens[i - 2].is(source, b"]"));
        if !closes_captures || tokens[i].kind != Kind::Word || !annotation(tokens[i].text(source)) {
            continue;
        }
        let after = tokens[i..].iter().find(|t| t.kind != Kind::Word || !annotation(t.text(source)));
        let at = after.map_or(tokens[i].start, |t| t.start);
        errors.push(crate::source_diagnostics::render(source, file, at, "error", MESSAGE));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    /// nvcc 13.0 on `auto twice = [] __device__ (int x) { return 2 * x; };` (line 5): "lam.cu(5):
    /// error: __host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag",
    /// the caret on `(`; `__host__ __device__`, captures, and no parameter list alike.
    #[test]
    fn annotated_lambdas_are_errors_at_what_follows_the_annotations() {
        let src = b"int main() {\n  auto twice = [] __device__ (int x) { return 2 * x; };\n\
                    auto both = [=] __host__ __device__(int x) mutable { return x; };\n\
                    auto none = [&] __device__ { return 1; };\n}\n";
        let errors = check(src, "lam.cu");
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert_eq!(
            errors[0],
            format!(
                "lam.cu:2:30: error: {MESSAGE}\n    2 |   auto twice = [] __device__ (int x) {{ return 2 * x; }};\n      |                              ^\n"
            )
        );
        assert!(errors[1].starts_with("lam.cu:3:36: error:"), "{}", errors[1]);
        assert!(errors[2].starts_with("lam.cu:4:28: error:"), "{}", errors[2]);
    }

    /// What is no annotated lambda: plain lambdas, an attribute before a declaration, arrays and
    /// subscripts followed by other words, the words in comments and strings.
    #[test]
    fn other_brackets_and_words_are_left_alone() {
        let src = b"[[nodiscard]] __device__ int f(int *a) { return a[0]; }\n\
                    __shared__ int s[32]; __device__ int g;\n\
                    auto plain = [](int x) __attribute__((unused)) { return x; };\n\
                    // auto c = [] __device__ (int) {};\nconst char *t = \"[] __device__\";\n";
        assert!(check(src, "ok.cu").is_empty());
    }
}
