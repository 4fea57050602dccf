//! CSA: the line format of the Computer Shogi Association, versions 2.2 and 3.0 (and the
//! older files without a version line).
//!
//! Reading has two phases like KIF: [`statements`] splits a line into [`Statement`]s with no
//! board; [`read_str`] builds the start position and resolves every move in its position.
//! The reader accepts, beyond the standard:
//!
//! - several records in one file, separated by `/` lines ([`read_all_str`], [`Records`]);
//! - statements joined by `,` on one line, a comment after a comma (`%KACHI,'* win`);
//! - `T` times with a fraction in any version (`T12.345`);
//! - board rows whose empty cells are written ` *.` (Shogidokoro) or with trailing spaces
//!   dropped;
//! - a missing turn line (the first move's side starts, with a warning).
//!
//! Where things go in the [`crate::Record`]: `N+`/`N-` become the headers `先手`/`後手`;
//! `$EVENT`, `$SITE`, `$START_TIME`, `$END_TIME`, `$TIME_LIMIT`, `$OPENING`, `$NOTE`,
//! `$TIME+`, `$TIME-`, `$MAX_MOVES`, `$JISHOGI` become `棋戦`, `場所`, `開始日時`, `終了日時`,
//! `持ち時間`, `戦型`, `備考`, `先手持ち時間`, `後手持ち時間`, `最大手数`, `持将棋`; any other `$KEY`
//! is kept under `KEY`. `'*` comments are comments of the position after the preceding move
//! (`'**` engine lines keep their second `*`); plain `'` comments, which CSA programs
//! ignore, are [`crate::Record::program_comments`] (an encoding declaration is dropped: the
//! writer makes its own). `T` is the time spent on the preceding move or special.
//! Specials: every `%` word of V3.0; `%±ILLEGAL_ACTION` names the offender, so it reads as
//! [`crate::Special::IllegalWin`] when the offender just moved and as
//! [`crate::Special::IllegalLoss`] when it is the side to move; unknown words are KIF words
//! (`%封じ手`, as our writer spells specials CSA lacks) or kept as
//! [`crate::Special::Other`], with a warning.
//!
//! ```
//! use masu_kif::{Mode, Special, csa};
//!
//! let text = "V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU,T12\n-3334FU\nT6.5\n%TORYO\n";
//! let parsed = csa::read_str(text, Mode::Lenient)?;
//! let record = &parsed.record;
//! assert_eq!(record.tree.main_line_len(), 2);
//! assert_eq!(record.result(), Some(&Special::Resign));
//! let written = csa::write(record, &csa::WriteOptions::default());
//! assert!(written.text.contains("+7776FU\nT12\n")); // the time on its own line
//! assert_eq!(csa::read_str(&written.text, Mode::Strict)?.record, parsed.record);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod codes;
mod lex;
mod read;
mod setup;
mod write;

pub use lex::{CsaMove, Located, ParseCsaError, Statement, statements};
pub(crate) use read::{MAX_WARNINGS, read_all_with_lines, with_decoding_each};
pub use read::{Records, read_all_bytes, read_all_str, read_bytes, read_str};
pub use write::{
    Dropped, Version, WriteOptions, Written, join, position_to_string, to_bytes, to_string, write,
    write_all,
};
