//! What a whole question costs: `Robots::ask` on the tester's examples, every catalogue crawler at 50 URLs, under
//! Google's reading and under `Compare` with and without kept readings (`Robots::keep_readings`), and the AI
//! summary. Prints figures (minimum over runs, thread-agnostic wall time); asserts nothing.
//!
//! Run with `cargo bench -p robotscope-tests --bench questions`. Without `--bench` (as under
//! `cargo test --all-targets`) each workload runs once, untimed.

use std::hint::black_box;
use std::time::{Duration, Instant};

use robotscope::{Profile, Question, Robots, View, CRAWLERS};

const EXAMPLES: [&str; 3] = [
    include_str!("../../static/examples/ai-era.robots.txt"),
    include_str!("../../static/examples/shop.robots.txt"),
    include_str!("../../static/examples/pitfalls.robots.txt"),
];

/// The fastest of `reps` runs of `f`.
fn fastest(reps: usize, mut f: impl FnMut()) -> Duration {
    f();
    (0..reps)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let timed = std::env::args().any(|a| a == "--bench");
    let reps = if timed { 10 } else { 0 };
    let agents: Vec<String> = CRAWLERS.iter().map(|c| c.name.to_string()).collect();
    let urls: Vec<String> = (0..50).map(|i| format!("https://example.com/section-{}/page-{i}?q={i}", i % 7)).collect();
    let cells = agents.len() * urls.len();
    let ask = |view: View| Question { agents: agents.clone(), urls: urls.clone(), view, ..Question::default() };
    println!("{cells} cells per question ({} agents x {} URLs)", agents.len(), urls.len());
    for (i, text) in EXAMPLES.iter().enumerate() {
        let robots = Robots::parse(text);
        let mut kept = robots.clone();
        kept.keep_readings();
        let survey = robots.ask(&ask(View::Compare));
        let figures = [
            ("google", fastest(reps, || drop(black_box(robots.ask(&ask(View::default())))))),
            ("rfc9309", fastest(reps, || drop(black_box(robots.ask(&ask(View::Reading(Profile::Rfc9309))))))),
            ("compare", fastest(reps, || drop(black_box(robots.ask(&ask(View::Compare)))))),
            ("compare, kept readings", fastest(reps, || drop(black_box(kept.ask(&ask(View::Compare)))))),
        ];
        // What a click costs: one cell explained under another reading, which re-reads the file unless kept.
        let explain = |r: &Robots| drop(black_box(r.explain_cell(&survey, 7, 3, Profile::Rfc9309)));
        let clicks =
            [("explain a cell", fastest(reps, || explain(&robots))), ("  kept", fastest(reps, || explain(&kept)))];
        let ai = fastest(reps, || drop(black_box(robots.ai_summary("/"))));
        println!(
            "example {i} ({} bytes; heap {} B, {} B with kept readings):",
            text.len(),
            robots.heap_bytes(),
            kept.heap_bytes()
        );
        if !timed {
            continue;
        }
        for (name, time) in figures {
            let per_cell = time.as_nanos() as f64 / cells as f64;
            println!("  {name:<24} {:>9.3} ms  ({per_cell:.0} ns a cell)", time.as_secs_f64() * 1e3);
        }
        for (name, time) in clicks {
            println!("  {name:<24} {:>9.1} us", time.as_secs_f64() * 1e6);
        }
        let crawlers: usize = robotscope::AI_GROUPS.iter().map(|g| g.crawlers().count()).sum();
        println!("  {:<24} {:>9.1} us  ({crawlers} crawlers)", "ai summary at /", ai.as_secs_f64() * 1e6);
    }
}
