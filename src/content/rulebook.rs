//! A rulebook's text in parts: its headings, each with the id the file gives it (`{#id}` at the
//! heading's end), and the paragraphs under it. The rules core names a part by that id
//! (`rules::RulePart`: where a decision, a move or a refusal comes from); the window shows the
//! parts and links to them.

/// A part of a rulebook: its heading (empty for what comes before the first), the id the file
/// gives it, and its paragraphs.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleSection {
    pub id: Option<String>,
    pub title: String,
    pub paragraphs: Vec<String>,
}

/// A heading's text and the id at its end ("A. Moving to a new Quest {#move}").
fn heading_id(line: &str) -> (&str, Option<&str>) {
    match line.strip_suffix('}').and_then(|l| l.rsplit_once(" {#")) {
        Some((title, id)) if !id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase() || c == '-') => {
            (title.trim_end(), Some(id))
        }
        _ => (line, None),
    }
}

/// A rulebook's text in parts, by its headings: a short line with no closing punctuation that a
/// paragraph follows (a line with an id is always one). The rulebook's own table of contents (a
/// bullet list under "Table of Contents", which the window draws as links instead) and its title
/// line are left out.
pub fn sections(text: &str) -> Vec<RuleSection> {
    let all: Vec<&str> = text.lines().map(str::trim).collect();
    // What comes before the book's table of contents is its title.
    let from = all
        .iter()
        .position(|l| l.eq_ignore_ascii_case("table of contents"))
        .unwrap_or(0);
    let lines = &all[from..];
    let mut sections = vec![RuleSection {
        id: None,
        title: String::new(),
        paragraphs: Vec::new(),
    }];
    let mut in_contents = false;
    for (i, line) in lines.iter().enumerate() {
        if line.eq_ignore_ascii_case("table of contents") {
            in_contents = true;
            continue;
        }
        if in_contents {
            if line.is_empty() || line.starts_with('•') {
                continue;
            }
            in_contents = false;
        }
        let (title, id) = heading_id(line);
        let next = lines[i + 1..].iter().find(|l| !l.is_empty());
        // Three or more short lines in a row are a list ("1. Preparation" / "2. Send out
        // knights" / …), not headings (a heading and its first sub-heading are two).
        let short = |j: usize| {
            lines
                .get(j)
                .is_some_and(|l| is_heading(heading_id(l).0) && !l.eq_ignore_ascii_case("table of contents"))
        };
        let before = (0..i).rev().take_while(|&j| short(j)).count();
        let after = (i + 1..lines.len()).take_while(|&j| short(j)).count();
        let listed = before + after >= 2 && id.is_none();
        if id.is_some() || (is_heading(title) && !listed && next.is_some_and(|n| !n.starts_with('|'))) {
            // The same heading twice in a row (a title line and the book's first heading) is one.
            if let Some(last) = sections.last_mut()
                && last.title == title
                && last.paragraphs.is_empty()
            {
                last.id = last.id.take().or(id.map(str::to_string));
                continue;
            }
            sections.push(RuleSection {
                id: id.map(str::to_string),
                title: title.to_string(),
                paragraphs: Vec::new(),
            });
            continue;
        }
        if let Some(p) = readable_line(line)
            && let Some(last) = sections.last_mut()
        {
            last.paragraphs.push(p);
        }
    }
    sections.retain(|s| !(s.title.is_empty() && s.paragraphs.is_empty()));
    sections
}

/// The ids a rulebook's parts have, in order.
pub fn ids(text: &str) -> Vec<String> {
    sections(text).into_iter().filter_map(|s| s.id).collect()
}

/// A heading of a rulebook: a short line of a few words, starting with a capital, with no
/// sentence's end, no list bullet and no table.
fn is_heading(line: &str) -> bool {
    let words = line.split_whitespace().count();
    line.len() <= 60
        && (1..=8).contains(&words)
        && line
            .chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
        && !line.ends_with(['.', ',', ';', ':', '!', '?'])
        && !line.starts_with(['•', '|', '-', '('])
}

/// A rulebook line as it is shown: blank lines and table rules dropped, table rows as plain text.
fn readable_line(line: &str) -> Option<String> {
    let t = line.trim();
    if t.is_empty() || t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')) {
        return None;
    }
    if t.starts_with('|') {
        let cells: Vec<&str> = t.trim_matches('|').split('|').map(str::trim).collect();
        return Some(cells.join("  ·  "));
    }
    Some(t.to_string())
}
