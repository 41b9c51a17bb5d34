//! Crawler sets (`@ai-training`) as every command takes them: the names come from the core's
//! `CrawlerKind::ALL` and `crawler_set`, so help, errors and answers list the same sets.

use robotscope::{crawler_set, CrawlerKind};

use crate::printable;

/// Every set name with its `@`, in catalogue order, then `@ai` and `@all`; sets with no crawler are left out.
pub fn names() -> Vec<String> {
    let kinds = CrawlerKind::ALL.iter().map(|k| k.name());
    kinds
        .chain(["ai", "all"])
        .filter(|n| crawler_set(n).is_some_and(|s| !s.is_empty()))
        .map(|n| format!("@{n}"))
        .collect()
}

/// The crawler names of the set `name` (`@ai-training`), in catalogue order, or the error to show.
pub fn expand(name: &str) -> Result<Vec<&'static str>, String> {
    match crawler_set(name) {
        Some(set) => Ok(set.iter().map(|c| c.name).collect()),
        None => {
            let known = names();
            let hint = crate::suggest::hint(name, known.iter().map(String::as_str));
            Err(format!("unknown crawler set '{}'{hint}: use {}", printable(name), known.join(", ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_set_expands_and_unknown_ones_list_them_all() {
        let names = names();
        assert!(names.len() >= 8, "{names:?}");
        for n in &names {
            assert!(!expand(n).unwrap().is_empty(), "{n}");
        }
        let e = expand("@ai-trainig").unwrap_err();
        assert!(e.contains("did you mean '@ai-training'?"), "{e}");
        assert!(e.ends_with(&names.join(", ")), "{e}");
    }
}
