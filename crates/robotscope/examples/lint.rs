//! Prints the diagnostics of a robots.txt file.
//!
//! Run with `cargo run -p robotscope --example lint -- path/to/robots.txt`.

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: lint ROBOTS_FILE");
        std::process::exit(2);
    };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(2);
    });
    let robots = robotscope::Robots::parse(bytes);
    for d in robots.diagnostics() {
        println!("{path}:{}: {}[{}]: {}", d.line, d.severity.name(), d.kind.code(), d.message);
        if let Some(help) = d.help {
            println!("    help: {help}");
        }
    }
}
