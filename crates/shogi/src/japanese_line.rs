//! A line of moves in official Japanese notation, as KI2 records, tsume books and
//! commentary write it: `▲２四銀 △同　玉 ▲２三金打`.

use crate::{JapaneseMove, Move, PlayError, Position, Square};

/// A move of a line could not be played: [`Position::japanese_line`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {ply} of the line: {error}")]
pub struct LineError {
    /// The move's place in the line, from 1.
    pub ply: usize,
    /// Why the move could not be played, with the position it was tried in.
    pub error: PlayError,
}

impl Position {
    /// The moves of `line`, played one after the other from this position, each written
    /// as [`Position::japanese_move`] writes it in the position it is played in (the words
    /// that tell it apart, `同　` after the move before) and marked with its side's ▲ or △.
    /// `previous` is the destination of the move played before this position, if any: the
    /// first move is `同　` when it goes there.
    ///
    /// ```
    /// use masu_shogi::Position;
    ///
    /// // Two golds can reach 5h; then a gold drop on 5g, where a gold on the board could go.
    /// let pos: Position = "4k4/9/9/9/9/9/9/3G1G3/4K4 b G 1".parse()?;
    /// let mut after = pos.clone();
    /// let moves = ["4h5h", "5a5b", "G*5g"]
    ///     .map(|usi| after.play_usi(usi))
    ///     .into_iter()
    ///     .collect::<Result<Vec<_>, _>>()?;
    /// let words: Vec<String> = pos
    ///     .japanese_line(&moves, None)?
    ///     .iter()
    ///     .map(ToString::to_string)
    ///     .collect();
    /// assert_eq!(words, ["▲５八金右", "△５二玉", "▲５七金打"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`LineError`] naming the first move that is not legal where it is played.
    pub fn japanese_line(
        &self,
        line: &[Move],
        previous: Option<Square>,
    ) -> Result<Vec<JapaneseMove>, LineError> {
        let mut pos = self.clone();
        let mut previous = previous;
        let mut words = Vec::with_capacity(line.len());
        for (index, &m) in line.iter().enumerate() {
            // Played before it is named: the words are those of a legal move.
            let next = pos.clone().play(m).map_err(|error| LineError {
                ply: index + 1,
                error,
            })?;
            words.push(pos.japanese_move(&m, previous).with_mark());
            pos = next;
            previous = Some(m.to());
        }
        Ok(words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PieceKind;

    /// A rook drop: illegal at the start, where no hand holds a rook.
    const ILLEGAL: Move = Move::Drop {
        kind: PieceKind::Rook,
        to: Square::SQ_5E,
    };

    fn moves(pos: &Position, usi: &[&str]) -> Vec<Move> {
        let mut after = pos.clone();
        usi.iter()
            .map(|text| after.play_usi(text).unwrap_or(ILLEGAL))
            .collect()
    }

    fn line(pos: &Position, usi: &[&str]) -> String {
        let words = pos.japanese_line(&moves(pos, usi), None);
        words.map_or_else(
            |e| e.to_string(),
            |w| {
                w.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            },
        )
    }

    #[test]
    fn recaptures_are_written_after_the_move_before_and_declined_promotions_named() {
        let pos = Position::startpos();
        let opening = ["7g7f", "3c3d", "8h2b", "3a2b", "B*4e"];
        assert_eq!(
            line(&pos, &opening),
            "▲７六歩 △３四歩 ▲２二角不成 △同　銀 ▲４五角"
        );
    }

    #[test]
    fn the_first_move_recaptures_after_the_move_before_the_position() {
        let pos: Position = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
            .parse()
            .unwrap_or_default();
        let take = moves(&pos, &["8h2b+"]);
        let words = pos.japanese_line(&take, Some(Square::SQ_2B));
        let text = words.map(|w| w[0].to_string()).unwrap_or_default();
        assert_eq!(text, "▲同　角成");
    }

    #[test]
    fn white_starts_with_its_own_mark() {
        let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 w G 1".parse().unwrap_or_default();
        assert_eq!(line(&pos, &["5a4b", "5i4h"]), "△４二玉 ▲４八玉");
    }

    #[test]
    fn an_illegal_move_is_named_by_its_place_in_the_line() {
        let pos = Position::startpos();
        let mut ok = moves(&pos, &["7g7f", "3c3d"]);
        ok.push(ILLEGAL);
        let err = pos.japanese_line(&ok, None).err();
        assert_eq!(err.map(|e| e.ply), Some(3));
        assert!(pos.japanese_line(&[], None).is_ok_and(|w| w.is_empty()));
    }
}
