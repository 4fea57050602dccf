//! Replays the corpus of the tsume target.

#[test]
fn tsume_problem_line() {
    masu_fuzz::replay_corpus("tsume_problem_line", masu_fuzz::tsume::check_problem_line);
}
