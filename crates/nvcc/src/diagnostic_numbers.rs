//! nvcc's diagnostic numbers (`--diag-suppress=177,550`, `--diag-warn`, `--diag-error`,
//! `-Xcudafe --diag_suppress=177`): the numbers of NVIDIA's (EDG) front end, which clang does
//! not know, mapped to the clang warning groups that report the same thing. A number with no
//! counterpart (nvcc's own host/device annotation warnings, which clang does not give, or one
//! not in the table) is accepted and listed by `-v`.

/// What an option does with a diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// `--diag-suppress`: not reported.
    Suppress,
    /// `--diag-warn`: a warning.
    Warn,
    /// `--diag-error`: an error.
    Error,
}

/// (number, EDG tag or "", clang groups): the front end's diagnostics that programs commonly
/// silence, with the clang warnings that say the same.
const TABLE: &[(u32, &str, &[&str])] = &[
    (1, "last_line_incomplete", &["newline-eof"]),
    (47, "bad_macro_redef", &["macro-redefined"]),
    (61, "", &["integer-overflow"]),
    (63, "", &["shift-count-overflow"]),
    (68, "integer_sign_change", &["sign-conversion"]),
    (111, "code_is_unreachable", &["unreachable-code"]),
    (117, "", &["return-type"]),
    (128, "loop_not_reachable", &["unreachable-code-loop-increment"]),
    (161, "unrecognized_pragma", &["unknown-pragmas"]),
    (174, "expr_has_no_effect", &["unused-value"]),
    (177, "declared_but_not_referenced", &["unused-variable", "unused-function", "unused-const-variable"]),
    (186, "unsigned_compare_with_zero", &["tautological-unsigned-zero-compare", "type-limits"]),
    (191, "", &["ignored-qualifiers"]),
    (381, "", &["extra-semi"]),
    (549, "used_before_set", &["uninitialized"]),
    (550, "set_but_not_used", &["unused-but-set-variable"]),
    (611, "partial_override", &["overloaded-virtual"]),
    (815, "", &["ignored-qualifiers"]),
    (940, "", &["return-type"]),
    (997, "virtual_function_decl_hidden", &["overloaded-virtual"]),
    (1215, "deprecated_entity_with_custom_message", &["deprecated-declarations"]),
    (1444, "deprecated_entity", &["deprecated-declarations"]),
    (1650, "", &["unused-result"]),
    (1675, "", &["unknown-pragmas"]),
    (2361, "", &["c++11-narrowing"]),
];

/// The clang flags for `severity` of diagnostic `which` (a number, or an EDG tag of the
/// table), or `None` when clang has no warning that corresponds.
pub fn clang_flags(severity: Severity, which: &str) -> Option<Vec<String>> {
    let which = which.trim().trim_end_matches("-D");
    let groups =
        TABLE.iter().find(|(n, tag, _)| which.parse() == Ok(*n) || (!tag.is_empty() && which == *tag)).map(|e| e.2)?;
    Some(
        groups
            .iter()
            .flat_map(|g| match severity {
                Severity::Suppress => vec![format!("-Wno-{g}")],
                Severity::Warn => vec![format!("-W{g}"), format!("-Wno-error={g}")],
                Severity::Error => vec![format!("-Werror={g}")],
            })
            .collect(),
    )
}

/// The severity an `-Xcudafe` word names (`--diag_suppress=N,M`, `--diag_error`,
/// `--diag_warning`/`--diag_warn`, with `_` or `-`), and its list, if it is one.
pub fn front_end_option(word: &str) -> Option<(Severity, &str)> {
    let word = word.trim_start_matches('-');
    let (name, list) = word.split_once('=')?;
    let severity = match name.replace('-', "_").as_str() {
        "diag_suppress" => Severity::Suppress,
        "diag_error" => Severity::Error,
        "diag_warning" | "diag_warn" | "diag_remark" => Severity::Warn,
        _ => return None,
    };
    Some((severity, list))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_tags_map_to_clang_groups() {
        assert_eq!(
            clang_flags(Severity::Suppress, "177"),
            Some(vec![
                "-Wno-unused-variable".into(),
                "-Wno-unused-function".into(),
                "-Wno-unused-const-variable".into()
            ])
        );
        assert_eq!(
            clang_flags(Severity::Suppress, "set_but_not_used"),
            Some(vec!["-Wno-unused-but-set-variable".into()])
        );
        assert_eq!(clang_flags(Severity::Error, "550-D"), Some(vec!["-Werror=unused-but-set-variable".into()]));
        assert_eq!(
            clang_flags(Severity::Warn, "1444"),
            Some(vec!["-Wdeprecated-declarations".into(), "-Wno-error=deprecated-declarations".into()])
        );
        // nvcc's host/device annotation warnings: clang gives none.
        assert_eq!(clang_flags(Severity::Suppress, "20012"), None);
        assert_eq!(clang_flags(Severity::Suppress, "x"), None);
    }

    #[test]
    fn cudafe_words_name_a_severity() {
        assert_eq!(front_end_option("--diag_suppress=177,550"), Some((Severity::Suppress, "177,550")));
        assert_eq!(front_end_option("--diag-error=550"), Some((Severity::Error, "550")));
        assert_eq!(front_end_option("--diag_warning=20012"), Some((Severity::Warn, "20012")));
        assert_eq!(front_end_option("--display_error_number"), None);
    }
}
