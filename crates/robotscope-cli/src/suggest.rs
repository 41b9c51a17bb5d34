//! "Did you mean": the closest known name to a mistyped command, option or crawler set (`strsim`'s
//! Jaro-Winkler similarity, as clap uses for the same hint).

/// The known name most like `typed`, when it is close enough to be a likely typo.
pub fn did_you_mean<'a>(typed: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.to_ascii_lowercase();
    known
        .into_iter()
        .map(|k| (strsim::jaro_winkler(&typed, &k.to_ascii_lowercase()), k))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

/// ` (did you mean 'NAME'?)` after an unknown name when [`did_you_mean`] finds one; empty otherwise.
pub fn hint<'a>(typed: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(typed, known).map(|k| format!(" (did you mean '{k}'?)")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::did_you_mean;

    #[test]
    fn close_names_are_suggested_and_far_ones_are_not() {
        let commands = ["check", "lint", "fetch", "diff", "ai", "batch", "test"];
        assert_eq!(did_you_mean("chekc", commands), Some("check"));
        assert_eq!(did_you_mean("LINT", commands), Some("lint"));
        assert_eq!(did_you_mean("--agnet", ["--agent", "--json", "--urls"]), Some("--agent"));
        assert_eq!(did_you_mean("zzzzzz", commands), None);
    }
}
