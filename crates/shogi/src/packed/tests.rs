//! Known bytes (written by cshogi 1.1.0's `to_hcp` and `to_psfen`), error cases and the
//! code tables' shape. The round trip over random games is in `tests/packed.rs`; byte
//! equality on random games is checked against cshogi by the Python package's tests.

#![allow(clippy::unwrap_used)] // tests: a broken fixture should fail loudly

use super::bits::prefix_free;
use super::*;
use crate::{Move, PieceKind, Position, UsiMove};

fn hex(text: &str) -> [u8; 32] {
    let mut out = [0; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

/// (SFEN, HCP, PackedSfen): the start, 指し手生成祭り (promoted pieces, both hands) and two
/// kings with one pawn in hand (37 pieces in the piece box).
const KNOWN: [(&str, &str, &str); 3] = [
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c",
        "58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c",
    ),
    (
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        "2381490986eb1565014b3cbee40200a0c417b84a0004c744113fc3f9912467bd",
        "2381510a86f515e900473c3ed5010020c52758530004cb48123fc3f99024ebbc",
    ),
    (
        "4k4/9/9/9/9/9/9/9/4K4 b P 1",
        "58240000000000000000000024499224499294524a6badd55a6bbdf7fe78bc5e",
        "58240000000000000000000024499224499294524aadb5b6d65a7beffd7afd7e",
    ),
];

#[test]
fn known_positions_encode_as_cshogi_does() {
    for (sfen, hcp, psfen) in KNOWN {
        let pos = Position::from_sfen(sfen).unwrap();
        assert_eq!(Hcp::from_position(&pos).unwrap().0, hex(hcp), "{sfen}");
        assert_eq!(
            PackedSfen::from_position(&pos).unwrap().0,
            hex(psfen),
            "{sfen}"
        );
        assert_eq!(Hcp(hex(hcp)).to_position().unwrap(), pos);
        assert_eq!(PackedSfen(hex(psfen)).to_position().unwrap(), pos);
    }
}

#[test]
fn code_tables_are_prefix_free() {
    assert!(prefix_free(hcp::tables()));
    assert!(prefix_free(psfen::tables()));
}

#[test]
fn a_missing_king_has_no_encoding() {
    let pos =
        Position::from_sfen_with("4k4/9/9/9/9/9/9/9/9 b G 1", crate::SetupMode::Tsume).unwrap();
    assert_eq!(
        Hcp::from_position(&pos),
        Err(EncodeError::MissingKing(Color::Black))
    );
    assert_eq!(
        EncodeError::MissingKing(Color::Black).to_string(),
        "the black king is missing"
    );
}

#[test]
fn bad_bytes_are_typed_errors() {
    let start = Hcp::from_position(&Position::startpos()).unwrap().0;
    // King square 127.
    let mut bytes = start;
    bytes[0] |= 0xfe;
    assert!(matches!(
        Hcp(bytes).to_position(),
        Err(DecodeError::KingSquare {
            color: Color::Black,
            value: 127
        })
    ));
    // White's king field (bits 8-14) moved onto Black's king on 5i (index 44).
    let mut bytes = start;
    bytes[1] = (bytes[1] & 0x80) | 44;
    assert_eq!(
        Hcp(bytes).to_position(),
        Err(DecodeError::KingsOnOneSquare(crate::Square::SQ_5I))
    );
    // All ones: 8-bit codes everywhere (dragons), far too many.
    assert!(matches!(
        Hcp([0xff; 32]).to_position(),
        Err(DecodeError::KingSquare { .. })
    ));
    let mut ones = [0xff; 32];
    ones[0] = 0x58;
    ones[1] = 0x24;
    assert!(matches!(
        Hcp(ones).to_position(),
        Err(DecodeError::Material { .. } | DecodeError::Code { .. })
    ));
    // All zeros: both kings on 1a.
    assert_eq!(
        Hcp([0; 32]).to_position(),
        Err(DecodeError::KingsOnOneSquare(crate::Square::SQ_1A))
    );
    // Every single-bit flip of the start is an error or another valid position, never a
    // panic; a valid one encodes to bytes that read back as itself (not always the same
    // bytes: a flip can put a hand piece among the piece box's, which writing puts first).
    for bit in 0..256 {
        let mut bytes = start;
        bytes[bit / 8] ^= 1 << (bit % 8);
        if let Ok(pos) = Hcp(bytes).to_position() {
            let again = Hcp::from_position(&pos).unwrap();
            assert_eq!(again.to_position().unwrap(), pos);
        }
        if let Ok(pos) = PackedSfen(bytes).to_position() {
            let again = PackedSfen::from_position(&pos).unwrap();
            assert_eq!(again.to_position().unwrap(), pos);
        }
    }
}

#[test]
fn move_codes_match_cshogi_and_yaneuraou() {
    let pos = Position::from_sfen("4k4/9/P8/9/9/9/9/9/4K4 b PLNSGBR 1").unwrap();
    let m = |usi: &str| usi.parse::<UsiMove>().unwrap().to_move(&pos).unwrap();
    // Values printed by cshogi 1.1.0 (`move16`, `move16_to_psv`).
    let cases: [(&str, u16, u16); 4] = [
        ("9c9b", 9545, 9545),
        ("9c9b+", 25929, 0b1010_0101_0100_1001),
        ("P*5e", 10408, 16552),
        ("G*5e", 11176, 17320),
    ];
    for (usi, cshogi, yaneuraou) in cases {
        assert_eq!(hcp::move16(m(usi)), cshogi, "{usi}");
        assert_eq!(psfen::move16(m(usi)), yaneuraou, "{usi}");
        assert_eq!(hcp::move_from16(&pos, cshogi).unwrap(), m(usi));
        assert_eq!(psfen::move_from16(&pos, yaneuraou).unwrap(), m(usi));
    }
    for kind in PieceKind::HAND {
        let drop = Move::Drop {
            kind,
            to: crate::Square::SQ_5E,
        };
        assert_eq!(hcp::move_from16(&pos, hcp::move16(drop)).unwrap(), drop);
        assert_eq!(psfen::move_from16(&pos, psfen::move16(drop)).unwrap(), drop);
    }
    for bad in [0, 0xffff, 9545 | 1 << 15, 10408 | 1 << 14, 127 << 7] {
        assert_eq!(hcp::move_from16(&pos, bad), Err(DecodeError::Move(bad)));
    }
    // Without a position: a piece that stays on its square is no move (cshogi's labels of
    // such codes are not labels of any move; 162 codes a colour were labelled).
    for sq in 0..81u16 {
        for promote in [0, 1 << 14] {
            let code = sq | sq << 7 | promote;
            assert_eq!(hcp::usi_move_from16(code), Err(DecodeError::Move(code)));
        }
    }
    assert!(hcp::usi_move_from16(1 | 2 << 7).is_ok());
    assert_eq!(
        DecodeError::Move(0).to_string(),
        "move code 0x0000 is not a legal move here"
    );
}

#[test]
fn labelled_records_round_trip_with_cshogi_field_offsets() {
    let hcp = Hcp::from_position(&Position::startpos()).unwrap();
    let record = Hcpe {
        hcp,
        eval: -300,
        best_move: 7739,
        game_result: Hcpe::WHITE_WIN,
    };
    let bytes = record.to_bytes();
    assert_eq!(&bytes[32..], &[0xd4, 0xfe, 0x3b, 0x1e, 2, 0]);
    assert_eq!(Hcpe::from_bytes(&bytes), record);
    let psv = PackedSfenValue {
        sfen: PackedSfen::from_position(&Position::startpos()).unwrap(),
        score: 12,
        best_move: 7739,
        game_ply: 1,
        game_result: -1,
    };
    let bytes = psv.to_bytes();
    assert_eq!(&bytes[32..], &[12, 0, 0x3b, 0x1e, 1, 0, 0xff, 0]);
    assert_eq!(PackedSfenValue::from_bytes(&bytes), psv);
}
