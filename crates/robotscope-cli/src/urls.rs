//! URL lists (`check --urls FILE`, `diff --urls FILE`, a URL argument `-`): one URL per line, read and
//! handed on one at a time, so memory follows the longest line, not the length of the list.

use std::ffi::OsStr;
use std::io::{self, BufRead, BufReader, Read};

use crate::args::shown_path;
use crate::fetch::NetOptions;
use crate::sitemap::Summary;
use crate::Failure;

/// How many URLs `check` and `diff` ask at once: the most a question answers (the core's `MAX_URLS`), so memory
/// is bounded by a chunk, not by the list.
pub const CHUNK: usize = robotscope::MAX_URLS;

/// Adds `url` to `chunk`; returns the chunk, leaving an empty one in its place, once it holds [`CHUNK`] URLs.
pub fn fill(chunk: &mut Vec<String>, url: &str) -> Option<Vec<String>> {
    chunk.push(url.to_owned());
    (chunk.len() >= CHUNK).then(|| std::mem::take(chunk))
}

/// Calls `each` with every URL a command was given: those of `sitemap` (read with `net`, counted in `summary`),
/// or the URL arguments and then those of the list `file`.
pub fn for_each_given(
    urls: &[String],
    file: Option<&OsStr>,
    sitemap: Option<&str>,
    net: &NetOptions,
    summary: &mut Summary,
    each: &mut dyn FnMut(&str) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if let Some(sitemap) = sitemap {
        return crate::sitemap::for_each_url(sitemap, &net.net(), summary, each);
    }
    urls.iter().try_for_each(|u| each(u))?;
    file.map_or(Ok(0), |f| for_each(f, each)).map(drop)
}

/// The longest line kept whole (a URL longer than this is an error naming its line, not a reason to grow).
const MAX_LINE: usize = 64 * 1024;

/// Reads the URL list `file` (`-`: standard input) and calls `each` with every URL: lines are trimmed, and
/// blank lines and lines starting with `#` are skipped. Bytes that are not UTF-8 are replaced (U+FFFD).
pub fn for_each(file: &OsStr, each: &mut dyn FnMut(&str) -> Result<(), Failure>) -> Result<usize, Failure> {
    let name = shown_path(file);
    let cannot =
        |e: &io::Error| Failure::Message(format!("cannot read the URL list '{name}': {}", crate::io_reason(e)));
    let reader: Box<dyn BufRead> = if file == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(BufReader::with_capacity(64 * 1024, std::fs::File::open(file).map_err(|e| cannot(&e))?))
    };
    read(reader, &name, each).map_err(|e| match e {
        Failure::Output(io) if io.kind() != io::ErrorKind::BrokenPipe => cannot(&io),
        other => other,
    })
}

/// The lines of `reader` as URLs (see [`for_each`]); returns how many URLs were handed on.
fn read(
    mut reader: Box<dyn BufRead + '_>,
    name: &str,
    each: &mut dyn FnMut(&str) -> Result<(), Failure>,
) -> Result<usize, Failure> {
    let mut line = Vec::with_capacity(256);
    let (mut count, mut number) = (0usize, 0usize);
    loop {
        line.clear();
        // At most MAX_LINE + 1 bytes of one line are kept: a longer line is an error, not a larger buffer.
        let n = Read::take(&mut reader, MAX_LINE as u64 + 1).read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(count);
        }
        number += 1;
        if line.len() > MAX_LINE && line.last() != Some(&b'\n') {
            return Err(Failure::Message(format!(
                "line {number} of the URL list '{name}' is longer than {MAX_LINE} bytes"
            )));
        }
        let text = String::from_utf8_lossy(&line);
        let url = text.trim();
        if url.is_empty() || url.starts_with('#') {
            continue;
        }
        count += 1;
        each(url)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(input: &[u8]) -> Result<Vec<String>, String> {
        let mut got = Vec::new();
        let mut each = |u: &str| {
            got.push(u.to_owned());
            Ok(())
        };
        match read(Box::new(input), "list", &mut each) {
            Ok(n) => {
                assert_eq!(n, got.len());
                Ok(got)
            }
            Err(Failure::Message(m)) => Err(m),
            Err(other) => Err(format!("{other:?}")),
        }
    }

    #[test]
    fn comments_blank_lines_and_line_ends_are_skipped() {
        let got = urls(b"# list\n/a\r\n\n   \n  https://example.com/b  \n#/c\n/d").unwrap();
        assert_eq!(got, ["/a", "https://example.com/b", "/d"]);
        assert_eq!(urls(b"").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn an_overlong_line_is_an_error_naming_it() {
        let mut input = b"/a\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        let e = urls(&input).unwrap_err();
        assert!(e.contains("line 2 of the URL list 'list' is longer than"), "{e}");
        // Exactly MAX_LINE bytes and its newline are one URL.
        let mut input = vec![b'/'; MAX_LINE];
        input.push(b'\n');
        assert_eq!(urls(&input).unwrap().len(), 1);
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        assert_eq!(urls(b"/caf\xe9\n").unwrap(), ["/caf\u{fffd}"]);
    }
}
