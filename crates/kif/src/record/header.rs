//! Header lines (`key：value`): every raw key in file order, with typed access to the known ones.

use std::fmt;

/// One header line as read: the key up to the first colon and the value verbatim.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Header {
    /// The key exactly as written (`先手`, `棋戦`, `対局ID`, ...).
    pub key: String,
    /// The value exactly as written, trailing spaces (`平手　　`) included.
    pub value: String,
}

impl Header {
    /// The value without the padding writers add around it (ASCII and ideographic spaces,
    /// tabs): `平手` for `平手　　`.
    #[must_use]
    pub fn trimmed_value(&self) -> &str {
        self.value.trim_matches([' ', '\u{3000}', '\t'])
    }
}

/// The header keys a program can act on; every other key is still kept as raw text.
///
/// KIF names are canonical: other formats map their own keys (CSA `N+`, `$EVENT`, JKF `先手`)
/// onto these, so a record converts between formats without losing them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HeaderKey {
    /// `先手` (or `下手` in handicap games): the player moving first in an even game.
    Black,
    /// `後手` (or `上手` in handicap games).
    White,
    /// `先手省略名`: short name for diagrams.
    BlackShort,
    /// `後手省略名`.
    WhiteShort,
    /// `開始日時` (alias `対局日`).
    StartTime,
    /// `終了日時`.
    EndTime,
    /// `棋戦`: the event.
    Event,
    /// `戦型`: the opening.
    Opening,
    /// `表題`: the title.
    Title,
    /// `持ち時間`: the time control, free text.
    TimeControl,
    /// `秒読み`.
    Byoyomi,
    /// `消費時間`: the time used, free text.
    TimeUsed,
    /// `場所`: the site.
    Site,
    /// `掲載`: where the game was published.
    Published,
    /// `備考`: a note.
    Note,
    /// `手合割`: the handicap name as written.
    Handicap,
    /// `記録係`: the recorder.
    Recorder,
    /// `作品番号` (tsume).
    WorkNumber,
    /// `作品名` (tsume).
    WorkName,
    /// `作者` (tsume).
    Author,
    /// `発表誌` (tsume).
    Magazine,
    /// `発表年月` (tsume).
    PublishedDate,
    /// `出典` (tsume).
    Source,
    /// `手数` (tsume): the announced mate length, not a move.
    MateLength,
    /// `完全性` (tsume).
    Soundness,
    /// `分類` (tsume).
    Category,
    /// `受賞` (tsume).
    Award,
    /// `先手持ち時間` (CSA `$TIME+`).
    BlackTimeControl,
    /// `後手持ち時間` (CSA `$TIME-`).
    WhiteTimeControl,
    /// `最大手数` (CSA `$MAX_MOVES`).
    MaxMoves,
    /// `持将棋` (CSA `$JISHOGI`): the impasse point rule.
    ImpasseRule,
}

/// Canonical KIF name, and accepted aliases, of each typed key.
const NAMES: &[(HeaderKey, &str, &[&str])] = &[
    (HeaderKey::Black, "先手", &["下手"]),
    (HeaderKey::White, "後手", &["上手"]),
    (HeaderKey::BlackShort, "先手省略名", &["下手省略名"]),
    (HeaderKey::WhiteShort, "後手省略名", &["上手省略名"]),
    (HeaderKey::StartTime, "開始日時", &["対局日"]),
    (HeaderKey::EndTime, "終了日時", &[]),
    (HeaderKey::Event, "棋戦", &[]),
    (HeaderKey::Opening, "戦型", &[]),
    (HeaderKey::Title, "表題", &[]),
    (HeaderKey::TimeControl, "持ち時間", &[]),
    (HeaderKey::Byoyomi, "秒読み", &[]),
    (HeaderKey::TimeUsed, "消費時間", &[]),
    (HeaderKey::Site, "場所", &[]),
    (HeaderKey::Published, "掲載", &[]),
    (HeaderKey::Note, "備考", &[]),
    (HeaderKey::Handicap, "手合割", &[]),
    (HeaderKey::Recorder, "記録係", &[]),
    (HeaderKey::WorkNumber, "作品番号", &[]),
    (HeaderKey::WorkName, "作品名", &[]),
    (HeaderKey::Author, "作者", &[]),
    (HeaderKey::Magazine, "発表誌", &[]),
    (HeaderKey::PublishedDate, "発表年月", &[]),
    (HeaderKey::Source, "出典", &[]),
    (HeaderKey::MateLength, "手数", &[]),
    (HeaderKey::Soundness, "完全性", &[]),
    (HeaderKey::Category, "分類", &[]),
    (HeaderKey::Award, "受賞", &[]),
    (
        HeaderKey::BlackTimeControl,
        "先手持ち時間",
        &["下手持ち時間"],
    ),
    (
        HeaderKey::WhiteTimeControl,
        "後手持ち時間",
        &["上手持ち時間"],
    ),
    (HeaderKey::MaxMoves, "最大手数", &[]),
    (HeaderKey::ImpasseRule, "持将棋", &[]),
];

impl HeaderKey {
    /// Every typed key.
    pub const ALL: [HeaderKey; 31] = [
        HeaderKey::Black,
        HeaderKey::White,
        HeaderKey::BlackShort,
        HeaderKey::WhiteShort,
        HeaderKey::StartTime,
        HeaderKey::EndTime,
        HeaderKey::Event,
        HeaderKey::Opening,
        HeaderKey::Title,
        HeaderKey::TimeControl,
        HeaderKey::Byoyomi,
        HeaderKey::TimeUsed,
        HeaderKey::Site,
        HeaderKey::Published,
        HeaderKey::Note,
        HeaderKey::Handicap,
        HeaderKey::Recorder,
        HeaderKey::WorkNumber,
        HeaderKey::WorkName,
        HeaderKey::Author,
        HeaderKey::Magazine,
        HeaderKey::PublishedDate,
        HeaderKey::Source,
        HeaderKey::MateLength,
        HeaderKey::Soundness,
        HeaderKey::Category,
        HeaderKey::Award,
        HeaderKey::BlackTimeControl,
        HeaderKey::WhiteTimeControl,
        HeaderKey::MaxMoves,
        HeaderKey::ImpasseRule,
    ];

    /// The key a KIF key name stands for, aliases (`下手`, `対局日`) included.
    #[must_use]
    pub fn from_kif(name: &str) -> Option<HeaderKey> {
        NAMES
            .iter()
            .find(|(_, canon, aliases)| *canon == name || aliases.contains(&name))
            .map(|(key, _, _)| *key)
    }

    /// The canonical KIF name (`先手`, `棋戦`, ...).
    #[must_use]
    pub fn kif_name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(key, _, _)| *key == self)
            .map_or("", |(_, canon, _)| canon)
    }

    /// Whether `name` is one of this key's spellings: [`HeaderKey::from_kif`] of it is
    /// this key (no spelling is two keys', a test holds), found without comparing `name`
    /// with every other key's spellings, as every header line read did.
    pub(crate) fn matches(self, name: &str) -> bool {
        NAMES
            .iter()
            .find(|(key, _, _)| *key == self)
            .is_some_and(|(_, canon, aliases)| *canon == name || aliases.contains(&name))
    }
}

impl fmt::Display for HeaderKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kif_name())
    }
}

/// All header lines of a record in file order: unknown keys and duplicates are kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Headers {
    entries: Vec<Header>,
}

impl Headers {
    /// No headers.
    #[must_use]
    pub fn new() -> Headers {
        Headers::default()
    }

    /// Every header in order.
    #[must_use]
    pub fn entries(&self) -> &[Header] {
        &self.entries
    }

    /// The headers in order, as `for header in &headers` visits them.
    ///
    /// ```
    /// let mut headers = masu_kif::Headers::new();
    /// headers.push("先手", "羽生");
    /// headers.push("後手", "藤井");
    /// let names: Vec<&str> = headers.iter().map(|h| h.value.as_str()).collect();
    /// assert_eq!(names, ["羽生", "藤井"]);
    /// ```
    pub fn iter(&self) -> std::slice::Iter<'_, Header> {
        self.entries.iter()
    }

    /// The number of header lines.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no headers.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Appends a header as read (no deduplication).
    pub fn push(&mut self, key: impl Into<String>, value: impl Into<String>) {
        self.entries.push(Header {
            key: key.into(),
            value: value.into(),
        });
    }

    /// The first value under a raw key, compared exactly.
    #[must_use]
    pub fn raw(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|h| h.key == key)
            .map(|h| h.value.as_str())
    }

    /// The first value of a typed key under any of its spellings, trimmed of the padding
    /// (ASCII and ideographic spaces) writers add.
    #[must_use]
    pub fn get(&self, key: HeaderKey) -> Option<&str> {
        self.entries
            .iter()
            .find(|h| key.matches(&h.key))
            .map(Header::trimmed_value)
    }

    /// Sets a typed key: replaces the value of its first line (keeping that line's spelling
    /// of the key), or appends a line under the canonical name.
    pub fn set(&mut self, key: HeaderKey, value: impl Into<String>) {
        let value = value.into();
        match self.entries.iter_mut().find(|h| key.matches(&h.key)) {
            Some(h) => h.value = value,
            None => self.push(key.kif_name(), value),
        }
    }

    /// Removes every line of a typed key; returns how many were removed.
    pub fn remove(&mut self, key: HeaderKey) -> usize {
        let before = self.entries.len();
        self.entries.retain(|h| !key.matches(&h.key));
        before - self.entries.len()
    }
}

impl<'a> IntoIterator for &'a Headers {
    type Item = &'a Header;
    type IntoIter = std::slice::Iter<'a, Header>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_roundtrip() {
        for key in HeaderKey::ALL {
            assert_eq!(HeaderKey::from_kif(key.kif_name()), Some(key));
        }
        assert_eq!(HeaderKey::from_kif("下手"), Some(HeaderKey::Black));
        assert_eq!(HeaderKey::from_kif("対局ID"), None);
    }

    #[test]
    fn a_spelling_is_one_keys() {
        for (_, canon, aliases) in NAMES {
            for name in std::iter::once(canon).chain(aliases.iter()) {
                let keys: Vec<HeaderKey> = HeaderKey::ALL
                    .into_iter()
                    .filter(|k| k.matches(name))
                    .collect();
                assert_eq!(keys.len(), 1, "{name}");
                assert_eq!(HeaderKey::from_kif(name), keys.first().copied(), "{name}");
            }
        }
    }

    #[test]
    fn typed_access_keeps_raw_order() {
        let mut h = Headers::new();
        h.push("対局ID", "7");
        h.push("上手", "A");
        h.push("手合割", "平手　　");
        assert_eq!(h.get(HeaderKey::White), Some("A"));
        assert_eq!(h.get(HeaderKey::Handicap), Some("平手"));
        h.set(HeaderKey::White, "B");
        assert_eq!(h.entries()[1].key, "上手");
        assert_eq!(h.raw("上手"), Some("B"));
        h.set(HeaderKey::Event, "棋聖戦");
        assert_eq!(h.entries().last().map(|e| e.key.as_str()), Some("棋戦"));
        assert_eq!(h.remove(HeaderKey::White), 1);
        assert_eq!(h.len(), 3);
    }
}
