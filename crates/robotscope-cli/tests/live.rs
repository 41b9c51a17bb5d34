//! `fetch`, `check --live`, `check --sitemap` and `diff` against HTTP servers this test starts on 127.0.0.1,
//! each answer asserted against SPEC B5 (as the core's `fetch_outcome` classifies statuses).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_robotscope");

// ---- the test server ----

/// What the server read of a request.
#[derive(Debug)]
struct Request {
    path: String,
    host: String,
}

/// How the server answers.
enum Reply {
    /// A complete answer.
    Full { status: u16, headers: Vec<(&'static str, String)>, body: Vec<u8> },
    /// Reads the request, then sends nothing for this long and closes.
    Stall(Duration),
    /// Announces `declared` bytes, sends `body` (shorter), and closes.
    Cut { declared: usize, body: Vec<u8> },
    /// Sends `head`, then `chunk` again and again until the client goes away (no Content-Length).
    Endless { head: Vec<u8>, chunk: Vec<u8> },
    /// Sends `body` (no Content-Length), then nothing for this long, and closes.
    ThenStall { body: Vec<u8>, stall: Duration },
}

fn ok(body: impl Into<Vec<u8>>) -> Reply {
    Reply::Full { status: 200, headers: vec![("Content-Type", "text/plain".into())], body: body.into() }
}

fn status(code: u16) -> Reply {
    Reply::Full { status: code, headers: vec![], body: format!("status {code}\n").into_bytes() }
}

fn redirect(code: u16, to: &str) -> Reply {
    Reply::Full { status: code, headers: vec![("Location", to.to_owned())], body: Vec::new() }
}

type Handler = Arc<dyn Fn(&Request) -> Reply + Send + Sync>;

/// A server on 127.0.0.1 (also reached as `localhost`) that answers every request with `handler`; it counts
/// the requests and lives as long as the test process.
struct Server {
    port: u16,
    hits: Arc<AtomicUsize>,
}

impl Server {
    fn start(handler: impl Fn(&Request) -> Reply + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let handler: Handler = Arc::new(handler);
        let hits = Arc::new(AtomicUsize::new(0));
        let counter = hits.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                counter.fetch_add(1, Ordering::SeqCst);
                let h = handler.clone();
                std::thread::spawn(move || answer(stream, &h));
            }
        });
        Server { port, hits }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    fn hits(&self) -> usize {
        self.hits.load(Ordering::SeqCst)
    }
}

fn answer(stream: TcpStream, handler: &Handler) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut first = String::new();
    if reader.read_line(&mut first).is_err() {
        return;
    }
    let path = first.split_whitespace().nth(1).unwrap_or("/").to_owned();
    let mut host = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" || line == "\n" {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("host") {
                host = v.trim().to_owned();
            }
        }
    }
    let mut stream = stream;
    match handler(&Request { path, host }) {
        Reply::Full { status, headers, body } => {
            let mut head =
                format!("HTTP/1.1 {status} Whatever\r\nContent-Length: {}\r\nConnection: close\r\n", body.len());
            for (k, v) in headers {
                head.push_str(&format!("{k}: {v}\r\n"));
            }
            head.push_str("\r\n");
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&body);
        }
        Reply::Stall(d) => std::thread::sleep(d),
        Reply::Cut { declared, body } => {
            let head = format!("HTTP/1.1 200 OK\r\nContent-Length: {declared}\r\nConnection: close\r\n\r\n");
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&body);
        }
        Reply::Endless { head, chunk } => {
            let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n");
            let _ = stream.write_all(&head);
            while stream.write_all(&chunk).is_ok() {}
        }
        Reply::ThenStall { body, stall } => {
            let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n");
            let _ = stream.write_all(&body);
            let _ = stream.flush();
            std::thread::sleep(stall);
        }
    }
    let _ = stream.flush();
}

/// A server whose /robots.txt gets `reply` (every other path: 404).
fn robots_server(reply: impl Fn() -> Reply + Send + Sync + 'static) -> Server {
    Server::start(move |r| if r.path == "/robots.txt" { reply() } else { status(404) })
}

// ---- running the binary ----

#[derive(Debug)]
struct Run {
    code: i32,
    stdout: Vec<u8>,
    stderr: String,
}

impl Run {
    fn out(&self) -> String {
        String::from_utf8(self.stdout.clone()).expect("stdout is UTF-8")
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.stdout).unwrap_or_else(|e| panic!("{e}: {}", self.out()))
    }

    fn json_lines(&self) -> Vec<Value> {
        self.out().lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
    }
}

fn run(args: &[&str]) -> Run {
    let out = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .env_remove("HTTP_PROXY")
        .env_remove("http_proxy")
        .env_remove("ALL_PROXY")
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code().expect("exited normally"),
        stdout: out.stdout,
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

const FILE: &str = "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /shop/\nDisallow: /\n";

/// `fetch --json` on a page of the server's site.
fn fetch_json(server: &Server, extra: &[&str]) -> (Run, Value) {
    let url = server.url("/some/page?q=1");
    let mut args = vec!["fetch", "--json", url.as_str()];
    args.extend_from_slice(extra);
    let r = run(&args);
    let v = if r.stdout.is_empty() { Value::Null } else { r.json() };
    (r, v)
}

// ---- fetch: 2xx ----

#[test]
fn fetch_200_prints_the_body_and_the_report() {
    let s = robots_server(|| ok(FILE));
    let r = run(&["fetch", &s.url("/shop/x")]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.out(), FILE);
    assert!(r.stderr.contains(&format!("GET        {}", s.url("/robots.txt"))), "{}", r.stderr);
    assert!(r.stderr.contains("status     HTTP/1.1 200 OK"), "{}", r.stderr);
    assert!(r.stderr.contains(&format!("size       {} bytes\n", FILE.len())), "{}", r.stderr);
    assert!(r.stderr.contains("outcome    200 OK (2xx): success"), "{}", r.stderr);

    let (r, v) = fetch_json(&s, &[]);
    assert_eq!(r.code, 0);
    assert_eq!(v["outcome"], "parse-body");
    assert_eq!(v["status"], 200);
    assert_eq!(v["robots_url"], s.url("/robots.txt"));
    assert_eq!(v["size"], FILE.len());
    assert_eq!(v["cut"], false);
}

#[test]
fn fetch_saves_to_a_file_with_o() {
    let s = robots_server(|| ok(FILE));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("robots.txt");
    let r = run(&["fetch", &s.url("/"), "-o", path.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), FILE);
}

#[test]
fn fetch_sends_the_user_agent() {
    let seen = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let log = seen.clone();
    // The request's User-Agent is echoed back as the body.
    let s = Server::start(move |r| {
        log.lock().unwrap().push(r.path.clone());
        ok("User-agent: *\nAllow: /\n")
    });
    let r = run(&["fetch", &s.url("/"), "--user-agent", "MyBot/1.0"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(seen.lock().unwrap().as_slice(), ["/robots.txt"]);
    let r = run(&["fetch", &s.url("/"), "--user-agent", ""]);
    assert_eq!(r.code, 2);
}

#[test]
fn fetch_600_kib_reads_only_500_kib_and_says_so() {
    let mut body = String::from("User-agent: *\nDisallow: /early\n");
    while body.len() < 600 * 1024 {
        body.push_str("# padding padding padding padding padding padding padding padding\n");
    }
    body.push_str("Disallow: /late\n");
    let big = body.clone();
    let s = robots_server(move || ok(big.clone()));
    let r = run(&["fetch", &s.url("/")]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.len(), 500 * 1024);
    assert_eq!(r.stdout[..], body.as_bytes()[..500 * 1024]);
    assert!(r.stderr.contains("size       512000 bytes (cut:"), "{}", r.stderr);
    let (_, v) = fetch_json(&s, &[]);
    assert_eq!(v["cut"], true);
    assert_eq!(v["size"], 512000);

    // A crawler obeys the first 500 KiB only.
    let r = run(&["check", "--live", "--agent", "Googlebot", &s.url("/early"), &s.url("/late")]);
    assert_eq!(r.code, 1);
    let out = r.out();
    let lines: Vec<&str> = out.lines().collect();
    // Only answers on standard output; which robots.txt was fetched is a report on standard error.
    assert!(lines[0].starts_with("DISALLOWED") && lines[0].contains("/early"), "{lines:?}");
    assert!(lines[1].starts_with("ALLOWED") && lines[1].contains("/late"), "{lines:?}");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(r.stderr.contains("robotscope: fetched http://127.0.0.1:"), "{}", r.stderr);
    // --no-size-limit is honoured with --live: the rule past 500 KiB applies.
    let r = run(&["check", "--live", "--no-size-limit", "--agent", "Googlebot", &s.url("/late")]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.out().starts_with("DISALLOWED"), "{}", r.out());
}

#[test]
fn fetch_gzip_encoded_body_is_decoded() {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(FILE.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let s = robots_server(move || Reply::Full {
        status: 200,
        headers: vec![("Content-Encoding", "gzip".into())],
        body: gz.clone(),
    });
    let r = run(&["fetch", &s.url("/")]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.out(), FILE);
}

#[test]
fn fetch_html_page_is_a_2xx_body_with_a_note_and_no_rules() {
    let html = "<!DOCTYPE html>\n<html><head><title>Not found</title></head><body>Sorry</body></html>\n";
    let s = robots_server(move || ok(html));
    let r = run(&["fetch", &s.url("/")]);
    assert_eq!(r.code, 0);
    assert!(r.stderr.contains("looks like an HTML page"), "{}", r.stderr);
    // B5: a 2xx body is parsed; an HTML page has no rules, so everything is allowed.
    let r = run(&["check", "--live", "--agent", "Googlebot", &s.url("/private/x")]);
    assert_eq!(r.code, 0, "{}", r.out());
    assert!(r.out().contains("ALLOWED"));
}

#[test]
fn fetch_non_utf8_body_is_passed_through_byte_for_byte() {
    let body: Vec<u8> = b"User-agent: *\nDisallow: /caf\xe9\n# \xff\xfe\nDisallow: /x\n".to_vec();
    let b2 = body.clone();
    let s = robots_server(move || ok(b2.clone()));
    let r = run(&["fetch", &s.url("/")]);
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, body);
    let r = run(&["check", "--live", "--agent", "a", &s.url("/x"), &s.url("/y")]);
    assert_eq!(r.code, 1);
    assert!(r.out().contains("DISALLOWED  ") && r.out().contains("line 4: Disallow: /x"), "{}", r.out());
}

// ---- fetch: redirects ----

/// A server whose /robots.txt redirects `hops` times with `code` (through /r1, /r2, ...) to /final.
fn chain(code: u16, hops: usize) -> Server {
    Server::start(move |r| {
        let step = match r.path.as_str() {
            "/robots.txt" => 0,
            "/final" => return ok(FILE),
            p => p.strip_prefix("/r").and_then(|n| n.parse::<usize>().ok()).unwrap_or(usize::MAX),
        };
        if step == usize::MAX {
            status(404)
        } else if step + 1 < hops {
            redirect(code, &format!("/r{}", step + 1))
        } else {
            redirect(code, "final")
        }
    })
}

#[test]
fn redirect_chains_up_to_5_are_followed_and_6_mean_no_robots_txt() {
    for code in [301, 302, 307, 308] {
        for hops in 1..=6 {
            let s = chain(code, hops);
            let (r, v) = fetch_json(&s, &[]);
            let redirects = v["redirects"].as_array().unwrap();
            if hops <= 5 {
                assert_eq!(r.code, 0, "{code} x{hops}: {v}");
                assert_eq!(v["outcome"], "parse-body");
                assert_eq!(v["final_url"], s.url("/final"));
                assert_eq!(redirects.len(), hops);
                assert_eq!(redirects[0]["status"], code);
            } else {
                // RFC 9309 2.3.1.2: no robots.txt reached after 5 redirects: as for 4xx, everything allowed.
                assert_eq!(r.code, 1, "{code} x{hops}: {v}");
                assert_eq!(v["outcome"], "allow-all");
                assert_eq!(redirects.len(), 5);
                assert!(v["reason"].as_str().unwrap().contains("more than 5 redirects"), "{v}");
            }
        }
    }
    // The text report lists every hop and the final URL.
    let s = chain(301, 2);
    let r = run(&["fetch", &s.url("/")]);
    assert!(r.stderr.contains(&format!("redirect   301 Moved Permanently -> {}", s.url("/r1"))), "{}", r.stderr);
    assert!(r.stderr.contains(&format!("redirect   301 Moved Permanently -> {}", s.url("/final"))), "{}", r.stderr);
    assert!(r.stderr.contains(&format!("final URL  {}", s.url("/final"))), "{}", r.stderr);
    let r = run(&["check", "--live", "--agent", "Googlebot", &s.url("/cart")]);
    assert_eq!(r.code, 1);
    let r = run(&["check", "--live", "--agent", "Googlebot", &chain(302, 6).url("/cart")]);
    assert_eq!(r.code, 0, "{}", r.out());
    assert!(
        r.out().contains("ALLOWED     ") && r.out().contains("(no robots.txt) more than 5 redirects"),
        "{}",
        r.out()
    );
}

#[test]
fn a_redirect_loop_means_no_robots_txt() {
    let s = Server::start(|r| match r.path.as_str() {
        "/robots.txt" => redirect(302, "/a"),
        _ => redirect(302, "/robots.txt"),
    });
    let (r, v) = fetch_json(&s, &[]);
    assert_eq!(r.code, 1);
    assert_eq!(v["outcome"], "allow-all");
    assert!(v["reason"].as_str().unwrap().contains("redirect loop"), "{v}");
}

#[test]
fn a_cross_host_redirect_is_followed_and_reported() {
    // 127.0.0.1 and localhost are two hosts of one server.
    let s = Server::start(|r| {
        if r.host.starts_with("localhost") {
            ok(FILE)
        } else {
            let port = r.host.rsplit(':').next().unwrap().to_owned();
            redirect(301, &format!("http://localhost:{port}/robots.txt"))
        }
    });
    let (r, v) = fetch_json(&s, &[]);
    assert_eq!(r.code, 0, "{v}");
    assert_eq!(v["final_url"], format!("http://localhost:{}/robots.txt", s.port));
    assert_eq!(v["redirects"][0]["location"], v["final_url"]);
}

// ---- fetch: 4xx, 5xx and network errors ----

#[test]
fn client_errors_mean_everything_allowed() {
    for code in [401, 403, 404, 410] {
        let s = robots_server(move || status(code));
        let (r, v) = fetch_json(&s, &[]);
        assert_eq!(r.code, 1, "{code}");
        assert_eq!(v["outcome"], "allow-all", "{code}");
        assert_eq!(v["status"], code);
        let r = run(&["fetch", &s.url("/")]);
        assert!(r.stdout.is_empty(), "no body for {code}");
        assert!(r.stderr.contains("there is no robots.txt, so everything is allowed"), "{}", r.stderr);

        let r = run(&["check", "--live", "--agent", "Googlebot", "--json", &s.url("/private/x")]);
        assert_eq!(r.code, 0);
        let v = &r.json_lines()[0];
        assert_eq!(v["allowed"], true);
        assert_eq!(v["fetch"]["outcome"], "allow-all");
        assert_eq!(v["fetch"]["status"], code);
    }
}

#[test]
fn server_errors_and_429_mean_everything_disallowed() {
    for code in [429, 500, 503] {
        let s = robots_server(move || status(code));
        let (r, v) = fetch_json(&s, &[]);
        assert_eq!(r.code, 1, "{code}");
        assert_eq!(v["outcome"], "disallow-all", "{code}");
        let r = run(&["check", "--live", "--agent", "Googlebot", &s.url("/shop/x")]);
        assert_eq!(r.code, 1);
        let out = r.out();
        assert!(out.lines().next().unwrap().starts_with("DISALLOWED"), "{out}");
        assert!(out.contains("(server error)") && out.contains(&code.to_string()), "{out}");
    }
}

#[test]
fn a_stalled_server_times_out_disallowing_everything() {
    let s = robots_server(|| Reply::Stall(Duration::from_secs(4)));
    let r = run(&["fetch", &s.url("/"), "--timeout", "0.5"]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("timeout") && r.stderr.contains("0.5 s"), "{}", r.stderr);
    // Nothing about the site could be judged: `check --live` says so as `fetch` does, and answers nothing.
    let r = run(&["check", "--live", "--timeout", "0.5", "--agent", "a", "--json", &s.url("/x")]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stdout.is_empty(), "{}", r.out());
    assert!(r.stderr.contains("timeout") && r.stderr.contains("crawlers disallow everything"), "{}", r.stderr);
    let r = run(&["fetch", &s.url("/"), "--timeout", "0"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--timeout takes a number of seconds above 0"), "{}", r.stderr);
}

#[test]
fn a_body_cut_mid_way_disallows_everything() {
    let s = robots_server(|| Reply::Cut { declared: 5000, body: FILE.as_bytes().to_vec() });
    let r = run(&["fetch", &s.url("/")]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("truncated body"), "{}", r.stderr);
    let r = run(&["check", "--live", "--agent", "a", &s.url("/shop/")]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty() && r.stderr.contains("truncated body"), "{}", r.stderr);
}

#[test]
fn a_refused_connection_is_one_line_and_exit_2() {
    let port = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let r = run(&["fetch", &format!("http://127.0.0.1:{port}/x")]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        format!(
            "robotscope: cannot fetch http://127.0.0.1:{port}/robots.txt: connection refused (crawlers disallow \
         everything until a later fetch succeeds)\n"
        )
    );
    let r = run(&["fetch", "not a url"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.starts_with("robotscope: cannot tell which robots.txt governs 'not a url'"), "{}", r.stderr);
}

// ---- check --live ----

#[test]
fn check_live_fetches_once_per_origin() {
    let a = robots_server(|| ok(FILE));
    let b = robots_server(|| status(503));
    let r = run(&[
        "check",
        "--live",
        "--agent",
        "Googlebot",
        "--json",
        &a.url("/shop/1"),
        &b.url("/shop/1"),
        &a.url("/cart"),
        &a.url("/shop/2"),
    ]);
    assert_eq!(r.code, 1);
    assert_eq!((a.hits(), b.hits()), (1, 1));
    let v = r.json_lines();
    let got: Vec<(bool, &str)> =
        v.iter().map(|l| (l["allowed"].as_bool().unwrap(), l["fetch"]["outcome"].as_str().unwrap())).collect();
    assert_eq!(got, [(true, "parse-body"), (false, "disallow-all"), (false, "parse-body"), (true, "parse-body")]);
    assert_eq!(v[0]["line"], 5);
    assert_eq!(v[2]["line"], 6);
}

// ---- check --sitemap ----

fn urlset(urls: &[String]) -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for u in urls {
        s.push_str(&format!("  <url><loc>{u}</loc><lastmod>2024-01-01</lastmod></url>\n"));
    }
    s.push_str("</urlset>\n");
    s
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

#[test]
fn sitemap_index_with_a_gzipped_child_reports_the_disallowed_urls() {
    let s = Server::start(|r| {
        let port = r.host.rsplit(':').next().unwrap().to_owned();
        let u = |p: &str| format!("http://127.0.0.1:{port}{p}");
        match r.path.as_str() {
            "/robots.txt" => ok(FILE),
            "/sitemap_index.xml" => ok(format!(
                "<?xml version=\"1.0\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\
                 <sitemap><loc>{}</loc></sitemap><sitemap><loc>{}</loc></sitemap></sitemapindex>",
                u("/a.xml.gz"),
                u("/b.txt")
            )),
            "/a.xml.gz" => Reply::Full {
                status: 200,
                headers: vec![("Content-Type", "application/gzip".into())],
                body: gzip(urlset(&[u("/shop/1"), u("/cart"), u("/shop/2")]).as_bytes()),
            },
            "/b.txt" => ok(format!("{}\n\n{}\n", u("/private/x"), u("/shop/3"))),
            _ => status(404),
        }
    });
    let index = s.url("/sitemap_index.xml");
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots.txt");
    std::fs::write(&robots, FILE).unwrap();
    let r = run(&["check", robots.to_str().unwrap(), "--agent", "Googlebot", "--sitemap", &index]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let lines: Vec<String> = r.out().lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with(&format!("DISALLOWED  {}  line 6: Disallow: /", s.url("/cart"))), "{lines:?}");
    assert!(lines[1].starts_with(&format!("DISALLOWED  {}  line 6", s.url("/private/x"))), "{lines:?}");
    assert!(r.stderr.contains("5 URLs read from 3 sitemap files; 2 disallowed"), "{}", r.stderr);
    // Each line (the second one reuses the first's explanation of line 6) is what `check` prints for its URL.
    for line in &lines {
        let url = line.split_whitespace().nth(1).unwrap();
        let single = run(&["check", robots.to_str().unwrap(), "--agent", "Googlebot", url]);
        assert_eq!(single.out(), format!("{line}\n"));
    }

    // The same against the live robots.txt, for `*`: only /private/x is disallowed.
    let r = run(&["check", "--live", "--agent", "OtherBot", "--json", "--sitemap", &index]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let v = r.json_lines();
    assert_eq!(v.len(), 1);
    assert_eq!(v[0]["url"], s.url("/private/x"));
    assert_eq!(v[0]["fetch"]["outcome"], "parse-body");
}

#[test]
fn sitemap_of_50000_urls_from_a_gzipped_file() {
    let urls: Vec<String> = (0..50_000).map(|i| format!("https://example.com/p/{i}?x={}", i % 7)).collect();
    let dir = tempfile::tempdir().unwrap();
    let sitemap = dir.path().join("sitemap.xml.gz");
    std::fs::write(&sitemap, gzip(urlset(&urls).as_bytes())).unwrap();
    let robots = dir.path().join("robots.txt");
    std::fs::write(&robots, "User-agent: *\nDisallow: /p/*?x=3\nDisallow: /p/49999\n").unwrap();
    let r = run(&["check", robots.to_str().unwrap(), "--agent", "a", "--sitemap", sitemap.to_str().unwrap()]);
    assert_eq!(r.code, 1);
    let expected = urls.iter().filter(|u| u.ends_with("?x=3") || u.contains("/p/49999")).count();
    assert_eq!(r.out().lines().count(), expected);
    assert!(r.stderr.contains(&format!("50000 URLs read from 1 sitemap file; {expected} disallowed")), "{}", r.stderr);
}

#[test]
fn sitemap_errors_are_clear() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots.txt");
    std::fs::write(&robots, FILE).unwrap();
    let bad = dir.path().join("bad.xml");
    std::fs::write(&bad, "<rss><item/></rss>").unwrap();
    let r = run(&["check", robots.to_str().unwrap(), "--agent", "a", "--sitemap", bad.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("the root element is <rss>, not <urlset> or <sitemapindex>"), "{}", r.stderr);
    let s = robots_server(|| ok(FILE));
    let r = run(&["check", robots.to_str().unwrap(), "--agent", "a", "--sitemap", &s.url("/missing.xml")]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("cannot fetch the sitemap") && r.stderr.contains("404 Not Found"), "{}", r.stderr);
}

/// Runs the binary and measures its peak resident memory (VmHWM, which only grows, read from /proc until it
/// exits), in bytes.
fn run_measured(args: &[&str]) -> (Run, u64) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let status = format!("/proc/{}/status", child.id());
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut b);
        b
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut s);
        s
    });
    let mut peak = 0u64;
    let code = loop {
        if let Ok(text) = std::fs::read_to_string(&status) {
            let hwm = text.lines().find_map(|l| l.strip_prefix("VmHWM:")).map(|v| v.trim().trim_end_matches(" kB"));
            if let Some(kb) = hwm.and_then(|v| v.trim().parse::<u64>().ok()) {
                peak = peak.max(kb * 1024);
            }
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status.code().expect("exited normally");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    (Run { code, stdout: out.join().unwrap(), stderr: err.join().unwrap() }, peak)
}

const MB: u64 = 1024 * 1024;

#[test]
fn a_gzip_bomb_sitemap_stops_at_50_mb_in_bounded_memory() {
    // 300 MB of whitespace inside <urlset>, gzipped to well under a megabyte.
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(b"<urlset><url><loc>https://example.com/private/a</loc></url>").unwrap();
    let spaces = vec![b' '; 1 << 20];
    for _ in 0..300 {
        enc.write_all(&spaces).unwrap();
    }
    enc.write_all(b"</urlset>").unwrap();
    let bomb = enc.finish().unwrap();
    assert!(bomb.len() < 2 * MB as usize);
    let s = Server::start(move |_| Reply::Full { status: 200, headers: vec![], body: bomb.clone() });
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots.txt");
    std::fs::write(&robots, "User-agent: *\nDisallow: /never/\n").unwrap();
    let (r, peak) = run_measured(&["check", robots.to_str().unwrap(), "-a", "a", "--sitemap", &s.url("/s.xml.gz")]);
    eprintln!("gzip bomb: peak memory {:.1} MB", peak as f64 / MB as f64);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("more than 52428800 bytes (50 MB) uncompressed"), "{}", r.stderr);
    assert!(r.stderr.contains("1 URL read from 1 sitemap file before reading stopped; 0 disallowed"), "{}", r.stderr);
    assert!(peak > 0 && peak < 100 * MB, "peak {peak}");
}

#[test]
fn an_endless_sitemap_stops_at_50_mb_in_bounded_memory() {
    let s = Server::start(|_| Reply::Endless {
        head: b"<urlset><url><loc>https://example.com/private/a</loc></url>".to_vec(),
        chunk: vec![b' '; 64 * 1024],
    });
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots.txt");
    std::fs::write(&robots, "User-agent: *\nDisallow: /private/\n").unwrap();
    let (r, peak) = run_measured(&["check", robots.to_str().unwrap(), "-a", "a", "--sitemap", &s.url("/s.xml")]);
    eprintln!("endless sitemap: peak memory {:.1} MB", peak as f64 / MB as f64);
    // The disallowed URL read before the limit is a finding, and findings come first in the exit status.
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.out().contains("DISALLOWED  https://example.com/private/a"), "{}", r.out());
    assert!(r.stderr.contains("reading stopped at byte 52428800"), "{}", r.stderr);
    assert!(peak > 0 && peak < 100 * MB, "peak {peak}");
}

#[test]
fn truncated_html_and_non_xml_sitemaps_are_errors_naming_the_byte() {
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots.txt");
    std::fs::write(&robots, FILE).unwrap();
    let cases = [
        ("<urlset><url><loc>https://a.com/x</loc></url><url><loc>https://a.com/", "ends at byte 69 before </urlset>"),
        ("not xml at all\n", "line 1 (byte 0) is not a URL: 'not xml at all'"),
        ("<!DOCTYPE html>\n<html><body>Not found</body></html>", "the root element is <html> (an HTML page)"),
    ];
    for (body, message) in cases {
        let file = dir.path().join("sitemap");
        std::fs::write(&file, body).unwrap();
        let r = run(&["check", robots.to_str().unwrap(), "-a", "a", "--sitemap", file.to_str().unwrap()]);
        assert_eq!(r.code, 2, "{body}: {}", r.stderr);
        assert!(r.stderr.contains(message), "{body}: {}", r.stderr);
    }
    // More than 50,000 URLs in one file.
    let urls: Vec<String> = (0..50_001).map(|i| format!("https://a.com/{i}")).collect();
    let file = dir.path().join("big.txt");
    std::fs::write(&file, urls.join("\n")).unwrap();
    let r = run(&["check", robots.to_str().unwrap(), "-a", "a", "--sitemap", file.to_str().unwrap()]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("more than 50000 URLs"), "{}", r.stderr);
    assert!(r.stderr.contains("50000 URLs read from 1 sitemap file before reading stopped"), "{}", r.stderr);
}

#[test]
fn a_sitemap_timeout_says_how_many_urls_were_read() {
    let mut body = String::from("<urlset>");
    for i in 0..3 {
        body.push_str(&format!("<url><loc>https://example.com/p/{i}</loc></url>"));
    }
    let s = Server::start(move |_| Reply::ThenStall { body: body.clone().into_bytes(), stall: Duration::from_secs(4) });
    let dir = tempfile::tempdir().unwrap();
    let robots = dir.path().join("robots.txt");
    std::fs::write(&robots, "User-agent: *\nDisallow: /private/\n").unwrap();
    let r = run(&["check", robots.to_str().unwrap(), "-a", "a", "--timeout", "1", "--sitemap", &s.url("/s.xml")]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("reading stopped at byte"), "{}", r.stderr);
    assert!(!r.stderr.contains("XML error at byte 0"), "{}", r.stderr);
    assert!(r.stderr.contains("3 URLs read from 1 sitemap file before reading stopped"), "{}", r.stderr);
}

#[test]
fn a_missing_child_sitemap_does_not_hide_the_disallowed_urls() {
    let s = Server::start(|r| match r.path.as_str() {
        "/s.xml" => ok("<urlset><url><loc>https://example.com/private/a</loc></url></urlset>"),
        _ => status(404),
    });
    let host = format!("127.0.0.1:{}", s.port);
    let index_body = format!(
        "<sitemapindex><sitemap><loc>http://{host}/gone.xml</loc></sitemap>\
         <sitemap><loc>http://{host}/s.xml</loc></sitemap></sitemapindex>"
    );
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index.xml");
    std::fs::write(&index, index_body).unwrap();
    let robots = dir.path().join("robots.txt");
    std::fs::write(&robots, "User-agent: *\nDisallow: /private/\n").unwrap();
    let r = run(&["check", robots.to_str().unwrap(), "-a", "a", "--sitemap", index.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("404"), "{}", r.stderr);
    assert!(r.stderr.contains("1 disallowed; 1 listed sitemap could not be read"), "{}", r.stderr);
}

// ---- diff ----

struct Pair {
    dir: tempfile::TempDir,
}

impl Pair {
    fn new(old: &str, new: &str) -> Pair {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("old.txt"), old).unwrap();
        std::fs::write(dir.path().join("new.txt"), new).unwrap();
        Pair { dir }
    }

    fn path(&self, name: &str) -> String {
        self.dir.path().join(name).to_str().unwrap().to_owned()
    }

    fn diff(&self, extra: &[&str]) -> Run {
        let (old, new) = (self.path("old.txt"), self.path("new.txt"));
        let mut args = vec!["diff", old.as_str(), new.as_str(), "--agent", "Googlebot", "--agent", "Bingbot"];
        args.extend_from_slice(extra);
        run(&args)
    }
}

const URLS: [&str; 4] =
    ["https://example.com/", "https://example.com/shop/x", "https://example.com/private/a", "https://example.com/cart"];

#[test]
fn diff_of_identical_files_and_of_reordered_groups_changes_nothing() {
    let reordered = "User-agent: Googlebot\nAllow: /shop/\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n";
    for new in [FILE, reordered] {
        let p = Pair::new(FILE, new);
        let r = p.diff(&URLS);
        assert_eq!(r.code, 0, "{}", r.out());
        assert!(r.stdout.is_empty());
        assert!(r.stderr.contains("no verdict changed") && r.stderr.contains("(4 URLs x 2 agents)"), "{}", r.stderr);
    }
}

#[test]
fn diff_catches_a_staging_disallow_all() {
    let p = Pair::new(FILE, "User-agent: *\nDisallow: /\n");
    let r = p.diff(&URLS);
    assert_eq!(r.code, 1);
    let out = r.out();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "https://example.com/  Bingbot: allowed (no rule matched) -> disallowed (line 2: Disallow: /)",
            "https://example.com/shop/x  Googlebot: allowed (line 5: Allow: /shop/) -> disallowed (line 2: Disallow: \
             /)",
            "https://example.com/shop/x  Bingbot: allowed (no rule matched) -> disallowed (line 2: Disallow: /)",
            "https://example.com/cart  Bingbot: allowed (no rule matched) -> disallowed (line 2: Disallow: /)",
        ]
    );
    assert!(r.stderr.contains("4 of 8 verdicts changed"), "{}", r.stderr);

    let r = p.diff(&["--json", URLS[1]]);
    let v = r.json_lines();
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["agent"], "Googlebot");
    assert_eq!(v[0]["old"]["line"], 5);
    assert_eq!(v[0]["old"]["text"], "Allow: /shop/");
    assert_eq!(v[0]["new"]["allowed"], false);
    assert_eq!(v[0]["new"]["outcome"], "parse-body");

    // URLs from a file.
    std::fs::write(p.path("urls.txt"), URLS.join("\n")).unwrap();
    let urls = p.path("urls.txt");
    let r = p.diff(&["--urls", &urls]);
    assert_eq!(r.code, 1);
    assert_eq!(r.out().lines().count(), 4);
}

#[test]
fn diff_against_the_live_file() {
    let good = robots_server(|| ok(FILE));
    let down = robots_server(|| status(503));
    let gone = robots_server(|| status(404));
    let p = Pair::new(FILE, FILE);
    let old = p.path("old.txt");
    let r = run(&["diff", "--live", &good.url("/"), &old, "--agent", "Googlebot", URLS[1], URLS[3]]);
    assert_eq!(r.code, 0, "{}{}", r.stderr, r.out());
    let r = run(&["diff", &old, "--live", &down.url("/"), "--agent", "Googlebot", URLS[1], URLS[3]]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.out(),
        "https://example.com/shop/x  Googlebot: allowed (line 5: Allow: /shop/) -> disallowed (server error: 503 \
         Service Unavailable)\n"
    );
    let r = run(&["diff", &old, "--live", &gone.url("/"), "--agent", "Googlebot", "--json", URLS[3]]);
    assert_eq!(r.code, 1);
    let v = &r.json_lines()[0];
    assert_eq!(v["new"]["outcome"], "allow-all");
    assert_eq!(v["new"]["allowed"], true);
}

#[test]
fn diff_usage_errors_exit_two() {
    let p = Pair::new(FILE, FILE);
    let old = p.path("old.txt");
    for (args, message) in [
        (vec!["diff", old.as_str(), "--agent", "a"], "diff needs OLD and NEW"),
        (vec!["diff", old.as_str(), old.as_str(), "/x"], "missing --agent"),
        (vec!["diff", old.as_str(), old.as_str(), "--agent", "a"], "missing URLs"),
        (vec!["diff", "-", "-", "--agent", "a", "/x"], "standard input ('-') can be read only once"),
        (vec!["diff", old.as_str(), "missing.txt", "--agent", "a", "/x"], "cannot read 'missing.txt'"),
    ] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}");
        assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn diff_reads_typed_agents_and_urls_as_the_core_does() {
    // Googlebot-Image has no group of its own and follows Googlebot's; a bare word is a path.
    let p = Pair::new("User-agent: *\nAllow: /\n", "User-agent: Googlebot\nDisallow: /photos/\n");
    let (old, new) = (p.path("old.txt"), p.path("new.txt"));
    let r =
        run(&["diff", &old, &new, "--agent", "Googlebot-Image", "--agent", "AdsBot-Google", "/photos/a.jpg", "photos"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.out(),
        "/photos/a.jpg  Googlebot-Image: allowed (line 2: Allow: /) -> disallowed (line 2: Disallow: /photos/)\n"
    );
}

#[test]
fn diff_stops_when_the_live_site_cannot_be_reached() {
    let port = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let p = Pair::new(FILE, FILE);
    let old = p.path("old.txt");
    let r = run(&["diff", "--live", &format!("http://127.0.0.1:{port}/"), &old, "--agent", "a", "/x"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        format!(
            "robotscope: cannot fetch http://127.0.0.1:{port}/robots.txt: connection refused (crawlers disallow \
             everything until a later fetch succeeds)\n"
        )
    );
}

// ---- one policy for every network command (issue 27) ----

/// A port on 127.0.0.1 that nothing listens on.
fn closed_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

#[test]
fn an_unreachable_site_is_the_same_error_in_every_command() {
    let stalled = robots_server(|| Reply::Stall(Duration::from_secs(4)));
    let cut = robots_server(|| Reply::Cut { declared: 5000, body: FILE.as_bytes().to_vec() });
    let refused = format!("http://127.0.0.1:{}/", closed_port());
    let dir = tempfile::tempdir().unwrap();
    let expect = dir.path().join("robots.expect");
    std::fs::write(&expect, "allowed a /x\n").unwrap();
    let local = dir.path().join("robots.txt");
    std::fs::write(&local, FILE).unwrap();
    let (expect, local) = (expect.to_str().unwrap(), local.to_str().unwrap());
    for site in [stalled.url("/"), cut.url("/"), refused] {
        let url = format!("{site}x");
        let commands: [Vec<&str>; 4] = [
            vec!["fetch", &url],
            vec!["check", "--live", "-a", "a", &url],
            vec!["diff", local, "--live", &url, "-a", "a", "/x"],
            vec!["test", "--live", &url, expect],
        ];
        let mut messages = Vec::new();
        for args in commands {
            let mut args = args.clone();
            args.extend(["--timeout", "0.5"]);
            let r = run(&args);
            assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
            assert!(r.stdout.is_empty(), "{args:?}: {}", r.out());
            let line = r.stderr.lines().find(|l| l.contains("cannot fetch")).unwrap_or_else(|| panic!("{args:?}"));
            assert!(line.ends_with("(crawlers disallow everything until a later fetch succeeds)"), "{line}");
            messages.push(line.to_owned());
        }
        assert!(messages.windows(2).all(|w| w[0] == w[1]), "{messages:?}");
    }
}

#[test]
fn a_404_allows_and_a_503_disallows_in_every_command() {
    let missing = robots_server(|| status(404));
    let failing = robots_server(|| status(503));
    let dir = tempfile::tempdir().unwrap();
    let expect = dir.path().join("robots.expect");
    std::fs::write(&expect, "allowed a /x\n").unwrap();
    let expect = expect.to_str().unwrap();
    for (server, allowed) in [(&missing, true), (&failing, false)] {
        let url = server.url("/x");
        let fetch = run(&["fetch", "--json", &url]);
        assert_eq!(fetch.code, 1);
        assert_eq!(fetch.json()["outcome"], if allowed { "allow-all" } else { "disallow-all" });
        let check = run(&["check", "--live", "-a", "a", "--json", &url]);
        assert_eq!(check.code, if allowed { 0 } else { 1 }, "{}", check.stderr);
        assert_eq!(check.json_lines()[0]["allowed"], allowed);
        assert!(check.stderr.contains(&format!("fetched {}", server.url("/robots.txt"))), "{}", check.stderr);
        let test = run(&["test", "--live", &url, expect]);
        assert_eq!(test.code, if allowed { 0 } else { 1 }, "{}", test.stderr);
    }
}

#[test]
fn check_live_fetches_sites_concurrently_up_to_jobs() {
    // Each server holds its answer until four requests are in flight at once (or a while has passed): with
    // --jobs 4 the four sites are fetched together; with --jobs 1 never more than one at a time.
    for (jobs, most) in [("4", 4), ("1", 1)] {
        let in_flight = Arc::new(AtomicUsize::new(0));
        let max = Arc::new(AtomicUsize::new(0));
        let servers: Vec<Server> = (0..4)
            .map(|_| {
                let (in_flight, max) = (in_flight.clone(), max.clone());
                Server::start(move |r| {
                    if r.path != "/robots.txt" {
                        return status(404);
                    }
                    let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                    max.fetch_max(now, Ordering::SeqCst);
                    for _ in 0..100 {
                        if in_flight.load(Ordering::SeqCst) >= 4 {
                            break;
                        }
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    let reply = ok(FILE);
                    in_flight.fetch_sub(1, Ordering::SeqCst);
                    reply
                })
            })
            .collect();
        let urls: Vec<String> = servers.iter().map(|s| s.url("/private/x")).collect();
        let mut args = vec!["check", "--live", "--jobs", jobs, "-a", "a"];
        args.extend(urls.iter().map(String::as_str));
        let r = run(&args);
        assert_eq!(r.code, 1, "{}", r.stderr);
        // Answers stay in the order of the URLs.
        let got: Vec<&str> = r
            .stdout
            .split(|&b| b == b'\n')
            .filter_map(|l| std::str::from_utf8(l).ok())
            .filter_map(|l| l.split_whitespace().nth(1))
            .collect();
        assert_eq!(got, urls, "{}", r.out());
        assert_eq!(max.load(Ordering::SeqCst), most, "--jobs {jobs}");
        assert!(servers.iter().all(|s| s.hits() == 1));
    }
    let r = run(&["check", "--live", "--jobs", "0", "-a", "a", "http://127.0.0.1:9/"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--jobs takes a number from 1 to 256"), "{}", r.stderr);
}

#[test]
fn check_live_honours_no_size_limit() {
    // A rule past Google's 500 KiB: ignored by default, read with --no-size-limit.
    let mut body = String::from("User-agent: *\n");
    while body.len() < 600 * 1024 {
        body.push_str("Disallow: /filler/path/that/matches/nothing\n");
    }
    body.push_str("Disallow: /late\n");
    let s = robots_server(move || ok(body.clone()));
    let url = s.url("/late");
    let cut = run(&["check", "--live", "-a", "a", "--json", &url]);
    assert_eq!((cut.code, cut.json_lines()[0]["allowed"].as_bool()), (0, Some(true)), "{}", cut.stderr);
    let whole = run(&["check", "--live", "--no-size-limit", "-a", "a", "--json", &url]);
    assert_eq!((whole.code, whole.json_lines()[0]["allowed"].as_bool()), (1, Some(false)), "{}", whole.stderr);
}

// ---- the shared fixture of fetches ----

/// The answer `routes` (of tests/fixtures/fetches.json) gives for `path`: its status, Location, body and padding,
/// or a Content-Length it does not keep; 404 where there is no route.
fn route(routes: &Value, path: &str) -> Reply {
    let r = &routes[path];
    let Some(code) = r["status"].as_u64() else { return status(404) };
    let mut body = r["body"].as_str().unwrap_or("").as_bytes().to_vec();
    body.resize(body.len() + r["pad"].as_u64().unwrap_or(0) as usize, b'#');
    if let Some(declared) = r["length"].as_u64() {
        return Reply::Cut { declared: declared as usize, body };
    }
    let headers = r["location"].as_str().map(|l| vec![("Location", l.to_owned())]).unwrap_or_default();
    Reply::Full { status: code as u16, headers, body }
}

#[test]
fn fetch_answers_the_shared_fixture() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/fetches.json");
    let fixture: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for case in fixture["fetches"].as_array().unwrap() {
        let (name, e) = (case["name"].as_str().unwrap(), &case["expect"]);
        let routes = case["routes"].clone();
        let server = Server::start(move |r| route(&routes, &r.path));
        let (_, v) = fetch_json(&server, &[]);
        assert_eq!(v["outcome"], e["outcome"], "{name}: {v}");
        assert_eq!(v["status"], e["status"], "{name}: {v}");
        assert_eq!(v["redirects"].as_array().unwrap().len() as u64, e["redirects"].as_u64().unwrap(), "{name}");
        assert_eq!(v["cut"], e.get("cut").cloned().unwrap_or(Value::Bool(false)), "{name}: {v}");
        assert_eq!(!v["error"].is_null(), e["error"].as_bool().unwrap_or(false), "{name}: {v}");
        let reason = v["reason"].as_str().unwrap();
        match (e["reason"].as_str(), e["reason_starts"].as_str()) {
            (Some(want), _) => assert_eq!(reason, want, "{name}"),
            (_, start) => assert!(reason.starts_with(start.unwrap()), "{name}: {reason}"),
        }
    }
}
