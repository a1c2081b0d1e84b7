//! The PTX linker: several modules of one program (`nvcc -rdc=true`, relocatable device code)
//! → one module's text, as `nvlink` links their cubins.
//!
//! Symbol resolution follows ELF's rules as nvlink applies them: a `.visible` definition is
//! unique program-wide, the first `.weak`/`.common` definition wins (template instantiations and
//! inline functions are weak in every module that uses them), an `.extern` declaration binds to
//! the definition in whichever module has it, and module-internal symbols (`static` functions,
//! printf's `$str` format strings) stay private: where one collides with a symbol of another
//! module it is renamed `NAME$mN`. `.file` indices are renumbered so `.loc` lines stay right.
//!
//! The output is ordered so every reference follows its declaration: all function prototypes,
//! then all variables, then all function bodies. A variable whose initializer takes another's
//! address (`{generic(v)}`) follows that variable's definition, wherever the modules put them:
//! ptxas rejects a forward reference in an initializer ("Invalid initial value expression").

use crate::ast::{FuncKind, Item, Linkage, Module, Name, Statement, Target, Version};
use crate::printer::print_module;
use crate::types::StateSpace;
use std::collections::{HashMap, HashSet};

/// Why modules cannot be linked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkError(pub String);

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LinkError {}

/// What a module says about one module-scope name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A definition (a function with a body, a variable that is not `.extern`) with this linkage.
    Defines(Linkage),
    /// Only declares it (`.extern`, or a prototype).
    Declares,
}

/// Module-scope names of `m`: (spelling, role, whether it is a function).
fn symbols(m: &Module) -> Vec<(String, Role, bool)> {
    let mut out = Vec::new();
    for item in &m.items {
        match item {
            Item::Func(f) => {
                let role = if f.body.is_some() { Role::Defines(f.linkage) } else { Role::Declares };
                out.push((m.names.str(f.name).to_string(), role, true));
            }
            Item::Var(v) => {
                let role = if v.linkage == Linkage::Extern { Role::Declares } else { Role::Defines(v.linkage) };
                for n in &v.names {
                    out.push((m.names.str(n.name).to_string(), role, false));
                }
            }
            _ => {}
        }
    }
    out
}

fn is_external(l: Linkage) -> bool {
    matches!(l, Linkage::Visible | Linkage::Weak | Linkage::Common | Linkage::Extern)
}

/// Links parsed modules into one PTX text. The header is the first module's target with the
/// highest `.version` of all.
pub fn link_modules(mut modules: Vec<Module>) -> Result<String, LinkError> {
    let Some(first) = modules.first() else { return Err(LinkError("no PTX modules to link".into())) };
    let version = modules.iter().map(|m| m.version).max().unwrap_or(first.version);
    let mut out = header(version, &first.target, first.address_size);
    let syms: Vec<_> = modules.iter().map(symbols).collect();
    let definer = definers(&syms)
        .map_err(|m| LinkError(format!("multiple definition of `{}` (modules {} and {})", m.name, m.first, m.again)))?;
    rename_internal_clashes(&mut modules, &syms);
    renumber_files(&mut modules);
    for p in linked_parts(&modules, &definer).iter().flatten() {
        out.push_str(p);
        out.push('\n');
    }
    Ok(out)
}

/// The linked module's `.version`, `.target` (without `debug`: the debug sections of one
/// module are dropped) and `.address_size` lines.
fn header(version: Version, target: &Target, address_size: u8) -> String {
    let mut out = format!(".version {}.{}\n.target {}", version.major, version.minor, target.arch);
    for o in &target.options {
        if o != "debug" {
            out.push_str(", ");
            out.push_str(o);
        }
    }
    out.push_str(&format!("\n.address_size {address_size}\n"));
    out
}

/// Which module defines each external name, program-wide, and how: the first definition wins,
/// a strong (`.visible`) one overrides an earlier weak one, and two strong ones are an error.
fn definers(syms: &[Vec<(String, Role, bool)>]) -> Result<HashMap<String, (usize, Linkage)>, Multiple> {
    let mut definer: HashMap<String, (usize, Linkage)> = HashMap::new();
    for (i, list) in syms.iter().enumerate() {
        for (name, role, _) in list {
            let Role::Defines(l) = *role else { continue };
            if !is_external(l) {
                continue;
            }
            match definer.get(name) {
                None => {
                    definer.insert(name.clone(), (i, l));
                }
                Some(&(j, Linkage::Visible)) if l == Linkage::Visible && j != i => {
                    return Err(Multiple { name: name.clone(), first: j, again: i });
                }
                Some(&(j, prev)) if prev != Linkage::Visible && l == Linkage::Visible && j != i => {
                    definer.insert(name.clone(), (i, l));
                }
                Some(_) => {}
            }
        }
    }
    Ok(definer)
}

/// Renames the internal symbols of every module but the first whose names another module uses
/// at module scope too: `NAME` becomes `NAME$mN` in module N.
fn rename_internal_clashes(modules: &mut [Module], syms: &[Vec<(String, Role, bool)>]) {
    let mut owners: HashMap<&str, usize> = HashMap::new();
    for list in syms {
        let mut seen = HashSet::new();
        for (name, _, _) in list {
            if seen.insert(name.as_str()) {
                *owners.entry(name.as_str()).or_default() += 1;
            }
        }
    }
    for (i, m) in modules.iter_mut().enumerate().skip(1) {
        let mut renames = Vec::new();
        for item in &m.items {
            let names: Vec<Name> = match item {
                Item::Func(f) if f.linkage == Linkage::Internal => vec![f.name],
                Item::Var(v) if v.linkage == Linkage::Internal => v.names.iter().map(|n| n.name).collect(),
                _ => continue,
            };
            for n in names {
                let s = m.names.str(n);
                if owners.get(s).copied().unwrap_or(0) > 1 {
                    renames.push((n, format!("{s}$m{i}")));
                }
            }
        }
        for (n, s) in &renames {
            m.names.respell(*n, s);
        }
    }
}

/// Renumbers each module's `.file` indices (and the `.loc` lines naming them) after those of
/// the modules before it, so that every line keeps its file.
fn renumber_files(modules: &mut [Module]) {
    let mut file_base = 0u32;
    for m in modules {
        if file_base > 0 {
            for item in &mut m.items {
                match item {
                    Item::File(f) => f.index += file_base,
                    Item::Func(f) => {
                        for s in f.body.iter_mut().flatten() {
                            if let Statement::Loc(l) = s {
                                l.file += file_base;
                                // `inlined_at FILE LINE COL` names a file index too.
                                if let Some(extra) = &mut l.extra {
                                    *extra = shift_inlined_at(extra, file_base);
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        let max_file =
            m.items.iter().filter_map(|item| if let Item::File(f) = item { Some(f.index) } else { None }).max();
        file_base = file_base.max(max_file.unwrap_or(0));
    }
}

/// The linked module's items in three parts, each in module order: the function prototypes
/// (and `.file`/pragma lines), the variables (in dependency order) and the function bodies.
fn linked_parts(modules: &[Module], definer: &HashMap<String, (usize, Linkage)>) -> [Vec<String>; 3] {
    // External functions some module declares (and another may define).
    let declared: HashSet<String> = modules
        .iter()
        .flat_map(|m| {
            m.items.iter().filter_map(|item| match item {
                Item::Func(f) if f.body.is_none() && f.linkage == Linkage::Extern => {
                    Some(m.names.str(f.name).to_string())
                }
                _ => None,
            })
        })
        .collect();
    let mut protos_done = HashSet::new();
    let mut vars_done = HashSet::new();
    let mut bodies_done = HashSet::new();
    let mut parts: [Vec<String>; 3] = Default::default();
    // Variables of every module, printed after the loop in dependency order.
    let mut all_vars: Vec<LinkedVar> = Vec::new();
    for (i, m) in modules.iter().enumerate() {
        let mut printer = ItemPrinter::new(m);
        let mut protos = Vec::new();
        let mut bodies = Vec::new();
        for item in &m.items {
            match item {
                Item::Func(f) => {
                    let name = m.names.str(f.name).to_string();
                    let ext = is_external(f.linkage);
                    let def = definer.get(&name).copied();
                    let mut proto = (**f).clone();
                    proto.body = None;
                    // A function definition gets a prototype, and so does a kernel that some
                    // module declares (a device-side launch, or clang's `-fgpu-rdc` list of
                    // used symbols, takes its address); a declaration of what another module
                    // defines is replaced by the definition's prototype (its kind, `.entry` for
                    // a kernel, and its parameter types: ptxas rejects prototypes that differ);
                    // a declaration nobody defines is kept once.
                    let key = if ext { name.clone() } else { format!("{i}:{name}") };
                    let resolved_elsewhere = f.body.is_none() && f.linkage == Linkage::Extern && def.is_some();
                    let wants_proto = if f.body.is_none() {
                        !resolved_elsewhere
                    } else {
                        f.kind == FuncKind::Func || declared.contains(&name)
                    };
                    if wants_proto && protos_done.insert(key.clone()) {
                        protos.push(Item::Func(Box::new(proto)));
                    }
                    if f.body.is_some() {
                        let wins = !ext || def.is_some_and(|(j, _)| j == i);
                        if wins && bodies_done.insert(key) {
                            bodies.push(item.clone());
                        }
                    }
                }
                Item::Var(v) => {
                    let mut keep = v.clone();
                    keep.names.clear();
                    for n in &v.names {
                        let name = m.names.str(n.name).to_string();
                        let ext = is_external(v.linkage);
                        let wins = if v.linkage == Linkage::Extern {
                            !definer.contains_key(&name)
                        } else {
                            !ext || definer.get(&name).is_some_and(|&(j, _)| j == i)
                        };
                        let key = if ext { name } else { format!("{i}:{name}") };
                        if wins && vars_done.insert(key) {
                            keep.names.push(n.clone());
                        }
                    }
                    if !keep.names.is_empty() {
                        let key = |n: &str| if definer.contains_key(n) { n.to_string() } else { format!("{i}:{n}") };
                        let mut refs = Vec::new();
                        if let Some(init) = &keep.init {
                            initializer_symbols(init, &mut |n| refs.push(key(m.names.str(n))));
                        }
                        let defines = keep.names.iter().map(|n| key(m.names.str(n.name))).collect();
                        let item = Item::Var(keep);
                        all_vars.push(LinkedVar { defines, refs, text: printer.print(vec![item]) });
                    }
                }
                Item::File(_) | Item::Pragma(..) => protos.push(item.clone()),
                // Debug sections cannot be merged meaningfully; aliases are rare and local.
                Item::Section(_) => {}
                Item::Alias(..) => bodies.push(item.clone()),
            }
        }
        for (k, items) in [(0, protos), (2, bodies)] {
            if !items.is_empty() {
                parts[k].push(printer.print(items));
            }
        }
    }
    parts[1].extend(in_dependency_order(all_vars));
    parts
}

/// A module-scope variable of the linked output: the keys (`NAME` for external symbols,
/// `MODULE:NAME` for internal ones) it defines and whose addresses its initializer takes.
struct LinkedVar {
    defines: Vec<String>,
    refs: Vec<String>,
    text: String,
}

/// The variables' texts, each after the variables its initializer refers to (stable: in module
/// order otherwise). A cycle cannot be valid PTX; its members keep their order.
fn in_dependency_order(vars: Vec<LinkedVar>) -> Vec<String> {
    let defined: HashSet<&str> = vars.iter().flat_map(|v| v.defines.iter().map(String::as_str)).collect();
    let mut emitted: HashSet<String> = HashSet::new();
    let mut done = vec![false; vars.len()];
    let mut out = Vec::with_capacity(vars.len());
    while out.len() < vars.len() {
        let before = out.len();
        for (k, v) in vars.iter().enumerate() {
            let ready =
                v.refs.iter().all(|r| !defined.contains(r.as_str()) || emitted.contains(r) || v.defines.contains(r));
            if !done[k] && ready {
                done[k] = true;
                emitted.extend(v.defines.iter().cloned());
                out.push(v.text.clone());
            }
        }
        if out.len() == before {
            // A cycle: the rest in module order.
            out.extend(vars.iter().zip(&done).filter(|(_, d)| !**d).map(|(v, _)| v.text.clone()));
            break;
        }
    }
    out
}

/// Every symbol whose address an initializer takes.
fn initializer_symbols(init: &crate::ast::Initializer, f: &mut impl FnMut(Name)) {
    use crate::ast::{ConstExpr, Initializer};
    fn expr(e: &ConstExpr, f: &mut impl FnMut(Name)) {
        match e {
            ConstExpr::Symbol(n) | ConstExpr::Generic(n) => f(*n),
            ConstExpr::Unary(_, a) => expr(a, f),
            ConstExpr::Binary(_, a, b) => {
                expr(a, f);
                expr(b, f);
            }
            ConstExpr::Int(_) | ConstExpr::UInt(_) | ConstExpr::F32(_) | ConstExpr::F64(_) => {}
        }
    }
    match init {
        Initializer::Expr(e) => expr(e, f),
        Initializer::List(l) => l.iter().for_each(|i| initializer_symbols(i, f)),
    }
}

/// Prints items of one module (its names and header; the header is stripped).
struct ItemPrinter {
    shell: Module,
}

impl ItemPrinter {
    fn new(m: &Module) -> ItemPrinter {
        let shell = Module {
            version: m.version,
            version_span: m.version_span,
            target: m.target.clone(),
            address_size: m.address_size,
            address_size_span: m.address_size_span,
            items: Vec::new(),
            names: m.names.clone(),
        };
        ItemPrinter { shell }
    }

    fn print(&mut self, items: Vec<Item>) -> String {
        self.shell.items = items;
        let text = strip_header(&print_module(&self.shell));
        self.shell.items.clear();
        text
    }
}

/// Parses and links PTX texts; a parse error names the module (its position in `sources`).
pub fn link(sources: &[&str]) -> Result<String, LinkError> {
    link_modules(parse_all(sources)?)
}

/// Parses PTX texts; a parse error names the module (its position in `sources`).
fn parse_all(sources: &[&str]) -> Result<Vec<Module>, LinkError> {
    let mut modules = Vec::with_capacity(sources.len());
    for (i, src) in sources.iter().enumerate() {
        let parsed = crate::parse(src);
        if let Some(d) = parsed.diagnostics.iter().find(|d| d.severity == crate::Severity::Error) {
            let (line, col) = crate::LineIndex::new(src).line_col(d.span.start);
            return Err(LinkError(format!("PTX module {i}: {line}:{col}: {}", d.message)));
        }
        modules.push(parsed.module);
    }
    Ok(modules)
}

/// A name two modules define strongly (`.visible`): nvlink's "multiple definition".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Multiple {
    /// The name.
    pub name: String,
    /// The module (its position among the linked ones) that defines it first.
    pub first: usize,
    /// The module that defines it again.
    pub again: usize,
}

/// Why the symbols of modules to be linked do not resolve, as nvlink sees them before it links.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unresolved {
    /// A name defined twice.
    Multiple(Multiple),
    /// The names that a module declares `.extern` (a function or a variable) and that no
    /// module defines, each once with the first module declaring it: nvlink's undefined
    /// references, before the functions CUDA itself provides (`vprintf`, `malloc`, the device
    /// runtime's) are set apart, which is the caller's business.
    Undefined(Vec<(usize, String)>),
}

/// How the symbols of `sources` resolve: `Ok` when every declared name has one definition
/// (see [`Unresolved`]); `Err` when a module does not parse.
pub fn unresolved(sources: &[&str]) -> Result<Option<Unresolved>, LinkError> {
    let modules = parse_all(sources)?;
    let syms: Vec<_> = modules.iter().map(symbols).collect();
    if let Err(m) = definers(&syms) {
        return Ok(Some(Unresolved::Multiple(m)));
    }
    let defined: HashSet<&str> = syms
        .iter()
        .flatten()
        .filter(|(_, role, _)| matches!(role, Role::Defines(l) if is_external(*l)))
        .map(|(name, _, _)| name.as_str())
        .collect();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (i, m) in modules.iter().enumerate() {
        for item in &m.items {
            let names: Vec<Name> = match item {
                Item::Func(f) if f.body.is_none() && f.linkage == Linkage::Extern => vec![f.name],
                // An extern `.shared` array is the kernel's dynamic shared memory (CUDA's
                // `extern __shared__ T a[]`), which no module defines.
                Item::Var(v)
                    if v.linkage == Linkage::Extern
                        && !matches!(v.space, StateSpace::Shared | StateSpace::SharedCta) =>
                {
                    v.names.iter().map(|n| n.name).collect()
                }
                _ => continue,
            };
            for n in names {
                let name = m.names.str(n);
                if !defined.contains(name) && seen.insert(name.to_string()) {
                    out.push((i, name.to_string()));
                }
            }
        }
    }
    Ok((!out.is_empty()).then_some(Unresolved::Undefined(out)))
}

/// The printed module without its `.version`/`.target`/`.address_size` lines.
fn strip_header(text: &str) -> String {
    let mut lines = text.lines();
    for l in lines.by_ref() {
        if l.starts_with(".address_size") {
            break;
        }
    }
    lines.collect::<Vec<_>>().join("\n")
}

/// `..., inlined_at F L C` with F shifted by `base`.
fn shift_inlined_at(extra: &str, base: u32) -> String {
    let Some(pos) = extra.find("inlined_at") else { return extra.to_string() };
    let (head, tail) = extra.split_at(pos + "inlined_at".len());
    let trimmed = tail.trim_start();
    let ws = &tail[..tail.len() - trimmed.len()];
    let digits: String = trimmed.chars().take_while(char::is_ascii_digit).collect();
    match digits.parse::<u32>() {
        Ok(f) => format!("{head}{ws}{}{}", f + base, &trimmed[digits.len()..]),
        Err(_) => extra.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = r#".version 9.0
.target sm_90
.address_size 64
.extern .func (.param .b32 func_retval0) helper(.param .b32 helper_param_0);
.extern .global .align 4 .b32 counter;
.global .align 1 .b8 $str[3] = {104, 105, 0};
.weak .func (.param .b32 func_retval0) twice(.param .b32 twice_param_0)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [twice_param_0];
	add.s32 %r2, %r1, %r1;
	st.param.b32 [func_retval0], %r2;
	ret;
}
.visible .entry k(.param .u64 k_param_0)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [k_param_0];
	mov.u32 %r1, %tid.x;
	{
	.param .b32 param0;
	st.param.b32 [param0], %r1;
	.param .b32 retval0;
	call.uni (retval0), helper, (param0);
	ld.param.b32 %r2, [retval0];
	}
	st.global.u32 [%rd1], %r2;
	atom.global.add.u32 %r3, [counter], 1;
	ret;
}
"#;
    const B: &str = r#".version 8.8
.target sm_90
.address_size 64
.visible .global .align 4 .b32 counter = 5;
.global .align 1 .b8 $str[3] = {104, 111, 0};
.weak .func (.param .b32 func_retval0) twice(.param .b32 twice_param_0)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [twice_param_0];
	add.s32 %r2, %r1, %r1;
	st.param.b32 [func_retval0], %r2;
	ret;
}
.visible .func (.param .b32 func_retval0) helper(.param .b32 helper_param_0)
{
	.reg .b32 %r<3>;
	ld.param.b32 %r1, [helper_param_0];
	{
	.param .b32 param0;
	st.param.b32 [param0], %r1;
	.param .b32 retval0;
	call.uni (retval0), twice, (param0);
	ld.param.b32 %r2, [retval0];
	}
	st.param.b32 [func_retval0], %r2;
	ret;
}
"#;

    #[test]
    /// (An extern `.shared` array is dynamic shared memory: never undefined.)
    fn unresolved_names_are_extern_ones_no_module_defines_or_two_define() {
        let a = ".version 8.3\n.target sm_90\n.address_size 64\n\
            .extern .func (.param .b32 func_retval0) _Z6offseti(.param .b32 p);\n\
            .extern .func (.param .b32 func_retval0) helper(.param .b32 p);\n\
            .extern .global .align 4 .b32 missing;\n\
            .extern .global .align 4 .b32 counter;\n\
            .extern .shared .align 4 .b8 dynamic_shared[];\n\
            .func (.param .b32 func_retval0) _ZL4selfi(.param .b32 p);\n\
            .func (.param .b32 func_retval0) _ZL4selfi(.param .b32 p) { ret; }\n";
        let b = ".version 8.3\n.target sm_90\n.address_size 64\n\
            .visible .global .align 4 .b32 counter;\n\
            .extern .func (.param .b32 func_retval0) _Z6offseti(.param .b32 p);\n\
            .visible .func (.param .b32 func_retval0) helper(.param .b32 p) { ret; }\n";
        let undefined = unresolved(&[a, b]).unwrap();
        assert_eq!(
            undefined,
            Some(Unresolved::Undefined(vec![(0, "_Z6offseti".to_string()), (0, "missing".to_string())]))
        );
        let Some(Unresolved::Undefined(names)) = unresolved(&[b, a]).unwrap() else { panic!("resolved") };
        assert!(names.contains(&(0, "_Z6offseti".to_string())), "{names:?}");
        let c = ".version 8.3\n.target sm_90\n.address_size 64\n\
            .visible .func (.param .b32 func_retval0) helper(.param .b32 p) { ret; }\n\
            .visible .func (.param .b32 func_retval0) _Z6offseti(.param .b32 p) { ret; }\n";
        // Without `b`, `counter` is undefined too; `c` defines the two functions.
        let undefined = vec![(1, "missing".to_string()), (1, "counter".to_string())];
        assert_eq!(unresolved(&[c, a]).unwrap(), Some(Unresolved::Undefined(undefined)));
        let multiple = Multiple { name: "helper".into(), first: 1, again: 2 };
        assert_eq!(unresolved(&[a, b, c]).unwrap(), Some(Unresolved::Multiple(multiple)));
    }

    #[test]
    fn links_extern_definitions_and_keeps_statics_apart() {
        let text = link(&[A, B]).unwrap();
        let (_, diags) = crate::check(&text);
        assert!(diags.is_empty(), "{diags:?}\n{text}");
        assert!(text.starts_with(".version 9.0\n.target sm_90\n"), "{text}");
        assert_eq!(text.matches(".visible .global .align 4 .b32 counter = 5").count(), 1, "{text}");
        assert!(!text.contains(".extern .global"), "{text}");
        assert!(text.contains("$str$m1"), "{text}");
        // The weak function's body appears once.
        assert_eq!(text.matches("add.s32").count(), 1, "{text}");
    }

    /// clang's `-fgpu-rdc` PTX keeps externally used symbols alive through an initializer that
    /// takes their addresses (variables and kernels of other modules); linked, each must be
    /// defined or declared, as what it is, before it.
    #[test]
    fn an_initializer_follows_the_variables_it_refers_to() {
        const USER: &str = ".version 8.3\n.target sm_90\n.address_size 64\n\
            .extern .global .align 4 .u32 calls;\n\
            .extern .global .align 4 .u32 other;\n\
            .extern .func kern(.param .b64 kern_param_0);\n\
            .global .align 8 .u64 used[3] = {generic(calls), generic(other)+4, kern};\n";
        const DEFINER: &str = ".version 8.3\n.target sm_90\n.address_size 64\n\
            .visible .global .align 4 .u32 calls;\n\
            .visible .global .align 4 .u32 other = 7;\n\
            .visible .entry kern(.param .u64 kern_param_0)\n{\nret;\n}\n";
        let text = link(&[USER, DEFINER]).unwrap();
        let (_, diags) = crate::check(&text);
        assert!(diags.is_empty(), "{diags:?}\n{text}");
        let at = |what: &str| text.find(what).unwrap_or_else(|| panic!("no `{what}` in\n{text}"));
        assert!(at(".u32 calls;") < at("used[3]"), "{text}");
        assert!(at(".u32 other = 7;") < at("used[3]"), "{text}");
        // The kernel's declaration became its own prototype, before the initializer.
        assert!(!text.contains(".func kern"), "{text}");
        assert!(at(".entry kern") < at("used[3]"), "{text}");
        assert_eq!(text.matches(".param .u64 kern_param_0").count(), 2, "{text}");
    }

    #[test]
    fn two_strong_definitions_are_an_error() {
        let e = link(&[B, B]).unwrap_err();
        assert!(e.0.contains("multiple definition of `counter`"), "{e}");
    }
}
