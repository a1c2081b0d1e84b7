//! A small JSON reader (RFC 8259) for checking the trace files the runtime writes: strict, so
//! a file it accepts is JSON any trace viewer reads.

use std::collections::BTreeMap;

/// A JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Json>),
    Object(BTreeMap<String, Json>),
}

impl Json {
    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(m) => m.get(key),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number, if this is one.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => Some(*n),
            _ => None,
        }
    }
}

/// Parses a whole JSON text.
pub fn parse(text: &str) -> Result<Json, String> {
    let mut p = Parser { text, s: text.as_bytes(), at: 0 };
    let v = p.value()?;
    p.ws();
    if p.at != p.s.len() {
        return Err(format!("trailing text at byte {}", p.at));
    }
    Ok(v)
}

struct Parser<'a> {
    text: &'a str,
    s: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.at < self.s.len() && matches!(self.s[self.at], b' ' | b'\t' | b'\n' | b'\r') {
            self.at += 1;
        }
    }

    fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} at byte {}", self.at))
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.at) == Some(&c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        match self.s.get(self.at) {
            Some(b'{') => {
                self.at += 1;
                let mut m = BTreeMap::new();
                if self.eat(b'}') {
                    return Ok(Json::Object(m));
                }
                loop {
                    self.ws();
                    let Json::String(k) = self.value()? else { return self.err("object key is not a string") };
                    if !self.eat(b':') {
                        return self.err("expected ':'");
                    }
                    let v = self.value()?;
                    if m.insert(k.clone(), v).is_some() {
                        return self.err(&format!("duplicate key {k}"));
                    }
                    if self.eat(b'}') {
                        return Ok(Json::Object(m));
                    }
                    if !self.eat(b',') {
                        return self.err("expected ',' or '}'");
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                let mut v = Vec::new();
                if self.eat(b']') {
                    return Ok(Json::Array(v));
                }
                loop {
                    v.push(self.value()?);
                    if self.eat(b']') {
                        return Ok(Json::Array(v));
                    }
                    if !self.eat(b',') {
                        return self.err("expected ',' or ']'");
                    }
                }
            }
            Some(b'"') => {
                self.at += 1;
                let mut out = String::new();
                loop {
                    match self.s.get(self.at) {
                        None => return self.err("unterminated string"),
                        Some(b'"') => {
                            self.at += 1;
                            return Ok(Json::String(out));
                        }
                        Some(b'\\') => {
                            let c = match self.s.get(self.at + 1) {
                                Some(b'"') => '"',
                                Some(b'\\') => '\\',
                                Some(b'/') => '/',
                                Some(b'n') => '\n',
                                Some(b't') => '\t',
                                Some(b'r') => '\r',
                                Some(b'b') => '\u{8}',
                                Some(b'f') => '\u{c}',
                                Some(b'u') => {
                                    let hex = std::str::from_utf8(self.s.get(self.at + 2..self.at + 6).unwrap_or(b""))
                                        .map_err(|_| "bad \\u escape".to_string())?;
                                    let n = u32::from_str_radix(hex, 16).map_err(|_| "bad \\u escape".to_string())?;
                                    self.at += 4;
                                    char::from_u32(n).unwrap_or('\u{fffd}')
                                }
                                _ => return self.err("bad escape"),
                            };
                            out.push(c);
                            self.at += 2;
                        }
                        Some(&c) if c < 0x20 => return self.err("control character in string"),
                        Some(_) => {
                            // `at` is at a character boundary: escapes and quotes are ASCII.
                            let c = self.text.get(self.at..).and_then(|r| r.chars().next()).unwrap_or('\u{fffd}');
                            out.push(c);
                            self.at += c.len_utf8();
                        }
                    }
                }
            }
            Some(b't') if self.s[self.at..].starts_with(b"true") => {
                self.at += 4;
                Ok(Json::Bool(true))
            }
            Some(b'f') if self.s[self.at..].starts_with(b"false") => {
                self.at += 5;
                Ok(Json::Bool(false))
            }
            Some(b'n') if self.s[self.at..].starts_with(b"null") => {
                self.at += 4;
                Ok(Json::Null)
            }
            Some(b'-' | b'0'..=b'9') => {
                let start = self.at;
                while self.at < self.s.len()
                    && matches!(self.s[self.at], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    self.at += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.at]).unwrap_or("");
                let leading_zero = t.trim_start_matches('-').starts_with('0')
                    && t.trim_start_matches('-').len() > 1
                    && !t.trim_start_matches('-')[1..].starts_with(['.', 'e', 'E']);
                match t.parse::<f64>() {
                    Ok(n) if !leading_zero && !t.ends_with('.') && !t.starts_with('.') => Ok(Json::Number(n)),
                    _ => self.err(&format!("bad number {t}")),
                }
            }
            _ => self.err("expected a value"),
        }
    }
}

#[test]
fn reads_json_and_refuses_what_is_not() {
    let v = parse(r#"{"a":[1,-2.5e3,"x\"\u0041"],"b":{"c":null,"d":true}}"#).unwrap();
    assert_eq!(
        v.get("a"),
        Some(&Json::Array(vec![Json::Number(1.0), Json::Number(-2500.0), Json::String("x\"A".into())]))
    );
    assert_eq!(v.get("b").and_then(|b| b.get("d")), Some(&Json::Bool(true)));
    for bad in ["{\"a\":1,}", "[1 2]", "{\"a\" 1}", "01", "\"a", "{\"a\":1,\"a\":2}", "[1] x"] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}
