//! Reads the page URLs of a sitemap, one at a time: XML `urlset` files, sitemap index files (followed to
//! their sitemaps), plain-text sitemaps (one URL per line), each possibly gzipped, from a file, standard input
//! or a URL. URLs are handed to a callback as they are read, so a 50,000-URL sitemap is never held in memory.

use std::io::{self, BufRead, BufReader, Read};

use flate2::bufread::MultiGzDecoder;
use quick_xml::events::Event;

use crate::net::Net;
use crate::{printable, Failure};

/// The sitemaps protocol's limits for one sitemap file: at most 50,000 URLs and 50 MB (52,428,800 bytes)
/// uncompressed. The byte limit is counted after gzip decompression, so it also caps what a small `.gz`
/// expands to.
/// The core's constants, shared with the tester's URL files.
pub const MAX_URLS: usize = robotscope::SITEMAP_MAX_URLS;
/// See [`MAX_URLS`].
pub const MAX_BYTES: u64 = robotscope::SITEMAP_MAX_BYTES;
/// A sitemap index lists at most 50,000 sitemaps (the protocol's limit); an index inside an index is not
/// followed (depth 1).
pub const MAX_CHILDREN: usize = 50_000;

/// What `--help` says about the limits (one text for `check` and `diff`).
pub const LIMITS_HELP: &str = "\
Sitemap limits (the sitemaps protocol's): each sitemap file may list 50,000 URLs and hold 50 MB
(52,428,800 bytes) uncompressed, counted after gzip decompression; an index may list 50,000
sitemaps and is followed one level deep. A file over a limit, a truncated file, a file that is
neither XML nor a list of URLs, and an HTML page are errors that name the byte where reading
stopped; the URLs read before it are still judged.
";

/// A reader that fails once more than `cap` bytes have come through it.
struct Capped<R> {
    inner: R,
    read: u64,
    cap: u64,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // One byte past the cap is read, so a file of exactly `cap` bytes passes.
        let room = (self.cap + 1).saturating_sub(self.read);
        let want = buf.len().min(usize::try_from(room).unwrap_or(usize::MAX));
        if want == 0 {
            return Err(io::Error::other(format!(
                "it holds more than {MAX_BYTES} bytes (50 MB) uncompressed, the sitemaps protocol's limit; reading \
                 stopped at byte {}",
                self.cap
            )));
        }
        let n = self.inner.read(&mut buf[..want])?;
        self.read += n as u64;
        if self.read > self.cap {
            return self.read(&mut []);
        }
        Ok(n)
    }
}

/// What reading a sitemap found, besides the URLs.
#[derive(Debug, Default)]
pub struct Summary {
    /// URLs handed to the callback.
    pub urls: usize,
    /// Sitemap files read (the index and each sitemap it lists).
    pub files: usize,
    /// Sitemaps listed by an index that could not be read (each reported on standard error).
    pub failed: usize,
}

/// Reads `source` (a path, `-`, or an `http(s)://` URL) and calls `each` with every page URL in it; what was
/// read is counted in `summary`, which an error leaves as it was when reading stopped.
pub fn for_each_url(
    source: &str,
    net: &Net,
    summary: &mut Summary,
    each: &mut dyn FnMut(&str) -> Result<(), Failure>,
) -> Result<(), Failure> {
    read(source, net, 0, each, summary)
}

/// Ends a command that judged a sitemap's URLs: says on standard error how many were read and found, and gives
/// the exit status, in which findings come first: 1 when `found` URLs were disallowed or changed, else 2 when
/// the sitemap (or a sitemap it lists) could not be read to its end or URLs could not be judged, else 0. The
/// error that stopped reading is printed, with how many URLs were read before it.
pub fn finish(
    result: Result<(), Failure>,
    summary: &Summary,
    found: usize,
    what: &str,
    unanswered: usize,
) -> Result<std::process::ExitCode, Failure> {
    let stopped = match result {
        Ok(()) => false,
        Err(Failure::Message(m)) => {
            eprintln!("robotscope: {m}");
            true
        }
        Err(other) => return Err(other),
    };
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let mut line = format!(
        "robotscope: {} URL{} read from {} sitemap file{}{}; {found} {what}",
        summary.urls,
        plural(summary.urls),
        summary.files,
        plural(summary.files),
        if stopped { " before reading stopped" } else { "" },
    );
    if summary.failed > 0 {
        line.push_str(&format!("; {} listed sitemap{} could not be read", summary.failed, plural(summary.failed)));
    }
    if unanswered > 0 {
        line.push_str(&format!("; {unanswered} URL{} could not be judged", plural(unanswered)));
    }
    eprintln!("{line}");
    Ok(crate::status(found, usize::from(stopped) + summary.failed + unanswered))
}

fn is_url(s: &str) -> bool {
    let lower = s.get(..8).unwrap_or(s).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

fn open(source: &str, net: &Net) -> Result<Box<dyn Read>, Failure> {
    if is_url(source) {
        net.open(source).map_err(|e| Failure::Message(format!("cannot fetch the sitemap '{}': {e}", printable(source))))
    } else if source == "-" {
        Ok(Box::new(io::stdin()))
    } else {
        std::fs::File::open(source).map(|f| Box::new(f) as Box<dyn Read>).map_err(|e| {
            Failure::Message(format!("cannot read the sitemap '{}': {}", printable(source), crate::io_reason(&e)))
        })
    }
}

fn read(
    source: &str,
    net: &Net,
    depth: usize,
    each: &mut dyn FnMut(&str) -> Result<(), Failure>,
    summary: &mut Summary,
) -> Result<(), Failure> {
    let bad =
        |e: &dyn std::fmt::Display| Failure::Message(format!("cannot read the sitemap '{}': {e}", printable(source)));
    let mut raw = BufReader::with_capacity(64 * 1024, open(source, net)?);
    let gzipped = raw.fill_buf().map_err(|e| bad(&e))?.starts_with(&[0x1f, 0x8b]);
    let inner: Box<dyn Read> = if gzipped { Box::new(MultiGzDecoder::new(raw)) } else { Box::new(raw) };
    let mut input: Box<dyn BufRead> =
        Box::new(BufReader::with_capacity(64 * 1024, Capped { inner, read: 0, cap: MAX_BYTES }));
    summary.files += 1;
    let head = input.fill_buf().map_err(|e| bad(&e))?;
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let xml = head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<');
    if !xml {
        return read_text(input, each, summary).map_err(|e| match e {
            Failure::Output(io) if io.kind() != io::ErrorKind::BrokenPipe => bad(&io),
            other => other,
        });
    }
    let children = read_xml(input, each, summary).map_err(|e| match e {
        XmlError::Callback(f) => f,
        XmlError::Read(m) => bad(&m),
    })?;
    for child in children {
        if depth > 0 {
            eprintln!(
                "robotscope: note: '{}' is a sitemap index inside a sitemap index; it is not followed",
                printable(&child)
            );
            continue;
        }
        match read(&child, net, depth + 1, each, summary) {
            Ok(()) => {}
            Err(Failure::Message(m)) => {
                eprintln!("robotscope: {m}");
                summary.failed += 1;
            }
            Err(other) => return Err(other),
        }
    }
    Ok(())
}

fn read_text(
    mut input: Box<dyn BufRead>,
    each: &mut dyn FnMut(&str) -> Result<(), Failure>,
    summary: &mut Summary,
) -> Result<(), Failure> {
    let mut line = Vec::new();
    let (mut at, mut number, mut urls) = (0u64, 0usize, 0usize);
    loop {
        line.clear();
        let n = input.read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(());
        }
        number += 1;
        let text = String::from_utf8_lossy(&line);
        let url = text.trim();
        if !url.is_empty() {
            // A text sitemap lists full URLs; anything else is not a sitemap (an error page, a mistyped file).
            if !is_url(url) {
                let shown: String = url.chars().take(60).collect();
                return Err(Failure::Message(format!(
                    "line {number} (byte {at}) is not a URL: '{}'; a sitemap is XML or one full URL per line",
                    printable(&shown)
                )));
            }
            urls += 1;
            if urls > MAX_URLS {
                return Err(Failure::Message(too_many(at)));
            }
            summary.urls += 1;
            each(url)?;
        }
        at += n as u64;
    }
}

fn too_many(at: u64) -> String {
    format!("it lists more than {MAX_URLS} URLs, the sitemaps protocol's limit; reading stopped at byte {at}")
}

enum XmlError {
    Callback(Failure),
    Read(String),
}

/// Reads an XML sitemap; hands each `<url><loc>` to `each`, and returns the `<sitemap><loc>` of an index.
fn read_xml(
    input: Box<dyn BufRead>,
    each: &mut dyn FnMut(&str) -> Result<(), Failure>,
    summary: &mut Summary,
) -> Result<Vec<String>, XmlError> {
    let mut reader = quick_xml::Reader::from_reader(input);
    let mut buf = Vec::new();
    let mut depth = 0usize;
    let mut root: Option<bool> = None; // Some(true): a sitemap index
    let mut parent_ok = false;
    let mut in_loc = false;
    let mut loc = String::new();
    let mut children = Vec::new();
    let mut urls = 0usize;
    let mut open: Vec<u8> = Vec::new();
    loop {
        let event = reader.read_event_into(&mut buf).map_err(|e| {
            XmlError::Read(match e {
                // The stream failed (a timeout, a cut connection, the size limit): say where it stopped.
                quick_xml::Error::Io(io) => format!("reading stopped at byte {}: {io}", reader.buffer_position()),
                e => format!("XML error at byte {}: {e}", reader.error_position()),
            })
        })?;
        match event {
            Event::Start(e) => {
                depth += 1;
                let name = e.local_name();
                let name = name.as_ref();
                open.clear();
                open.extend_from_slice(name);
                match depth {
                    1 => {
                        root = Some(match name {
                            b"urlset" => false,
                            b"sitemapindex" => true,
                            other => {
                                let html = if other.eq_ignore_ascii_case(b"html") { " (an HTML page)" } else { "" };
                                return Err(XmlError::Read(format!(
                                    "the root element is <{}>{html}, not <urlset> or <sitemapindex>; reading stopped \
                                     at byte {}",
                                    String::from_utf8_lossy(other),
                                    reader.buffer_position()
                                )));
                            }
                        })
                    }
                    2 => parent_ok = name == if root == Some(true) { &b"sitemap"[..] } else { &b"url"[..] },
                    3 if parent_ok && name == b"loc" => {
                        in_loc = true;
                        loc.clear();
                    }
                    _ => {}
                }
            }
            Event::End(_) => {
                if in_loc && depth == 3 {
                    in_loc = false;
                    let url = loc.trim();
                    if !url.is_empty() {
                        urls += 1;
                        let at = reader.buffer_position();
                        if root == Some(true) {
                            if urls > MAX_CHILDREN {
                                return Err(XmlError::Read(format!(
                                    "the index lists more than {MAX_CHILDREN} sitemaps, the sitemaps protocol's \
                                     limit; reading stopped at byte {at}"
                                )));
                            }
                            children.push(url.to_owned());
                        } else {
                            if urls > MAX_URLS {
                                return Err(XmlError::Read(too_many(at)));
                            }
                            summary.urls += 1;
                            each(url).map_err(XmlError::Callback)?;
                        }
                    }
                }
                depth = depth.saturating_sub(1);
            }
            Event::Text(t) if in_loc => {
                loc.push_str(&t.decode().map_err(|e| XmlError::Read(e.to_string()))?);
            }
            Event::CData(t) if in_loc => {
                loc.push_str(&t.decode().map_err(|e| XmlError::Read(e.to_string()))?);
            }
            Event::GeneralRef(r) if in_loc => {
                if let Some(c) = r.resolve_char_ref().map_err(|e| XmlError::Read(e.to_string()))? {
                    loc.push(c);
                } else {
                    let name = r.decode().map_err(|e| XmlError::Read(e.to_string()))?;
                    match quick_xml::escape::resolve_predefined_entity(&name) {
                        Some(v) => loc.push_str(v),
                        None => return Err(XmlError::Read(format!("unknown entity &{name};"))),
                    }
                }
            }
            Event::Eof if depth > 0 => {
                let root = if root == Some(true) { "sitemapindex" } else { "urlset" };
                return Err(XmlError::Read(format!(
                    "the file ends at byte {} before </{root}> (last element opened: <{}>): it is truncated",
                    reader.buffer_position(),
                    String::from_utf8_lossy(&open)
                )));
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    if root.is_none() {
        return Err(XmlError::Read(format!(
            "no <urlset> or <sitemapindex> element in its {} bytes",
            reader.buffer_position()
        )));
    }
    Ok(children)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls_of(text: &str) -> Vec<String> {
        let mut got = Vec::new();
        let input: Box<dyn BufRead> = Box::new(io::Cursor::new(text.as_bytes().to_vec()));
        let mut summary = Summary::default();
        let mut each = |u: &str| {
            got.push(u.to_owned());
            Ok(())
        };
        let children = read_xml(input, &mut each, &mut summary).ok().unwrap();
        got.extend(children.into_iter().map(|c| format!("child {c}")));
        got
    }

    #[test]
    fn urlset_locs_with_entities_and_cdata_but_not_image_locs() {
        let xml = r#"<?xml version="1.0"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc> https://a.com/?a=1&amp;b=2 </loc>
    <image:image><image:loc>https://a.com/i.png</image:loc></image:image></url>
  <url><loc><![CDATA[https://a.com/c]]></loc></url>
  <url><lastmod>2020</lastmod><loc>https://a.com/&#233;</loc></url>
</urlset>"#;
        assert_eq!(urls_of(xml), ["https://a.com/?a=1&b=2", "https://a.com/c", "https://a.com/é"]);
    }

    #[test]
    fn index_children() {
        let xml = "<sitemapindex><sitemap><loc>https://a.com/s1.xml.gz</loc></sitemap></sitemapindex>";
        assert_eq!(urls_of(xml), ["child https://a.com/s1.xml.gz"]);
    }
}
