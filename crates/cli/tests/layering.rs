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

/// The node a path reaching the crate root names by its next segment `name`.
fn root_target(facts: &RootFacts, name: &str) -> Option<String> {
    if facts.modules.contains(name) {
        return Some(name.into());
    }
    match facts.names.get(name) {
        Some(RootName::Module(m)) => Some(m.clone()),
        Some(RootName::External) => None,
        None => Some(ROOT.into()),
    }
}

/// The targets a path continuing at token `i` (just past the segments that reach the crate
/// root) names: one segment, a `{...}` group of them, or a glob.
fn targets_at(facts: &RootFacts, toks: &[(usize, Token)], i: usize) -> Vec<String> {
    match toks.get(i) {
        Some((_, Token::Ident(name))) => root_target(facts, name).into_iter().collect(),
        Some((_, Token::Punct('*'))) => vec![ROOT.into()],
        Some((_, Token::Punct('{'))) => {
            let end = item_end(toks, i);
            let mut out = Vec::new();
            let (mut level, mut expect) = (0, true);
            for (_, t) in &toks[i..end] {
                match t {
                    Token::Punct('{') => {
                        level += 1;
                        expect = level == 1;
                    }
                    Token::Punct('}') => level -= 1,
                    Token::Punct(',') if level == 1 => expect = true,
                    Token::Ident(name) if expect && level == 1 => {
                        out.extend(if name == "self" { Some(ROOT.into()) } else { root_target(facts, name) });
                        expect = false;
                    }
                    Token::Punct('*') if expect && level == 1 => {
                        out.push(ROOT.into());
                        expect = false;
                    }
                    _ => expect = false,
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The top-level module a file belongs to and its depth below the root (`a.rs`, `a/mod.rs`:
/// 1; `a/b.rs`: 2), or `None` for the root itself.
fn module_of(path: &str) -> Option<(String, usize)> {
    let stem = path.strip_suffix(".rs")?;
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    let parts: Vec<&str> = stem.split('/').collect();
    if parts == ["lib"] || parts == ["main"] {
        return None;
    }
    Some((parts[0].to_string(), parts.len()))
}

/// Adds the edges the file `file` (of module `from`, at `file_depth`; the root when `from` is
/// [`ROOT`]) writes.
fn add_edges(graph: &mut ModuleGraph, facts: &RootFacts, file: &SourceFile, from: &str, file_depth: usize) {
    let toks = tokens(&file.text);
    let is_root = from == ROOT;
    // Brace scopes: whether each open `{` is an inline `mod`'s.
    let mut scopes: Vec<bool> = Vec::new();
    let mut i = 0;
    let mut add = |to: String, line: usize| {
        if to != from {
            let evidence = Evidence { file: file.path.clone(), line };
            graph.edges.entry((from.to_string(), to)).or_insert(evidence);
        }
    };
    while i < toks.len() {
        if let Some((next, cfg_test)) = attribute(&toks, i) {
            i = if cfg_test { item_end(&toks, next) } else { next };
            continue;
        }
        let line = toks[i].0;
        let after_sep = i > 0 && toks[i - 1].1 == Token::PathSep;
        match &toks[i].1 {
            Token::Punct('{') => {
                let inline_mod = i >= 2 && is_ident(toks.get(i - 2), "mod");
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
            Token::Ident(w) if w == "crate" && !after_sep && toks.get(i + 1).map(|t| &t.1) == Some(&Token::PathSep) => {
                for to in targets_at(facts, &toks, i + 2) {
                    add(to, line);
                }
            }
            Token::Ident(w) if w == "super" && !after_sep => {
                let mut j = i;
                let mut climbs = 0;
                while is_ident(toks.get(j), "super") && toks.get(j + 1).map(|t| &t.1) == Some(&Token::PathSep) {
                    climbs += 1;
                    j += 2;
                }
                let depth = file_depth + scopes.iter().filter(|&&m| m).count();
                if climbs > 0 && climbs == depth {
                    for to in targets_at(facts, &toks, j) {
                        add(to, line);
                    }
                }
                i = j.max(i + 1);
                continue;
            }
            // At the root, a module is named without `crate::` (or with `self::`).
            Token::Ident(w)
                if is_root
                    && !after_sep
                    && facts.modules.contains(w)
                    && toks.get(i + 1).map(|t| &t.1) == Some(&Token::PathSep) =>
            {
                add(w.clone(), line);
            }
            _ => {}
        }
        i += 1;
    }
}

/// The module graph of a crate from its `src/` files.
fn module_graph(files: &[SourceFile]) -> ModuleGraph {
    let mut graph = ModuleGraph::default();
    let Some(root) = files.iter().find(|f| f.path == "lib.rs").or_else(|| files.iter().find(|f| f.path == "main.rs"))
    else {
        return graph;
    };
    let facts = root_facts(root);
    graph.nodes.insert(ROOT.into());
    graph.nodes.extend(facts.modules.iter().cloned());
    add_edges(&mut graph, &facts, root, ROOT, 0);
    for file in files {
        let Some((module, depth)) = module_of(&file.path) else { continue };
        if !facts.modules.contains(&module) || file_is_test_only(file) {
            continue;
        }
        add_edges(&mut graph, &facts, file, &module, depth);
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
    let test_files = test_files_declared(&files);
    let files: Vec<SourceFile> = files
        .into_iter()
        .filter(|f| {
            let stem = f.path.trim_end_matches(".rs").trim_end_matches("/mod");
            !test_files.iter().any(|t| stem == t || stem.starts_with(&format!("{t}/")))
        })
        .collect();
    module_graph(&files)
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
