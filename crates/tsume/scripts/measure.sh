#!/bin/sh
# Measures every problem of a problem file with the `solve` example, one process per
# problem, and prints a Markdown table row per problem with CPU time and peak memory.
#
#   crates/tsume/scripts/measure.sh FILE NODES TABLE_MB SECONDS
#
# Run from the workspace root after `cargo build --release -p masu-tsume --example solve`.
set -eu
file=$1; nodes=$2; mb=$3; secs=$4
bin=${CARGO_TARGET_DIR:-target}/release/examples/solve
tmp=$(mktemp -d)
grep -v '^#' "$file" | grep -v '^$' | while IFS= read -r line; do
    printf '%s\n' "$line" > "$tmp/one"
    /usr/bin/time -f '%U %e %M' -o "$tmp/time" "$bin" "$tmp/one" "$nodes" "$mb" "$secs" 2> "$tmp/out" || true
    set -- $(cat "$tmp/time")
    printf '%s\t%s cpu-s\t%s wall-s\t%s MB-rss\n' "$(cut -f2- "$tmp/out" | head -1)" "$1" "$2" "$(( $3 / 1024 ))"
done
rm -rf "$tmp"
