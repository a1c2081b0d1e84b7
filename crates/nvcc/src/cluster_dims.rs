//! `__cluster_dims__` under clang-19, which has no `cluster_dims` attribute and whose NVPTX back
//! end emits no `.reqnctapercluster`. Cuprite's `host_defines.h` turns the qualifier into an
//! `annotate("cuprite.cluster_dims", &MARK, x, y, z)` attribute of the kernel, so:
//! 1. the device pass's PTX holds the mark variable exactly when some kernel has the qualifier
//!    (the annotation's reference keeps it): every other module costs one substring search;
//! 2. for a marked module, the same device pass again, stopped before LLVM's passes, prints the IR,
//!    whose `llvm.global.annotations` maps each such kernel to its shape;
//! 3. the kernel's `.entry` in the PTX gets `.explicitcluster` and `.reqnctapercluster x, y, z`,
//!    nvcc's directives (only `.explicitcluster` for `__cluster_dims__()`), and the mark goes.
//!
//! Runtimes read the shape from the PTX, as with nvcc's output.

use std::collections::HashMap;

/// The mark's name, as it appears (mangled) in the PTX and the IR.
pub const MARK: &str = "__cuprite_cluster_dims_used";

/// The annotation string `host_defines.h` gives the kernels.
const ANNOTATION: &str = "cuprite.cluster_dims";

/// Whether the PTX `text` has kernels with `__cluster_dims__` (it holds the mark).
pub fn is_marked(text: &str) -> bool {
    text.contains(MARK)
}

/// One kernel's `__cluster_dims__`, as the IR's annotations give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClusterDims {
    /// The kernel's (IR) name.
    pub kernel: String,
    /// Blocks per cluster; `None` for `__cluster_dims__()` (the shape is given at launch).
    pub shape: Option<[u32; 3]>,
    /// Where the kernel is declared (for diagnostics).
    pub file: String,
    /// Its line.
    pub line: u32,
}

/// The kernels annotated with `__cluster_dims__` in the textual LLVM IR `ir`.
pub fn from_ir(ir: &str) -> Result<Vec<ClusterDims>, String> {
    // The constants the annotations refer to (`@.str`, `@.args`) and the annotations themselves.
    let mut metadata: HashMap<String, &str> = HashMap::new();
    let mut annotations = None;
    for line in ir.lines().filter(|l| l.starts_with('@') && l.contains("section \"llvm.metadata\"")) {
        let Some((name, rest)) = line.split_once(" = ") else { continue };
        let tokens = tokenize(name);
        let Some(Token::Global(name)) = tokens.first() else { continue };
        if name == "llvm.global.annotations" {
            annotations = Some(rest);
        } else {
            metadata.insert(name.clone(), rest);
        }
    }
    let Some(annotations) = annotations else { return Ok(Vec::new()) };
    let string = |name: &str| metadata.get(name).and_then(|text| c_string(text));
    let tokens = tokenize(annotations);
    let mut out = Vec::new();
    // Each entry: { ptr @FUNCTION, ptr @ANNOTATION, ptr @FILE, i32 LINE, ptr @ARGS }.
    for w in tokens.windows(16) {
        let [
            Token::Punct('{'),
            Token::Word(p1),
            Token::Global(function),
            Token::Punct(','),
            Token::Word(p2),
            Token::Global(annotation),
            Token::Punct(','),
            Token::Word(p3),
            Token::Global(file),
            Token::Punct(','),
            Token::Word(i),
            Token::Int(line),
            Token::Punct(','),
            Token::Word(p4),
            Token::Global(args),
            Token::Punct('}'),
        ] = w
        else {
            continue;
        };
        if [p1, p2, p3, p4].iter().any(|p| *p != "ptr")
            || i != "i32"
            || string(annotation).as_deref() != Some(ANNOTATION)
        {
            continue;
        }
        let file = string(file).unwrap_or_default();
        let line = u32::try_from(*line).unwrap_or(0);
        let ints = metadata.get(args.as_str()).map(|a| integer_operands(a)).unwrap_or_default();
        let &[x, y, z] = ints.as_slice() else {
            return Err(format!(
                "{file}:{line}: error: __cluster_dims__ of `{function}`: unexpected annotation {ints:?}"
            ));
        };
        let dim = |v: i64| {
            u32::try_from(v)
                .map_err(|_| format!("{file}:{line}: error: __cluster_dims__ of `{function}`: dimension {v}"))
        };
        let shape = if x == 0 { None } else { Some([dim(x)?, dim(y)?, dim(z)?]) };
        out.push(ClusterDims { kernel: function.clone(), shape, file, line });
    }
    Ok(out)
}

/// Adds the cluster directives of `kernels` to their `.entry` definitions in the PTX `text`
/// and removes the mark variable. A `__cluster_dims__` on something that is not a kernel is an
/// error (nvcc's too).
pub fn apply(text: &str, kernels: &[ClusterDims]) -> Result<String, String> {
    let parsed = ptx::parse(text);
    if let Some(d) = parsed.diagnostics.first() {
        // The PTX check reports it properly; nothing to add to a module that does not parse.
        return Err(ptx::render_all(std::slice::from_ref(d), "<device pass>", text));
    }
    let module = parsed.module;
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for k in kernels {
        let ptx_name = valid_ptx_name(&k.kernel);
        let entry = module.items.iter().find_map(|item| match item {
            ptx::ast::Item::Func(f)
                if f.kind == ptx::ast::FuncKind::Entry
                    && f.body.is_some()
                    && [k.kernel.as_str(), ptx_name.as_str()].contains(&module.names.str(f.name)) =>
            {
                Some(f)
            }
            _ => None,
        });
        let Some(entry) = entry else {
            return Err(diagnostic(k, "__cluster_dims__ applies to kernels (__global__ functions) only"));
        };
        let mut directives = String::from("\n.explicitcluster");
        if let Some([x, y, z]) = k.shape {
            directives.push_str(&format!("\n.reqnctapercluster {x}, {y}, {z}"));
        }
        // After the header's line, when only a comment follows the parameters there.
        let header_end = entry.span.end as usize;
        let line_end = text[header_end..].find('\n').map_or(text.len(), |i| header_end + i);
        let rest = text[header_end..line_end].trim_start();
        let at = if rest.is_empty() || rest.starts_with("//") { line_end } else { header_end };
        edits.push((at, at, directives));
    }
    for item in &module.items {
        if let ptx::ast::Item::Var(v) = item
            && v.names.iter().any(|n| module.names.str(n.name).contains(MARK))
        {
            // The whole line: clang prints a module variable on one line.
            let start = text[..v.span.start as usize].rfind('\n').map_or(0, |i| i + 1);
            let end = text[v.span.start as usize..].find('\n').map_or(text.len(), |i| v.span.start as usize + i + 1);
            edits.push((start, end, String::new()));
        }
    }
    edits.sort_by_key(|e| e.0);
    let mut out = String::with_capacity(text.len() + 64 * kernels.len());
    let mut at = 0;
    for (start, end, insert) in edits {
        out.push_str(&text[at..start]);
        out.push_str(&insert);
        at = end;
    }
    out.push_str(&text[at..]);
    Ok(out)
}

/// A diagnostic at a kernel's declaration, with its source line and a caret under the
/// `__cluster_dims__` there when the file can be read.
fn diagnostic(k: &ClusterDims, message: &str) -> String {
    let source_line = std::fs::read_to_string(&k.file)
        .ok()
        .and_then(|s| s.lines().nth((k.line as usize).saturating_sub(1)).map(str::to_string));
    match source_line {
        Some(l) => {
            let col = l.find("__cluster_dims__").unwrap_or(0);
            format!("{}:{}:{}: error: {message}\n{l}\n{}^\n", k.file, k.line, col + 1, " ".repeat(col))
        }
        None => format!("{}:{}: error: {message}\n", k.file, k.line),
    }
}

/// The name the NVPTX back end gives a global named `name` in the IR: PTX identifiers have no
/// `.` or `@`, which it spells `_$_`.
fn valid_ptx_name(name: &str) -> String {
    name.replace(['.', '@'], "_$_")
}

/// The integer operands (`i32 4`, `i64 2`) of an IR constant, in order.
fn integer_operands(text: &str) -> Vec<i64> {
    let tokens = tokenize(text);
    tokens
        .windows(2)
        .filter_map(|w| match w {
            [Token::Word(ty), Token::Int(v)] if is_int_type(ty) => Some(*v),
            _ => None,
        })
        .collect()
}

fn is_int_type(word: &str) -> bool {
    word.strip_prefix('i').is_some_and(|bits| !bits.is_empty() && bits.bytes().all(|b| b.is_ascii_digit()))
}

/// The contents of an IR string constant `... c"text\00" ...`, without its terminating NUL.
fn c_string(text: &str) -> Option<String> {
    let start = text.find("c\"")? + 2;
    let body = &text[start..start + text[start..].find('"')?];
    let bytes = unescape(body);
    Some(String::from_utf8_lossy(bytes.strip_suffix(&[0]).unwrap_or(&bytes)).into_owned())
}

/// IR string escapes: `\XX` (two hex digits) and `\\`.
fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex =
            b.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b[i], hex) {
            (b'\\', Some(v)) => {
                out.push(v);
                i += 3;
            }
            (b'\\', None) if b.get(i + 1) == Some(&b'\\') => {
                out.push(b'\\');
                i += 2;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// A token of an IR constant expression.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    /// `@name` or `@"quoted name"` (unescaped).
    Global(String),
    /// An integer literal.
    Int(i64),
    /// A keyword or type (`ptr`, `i32`, `addrspacecast`).
    Word(String),
    /// Any other character.
    Punct(char),
}

/// Splits IR text into [`Token`]s (enough of LLVM's lexical grammar for the annotations).
fn tokenize(text: &str) -> Vec<Token> {
    let b = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || b"-$._".contains(&c);
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'@' && b.get(i + 1) == Some(&b'"') {
            let end = text[i + 2..].find('"').map_or(b.len(), |e| i + 2 + e);
            out.push(Token::Global(String::from_utf8_lossy(&unescape(&text[i + 2..end])).into_owned()));
            i = end + 1;
        } else if c == b'@' {
            let end = (i + 1..b.len()).find(|&j| !ident(b[j])).unwrap_or(b.len());
            out.push(Token::Global(text[i + 1..end].to_string()));
            i = end;
        } else if c.is_ascii_digit() || (c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let end = (i + 1..b.len()).find(|&j| !b[j].is_ascii_digit()).unwrap_or(b.len());
            match text[i..end].parse() {
                Ok(v) => out.push(Token::Int(v)),
                Err(_) => out.push(Token::Word(text[i..end].to_string())),
            }
            i = end;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let end = (i + 1..b.len()).find(|&j| !ident(b[j])).unwrap_or(b.len());
            out.push(Token::Word(text[i..end].to_string()));
            i = end;
        } else {
            // Multi-byte UTF-8 never occurs outside strings and quoted names in IR.
            out.push(Token::Punct(char::from(c)));
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What clang-19 prints for `template <int N> __global__ void __cluster_dims__(N, 2) t(int *)`
    /// instantiated with 4, `__cluster_dims__() e(int *)` and a user's own annotation.
    const IR: &str = r#"@_Z27__cuprite_cluster_dims_usedIvE = linkonce_odr dso_local addrspace(1) externally_initialized global i8 0, comdat, align 1
@.str = private unnamed_addr constant [21 x i8] c"cuprite.cluster_dims\00", section "llvm.metadata"
@.str1 = private unnamed_addr constant [7 x i8] c"at3.cu\00", section "llvm.metadata"
@.str2 = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"
@.args = private unnamed_addr constant { ptr, i32, i32, i32 } { ptr addrspacecast (ptr addrspace(1) @_Z27__cuprite_cluster_dims_usedIvE to ptr), i32 4, i32 2, i32 1 }, section "llvm.metadata"
@.args2 = private unnamed_addr constant { ptr, i32, i32, i32 } { ptr addrspacecast (ptr addrspace(1) @_Z27__cuprite_cluster_dims_usedIvE to ptr), i32 0, i32 1, i32 1 }, section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @_Z4tmplILi4EEvPi, ptr @.str, ptr @.str1, i32 3, ptr @.args }, { ptr, ptr, ptr, i32, ptr } { ptr @"_Z1ePi", ptr @.str, ptr @.str1, i32 5, ptr @.args2 }, { ptr, ptr, ptr, i32, ptr } { ptr @_Z1gPi, ptr @.str2, ptr @.str1, i32 7, ptr null }], section "llvm.metadata"
"#;

    #[test]
    fn annotations_give_each_kernel_its_shape() {
        let dims = from_ir(IR).unwrap();
        let at = |kernel: &str, shape, line| ClusterDims { kernel: kernel.into(), shape, file: "at3.cu".into(), line };
        assert_eq!(dims, [at("_Z4tmplILi4EEvPi", Some([4, 2, 1]), 3), at("_Z1ePi", None, 5)]);
        assert_eq!(from_ir("define void @k() {\n}\n").unwrap(), []);
    }

    #[test]
    fn directives_go_on_the_entry_definition_and_the_mark_goes() {
        let ptx = ".version 8.3\n.target sm_90\n.address_size 64\n\
                   .visible .entry _Z1kPi\n(\n\t.param .u64 _Z1kPi_param_0\n)\n;\n\
                   .weak .global .align 1 .u8 _Z27__cuprite_cluster_dims_usedIvE;\n\
                   .visible .entry _Z1kPi(\n\t.param .u64 _Z1kPi_param_0\n)\n.maxntid 64, 1, 1\n{\n\tret;\n}\n\
                   .visible .entry _Z1ePi() // @_Z1ePi\n{\n\tret;\n}\n";
        let dims = [
            ClusterDims { kernel: "_Z1kPi".into(), shape: Some([2, 1, 1]), file: String::new(), line: 1 },
            ClusterDims { kernel: "_Z1ePi".into(), shape: None, file: String::new(), line: 2 },
        ];
        let out = apply(ptx, &dims).unwrap();
        assert!(!out.contains(MARK), "{out}");
        assert!(out.contains(")\n;\n.visible .entry _Z1kPi("), "the prototype is left alone: {out}");
        assert!(
            out.contains("_Z1kPi_param_0\n)\n.explicitcluster\n.reqnctapercluster 2, 1, 1\n.maxntid 64, 1, 1\n{"),
            "{out}"
        );
        assert!(out.contains(".entry _Z1ePi() // @_Z1ePi\n.explicitcluster\n{"), "{out}");
        let (_, diags) = ptx::check(&out);
        assert!(diags.is_empty(), "{diags:?}");
        let module = ptx::parse(&out).module;
        let directives: Vec<_> = module
            .items
            .iter()
            .filter_map(|i| match i {
                ptx::ast::Item::Func(f) if f.body.is_some() => Some(f.directives.clone()),
                _ => None,
            })
            .collect();
        use ptx::ast::FuncDirective::*;
        assert_eq!(directives[0], [Explicitcluster, Reqnctapercluster(vec![2, 1, 1]), Maxntid(vec![64, 1, 1])]);
        assert_eq!(directives[1], [Explicitcluster]);
    }

    #[test]
    fn a_device_function_with_cluster_dims_is_an_error() {
        let ptx = ".version 8.3\n.target sm_90\n.address_size 64\n.visible .func _Z1fv()\n{\n\tret;\n}\n";
        let dims = [ClusterDims { kernel: "_Z1fv".into(), shape: Some([2, 1, 1]), file: "f.cu".into(), line: 9 }];
        let e = apply(ptx, &dims).unwrap_err();
        assert!(e.starts_with("f.cu:9: error: __cluster_dims__ applies to kernels"), "{e}");
    }
}
