//! Replays the corpora of the targets that build records and write them in every format.

#[test]
fn record_write_read() {
    masu_fuzz::replay_corpus(
        "record_write_read",
        masu_fuzz::kif_records::check_record_write_read,
    );
}

#[test]
fn deep_tree() {
    masu_fuzz::replay_corpus("deep_tree", masu_fuzz::kif_records::check_deep_tree);
}
