//! A small JSON writer: the adapter hands structured answers to JavaScript as one JSON string, which the JS
//! façade reads with `JSON.parse`. One string crossing the boundary is faster than building objects field by
//! field through the boundary, and keeps the `.wasm` smaller than a serialisation framework would.

use alloc::string::String;
use core::fmt::Write;

/// Builds one JSON document. Callers write keys and values in order; commas are placed automatically.
#[derive(Debug, Default)]
pub struct Json {
    out: String,
    /// Whether the next value in the current object or array needs a comma before it.
    comma: bool,
}

impl Json {
    pub fn new() -> Json {
        Json { out: String::with_capacity(256), comma: false }
    }

    pub fn finish(self) -> String {
        self.out
    }

    fn sep(&mut self) {
        if self.comma {
            self.out.push(',');
        }
        self.comma = true;
    }

    pub fn open_object(&mut self) -> &mut Self {
        self.sep();
        self.out.push('{');
        self.comma = false;
        self
    }

    pub fn close_object(&mut self) -> &mut Self {
        self.out.push('}');
        self.comma = true;
        self
    }

    pub fn open_array(&mut self) -> &mut Self {
        self.sep();
        self.out.push('[');
        self.comma = false;
        self
    }

    pub fn close_array(&mut self) -> &mut Self {
        self.out.push(']');
        self.comma = true;
        self
    }

    /// Writes `"name":`; the value written next belongs to it.
    pub fn key(&mut self, name: &str) -> &mut Self {
        self.sep();
        self.out.push('"');
        self.out.push_str(name);
        self.out.push_str("\":");
        self.comma = false;
        self
    }

    pub fn str(&mut self, s: &str) -> &mut Self {
        self.sep();
        self.out.push('"');
        for c in s.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                '\r' => self.out.push_str("\\r"),
                '\t' => self.out.push_str("\\t"),
                c if (c as u32) < 0x20 => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    self.out.push_str("\\u00");
                    self.out.push(HEX[c as usize >> 4] as char);
                    self.out.push(HEX[c as usize & 15] as char);
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
        self
    }

    /// Writes bytes as a string, invalid UTF-8 replaced with U+FFFD.
    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.str(&String::from_utf8_lossy(b))
    }

    pub fn num(&mut self, n: usize) -> &mut Self {
        self.sep();
        let _ = write!(self.out, "{n}");
        self
    }

    pub fn bool(&mut self, b: bool) -> &mut Self {
        self.sep();
        self.out.push_str(if b { "true" } else { "false" });
        self
    }

    pub fn null(&mut self) -> &mut Self {
        self.sep();
        self.out.push_str("null");
        self
    }

    /// Writes `value` with `write`, or `null` when there is none.
    pub fn opt<T>(&mut self, value: Option<T>, write: impl FnOnce(&mut Json, T)) -> &mut Self {
        match value {
            Some(v) => write(self, v),
            None => {
                self.null();
            }
        }
        self
    }

    pub fn opt_str(&mut self, s: Option<&str>) -> &mut Self {
        match s {
            Some(s) => self.str(s),
            None => self.null(),
        }
    }

    pub fn nums(&mut self, ns: &[usize]) -> &mut Self {
        self.open_array();
        for &n in ns {
            self.num(n);
        }
        self.close_array()
    }
}

#[cfg(test)]
mod tests {
    use super::Json;

    #[test]
    fn writes_nested_values_with_commas_and_escapes() {
        let mut j = Json::new();
        j.open_object().key("a").num(1).key("b").open_array().str("x\"\n\u{1}").bool(true).null().close_array();
        j.key("c").open_object().close_object().close_object();
        assert_eq!(j.finish(), r#"{"a":1,"b":["x\"\n\u0001",true,null],"c":{}}"#);
    }
}
