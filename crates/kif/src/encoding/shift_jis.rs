//! Strict Shift_JIS decoding by table, for the records' usual mix of ASCII and two-byte
//! characters, where encoding_rs's decoder changes pace at every character. The table is
//! made from encoding_rs's own answers for every byte and byte pair, so the two decode
//! alike by construction (and a test compares them on every pair); anything the table
//! rejects is left to encoding_rs.
//!
//! The table holds each character already in UTF-8, written four bytes at a time into a
//! buffer, and ASCII is copied sixteen bytes at a time. The buffer is then checked as UTF-8 by
//! simdutf8 (a tenth of the time of `str::from_utf8` on Japanese text, which cost as much as
//! the decoding it would guard) before it joins the text: the code stays safe.

use std::sync::OnceLock;

use encoding_rs::SHIFT_JIS;

/// Lead bytes of two-byte characters: 0x81-0x9F and 0xE0-0xFC.
fn lead_index(b: u8) -> Option<usize> {
    match b {
        0x81..=0x9F => Some(usize::from(b - 0x81)),
        0xE0..=0xFC => Some(usize::from(b - 0xE0) + 31),
        _ => None,
    }
}

const LEADS: usize = 31 + 29;
/// A row of pairs per lead byte, a slot per trail byte: the trail bytes that cannot follow
/// a lead (below 0x40, 0xFD-0xFF) are slots without a character, not a test of their own.
const TRAILS: usize = 256;
/// The row after the pairs' rows: the single bytes 0x80-0xFF that are no lead, by byte
/// ([`Table::row`] of those bytes).
const SINGLE: u8 = LEADS as u8;
/// Rows in the table: a power of two, so that a row index masked to it needs no bounds
/// check.
const ROWS: usize = 64;

/// A character as a table cell: its UTF-8 bytes in the low three bytes, their number in
/// the high byte; 0 for none. Every character encoding_rs decodes from Shift_JIS is in the
/// Basic Multilingual Plane (three bytes at most); one that were not would be left to
/// encoding_rs.
fn cell(c: Option<char>) -> u32 {
    let Some(c) = c else { return 0 };
    let mut utf8 = [0; 4];
    let len = c.encode_utf8(&mut utf8).len();
    if len > 3 {
        return 0;
    }
    u32::from_le_bytes([utf8[0], utf8[1], utf8[2], len as u8])
}

/// Cells by lead and trail byte (pairs) and by byte (singles).
struct Table {
    /// The row of each lead byte, [`SINGLE`] for the other bytes.
    row: [u8; 256],
    cells: Box<[[u32; TRAILS]; ROWS]>,
}

/// Made on the first strict Shift_JIS decoding of a process, from a call of encoding_rs
/// per byte and pair (0.2-0.3 ms; one call over all of them with line feeds between took as
/// long).
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let one = |bytes: &[u8]| -> Option<char> {
            let decoded = SHIFT_JIS.decode_without_bom_handling_and_without_replacement(bytes);
            let mut chars = decoded.as_deref().unwrap_or("").chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some(c),
                _ => None,
            }
        };
        let mut row = [SINGLE; 256];
        let mut cells = Box::new([[0; TRAILS]; ROWS]);
        for b in 0x80..=0xFF_u8 {
            match lead_index(b) {
                Some(lead) => {
                    row[usize::from(b)] = lead as u8;
                    for trail in 0x40..=0xFC_u8 {
                        cells[lead][usize::from(trail)] = cell(one(&[b, trail]));
                    }
                }
                None => cells[usize::from(SINGLE)][usize::from(b)] = cell(one(&[b])),
            }
        }
        Table { row, cells }
    })
}

/// Bytes decoded between two checks of the buffer as UTF-8.
const CHUNK: usize = 4096;

/// The text of `bytes` if they are valid Shift_JIS, as encoding_rs decodes it; `None` at
/// the first byte the table does not take.
pub(super) fn decode_strict(bytes: &[u8]) -> Option<String> {
    let table = table();
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 2);
    // A step writes at most sixteen bytes past `used`, which stays below `CHUNK` before one
    // (so below `CHUNK + 16` after the loop, where the last byte writes four).
    let mut buf = [0u8; CHUNK + 20];
    let mut used = 0;
    // Each step reads its byte and the one after it by a slice pattern (no checks): the
    // last byte, when no pair took it, is decoded after the loop.
    let mut rest = bytes;
    while let [b, next, ..] = *rest {
        if used >= CHUNK {
            // Whole characters only: the buffer ends between two.
            out.push_str(simdutf8::basic::from_utf8(&buf[..used]).ok()?);
            used = 0;
        }
        if b < 0x80 {
            // The records' ASCII (blanks, move numbers, times) comes in runs of a few to a
            // few dozen bytes: sixteen bytes are copied at once, and the run's bytes among
            // them (at least this one) are kept.
            if let Some(sixteen) = rest.first_chunk::<16>() {
                let high =
                    u128::from_le_bytes(*sixteen) & 0x8080_8080_8080_8080_8080_8080_8080_8080;
                let run = (high.trailing_zeros() / 8) as usize;
                buf[used..used + 16].copy_from_slice(sixteen);
                used += run;
                rest = &rest[run..];
            } else {
                buf[used] = b;
                used += 1;
                rest = &rest[1..];
            }
            continue;
        }
        // A single byte's cell is in its row by the byte itself, a pair's by the trail
        // byte.
        let row = table.row[usize::from(b)];
        let (c, step) = if row == SINGLE {
            (table.cells[usize::from(SINGLE)][usize::from(b)], 1)
        } else {
            (table.cells[usize::from(row) % ROWS][usize::from(next)], 2)
        };
        if c == 0 {
            return None;
        }
        buf[used..used + 4].copy_from_slice(&c.to_le_bytes());
        used += (c >> 24) as usize;
        rest = &rest[step..];
    }
    if let [b] = *rest {
        // The last byte alone: ASCII or a single-byte character (a lead byte without its
        // trail is none).
        let c = if b < 0x80 {
            u32::from(b) | 1 << 24
        } else if table.row[usize::from(b)] == SINGLE {
            table.cells[usize::from(SINGLE)][usize::from(b)]
        } else {
            0
        };
        if c == 0 {
            return None;
        }
        buf[used..used + 4].copy_from_slice(&c.to_le_bytes());
        used += (c >> 24) as usize;
    }
    out.push_str(simdutf8::basic::from_utf8(&buf[..used]).ok()?);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_encoding_rs(bytes: &[u8]) -> Option<String> {
        SHIFT_JIS
            .decode_without_bom_handling_and_without_replacement(bytes)
            .map(|s| s.into_owned())
    }

    #[test]
    fn every_byte_and_pair_decodes_as_encoding_rs_decodes_it() {
        for a in 0..=255u8 {
            assert_eq!(decode_strict(&[a]), by_encoding_rs(&[a]), "{a:#x}");
            for b in 0..=255u8 {
                let pair = [a, b];
                assert_eq!(decode_strict(&pair), by_encoding_rs(&pair), "{pair:x?}");
            }
        }
    }

    #[test]
    fn text_longer_than_a_chunk_decodes_as_encoding_rs_decodes_it() {
        // ASCII runs of every length around one and two sixteen-byte copies, two-byte and
        // single-byte (half-width katakana) characters, over several chunks of the buffer.
        let mut bytes = Vec::new();
        for n in 0..3_000 {
            bytes.extend(std::iter::repeat_n(b'a' + (n % 26) as u8, n % 35));
            bytes.extend_from_slice(&[0x82, 0xA0 + (n % 80) as u8, 0xB1, 0x88, 0x9F]);
        }
        let decoded = decode_strict(&bytes);
        assert!(decoded.as_ref().is_some_and(|text| text.len() > 4 * CHUNK));
        assert_eq!(decoded, by_encoding_rs(&bytes));
        // A byte the table does not take, after several chunks.
        bytes.push(0xA0);
        assert_eq!(decode_strict(&bytes), None);
        assert_eq!(by_encoding_rs(&bytes), None);
    }

    #[test]
    fn a_last_byte_at_every_fill_of_the_buffer_decodes_as_encoding_rs_decodes_it() {
        // Pairs (three bytes of UTF-8 each) shift where the ASCII steps leave the buffer,
        // so that the last byte, decoded after the loop, meets every fill around a chunk.
        for pairs in 0..16 {
            for ascii in CHUNK - 24..CHUNK + 24 {
                for last in [b'z', 0xB1, 0x81, 0xA0] {
                    let mut bytes = [0x82, 0xA0].repeat(pairs);
                    bytes.extend(std::iter::repeat_n(b'a', ascii));
                    bytes.push(last);
                    assert_eq!(
                        decode_strict(&bytes),
                        by_encoding_rs(&bytes),
                        "{pairs} pairs, {ascii} ASCII bytes, last {last:#x}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn byte_strings_decode_as_encoding_rs_decodes_them(
            bytes in proptest::collection::vec(proptest::prop_oneof![
                0x20..0x7Fu8, 0x80..=0xFFu8, proptest::strategy::Just(b'\n')
            ], 0..24)
        ) {
            proptest::prop_assert_eq!(decode_strict(&bytes), by_encoding_rs(&bytes));
        }
    }
}
