//! The two-letter piece codes of CSA (also used by JKF) and the CSA words of specials.

use shogi::{Color, PieceKind};

use crate::Special;

/// CSA codes in [`PieceKind::ALL`] order.
const CODES: [&str; 14] = [
    "FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY",
];

/// [`CODES`] as byte pairs, compared as such (a string comparison per code was a call of
/// `memcmp` each, a tenth of reading a CSA move).
const CODE_BYTES: [[u8; 2]; 14] = {
    let mut out = [[0; 2]; 14];
    let mut i = 0;
    while i < CODES.len() {
        let code = CODES[i].as_bytes();
        out[i] = [code[0], code[1]];
        i += 1;
    }
    out
};

/// The kind a CSA code names (`FU` .. `RY`).
pub(crate) fn kind(code: &str) -> Option<PieceKind> {
    kind_of(code.as_bytes().try_into().ok()?)
}

/// The kind the two bytes of a CSA code name.
pub(crate) fn kind_of(code: [u8; 2]) -> Option<PieceKind> {
    let i = CODE_BYTES.iter().position(|&c| c == code)?;
    PieceKind::from_index(i)
}

/// The CSA code of a kind.
pub(crate) fn code(kind: PieceKind) -> &'static str {
    CODES[kind.index()]
}

/// The CSA sign of a side: `+` Black, `-` White.
pub(crate) fn sign(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

/// The side a CSA sign names.
pub(crate) fn color(sign: u8) -> Option<Color> {
    match sign {
        b'+' => Some(Color::Black),
        b'-' => Some(Color::White),
        _ => None,
    }
}

/// Specials with one CSA word whatever the side (`%` left out).
pub(crate) const WORDS: &[(&str, Special)] = &[
    ("TORYO", Special::Resign),
    ("CHUDAN", Special::Interrupt),
    ("SENNICHITE", Special::Repetition),
    ("TIME_UP", Special::TimeUp),
    ("ILLEGAL_MOVE", Special::IllegalLoss),
    ("JISHOGI", Special::Impasse),
    ("KACHI", Special::Declaration),
    ("HIKIWAKE", Special::Draw),
    ("MATTA", Special::TakeBack),
    ("TSUMI", Special::Mate),
    ("FUZUMI", Special::NoMate),
    ("ERROR", Special::Error),
    ("MAX_MOVES", Special::MaxMoves),
];

/// The special a CSA word (without `%`) names, given the side to move at that ply.
///
/// `+ILLEGAL_ACTION` / `-ILLEGAL_ACTION` name the offender: when it is the side that just
/// moved, the side to move wins ([`Special::IllegalWin`]); when it is the side to move, that
/// side loses ([`Special::IllegalLoss`]). A word CSA does not define is looked up as a KIF
/// word (our writers spell specials CSA lacks that way: `%不戦勝`), else kept verbatim.
pub(crate) fn special(word: &str, to_move: Color) -> Special {
    if let Some((_, s)) = WORDS.iter().find(|(w, _)| *w == word) {
        return s.clone();
    }
    if let Some(offender) = word
        .strip_suffix("ILLEGAL_ACTION")
        .and_then(|s| color(*s.as_bytes().first()?).filter(|_| s.len() == 1))
    {
        return if offender == to_move {
            Special::IllegalLoss
        } else {
            Special::IllegalWin
        };
    }
    Special::from_kif(word).unwrap_or_else(|| Special::Other(word.to_owned()))
}

/// The CSA word (without `%`) of a special, given the side to move at that ply; specials CSA
/// has no word for are spelled with their KIF word.
pub(crate) fn special_word(special: &Special, to_move: Color) -> String {
    if let Special::IllegalWin = special {
        return format!("{}ILLEGAL_ACTION", sign(to_move.opposite()));
    }
    match WORDS.iter().find(|(_, s)| s == special) {
        Some((w, _)) => (*w).to_owned(),
        None => special.kif_word().to_owned(),
    }
}

/// Whether `special`, written as [`special_word`] at a ply where `to_move` moves, reads
/// back as itself: not so for a word no rule knows that spells a known ending (`JISHOGI`,
/// `投了`).
pub(crate) fn reads_back(s: &Special, to_move: Color) -> bool {
    special(&special_word(s, to_move), to_move) == *s
}

/// The part of [`special_word`] a CSA `%` statement holds (up to a `,`, which ends the
/// statement, or a line break, without the blanks a reader trims at its end), and whether
/// it reads back as `special`.
pub(crate) fn csa_special_word(s: &Special, to_move: Color) -> (String, bool) {
    let word = special_word(s, to_move);
    let end = word.find([',', '\r', '\n']).unwrap_or(word.len());
    let held = word[..end].trim_end_matches([' ', '\t']).to_owned();
    let reads_back = held == word && special(&held, to_move) == *s;
    (held, reads_back)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_roundtrip() {
        for k in PieceKind::ALL {
            assert_eq!(kind(code(k)), Some(k));
        }
        assert_eq!(kind("AL"), None);
    }

    #[test]
    fn illegal_action_sign_names_the_offender() {
        // Black just moved (White to move) and `+` offended: White, to move, wins.
        assert_eq!(
            special("+ILLEGAL_ACTION", Color::White),
            Special::IllegalWin
        );
        assert_eq!(
            special("-ILLEGAL_ACTION", Color::White),
            Special::IllegalLoss
        );
        assert_eq!(
            special_word(&Special::IllegalWin, Color::White),
            "+ILLEGAL_ACTION"
        );
        assert_eq!(special("TORYO", Color::Black), Special::Resign);
        assert_eq!(special("不戦勝", Color::Black), Special::DefaultWin);
        assert_eq!(special("FOO", Color::Black), Special::Other("FOO".into()));
        assert_eq!(special_word(&Special::SealedMove, Color::Black), "封じ手");
        for (w, s) in WORDS {
            assert_eq!(
                special(&special_word(s, Color::Black), Color::Black),
                *s,
                "{w}"
            );
        }
    }
}
