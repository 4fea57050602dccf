//! Parts of the `masu` command line shared by its two binaries: `masu` and `masu-usi`
//! (a USI mate engine that shogi GUIs can register as an executable without arguments).

pub mod usi;
