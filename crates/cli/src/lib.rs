//! The `masu` command line as a library: [`cli`] parses and runs the arguments of the `masu`
//! binary, and [`usi`] is the USI mate engine that both binaries, `masu` and `masu-usi` (for
//! shogi GUIs that register an engine as an executable without arguments), speak.

pub mod cli;
pub mod usi;

mod in_order;
mod input;
mod kif_cmd;
mod kif_convert;
mod kif_convert_many;
mod kif_training;
mod output;
mod problem_lines;
mod render;
mod reversi_cmd;
mod reversi_play;
mod seconds;
mod shogi_cmd;
mod solve;
mod stderr;
mod table_size;
