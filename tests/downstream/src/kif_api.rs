//! masu-kif: a record's outcome, winner and games, CSA move text, KI2 names from the one rule.

use masu_kif::csa::CsaMove;
use masu_kif::shogi::{Color, IllegalMoveReason, Outcome, PieceKind, WinReason};
use masu_kif::{
    Format, KifMove, KifMoveError, Mode, NodeId, ParseFormatError, Record, ReplayError, Special,
    kif,
};

pub(crate) fn run() -> crate::Result {
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 投了\n";
    let record = kif::read_str(text, Mode::Strict)?.record;
    let win = Outcome::Win { winner: Color::Black, reason: WinReason::Resignation };
    assert_eq!(record.outcome(), Some(win));
    assert_eq!(record.winner(), Some(Color::Black));
    assert_eq!(Special::Resign.outcome(Color::White), Some(win));

    let game = record.game()?;
    assert_eq!(game.outcome(), Some(win));
    let last = game.last_move().ok_or("no moves")?;
    assert_eq!(CsaMove::from_move(&last, Color::Black).to_string(), "+8822UM");
    let first: NodeId = record.tree.main_line().next().ok_or("no moves")?;
    assert_eq!(record.game_at(first)?.moves().len(), 1);
    assert_eq!(record.tree.line_after(first).count(), 3);
    assert!(matches!(record.game_at(NodeId::ROOT), Ok(g) if g.moves().is_empty()));
    crate::is_error::<ReplayError>();

    // KI2 text comes from masu-shogi's rule: the same words either way.
    let pos: masu_kif::shogi::Position = "4k4/9/9/9/9/9/9/K8/3GGG3 b - 1".parse()?;
    let m = pos.parse_usi_move("5i5h")?;
    let ki2 = KifMove::ki2(&pos, &m, None);
    assert_eq!(ki2.to_string(), "５八金直");
    assert_eq!(ki2.to_string(), pos.japanese_move(&m, None).to_string());
    assert_eq!(ki2.words(), pos.move_words(&m));
    assert_eq!(ki2.to_string().parse::<KifMove>()?.to_move(&pos, None)?, m);
    // An illegal one says the rule it breaks, in masu-shogi's words.
    let drop = "５五金打".parse::<KifMove>()?.to_move(&pos, None);
    let Err(err @ KifMoveError::Illegal { reason, .. }) = drop else {
        return Err(format!("not illegal: {drop:?}").into());
    };
    assert_eq!(reason, IllegalMoveReason::NotInHand(PieceKind::Gold));
    assert_eq!(err.to_string(), "illegal move: no gold in hand");

    // Formats by name, and a record written in any of them.
    assert_eq!("ki2".parse::<Format>()?, Format::Ki2);
    assert_eq!(Format::Csa.to_string(), "CSA");
    crate::is_error::<ParseFormatError>();
    assert!(record.to_string_as(Format::Csa).contains("+8822UM"));

    let usi = Record::from_usi("position startpos moves 7g7f 3c3d")?;
    assert_eq!(usi.outcome(), None);
    #[cfg(feature = "serde")]
    {
        assert_eq!(serde_json::to_string(&win)?, "\"black wins by resignation\"");
        let back: Record = serde_json::from_str(&serde_json::to_string(&record)?)?;
        assert_eq!(back, record);
    }
    Ok(())
}
