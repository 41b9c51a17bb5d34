//! The pipe to `oracle.py`, one long-lived Python process running Google's library.
//!
//! Frames are a little-endian `u32` length and a payload. A blob is a `u32` length and its bytes.
//!
//! Request: `u32` file count; per file: blob body, `u8` 1 when the parse is wanted (then blob of the body to
//! parse), `u32` query count; per query: `u8` agent count, agent blobs, blob URL. Then `u32` agent-string
//! count and the agent blobs.
//!
//! Reply: per file: when the parse was wanted, `u8` 1 (0 when the extension could not hand a value to Python;
//! nothing follows then), `u32` line count, per line `u8` flags and `u32` line number, `u32` callback count,
//! per callback `u8` kind, `u32` line, blob key, blob value; then per query `u8` allowed and `u32` matching
//! line. Then per agent string: blob `ExtractUserAgent`, `u8` `IsValidUserAgentToObey`.

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use crate::case::Parse;

/// One file and the questions about it.
#[derive(Debug, Clone)]
pub struct FileAsk {
    pub body: Vec<u8>,
    /// The body whose per-line metadata and callbacks are compared (see `gen::parse_body`), if any.
    pub parse_body: Option<Vec<u8>>,
    pub queries: Vec<Query>,
}

#[derive(Debug, Clone)]
pub struct Query {
    pub agents: Vec<String>,
    pub url: String,
}

/// Google's answers about one file.
#[derive(Debug, Clone, Default)]
pub struct FileAnswer {
    /// `None` when no parse was asked; `Some(None)` when the extension could not report it.
    pub parse: Option<Option<Parse>>,
    pub verdicts: Vec<(bool, usize)>,
}

/// `ExtractUserAgent` and `IsValidUserAgentToObey` of each agent string asked about.
pub type Tokens = Vec<(String, bool)>;

pub struct Oracle {
    child: Child,
    input: Option<BufWriter<ChildStdin>>,
    output: BufReader<ChildStdout>,
}

impl Oracle {
    pub fn start(python: &Path, script: &Path) -> std::io::Result<Oracle> {
        let mut child = Command::new(python)
            .arg("-u")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let input = BufWriter::with_capacity(1 << 20, child.stdin.take().expect("piped stdin"));
        let output = BufReader::with_capacity(1 << 20, child.stdout.take().expect("piped stdout"));
        Ok(Oracle { child, input: Some(input), output })
    }

    /// Asks about `files` and the agent strings; the answers come back in order.
    pub fn ask(&mut self, files: &[FileAsk], agents: &[String]) -> std::io::Result<(Vec<FileAnswer>, Tokens)> {
        let mut req = vec![0; 4];
        put_u32(&mut req, files.len());
        for f in files {
            put_blob(&mut req, &f.body);
            match &f.parse_body {
                Some(b) => {
                    req.push(1);
                    put_blob(&mut req, b);
                }
                None => req.push(0),
            }
            put_u32(&mut req, f.queries.len());
            for q in &f.queries {
                req.push(q.agents.len() as u8);
                for a in &q.agents {
                    put_blob(&mut req, a.as_bytes());
                }
                put_blob(&mut req, q.url.as_bytes());
            }
        }
        put_u32(&mut req, agents.len());
        for a in agents {
            put_blob(&mut req, a.as_bytes());
        }
        let len = u32::try_from(req.len() - 4).map_err(std::io::Error::other)?;
        req[..4].copy_from_slice(&len.to_le_bytes());
        let input = self.input.as_mut().expect("open until dropped");
        input.write_all(&req)?;
        input.flush()?;

        let mut head = [0; 4];
        self.output.read_exact(&mut head)?;
        let mut reply = vec![0; u32::from_le_bytes(head) as usize];
        self.output.read_exact(&mut reply)?;
        let mut r = Reader { data: &reply, pos: 0 };
        let mut answers = Vec::with_capacity(files.len());
        for f in files {
            let mut answer = FileAnswer::default();
            if f.parse_body.is_some() {
                answer.parse = Some(if r.u8()? == 1 {
                    let mut parse = Parse::default();
                    for _ in 0..r.u32()? {
                        let flags = r.u8()?;
                        parse.lines.push((r.u32()?, flags));
                    }
                    for _ in 0..r.u32()? {
                        let kind = r.u8()?;
                        let line = r.u32()?;
                        parse.calls.push((kind, line, r.blob()?, r.blob()?));
                    }
                    Some(parse)
                } else {
                    None
                });
            }
            for _ in &f.queries {
                let allowed = r.u8()? == 1;
                answer.verdicts.push((allowed, r.u32()? as usize));
            }
            answers.push(answer);
        }
        let mut tokens = Vec::with_capacity(agents.len());
        for _ in agents {
            let token = String::from_utf8_lossy(&r.blob()?).into_owned();
            tokens.push((token, r.u8()? == 1));
        }
        if r.pos != reply.len() {
            return Err(std::io::Error::other("the oracle's reply is longer than expected"));
        }
        Ok((answers, tokens))
    }

    /// Google's verdict and deciding line for one question.
    pub fn verdict(&mut self, body: &[u8], agents: &[String], url: &str) -> std::io::Result<(bool, usize)> {
        let ask = FileAsk {
            body: body.to_vec(),
            parse_body: None,
            queries: vec![Query { agents: agents.to_vec(), url: url.to_string() }],
        };
        Ok(self.ask(&[ask], &[])?.0[0].verdicts[0])
    }

    /// Google's per-line metadata and callbacks for one body (`None` when it cannot report them).
    pub fn parse(&mut self, body: &[u8]) -> std::io::Result<Option<Parse>> {
        let ask = FileAsk { body: Vec::new(), parse_body: Some(body.to_vec()), queries: Vec::new() };
        Ok(self.ask(&[ask], &[])?.0.remove(0).parse.flatten())
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        // Closing its input ends the oracle's loop; then reap it.
        drop(self.input.take());
        let _ = self.child.wait();
    }
}

fn put_u32(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&u32::try_from(n).expect("a frame fits in u32").to_le_bytes());
}

fn put_blob(out: &mut Vec<u8>, bytes: &[u8]) {
    put_u32(out, bytes.len());
    out.extend_from_slice(bytes);
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> std::io::Result<&[u8]> {
        let end = self.pos + n;
        let bytes = self.data.get(self.pos..end).ok_or_else(|| std::io::Error::other("the oracle's reply is short"))?;
        self.pos = end;
        Ok(bytes)
    }
    fn u8(&mut self) -> std::io::Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> std::io::Result<u32> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }
    fn blob(&mut self) -> std::io::Result<Vec<u8>> {
        let n = self.u32()? as usize;
        Ok(self.take(n)?.to_vec())
    }
}
