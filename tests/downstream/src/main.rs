//! Uses masu the way a crate outside the workspace does, through the public API only: each
//! module exercises one library's conveniences and standard traits and asserts the results.
//! `check.sh` runs it with each library alone and with every feature combination it names.

#[cfg(feature = "kif")]
mod kif_api;
#[cfg(feature = "reversi")]
mod reversi_api;
#[cfg(feature = "shogi")]
mod shogi_api;
#[cfg(feature = "tsume")]
mod tsume_api;

type Result = std::result::Result<(), Box<dyn std::error::Error>>;

fn main() -> Result {
    #[cfg(feature = "shogi")]
    shogi_api::run()?;
    #[cfg(feature = "kif")]
    kif_api::run()?;
    #[cfg(feature = "tsume")]
    tsume_api::run()?;
    #[cfg(feature = "reversi")]
    reversi_api::run()?;
    Ok(())
}

/// Whether `T` has the traits every public error type should have.
#[allow(dead_code)]
fn is_error<T: std::error::Error + Send + Sync + 'static>() {}
