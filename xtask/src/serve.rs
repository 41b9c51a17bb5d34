//! `cargo xtask serve`: the tester's release build (`web()`), served on http://127.0.0.1:8080/ from `web/dist`
//! and built again when its sources change (reload the page to see it). A small static server of its own: the
//! build needs no server, and the end-to-end tests bring theirs (`web/e2e/harness.mjs`).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::{root, web, Done, Failure};

const ADDRESS: &str = "127.0.0.1:8080";

/// What the tester's build reads: a change to any of these builds it again.
const SOURCES: [&str; 6] =
    ["web/src", "web/index.html", "web/public", "web/build.mjs", "static/css", "crates/robotscope/src"];

pub fn serve() -> Done {
    web()?;
    let listener = match TcpListener::bind(ADDRESS) {
        Ok(listener) => listener,
        Err(e) => fail!("cannot listen on {ADDRESS}: {e}"),
    };
    let dist = root().join("web/dist");
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dist = dist.clone();
            std::thread::spawn(move || answer(stream, &dist));
        }
    });
    eprintln!("xtask: serving the tester on http://{ADDRESS}/ (Ctrl+C stops; a change to its sources rebuilds it)");
    let mut built = newest(&SOURCES);
    loop {
        std::thread::sleep(Duration::from_secs(1));
        let now = newest(&SOURCES);
        if now > built {
            built = now;
            match web() {
                Ok(()) => eprintln!("xtask: rebuilt; reload the page"),
                Err(Failure(why)) => eprintln!("xtask: the rebuild failed ({why}); still serving the last build"),
            }
        }
    }
}

/// The latest modification time of the files under `paths` (relative to the workspace root).
fn newest(paths: &[&str]) -> SystemTime {
    fn walk(path: &Path, latest: &mut SystemTime) {
        let Ok(meta) = std::fs::metadata(path) else { return };
        if let Ok(modified) = meta.modified() {
            *latest = (*latest).max(modified);
        }
        if meta.is_dir() {
            for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
                walk(&entry.path(), latest);
            }
        }
    }
    let mut latest = SystemTime::UNIX_EPOCH;
    for path in paths {
        walk(&root().join(path), &mut latest);
    }
    latest
}

/// Answers one request: GET or HEAD of a file under `dist` (`/` is `index.html`), else 404 or 405.
fn answer(mut stream: TcpStream, dist: &Path) {
    let mut line = String::new();
    let mut reader = BufReader::new(&stream);
    if reader.read_line(&mut line).is_err() {
        return;
    }
    // The headers are not needed; read them so that the client is not cut off mid-request.
    let mut header = String::new();
    while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
        header.clear();
    }
    let mut parts = line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    let path = target.split(['?', '#']).next().unwrap_or_default();
    let file = file_for(dist, path);
    let (status, kind, body) = match (method, file.and_then(|f| std::fs::read(&f).ok().map(|b| (f, b)))) {
        ("GET" | "HEAD", Some((file, body))) => ("200 OK", content_type(&file), body),
        ("GET" | "HEAD", None) => ("404 Not Found", "text/plain", b"not found\n".to_vec()),
        _ => ("405 Method Not Allowed", "text/plain", b"GET only\n".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\ncache-control: no-store\r\n\
         connection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    if method != "HEAD" {
        let _ = stream.write_all(&body);
    }
}

/// The file a request path names under `dist`, if it names one there (no `..`, no absolute paths).
fn file_for(dist: &Path, path: &str) -> Option<PathBuf> {
    let relative = path.trim_start_matches('/');
    let relative = if relative.is_empty() { "index.html" } else { relative };
    let relative = Path::new(relative);
    if !relative.components().all(|c| matches!(c, Component::Normal(_))) {
        return None;
    }
    let file = dist.join(relative);
    file.is_file().then_some(file)
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or_default() {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript",
        "wasm" => "application/wasm",
        "css" => "text/css",
        "svg" => "image/svg+xml",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::file_for;
    use std::path::Path;

    #[test]
    fn only_files_under_the_build_are_served() {
        let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        assert_eq!(file_for(&dist, "/serve.rs"), Some(dist.join("serve.rs")));
        assert_eq!(file_for(&dist, "/../Cargo.toml"), None);
        assert_eq!(file_for(&dist, "//etc/passwd"), None);
        assert_eq!(file_for(&dist, "/nothing-here"), None);
    }
}
