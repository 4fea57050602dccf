//! Strict Shift_JIS decoding by table, for the records' usual mix of ASCII and two-byte
//! characters, where encoding_rs's decoder changes pace at every character. The table is
//! made from encoding_rs's own answers for every byte and byte pair, so the two decode
//! alike by construction (and a test compares them on every pair); anything the table
//! rejects is left to encoding_rs.

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

/// Characters by byte (single) and by lead and trail (pairs); none where encoding_rs
/// reports an error. Held as `char`s, so that decoding checks no code point.
struct Table {
    single: [Option<char>; 128],
    pairs: Vec<Option<char>>,
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
        let mut single = [None; 128];
        for (b, slot) in (0x80..=0xFF_u8).zip(single.iter_mut()) {
            *slot = one(&[b]);
        }
        let mut pairs = vec![None; LEADS * TRAILS];
        for lead in (0x81..=0x9F).chain(0xE0..=0xFC_u8) {
            let Some(row) = lead_index(lead) else {
                continue;
            };
            for trail in 0x40..=0xFC_u8 {
                pairs[row * TRAILS + usize::from(trail)] = one(&[lead, trail]);
            }
        }
        Table { single, pairs }
    })
}

/// The text of `bytes` if they are valid Shift_JIS, as encoding_rs decodes it; `None` at
/// the first byte the table does not take.
pub(super) fn decode_strict(bytes: &[u8]) -> Option<String> {
    let table = table();
    let mut out = String::with_capacity(bytes.len() + bytes.len() / 2);
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        // The records' ASCII comes a few bytes at a time between two-byte characters: a
        // byte at a time beats finding the run and checking it as UTF-8.
        if b < 0x80 {
            out.push(char::from(b));
            i += 1;
            continue;
        }
        let (c, used) = match lead_index(b) {
            Some(lead) => {
                let trail = *bytes.get(i + 1)?;
                (table.pairs[lead * TRAILS + usize::from(trail)], 2)
            }
            None => (table.single[usize::from(b - 0x80)], 1),
        };
        out.push(c?);
        i += used;
    }
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
