#!/bin/sh
# Builds and runs the downstream crate as a user would: each library alone with its default
# features, each alone with all its features, all four with the default features, and all
# features. Every run asserts what it uses (see src/).
#
#   tests/downstream/check.sh          # cargo run for every combination
#   tests/downstream/check.sh --check  # cargo check for each combination, one run with all
#                                      # features (what CI does: cheaper, same coverage of
#                                      # the API, assertions run once)
#
# It shares the workspace's target directory, and starts from the workspace's Cargo.lock
# (copied, not committed), so it needs no network and sees the same dependency versions.
set -eu
cd "$(dirname "$0")"
cp ../../Cargo.lock Cargo.lock
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-../../target}"
mode=run
if [ "${1:-}" = "--check" ]; then
    mode=check
fi
build() {
    echo "downstream: cargo $mode $*"
    cargo "$mode" --quiet --offline "$@"
}
for lib in shogi kif tsume reversi; do
    build --no-default-features --features "$lib"
    build --no-default-features --features "$lib,serde,svg"
done
build
echo "downstream: cargo run --all-features"
cargo run --quiet --offline --all-features
