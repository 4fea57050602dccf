//! Terminal ("special") moves: resignation, interruption, repetition, fouls and the rest.

use std::fmt;

/// A special move: the game (or this line of it) ends here.
///
/// A special occupies a ply number in KIF. Its actor is the side to move at that ply: in
/// `反則勝ち` the side to move wins because the previous move was a foul, in `投了` it resigns.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Special {
    /// 投了 (CSA `%TORYO`): the side to move resigns.
    Resign,
    /// 中断 (CSA `%CHUDAN`): interrupted, no result.
    Interrupt,
    /// 千日手 (CSA `%SENNICHITE`): repetition draw.
    Repetition,
    /// 持将棋 (CSA `%JISHOGI`): impasse draw.
    Impasse,
    /// 引き分け (CSA `%HIKIWAKE`): a declared draw.
    Draw,
    /// 詰み / 詰 (CSA `%TSUMI`): the side to move is mated.
    Mate,
    /// 不詰 (CSA `%FUZUMI`): there is no mate (tsume).
    NoMate,
    /// 切れ負け (CSA `%TIME_UP`): the side to move lost on time.
    TimeUp,
    /// 反則勝ち (CSA `%±ILLEGAL_ACTION`): the side to move wins, the previous move was a foul.
    IllegalWin,
    /// 反則負け (CSA `%ILLEGAL_MOVE`): the side to move loses by its own foul.
    IllegalLoss,
    /// 入玉勝ち (CSA `%KACHI`): the side to move wins by declaration.
    Declaration,
    /// 不戦勝: the side to move wins by default.
    DefaultWin,
    /// 不戦敗: the side to move loses by default.
    DefaultLoss,
    /// 封じ手: a sealed move, the game is adjourned.
    SealedMove,
    /// 最大手数 (CSA V3 `%MAX_MOVES`): draw by the move limit.
    MaxMoves,
    /// トライ: win by the try rule.
    Try,
    /// 待った (CSA `%MATTA`): a move taken back.
    TakeBack,
    /// CSA `%ERROR`.
    Error,
    /// A word no rule knows, kept verbatim (`入玉宣言`, ...).
    Other(String),
}

/// KIF words of each known special; the first is the one writers use.
const WORDS: &[(&str, Special)] = &[
    ("投了", Special::Resign),
    ("中断", Special::Interrupt),
    ("千日手", Special::Repetition),
    ("持将棋", Special::Impasse),
    ("引き分け", Special::Draw),
    ("詰み", Special::Mate),
    ("詰", Special::Mate),
    ("不詰", Special::NoMate),
    ("切れ負け", Special::TimeUp),
    ("時間切れ", Special::TimeUp),
    // 81Dojo's English export.
    ("Time-up", Special::TimeUp),
    ("反則勝ち", Special::IllegalWin),
    ("反則負け", Special::IllegalLoss),
    ("入玉勝ち", Special::Declaration),
    ("不戦勝", Special::DefaultWin),
    ("不戦敗", Special::DefaultLoss),
    ("封じ手", Special::SealedMove),
    ("最大手数", Special::MaxMoves),
    ("トライ", Special::Try),
    ("待った", Special::TakeBack),
    ("エラー", Special::Error),
];

impl Special {
    /// The special a KIF word names; `None` for any other text (callers decide whether an
    /// unknown word becomes [`Special::Other`]).
    #[must_use]
    pub fn from_kif(word: &str) -> Option<Special> {
        WORDS
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, s)| s.clone())
    }

    /// The special a KIF word (`投了`) or a CSA word that names one whatever the side to
    /// move (`%TORYO`, or `TORYO` without its `%`) names; `None` for any other text (CSA's
    /// `%+ILLEGAL_ACTION` names its offender by side, so it depends on the position).
    ///
    /// ```
    /// use masu_kif::Special;
    ///
    /// assert_eq!(Special::from_word("%SENNICHITE"), Some(Special::Repetition));
    /// assert_eq!(Special::from_word("KACHI"), Special::from_word("入玉勝ち"));
    /// assert_eq!(Special::from_word("%+ILLEGAL_ACTION"), None);
    /// ```
    #[must_use]
    pub fn from_word(word: &str) -> Option<Special> {
        let csa = word.strip_prefix('%').unwrap_or(word);
        crate::csa::codes::WORDS
            .iter()
            .find(|(w, _)| *w == csa)
            .map(|(_, s)| s.clone())
            .or_else(|| Special::from_kif(word))
    }

    /// The KIF word written for this special.
    #[must_use]
    pub fn kif_word(&self) -> &str {
        match self {
            Special::Other(word) => word,
            known => WORDS
                .iter()
                .find(|(_, s)| s == known)
                .map_or("", |(w, _)| w),
        }
    }

    /// Whether this special says that the game ended on a foul: `反則勝ち` (the move before
    /// it was illegal) or `反則負け`. Readers keep an illegal last move without a warning
    /// when one of these follows it.
    #[must_use]
    pub(crate) fn ends_in_foul(&self) -> bool {
        matches!(self, Special::IllegalWin | Special::IllegalLoss)
    }

    /// Who wins, seen from the side to move at this ply: `Some(true)` if the side to move
    /// wins, `Some(false)` if it loses, `None` for draws, interruptions and unknown words.
    #[must_use]
    pub fn mover_wins(&self) -> Option<bool> {
        match self {
            Special::IllegalWin | Special::Declaration | Special::DefaultWin | Special::Try => {
                Some(true)
            }
            Special::Resign
            | Special::Mate
            | Special::TimeUp
            | Special::IllegalLoss
            | Special::DefaultLoss => Some(false),
            _ => None,
        }
    }
}

impl fmt::Display for Special {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kif_word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_roundtrip() {
        for (word, special) in WORDS {
            assert_eq!(Special::from_kif(word).as_ref(), Some(special));
            assert_eq!(
                Special::from_kif(special.kif_word()).as_ref(),
                Some(special)
            );
        }
        assert_eq!(Special::from_kif("詰"), Some(Special::Mate));
        assert_eq!(Special::Mate.kif_word(), "詰み");
        assert_eq!(Special::Other("入玉宣言".into()).kif_word(), "入玉宣言");
        assert_eq!(Special::from_kif("入玉宣言"), None);
    }

    #[test]
    fn winners() {
        assert_eq!(Special::Resign.mover_wins(), Some(false));
        assert_eq!(Special::IllegalWin.mover_wins(), Some(true));
        assert_eq!(Special::Repetition.mover_wins(), None);
    }
}
