//! Work done in parallel and handed on in the order it was given: files by chunks
//! ([`for_each_chunk`], memory holding one chunk's results), or each result as soon as it
//! and every earlier one are done ([`run`]: a long batch shows its results as it goes, and
//! an interrupted one keeps those written).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError, mpsc};

use rayon::prelude::*;

/// How many record files are worked on at a time: memory holds the results of one such
/// chunk, enough files to keep every core busy.
pub(crate) const CHUNK_FILES: usize = 256;

/// Runs `work` on `items`, `chunk_len` of them at a time in parallel, and hands each
/// chunk's results, in the order of `items`, to `take` before the next chunk is begun:
/// memory holds one chunk's results however many items there are, and what `take` writes
/// or prints comes in the order given whichever worker finished first.
///
/// # Errors
///
/// The first error of `take`; nothing more is worked on.
pub(crate) fn for_each_chunk<T: Sync, R: Send, E>(
    items: &[T],
    chunk_len: usize,
    work: impl Fn(&T) -> R + Sync,
    mut take: impl FnMut(Vec<R>) -> Result<(), E>,
) -> Result<(), E> {
    for chunk in items.chunks(chunk_len.max(1)) {
        take(chunk.par_iter().map(&work).collect())?;
    }
    Ok(())
}

/// A reorder buffer: results come in by index as they are done, and go out in the order of
/// their indices. It holds only the results done ahead of an earlier one still at work.
#[derive(Debug)]
pub(crate) struct InOrder<T> {
    next: usize,
    waiting: BTreeMap<usize, T>,
}

impl<T> InOrder<T> {
    pub(crate) fn new() -> InOrder<T> {
        InOrder {
            next: 0,
            waiting: BTreeMap::new(),
        }
    }

    /// Takes result `index`; returns the results it makes ready, in order (none while an
    /// earlier one is missing).
    pub(crate) fn push(&mut self, index: usize, item: T) -> Vec<T> {
        self.waiting.insert(index, item);
        let mut ready = Vec::new();
        while let Some(item) = self.waiting.remove(&self.next) {
            ready.push(item);
            self.next += 1;
        }
        ready
    }
}

/// Runs `work` on every item on the threads of `pool` (the items taken in order, so that
/// the results come in nearly in order), each thread with a state of its own from `init`
/// (made at its first item), and hands each result to `emit` on this thread in the order
/// of the items.
///
/// An item is taken from `items` only when a thread is free for it, and only while fewer
/// than `ahead` items are taken past the oldest not yet handed to `emit`: items read as
/// they come in (lines from a pipe) are worked on as they come, and memory holds `ahead`
/// items and results at most, however long the input. `items` is read on the pool's
/// threads, never on this one: `emit` is not held up by an input that is slow to come.
///
/// When `emit` fails (the output is gone), `stop` is set, no item is started after it, and
/// the error is returned once the threads are done: `work` should look at `stop` to end
/// the item under way.
pub(crate) fn run<T: Send, R: Send, S, E>(
    pool: &rayon::ThreadPool,
    items: impl Iterator<Item = T> + Send,
    ahead: usize,
    stop: &AtomicBool,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, T) -> R + Sync,
    mut emit: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E> {
    let ahead = ahead.max(1);
    // The items and the index of the next one.
    let feed = Mutex::new((items.fuse(), 0));
    // How many results are handed on; `advanced` tells a thread waiting to take an item
    // that the window moved (or that the batch stopped).
    let emitted = Mutex::new(0);
    let advanced = Condvar::new();
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        let (feed, emitted, advanced, work, init) = (&feed, &emitted, &advanced, &work, &init);
        scope.spawn(move || {
            pool.broadcast(|_| {
                // Made at the first item: a thread that gets none makes none (a solver's
                // table is memory).
                let mut state = None;
                let sender = sender.clone();
                while !stop.load(Ordering::Relaxed) {
                    // A thread that panicked holding a lock took no item with it.
                    let next = {
                        let mut feed = feed.lock().unwrap_or_else(PoisonError::into_inner);
                        let index = feed.1;
                        let mut done = emitted.lock().unwrap_or_else(PoisonError::into_inner);
                        while index >= *done + ahead && !stop.load(Ordering::Relaxed) {
                            done = advanced.wait(done).unwrap_or_else(PoisonError::into_inner);
                        }
                        drop(done);
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        feed.1 += 1;
                        feed.0.next().map(|item| (index, item))
                    };
                    let Some((index, item)) = next else { break };
                    let state = state.get_or_insert_with(init);
                    if sender.send((index, work(state, item))).is_err() {
                        break;
                    }
                }
            });
            // `sender` is dropped here: the loop below ends with the last result.
        });
        let mut order = InOrder::new();
        for (index, result) in receiver {
            for result in order.push(index, result) {
                let outcome = emit(result);
                // Set under the lock a waiting thread checks it with: none misses it.
                let mut done = emitted.lock().unwrap_or_else(PoisonError::into_inner);
                *done += 1;
                if outcome.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
                drop(done);
                advanced.notify_all();
                outcome?;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn results_go_out_in_order_as_soon_as_the_earlier_ones_are_in() {
        let mut order = InOrder::new();
        assert!(order.push(2, 'c').is_empty());
        assert_eq!(order.push(0, 'a'), ['a']);
        assert_eq!(order.push(1, 'b'), ['b', 'c']);
        assert_eq!(order.push(3, 'd'), ['d']);
    }

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap_or_else(|e| panic!("a pool: {e}"))
    }

    /// The first result is handed on while a later item is still at work, and the order
    /// is the items' though the later ones finish first.
    #[test]
    fn the_first_result_is_out_before_a_slow_later_one_is_done() {
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let mut seen = Vec::new();
        let result: Result<(), ()> = run(
            &pool(2),
            [0, 300, 10, 10].into_iter(),
            4,
            &stop,
            || (),
            |(), millis| {
                std::thread::sleep(Duration::from_millis(millis));
                millis
            },
            |millis| {
                seen.push((millis, start.elapsed()));
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        let order: Vec<u64> = seen.iter().map(|&(m, _)| m).collect();
        assert_eq!(order, [0, 300, 10, 10]);
        assert!(seen[0].1 < Duration::from_millis(250), "{seen:?}");
        assert!(seen[1].1 >= Duration::from_millis(300), "{seen:?}");
    }

    /// A failed output stops the batch: no item is started after it, and the error comes
    /// back.
    #[test]
    fn a_failed_output_stops_the_batch() {
        let stop = AtomicBool::new(false);
        let started = std::sync::atomic::AtomicUsize::new(0);
        let result = run(
            &pool(1),
            0..100,
            4,
            &stop,
            || (),
            |(), item: usize| {
                started.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(2));
                item
            },
            |item| if item == 2 { Err(item) } else { Ok(()) },
        );
        assert_eq!(result, Err(2));
        assert!(stop.load(Ordering::Relaxed));
        assert!(started.load(Ordering::Relaxed) < 100);
    }

    /// Items are taken no further than `ahead` past the oldest result not handed on: a
    /// slow first item holds the reading of the rest (it read them all, holding every
    /// result done ahead of it).
    #[test]
    fn items_are_read_no_further_ahead_than_asked() {
        let stop = AtomicBool::new(false);
        let read = std::sync::atomic::AtomicUsize::new(0);
        let mut most_ahead = 0;
        let mut emitted = 0;
        let result: Result<(), ()> = run(
            &pool(2),
            (0..50).inspect(|_| {
                read.fetch_add(1, Ordering::Relaxed);
            }),
            3,
            &stop,
            || (),
            |(), item: u64| {
                if item == 0 {
                    std::thread::sleep(Duration::from_millis(200));
                }
                item
            },
            |_| {
                most_ahead = most_ahead.max(read.load(Ordering::Relaxed) - emitted);
                emitted += 1;
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        assert_eq!(emitted, 50);
        assert!(most_ahead <= 3, "{most_ahead} items read ahead");
    }
}
