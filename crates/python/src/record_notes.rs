//! Comments and clock times given from Python for the main line of a record made from a
//! board (`Record.from_board`), in the shapes the `comments` and `times` properties give
//! them, so that an analysis written in Python (an engine's evaluation after each move,
//! the time each move took) goes into the KIF, KI2, CSA or JKF file.

use std::time::Duration;

use kif::{MoveTime, NodeId};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::args::seconds;
use crate::errors::{placed, value_error, wrong_type};

/// The nodes a record's `comments` entries belong to: the start, then each main-line move.
fn comment_nodes(record: &kif::Record) -> Vec<NodeId> {
    let tree = &record.tree;
    std::iter::once(tree.root())
        .chain(
            tree.main_line()
                .filter(|&id| tree[id].recorded_move().is_some()),
        )
        .collect()
}

/// Puts `comments` on the record: entry 0 before the first move, entry i after move i,
/// each a string (its lines) or a sequence of lines, or `None`. Raises ValueError for more
/// entries than the record has places, TypeError for an entry of another type.
pub(crate) fn add_comments(record: &mut kif::Record, comments: &Bound<'_, PyAny>) -> PyResult<()> {
    let nodes = comment_nodes(record);
    let entries = entries(comments, "comments is a list of entries, one a place")?;
    if entries.len() > nodes.len() {
        return Err(value_error(format!(
            "comments has {} entries, a game of {} moves has {} places (before the first \
             move and after each)",
            entries.len(),
            nodes.len() - 1,
            nodes.len()
        )));
    }
    for (i, (entry, &id)) in entries.iter().zip(&nodes).enumerate() {
        let lines =
            comment_lines(entry).map_err(|e| placed(entry.py(), &e, &format!("comments[{i}]")))?;
        record.tree[id].comments.extend(lines);
    }
    Ok(())
}

/// The items of `sequence`; TypeError saying `what` when it is not iterable or is a `str`
/// (whose characters would be taken for entries).
fn entries<'py>(sequence: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if sequence.is_instance_of::<PyString>() {
        return Err(wrong_type(what, sequence));
    }
    sequence
        .try_iter()
        .map_err(|_| wrong_type(what, sequence))?
        .collect()
}

/// The lines of one `comments` entry.
fn comment_lines(entry: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if entry.is_none() {
        return Ok(Vec::new());
    }
    let texts: Vec<String> = if let Ok(text) = entry.cast::<PyString>() {
        vec![text.extract::<String>()?]
    } else if entry.is_instance_of::<PyBytes>() {
        // Iterable, but of numbers: text is a str.
        return Err(wrong_type(
            "a comment is a str, a sequence of lines or None",
            entry,
        ));
    } else {
        entry
            .try_iter()
            .map_err(|_| wrong_type("a comment is a str, a sequence of lines or None", entry))?
            .map(|line| line?.extract::<String>())
            .collect::<PyResult<_>>()?
    };
    // A line of the record is a line of the file: a break inside one starts another, at
    // `\n`, `\r\n` or a lone `\r` as the readers break lines (the writers write a lone
    // `\r` as a break, so a line kept with it would read back as two).
    Ok(texts
        .iter()
        .flat_map(|text| text.split("\r\n").flat_map(|part| part.split(['\r', '\n'])))
        .map(str::to_owned)
        .collect())
}

/// Puts `times` on the record's moves: entry i is move i + 1's, seconds spent (a number,
/// its total then the mover's seconds so far while each of its moves has a time),
/// `(spent, total)` as the `times` property gives them (either `None`), or `None`. Raises
/// ValueError for more entries than moves or a time that is no number of seconds.
pub(crate) fn add_times(record: &mut kif::Record, times: &Bound<'_, PyAny>) -> PyResult<()> {
    let moves = &comment_nodes(record)[1..];
    let entries = entries(times, "times is a list of entries, one a move")?;
    if entries.len() > moves.len() {
        return Err(value_error(format!(
            "times has {} entries for a game of {} moves",
            entries.len(),
            moves.len()
        )));
    }
    // Each side's time so far (the two sides move by turns), `None` once a move lacks it.
    let mut so_far = [Some(Duration::ZERO); 2];
    for (i, (entry, &id)) in entries.iter().zip(moves).enumerate() {
        let time = move_time(entry).map_err(|e| placed(entry.py(), &e, &format!("times[{i}]")))?;
        let mover = &mut so_far[i % 2];
        let time = match time {
            Given::Spent(spent) => {
                *mover = mover.map(|before| before + spent);
                MoveTime {
                    spent: Some(spent),
                    total: *mover,
                }
            }
            Given::Both(time) => {
                *mover = time
                    .total
                    .or_else(|| mover.zip(time.spent).map(|(a, b)| a + b));
                time
            }
        };
        if time.spent.is_some() || time.total.is_some() {
            record.tree[id].time = Some(time);
        }
    }
    Ok(())
}

/// One `times` entry.
enum Given {
    /// Seconds spent, the total left to be counted.
    Spent(Duration),
    /// Both fields as given (`None` too).
    Both(MoveTime),
}

fn move_time(entry: &Bound<'_, PyAny>) -> PyResult<Given> {
    if entry.is_none() {
        return Ok(Given::Both(MoveTime::default()));
    }
    if let Ok((spent, total)) = entry.extract::<(Option<f64>, Option<f64>)>() {
        return Ok(Given::Both(MoveTime {
            spent: seconds(spent)?,
            total: seconds(total)?,
        }));
    }
    let spent: f64 = entry
        .extract()
        .map_err(|_| wrong_type("a time is seconds spent, (spent, total) or None", entry))?;
    Ok(Given::Spent(seconds(Some(spent))?.unwrap_or_default()))
}
