//! A minimal JSON writer: objects keep their keys in the order written, which makes the output easy to
//! read and diff (serde_json's `Value` sorts keys unless a workspace-wide feature is switched on).

use std::fmt::Write;

/// Appends `s` as a JSON string literal.
pub fn push_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c < ' ' || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_str(&mut out, s);
    out
}

/// Builds one JSON object: `{"a":1,"b":"x"}`.
#[derive(Debug)]
pub struct Object {
    buf: String,
}

impl Object {
    /// An empty object.
    pub fn new() -> Object {
        Object { buf: String::from("{") }
    }

    fn key(&mut self, key: &str) {
        if self.buf.len() > 1 {
            self.buf.push(',');
        }
        push_str(&mut self.buf, key);
        self.buf.push(':');
    }

    /// Adds a string member.
    pub fn str(mut self, key: &str, value: &str) -> Object {
        self.key(key);
        push_str(&mut self.buf, value);
        self
    }

    /// Adds a string member, or `null`.
    pub fn opt_str(self, key: &str, value: Option<&str>) -> Object {
        match value {
            Some(v) => self.str(key, v),
            None => self.raw(key, "null"),
        }
    }

    /// Adds a number member.
    pub fn num(mut self, key: &str, value: usize) -> Object {
        self.key(key);
        let _ = write!(self.buf, "{value}");
        self
    }

    /// Adds a boolean member.
    pub fn bool(self, key: &str, value: bool) -> Object {
        self.raw(key, if value { "true" } else { "false" })
    }

    /// Adds an array of numbers.
    pub fn nums(mut self, key: &str, values: &[usize]) -> Object {
        self.key(key);
        self.buf.push('[');
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.buf.push(',');
            }
            let _ = write!(self.buf, "{v}");
        }
        self.buf.push(']');
        self
    }

    /// Adds an array of strings.
    pub fn strs<S: AsRef<str>>(mut self, key: &str, values: &[S]) -> Object {
        self.key(key);
        self.buf.push('[');
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.buf.push(',');
            }
            push_str(&mut self.buf, v.as_ref());
        }
        self.buf.push(']');
        self
    }

    /// Adds a member whose value is already JSON text.
    pub fn raw(mut self, key: &str, json: &str) -> Object {
        self.key(key);
        self.buf.push_str(json);
        self
    }

    /// Adds an array whose items are already JSON text.
    pub fn raw_array(mut self, key: &str, items: &[String]) -> Object {
        self.key(key);
        self.buf.push('[');
        self.buf.push_str(&items.join(","));
        self.buf.push(']');
        self
    }

    /// The finished object.
    pub fn finish(mut self) -> String {
        self.buf.push('}');
        self.buf
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_order() {
        let o = Object::new()
            .str("b", "q\"\\\n\u{1}é")
            .num("a", 3)
            .bool("t", true)
            .opt_str("n", None)
            .nums("l", &[1, 2])
            .strs("s", &["x"])
            .finish();
        assert_eq!(o, r#"{"b":"q\"\\\n\u0001é","a":3,"t":true,"n":null,"l":[1,2],"s":["x"]}"#);
        let v: serde_json::Value = serde_json::from_str(&o).unwrap();
        assert_eq!(v["b"], "q\"\\\n\u{1}é");
    }
}
