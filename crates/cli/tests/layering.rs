//! No import cycle between the top-level modules of a crate: for every crate under `crates/`,
//! the graph of its top-level modules (`src/<m>.rs` with `src/<m>/`) has no cycle, except the
//! ones listed in [`ALLOWLIST`] (each with its reason). A listed cycle that no longer exists
//! fails the test too, so the list only shrinks.
//!
//! How the graph is read from the source text (no dependency: a small lexer of Rust's tokens):
//! - Comments (doc comments and their examples included), string, raw string and character
//!   literals are skipped, so a path quoted in them is no edge.
//! - An edge `a → b` is a path that starts in module `a` and names module `b` of the same crate:
//!   `crate::b::...` (also `$crate::` in macros, and each member of a `crate::{b, c}` group), or
//!   a `super::` chain that climbs out of `a` to the crate root and continues with `b`. A
//!   `super::` that stays inside `a` (from `a/x.rs` to `a`) is no edge.
//! - The crate root (`lib.rs`, else `main.rs`) is a node, `crate`, for the items it defines
//!   itself (`crate::record` names the root). A name the root re-exports (`pub use error::Error`)
//!   stands for the module it comes from; a name it takes from another crate is no edge. The
//!   root's `mod` declarations and its `pub use` re-exports are its façade, not its
//!   dependencies; its other code (private `use`s, functions) depends on the modules it names,
//!   with or without `crate::`. A glob `crate::*` or `super::*` up to the root names the root.
//! - Items under `#[cfg(test)]` (test modules inline or in their own file) are left out: tests
//!   may drive any layer of their crate; the layering is the library's.
//!
//! The same paths, resolved to whole module paths, check the rules of ARCHITECTURE.md's
//! "Architecture Invariant:" lines that name modules ([`RULES`], [`LAYERED`]); and where `unsafe`
//! code may be ([`SIMT_UNSAFE`]).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

/// The cycles still allowed, one per line: `crate: module module ...  # reason` (the members of
/// one strongly connected component, `crate` for the crate root, in any order).
const ALLOWLIST: &str = "tests/layering-allowlist.txt";

/// The name of the crate root's node.
const ROOT: &str = "crate";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A token of Rust source, as much of it as module paths need.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    /// An identifier or keyword (also a number).
    Ident(String),
    /// `::`.
    PathSep,
    /// Any other punctuation character.
    Punct(char),
}

/// The tokens of `text` with their 1-based line numbers, leaving out comments and literals.
fn tokens(text: &str) -> Vec<(usize, Token)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    // Skips from `i` to just past the `"` that closes a (non-raw) string literal.
    let skip_string = |mut i: usize, line: &mut usize| {
        while i < chars.len() && chars[i] != '"' {
            if chars[i] == '\\' {
                i += 1;
            }
            if chars.get(i) == Some(&'\n') {
                *line += 1;
            }
            i += 1;
        }
        i + 1
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            _ if c.is_whitespace() => i += 1,
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                // Block comments nest.
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        if chars[i] == '\n' {
                            line += 1;
                        }
                        i += 1;
                    }
                }
            }
            '"' => i = skip_string(i + 1, &mut line),
            '\'' => {
                // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
                if chars.get(i + 1) == Some(&'\\') {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            _ if is_ident(c) => {
                let start = i;
                while i < chars.len() && is_ident(chars[i]) {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
                if raw_prefix && matches!(chars.get(i), Some('#' | '"')) {
                    let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
                    if chars.get(i + hashes) == Some(&'"') {
                        // A raw string: ends at `"` followed by as many `#`.
                        i += hashes + 1;
                        while i < chars.len() {
                            if chars[i] == '"'
                                && chars[i + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes
                            {
                                i += hashes + 1;
                                break;
                            }
                            if chars[i] == '\n' {
                                line += 1;
                            }
                            i += 1;
                        }
                        continue;
                    }
                    // A raw identifier (`r#type`): the `#` is skipped, the name read next.
                    i += 1;
                    continue;
                }
                if matches!(word.as_str(), "b" | "c") && chars.get(i) == Some(&'"') {
                    i = skip_string(i + 1, &mut line);
                    continue;
                }
                if word == "b" && chars.get(i) == Some(&'\'') {
                    continue; // a byte literal: the quote is read next as a character literal
                }
                out.push((line, Token::Ident(word)));
            }
            ':' if chars.get(i + 1) == Some(&':') => {
                out.push((line, Token::PathSep));
                i += 2;
            }
            _ => {
                out.push((line, Token::Punct(c)));
                i += 1;
            }
        }
    }
    out
}

fn is_ident(t: Option<&(usize, Token)>, word: &str) -> bool {
    matches!(t, Some((_, Token::Ident(w))) if w == word)
}

fn is_punct(t: Option<&(usize, Token)>, c: char) -> bool {
    matches!(t, Some((_, Token::Punct(p))) if *p == c)
}

/// The index just past the item that starts at `i` (after its attributes): its `;`, or the
/// `}` that closes its first top-level block.
fn item_end(toks: &[(usize, Token)], mut i: usize) -> usize {
    let mut nesting = 0i32;
    while i < toks.len() {
        match &toks[i].1 {
            Token::Punct('(' | '[') => nesting += 1,
            Token::Punct(')' | ']') => nesting -= 1,
            Token::Punct(';') if nesting == 0 => return i + 1,
            Token::Punct('{') if nesting == 0 => {
                let mut depth = 0;
                while i < toks.len() {
                    match toks[i].1 {
                        Token::Punct('{') => depth += 1,
                        Token::Punct('}') => {
                            depth -= 1;
                            if depth == 0 {
                                return i + 1;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    i
}

/// Whether the attribute `#[...]` (or `#![...]`) at `i` is `cfg(test)`; returns the index past
/// it when it is an attribute at all.
fn attribute(toks: &[(usize, Token)], i: usize) -> Option<(usize, bool)> {
    if !is_punct(toks.get(i), '#') {
        return None;
    }
    let open = if is_punct(toks.get(i + 1), '!') { i + 2 } else { i + 1 };
    if !is_punct(toks.get(open), '[') {
        return None;
    }
    let mut depth = 0;
    let mut j = open;
    while j < toks.len() {
        match toks[j].1 {
            Token::Punct('[') => depth += 1,
            Token::Punct(']') => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        j += 1;
    }
    let inner: Vec<&Token> = toks[open + 1..j.min(toks.len())].iter().map(|(_, t)| t).collect();
    let cfg_test =
        inner == [&Token::Ident("cfg".into()), &Token::Punct('('), &Token::Ident("test".into()), &Token::Punct(')')];
    Some((j + 1, cfg_test))
}

/// One source file of a crate, relative to `src/`.
struct SourceFile {
    path: String,
    text: String,
}

/// Where a name at the crate root comes from.
#[derive(Debug, Clone, PartialEq)]
enum RootName {
    /// A top-level module, or an item re-exported from one.
    Module(String),
    /// Another crate's item.
    External,
}

/// A dependency between two nodes, with where it is written.
#[derive(Debug, Clone)]
struct Evidence {
    file: String,
    line: usize,
}

/// The module graph of one crate: edges `from → to` with the first place each is written.
#[derive(Debug, Default)]
struct ModuleGraph {
    nodes: BTreeSet<String>,
    edges: BTreeMap<(String, String), Evidence>,
}

/// What the crate root declares: its modules and the names it imports (`use`).
struct RootFacts {
    modules: BTreeSet<String>,
    names: BTreeMap<String, RootName>,
}

/// The top-level segment of each name a `use` tree starting at `i` (after `use`) imports,
/// paired with the name it binds; `None` binding for globs.
fn use_tree(toks: &[(usize, Token)], i: usize, end: usize) -> Vec<(String, Option<String>)> {
    // Walks the tree keeping the path prefix of each nesting level.
    let mut out = Vec::new();
    let mut stack: Vec<Vec<String>> = vec![Vec::new()];
    let mut current: Vec<String> = Vec::new();
    let mut j = i;
    let flush = |current: &mut Vec<String>, stack: &Vec<Vec<String>>, out: &mut Vec<_>, alias: Option<String>| {
        if current.is_empty() {
            return;
        }
        let mut full: Vec<String> = stack.iter().flatten().cloned().collect();
        full.append(current);
        let binding = alias.or_else(|| full.last().cloned()).filter(|b| b != "*");
        out.push((full.join("::"), binding));
    };
    while j < end {
        match &toks[j].1 {
            Token::Ident(w) if w == "as" => {
                let alias = match toks.get(j + 1) {
                    Some((_, Token::Ident(a))) => Some(a.clone()),
                    _ => None,
                };
                flush(&mut current, &stack, &mut out, alias);
                j += 1;
            }
            Token::Ident(w) => current.push(w.clone()),
            Token::Punct('*') => current.push("*".into()),
            Token::Punct('{') => stack.push(std::mem::take(&mut current)),
            Token::Punct('}') => {
                flush(&mut current, &stack, &mut out, None);
                stack.pop();
            }
            Token::Punct(',') | Token::Punct(';') => flush(&mut current, &stack, &mut out, None),
            _ => {}
        }
        j += 1;
    }
    flush(&mut current, &stack, &mut out, None);
    out
}

fn root_facts(root: &SourceFile) -> RootFacts {
    let toks = tokens(&root.text);
    let mut facts = RootFacts { modules: BTreeSet::new(), names: BTreeMap::new() };
    let mut uses = Vec::new();
    let mut i = 0;
    let mut depth = 0;
    while i < toks.len() {
        if let Some((next, cfg_test)) = attribute(&toks, i) {
            i = if cfg_test { item_end(&toks, next) } else { next };
            continue;
        }
        match &toks[i].1 {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => depth -= 1,
            Token::Ident(w) if depth == 0 && w == "mod" => {
                if let Some((_, Token::Ident(m))) = toks.get(i + 1) {
                    facts.modules.insert(m.clone());
                }
            }
            Token::Ident(w) if depth == 0 && w == "use" => {
                let end = item_end(&toks, i);
                uses.extend(use_tree(&toks, i + 1, end));
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    for (path, binding) in uses {
        let Some(binding) = binding else { continue };
        let first = path.split("::").find(|s| !matches!(*s, "crate" | "self")).unwrap_or("");
        let origin = if facts.modules.contains(first) { RootName::Module(first.into()) } else { RootName::External };
        facts.names.insert(binding, origin);
    }
    facts
}

/// The module a `mod name;` (or `pub mod name;`) item declares, if the item is one.
fn declared_module(item: &[(usize, Token)]) -> Option<String> {
    let at = item.iter().position(|(_, t)| *t == Token::Ident("mod".into()))?;
    match (item.get(at + 1), item.get(at + 2)) {
        (Some((_, Token::Ident(m))), Some((_, Token::Punct(';')))) => Some(m.clone()),
        _ => None,
    }
}

/// The paths written from token `i` on, each a list of segments: `a::b::c`, with `{...}`
/// groups expanded (`a::{b, c::d}` is `a::b` and `a::c::d`; `self` in a group is the group's
/// prefix; a glob `*` ends its path at the prefix), and the index just past them.
fn path_tree(toks: &[(usize, Token)], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix: Vec<String> = Vec::new();
    loop {
        match toks.get(i).map(|t| &t.1) {
            Some(Token::Ident(w)) => {
                if w != "self" {
                    prefix.push(w.clone());
                }
                i += 1;
            }
            Some(Token::Punct('*')) => return (vec![prefix], i + 1),
            Some(Token::Punct('{')) => {
                let mut out = Vec::new();
                i += 1;
                loop {
                    match toks.get(i).map(|t| &t.1) {
                        None => break,
                        Some(Token::Punct('}')) => {
                            i += 1;
                            break;
                        }
                        Some(Token::Punct(',')) => i += 1,
                        _ => {
                            let (members, next) = path_tree(toks, i);
                            out.extend(members.into_iter().map(|m| [prefix.clone(), m].concat()));
                            i = next.max(i + 1);
                            if is_ident(toks.get(i), "as") {
                                i += 2;
                            }
                        }
                    }
                }
                return (out, i);
            }
            _ => return (vec![prefix], i),
        }
        if toks.get(i).map(|t| &t.1) == Some(&Token::PathSep) {
            i += 1;
        } else {
            return (vec![prefix], i);
        }
    }
}

/// A path from the crate root, resolved to the crate's modules: its first segment a top-level
/// module (a name the root re-exports stands for its module alone), or [`ROOT`] for the root's
/// own items; `None` for another crate's item.
fn resolve(facts: &RootFacts, path: Vec<String>) -> Option<Vec<String>> {
    let Some(first) = path.first() else { return Some(vec![ROOT.into()]) };
    if facts.modules.contains(first) {
        return Some(path);
    }
    match facts.names.get(first) {
        Some(RootName::Module(m)) => Some(vec![m.clone()]),
        Some(RootName::External) => None,
        None => Some(vec![ROOT.into()]),
    }
}

/// A path a file names, resolved ([`resolve`]), with the line it is written on.
#[derive(Debug, Clone)]
struct NamedPath {
    path: Vec<String>,
    line: usize,
}

/// The module path of a source file (`a/b.rs`, `a/b/mod.rs`: `a::b`; the root: empty).
fn module_path(file: &str) -> Vec<String> {
    let stem = file.strip_suffix(".rs").unwrap_or(file);
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    if stem == "lib" || stem == "main" {
        return Vec::new();
    }
    stem.split('/').map(String::from).collect()
}

/// The crate's paths that `file` (at module path `module`, empty for the root) writes, outside
/// comments, literals and `#[cfg(test)]` items: `crate::...`, `super::...` chains and
/// `self::...` from the module they are written in (inline `mod` blocks included), and at the
/// root, its modules named bare. The root's façade (`mod` declarations, `pub use` re-exports)
/// names nothing.
fn named_paths(facts: &RootFacts, file: &SourceFile, module: &[String]) -> Vec<NamedPath> {
    let toks = tokens(&file.text);
    let is_root = module.is_empty();
    // Brace scopes: the inline `mod` each open `{` belongs to, if any.
    let mut scopes: Vec<Option<String>> = Vec::new();
    let mut out = Vec::new();
    let mut i = 0;
    let current = |scopes: &[Option<String>]| -> Vec<String> {
        module.iter().cloned().chain(scopes.iter().flatten().cloned()).collect()
    };
    let mut add = |base: Vec<String>, members: Vec<Vec<String>>, line: usize| {
        for m in members {
            if let Some(path) = resolve(facts, [base.clone(), m].concat()) {
                out.push(NamedPath { path, line });
            }
        }
    };
    while i < toks.len() {
        if let Some((next, cfg_test)) = attribute(&toks, i) {
            i = if cfg_test { item_end(&toks, next) } else { next };
            continue;
        }
        let line = toks[i].0;
        let after_sep = i > 0 && toks[i - 1].1 == Token::PathSep;
        let sep_next = toks.get(i + 1).map(|t| &t.1) == Some(&Token::PathSep);
        match &toks[i].1 {
            Token::Punct('{') => {
                let inline_mod = match toks.get(i.wrapping_sub(1)) {
                    Some((_, Token::Ident(m))) if i >= 2 && is_ident(toks.get(i - 2), "mod") => Some(m.clone()),
                    _ => None,
                };
                scopes.push(inline_mod);
            }
            Token::Punct('}') => {
                scopes.pop();
            }
            // The root's façade: `mod` declarations and `pub use` re-exports.
            Token::Ident(w) if is_root && scopes.is_empty() && w == "pub" => {
                let mut j = i + 1;
                if is_punct(toks.get(j), '(') {
                    while j < toks.len() && !is_punct(toks.get(j), ')') {
                        j += 1;
                    }
                    j += 1;
                }
                if is_ident(toks.get(j), "use") || is_ident(toks.get(j), "mod") {
                    i = item_end(&toks, j);
                    continue;
                }
            }
            Token::Ident(w) if is_root && scopes.is_empty() && w == "mod" && is_punct(toks.get(i + 2), ';') => {
                i += 3;
                continue;
            }
            Token::Ident(w) if (w == "crate" || w == "self") && !after_sep && sep_next => {
                let base = if w == "crate" { Vec::new() } else { current(&scopes) };
                let (members, next) = path_tree(&toks, i + 2);
                add(base, members, line);
                i = next.max(i + 1);
                continue;
            }
            Token::Ident(w) if w == "super" && !after_sep => {
                let mut j = i;
                let mut climbs = 0;
                while is_ident(toks.get(j), "super") && toks.get(j + 1).map(|t| &t.1) == Some(&Token::PathSep) {
                    climbs += 1;
                    j += 2;
                }
                let here = current(&scopes);
                if climbs > 0 && climbs <= here.len() {
                    let (members, next) = path_tree(&toks, j);
                    add(here[..here.len() - climbs].to_vec(), members, line);
                    j = next;
                }
                i = j.max(i + 1);
                continue;
            }
            // At the root, a module is named without `crate::`.
            Token::Ident(w) if is_root && !after_sep && facts.modules.contains(w) && sep_next => {
                let (members, next) = path_tree(&toks, i);
                add(Vec::new(), members, line);
                i = next.max(i + 1);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// A crate's library source read for layering: what its root declares, and each file's
/// module path and the paths it names (files only tests compile left out).
struct CrateSource {
    facts: RootFacts,
    files: Vec<(String, Vec<String>, Vec<NamedPath>)>,
}

fn crate_source(files: &[SourceFile]) -> Option<CrateSource> {
    let root = files.iter().find(|f| f.path == "lib.rs").or_else(|| files.iter().find(|f| f.path == "main.rs"))?;
    let facts = root_facts(root);
    let mut out = Vec::new();
    for file in files {
        let module = module_path(&file.path);
        let included = match module.first() {
            None => file.path == root.path,
            Some(top) => facts.modules.contains(top) && !file_is_test_only(file),
        };
        if included {
            let paths = named_paths(&facts, file, &module);
            out.push((file.path.clone(), module, paths));
        }
    }
    Some(CrateSource { facts, files: out })
}

/// The module graph of a crate from its `src/` files.
fn module_graph(files: &[SourceFile]) -> ModuleGraph {
    let mut graph = ModuleGraph::default();
    let Some(source) = crate_source(files) else { return graph };
    graph.nodes.insert(ROOT.into());
    graph.nodes.extend(source.facts.modules.iter().cloned());
    for (file, module, paths) in &source.files {
        let from = module.first().map_or(ROOT, String::as_str);
        for p in paths {
            let to = &p.path[0];
            if to != from {
                let evidence = Evidence { file: file.clone(), line: p.line };
                graph.edges.entry((from.to_string(), to.clone())).or_insert(evidence);
            }
        }
    }
    graph
}

/// Whether the file says it is a test module: it starts with `#![cfg(test)]`. (A file that
/// `#[cfg(test)] mod x;` declares is left out by [`crate_graph`].)
fn file_is_test_only(file: &SourceFile) -> bool {
    let toks = tokens(&file.text);
    matches!(attribute(&toks, 0), Some((_, true))) && is_punct(toks.get(1), '!')
}

/// The files declared by `#[cfg(test)] mod x;` in any file of the crate, relative to `src/`
/// without extension.
fn test_files_declared(files: &[SourceFile]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for file in files {
        let toks = tokens(&file.text);
        let stem = file.path.trim_end_matches(".rs");
        let dir = match stem.strip_suffix("/mod") {
            Some(d) => d.to_string(),
            None if stem == "lib" || stem == "main" => String::new(),
            None => stem.to_string(),
        };
        let mut i = 0;
        while i < toks.len() {
            if let Some((next, true)) = attribute(&toks, i) {
                let end = item_end(&toks, next);
                if let Some(m) = declared_module(&toks[next..end]) {
                    out.insert(if dir.is_empty() { m } else { format!("{dir}/{m}") });
                }
                i = end;
            } else {
                i += 1;
            }
        }
    }
    out
}

/// The strongly connected components of more than one node (Tarjan's algorithm, iterative).
fn cycles(graph: &ModuleGraph) -> Vec<BTreeSet<String>> {
    let names: Vec<&String> = graph.nodes.iter().collect();
    let index_of: BTreeMap<&String, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let mut succ = vec![Vec::new(); names.len()];
    for (a, b) in graph.edges.keys() {
        if let (Some(&x), Some(&y)) = (index_of.get(a), index_of.get(b)) {
            succ[x].push(y);
        }
    }
    let n = names.len();
    let (mut index, mut low, mut on_stack) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut out, mut counter) = (Vec::new(), Vec::new(), 0);
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (v, ref mut next)) = work.last_mut() {
            if *next == 0 && index[v] == usize::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = succ[v].get(*next) {
                *next += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = BTreeSet::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.insert(names[w].clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    out.push(component);
                }
            }
        }
    }
    out
}

/// A shortest cycle through the component's first node, as text with each edge's place.
fn describe(graph: &ModuleGraph, component: &BTreeSet<String>) -> String {
    let Some(start) = component.iter().next() else { return String::new() };
    let mut previous: BTreeMap<&String, &String> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    'search: while let Some(v) = queue.pop_front() {
        for (a, b) in graph.edges.keys().filter(|(a, b)| a == v && component.contains(b)) {
            if b == start {
                previous.insert(start, a);
                break 'search;
            }
            if !previous.contains_key(b) {
                previous.insert(b, a);
                queue.push_back(b);
            }
        }
    }
    let mut path = vec![start];
    let mut v = start;
    while let Some(&p) = previous.get(v) {
        if p == start {
            break;
        }
        path.push(p);
        v = p;
    }
    path.reverse();
    path.insert(0, start);
    let mut text = String::new();
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let e = &graph.edges[&(a.clone(), b.clone())];
        text += &format!("\n      {a} -> {b}  ({}:{})", e.file, e.line);
    }
    text
}

/// The `.rs` files under `dir`, relative to it, in order.
fn source_files(dir: &Path) -> Vec<SourceFile> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                pending.push(p);
            } else if p.extension().is_some_and(|e| e == "rs")
                && let (Ok(text), Ok(rel)) = (std::fs::read_to_string(&p), p.strip_prefix(dir))
            {
                out.push(SourceFile { path: rel.to_string_lossy().replace('\\', "/"), text });
            }
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// The module graph of a crate's `src/`, leaving out files declared under `#[cfg(test)]`.
fn crate_graph(files: Vec<SourceFile>) -> ModuleGraph {
    module_graph(&library_files(files))
}

/// A crate's `src/` files less those declared under `#[cfg(test)]`.
fn library_files(files: Vec<SourceFile>) -> Vec<SourceFile> {
    let test_files = test_files_declared(&files);
    files
        .into_iter()
        .filter(|f| {
            let stem = f.path.trim_end_matches(".rs").trim_end_matches("/mod");
            !test_files.iter().any(|t| stem == t || stem.starts_with(&format!("{t}/")))
        })
        .collect()
}

/// The allowlist's entries: (crate, members) → reason.
fn allowlist() -> BTreeMap<(String, BTreeSet<String>), String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(ALLOWLIST);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (entry, reason) = line.split_once('#').unwrap_or((line, ""));
        let Some((krate, members)) = entry.split_once(':') else {
            panic!("{ALLOWLIST}:{}: expected `crate: module module ...  # reason`", n + 1);
        };
        assert!(!reason.trim().is_empty(), "{ALLOWLIST}:{}: an allowed cycle needs its reason after `#`", n + 1);
        let members: BTreeSet<String> = members.split_whitespace().map(String::from).collect();
        out.insert((krate.trim().to_string(), members), reason.trim().to_string());
    }
    out
}

#[test]
fn no_module_cycles_beyond_the_allowlist() {
    let mut allowed = allowlist();
    let mut failures = Vec::new();
    let mut crates: Vec<PathBuf> =
        std::fs::read_dir(repo().join("crates")).expect("crates/").flatten().map(|e| e.path()).collect();
    crates.sort();
    for dir in crates.iter().filter(|d| d.join("src").is_dir()) {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let graph = crate_graph(source_files(&dir.join("src")));
        assert!(graph.nodes.len() > 1 || name == "fatbin", "crate {name}: no modules read");
        for component in cycles(&graph) {
            let key = (name.clone(), component.clone());
            if allowed.remove(&key).is_none() {
                let members: Vec<&str> = component.iter().map(String::as_str).collect();
                failures.push(format!(
                    "crate {name}: import cycle among {{{}}}, for example:{}",
                    members.join(" "),
                    describe(&graph, &component)
                ));
            }
        }
    }
    for ((krate, members), reason) in allowed {
        let members: Vec<&str> = members.iter().map(String::as_str).collect();
        failures.push(format!(
            "{ALLOWLIST}: `{krate}: {}` ({reason}) is no longer a cycle: remove it (or update it to the \
             smaller cycle now found)",
            members.join(" ")
        ));
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
}

/// A layering rule inside a crate: what the code under module `from` (a `::` path) may name.
/// A path names a module when it starts with the module's path.
struct Rule {
    krate: &'static str,
    from: &'static str,
    /// Modules it must not name.
    never: &'static [&'static str],
    /// When not empty, the only modules outside `from` it may name.
    only: &'static [&'static str],
    /// The words of ARCHITECTURE.md's "Architecture Invariant:" line the rule checks.
    invariant: &'static str,
}

/// Each layering rule of ARCHITECTURE.md's "Architecture Invariant:" lines that names modules.
const RULES: &[Rule] = &[
    Rule {
        krate: "simt",
        from: "semantics",
        never: &[],
        only: &["ir", "float", "address_space"],
        invariant: "`crates/simt/src/semantics/` is a leaf",
    },
    Rule {
        krate: "simt",
        from: "exec",
        never: &["jit", "block_tier"],
        only: &[],
        invariant: "exec names no compiled tier",
    },
    Rule {
        krate: "simt",
        from: "block_tier::emit",
        never: &["block_tier::compiler", "block_tier::load", "block_tier::run"],
        only: &[],
        invariant: "the block tier's translator",
    },
];

/// A crate's modules in layers, lowest first: a module names only modules of its own layer or
/// lower ones (within a layer, the cycle check keeps the order one way); every top-level module
/// has its layer.
struct Layers {
    krate: &'static str,
    layers: &'static [&'static [&'static str]],
    invariant: &'static str,
}

/// The layered crates (ARCHITECTURE.md: `crates/runtime`'s layers).
const LAYERED: &[Layers] = &[Layers {
    krate: "runtime",
    layers: &[
        &["error", "work", "host_access", "interprocess_event", "printf"],
        &["context", "managed_ranges", "managed_variables"],
        &["device", "image", "profile"],
        &["stream", "event"],
        &["memory", "module", "launch", "ipc", "array", "texture"],
        &["graph"],
        &["reset"],
    ],
    invariant: "a module names only its own layer and lower ones",
}];

/// Whether module path `path` lies in module `m` (`a::b` in `a`, not in `ab`).
fn within(path: &[String], m: &str) -> bool {
    let m: Vec<&str> = m.split("::").collect();
    path.len() >= m.len() && path.iter().zip(&m).all(|(a, b)| a == b)
}

/// What `source` breaks of `rule`: `file:line: names PATH` each.
fn rule_violations(source: &CrateSource, rule: &Rule) -> Vec<String> {
    let mut out = Vec::new();
    for (file, module, paths) in &source.files {
        if !within(module, rule.from) {
            continue;
        }
        for p in paths {
            let inside = within(&p.path, rule.from);
            let forbidden = rule.never.iter().any(|m| within(&p.path, m));
            let outside_only = !rule.only.is_empty() && !inside && !rule.only.iter().any(|m| within(&p.path, m));
            if forbidden || outside_only {
                out.push(format!("{file}:{}: names {}", p.line, p.path.join("::")));
            }
        }
    }
    out
}

/// What `source` breaks of its `layers`: a top-level module without a layer, or a path to a
/// module of a higher layer.
fn layer_violations(source: &CrateSource, layers: &Layers) -> Vec<String> {
    let layer_of = |m: &str| layers.layers.iter().position(|l| l.contains(&m));
    let mut out: Vec<String> = source
        .facts
        .modules
        .iter()
        .filter(|m| layer_of(m).is_none())
        .map(|m| format!("module {m} has no layer (place it in `LAYERED`)"))
        .collect();
    for (file, module, paths) in &source.files {
        let Some(from) = module.first() else { continue };
        let Some(level) = layer_of(from) else { continue };
        for p in paths {
            let to = &p.path[0];
            // (A module without a layer is reported once, above.)
            if layer_of(to).is_some_and(|l| l > level) {
                out.push(format!("{file}:{}: {from} names {} (a higher layer)", p.line, p.path.join("::")));
            }
        }
    }
    out
}

fn crate_source_of(name: &str) -> CrateSource {
    let dir = repo().join("crates").join(name).join("src");
    crate_source(&library_files(source_files(&dir))).unwrap_or_else(|| panic!("crate {name}: no root"))
}

#[test]
fn submodules_keep_their_layering_rules() {
    let architecture = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    // Each invariant's text up to the next one or a blank line, its lines joined.
    let invariants: Vec<String> = architecture
        .split("Architecture Invariant:")
        .skip(1)
        .map(|i| i.split("\n\n").next().unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let mut failures = Vec::new();
    for rule in RULES {
        assert!(
            invariants.iter().any(|i| i.contains(rule.invariant)),
            "ARCHITECTURE.md has no Architecture Invariant saying {:?}",
            rule.invariant
        );
        let source = crate_source_of(rule.krate);
        assert!(
            source.files.iter().any(|(_, m, _)| within(m, rule.from)),
            "crate {}: no module {} (the rule is stale)",
            rule.krate,
            rule.from
        );
        for v in rule_violations(&source, rule) {
            failures.push(format!("crate {}: {} ({}): {v}", rule.krate, rule.from, rule.invariant));
        }
    }
    for layers in LAYERED {
        assert!(
            invariants.iter().any(|i| i.contains(layers.invariant)),
            "ARCHITECTURE.md has no Architecture Invariant saying {:?}",
            layers.invariant
        );
        for v in layer_violations(&crate_source_of(layers.krate), layers) {
            failures.push(format!("crate {}: {v}", layers.krate));
        }
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
}

/// The files of `crates/simt/src/` that may hold `unsafe` code (a path ending in `/`: a
/// directory), as ARCHITECTURE.md's invariant lists them.
const SIMT_UNSAFE: &[&str] =
    &["memory.rs", "bulk.rs", "shm.rs", "workers.rs", "lib.rs", "jit/", "block_tier/load.rs", "block_tier/run.rs"];

#[test]
fn unsafe_code_stays_where_the_invariant_allows() {
    let architecture = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let flat = architecture.split_whitespace().collect::<Vec<_>>().join(" ");
    let invariant = "Architecture Invariant: `unsafe` only at FFI, raw-memory and JIT-call edges; in this crate only";
    assert!(flat.contains(invariant), "ARCHITECTURE.md no longer says {invariant:?}");
    let files = source_files(&repo().join("crates/simt/src"));
    assert!(files.len() > 50, "crates/simt/src: too few files read");
    let mut found = BTreeSet::new();
    let mut failures = Vec::new();
    for f in &files {
        let Some((line, _)) = tokens(&f.text).into_iter().find(|(_, t)| *t == Token::Ident("unsafe".into())) else {
            continue;
        };
        match SIMT_UNSAFE.iter().find(|a| if a.ends_with('/') { f.path.starts_with(*a) } else { f.path == **a }) {
            Some(a) => {
                found.insert(*a);
            }
            None => failures.push(format!("crates/simt/src/{}:{line}: `unsafe` outside the files allowed", f.path)),
        }
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
    // Each listed place still needs it (else the list, and ARCHITECTURE.md's, only shrinks).
    let stale: Vec<&&str> = SIMT_UNSAFE.iter().filter(|a| !found.contains(*a)).collect();
    assert!(stale.is_empty(), "listed as holding `unsafe` code but holding none: {stale:?}");
}

/// Builds a crate from (path, text) pairs.
fn fake_crate(files: &[(&str, &str)]) -> ModuleGraph {
    crate_graph(files.iter().map(|(p, t)| SourceFile { path: (*p).into(), text: (*t).into() }).collect())
}

fn edge_list(graph: &ModuleGraph) -> Vec<String> {
    graph.edges.keys().map(|(a, b)| format!("{a}->{b}")).collect()
}

#[test]
fn paths_in_code_are_edges_and_cycles_are_found() {
    let g = fake_crate(&[
        ("lib.rs", "pub mod a;\npub mod b;\nmod c;\npub use a::Thing;\n"),
        ("a.rs", "use crate::{b::X, c};\npub struct Thing;"),
        ("b.rs", "pub fn f() { super::c::g(); }"),
        ("c/mod.rs", "mod inner;"),
        ("c/inner.rs", "fn h() -> crate::Thing { super::super::a::Thing }"),
    ]);
    assert_eq!(edge_list(&g), ["a->b", "a->c", "b->c", "c->a"]);
    let found = cycles(&g);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0], ["a", "b", "c"].iter().map(|s| s.to_string()).collect());
    let text = describe(&g, &found[0]);
    assert!(text.contains("a -> c  (a.rs:1)") && text.contains("c -> a  (c/inner.rs:1)"), "{text}");
}

#[test]
fn comments_strings_and_tests_are_no_edges() {
    let g = fake_crate(&[
        ("lib.rs", "mod a;\nmod b;\n#[cfg(test)]\nmod tests;"),
        (
            "a.rs",
            concat!(
                "//! See crate::b::x.\n/* crate::b /* nested */ crate::b */\n",
                "const S: &str = \"crate::b\"; const R: &str = r#\"crate::b \"quoted\" \"#;\n",
                "const C: char = '\"'; fn f<'a>(x: &'a u8) {}\n",
                "#[cfg(test)]\nmod tests { use crate::b; }\n",
                "pub(crate) fn g() { self::h(); super::a::h() }\nfn h() {}"
            ),
        ),
        ("b.rs", "use crate::a;"),
        ("tests.rs", "use crate::b; use crate::a;"),
    ]);
    assert_eq!(edge_list(&g), ["b->a"]);
    assert!(cycles(&g).is_empty());
}

#[test]
fn the_root_is_a_node_for_its_own_items() {
    let g = fake_crate(&[
        ("lib.rs", "pub mod a;\nmod b;\npub use other::Ext;\npub fn record() { b::f() }"),
        ("a.rs", "use crate::Ext; fn f() { crate::record() }"),
        ("b.rs", "pub fn f() { super::record() }"),
    ]);
    assert_eq!(edge_list(&g), ["a->crate", "b->crate", "crate->b"]);
    assert_eq!(cycles(&g), [["b", "crate"].iter().map(|s| s.to_string()).collect()]);
}

#[test]
fn submodule_paths_resolve_and_rules_catch_what_they_forbid() {
    let files: Vec<SourceFile> = [
        ("lib.rs", "mod a;\nmod b;\npub use b::Out;\n"),
        ("a/mod.rs", "mod x;\nmod y;\nuse self::x::f;"),
        ("a/x.rs", "use super::y::{self, g as h};\nfn f() -> crate::Out { super::super::b::deep::k() }"),
        ("a/y.rs", "pub fn g() {}\nmod inner { fn t() { super::super::x::f() } }"),
        ("b/mod.rs", "pub mod deep;\npub struct Out;"),
        ("b/deep.rs", "pub fn k() { crate::a::{x::f, y::g}(); }"),
    ]
    .iter()
    .map(|(p, t)| SourceFile { path: (*p).into(), text: (*t).into() })
    .collect();
    let source = crate_source(&files).expect("root");
    let named = |file: &str| -> Vec<String> {
        let (_, _, paths) = source.files.iter().find(|(f, _, _)| f == file).expect(file);
        paths.iter().map(|p| p.path.join("::")).collect()
    };
    assert_eq!(named("a/mod.rs"), ["a::x::f"]);
    assert_eq!(named("a/x.rs"), ["a::y", "a::y::g", "b", "b::deep::k"]);
    assert_eq!(named("a/y.rs"), ["a::x::f"]);
    assert_eq!(named("b/deep.rs"), ["a::x::f", "a::y::g"]);
    let rule = |from, never, only| Rule { krate: "t", from, never, only, invariant: "" };
    assert_eq!(rule_violations(&source, &rule("a::x", &["b::deep"], &[])), ["a/x.rs:2: names b::deep::k"]);
    assert_eq!(rule_violations(&source, &rule("a", &[], &["b"])), Vec::<String>::new());
    assert_eq!(rule_violations(&source, &rule("b", &[], &["a::y"])), ["b/deep.rs:1: names a::x::f"]);
    let layers = Layers { krate: "t", layers: &[&["a"], &["b"]], invariant: "" };
    assert_eq!(
        layer_violations(&source, &layers),
        ["a/x.rs:2: a names b (a higher layer)", "a/x.rs:2: a names b::deep::k (a higher layer)"]
    );
    let unplaced = Layers { krate: "t", layers: &[&["b"]], invariant: "" };
    assert_eq!(layer_violations(&source, &unplaced), ["module a has no layer (place it in `LAYERED`)"]);
}
