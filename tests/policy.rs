//! The policy builder over real files (issue 37): a write changes the verdicts of the kinds the person chose and
//! of no other crawler, on every path the file names, for every file of the corpus and every single-kind
//! policy; and www.booking.com's file, where "block AI training" once added an `Allow: /` group for every other
//! crawler.

use std::collections::{BTreeSet, HashMap};

use robotscope::{Choice, Crawler, Policy, PolicyKind, Robots, CRAWLERS};
use robotscope_tests::conformance_dir;

/// Every path the file names: each rule's literal start (its pattern up to the first `*` or `$`) and its
/// pattern without a final `$`, each given a leading `/`, and `/`.
fn named_paths(robots: &Robots) -> Vec<String> {
    let mut out = BTreeSet::from(["/".to_string()]);
    for rule in robots.rules() {
        let p = rule.pattern_str();
        let start = &p[..p.find(['*', '$']).unwrap_or(p.len())];
        for path in [start, p.strip_suffix('$').unwrap_or(&p)] {
            out.insert(if path.starts_with('/') { path.to_string() } else { format!("/{path}") });
        }
    }
    out.into_iter().collect()
}

/// A crawler's verdict at each path: the token the catalogue says it reads in this file, through a matcher for
/// that token (everything allowed when it ignores `*` and no group names it). Crawlers that read the same token
/// share one answer (`seen`): most of the catalogue reads `*` in most files.
fn verdicts<'a>(
    robots: &Robots,
    crawler: &Crawler,
    paths: &[String],
    seen: &'a mut HashMap<Option<&'static str>, Vec<bool>>,
) -> &'a [bool] {
    seen.entry(robots.crawler_token(crawler)).or_insert_with_key(|token| match token {
        Some(token) => {
            let matcher = robots.matcher(&[*token][..]);
            paths.iter().map(|p| matcher.decide(p).0).collect()
        }
        None => vec![true; paths.len()],
    })
}

/// Writes `policy` into `body` and returns the crawlers of the kinds it leaves alone whose verdicts differ at a
/// path the file names, with the first such path; `None` when nothing was written.
fn changed_outside(body: &[u8], policy: &Policy, kind: PolicyKind) -> Option<Vec<(&'static str, String)>> {
    let robots = Robots::parse(body);
    let edit = policy.write(&robots).ok()??;
    let after = Robots::parse(edit.apply(body));
    let paths = named_paths(&robots);
    let (mut before, mut later, mut out) = (HashMap::new(), HashMap::new(), Vec::new());
    for crawler in CRAWLERS.iter().filter(|c| PolicyKind::of(c) != kind) {
        let was = verdicts(&robots, crawler, &paths, &mut before);
        let now = verdicts(&after, crawler, &paths, &mut later);
        if let Some(i) = (0..paths.len()).find(|&i| was[i] != now[i]) {
            out.push((crawler.name, paths[i].clone()));
        }
    }
    Some(out)
}

/// Every single-kind policy written into each file: how many writes there were, and each write that changed a
/// crawler outside its kind.
fn single_kind_writes(files: &[std::path::PathBuf]) -> (usize, Vec<String>) {
    let (mut writes, mut failures) = (0usize, Vec::new());
    for file in files {
        let body = std::fs::read(file).unwrap();
        for kind in PolicyKind::ALL {
            for choice in [Choice::Allow, Choice::Block] {
                let policy = Policy::default().with(kind, choice, "/");
                let Some(changed) = changed_outside(&body, &policy, kind) else { continue };
                writes += 1;
                if let Some((crawler, path)) = changed.first() {
                    let name = file.file_name().unwrap().to_string_lossy();
                    failures.push(format!("{name}: {} {}: {crawler} changes at {path}", kind.name(), choice.name()));
                }
            }
        }
    }
    (writes, failures)
}

#[test]
fn a_single_kind_policy_leaves_every_other_kind_as_the_file_has_it_over_the_corpus() {
    let Some(dir) = conformance_dir() else { return };
    let mut files: Vec<_> =
        std::fs::read_dir(dir.join("corpus")).unwrap().map(|e| e.unwrap().path()).collect::<Vec<_>>();
    files.sort();
    assert!(files.len() > 4000, "{} files", files.len());
    // The files in as many parts as there are cores: each part's writes and failures, in file order.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let parts: Vec<(usize, Vec<String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = files
            .chunks(files.len().div_ceil(threads))
            .map(|part| scope.spawn(move || single_kind_writes(part)))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let writes: usize = parts.iter().map(|(w, _)| w).sum();
    let failures: Vec<String> = parts.into_iter().flat_map(|(_, f)| f).collect();
    eprintln!("{} files, {writes} writes, {} changed a crawler outside the kind", files.len(), failures.len());
    assert!(writes > files.len(), "{writes} writes");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn blocking_ai_training_on_booking_com_adds_one_group_and_changes_no_other_crawler() {
    let Some(dir) = conformance_dir() else { return };
    let body = std::fs::read(dir.join("corpus/www.booking.com")).unwrap();
    let robots = Robots::parse(&body);
    let policy = Policy::default().with(PolicyKind::AiTraining, Choice::Block, "/");
    let plan = policy.plan(&robots, false).unwrap();
    let edit = plan.edit.clone().unwrap();
    // One group: the training crawlers the file does not block yet, then `Disallow: /`.
    let lines: Vec<&str> = edit.text.trim().lines().collect();
    assert_eq!(lines.last(), Some(&"Disallow: /"), "{}", edit.text);
    assert!(lines[..lines.len() - 1].iter().all(|l| l.starts_with("User-agent: ")), "{}", edit.text);
    assert_eq!(lines.len(), edit.agents + 1);
    assert!(edit.agents <= PolicyKind::AiTraining.crawlers().count());
    assert_eq!(changed_outside(&body, &policy, PolicyKind::AiTraining), Some(vec![]));
    // What the builder shows before the write: only training crawlers change, each only loses paths.
    assert!(plan.changes.iter().all(|c| c.chosen && c.kind == PolicyKind::AiTraining && c.opened.is_empty()));
    assert!(!plan.changes.is_empty() && plan.held.is_empty());
    // Every training crawler is blocked at / afterwards.
    let after = Robots::parse(edit.apply(&body));
    for c in PolicyKind::AiTraining.crawlers() {
        assert!(!after.check_crawler(c, "/").1.allowed, "{}", c.name);
    }
}
