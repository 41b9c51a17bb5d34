//! The editor's text model, free of browser code: changes as splices, the undo history, the window of lines the
//! text area holds, and UTF-16 offsets (what a text area's selection is counted in).
//!
//! The editor's text area holds a window of the file around what is in view, not the whole file: a browser lays
//! out a text area's whole value after every keystroke, which for 500 KiB costs tens of milliseconds and for
//! 10 MB seconds. The app keeps the whole text; the text area's edits are spliced into it.

use std::rc::Rc;

/// A change of the text: the bytes `start..end` replaced by `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    /// Where the replaced bytes start.
    pub start: usize,
    /// Where they end.
    pub end: usize,
    /// What replaces them.
    pub text: String,
}

impl Splice {
    /// The smallest splice that turns `old` into `new`, offset by `base` (where `old` starts in the whole text),
    /// or `None` when they are equal. Both ends fall on character boundaries.
    pub fn between(base: usize, old: &str, new: &str) -> Option<Splice> {
        if old == new {
            return None;
        }
        let (a, b) = (old.as_bytes(), new.as_bytes());
        let mut prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        while !(old.is_char_boundary(prefix) && new.is_char_boundary(prefix)) {
            prefix -= 1;
        }
        let room = a.len().min(b.len()) - prefix;
        let mut suffix = a.iter().rev().zip(b.iter().rev()).take(room).take_while(|(x, y)| x == y).count();
        while !(old.is_char_boundary(a.len() - suffix) && new.is_char_boundary(b.len() - suffix)) {
            suffix -= 1;
        }
        Some(Splice {
            start: base + prefix,
            end: base + a.len() - suffix,
            text: new[prefix..b.len() - suffix].to_string(),
        })
    }

    /// `text` with this splice made. The ends are clamped to `text` and to character boundaries.
    pub fn apply(&self, text: &str) -> String {
        let start = floor_boundary(text, self.start);
        let end = floor_boundary(text, self.end.max(start));
        let mut out = String::with_capacity(text.len() - (end - start) + self.text.len());
        out.push_str(&text[..start]);
        out.push_str(&self.text);
        out.push_str(&text[end..]);
        out
    }
}

/// `text` with its CR LF and lone CR line ends made LF, as a text area makes pasted text.
// By characters rather than `str::replace`, whose substring search (`StrSearcher`) the tester links nowhere else.
pub fn lf(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            chars.next_if_eq(&'\n');
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

/// Where `needle` first occurs in `hay`, by bytes (for short needles such as `://`, without `StrSearcher`).
pub fn find(hay: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    hay.as_bytes().windows(needle.len()).position(|w| w == needle.as_bytes())
}

/// The largest character boundary of `text` at or before `at` (clamped to its length).
pub fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// How many UTF-16 code units `text[..byte]` has (`byte` clamped to a boundary).
pub fn utf16_len(text: &str, byte: usize) -> u32 {
    text[..floor_boundary(text, byte)].encode_utf16().count() as u32
}

/// The byte offset in `text` of UTF-16 offset `units` (past the end: the length; inside a surrogate pair: the
/// character's start).
pub fn byte_of_utf16(text: &str, units: u32) -> usize {
    let mut count = 0u32;
    for (at, c) in text.char_indices() {
        count += c.len_utf16() as u32;
        if count > units {
            return at;
        }
    }
    text.len()
}

/// What one undo step undoes.
#[derive(Debug, Clone, PartialEq)]
struct Change {
    /// Where the change starts.
    at: usize,
    /// The text it removed.
    removed: String,
    /// The text it inserted.
    inserted: String,
    /// How it was made: runs of typing (or of deleting) become one step.
    kind: ChangeKind,
    /// When (milliseconds, any clock): a pause of a second ends a run.
    time: f64,
}

/// How a change was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    /// Typed characters (no line break).
    Typing,
    /// Characters deleted one key at a time.
    Deleting,
    /// Anything else: a paste, a cut, a line break, a file opened, an example loaded.
    Other,
}

/// The undo and redo stacks of the editor's text. The text area's own history cannot serve: it is emptied each
/// time the app sets the text area's value (another window of the file, a file opened, an example).
///
/// A value: each state has its own, and cloning one copies only the stacks' pointers (the steps are shared),
/// so the reducer changes a copy and leaves the previous state's history as it was.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct History {
    undo: Vec<Rc<Change>>,
    redo: Vec<Rc<Change>>,
    /// The bytes held by both stacks.
    bytes: usize,
}

/// How many steps are kept.
const MAX_STEPS: usize = 1000;
/// How many bytes of removed and inserted text are kept (a few 10 MB pastes).
const MAX_BYTES: usize = 64 * 1024 * 1024;
/// A pause longer than this (milliseconds) ends a run of typing.
const RUN_PAUSE_MS: f64 = 1000.0;
/// A step this large is not extended by a run: extending a step shared with an earlier state copies it.
const RUN_MAX_BYTES: usize = 64 * 1024;

impl History {
    /// Records `splice`, made to `text` (the text before it), at `time`.
    pub fn record(&mut self, text: &str, splice: &Splice, kind: ChangeKind, time: f64) {
        self.record_change(text, splice.start, splice.end, &splice.text, kind, time);
    }

    /// Records the replacement of all of `text` by `new` (a file opened, an example, a session restored): a
    /// step of its own.
    pub fn record_replacement(&mut self, text: &str, new: &str) {
        self.record_change(text, 0, text.len(), new, ChangeKind::Other, f64::INFINITY);
    }

    /// Records the bytes `start..end` of `text` replaced by `inserted`.
    fn record_change(&mut self, text: &str, start: usize, end: usize, inserted: &str, kind: ChangeKind, time: f64) {
        let start = floor_boundary(text, start);
        let end = floor_boundary(text, end.max(start));
        let removed = &text[start..end];
        for c in self.redo.drain(..) {
            self.bytes -= c.removed.len() + c.inserted.len();
        }
        self.bytes += removed.len() + inserted.len();
        if let Some(last) = self.undo.last_mut().filter(|l| l.removed.len() + l.inserted.len() <= RUN_MAX_BYTES) {
            let recent = time - last.time <= RUN_PAUSE_MS && time >= last.time;
            let last = Rc::make_mut(last);
            if recent && kind == ChangeKind::Typing && last.kind == kind && last.at + last.inserted.len() == start {
                last.removed.push_str(removed);
                last.inserted.push_str(inserted);
                last.time = time;
                return;
            }
            if recent && kind == ChangeKind::Deleting && last.kind == kind && last.inserted.is_empty() {
                if end == last.at {
                    // Backspace: the new deletion is just before the last one.
                    last.removed.insert_str(0, removed);
                    last.at = start;
                    last.time = time;
                    return;
                }
                if start == last.at {
                    // Delete: the text closed up, so the next deletion starts at the same place.
                    last.removed.push_str(removed);
                    last.time = time;
                    return;
                }
            }
        }
        self.undo.push(Rc::new(Change {
            at: start,
            removed: removed.to_string(),
            inserted: inserted.to_string(),
            kind,
            time,
        }));
        while self.undo.len() > MAX_STEPS || (self.bytes > MAX_BYTES && self.undo.len() > 1) {
            let old = self.undo.remove(0);
            self.bytes -= old.removed.len() + old.inserted.len();
        }
    }

    /// Undoes the last step of `text`: the text before it and the selection to show (the restored text), or
    /// `None` when there is nothing to undo.
    pub fn undo(&mut self, text: &str) -> Option<(String, (usize, usize))> {
        let change = self.undo.pop()?;
        let splice = Splice { start: change.at, end: change.at + change.inserted.len(), text: change.removed.clone() };
        let selection = (change.at, change.at + change.removed.len());
        let out = splice.apply(text);
        // A redone step never joins a run: its time is too old, and `kind` says so too.
        let change = if change.kind == ChangeKind::Other || change.removed.len() + change.inserted.len() > RUN_MAX_BYTES
        {
            change
        } else {
            Rc::new(Change { kind: ChangeKind::Other, ..(*change).clone() })
        };
        self.redo.push(change);
        Some((out, selection))
    }

    /// Redoes the last undone step: the text after it and the caret to show (after the inserted text).
    pub fn redo(&mut self, text: &str) -> Option<(String, (usize, usize))> {
        let change = self.redo.pop()?;
        let splice = Splice { start: change.at, end: change.at + change.removed.len(), text: change.inserted.clone() };
        let caret = change.at + change.inserted.len();
        let out = splice.apply(text);
        self.undo.push(change);
        Some((out, (caret, caret)))
    }
}

/// A run of whole lines of the file, `first..last` (0-based line indices): what the text area holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// The first line.
    pub first: usize,
    /// The line after the last.
    pub last: usize,
}

/// Files up to this many lines (and [`WINDOW_BYTES`]) go into the text area whole.
pub const WHOLE_LINES: usize = 2000;
/// The most bytes a window holds (beyond the lines in view, which it always holds).
pub const WINDOW_BYTES: usize = 96 * 1024;
/// Lines held above and below the lines in view, when they fit in [`WINDOW_BYTES`].
pub const MARGIN_LINES: usize = 400;

impl Span {
    /// The window for lines `view.0..view.1` in view, for a text of `len` bytes whose lines start at `starts`:
    /// the whole file when it is small, else the view and up to [`MARGIN_LINES`] on each side, within
    /// [`WINDOW_BYTES`].
    pub fn around(starts: &[usize], len: usize, view: (usize, usize)) -> Span {
        let count = starts.len().max(1);
        if count <= WHOLE_LINES && len <= WINDOW_BYTES {
            return Span { first: 0, last: count };
        }
        let first = view.0.min(count - 1);
        // A view is a screenful of lines; more than that is a caller's mistake, not a reason for a huge window.
        let last = view.1.clamp(first + 1, count).min(first + 1000);
        let byte = |line: usize| starts.get(line).copied().unwrap_or(len);
        let spare = WINDOW_BYTES.saturating_sub(byte(last) - byte(first)) / 2;
        // The earliest line within the margin whose bytes up to `first` fit in half the spare bytes.
        let low = first.saturating_sub(MARGIN_LINES);
        let above = low + starts[low..first].partition_point(|&s| byte(first) - s > spare);
        // The latest line within the margin whose bytes from `last` fit.
        let high = (last + MARGIN_LINES).min(count);
        let below =
            last + starts[last.min(starts.len())..high.min(starts.len())].partition_point(|&s| s - byte(last) <= spare);
        Span { first: above, last: below.clamp(last, count) }
    }

    /// Whether this span is the whole file of `count` lines.
    pub fn is_whole(&self, count: usize) -> bool {
        self.first == 0 && self.last >= count
    }

    /// The bytes of the span in a text of `len` bytes whose lines start at `starts`: from its first line's start
    /// to its last line's end (before that line's line break, unless the span reaches the end of the text).
    pub fn bytes(&self, starts: &[usize], len: usize) -> (usize, usize) {
        let start = starts.get(self.first).copied().unwrap_or(len);
        let end = starts.get(self.last).map_or(len, |&next| next - 1);
        (start, end.max(start))
    }

    /// The lines in view, `view`, are comfortably inside this span: at least half of each margin it was given
    /// is left (a margin at the file's start or end never runs out).
    pub fn holds(&self, given: (usize, usize), view: (usize, usize), count: usize) -> bool {
        let top_ok = self.first == 0 || view.0 >= self.first + (given.0.saturating_sub(self.first)) / 2;
        let bottom_ok = self.last >= count || view.1 + (self.last.saturating_sub(given.1)) / 2 <= self.last;
        top_ok && bottom_ok
    }
}

/// The line (0-based) holding byte `at`.
pub fn line_of(starts: &[usize], at: usize) -> usize {
    starts.partition_point(|&s| s <= at).saturating_sub(1)
}

/// Where each line of a text starts (byte offsets; the text has LF line ends only, as a text area holds it):
/// built once per text, and shared by the analysis, the editor's window and its drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl Default for LineIndex {
    fn default() -> LineIndex {
        LineIndex::new("")
    }
}

impl LineIndex {
    /// Indexes `text`; the first line starts at 0, and a text ending in a line break has an empty last line.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i + 1));
        LineIndex { starts, len: text.len() }
    }

    /// Where each line starts.
    pub fn starts(&self) -> &[usize] {
        &self.starts
    }

    /// The length of the text indexed.
    pub fn text_len(&self) -> usize {
        self.len
    }

    /// The number of lines.
    pub fn count(&self) -> usize {
        self.starts.len()
    }

    /// Where line `index` (0-based) starts (the text's length past the last line).
    pub fn start(&self, index: usize) -> usize {
        self.starts.get(index).copied().unwrap_or(self.len)
    }

    /// Where line `index` (0-based) ends, before its line break (the text's length past the last line).
    pub fn end(&self, index: usize) -> usize {
        self.starts.get(index + 1).map_or(self.len, |&next| next - 1).max(self.start(index))
    }

    /// The line (0-based) holding byte `at`.
    pub fn line_of(&self, at: usize) -> usize {
        line_of(&self.starts, at)
    }

    /// The text of line `number` (from 1, as the engine counts) of `text`, without its line end; empty past
    /// the last line.
    pub fn line<'t>(&self, text: &'t str, number: usize) -> &'t str {
        let Some(index) = number.checked_sub(1).filter(|&i| i < self.starts.len()) else { return "" };
        text.get(self.start(index)..self.end(index)).unwrap_or("")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends_become_lf_and_searches_find_bytes() {
        for (text, want) in [("a\r\nb\rc", "a\nb\nc"), ("\r\r\n\n", "\n\n\n"), ("é\r", "é\n"), ("plain", "plain")] {
            assert_eq!(lf(text.into()), want, "{text:?}");
        }
        assert_eq!(find("https://x/://", "://"), Some(5));
        assert_eq!(find("example.com", "://"), None);
        assert_eq!(find(":/", "://"), None);
        assert_eq!(find("ab", ""), Some(0));
    }

    fn line_starts(text: &str) -> Vec<usize> {
        LineIndex::new(text).starts().to_vec()
    }

    #[test]
    fn splices_between_texts() {
        assert_eq!(Splice::between(0, "abc", "abc"), None);
        assert_eq!(Splice::between(10, "abc", "abXc"), Some(Splice { start: 12, end: 12, text: "X".into() }));
        assert_eq!(Splice::between(0, "abc", "ac"), Some(Splice { start: 1, end: 2, text: String::new() }));
        assert_eq!(Splice::between(0, "aaa", "aa"), Some(Splice { start: 2, end: 3, text: String::new() }));
        // Boundaries never split a character: é and è share their first byte.
        let s = Splice::between(0, "xéy", "xèy").unwrap();
        assert_eq!(s, Splice { start: 1, end: 3, text: "è".into() });
        let s = Splice::between(0, "é", "éé").unwrap();
        assert_eq!(s.apply("é"), "éé");
        for (old, new) in [("", "abc"), ("abc", ""), ("ab\ncd", "ab\n\ncd"), ("😀😀", "😀x😀"), ("aé", "aè")]
        {
            assert_eq!(Splice::between(0, old, new).unwrap().apply(old), new, "{old:?} -> {new:?}");
        }
    }

    #[test]
    fn splices_clamp() {
        let s = Splice { start: 2, end: 99, text: "!".into() };
        assert_eq!(s.apply("abcd"), "ab!");
        // Inside é (bytes 1..3): the ends move back to its start.
        assert_eq!(Splice { start: 2, end: 2, text: "x".into() }.apply("aé"), "axé");
    }

    #[test]
    fn utf16_offsets_round_trip() {
        let text = "aé😀b\n";
        assert_eq!(utf16_len(text, 0), 0);
        assert_eq!(utf16_len(text, 3), 2);
        assert_eq!(utf16_len(text, 7), 4);
        assert_eq!(utf16_len(text, 99), 6);
        assert_eq!(byte_of_utf16(text, 2), 3);
        assert_eq!(byte_of_utf16(text, 3), 3); // inside the surrogate pair
        assert_eq!(byte_of_utf16(text, 4), 7);
        assert_eq!(byte_of_utf16(text, 99), text.len());
        for (at, _) in text.char_indices() {
            assert_eq!(byte_of_utf16(text, utf16_len(text, at)), at);
        }
    }

    fn typed(h: &mut History, text: &mut String, at: usize, s: &str, time: f64) {
        let splice = Splice { start: at, end: at, text: s.into() };
        h.record(text, &splice, ChangeKind::Typing, time);
        *text = splice.apply(text);
    }

    #[test]
    fn typing_runs_undo_as_one_step() {
        let mut h = History::default();
        let mut text = String::from("Disallow: /\n");
        for (i, c) in ["a", "b", "c"].into_iter().enumerate() {
            typed(&mut h, &mut text, 11 + i, c, i as f64 * 100.0);
        }
        // After a pause, a new step.
        typed(&mut h, &mut text, 14, "d", 5000.0);
        assert_eq!(text, "Disallow: /abcd\n");
        let (t, sel) = h.undo(&text).unwrap();
        assert_eq!((t.as_str(), sel), ("Disallow: /abc\n", (14, 14)));
        let (t, sel) = h.undo(&t).unwrap();
        assert_eq!((t.as_str(), sel), ("Disallow: /\n", (11, 11)));
        assert!(h.undo(&t).is_none());
        let (t, caret) = h.redo(&t).unwrap();
        assert_eq!((t.as_str(), caret), ("Disallow: /abc\n", (14, 14)));
        // A new change empties the redo stack.
        typed(&mut h, &mut t.clone(), 0, "#", 9000.0);
        assert!(h.redo(&t).is_none());
    }

    #[test]
    fn deleting_runs_and_replacements() {
        let mut h = History::default();
        let mut text = String::from("abcdef");
        for (i, at) in [5usize, 4, 3].into_iter().enumerate() {
            let s = Splice { start: at, end: at + 1, text: String::new() };
            h.record(&text, &s, ChangeKind::Deleting, i as f64);
            text = s.apply(&text);
        }
        assert_eq!(text, "abc");
        let s = Splice { start: 0, end: 3, text: "NEW FILE".into() };
        h.record(&text, &s, ChangeKind::Other, 10.0);
        text = s.apply(&text);
        let (t, sel) = h.undo(&text).unwrap();
        assert_eq!((t.as_str(), sel), ("abc", (0, 3)));
        let (t, sel) = h.undo(&t).unwrap();
        assert_eq!((t.as_str(), sel), ("abcdef", (3, 6)));
        assert!(h.undo(&t).is_none());
    }

    #[test]
    fn history_is_bounded() {
        let mut h = History::default();
        let mut text = String::new();
        for i in 0..MAX_STEPS + 10 {
            let s = Splice { start: 0, end: 0, text: "\n".into() };
            h.record(&text, &s, ChangeKind::Other, i as f64);
            text = s.apply(&text);
        }
        assert_eq!(h.undo.len(), MAX_STEPS);
        assert_eq!(h.bytes, MAX_STEPS);
    }

    #[test]
    fn small_files_are_held_whole() {
        let text = "User-agent: *\nDisallow: /\n";
        let starts = line_starts(text);
        let span = Span::around(&starts, text.len(), (0, 1));
        assert!(span.is_whole(starts.len()));
        assert_eq!(span.bytes(&starts, text.len()), (0, text.len()));
    }

    #[test]
    fn large_files_get_a_window_around_the_view() {
        let text: String = (0..50_000).map(|i| format!("Disallow: /p{i}\n")).collect();
        let starts = line_starts(&text);
        let span = Span::around(&starts, text.len(), (20_000, 20_040));
        assert!(span.first < 20_000 && span.last > 20_040, "{span:?}");
        assert!(20_000 - span.first <= MARGIN_LINES && span.last - 20_040 <= MARGIN_LINES);
        let (start, end) = span.bytes(&starts, text.len());
        assert!(end - start <= WINDOW_BYTES, "{} bytes", end - start);
        assert_eq!(&text[start..start + 11], "Disallow: /");
        assert_eq!(text.as_bytes()[end], b'\n');
        assert_eq!(line_of(&starts, start), span.first);
        assert!(span.holds((20_000, 20_040), (20_000, 20_040), starts.len()));
        assert!(!span.holds((20_000, 20_040), (span.last - 5, span.last + 20), starts.len()));
        // At the start and the end of the file, the window reaches the edge.
        let top = Span::around(&starts, text.len(), (0, 40));
        assert_eq!(top.first, 0);
        assert!(top.holds((0, 40), (0, 40), starts.len()));
        let end = Span::around(&starts, text.len(), (starts.len() - 10, starts.len() + 30));
        assert_eq!(end.last, starts.len());
        assert_eq!(end.bytes(&starts, text.len()).1, text.len());
    }

    #[test]
    fn long_lines_shrink_the_margins() {
        let line = "x".repeat(10_000);
        let text: String = (0..300).map(|_| format!("{line}\n")).collect();
        let starts = line_starts(&text);
        let span = Span::around(&starts, text.len(), (150, 152));
        let (start, end) = span.bytes(&starts, text.len());
        assert!(end - start <= WINDOW_BYTES + 3 * 10_001, "{} bytes", end - start);
        assert!(span.first <= 150 && span.last >= 152);
        // A view larger than the budget is still held whole.
        let span = Span::around(&starts, text.len(), (0, 100));
        assert!(span.first == 0 && span.last >= 100);
        // But not a "view" of a whole large file: a screenful at most.
        let text: String = (0..50_000).map(|i| format!("Disallow: /p{i}\n")).collect();
        let starts = line_starts(&text);
        let span = Span::around(&starts, text.len(), (10, 45_000));
        assert!(span.last - span.first <= 1000 + 2 * MARGIN_LINES, "{span:?}");
    }

    #[test]
    fn lines_of_offsets() {
        let starts = line_starts("ab\ncd\n");
        assert_eq!(starts, [0, 3, 6]);
        assert_eq!(line_of(&starts, 0), 0);
        assert_eq!(line_of(&starts, 2), 0);
        assert_eq!(line_of(&starts, 3), 1);
        assert_eq!(line_of(&starts, 6), 2);
    }
}
