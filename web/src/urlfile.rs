//! URL files for the URLs box: a sitemap (XML, its `<url><loc>`s) or a list (one URL per line), read within the
//! limits the CLI's `--sitemap` and `--urls` keep (the core's `SITEMAP_MAX_URLS` and `SITEMAP_MAX_BYTES`, the
//! sitemaps protocol's). The XML is read by the browser's own parser (`DOMParser`), which costs the `.wasm`
//! nothing; a gzipped sitemap or a sitemap index is said to be one, with the CLI command that reads it.

use robotscope::{SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS};

/// The URLs read from a file, and what to say about them.
#[derive(Debug, PartialEq)]
pub struct Read {
    /// The URLs, in the file's order (at most [`SITEMAP_MAX_URLS`]).
    pub urls: Vec<String>,
    /// More URLs followed the first [`SITEMAP_MAX_URLS`] and were left out.
    pub cut: bool,
    /// The file was a sitemap (else a list).
    pub sitemap: bool,
}

/// Why a file gave no URLs, in a sentence naming it.
pub fn too_large(name: &str, bytes: f64) -> String {
    format!(
        "{name} holds {bytes:.0} bytes, more than the {SITEMAP_MAX_BYTES} (50 MB) a sitemap may hold; split it, or \
         run `robotscope check robots.txt --agent AGENT --urls {name}`."
    )
}

/// Whether `bytes` look like XML (a sitemap) rather than a list of URLs: the first non-blank byte is `<`.
pub fn is_xml(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    text.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<')
}

/// The URLs of a list: lines trimmed, blank lines and lines starting with `#` skipped (as the CLI's `--urls`).
pub fn list(text: &str) -> Read {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    let urls: Vec<String> = lines.by_ref().take(SITEMAP_MAX_URLS).map(String::from).collect();
    Read { cut: lines.next().is_some(), urls, sitemap: false }
}

/// Reads a URL file's bytes (a gzipped file is refused: the browser would have to hold what it expands to).
pub fn read(name: &str, bytes: &[u8]) -> Result<Read, String> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return Err(format!(
            "{name} is gzipped: unpack it first, or run `robotscope check robots.txt --agent AGENT --sitemap {name}` \
             (which reads gzipped sitemaps)."
        ));
    }
    let text = String::from_utf8_lossy(bytes);
    if !is_xml(bytes) {
        return Ok(list(&text));
    }
    sitemap(name, &text)
}

#[cfg(target_arch = "wasm32")]
fn sitemap(name: &str, text: &str) -> Result<Read, String> {
    use web_sys::{DomParser, SupportedType};
    let unreadable = || format!("{name} is not XML a browser can read (a sitemap is an XML `urlset`).");
    let parser = DomParser::new().map_err(|_| unreadable())?;
    let doc = parser.parse_from_string(text, SupportedType::TextXml).map_err(|_| unreadable())?;
    if doc.get_elements_by_tag_name("parsererror").length() > 0 {
        return Err(unreadable());
    }
    let root = doc.document_element().map(|e| e.local_name()).unwrap_or_default();
    match root.as_str() {
        "urlset" => {}
        "sitemapindex" => {
            return Err(format!(
                "{name} is a sitemap index: it lists sitemaps, not pages. Open one of the sitemaps it lists, or run \
                 `robotscope check robots.txt --agent AGENT --sitemap {name}` (which follows an index)."
            ))
        }
        "html" => return Err(format!("{name} is an HTML page, not a sitemap or a list of URLs.")),
        other => return Err(format!("{name} is XML whose root is <{other}>, not a sitemap's <urlset>.")),
    }
    let locs = doc.get_elements_by_tag_name_ns(Some("*"), "loc").map_err(|_| unreadable())?;
    let mut urls = Vec::new();
    let mut cut = false;
    for i in 0..locs.length() {
        let Some(loc) = locs.item(i) else { continue };
        // A page's <loc> (an image's or a video's sit in their own elements under <url>).
        if loc.parent_element().map(|p| p.local_name()).as_deref() != Some("url") {
            continue;
        }
        let url = loc.text_content().unwrap_or_default();
        let url = url.trim();
        if url.is_empty() {
            continue;
        }
        if urls.len() == SITEMAP_MAX_URLS {
            cut = true;
            break;
        }
        urls.push(url.to_string());
    }
    Ok(Read { urls, cut, sitemap: true })
}

/// Natively (the tests), XML is not read: the browser reads it.
#[cfg(not(target_arch = "wasm32"))]
fn sitemap(name: &str, _text: &str) -> Result<Read, String> {
    Err(format!("{name}: sitemaps are read by the browser"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_skip_blanks_and_comments_and_stop_at_the_protocol_limit() {
        let read = list("# pages\n https://a.example/x \n\n/y\n#z\n");
        assert_eq!(read, Read { urls: vec!["https://a.example/x".into(), "/y".into()], cut: false, sitemap: false });
        let long: String = (0..SITEMAP_MAX_URLS + 1).map(|i| format!("/p{i}\n")).collect();
        let read = list(&long);
        assert_eq!((read.urls.len(), read.cut), (SITEMAP_MAX_URLS, true));
        assert_eq!(read.urls.last().map(String::as_str), Some("/p49999"));
        let exact: String = (0..SITEMAP_MAX_URLS).map(|i| format!("/p{i}\n")).collect();
        assert!(!list(&exact).cut);
    }

    #[test]
    fn xml_and_gzip_are_told_apart_from_lists() {
        assert!(is_xml(b"\xEF\xBB\xBF  \n<?xml version=\"1.0\"?><urlset/>"));
        assert!(!is_xml(b"https://a.example/<x>"));
        assert!(read("s.xml.gz", &[0x1f, 0x8b, 8, 0]).unwrap_err().contains("--sitemap s.xml.gz"));
        assert_eq!(read("u.txt", b"/a\r\n/b\r\n").unwrap().urls, ["/a", "/b"]);
    }
}
