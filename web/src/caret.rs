//! The editor's pure arithmetic, free of browser code so that it is tested natively: where a movement key takes
//! the caret, what a delete at a caret removes, which lines a scrolled view shows and draws, which window a
//! selection needs, and the stand-in selection a text area holds for a selection outside its window.

use crate::text::{floor_boundary, utf16_len, LineIndex, Span, WINDOW_BYTES};

/// The height of a line in pixels: `--line-height` in `static/css/app.css`.
pub const LINE_HEIGHT: i32 = 20;
/// Lines drawn above and below the view, so that fast scrolling shows no gaps.
pub const OVERSCAN: usize = 20;
/// The most lines the editor can scroll through: browsers cap an element's height at about 33.5 million
/// pixels (Chromium: 2^25). Lines past it are kept (the answers, the download and share links have them), but
/// cannot be shown; the editor says so.
pub const MAX_SHOWN_LINES: usize = 1_600_000;

/// A key that moves the caret.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// A character left.
    Left,
    /// A character right.
    Right,
    /// A line up, keeping the column where the line is long enough.
    Up,
    /// A line down.
    Down,
    /// A page up.
    PageUp,
    /// A page down.
    PageDown,
    /// The start of the line.
    Home,
    /// The end of the line.
    End,
}

impl Move {
    /// The move of a `KeyboardEvent.key`, if it is one.
    pub fn of_key(key: &str) -> Option<Move> {
        Some(match key {
            "ArrowLeft" => Move::Left,
            "ArrowRight" => Move::Right,
            "ArrowUp" => Move::Up,
            "ArrowDown" => Move::Down,
            "PageUp" => Move::PageUp,
            "PageDown" => Move::PageDown,
            "Home" => Move::Home,
            "End" => Move::End,
            _ => return None,
        })
    }

    /// Whether a collapsed selection moves to its start (rather than its end) for this key.
    pub fn toward_start(self) -> bool {
        matches!(self, Move::Left | Move::Up | Move::Home | Move::PageUp)
    }
}

/// Where `mv` takes the offset `at` (bytes) of `text`, whose lines are `lines`, with `page` lines to a page.
pub fn moved(text: &str, lines: &LineIndex, mv: Move, at: usize, page: usize) -> usize {
    let at = floor_boundary(text, at);
    let line = lines.line_of(at);
    let last = lines.count() - 1;
    let to_line = |n: usize| {
        let column = at - lines.start(line);
        floor_boundary(text, (lines.start(n) + column).min(lines.end(n)))
    };
    let page = page.max(1);
    match mv {
        Move::Left => text[..at].char_indices().next_back().map_or(0, |(i, _)| i),
        Move::Right => text[at..].chars().next().map_or(at, |c| at + c.len_utf8()),
        Move::Up => to_line(line.saturating_sub(1)),
        Move::Down => to_line((line + 1).min(last)),
        Move::PageUp => to_line(line.saturating_sub(page)),
        Move::PageDown => to_line((line + page).min(last)),
        Move::Home => lines.start(line),
        Move::End => lines.end(line),
    }
}

/// What Backspace (`backward`) or Delete removes at the selection `start..end`: the selection, or at a caret
/// the character before or after it.
pub fn deleted(text: &str, start: usize, end: usize, backward: bool) -> (usize, usize) {
    if start != end {
        return (start, end);
    }
    let at = floor_boundary(text, start);
    if backward {
        (text[..at].char_indices().next_back().map_or(0, |(i, _)| i), at)
    } else {
        (at, text[at..].chars().next().map_or(at, |c| at + c.len_utf8()))
    }
}

/// The lines in view of a scroller scrolled to `top` and `height` pixels tall, `first..last` (0-based; `last`
/// may pass the end of the file).
pub fn lines_in(top: i32, height: i32) -> (usize, usize) {
    ((top.max(0) / LINE_HEIGHT) as usize, ((top + height).max(0) / LINE_HEIGHT + 1) as usize)
}

/// The lines drawn for a view scrolled to `top` and `height` pixels tall, in a file of `count` lines:
/// `from..=to`, numbered from 1, with [`OVERSCAN`] lines on each side.
pub fn drawn(top: i32, height: i32, count: usize) -> (usize, usize) {
    let first = (top / LINE_HEIGHT).max(0) as usize;
    let shown = (height / LINE_HEIGHT).max(1) as usize + 1;
    (first.saturating_sub(OVERSCAN) + 1, (first + shown + OVERSCAN).min(count))
}

/// The window the text area needs for the selection `start..end` (bytes) with `view` in view: the whole
/// selection when it fits and can be shown, else the view (the selection is then parked).
pub fn window_for(lines: &LineIndex, start: usize, end: usize, view: (usize, usize)) -> Span {
    let (a, b) = (lines.line_of(start), lines.line_of(end));
    let fits = end.saturating_sub(start) <= WINDOW_BYTES && b < MAX_SHOWN_LINES;
    let wanted = if fits { (a.min(view.0), (b + 1).max(view.1)) } else { view };
    Span::around(lines.starts(), lines.text_len(), wanted)
}

/// The window after an edit inside it that removed `removed` and inserted `inserted`: its last line moves by
/// the line breaks gained or lost.
pub fn span_after_edit(span: Span, removed: &str, inserted: &str) -> Span {
    let breaks = |s: &str| s.bytes().filter(|&b| b == b'\n').count();
    Span { first: span.first, last: (span.last + breaks(inserted)).saturating_sub(breaks(removed)).max(span.first + 1) }
}

/// Where a selection `start..end` (bytes of the whole text) goes in a text area holding `window`, which starts
/// at byte `from`: `Ok` with its UTF-16 offsets when the window holds it, else `Err` with the stand-in selection
/// the text area holds meanwhile (the window's start, its end, or the part of the selection it holds).
pub fn place(window: &str, from: usize, start: usize, end: usize) -> Result<(u32, u32), (u32, u32)> {
    let to = from + window.len();
    if start >= from && end <= to {
        return Ok((utf16_len(window, start - from), utf16_len(window, end - from)));
    }
    let all = utf16_len(window, window.len());
    Err(if end < from {
        (0, 0)
    } else if start > to {
        (all, all)
    } else {
        let a = if start < from { 0 } else { utf16_len(window, start - from) };
        let b = if end > to { all } else { utf16_len(window, end - from) };
        (a, b)
    })
}

/// The scroll position that puts line `line` (0-based) a third of the way down a view `height` pixels tall
/// scrolled to `top`, or `None` when it is in view already.
pub fn reveal_top(top: i32, height: i32, line: usize) -> Option<i32> {
    let y = line as i32 * LINE_HEIGHT;
    (y < top || y + LINE_HEIGHT > top + height).then(|| (y - height / 3).max(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_keep_the_column_and_stay_on_characters() {
        let text = "User-agent: *\nDé\n\nDisallow: /x\n";
        let lines = LineIndex::new(text);
        // From column 5 of line 1 down to "Dé" (2 characters, 3 bytes): its end; further down, the empty line.
        let at = 5;
        let down = moved(text, &lines, Move::Down, at, 10);
        assert_eq!(down, lines.end(1));
        assert_eq!(moved(text, &lines, Move::Down, down, 10), lines.start(2));
        // Column 2 of "Dé" falls inside é: back to its start.
        assert_eq!(moved(text, &lines, Move::Down, 2, 10), lines.start(1) + 1);
        assert_eq!(moved(text, &lines, Move::Up, lines.start(3) + 2, 10), lines.start(2));
        assert_eq!(moved(text, &lines, Move::Right, lines.start(1) + 1, 1), lines.start(1) + 3);
        assert_eq!(moved(text, &lines, Move::Left, lines.start(1) + 3, 1), lines.start(1) + 1);
        assert_eq!(moved(text, &lines, Move::Left, 0, 1), 0);
        assert_eq!(moved(text, &lines, Move::Right, text.len(), 1), text.len());
        assert_eq!(moved(text, &lines, Move::Home, 20, 1), lines.start(3));
        assert_eq!(moved(text, &lines, Move::End, 15, 1), lines.end(1));
        assert_eq!(moved(text, &lines, Move::PageDown, 0, 100), lines.start(4));
        assert_eq!(moved(text, &lines, Move::PageUp, text.len(), 2), lines.start(2));
        assert_eq!(Move::of_key("ArrowUp"), Some(Move::Up));
        assert_eq!(Move::of_key("a"), None);
        assert!(Move::Home.toward_start() && !Move::End.toward_start());
    }

    #[test]
    fn deletes_at_a_caret_take_one_character() {
        let text = "a😀b";
        assert_eq!(deleted(text, 5, 5, true), (1, 5));
        assert_eq!(deleted(text, 1, 1, false), (1, 5));
        assert_eq!(deleted(text, 0, 0, true), (0, 0));
        assert_eq!(deleted(text, 6, 6, false), (6, 6));
        assert_eq!(deleted(text, 0, 6, true), (0, 6));
    }

    #[test]
    fn views_and_drawn_lines() {
        assert_eq!(lines_in(0, 400), (0, 21));
        assert_eq!(lines_in(-30, 400), (0, 19));
        assert_eq!(lines_in(1000, 200), (50, 61));
        assert_eq!(drawn(0, 400, 5), (1, 5));
        assert_eq!(drawn(2000, 400, 10_000), (81, 141));
        assert_eq!(reveal_top(0, 400, 5), None);
        assert_eq!(reveal_top(0, 400, 100), Some(2000 - 133));
        assert_eq!(reveal_top(2000, 400, 3), Some(0));
    }

    #[test]
    fn windows_follow_selections_and_edits() {
        let text: String = (0..50_000).map(|i| format!("Disallow: /p{i}\n")).collect();
        let lines = LineIndex::new(&text);
        let (start, end) = (lines.start(30_000), lines.end(30_010));
        // The editor scrolls the selection's end into view first.
        let span = window_for(&lines, start, end, (29_995, 30_035));
        assert!(span.first <= 30_000 && span.last > 30_035, "{span:?}");
        // Too large to hold: the window stays at the view.
        let span = window_for(&lines, 0, text.len(), (100, 140));
        assert!(span.first <= 100 && span.last >= 140 && span.last < 1_000, "{span:?}");
        let span = Span { first: 10, last: 20 };
        assert_eq!(span_after_edit(span, "a\nb", "x\ny\nz\n"), Span { first: 10, last: 22 });
        assert_eq!(span_after_edit(span, &"\n".repeat(30), ""), Span { first: 10, last: 11 });
    }

    #[test]
    fn selections_outside_the_window_get_a_stand_in() {
        let window = "aé\nb";
        assert_eq!(place(window, 100, 101, 103), Ok((1, 2)));
        assert_eq!(place(window, 100, 0, 50), Err((0, 0)));
        assert_eq!(place(window, 100, 200, 300), Err((4, 4)));
        assert_eq!(place(window, 100, 0, 103), Err((0, 2)));
        assert_eq!(place(window, 100, 103, 900), Err((2, 4)));
    }
}
